"""CL 5 Events in random play: whole games through engine.act in which every faction offered an
Event takes it (a random side), the rest chosen at random, so each card side runs from many
positions. Every game ends with no dead end, the invariants hold after every choice, every
option offered keeps the option contract (docs/decisions/0004), and the seed with the choice
log replays to the same final state."""

from __future__ import annotations

import pytest

from services.cuba_libre.game import CubaLibre
from services.cuba_libre.state import CLState
from services.kernel import codec, engine, rng
from services.kernel.bots import random_choice
from services.kernel.decisions import Choice, option_problems

GAME = CubaLibre()


def event_first_game(seed: int) -> tuple[list[tuple[int, Choice]], engine.Step, set[str]]:
    """Play one game preferring Events; the log, the final step and the sides executed."""
    r = rng.seeded(seed, stream=11)
    step = engine.setup(GAME, 4, {}, seed)
    log: list[tuple[int, Choice]] = []
    sides: set[str] = set()
    while step.outcome is None:
        assert len(log) < 20_000, "the game does not end"
        waiting = step.waiting()
        assert not [p for w in waiting for o in w.options for p in option_problems(o)]
        d = waiting[rng.randbelow(r, len(waiting))]
        events = [o.id for o in d.options if o.id.startswith("event:")]
        if events:
            c = Choice(d.id, option_id=events[rng.randbelow(r, len(events))])
            sides.add(f"{codec.decode(step.state, CLState).played[-1]}:{c.option_id}")
        else:
            c = random_choice(d, r)
        log.append((d.seat, c))
        step = engine.act(GAME, step.state, d.seat, c)
        GAME.check_invariants(codec.decode(step.state, CLState))
    return log, step, sides


@pytest.mark.parametrize("seed", range(6))
def test_event_first_games_end_and_replay(seed: int) -> None:
    """CL 5.1-5.5 (5.1.3 as much as can be done): no Event leads to a dead end or breaks an
    invariant (pieces conserved, stacking, tracks, Control recounted); every option offered
    keeps docs/decisions/0004 (label, args); replay is exact."""
    log, final, sides = event_first_game(seed)
    assert sides, "no Event was executed"
    assert engine.replay(GAME, 4, {}, seed, log).state_hash == final.state_hash
