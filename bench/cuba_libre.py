"""Cuba Libre benchmark, in process (no gRPC), beside Andean Abyss measured in the same run:
prints figures, asserts nothing.

    python -m bench.cuba_libre [games] [seats]

For each game, random games from setup to the final outcome (bench.andean_abyss's two
figures): live (decisions + apply on one decoded state) and engine (every choice through
`kernel.engine.act`: decode, check, apply, encode).
"""

from __future__ import annotations

import sys

from services.andean_abyss import GAME as ANDEAN_ABYSS
from services.cuba_libre import GAME as CUBA_LIBRE

from .andean_abyss import engine_speed, live_speed


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    seats = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    for title, game in (("Cuba Libre", CUBA_LIBRE), ("Andean Abyss", ANDEAN_ABYSS)):
        for name, fn in (("live", live_speed), ("engine", engine_speed)):
            gps, cps = fn(games, seats, game)
            print(f"{title:12s} {name:6s} {games} random {seats}-seat games: {gps:.2f} "
                  f"games/s, {cps:.0f} choices/s", flush=True)


if __name__ == "__main__":
    main()
