"""CL 8.8.3 the Non-player Government's Garrison box, and its Air Strike and Reprisal SA
boxes (used after Sweep and with Assault too)."""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import op_vars
from services.coin.spaces import NEUTRAL
from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..casinos import RULES
from ..constants import GUER_A, GUER_U, Kind, Mom, UsAlliance
from ..ops.govt import assault_ok
from ..state import CLState
from .govt_assault import STRIKE_TESTS, sim_removals
from .govt_common import (
    DR,
    GOVT,
    M26,
    SYNDICATE,
    arg_kind,
    cube_offers,
    done_or,
    frame_vars,
    govt_margin,
    guerrillas_all,
    target_order,
    underground_all,
)
from .options import by_space
from .tables import pick, pick_one

Tiers = list[list[int]]
POLICE: Final = Kind.POLICE
TROOPS: Final = Kind.TROOPS


def cond_garrison(st: CLState) -> bool:
    """CL 8.8.3 entry: an EC holds an Underground 26July or DR Guerrilla, or more 26July + DR
    Guerrillas than cubes."""
    return any(B.underground(st, s, M26) or B.underground(st, s, DR)
               or B.guerrillas(st, s, M26) + B.guerrillas(st, s, DR) > B.cubes(st, s)
               for s in D.ECS)


# -- steps 1-3: cubes into ECs, then Cities ----------------------------------------------------


def ec_need(st: CLState, s: int) -> int:
    """Step 1 (CL-R-44): cubes until they equal the Guerrillas there (all factions)."""
    return max(0, guerrillas_all(st, s) - B.cubes(st, s))


def city_kind(st: CLState, s: int) -> int | None:
    """Step 2: the cube a City still needs for Government Control, a Troop and a Police
    (Police first); None when it has them."""
    if not B.n(st, s, POLICE):
        return POLICE
    if not B.n(st, s, TROOPS):
        return TROOPS
    return POLICE if govt_margin(st, s) <= 0 else None


def moved_into(v: dict[str, Any]) -> set[int]:
    """Spaces into which a cube has moved in this Garrison (step 3: never an origin)."""
    return {a[0] for a in v.get("arrived", [])}


def origins(st: CLState, v: dict[str, Any], k: int, dest: int) -> list[int]:
    """Step 3: spaces with a cube of kind k free to move, none moved into them, never the last
    Police of a space."""
    into = moved_into(v)
    least = 2 if k == POLICE else 1
    return [s for s in range(D.NS) if s != dest and s not in into and B.n(st, s, k) >= least]


def origin(st: CLState, v: dict[str, Any], k: int, dest: int) -> int | None:
    """Step 3: the space holding the most cubes of kind k (`random_pick` on ties)."""
    c = origins(st, v, k, dest)
    if not c:
        return None
    top = max(B.n(st, s, k) for s in c)
    return pick(st, [s for s in c if B.n(st, s, k) == top])


def wants(st: CLState, s: int) -> list[int]:
    """The kinds to move into s next, in order (Police, then Troops)."""
    if s in D.ECS:
        return [POLICE, TROOPS] if ec_need(st, s) else []
    k = city_kind(st, s)
    if k is None:
        return []
    return [k, TROOPS if k == POLICE else POLICE] if govt_margin(st, s) <= 0 else [k]


def movable_kind(st: CLState, v: dict[str, Any], s: int) -> bool:
    return any(origins(st, v, k, s) for k in wants(st, s))


def garrison_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """Steps 1-2 as the Garrison's spaces: ECs needing cubes, then Cities; with nothing to move,
    one EC where Guerrillas would be Activated or the free Assault removes pieces."""
    chosen = v.get("spaces", [])
    ecs = [s for s in D.ECS if s not in chosen and movable_kind(st, v, s)]
    cities = [s for s in D.CITIES if s not in chosen and movable_kind(st, v, s)]
    if ecs or cities or chosen:
        return [ecs, cities]
    return [[s for s in D.ECS if B.cubes(st, s) and underground_all(st, s)
             or assault_ok(st, v, s)]]


def garrison_possible(st: CLState) -> bool:
    """IF NONE (CL 8.8.3): a cube would move, or a Guerrilla be Activated or removed."""
    return any(garrison_tiers(st, {"spaces": []}))


def garrison_move(st: CLState, d: Decision, f: int) -> str:
    """Steps 1-3: one cube at a time into the space, Police first."""
    dest = frame_vars(st, "cl.cubes_in")["s"]
    v = op_vars(st)
    froms = cube_offers(d)
    for k in wants(st, dest):
        src = origin(st, v, k, dest)
        if src is not None and (src, k) in froms:
            return froms[(src, k)]
    return done_or(d, d.option_ids()[-1])


