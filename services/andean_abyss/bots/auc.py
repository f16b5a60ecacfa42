"""AA 8.6 Non-player AUC: Rally/Extort, March/Extort, Terror/Assassinate, Attack/Ambush."""

from __future__ import annotations

from typing import Any, Final

from .. import board as B
from ..constants import GUER_U
from ..state import AAState
from .cartels import flip_space
from .flowchart import Box, Chart, Tiers, unmoved
from .tables import can_rally_base, holds_shipment

F: Final = B.AUC


def cond_rally(st: AAState) -> bool:
    """8.6 Q1: >= 6 AUC Guerrillas Available, or a Rally (not at Opposition) places a Base."""
    return B.PIECES.available(st, GUER_U[F]) >= 6 or any(
        st.support[s] >= 0 and can_rally_base(st, s, F) for s in B.cities_and_depts(st))


def cond_march(st: AAState) -> bool:
    """8.6 Q2: fewer than half of the FARC Base spaces hold an AUC Guerrilla."""
    farc = [s for s in B.spaces(st) if B.bases(st, s, B.FARC)]
    return bool(farc) and 2 * sum(1 for s in farc if B.guerrillas(st, s, F)) < len(farc)


def cond_terror(st: AAState) -> bool:
    """8.6 Q3: a FARC Base and an Underground AUC Guerrilla share a space."""
    return any(B.bases(st, s, B.FARC) and B.underground(st, s, F) for s in B.spaces(st))


def first_box(st: AAState) -> str:
    if cond_rally(st):
        return "rally"
    if cond_march(st):
        return "march"
    return "terror" if cond_terror(st) else "attack"


def elite_backing(st: AAState, v: dict[str, Any]) -> bool:
    """The Rally is Elite Backing's (AA 6.4.5): free, no SA, and no Event runs it."""
    return v.get("sa_ok") is False and not any(fr.proc == "coin.effect" for fr in st.stack)


def rally_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.6.1 not at Opposition: Base, Flip, then placing at FARC Bases, AUC Bases, random.
    Elite Backing (8.6.1): a Base, else Guerrillas by the placing order (no Flip)."""
    cd = [s for s in B.cities_and_depts(st) if st.support[s] >= 0]
    place = B.PIECES.available(st, GUER_U[F]) > 0
    flip = not elite_backing(st, v)
    return [[s for s in cd if can_rally_base(st, s, F)],
            [s for s in cd if flip and flip_space(st, s, F)],
            [s for s in cd if place and B.bases(st, s, B.FARC)],
            [s for s in cd if place and B.bases(st, s, F)],
            [s for s in cd if place and B.faction_room(st, s, F) > 0]]


def keeps(st: AAState, o: int) -> int:
    """8.6.2 step 2 (AA-R-28): 1 AUC Guerrilla stays where an AUC or FARC Base is."""
    return 1 if B.bases(st, o, F) or B.bases(st, o, B.FARC) else 0


def movable(st: AAState, o: int, v: dict[str, Any]) -> int:
    g = B.guerrillas(st, o, F)
    return min(g - unmoved(v, o), g - keeps(st, o))


def stays_underground(st: AAState, s: int) -> bool:
    """8.6.2: Neutral, or cubes + FARC Guerrillas <= 2."""
    return st.support[s] == 0 or B.cubes(st, s) + B.guerrillas(st, s, B.FARC) <= 2


def march_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.6.2 step 1: FARC pieces, no AUC Guerrilla, an adjacent AUC Guerrilla free to move."""
    ok = [s for s in B.cities_and_depts(st) if B.pieces_of(st, s, B.FARC)
          and not B.guerrillas(st, s, F) and any(movable(st, o, v) > 0 for o in B.adjacent(st, s))]
    base = [s for s in ok if B.bases(st, s, B.FARC)]
    under = [s for s in ok if stays_underground(st, s)]
    return [[s for s in base if s in under], base, under, ok]


def shipment_target(st: AAState, s: int, f: int = F) -> bool:
    """An enemy Guerrilla holding a Shipment is in s (8.6.3 step 1; AA-I-18: an enemy
    group there holds one)."""
    return any(holds_shipment(st, s, g) for g in (B.FARC, B.AUC, B.CARTELS) if g != f)


def attack_target(st: AAState, s: int) -> bool:
    return shipment_target(st, s) or bool(B.pieces_of(st, s, B.FARC) or B.pieces_of(st, s, B.GOVT))


def attack_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.6.3 step 2: a target and an Underground AUC Guerrilla or 3+; most Guerrillas first."""
    ok = [s for s in B.spaces(st) if attack_target(st, s) and B.guerrillas(st, s, F)
          and (B.underground(st, s, F) or B.guerrillas(st, s, F) >= 3)]
    counts = sorted({B.guerrillas(st, s, F) for s in ok}, reverse=True)
    return [[s for s in ok if B.guerrillas(st, s, F) == n] for n in counts]


def terror_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.6.4: one space with a FARC Base, then one other City/Department with any FARC piece
    (another FARC Base space too), then any (each with an Underground AUC Guerrilla); a
    bullet is used once a space came by it (`np_tiers`, kept by the box)."""
    ok = [s for s in B.cities_and_depts(st) if B.underground(st, s, F)]
    used = {i for _, i in v.get("np_tiers", [])}
    base = [s for s in ok if B.bases(st, s, B.FARC)]
    farc = [s for s in ok if B.pieces_of(st, s, B.FARC)]
    return [[] if 0 in used else base, [] if 1 in used else farc, ok]


def extort_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.6.1 Extort: every space with an Underground AUC Guerrilla where AUC outnumbers."""
    return [[s for s in B.spaces(st) if B.underground(st, s, F) and B.outnumbers(st, s, F)]]


def assassinate_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.6.4 Assassinate: Terror spaces with AUC Guerrillas > Police and an enemy piece."""
    return [[s for s in v.get("spaces", []) if B.guerrillas(st, s, F) > B.police(st, s)
             and B.enemies_of(st, s, F)]]


def ambush_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.6.3 step 3: Attack spaces with an Underground AUC Guerrilla, fewest AUC first."""
    return ambush_order(st, F, attack_tiers(st, v))


def ambush_order(st: AAState, f: int, tiers: Tiers) -> Tiers:
    """8.6.3 step 3, 8.7.3 Ambush: the Attack spaces with an Underground own Guerrilla,
    fewest own Guerrillas first; ties: a Shipment target, then the first enemy of the
    Attack's targets (AUC: FARC; FARC: AUC), then Government pieces, then the rest."""
    ok = list(dict.fromkeys(s for t in tiers for s in t if B.underground(st, s, f)))
    first = B.FARC if f == F else F
    out: Tiers = []
    for n in sorted({B.guerrillas(st, s, f) for s in ok}):
        level = [s for s in ok if B.guerrillas(st, s, f) == n]
        ranks = {s: (not shipment_target(st, s, f), not B.pieces_of(st, s, first),
                     not B.pieces_of(st, s, B.GOVT)) for s in level}
        out += [[s for s in level if ranks[s] == r] for r in sorted(set(ranks.values()))]
    return out


CHART: Final[Chart] = Chart(F, first_box, {
    "rally": Box(rally_tiers, 3, "extort", extort_tiers),
    "march": Box(march_tiers, 1, "extort", extort_tiers),
    "attack": Box(attack_tiers, 3, "ambush", ambush_tiers),
    "terror": Box(terror_tiers, 3, "assassinate", assassinate_tiers),
})

