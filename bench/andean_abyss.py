"""Andean Abyss benchmark, in process (no gRPC): prints figures, asserts nothing.

    python -m bench.andean_abyss [games] [seats]

Two figures for random games from setup to the final outcome, measured in the same run:
- live: random play on one decoded state (decisions + apply, no codec) — the baseline;
- engine: every choice through `kernel.engine.act` (decode the state, check the choice
  against the options offered, apply, encode) — what one rules-service call costs, printed
  beside the baseline as a ratio.
"""

from __future__ import annotations

import sys
import time

from services.andean_abyss import GAME
from services.kernel import rng
from services.kernel.bots import random_choice
from services.kernel.ctx import Ctx
from services.kernel.playout import random_playout


def engine_speed(games: int, seats: int) -> tuple[float, float]:
    start = time.perf_counter()
    choices = sum(len(random_playout(GAME, seats, seed).log) for seed in range(games))
    elapsed = time.perf_counter() - start
    return games / elapsed, choices / elapsed


def live_game(seed: int, seats: int) -> int:
    st = GAME.setup(Ctx(), seats, GAME.check_setup(seats, {}), seed)
    r = rng.seeded(seed, stream=7)
    n = 0
    while GAME.outcome(st) is None:
        waiting = [d for d in GAME.decisions(st) if not d.optional]
        d = waiting[rng.randbelow(r, len(waiting))]
        GAME.apply(Ctx(), st, d, random_choice(d, r))
        st.serial += 1
        n += 1
    return n


def live_speed(games: int, seats: int) -> tuple[float, float]:
    start = time.perf_counter()
    choices = sum(live_game(seed, seats) for seed in range(games))
    elapsed = time.perf_counter() - start
    return games / elapsed, choices / elapsed


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    seats = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    measured = {name: fn(games, seats) for name, fn in (("live", live_speed),
                                                         ("engine", engine_speed))}
    base = measured["live"][1]
    for name, (gps, cps) in measured.items():
        print(f"{name:6s} {games} random {seats}-seat games: {gps:.2f} games/s, "
              f"{cps:.0f} choices/s ({cps / base:.2f} x live)")


if __name__ == "__main__":
    main()
