"""Andean Abyss Non-players (AA chapter 8) against a uniformly random Government player:
who wins over seeded solo games, and full games per second in process; beside a baseline
measured in the same run: 4 random seats (No-Non-player option) on the same seeds.

    python -m bench.andean_abyss_np [games]

The winning faction of a game: a faction meeting its condition at a victory check, else the
highest final margin (AA 7.1 ties: Non-players first, then Cartels, AUC, FARC, Government).
"""

from __future__ import annotations

import argparse

from services.andean_abyss import GAME
from services.andean_abyss.constants import FACTION_IDS
from services.andean_abyss.victory import margins, meets
from services.kernel import codec

from . import coin_np


def winner(state: bytes) -> str:
    st = codec.decode(state, GAME.state_type)
    m, ok = margins(st), meets(st)
    pool = [f for f in range(4) if ok[f]] if st.over == 1 else list(range(4))
    return FACTION_IDS[max(pool, key=lambda f: (m[f], f))]


def table(name: str, seats: int, options: dict[str, str], games: int) -> None:
    """One table's win rates and games/s (bench.coin_np, shared with Cuba Libre)."""
    coin_np.report(name, FACTION_IDS, games, *coin_np.run(GAME, winner, seats, options, games))


def main() -> None:
    p = argparse.ArgumentParser(description="Andean Abyss Non-players: win rates and games/s")
    p.add_argument("games", type=int, nargs="?", default=200, help="seeded games per table")
    games = p.parse_args().games
    print(f"Andean Abyss, {games} seeded games each (win rate by faction):")
    table("baseline: 4 random seats, no NPs", 4, {}, games)
    table("solo: random Govt vs 3 Non-players", 1, {}, games)
    table("2 seats: random Govt/FARC vs NP AUC, Cartels", 2, {"non_players": "chapter8"}, games)
    table("3 seats: random Govt/FARC/AUC vs NP Cartels", 3, {"non_players": "chapter8"}, games)


if __name__ == "__main__":
    main()
