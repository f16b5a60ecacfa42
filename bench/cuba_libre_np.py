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
import time
from collections import Counter

from services.cuba_libre import GAME
from services.cuba_libre.constants import FACTION_IDS, TIE_RANK
from services.cuba_libre.victory import margins, meets
from services.kernel import codec
from services.kernel.playout import random_playout


def winner(state: bytes) -> str:
    st = codec.decode(state, GAME.state_type)
    m, ok = margins(st), meets(st)
    pool = [f for f in range(4) if ok[f]] if st.over == 1 and any(ok) else list(range(4))
    nps = st.non_players
    return FACTION_IDS[max(pool, key=lambda f: (m[f], nps >> f & 1, TIE_RANK[f]))]


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
    print(f"{name:<46} {rates}   ended in a Victory phase {100 * checks / games:5.1f}%   "
          f"{games / secs:6.2f} games/s", flush=True)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"Cuba Libre, {games} seeded games each (win rate by faction):")
    report("baseline: 4 random seats, no NPs", games, *run(4, {}, games))
    report("solitaire: random Govt vs 3 Non-players", games, *run(1, {}, games))
    report("solitaire: random Syndicate vs 3 NPs (Govt NP)", games,
           *run(1, {"non_players": "govt+m26+directorio"}, games))
    report("2 seats: random Govt, Syndicate vs NP 26July, DR", games,
           *run(2, {"non_players": "m26+directorio"}, games))


if __name__ == "__main__":
    main()
