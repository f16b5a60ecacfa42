"""The engine's entry points (services/kernel/engine.py) through the Duel test game."""

from __future__ import annotations

import msgspec
import pytest

from services.kernel import codec, engine, playout
from services.kernel.decisions import Choice
from services.kernel.errors import (
    BadRequest,
    GameOver,
    IllegalChoice,
    NotYourSeat,
    StaleDecision,
)
from tests.duel import GAME, DuelState

from .drive import first_choice, play_first, play_to_end, play_until


@pytest.fixture
def start() -> engine.Step:
    return engine.setup(GAME, 2, {}, 1)


def test_setup_waits_on_the_lead_seats_stake(start: engine.Step) -> None:
    [d] = start.decisions
    assert (d.id, d.seat, d.kind) == ("d0.0", 0, "duel.stake")
    assert d.amount is not None and (d.amount.min, d.amount.max) == (0, 3)
    assert start.outcome is None
    st = codec.decode(start.state, DuelState)
    assert [len(h) for h in st.hands] == [3, 3] and len(st.deck) == 14


def test_setup_is_deterministic_per_seed() -> None:
    assert engine.setup(GAME, 3, {}, 9).state == engine.setup(GAME, 3, {}, 9).state
    assert engine.setup(GAME, 3, {}, 9).state != engine.setup(GAME, 3, {}, 10).state


def test_stale_decision_id(start: engine.Step) -> None:
    nxt = engine.act(GAME, start.state, 0, Choice("d0.0", amount=1))
    with pytest.raises(StaleDecision):
        engine.act(GAME, nxt.state, 0, Choice("d0.0", amount=1))
    with pytest.raises(StaleDecision):
        engine.act(GAME, start.state, 0, Choice("nonsense", amount=1))


def test_act_on_a_state_encoded_long_ago_equals_act_on_a_fresh_one() -> None:
    # the engine remembers the decisions of the last few states it encoded; a state
    # pushed out of that memory (or stored by another process) must act the same
    start = engine.setup(GAME, 2, {}, 1)
    fresh = [engine.act(GAME, start.state, 0, Choice("d0.0", amount=a)) for a in range(4)]
    for seed in range(2, 2 + 2 * engine._Recent.SIZE):
        engine.setup(GAME, 2, {}, seed)
    for a in range(4):
        assert engine.act(GAME, start.state, 0, Choice("d0.0", amount=a)) == fresh[a]
        with pytest.raises(StaleDecision):
            engine.act(GAME, fresh[a].state, 0, Choice("d0.0", amount=a))


def test_other_seats_decision(start: engine.Step) -> None:
    with pytest.raises(NotYourSeat):
        engine.act(GAME, start.state, 1, Choice("d0.0", amount=1))


def test_option_not_offered(start: engine.Step) -> None:
    turn = play_until(start, "duel.turn")
    d = turn.waiting()[0]
    assert d.option_ids() == ["draw", "pass"]
    for bad in (Choice(d.id, option_id="discard"), Choice(d.id), Choice(d.id, amount=0)):
        with pytest.raises(IllegalChoice):
            engine.act(GAME, turn.state, d.seat, bad)


@pytest.mark.parametrize("choice", [
    Choice("d0.0", amount=4), Choice("d0.0", amount=-1), Choice("d0.0"),
    Choice("d0.0", option_id="3"), Choice("d0.0", option_id="x", amount=1),
])
def test_amount_out_of_range_or_missing(start: engine.Step, choice: Choice) -> None:
    with pytest.raises(IllegalChoice):
        engine.act(GAME, start.state, 0, choice)


@pytest.mark.parametrize("amount", [0, 3])
def test_amount_bounds_are_inclusive(start: engine.Step, amount: int) -> None:
    nxt = engine.act(GAME, start.state, 0, Choice("d0.0", amount=amount))
    assert codec.decode(nxt.state, DuelState).stake == amount


def test_game_over(start: engine.Step) -> None:
    end = play_to_end(start)
    assert end.outcome is not None and end.decisions == []
    with pytest.raises(GameOver):
        engine.act(GAME, end.state, 0, Choice("d0.0", amount=1))
    with pytest.raises(GameOver):
        engine.suggest(GAME, end.state, 0)
    sv = engine.view(GAME, end.state, 0)
    assert sv.outcome == end.outcome and sv.decisions == [] and sv.pending == []


@pytest.mark.parametrize("seats", [0, 1, 5, -2])
def test_bad_seat_count(seats: int) -> None:
    with pytest.raises(BadRequest):
        engine.setup(GAME, seats, {}, 1)


@pytest.mark.parametrize("options", [{"rounds": "4"}, {"rounds": ""}, {"colour": "red"}])
def test_bad_option(options: dict[str, str]) -> None:
    with pytest.raises(BadRequest):
        engine.setup(GAME, 2, options, 1)


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_bad_seed(seed: int) -> None:
    with pytest.raises(BadRequest):
        engine.setup(GAME, 2, {}, seed)


