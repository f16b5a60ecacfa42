"""Junta benchmarks, in process (no gRPC): print figures, assert nothing.

    python -m bench.junta speed [games]          random full games at 4 and 7 players:
                                                 games/s and choices/s, beside the engine's
                                                 floor measured in the same run (the test
                                                 game Duel's choices/s through the same engine)
    python -m bench.junta bots [games] [seats]   the heuristic bot in one seat (rotating)
                                                 against random bots: its win rate, with
                                                 the random baseline 1/seats beside it

`bots` spreads its seeds over the machine's cores (each game is independent and seeded).
"""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from services.junta import GAME
from services.kernel import engine, rng
from services.kernel.game import Game
from services.kernel.playout import random_playout
from tests.duel import GAME as DUEL

SEAT_COUNTS = (4, 7)


def choices_per_s(game: Game[Any], games: int, seats: int) -> tuple[float, float, int]:
    start = time.perf_counter()
    choices = sum(len(random_playout(game, seats, seed).log) for seed in range(games))
    took = time.perf_counter() - start
    return games / took, choices / took, choices // games


def speed(games: int = 10) -> None:
    _, floor, _ = choices_per_s(DUEL, 200, 4)
    for seats in SEAT_COUNTS:
        per_game, per_choice, length = choices_per_s(GAME, games, seats)
        print(f"junta in process, {games} random {seats}-player games: {per_game:.2f} games/s, "
              f"{per_choice:.0f} choices/s ({length} choices/game); engine floor (Duel, same "
              f"run) {floor:.0f} choices/s")


def hero_game(seed: int, seats: int) -> tuple[bool, bool, int]:
    """One seeded game with the heuristic bot in seat seed % seats: (won alone, shared the
    win, its Swiss margin over the best other seat)."""
    hero = seed % seats
    step = engine.setup(GAME, seats, {}, seed)
    r = rng.seeded(seed, stream=5)
    while step.outcome is None:
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        policy = "heuristic" if d.seat == hero else "random"
        step = engine.act(GAME, step.state, d.seat, engine.suggest(GAME, step.state, d.seat,
                                                                   d.id, policy))
    res = step.outcome.results
    winners = [x.seat for x in res if x.winner]
    best_other = max(x.score for x in res if x.seat != hero)
    return winners == [hero], hero in winners and len(winners) > 1, res[hero].score - best_other


def bots(games: int = 500, seats: int = 5) -> None:
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        results = list(pool.map(hero_game, range(games), [seats] * games, chunksize=4))
    took = time.perf_counter() - start
    won = sum(1 for w, _, _ in results if w)
    shared = sum(1 for _, s, _ in results if s)
    margin = sum(m for _, _, m in results) / games
    print(f"junta heuristic bot vs {seats - 1} random bots, {games} seeded {seats}-player "
          f"games: won {won} ({100 * won / games:.1f}%), shared {shared}; random baseline "
          f"{100 / seats:.0f}%; mean Swiss margin over the best other seat {margin:+.1f} "
          f"million ({took:.0f}s)")


if __name__ == "__main__":
    what, args = (sys.argv[1] if len(sys.argv) > 1 else "speed"), [int(a) for a in sys.argv[2:]]
    if what not in ("speed", "bots"):
        raise SystemExit(__doc__)
    speed(*args) if what == "speed" else bots(*args)
