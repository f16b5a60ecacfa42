"""The kernel's sealed-round proc (`SealedProc`) and game base class (`FlowGame`), through the
engine with the test-only game Guess (tests/kernel/toy_sealed.py)."""

from __future__ import annotations

import pytest

from services.kernel import codec, engine, playout
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice
from services.kernel.errors import IllegalChoice, StaleDecision
from services.kernel.flow import push
from services.kernel.sealed import open_round, round_in

from .toy_sealed import GAME, GuessState


def state(step: engine.Step) -> GuessState:
    return codec.decode(step.state, GuessState)


def pick(step: engine.Step, seat: int, n: int) -> engine.Step:
    d = next(d for d in step.waiting() if d.seat == seat)
    return engine.act(GAME, step.state, seat, Choice(d.id, option_id=f"n:{n}"))


def test_flow_game_setup_seeds_the_prng_and_runs_to_the_first_round() -> None:
    step = engine.setup(GAME, 3, {}, 5)
    st = state(step)
    assert st.seats == 3 and st.seed == 5 and st.round == 1
    assert [e.kind for e in step.events] == ["guess.setup"]
    assert sorted(GAME.bots) == ["also_random", "random"]
    ds = step.waiting()
    assert [(d.id, d.seat, d.kind) for d in ds] == [
        (f"s{st.serial}.{s}", s, "guess.pick") for s in range(3)]
    assert [o.label for o in ds[0].options] == ["Pick 1", "Pick 2", "Pick 3"]
    assert ds[0].options[0].args == {"action": "n", "n": "1"}
    assert [d.kind for d in step.decisions if d.optional] == ["guess.give"] * 3


def test_sealed_ids_stay_fixed_while_others_commit_and_standing_choices_happen() -> None:
    start = engine.setup(GAME, 3, {}, 1)
    ids = {d.seat: d.id for d in start.waiting()}
    step = pick(start, 2, 3)
    give = next(d for d in step.decisions if d.optional and d.seat == 0)
    step = engine.act(GAME, step.state, 0, Choice(give.id, option_id="give:1"))
    assert {d.seat: d.id for d in step.waiting()} == {0: ids[0], 1: ids[1]}
    with pytest.raises(StaleDecision):  # seat 2 has committed: its decision is gone
        engine.act(GAME, step.state, 2, Choice(ids[2], option_id="n:1"))
    with pytest.raises(IllegalChoice):
        engine.act(GAME, step.state, 0, Choice(ids[0], option_id="n:9"))


def test_commit_events_are_private_then_one_public_reveal_resolved_in_seat_order() -> None:
    start = engine.setup(GAME, 3, {}, 2)
    step = pick(start, 1, 2)
    assert [(e.kind, e.seats, e.text) for e in step.events] == [
        ("guess.pick.sealed", (1,), "You committed number 2."),
        ("guess.pick.committed", None, "Seat 1 has committed.")]
    assert "value" not in step.events[1].data
    step = pick(pick(step, 2, 3), 0, 3)
    kinds = [e.kind for e in step.events]
    assert kinds[:3] == ["guess.pick.sealed", "guess.pick.committed", "guess.pick.revealed"]
    reveal = step.events[2]
    assert reveal.seats is None and reveal.data == {"values": {"0": "n:3", "1": "n:2", "2": "n:3"}}
    assert next(e for e in step.events if e.kind == "guess.order").data == {"order": [0, 1, 2]}
    assert state(step).points == [0, 2, 0]  # the two 3s cancel: 2 is the highest alone


def test_commit_order_does_not_matter_and_no_randomness_is_drawn_while_open() -> None:
    start = engine.setup(GAME, 4, {}, 9)
    rng_before = state(start).rng
    a = start
    for seat, n in ((0, 1), (1, 2), (2, 3), (3, 3)):
        a = pick(a, seat, n)
        if seat != 3:
            assert state(a).rng == rng_before
    b = start
    for seat, n in ((3, 3), (2, 3), (1, 2), (0, 1)):
        b = pick(b, seat, n)
    assert a.state == b.state


def test_a_round_kept_sealed_at_close_reveals_nothing() -> None:
    step = engine.setup(GAME, 2, {}, 4)
    step = pick(pick(step, 0, 1), 1, 2)
    bets = step.waiting()
    assert [(d.kind, d.amount.min, d.amount.max) for d in bets if d.amount] == [
        ("guess.bet", 0, 2), ("guess.bet", 0, 2)]
    rnd = open_round(state(step).stack)
    assert rnd is not None and rnd.key == "guess.bet"
    step = engine.act(GAME, step.state, 0, Choice(bets[0].id, amount=2))
    step = engine.act(GAME, step.state, 1, Choice(bets[1].id, amount=1))
    assert not any(e.kind == "guess.bet.revealed" for e in step.events)
    assert [e.seats for e in step.events if e.kind == "guess.bet.sealed"] == [(1,)]
    st = state(step)
    assert st.bets == [2, 1] and open_round(st.stack) is not None  # round 3 opened
    assert all(round_in(f) is None or f.proc == "pick" for f in st.stack)


def test_an_empty_round_asks_nobody_and_resolves_at_once() -> None:
    st = state(engine.setup(GAME, 2, {}, 3))
    st.stack = st.stack[:-1]  # drop the open pick round
    st.tokens = [0, 0]
    push(st, "pick")
    ctx = Ctx()
    GAME.advance(ctx, st)
    # With no tokens every later round is empty too: the game runs to its end unasked.
    assert st.round == 3 and st.stack == [] and st.points == [0, 0]
    assert GAME.outcome(st) is not None
    assert [e.data for e in ctx.events] == [{"order": []}] * 2  # resolved with no values


def test_flow_game_outcome_and_replay() -> None:
    for seats in (2, 3, 4):
        for seed in range(20):
            p = playout.random_playout(GAME, seats, seed, check=True)
            assert p.final.outcome is not None
            assert [r.score for r in p.final.outcome.results] == state(p.final).points
            again = engine.replay(GAME, seats, {}, seed, p.log)
            assert again.state == p.final.state
