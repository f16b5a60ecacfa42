"""Andean Abyss Non-players (AA chapter 8) against a uniformly random Government player:
who wins over seeded solo games, and full games per second in process; beside a baseline
measured in the same run: 4 random seats (No-Non-player option) on the same seeds.

    python -m bench.andean_abyss_np [games]

The winning faction of a game: a faction meeting its condition at a victory check, else the
highest final margin (AA 7.1 ties: Non-players first, then Cartels, AUC, FARC, Government).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from services.andean_abyss import GAME
from services.andean_abyss.constants import FACTION_IDS
from services.andean_abyss.victory import margins, meets
from services.kernel import codec
from services.kernel.playout import random_playout


def winner(state: bytes) -> str:
    st = codec.decode(state, GAME.state_type)
    m, ok = margins(st), meets(st)
    pool = [f for f in range(4) if ok[f]] if st.over == 1 else list(range(4))
    return FACTION_IDS[max(pool, key=lambda f: (m[f], f))]


def run(seats: int, options: dict[str, str], games: int) -> tuple[Counter[str], float, int]:
    wins: Counter[str] = Counter()
    checks = 0
    t = time.perf_counter()
    for seed in range(games):
        p = random_playout(GAME, seats, seed, options)
        wins[winner(p.final.state)] += 1
        checks += codec.decode(p.final.state, GAME.state_type).over == 1
    return wins, time.perf_counter() - t, checks


def report(name: str, games: int, wins: Counter[str], secs: float, checks: int) -> None:
    rates = "  ".join(f"{f} {100 * wins[f] / games:5.1f}%" for f in FACTION_IDS)
    print(f"{name:<44} {rates}   ended at a check {100 * checks / games:5.1f}%   "
          f"{games / secs:6.1f} games/s", flush=True)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"Andean Abyss, {games} seeded games each (win rate by faction):")
    report("baseline: 4 random seats, no NPs", games, *run(4, {}, games))
    report("solo: random Govt vs 3 Non-players", games, *run(1, {}, games))
    report("2 seats: random Govt/FARC vs NP AUC, Cartels", games,
           *run(2, {"non_players": "chapter8"}, games))
    report("3 seats: random Govt/FARC/AUC vs NP Cartels", games,
           *run(3, {"non_players": "chapter8"}, games))


if __name__ == "__main__":
    main()
