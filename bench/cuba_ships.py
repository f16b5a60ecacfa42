"""Cuba's harbour in play (issue 10 item 11, services/cuba/RULINGS.md CU-R-11).

Plays seeded games of bots in process and prints how the ship deck behaves: ships that
left port, how many of them full, goods (rum, cigar) slots filled on the ships that
left, and the share of all VP scored by shipping (Mayor and trading offices).

    python -m bench.cuba_ships [games] [seats] [policy]   the shipped deck (ships.json)
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

from services.cuba.constants import GOODS, ITEM_IDS
from services.kernel.events import Event

from .cuba import play

GOODS_IDS = {ITEM_IDS[g] for g in GOODS}


@dataclass
class Harbour:
    """Totals over the games played."""

    games: int = 0
    departures: int = 0
    full: int = 0
    goods_slots: int = 0
    goods_filled: int = 0
    crop_slots: int = 0
    crop_filled: int = 0
    shipping_vp: int = 0
    goods_vp: int = 0
    all_vp: int = 0

    def add(self, events: list[Event], final_vp: list[int]) -> None:
        self.games += 1
        self.all_vp += sum(final_vp)
        for e in events:
            if e.kind == "cuba.loaded":
                self.shipping_vp += e.data["vp"]
                self.goods_vp += e.data["vp"] if e.data["item"] in GOODS_IDS else 0
            elif e.kind == "cuba.ship_left":
                self.departures += 1
                self.full += e.data["full"]
                for item, n in e.data["slots"].items():
                    filled = e.data["cargo"].get(item, 0)
                    if item in GOODS_IDS:
                        self.goods_slots += n
                        self.goods_filled += filled
                    else:
                        self.crop_slots += n
                        self.crop_filled += filled

    @property
    def full_share(self) -> float:
        return self.full / max(1, self.departures)

    def lines(self) -> list[str]:
        return [
            f"departures {self.departures} ({self.departures / self.games:.1f}/game), "
            f"full {self.full} ({pct(self.full, self.departures)})",
            f"goods slots on departing ships {self.goods_slots}, filled {self.goods_filled} "
            f"({pct(self.goods_filled, self.goods_slots)}); crop slots {self.crop_slots}, "
            f"filled {self.crop_filled} ({pct(self.crop_filled, self.crop_slots)})",
            f"VP from shipping {pct(self.shipping_vp, self.all_vp)} of all VP "
            f"(rum and cigars {pct(self.goods_vp, self.all_vp)}); "
            f"{self.shipping_vp / self.games:.1f} shipping VP per game",
        ]


def pct(a: int, b: int) -> str:
    return f"{100 * a / max(1, b):.1f}%"


def measure(games: int, seats: int, policies: list[str], first_seed: int = 0) -> Harbour:
    h = Harbour()
    for seed in range(first_seed, first_seed + games):
        events: list[Event] = []
        out = play(seed, seats, policies, events).outcome
        assert out is not None
        h.add(events, [r.score for r in out.results])
    return h


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 200
    seats = int(argv[1]) if len(argv) > 1 else 4
    policy = argv[2] if len(argv) > 2 else "heuristic"
    start = time.perf_counter()
    h = measure(games, seats, [policy] * seats)
    print(f"{games} seeded {seats}-player games of {policy} bots "
          f"({time.perf_counter() - start:.1f}s):")
    for line in h.lines():
        print("  " + line)


if __name__ == "__main__":
    main(sys.argv[1:])
