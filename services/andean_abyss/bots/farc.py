"""AA 8.7 Non-player FARC: Rally/Extort, March/Extort, Attack/Ambush, Terror/Kidnap."""

from __future__ import annotations

from typing import Any, Final

from .. import board as B
from .. import data as D
from ..constants import GUER_U
from ..sequence import final_event_card
from ..state import AAState
from .auc import ambush_order
from .cartels import flip_space
from .flowchart import Box, Chart, Tiers, unmoved
from .tables import can_rally_base, pick

F: Final = B.FARC


def cond_rally(st: AAState) -> bool:
    """8.7 Q1: >= 9 FARC Guerrillas Available, or a Rally (not at Support) places a Base."""
    return B.PIECES.available(st, GUER_U[F]) >= 9 or any(
        st.support[s] <= 0 and can_rally_base(st, s, F) for s in B.cities_and_depts(st))


def cond_march(st: AAState) -> bool:
    """8.7 Q2: no LoC or City/Department at Support holds an Underground FARC Guerrilla
    or 3+ FARC pieces."""
    return not any((B.is_loc(s) or st.support[s] > 0)
                   and (B.underground(st, s, F) or B.pieces_of(st, s, F) >= 3)
                   for s in B.spaces(st))


def first_box(st: AAState) -> str:
    if cond_rally(st):
        return "rally"
    if cond_march(st):
        return "march"
    return "attack" if st.resources[F] > st.resources[B.GOVT] else "terror"


def rally_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.7.1 every City/Department not at Support: Base, Flip, Bases, then one more."""
    cd = [s for s in B.cities_and_depts(st) if st.support[s] <= 0]
    place = B.PIECES.available(st, GUER_U[F]) > 0
    first = [[s for s in cd if can_rally_base(st, s, F)],
             [s for s in cd if flip_space(st, s, F)],
             [s for s in cd if place and B.bases(st, s, F)]]
    extra = [s for s in v.get("spaces", []) if not B.bases(st, s, F)]
    more = [] if extra or not place else [s for s in cd if B.faction_room(st, s, F) > 0]
    return [*first, more]


def origin_ok(st: AAState, o: int) -> bool:
    """8.7.2 origins: Active Opposition, 0 Population, or a Sabotaged LoC (a LoC has no
    Population: it is an origin only when Sabotaged)."""
    if B.is_loc(o):
        return B.is_sabotaged(st, o)
    return st.support[o] == -2 or D.POP[o] == 0


def keeps(st: AAState, o: int) -> int:
    """8.7.2: 1 FARC Guerrilla stays where a Base of any faction is."""
    return 1 if B.PIECES.bases_in(st, o) else 0


def movable(st: AAState, o: int, v: dict[str, Any]) -> int:
    g = B.guerrillas(st, o, F)
    return min(g - unmoved(v, o), g - keeps(st, o)) if origin_ok(st, o) else 0


def march_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.7.2 step 1: unSabotaged LoCs without FARC, highest Econ first (not before the final
    Propaganda card); step 2: up to 3 Agitation targets, staying Underground first."""
    if mass_moved(st, v):
        return []  # step 3 ends the March
    near = [s for s in B.spaces(st) if any(movable(st, o, v) > 0 for o in B.adjacent(st, s))]
    tiers: Tiers = []
    if not final_event_card(st):
        locs = [s for s in near if B.is_loc(s) and not B.is_sabotaged(st, s)
                and not B.guerrillas(st, s, F)]
        tiers += [[s for s in locs if D.ECON[s] == e]
                  for e in sorted({D.ECON[s] for s in locs}, reverse=True)]
    targets = sum(1 for s in v.get("spaces", []) if not B.is_loc(s))
    if targets < 3:
        ag = [s for s in near if not B.is_loc(s) and D.POP[s] >= 1 and st.support[s] >= 0
              and B.control(st, s) != F]
        under = [s for s in ag if st.support[s] == 0 or B.cubes(st, s) <= 2]
        tiers += [under, [s for s in ag if s not in under]]
    return [*tiers, mass_move(st, v)]


def movable_before(st: AAState, o: int, v: dict[str, Any]) -> int:
    """8.7.2 step 3 (AA-R-42): the Guerrillas able to move from o as they stood before this
    March (those that left o since counted back, those that arrived taken off)."""
    if not origin_ok(st, o):
        return 0
    left: list[int] = v.get("left") or [0] * len(st.support)
    g = B.guerrillas(st, o, F) - unmoved(v, o) + left[o]
    return g - keeps(st, o)


def mass_origins(st: AAState, v: dict[str, Any]) -> list[int]:
    """8.7.2 step 3 (AA-R-42): the spaces with the most FARC Guerrillas able to move,
    counted before moving; ties: those still able to move first (random among them)."""
    counts = {o: movable_before(st, o, v) for o in B.spaces(st)}
    top = max(counts.values(), default=0)
    most = [o for o in counts if top > 0 and counts[o] == top]
    return [o for o in most if movable(st, o, v) > 0]


def mass_moved(st: AAState, v: dict[str, Any]) -> bool:
    """8.7.2 step 3 has taken its destination (`np_mass`, `pick_mass_move`)."""
    return "np_mass" in v


