"""AA 8.5 Non-player Cartels: Rally/Cultivate, March/Process, Terror/Bribe (AA-R-20)."""

from __future__ import annotations

from typing import Any, Final

from .. import board as B
from .. import data as D
from ..constants import BASE, GUER_U
from ..state import AAState
from .flowchart import Box, Chart, Tiers, unmoved
from .tables import can_rally_base

F: Final = B.CARTELS


def cond_rally(st: AAState) -> bool:
    """8.5 Q1: >= 10 Cartels pieces Available, or a Rally could place a Base."""
    avail = B.PIECES.available(st, GUER_U[F]) + B.PIECES.available(st, BASE[F])
    return avail >= 10 or any(can_rally_base(st, s, F) for s in B.cities_and_depts(st))


def cond_march(st: AAState) -> bool:
    """8.5 Q2: a Shipment is Available."""
    return any(c < 0 for c in st.ships)


def first_box(st: AAState) -> str:
    return "rally" if cond_rally(st) else "march" if cond_march(st) else "terror"


def flip_space(st: AAState, s: int, f: int) -> bool:
    """Rally flip bullet: an Active own Guerrilla, an own Base and a cube."""
    return bool(B.active(st, s, f) and B.bases(st, s, f) and B.cubes(st, s))


def seed_space(st: AAState, s: int) -> bool:
    """8.5.1 bullet 4: after 1 Guerrilla placed, Cultivate could place a Base."""
    return (B.is_dept(s) and D.POP[s] > 0 and B.base_room(st, s) > 0
            and B.guerrillas(st, s, F) + 1 > B.police(st, s))


SEED: Final = 3  # 8.5.1 bullet 4, the 4th tier of `rally_tiers`


def rally_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.5.1 Base, Flip, Lone Bases, one Cultivation seed (any other Department where
    Cultivate could then place a Base). The seed is taken once: a space came by it
    (`np_tiers`, kept by the box), or a selected Department has no Cartels Base (bullets
    1-3 leave one in theirs)."""
    cd = B.cities_and_depts(st)
    avail = B.PIECES.available(st, GUER_U[F]) > 0
    seeded = any(i == SEED for _, i in v.get("np_tiers", [])) or any(
        B.is_dept(s) and not B.bases(st, s, F) for s in v.get("spaces", []))
    return [[s for s in cd if can_rally_base(st, s, F)],
            [s for s in cd if flip_space(st, s, F)],
            [s for s in cd if B.bases(st, s, F) and not B.guerrillas(st, s, F)],
            [] if seeded or not avail else [s for s in cd if seed_space(st, s)]]


def movable(st: AAState, o: int, v: dict[str, Any]) -> int:
    """8.5.2 step 2: 1 Cartels Guerrilla stays where a Cartels Base is; those that arrived
    this March stay too."""
    g = B.guerrillas(st, o, F)
    return min(g - unmoved(v, o), g - (1 if B.bases(st, o, F) else 0))


def march_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.5.2 step 1 (AA-R-26): next to one space with >= 3 Cartels Guerrillas, < 2 Bases."""
    return [[s for s in B.cities_and_depts(st) if B.base_room(st, s) > 0
             and any(B.guerrillas(st, o, F) >= 3 and movable(st, o, v) > 0
                     for o in B.adjacent(st, s))]]


def terror_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.5.3 Support, then Opposition, then Neutral; Population >= 1, Underground Guerrilla."""
    ok = [s for s in B.spaces(st) if D.POP[s] >= 1 and B.underground(st, s, F)]
    return [[s for s in ok if st.support[s] > 0], [s for s in ok if st.support[s] < 0],
            [s for s in ok if st.support[s] == 0]]


def process_spaces(st: AAState) -> list[int]:
    """8.5.2 Process step 1: a Cartels Guerrilla and a Cartels Base."""
    return [s for s in B.spaces(st) if B.guerrillas(st, s, F) and B.bases(st, s, F)]


def process_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.5.2 Process: Shipments where Guerrilla and Base are, else a Base off a 2-Base space."""
    if any(c < 0 for c in st.ships) and process_spaces(st):
        return [process_spaces(st)]
    return [[s for s in B.spaces(st) if B.bases(st, s, F) >= 2]]


def bribe_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.5.3 Bribe: spaces with Cartels pieces and Govt, then FARC, then AUC pieces."""
    mine = [s for s in B.spaces(st) if B.pieces_of(st, s, F)]
    out: Tiers = []
    for g in (B.GOVT, B.FARC, B.AUC):
        out.append([s for s in mine if B.pieces_of(st, s, g)
                    and not any(s in t for t in out)])
    return out


def cultivate_room(st: AAState, s: int) -> bool:
    """AA 4.5.1: Population, Cartels Guerrillas outnumbering Police, room for a Base."""
    return D.POP[s] > 0 and B.base_room(st, s) > 0 and B.guerrillas(st, s, F) > B.police(st, s)


def cultivate_destination(st: AAState, s: int) -> bool:
    """8.5.1 Cultivate step 2: a City or Department with no Cartels Base it may go to."""
    return not B.is_loc(s) and cultivate_room(st, s) and not B.bases(st, s, F)


def cultivate_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.5.1 Cultivate: step 1 a Base placed in a Department selected for this Rally; else
    step 2 the origins of a Base moved off a space with 2 Cartels Bases, when a City or
    Department with no Cartels Base can take it; else none (no SA)."""
    depts = [s for s in v.get("spaces", []) if B.is_dept(s) and cultivate_room(st, s)]
    moves = any(cultivate_destination(st, s) for s in B.spaces(st))
    return [depts, [s for s in B.spaces(st) if moves and B.bases(st, s, F) >= 2]]


CHART: Final[Chart] = Chart(F, first_box, {
    "rally": Box(rally_tiers, 3, "cultivate", cultivate_tiers),
    "march": Box(march_tiers, 1, "process", process_tiers),
    "terror": Box(terror_tiers, 3, "bribe", bribe_tiers),
})
