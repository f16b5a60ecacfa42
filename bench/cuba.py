"""Cuba benchmarks, in process (no gRPC): prints figures, asserts nothing.

    python -m bench.cuba speed [games]        random 4-player games per second, choices per second

Bot win rates: bench.cuba_bots; the harbour (full ships, goods, shipping VP): bench.cuba_ships.
"""

from __future__ import annotations

import sys
import time

from services.cuba import GAME
from services.kernel import engine, rng
from services.kernel.events import Event
from services.kernel.playout import random_playout


def speed(games: int = 200, seats: int = 4) -> None:
    """Full random games through the engine (decode, check, apply, encode every choice)."""
    start = time.perf_counter()
    choices = 0
    for seed in range(games):
        choices += len(random_playout(GAME, seats, seed).log)
    elapsed = time.perf_counter() - start
    print(f"{games} random {seats}-player games in {elapsed:.2f}s: "
          f"{games / elapsed:.1f} games/s ({60 * games / elapsed:.0f} games/min), "
          f"{choices / elapsed:.0f} choices/s, {choices / games:.0f} choices/game")


MAX_CHOICES = 5000  # a bot that loops stops the benchmark instead of hanging it


def play(seed: int, seats: int, policies: list[str],
         events: list[Event] | None = None) -> engine.Step:
    """One game; each seat's choices come from `engine.suggest` with its policy. The
    game's events are appended to `events` when given."""
    step = engine.setup(GAME, seats, {}, seed)
    r = rng.seeded(seed, stream=5)
    for _ in range(MAX_CHOICES):
        if events is not None:
            events += step.events
        if step.outcome is not None:
            return step
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        choice = engine.suggest(GAME, step.state, d.seat, d.id, policies[d.seat])
        step = engine.act(GAME, step.state, d.seat, choice)
    raise RuntimeError(f"seed {seed}: no outcome after {MAX_CHOICES} choices ({policies})")


def main(argv: list[str]) -> None:
    what = argv[0] if argv else "speed"
    args = [int(a) for a in argv[1:]]
    if what == "speed":
        speed(*args)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