def free_assault_ec(st: CLState, d: Decision, f: int) -> str:
    """Step 4 (CL-R-44): the EC where the free Assault removes the most 26July Guerrillas
    (then the most pieces)."""
    spaces = by_space(d)
    if not spaces:
        return done_or(d, d.option_ids()[-1])

    def key(s: int) -> tuple[int, int]:
        r = sim_removals(st, s, B.assault_removals(st, s))
        return r.m26_guerrillas, r.guerrillas + r.bases

    top = max(key(s) for s in spaces)
    return spaces[pick(st, [s for s in spaces if key(s) == top])]


# -- Air Strike (CL 8.8.3 SA, CL-R-45) ---------------------------------------------------------


def can_strike(st: CLState) -> bool:
    return st.us_alliance != UsAlliance.EMBARGOED or B.has_mom(
        st, Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED)


def strike_tiers(st: CLState) -> Tiers:
    """A Base or Casino; an Active Guerrilla where there is a cube; the last Active Guerrilla
    of a faction there; factions `pav`, 26July, DR, Syndicate; Provinces before ECs. With card 2
    shaded (Momentum), spaces where 2 pieces go come first."""
    if not can_strike(st):
        return []
    ok = [s for s in (*D.PROVINCES, *D.ECS) if RULES.removable(st, s, GOVT, "air_strike")]
    tiers = [[s for s in ok if D.IS_EC[s] == ec and test(st, s, f)]
             for test in STRIKE_TESTS for f in target_order(st) for ec in (False, True)]
    if B.has_mom(st, Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED):
        two = {s for s in ok if sim_removals(st, s, 2, "air_strike").total >= 2}
        tiers = [[s for s in t if s in two] for t in tiers] + tiers
    return tiers


def strike_possible(st: CLState) -> bool:
    return any(strike_tiers(st))


# -- Reprisal (CL 8.8.3 SA) --------------------------------------------------------------------


def isolating(st: CLState, s: int) -> list[int]:
    """Factions (`pav`, 26July, DR) with a Base and exactly 1 Guerrilla in s."""
    return [f for f in target_order(st, (M26, DR))
            if B.bases(st, s, f) and B.guerrillas(st, s, f) == 1]


def reprisal_tiers(st: CLState) -> Tiers:
    """A Government-Controlled space with an enemy Base and exactly 1 Guerrilla of that
    faction (factions `pav`, then 26July, then DR); else the one where Reprisal lowers
    TotalOpposition the most."""
    ctl = [s for s in D.POPULATED if B.control(st, s) == GOVT]
    first = [[s for s in ctl if f in isolating(st, s)] for f in target_order(st, (M26, DR))]
    lower = {s: D.POP[s] for s in ctl if st.support[s] < NEUTRAL}
    top = max(lower.values(), default=0)
    return [*first, [s for s, g in lower.items() if g == top and g > 0]]


def reprisal_possible(st: CLState) -> bool:
    return any(reprisal_tiers(st))


def reprisal_piece(st: CLState, d: Decision, f: int) -> str:
    """The Guerrilla moved out: that faction's only one where a Base is isolated; else Ⓐ an
    Underground one (of a faction by equal chance, CL 8.0), else any."""
    s = frame_vars(st, "cl.ev_pieces")["s"]
    kinds = {arg_kind(o): o.id for o in d.options if arg_kind(o) is not None}
    for g in isolating(st, s):
        for k in (GUER_U[g], GUER_A[g]):
            if k in kinds:
                return kinds[k]
    under = [i for k, i in kinds.items() if k in GUER_U[1:]]
    return pick_one(st, under or list(kinds.values()) or d.option_ids())


def reprisal_dest(st: CLState, d: Decision, f: int) -> str:
    """The destination: not a space where its faction has a Base and no Guerrilla; Ⓑ a
    Neutral or Opposition space."""
    s, k = frame_vars(st, "cl.ev_pieces")["mv"]
    g = next(x for x in (M26, DR, SYNDICATE) if k in (GUER_U[x], GUER_A[x]))
    tos = by_space(d, ("to",))
    ok = [t for t in tos if not (B.bases(st, t, g) and not B.guerrillas(st, t, g))] or list(tos)
    calm = [t for t in ok if st.support[t] <= NEUTRAL] or ok
    return tos[pick(st, calm)]
