"""AA chapter 8 tables as data: the Random Space chart (map.json), the cards' Non-player
symbols (cards.json), the enemy orders of AA-R-24, and piece classes for 8.1.2."""

from __future__ import annotations

from services.coin.bots.random_pick import Geography, SpaceChart
from services.coin.bots.random_pick import random_pick as _random_pick

from .. import board as B
from .. import data as D
from ..constants import BASE, FACTION_IDS, KIND_FACTION, KIND_IDS
from ..state import AAState

_CHART = D.MAP["random_space_chart"]
CHART = SpaceChart(
    columns=tuple(tuple(tuple(D.INDEX[s] for s in box["slots"]) for box in col)
                  for col in _CHART["columns"]),
    extras={(2, 2): tuple(D.INDEX[s] for s in _CHART["box_priority_extras"]["c3r3"])})

# AA-R-24 the faction a Non-player harms first, and after
ENEMIES = {B.FARC: (B.AUC, B.GOVT, B.CARTELS), B.AUC: (B.FARC, B.GOVT, B.CARTELS),
           B.CARTELS: (B.GOVT, B.FARC, B.AUC)}
NEVER_EVENT = frozenset({63})  # 8.4.4 card 63: Operations instead


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


def ships_held(st: AAState, s: int, f: int) -> int:
    return len(B.ships_at(st, s, f))


def free_guerrillas(st: AAState, s: int, f: int) -> int:
    """Guerrillas not holding a Shipment (8.5.1, 8.6.1, 8.7.1 Base bullets)."""
    return B.guerrillas(st, s, f) - ships_held(st, s, f)


def can_rally_base(st: AAState, s: int, f: int) -> bool:
    """>= 2 own Guerrillas without Shipments, < 2 Bases, an own Base Available."""
    return (free_guerrillas(st, s, f) >= 2 and B.base_room(st, s) > 0
            and B.PIECES.available(st, BASE[f]) > 0)
