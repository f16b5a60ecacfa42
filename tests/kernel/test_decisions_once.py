"""The engine computes a game's decisions once per choice (issue 15 item 1): the flow keeps
what it stopped on while advancing (`Flow.advance(..., serial)`), and the engine offers that
(`Game.decisions_after_advance`). Checked on every step of random games of each FlowGame:
what the engine offered equals the decisions computed afresh on the decoded state."""

from __future__ import annotations

from typing import Any

import pytest

from services.cuba import GAME as CUBA
from services.junta import GAME as JUNTA
from services.kernel import codec, engine, rng
from services.kernel.bots import random_choice
from services.kernel.ctx import Ctx
from services.kernel.flow import Flow
from services.kernel.game import Game

from .toy_sealed import GAME as GUESS


def offered_equals_fresh(game: Game[Any], seats: int, seed: int, steps: int) -> int:
    r = rng.seeded(seed, stream=5)
    step = engine.setup(game, seats, {}, seed)
    checked = 0
    for _ in range(steps):
        if step.outcome is not None:  # a finished game offers nothing
            break
        st = codec.decode(step.state, game.state_type)
        assert step.decisions == game.decisions(st), f"seed {seed}, serial {st.serial}"
        checked += 1
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        step = engine.act(game, step.state, d.seat, random_choice(d, r))
    return checked


@pytest.mark.parametrize(("game", "seats", "steps"), [(CUBA, 4, 400), (CUBA, 2, 400),
                                                        (JUNTA, 5, 300), (GUESS, 2, 50)])
def test_offered_decisions_are_the_fresh_ones(game: Game[Any], seats: int, steps: int) -> None:
    assert sum(offered_equals_fresh(game, seats, seed, steps) for seed in (1, 2, 3)) > 15


def test_kept_decisions_are_read_once_and_only_for_that_state() -> None:
    """A state changed after the advance (a test, a game's extra work) is asked afresh."""
    flow: Flow[Any] = CUBA.flow
    st = CUBA.new_state(4, CUBA.check_setup(4, {}), 3)
    CUBA.begin(Ctx(), st, {})
    flow.advance(Ctx(), st, st.serial)
    first = flow.decisions_once_advanced(st)
    assert first and first == flow.decisions(st)
    st.players[first[0].seat].money += 50  # nothing kept now: computed afresh
    assert flow.decisions_once_advanced(st) == flow.decisions(st)
    other = codec.decode(codec.encode(st), type(st))
    flow.advance(Ctx(), st, st.serial + 1)  # kept for serial + 1, asked at serial
    assert flow.decisions_once_advanced(other) == flow.decisions(other)


def test_decisions_at_keeps_what_it_computed_for_the_engine() -> None:
    """`Flow.decisions_at` (a game's own advance looking at where the flow stopped, Junta's
    straw men JU 45.6): the decisions at the serial asked, kept for one
    `decisions_once_advanced` of that state at that serial."""
    flow: Flow[Any] = JUNTA.flow
    st = JUNTA.new_state(5, JUNTA.check_setup(5, {}), 3)
    JUNTA.begin(Ctx(), st, {})
    flow.advance(Ctx(), st)
    at = flow.decisions_at(st, st.serial + 1)
    assert at and flow.decisions_at(st, st.serial + 1) is at
    st.serial += 1
    assert flow.decisions_once_advanced(st) is at
    assert at == flow.decisions(st)
    assert flow.decisions_once_advanced(st) is not at  # read once
