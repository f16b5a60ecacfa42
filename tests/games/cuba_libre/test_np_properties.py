"""CL chapter 8 over random seeds: tables with Non-players (the players random) end, never
dead-end, keep every invariant after each choice, offer the engine's decisions only to
player seats, and replay from seed + the players' choices (the Non-players' choices come
from the game's PRNG). TABLERO_SLOW=1 plays CL_NP_SLOW_GAMES (default 400) per table."""

from __future__ import annotations

import os

import pytest

from services.cuba_libre import GAME
from services.cuba_libre.state import CLState
from services.kernel import codec, rng
from services.kernel.bots import random_choice
from services.kernel.engine import act as engine_act
from services.kernel.engine import replay, setup

TABLES = [(1, {}), (1, {"non_players": "govt+m26+directorio"}),
          (1, {"non_players": "govt+syndicate", "shared_factions": "m26_directorio"}),
          (1, {"non_players": "m26+directorio", "shared_factions": "govt_syndicate"}),
          (2, {"non_players": "m26+directorio"}), (3, {"non_players": "syndicate"}),
          (1, {"short_game": "true", "setup": "alternative"})]


def np_game(seats: int, seed: int, options: dict[str, str]) -> int:
    """One game: random player choices; checks after each; the number of Non-player
    choices."""
    r = rng.seeded(seed, stream=7)
    step = setup(GAME, seats, options, seed)
    log, nps = [], 0
    while step.outcome is None:
        assert len(log) < 20_000, "runaway game"
        waiting = step.waiting()
        assert waiting, "dead end: nothing to decide and no outcome"
        assert all(0 <= d.seat < seats for d in waiting)
        d = waiting[rng.randbelow(r, len(waiting))]
        c = random_choice(d, r)
        log.append((d.seat, c))
        step = engine_act(GAME, step.state, d.seat, c)
        nps += sum(1 for e in step.events if e.kind == "coin.np_choice")
        GAME.check_invariants(codec.decode(step.state, CLState))
    assert replay(GAME, seats, options, seed, log).state_hash == step.state_hash
    st = codec.decode(step.state, CLState)
    assert st.over in (1, 2, 3) and not st.stack
    assert len(step.outcome.results) == seats
    return nps


@pytest.mark.parametrize("seats,options", TABLES)
def test_cl_8_tables_with_non_players_end_and_replay(seats: int, options: dict[str, str]) -> \
        None:
    for seed in range(2):
        assert np_game(seats, 900 + seed, options) > 0


SLOW = int(os.environ.get("CL_NP_SLOW_GAMES", "400"))


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TABLERO_SLOW"), reason="set TABLERO_SLOW=1")
@pytest.mark.parametrize("seats,options", TABLES)
def test_cl_8_tables_thousands(seats: int, options: dict[str, str]) -> None:
    """The same checks over CL_NP_SLOW_GAMES seeds of each table (7 x 400 = 2,800 games)."""
    for seed in range(SLOW):
        np_game(seats, 10_000 + seed, options)
