"""Simultaneous secret decisions (services/kernel/sealed.py), directly and through Duel's play."""

from __future__ import annotations

import pytest

from services.kernel import codec, engine, sealed
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice
from services.kernel.errors import RulesBug
from tests.duel import GAME, DuelState

from .drive import play_until


def amounts_round() -> sealed.SealedRound:
    return sealed.open_amounts("bid", "x.bid", "Bid.", 17, {2: (0, 5), 0: (1, 3), 1: (0, 9)})


def test_open_amounts_lists_seats_in_order_with_fixed_ids() -> None:
    rnd = amounts_round()
    ds = sealed.decisions(rnd)
    assert [(d.id, d.seat) for d in ds] == [("s17.0", 0), ("s17.1", 1), ("s17.2", 2)]
    assert [(d.amount.min, d.amount.max) for d in ds if d.amount] == [(1, 3), (0, 9), (0, 5)]
    assert all(d.options == () and d.kind == "x.bid" for d in ds)


def test_open_options_offers_each_seat_its_own() -> None:
    rnd = sealed.open_options("pick", "x.pick", "Pick.", 4, {1: ["b", "c"], 0: ["a"]})
    ds = sealed.decisions(rnd)
    assert [(d.id, d.option_ids()) for d in ds] == [("s4.0", ["a"]), ("s4.1", ["b", "c"])]
    assert all(d.amount is None for d in ds)


def test_commit_seals_privately_and_announces_publicly() -> None:
    rnd, ctx = amounts_round(), Ctx()
    assert sealed.commit(ctx, rnd, 1, 7) is False
    private, public = ctx.events
    assert private.kind == "bid.sealed" and private.seats == (1,)
    assert private.data == {"seat": 1, "value": 7} and "7" in private.text
    assert public.kind == "bid.committed" and public.seats is None
    assert public.data == {"seat": 1} and "7" not in public.text
    assert [d.id for d in sealed.decisions(rnd)] == ["s17.0", "s17.2"]


def test_reveal_once_after_the_last_commit_in_seat_order() -> None:
    rnd, ctx = amounts_round(), Ctx()
    with pytest.raises(RulesBug):
        sealed.reveal(ctx, rnd)
    assert sealed.commit(ctx, rnd, 2, 5) is False
    assert sealed.commit(ctx, rnd, 0, 1) is False
    assert sealed.is_open(rnd)
    with pytest.raises(RulesBug):
        sealed.reveal(ctx, rnd)
    assert sealed.commit(ctx, rnd, 1, 0) is True
    assert not sealed.is_open(rnd) and sealed.decisions(rnd) == []
    values = sealed.reveal(ctx, rnd)
    assert list(values.items()) == [(0, 1), (1, 0), (2, 5)]
    revealed = [e for e in ctx.events if e.kind == "bid.revealed"]
    assert len(revealed) == 1 and revealed[0].seats is None
    assert revealed[0].data == {"values": {"0": 1, "1": 0, "2": 5}}
    assert list(revealed[0].data["values"]) == ["0", "1", "2"]


def test_double_commit_is_a_rules_bug() -> None:
    rnd, ctx = amounts_round(), Ctx()
    sealed.commit(ctx, rnd, 0, 2)
    with pytest.raises(RulesBug):
        sealed.commit(ctx, rnd, 0, 3)
    assert rnd.values == [2, None, None]


def play_phase(seats: int, seed: int) -> engine.Step:
    return play_until(engine.setup(GAME, seats, {}, seed), "duel.play_card")


def commit_all(step: engine.Step, order: list[int]) -> tuple[engine.Step, list[engine.Step]]:
    """Each seat in `order` plays its highest card; returns the last step and every step."""
    ids = {d.seat: d.id for d in step.waiting()}
    steps = []
    for seat in order:
        d = next(d for d in step.waiting() if d.seat == seat)
        assert d.id == ids[seat]  # fixed while the others commit
        step = engine.act(GAME, step.state, seat, Choice(d.id, option_id=d.options[-1].id))
        steps.append(step)
    return step, steps


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_duel_play_commit_order_does_not_matter(seed: int) -> None:
    start = play_phase(3, seed)
    assert sorted(d.seat for d in start.waiting()) == [0, 1, 2]
    forward, fsteps = commit_all(start, [0, 1, 2])
    backward, bsteps = commit_all(start, [2, 1, 0])
    assert forward.state == backward.state
    reveal_f = [e for e in fsteps[-1].events if e.kind == "duel.play.revealed"]
    reveal_b = [e for e in bsteps[-1].events if e.kind == "duel.play.revealed"]
    assert reveal_f == reveal_b and len(reveal_f) == 1
    assert list(reveal_f[0].data["values"]) == ["0", "1", "2"]
    scored_f = [e for e in fsteps[-1].events if e.kind == "duel.scored"]
    assert scored_f == [e for e in bsteps[-1].events if e.kind == "duel.scored"]
    for s in fsteps[:-1] + bsteps[:-1]:
        assert not any(e.kind in ("duel.play.revealed", "duel.scored") for e in s.events)


def test_duel_commit_events_and_resolution() -> None:
    start = play_phase(2, 5)
    hands = codec.decode(start.state, DuelState).hands
    step, steps = commit_all(start, [1, 0])
    first = steps[0].events
    assert [(e.kind, e.seats) for e in first] == [("duel.play.sealed", (1,)),
                                                  ("duel.play.committed", None)]
    assert first[0].data["value"] == f"card:{max(hands[1])}"
    assert "value" not in first[1].data
    # Duel: the highest card alone scores 1 + stake (stake 0: play_until sets the minimum).
    winner = 0 if max(hands[0]) > max(hands[1]) else 1
    points = codec.decode(step.state, DuelState).points
    assert points == [1 if s == winner else 0 for s in (0, 1)]
    reveal = next(e for e in step.events if e.kind == "duel.play.revealed")
    assert reveal.data["values"] == {str(s): f"card:{max(hands[s])}" for s in (0, 1)}


def test_duel_ties_score_nobody() -> None:
    # Duel's cards are distinct, so build the tie in the state: both seats hold only card 9.
    st = codec.decode(play_phase(2, 3).state, DuelState)
    assert st.play is not None
    st.hands = [[9], [9]]
    st.play.options = [["card:9"], ["card:9"]]
    step = engine.act(GAME, codec.encode(st), 0, Choice(f"s{st.play.serial}.0", option_id="card:9"))
    step = engine.act(GAME, step.state, 1, Choice(f"s{st.play.serial}.1", option_id="card:9"))
    assert codec.decode(step.state, DuelState).points == [0, 0]
    assert any(e.kind == "duel.play.revealed" for e in step.events)
    assert not any(e.kind == "duel.scored" for e in step.events)


def test_duel_draws_no_randomness_during_the_round() -> None:
    start = play_phase(4, 8)
    rng_before = codec.decode(start.state, DuelState).rng
    _, steps = commit_all(start, [3, 1, 0, 2])
    for s in steps[:-1]:
        assert codec.decode(s.state, DuelState).rng == rng_before


def test_duel_view_shows_who_committed_not_what() -> None:
    start = play_phase(3, 4)
    _, steps = commit_all(start, [1])
    for seat in (0, 2, None):
        v = engine.view(GAME, steps[0].state, seat).view
        assert dict(v["committed"]) == {"0": False, "1": True, "2": False}
        assert "play" not in v and "values" not in v