def test_options_take_effect_with_defaults() -> None:
    assert codec.decode(engine.setup(GAME, 2, {}, 1).state, DuelState).rounds == 3
    assert codec.decode(engine.setup(GAME, 2, {"rounds": "5"}, 1).state, DuelState).rounds == 5


def corruptions(data: bytes) -> list[bytes]:
    st = msgspec.msgpack.decode(data)
    st["hands"] = "not a list"
    wrong_type = msgspec.msgpack.encode(st)
    del st["seats"]
    missing = msgspec.msgpack.encode(st)
    return [b"", b"garbage", data[: len(data) // 2], data + b"\x00", wrong_type, missing]


def test_corrupt_state_bytes(start: engine.Step) -> None:
    for bad in corruptions(start.state):
        with pytest.raises(BadRequest):
            engine.act(GAME, bad, 0, Choice("d0.0", amount=1))
        with pytest.raises(BadRequest):
            engine.view(GAME, bad, 0)
        with pytest.raises(BadRequest):
            engine.suggest(GAME, bad, 0)


def test_rejected_act_leaves_input_usable(start: engine.Step) -> None:
    turn = play_until(start, "duel.turn")
    data = turn.state
    d = turn.waiting()[0]
    for bad in (Choice(d.id, option_id="discard"), Choice("d0.0", amount=1)):
        with pytest.raises((IllegalChoice, StaleDecision)):
            engine.act(GAME, data, d.seat, bad)
    with pytest.raises(NotYourSeat):
        engine.act(GAME, data, 1 - d.seat, Choice(d.id, option_id="draw"))
    assert data == turn.state
    after = engine.act(GAME, data, d.seat, Choice(d.id, option_id="draw"))
    fresh = engine.act(GAME, play_until(engine.setup(GAME, 2, {}, 1), "duel.turn").state,
                       d.seat, Choice(d.id, option_id="draw"))
    assert after.state == fresh.state and after.events == fresh.events


def test_view_checks_seat_and_hides_decisions(start: engine.Step) -> None:
    with pytest.raises(BadRequest):
        engine.view(GAME, start.state, 2)
    with pytest.raises(BadRequest):
        engine.view(GAME, start.state, -1)
    mine, other, spectator = (engine.view(GAME, start.state, s) for s in (0, 1, None))
    assert [d.id for d in mine.decisions] == ["d0.0"]
    assert other.decisions == [] and spectator.decisions == []
    assert [d.id for d in spectator.pending] == ["d0.0"]
    assert "hand" not in spectator.view and "hand" in mine.view


def test_suggest_is_offered_and_reproducible(start: engine.Step) -> None:
    step = start
    for _ in range(40):
        if step.outcome is not None:
            break
        for d in step.waiting():
            c = engine.suggest(GAME, step.state, d.seat)
            assert c == engine.suggest(GAME, step.state, d.seat, d.id)
            assert c.decision_id == d.id
            if d.amount is not None:
                assert c.amount is not None and d.amount.min <= c.amount <= d.amount.max
            else:
                assert c.option_id in d.option_ids()
        step = play_first(step)


def test_suggest_errors(start: engine.Step) -> None:
    with pytest.raises(StaleDecision):
        engine.suggest(GAME, start.state, 1)
    with pytest.raises(StaleDecision):
        engine.suggest(GAME, start.state, 0, "d9.0")
    with pytest.raises(BadRequest):
        engine.suggest(GAME, start.state, 0, policy="genius")
    with pytest.raises(BadRequest):
        engine.suggest(GAME, start.state, 3)


def test_suggest_varies_across_decisions() -> None:
    # The bot's rng is keyed by (seed, decision, serial): over many stakes it uses the range.
    amounts = {engine.suggest(GAME, engine.setup(GAME, 2, {}, seed).state, 0).amount
               for seed in range(40)}
    assert amounts == {0, 1, 2, 3}


@pytest.mark.parametrize("seats,seed", [(2, 3), (3, 4), (4, 5)])
def test_replay_reproduces_the_final_state(seats: int, seed: int) -> None:
    p = playout.random_playout(GAME, seats, seed)
    again = engine.replay(GAME, seats, {}, seed, p.log)
    assert again.state == p.final.state and again.outcome == p.final.outcome
    assert again.state_hash == p.final.state_hash


def test_decision_ids_change_after_every_choice_except_sealed(start: engine.Step) -> None:
    step, applied, held = start, 0, 0
    while step.outcome is None:
        before = {d.id for d in step.waiting()}
        d = step.waiting()[-1]
        step = engine.act(GAME, step.state, d.seat, first_choice(d))
        applied += 1
        after = {x.id for x in step.waiting()}
        if d.kind == "duel.play_card" and before - {d.id}:
            assert after == before - {d.id}  # the others' sealed ids hold
            held += 1
        else:
            assert not before & after
            assert all(x.id.startswith(f"d{applied}.") or x.id.startswith("s")
                       for x in step.waiting())
    assert codec.decode(step.state, DuelState).serial == applied
    assert held == 3  # one early commit in each of the three rounds
