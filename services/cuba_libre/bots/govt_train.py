"""CL 8.8.2 the Non-player Government's Train box and its Transport SA box."""

from __future__ import annotations

from typing import Any, Final

from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..constants import NO_CONTROL, Kind
from ..ops.govt import has_govt_base
from ..special.govt import TRANSPORT_MOST
from ..state import CLState
from . import govt_civic
from .boxes import govt_base_allowed
from .govt_common import (
    BUDGET,
    GOVT,
    arg_kind,
    budget_spaces,
    done_or,
    govt_margin,
    p2_police_next,
    would_control,
)
from .govt_common import (
    frame_vars as fv,
)
from .options import by_space
from .tables import pick

Tiers = list[list[int]]
TRAIN_CUBES: Final = 4  # CL 3.2.1, 8.8.2 step 2


def cube_spaces(st: CLState) -> list[int]:
    """CL 8.8.2: the Cities and the Provinces with a Government Base."""
    return [s for s in D.POPULATED if s in D.CITIES or has_govt_base(st, s)]


def cond_train(st: CLState) -> bool:
    """CL 8.8.2 entry: some such space lacks Government Control, Troops or Police."""
    return any(B.live_control(st, s) != GOVT or not B.n(st, s, Kind.TROOPS)
               or not B.n(st, s, Kind.POLICE) for s in cube_spaces(st))


def base_provinces(st: CLState) -> list[int]:
    """CL 8.8.2 step 1 (CL-R-42): Provinces with 2+ Government cubes, no Government Base, room
    for a Base other than a Casino, and a Government Base Available."""
    if not B.PIECES.available(st, Kind.GOVT_BASE):
        return []
    return [s for s in D.PROVINCES if B.cubes(st, s) >= 2 and not has_govt_base(st, s)
            and B.base_room(st, s) > 0]


def cubes_available(st: CLState) -> int:
    return B.PIECES.available(st, Kind.TROOPS) + B.PIECES.available(st, Kind.POLICE)


def cube_groups(st: CLState, spaces: list[int]) -> Tiers:
    """CL 8.8.2 step 2: spaces without Government Control, then without Police, then without
    Troops, then the rest."""
    groups: Tiers = [[], [], [], []]
    for s in spaces:
        if B.live_control(st, s) != GOVT:
            groups[0].append(s)
        elif not B.n(st, s, Kind.POLICE):
            groups[1].append(s)
        elif not B.n(st, s, Kind.TROOPS):
            groups[2].append(s)
        else:
            groups[3].append(s)
    return groups


def train_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """CL 8.8.2 steps 1-2 as the Train's spaces: 4 cubes in each City / Base Province while 4
    are Available (one of the k spaces kept for the Base Province of step 1), then that
    Province."""
    chosen = v.get("spaces", [])
    bases = base_provinces(st)
    reserve = bool(bases) and not any(s in bases for s in chosen)
    k = train_spaces(st, v)
    tiers: Tiers = []
    if k - len(chosen) - (1 if reserve else 0) > 0 and cubes_available(st) >= TRAIN_CUBES:
        tiers += cube_groups(st, [s for s in cube_spaces(st) if s not in chosen])
    if reserve and k > len(chosen):
        tiers.append(bases)
    return tiers


