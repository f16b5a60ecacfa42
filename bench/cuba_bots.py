"""Cuba's heuristic bot against the older heuristic bot and against random bots (issue 10
item 12): one seat (rotating with the seed) plays the hero policy, the others the opponent
policy, over seeded games; prints win rates, VP margins and what the hero shipped.

    python -m bench.cuba_bots [games] [seats] [old_rev]

The old heuristic bot is services/cuba/bots.py as it was at git revision `old_rev`
(default: the commit before the bot learnt the goods economy), loaded from git history
at run time and registered as the policy "heuristic_old"; no copy is kept in the tree.
"""

from __future__ import annotations

import subprocess
import sys
import time
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from services.cuba import GAME
from services.cuba.constants import GOODS, ITEM_IDS
from services.kernel.events import Event

from .cuba import play

ROOT = Path(__file__).resolve().parent.parent
OLD_REV = "44ca531"  # bots.py before issue 10 item 12 (same choices as main's bot)
GOODS_IDS = {ITEM_IDS[g] for g in GOODS}


def load_old_bot(rev: str) -> Any:
    """services/cuba/bots.py at `rev`, as a module of the services.cuba package."""
    src = subprocess.run(["git", "show", f"{rev}:services/cuba/bots.py"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    module = types.ModuleType(f"services.cuba.bots_at_{rev}")
    module.__package__ = "services.cuba"
    exec(compile(src, f"{rev}:services/cuba/bots.py", "exec"), module.__dict__)
    return module.HeuristicBot()


@dataclass
class Match:
    hero: str
    others: str
    games: int = 0
    wins: int = 0
    shared: int = 0
    margin: int = 0
    hero_vp: int = 0
    shipped: dict[str, int] = field(default_factory=dict)

    def add(self, seat: int, events: list[Event], scores: list[int], winners: list[int]) -> None:
        self.games += 1
        if seat in winners:
            self.wins += len(winners) == 1
            self.shared += len(winners) > 1
        self.margin += scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
        self.hero_vp += scores[seat]
        for e in events:
            if e.kind == "cuba.loaded" and e.data["seat"] == seat:
                kind = "goods" if e.data["item"] in GOODS_IDS else "crops"
                self.shipped[kind] = self.shipped.get(kind, 0) + 1

    def line(self) -> str:
        n = max(1, self.games)
        per = ", ".join(f"{k} {v / n:.1f}" for k, v in sorted(self.shipped.items()))
        return (f"{self.hero} vs {self.others}: won {self.wins}/{self.games} "
                f"({100 * self.wins / n:.1f}%), shared {self.shared}, "
                f"mean VP {self.hero_vp / n:.1f}, "
                f"mean margin over the best other {self.margin / n:+.1f}; "
                f"units shipped per game: {per or 'none'}")


def match(hero: str, others: str, games: int, seats: int) -> Match:
    m = Match(hero, others)
    for seed in range(games):
        seat = seed % seats
        policies = [others] * seats
        policies[seat] = hero
        events: list[Event] = []
        out = play(seed, seats, policies, events).outcome
        assert out is not None
        m.add(seat, events, [r.score for r in out.results],
              [r.seat for r in out.results if r.winner])
    return m


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 500
    seats = int(argv[1]) if len(argv) > 1 else 4
    rev = argv[2] if len(argv) > 2 else OLD_REV
    GAME.bots["heuristic_old"] = load_old_bot(rev)
    print(f"{games} seeded {seats}-player games per line; the hero's seat rotates; "
          f"heuristic_old = services/cuba/bots.py at {rev}")
    for hero, others in (("heuristic", "heuristic_old"), ("heuristic", "random"),
                         ("heuristic_old", "random")):
        start = time.perf_counter()
        line = match(hero, others, games, seats).line()
        print(f"  {line} ({time.perf_counter() - start:.0f}s)")


if __name__ == "__main__":
    main(sys.argv[1:])
