"""Cuba Libre Non-players (CL chapter 8) against uniformly random players: who wins over
seeded games, and full games per second in process; beside a baseline measured in the same
run: 4 random seats (no Non-players) on the same seeds.

    python -m bench.cuba_libre_np [games] [table ...]

The winning faction of a game: a faction meeting its condition in a Victory phase, else the
highest final margin (CL 7.1 ties: Non-players first, then Syndicate, DR, 26July, Govt).
CL 1.5 needs one player at a table: the tables where every faction the rules allow is a
Non-player are the four solitaire ones (one random player, three Non-players).
"""

from __future__ import annotations

import argparse

from services.cuba_libre import GAME
from services.cuba_libre.constants import FACTION_IDS, TIE_RANK
from services.cuba_libre.victory import margins, meets
from services.kernel import codec

from .coin_np import report, run


def winner(state: bytes) -> str:
    st = codec.decode(state, GAME.state_type)
    m, ok = margins(st), meets(st)
    pool = [f for f in range(4) if ok[f]] if st.over == 1 and any(ok) else list(range(4))
    nps = st.non_players
    return FACTION_IDS[max(pool, key=lambda f: (m[f], nps >> f & 1, TIE_RANK[f]))]


def table(name: str, seats: int, options: dict[str, str], games: int) -> None:
    wins, secs, early = run(GAME, winner, seats, options, games)
    report(name, FACTION_IDS, games, wins, secs, early, "ended in a Victory phase")


TABLES: dict[str, tuple[str, int, dict[str, str]]] = {
    "baseline": ("baseline: 4 random seats, no NPs", 4, {}),
    "govt": ("solitaire: random Govt vs 3 Non-players", 1, {}),
    "m26": ("solitaire: random 26July vs 3 NPs", 1,
            {"non_players": "govt+directorio+syndicate"}),
    "directorio": ("solitaire: random DR vs 3 NPs", 1, {"non_players": "govt+m26+syndicate"}),
    "syndicate": ("solitaire: random Syndicate vs 3 NPs", 1,
                  {"non_players": "govt+m26+directorio"}),
    "pairs": ("2 seats: random Govt, Syndicate vs NP 26July, DR", 2,
              {"non_players": "m26+directorio"}),
}


def main() -> None:
    p = argparse.ArgumentParser(description="Cuba Libre Non-players: win rates and games/s")
    p.add_argument("games", type=int, nargs="?", default=200, help="seeded games per table")
    p.add_argument("tables", nargs="*", help=f"of {', '.join(TABLES)} (default: all)")
    a = p.parse_args()
    if unknown := set(a.tables) - set(TABLES):
        p.error(f"unknown tables: {', '.join(sorted(unknown))}")
    games, names = a.games, a.tables or list(TABLES)
    print(f"Cuba Libre, {games} seeded games each (win rate by faction):")
    for name in names:
        title, seats, options = TABLES[name]
        table(title, seats, options, games)


if __name__ == "__main__":
    main()
