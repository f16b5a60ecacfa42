"""Junta benchmarks, in process (no gRPC): prints figures, asserts nothing.

    python -m bench.junta speed [games] [seats]   random games per second, choices per second
    python -m bench.junta bots [games] [seats]    heuristic bot vs random bots: win rate
"""

from __future__ import annotations

import sys
import time

from services.junta import GAME
from services.kernel import engine, rng
from services.kernel.playout import random_playout


def speed(games: int = 20, seats: int = 4) -> None:
    """Full random games through the engine (decode, check, apply, encode every choice)."""
    start = time.perf_counter()
    choices = 0
    for seed in range(games):
        choices += len(random_playout(GAME, seats, seed).log)
    elapsed = time.perf_counter() - start
    print(f"junta in process: {games} random {seats}-player games in {elapsed:.1f}s: "
          f"{games / elapsed:.2f} games/s, {choices / elapsed:.0f} choices/s, "
          f"{choices / games:.0f} choices/game")


def play(seed: int, seats: int, policies: list[str]) -> engine.Step:
    """One game; each seat's choices come from `engine.suggest` with its policy."""
    step = engine.setup(GAME, seats, {}, seed)
    r = rng.seeded(seed, stream=5)
    while step.outcome is None:
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        choice = engine.suggest(GAME, step.state, d.seat, d.id, policies[d.seat])
        step = engine.act(GAME, step.state, d.seat, choice)
    return step


def bots(games: int = 500, seats: int = 5) -> None:
    """The heuristic bot in one seat (rotating), random bots elsewhere."""
    start = time.perf_counter()
    wins = shared = 0
    margin = 0
    for seed in range(games):
        hero = seed % seats
        policies = ["random"] * seats
        policies[hero] = "heuristic"
        out = play(seed, seats, policies).outcome
        assert out is not None
        res = out.results[hero]
        winners = sum(1 for x in out.results if x.winner)
        wins += res.winner and winners == 1
        shared += res.winner and winners > 1
        margin += res.score - max(x.score for x in out.results if x.seat != hero)
    elapsed = time.perf_counter() - start
    print(f"junta heuristic vs {seats - 1} random bots, {games} seeded {seats}-player games: "
          f"won {wins} ({100 * wins / games:.1f}%), shared {shared}, mean Swiss margin over "
          f"the best random bot {margin / games:+.1f} million ({elapsed:.0f}s; "
          f"random baseline {100 / seats:.0f}%)")


def main(argv: list[str]) -> None:
    what = argv[0] if argv else "speed"
    args = [int(a) for a in argv[1:]]
    if what == "speed":
        speed(*args)
    elif what == "bots":
        bots(*args)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
