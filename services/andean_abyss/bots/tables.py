"""AA chapter 8 tables as data: the Random Space chart (map.json), the cards' Non-player
symbols (cards.json), the enemy orders of AA-R-24, and piece classes for 8.1.2."""

from __future__ import annotations

from typing import Final

from services.coin.bots.random_pick import Geography, SpaceChart
from services.coin.bots.random_pick import random_pick as _random_pick

from .. import board as B
from .. import data as D
from ..constants import BASE, FACTION_IDS, KIND_FACTION, KIND_IDS
from ..state import AAState

_CHART: Final = D.MAP["random_space_chart"]
CHART: Final = SpaceChart(
    columns=tuple(tuple(tuple(D.INDEX[s] for s in box["slots"]) for box in col)
                  for col in _CHART["columns"]),
    extras={(2, 2): tuple(D.INDEX[s] for s in _CHART["box_priority_extras"]["c3r3"])})

# AA-R-24 the faction a Non-player harms first, and after
ENEMIES: Final = {B.FARC: (B.AUC, B.GOVT, B.CARTELS), B.AUC: (B.FARC, B.GOVT, B.CARTELS),
                  B.CARTELS: (B.GOVT, B.FARC, B.AUC)}
NEVER_EVENT: Final = frozenset({63})  # 8.4.4 card 63: Operations instead


def leftmost(card: int) -> int:
    """8.1 the faction whose symbol is printed leftmost on the card."""
    return FACTION_IDS.index(D.CARDS[card]["faction_order"][0])


def second_ops(card: int) -> bool:
    """8.1 the gray "2nd: Ops" symbol (AA-R-22)."""
    return bool(D.CARDS[card]["np_second_ops"])


def geography(st: AAState) -> Geography:
    return Geography(CHART, B.is_loc, B.is_city, lambda s: D.ECON[s],
                     lambda s: B.adjacent(st, s))


def pick(st: AAState, candidates: list[int] | set[int]) -> int:
    """8.0 `random_pick` from the game's PRNG."""
    return _random_pick(st.rng, geography(st), sorted(candidates))


def klass(kind: str) -> str:
    """8.1.2 the class of a piece kind id: base, police, troops, underground, active."""
    if kind.endswith("base"):
        return "base"
    return kind.rsplit("_", 1)[-1] if "_" in kind else kind


def owner(kind: str) -> int:
    return KIND_FACTION[KIND_IDS.index(kind)]


# AA-I-18: a Shipment is held by a faction's Guerrillas in a space (AA-I-1), not by one
# piece. BOTS.md's words map to counts of that space-faction group.


def ships_held(st: AAState, s: int, f: int) -> int:
    """The Shipments f's Guerrillas hold in s."""
    return len(B.ships_at(st, s, f))


def free_guerrillas(st: AAState, s: int, f: int) -> int:
    """AA-I-18 Guerrillas "without Shipments" / "not holding a Shipment": the group's
    Guerrillas less its Shipments (8.5.1, 8.6.1, 8.7.1 Base bullets; P2)."""
    return max(0, B.guerrillas(st, s, f) - ships_held(st, s, f))


def free_underground(st: AAState, s: int, f: int) -> bool:
    """AA-I-18 P2 "an Underground Guerrilla not already holding a Shipment": the group has an
    Underground Guerrilla and a Guerrilla more than its Shipments."""
    return bool(B.underground(st, s, f)) and free_guerrillas(st, s, f) > 0


def holds_shipment(st: AAState, s: int, f: int) -> bool:
    """AA-I-18 "a Guerrilla holding a Shipment" is in s: f's group there holds one."""
    return ships_held(st, s, f) > 0 and B.guerrillas(st, s, f) > 0


def reaches_holder(st: AAState, s: int, g: int, n: int) -> bool:
    """AA-I-18: n removals from g's group in s take a Guerrilla holding a Shipment: those
    not holding go first (the Shipments stay with the others, AA-I-1)."""
    return holds_shipment(st, s, g) and free_guerrillas(st, s, g) < n


def captures(st: AAState, s: int, g: int, n: int) -> bool:
    """AA-I-18: n removals from g's group in s remove its last Guerrilla, so its Shipments
    leave with it (AA 4.5.3 step 3; capture rules)."""
    return holds_shipment(st, s, g) and B.guerrillas(st, s, g) <= n


def can_rally_base(st: AAState, s: int, f: int) -> bool:
    """>= 2 own Guerrillas without Shipments, < 2 Bases, an own Base Available."""
    return (free_guerrillas(st, s, f) >= 2 and B.base_room(st, s) > 0
            and B.PIECES.available(st, BASE[f]) > 0)
