"""Andean Abyss benchmark, in process (no gRPC): prints figures, asserts nothing.

    python -m bench.andean_abyss [games] [seats]
    python -m bench.andean_abyss playouts [games] [first_seed]


Two figures for random games from setup to the final outcome, measured in the same run:
- live: random play on one decoded state (decisions + apply, no codec) — the baseline;
- engine: every choice through `kernel.engine.act` (decode the state, check the choice
  against the options offered, apply, encode) — what one rules-service call costs, printed
  beside the baseline as a ratio.

`playouts` plays that many random games per seat count (2, 3, 4) through the engine with
every state checked (codec round trip, invariants) and reports each game that failed — a
dead end (a seat left without an option), a broken invariant, a crash — with its seed.
"""

from __future__ import annotations

import sys
import time

from services.andean_abyss import GAME
from services.andean_abyss.state import AAState
from services.kernel import codec, rng
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


def playouts(games: int, first_seed: int = 0) -> None:
    """Random games per seat count, every state checked; failures listed by seed."""
    for seats in (2, 3, 4):
        start = time.perf_counter()
        choices, ends, failed = 0, [0, 0, 0], []
        for seed in range(first_seed, first_seed + games):
            try:
                p = random_playout(GAME, seats, seed, check=True)
            except Exception as e:  # noqa: BLE001 - every failure is reported, not raised
                failed.append(f"seed {seed}: {type(e).__name__}: {e}")
                continue
            choices += len(p.log)
            ends[codec.decode(p.final.state, AAState).over] += 1
        print(f"{seats} seats: {games} games, {choices} choices, ended at a victory check "
              f"{ends[1]}, after the final Round {ends[2]}, failed {len(failed)} "
              f"({time.perf_counter() - start:.0f}s)", flush=True)
        for line in failed:
            print(f"  {line}", flush=True)


def main() -> None:
    if sys.argv[1:2] == ["playouts"]:
        playouts(*(int(a) for a in sys.argv[2:4]))
        return
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