def mass_move(st: AAState, v: dict[str, Any]) -> list[int]:
    """8.7.2 step 3: 1 space with Population >= 1 next to the step's origin (after steps
    1-2 found nothing more); none if that origin has no Guerrilla left to move."""
    return sorted({s for o in mass_origins(st, v) for s in B.adjacent(st, o)
                   if D.POP[s] >= 1 and not B.is_loc(s)})


def is_mass_tier(tiers: Tiers, i: int) -> bool:
    """The last of `march_tiers` is step 3's (while step 3 is still to come)."""
    return i == len(tiers) - 1


def pick_mass_move(st: AAState, v: dict[str, Any], dests: list[int]) -> int:
    """8.7.2 step 3 (AA-R-42): the origin (random_pick among the tied), then 1 space next
    to it among `dests` (random); both kept in the Operation's vars (`np_mass`)."""
    near = [o for o in mass_origins(st, v) if any(s in dests for s in B.adjacent(st, o))]
    o = pick(st, near)
    s = pick(st, [s for s in dests if s in B.adjacent(st, o)])
    v["np_mass"] = [s, o]
    return s


def origin_allowed(st: AAState, v: dict[str, Any], s: int, o: int) -> bool:
    """8.7.2: step 3's destination takes its Guerrillas from the step's origin only."""
    mass = v.get("np_mass")
    return mass is None or mass[0] != s or o == mass[1]


def attack_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.7.3: every space with 3+ FARC Guerrillas and an enemy; plus 1 City/Department with
    an Underground FARC Guerrilla and an enemy, else 1 such LoC."""
    every = [s for s in B.spaces(st) if B.guerrillas(st, s, F) >= 3 and B.enemies_of(st, s, F)]
    plus = [s for s in v.get("spaces", []) if s not in every]
    if plus:
        return [every]
    one = [s for s in B.spaces(st) if s not in every and B.underground(st, s, F)
           and B.enemies_of(st, s, F)]
    return [every, [s for s in one if not B.is_loc(s)], [s for s in one if B.is_loc(s)]]


def kidnap_possible(st: AAState, s: int) -> bool:
    """8.7.4 step 2: Kidnap or Drug Ransom could take something here."""
    if B.guerrillas(st, s, F) <= B.police(st, s):
        return False
    govt = (B.is_city(s) or B.is_loc(s)) and st.resources[B.GOVT] > 0
    cartels = bool(B.bases(st, s, B.CARTELS)) and (
        st.resources[B.CARTELS] > 0 or bool(B.ships_at(st, s, B.CARTELS)))
    return govt or cartels


KIDNAP_TIER: Final = 1  # 8.7.4 step 2, the 2nd of `terror_tiers`


def terror_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.7.4: unSabotaged LoCs; up to 3 Kidnap spaces (counted by the bullet each space
    came by, `np_tiers`, kept by the box: a LoC of step 1 is Sabotaged by its Terror and
    is not one of them); every other populated space not at Active Opposition (each with
    an Underground FARC Guerrilla)."""
    ok = [s for s in B.spaces(st) if B.underground(st, s, F)]
    locs = [s for s in ok if B.is_loc(s) and not B.is_sabotaged(st, s)]
    kid_done = sum(1 for _, i in v.get("np_tiers", []) if i == KIDNAP_TIER)
    kid = [] if kid_done >= 3 else [s for s in ok if s not in locs and kidnap_possible(st, s)]
    rest = [s for s in ok if not B.is_loc(s) and D.POP[s] >= 1 and st.support[s] > -2]
    return [locs, kid, rest]


def extort_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.7.1 Extort where FARC outnumbers: (a) every space with 2+ Underground (a LoC too),
    (b) plus 1 LoC (lowest Econ first), once (`np_sa_tiers`: a space came by it)."""
    ok = [s for s in B.spaces(st) if B.outnumbers(st, s, F) and B.underground(st, s, F)]
    two = [s for s in ok if B.underground(st, s, F) >= 2]
    locs = [s for s in ok if B.is_loc(s) and s not in two]
    if 1 in v.get("np_sa_tiers", []):
        locs = []  # (b) one LoC only
    low = min((D.ECON[s] for s in locs), default=0)
    return [two, [s for s in locs if D.ECON[s] == low]]


def kidnap_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.7.4 Kidnap: LoCs, then Cities, then Departments with Cartels Bases."""
    ok = [s for s in v.get("spaces", []) if B.guerrillas(st, s, F) > B.police(st, s)]
    govt = st.resources[B.GOVT] > 0
    return [[s for s in ok if B.is_loc(s) and govt], [s for s in ok if B.is_city(s) and govt],
            [s for s in ok if B.is_dept(s) and B.bases(st, s, B.CARTELS)
             and (st.resources[B.CARTELS] > 0 or B.ships_at(st, s, B.CARTELS))]]


def ambush_tiers(st: AAState, v: dict[str, Any]) -> Tiers:
    """8.7.3 Ambush: the Attack space with the fewest FARC Guerrillas, an Underground one."""
    return ambush_order(st, F, [list(v.get("spaces", [])), *attack_tiers(st, v)])


CHART: Final[Chart] = Chart(F, first_box, {
    "rally": Box(rally_tiers, 99, "extort", extort_tiers),
    "march": Box(march_tiers, 99, "extort", extort_tiers),
    "attack": Box(attack_tiers, 99, "ambush", ambush_tiers),
    "terror": Box(terror_tiers, 99, "kidnap", kidnap_tiers),
})