def train_spaces(st: CLState, v: dict[str, Any]) -> int:
    """CL 8.8.2 k: the budget's spaces, or fewer if the Resources pay for fewer (8.1 item 3:
    the reserved Province still gets one of them)."""
    chosen = len(v.get("spaces", []))
    if v.get("free"):
        return budget_spaces(st)
    return min(budget_spaces(st), chosen + st.resources[GOVT] // B.coin_op_cost(st))


def train_possible(st: CLState) -> bool:
    """IF NONE (CL 8.8.2): something would be placed or replaced."""
    return any(train_tiers(st, {"spaces": []}))


def place_cube(st: CLState, d: Decision, f: int) -> str:
    """CL 8.8.2 step 2, P2: 4 cubes, Police and Troops alternately, Police first."""
    v = fv(st, "cl.train_place")
    placed = TRAIN_CUBES - v.get("n", TRAIN_CUBES)
    want = "place:police" if p2_police_next(placed - placed // 2, placed // 2) else \
        "place:troops"
    ids = d.option_ids()
    if want in ids:
        return want
    return next((i for i in ids if verb_of(i) == "place"), "done")


def verb_of(option_id: str) -> str:
    return option_id.split(":", 1)[0]


def train_final(st: CLState, d: Decision, f: int) -> str:
    """CL 8.8.2 step 3: the Base in the Province (P1: never in a City, never a second
    Government Base); else step 4: Civic Action in the Train space where it raises
    TotalSupport the most, keeping 9 Resources."""
    bases = {s: i for s, i in by_space(d, ("base",)).items() if govt_base_allowed(st, s)}
    if bases:
        return bases[pick(st, list(bases))]
    civic = by_space(d, ("civic",))
    s = govt_civic.train_space(st, list(civic))
    return civic[s] if s is not None else done_or(d, d.option_ids()[-1])


def civic_again(st: CLState, d: Decision, f: int) -> str:
    """CL 8.8.2 step 4: as many steps as keep 9 Resources (and still raise TotalSupport)."""
    s = fv(st, "cl.train_final").get("civic")
    if "civic" in d.option_ids() and s is not None and \
            govt_civic.next_step(st, [s], BUDGET) == s:
        return "civic"
    return "done"


def train_base(st: CLState, d: Decision, f: int) -> str:
    """CL 8.8.2 step 3: the Base replaces Troops first, then Police."""
    for k in (Kind.TROOPS, Kind.POLICE):
        got = next((o.id for o in d.options if arg_kind(o) == k), None)
        if got:
            return got
    return d.option_ids()[0]


# -- Transport (CL 8.8.2 SA) -------------------------------------------------------------------


def surplus(st: CLState, s: int) -> int:
    """CL-R-43: Troops not needed for Control in a Government-Controlled City."""
    if s not in D.CITIES or B.live_control(st, s) != GOVT:
        return 0
    return max(0, min(B.n(st, s, Kind.TROOPS), govt_margin(st, s) - 1))


def transport_origin(st: CLState) -> int | None:
    """The Government-Controlled City with the most Troops not needed for Control."""
    top = max((surplus(st, s) for s in D.CITIES), default=0)
    if top <= 0:
        return None
    return pick(st, [s for s in D.CITIES if surplus(st, s) == top])


def transport_tiers(st: CLState, o: int, n: int) -> Tiers:
    """CL 8.8.2 Transport destinations: (1) a Province with Police and no Troops; (2) Active
    Guerrillas outnumber Troops; (3) another faction's Control lost; (4) Government Control
    gained in an Uncontrolled space."""
    others = [s for s in range(D.NS) if s != o]
    actives = {s: sum(B.active(st, s, f) for f in (B.M26, B.DR, B.SYNDICATE)) for s in others}

    def loses(s: int) -> bool:
        c = B.live_control(st, s)
        if c in (GOVT, NO_CONTROL):
            return False
        mine = B.control_count(st, s, c)
        rest = sum(B.control_count(st, s, g) for g in range(4) if g != c)
        return mine <= rest + n

    return [[s for s in others if s in D.PROVINCES and B.n(st, s, Kind.POLICE)
             and not B.n(st, s, Kind.TROOPS)],
            [s for s in others if actives[s] > B.n(st, s, Kind.TROOPS)],
            [s for s in others if not D.IS_EC[s] and loses(s)],
            [s for s in others if not D.IS_EC[s] and B.live_control(st, s) == NO_CONTROL
             and would_control(st, s, n)]]


def transport_plan(st: CLState) -> tuple[int, int, int] | None:
    """(origin, destination, Troops), or None: no origin or no destination (no SA)."""
    o = transport_origin(st)
    if o is None:
        return None
    n = min(TRANSPORT_MOST, surplus(st, o))
    tier = next((t for t in transport_tiers(st, o, n) if t), [])
    return (o, pick(st, tier), n) if tier else None


def transport_possible(st: CLState) -> bool:
    cities = [s for s in D.CITIES if surplus(st, s) > 0]
    return any(any(transport_tiers(st, o, min(TRANSPORT_MOST, surplus(st, o))))
               for o in cities)


def transport(st: CLState, d: Decision, f: int) -> str:
    """The Transport decisions: origin, destination, number (CL 8.8.2)."""
    v = fv(st, "cl.transport")
    ids = d.option_ids()
    if verb_of(ids[0]) == "from":
        plan = transport_plan(st)
        froms = by_space(d, ("from",))
        return froms[plan[0]] if plan and plan[0] in froms else ids[0]
    if verb_of(ids[0]) == "to":
        o = v["o"]
        n = min(TRANSPORT_MOST, max(1, surplus(st, o)))
        tier = next((t for t in transport_tiers(st, o, n) if t), [])
        tos = by_space(d, ("to",))
        ok = [s for s in tier if s in tos] or list(tos)
        return tos[pick(st, ok)]
    n = min(TRANSPORT_MOST, max(1, surplus(st, v["o"])))
    return next((i for i in ids if i == f"count:{n}"), ids[-1])

