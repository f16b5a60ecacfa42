"""What the COIN Non-player benches share: seeded random playouts of one table, the winning
faction of each (the game's own `winner`), and a report line of win rates and games/s."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from services.kernel import codec
from services.kernel.game import Game
from services.kernel.playout import random_playout


def run(game: Game[Any], winner: Callable[[bytes], str], seats: int, options: dict[str, str],
        games: int) -> tuple[Counter[str], float, int]:
    """Win counts by faction, seconds, and the games ended early (`over == 1`)."""
    wins: Counter[str] = Counter()
    early = 0
    t = time.perf_counter()
    for seed in range(games):
        p = random_playout(game, seats, seed, options)
        wins[winner(p.final.state)] += 1
        early += codec.decode(p.final.state, game.state_type).over == 1
    return wins, time.perf_counter() - t, early


def report(name: str, factions: Sequence[str], games: int, wins: Counter[str], secs: float,
           early: int, ended: str = "ended at a check") -> None:
    rates = "  ".join(f"{f} {100 * wins[f] / games:5.1f}%" for f in factions)
    print(f"{name:<48} {rates}   {ended} {100 * early / games:5.1f}%   "
          f"{games / secs:6.2f} games/s", flush=True)
