"""Cuba's harbour in play (issue 10 item 11, services/cuba/RULINGS.md CU-R-11).

Plays seeded games of bots in process and prints how the ship deck behaves: ships that
left port, how many of them full, goods (rum, cigar) slots filled on the ships that
left, and the share of all VP scored by shipping (Mayor and trading offices).

    python -m bench.cuba_ships [games] [seats] [policy]   the shipped deck (ships.json)
    python -m bench.cuba_ships search [games]              the deck design search (CU-R-11)

The search builds candidate decks (`design_deck`: 15 distinct cards of 5 slots, crops
and goods only, a given number of goods slots per card, crop types and goods types as
even as the numbers allow) and plays each with heuristic bots in 2-5 seats. It swaps
the candidate into the loaded game data for the run (`candidate_deck`) and restores
the shipped deck after; ships.json is written by hand from the chosen candidate.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import combinations_with_replacement

import msgspec

from services.cuba.constants import CARGO, CROPS, GOODS, ITEM_IDS
from services.cuba.data import DATA, Ship
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


# -- the design search -------------------------------------------------------------

SLOTS = 5
# Candidate profiles: goods slots per card (15 cards). "1-2-3" is the deck of GAPS
# CU-G-02 (5 cards each with 1, 2 and 3 goods slots).
PROFILES: dict[str, tuple[int, ...]] = {
    "1-2-3 (CU-G-02)": (1,) * 5 + (2,) * 5 + (3,) * 5,
    "1-2": (1,) * 10 + (2,) * 5,
    "1": (1,) * 15,
    "0-1": (0,) * 5 + (1,) * 10,
    "0-1-2": (0,) * 5 + (1,) * 5 + (2,) * 5,
    "0": (0,) * 15,
}


def compositions(goods: int) -> list[tuple[int, ...]]:
    """Every card content (count per cargo type) with this many goods slots, mixed cards
    first (fewest repeats of one type)."""
    out = []
    for crops in combinations_with_replacement(CROPS, SLOTS - goods):
        for gs in combinations_with_replacement(GOODS, goods):
            out.append(tuple((crops + gs).count(t) for t in CARGO))
    return sorted(out, key=lambda c: (max(c[:3], default=0), max(c[3:]), c))


def design_deck(profile: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Distinct cards following `profile`; each card is the unused content that keeps the
    running totals per type most even (crops among crops, goods among goods)."""
    totals = [0] * len(CARGO)
    deck: list[tuple[int, ...]] = []
    for goods in profile:
        fresh = [c for c in compositions(goods) if c not in deck]
        card = min(fresh, key=lambda c: unevenness(totals, c))
        deck.append(card)
        totals = [a + b for a, b in zip(totals, card, strict=True)]
    return deck


def unevenness(totals: list[int], card: tuple[int, ...]) -> tuple[int, int]:
    """How much the card repeats one crop type, then how uneven the totals per type
    become with it (crops among crops, goods among goods)."""
    t = [a + b for a, b in zip(totals, card, strict=True)]
    return max(card[:3]), max(t[:3]) - min(t[:3]) + max(t[3:]) - min(t[3:])


@contextmanager
def candidate_deck(cards: list[tuple[int, ...]]) -> Iterator[None]:
    """Play with these cards (ids ship_01.. in order) instead of ships.json, then restore.
    The game data is a frozen table loaded once per process: the bench replaces its
    ships for the run, which nothing in the service does."""
    shipped = DATA.ships
    ships = tuple(Ship(i, f"ship_{i + 1:02d}", card) for i, card in enumerate(cards))
    msgspec.structs.force_setattr(DATA, "ships", ships)
    try:
        yield
    finally:
        msgspec.structs.force_setattr(DATA, "ships", shipped)


def search(games: int) -> None:
    for name, profile in PROFILES.items():
        cards = design_deck(profile)
        goods = sum(sum(c[3:]) for c in cards)
        print(f"profile {name}: {goods} goods slots of {SLOTS * len(cards)}")
        with candidate_deck(cards):
            for seats in (2, 3, 4, 5):
                h = measure(games, seats, ["heuristic"] * seats)
                print(f"  {seats} seats: full {pct(h.full, h.departures)} of {h.departures}; "
                      f"goods filled {pct(h.goods_filled, h.goods_slots)}, crops "
                      f"{pct(h.crop_filled, h.crop_slots)}; shipping "
                      f"{pct(h.shipping_vp, h.all_vp)} of VP (goods "
                      f"{pct(h.goods_vp, h.all_vp)})", flush=True)


def main(argv: list[str]) -> None:
    if argv and argv[0] == "search":
        search(int(argv[1]) if len(argv) > 1 else 100)
        return
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
