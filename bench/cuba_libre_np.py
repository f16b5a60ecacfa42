"""Cuba Libre Non-players (CL chapter 8) against uniformly random players: who wins over
seeded games, and full games per second in process; beside a baseline measured in the same
run: 4 random seats (no Non-players) on the same seeds.

    python -m bench.cuba_libre_np [games]

The winning faction of a game: a faction meeting its condition in a Victory phase, else the
highest final margin (CL 7.1 ties: Non-players first, then Syndicate, DR, 26July, Govt).
Until the Non-player Government (8.8) has its chart it Passes whenever it is one.
"""

from __future__ import annotations

import sys

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


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"Cuba Libre, {games} seeded games each (win rate by faction):")
    table("baseline: 4 random seats, no NPs", 4, {}, games)
    table("solitaire: random Govt vs 3 Non-players", 1, {}, games)
    table("solitaire: random Syndicate vs 3 NPs (Govt NP)", 1,
          {"non_players": "govt+m26+directorio"}, games)
    table("2 seats: random Govt, Syndicate vs NP 26July, DR", 2,
          {"non_players": "m26+directorio"}, games)


if __name__ == "__main__":
    main()
