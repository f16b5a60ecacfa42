"""CL 8.8.7 the Non-player Government's Redeploy (RULES 6.4): Police first (ECs, Provinces
the Troops leave, Base Provinces and Cities without Police), then every Troop that must move
to the destination with the fewest Troops, then levelling (CL-R-53).

Destinations are judged on Control when the phase began (`st.ctl`, CL-R-14); whether an
origin keeps Control, on live Control after the move."""

from __future__ import annotations

from typing import Any, Final

from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..constants import Kind
from ..redeploy import dests, free_cubes, must_move, troop_dests
from ..state import CLState
from .govt_common import GOVT, M26, arg_space, done_or, frame_vars, govt_margin, others
from .options import by_space
from .tables import pick

POLICE: Final = Kind.POLICE
TROOPS: Final = Kind.TROOPS
LEVEL_GAP: Final = 2  # CL 8.8.7 step 2: destinations differing by 2+ Troops are levelled


def keeps_after(st: CLState, s: int, k: int) -> bool:
    """One cube of kind k may leave s: the Government keeps live Control (where it has it)."""
    return D.IS_EC[s] or B.live_control(st, s) != GOVT or govt_margin(st, s) > 1


def police_needs(st: CLState) -> list[tuple[int, int]]:
    """Step 1: (space, Police still wanted) in order: a. ECs, as many as the 26July Guerrillas;
    b. Provinces the Troops must leave, enough to keep Control (closed Casinos counted open);
    c. 1 in each Government-Controlled Base Province and City without Police."""
    out = [(s, B.guerrillas(st, s, M26) - B.n(st, s, POLICE)) for s in D.ECS]
    for s in D.PROVINCES:
        if B.control(st, s) == GOVT and must_move(st, s) and B.n(st, s, TROOPS):
            rest = others(st, s) + B.n(st, s, Kind.CASINO_CLOSED)
            left = B.control_count(st, s, GOVT) - B.n(st, s, TROOPS)
            out.append((s, rest + 1 - left))
    out += [(s, 1) for s in D.POPULATED if B.control(st, s) == GOVT and not B.n(st, s, POLICE)
            and (s in D.CITIES or B.n(st, s, Kind.GOVT_BASE))]
    return [(s, n) for s, n in out if n > 0]


def police_sources(st: CLState, v: dict[str, Any], dest: int) -> list[int]:
    """Spaces with the most Police free to move, never the last one nor Control lost."""
    c = [s for s in range(D.NS) if s != dest and free_cubes(st, v, s, POLICE) > 0
         and B.n(st, s, POLICE) > 1 and keeps_after(st, s, POLICE) and dest in dests(st, s, POLICE)]
    top = max((B.n(st, s, POLICE) for s in c), default=0)
    return [s for s in c if B.n(st, s, POLICE) == top]


def police_move(st: CLState, v: dict[str, Any]) -> tuple[list[int], int] | None:
    """The next Police move: (its possible sources, the destination)."""
    for dest, _ in police_needs(st):
        srcs = police_sources(st, v, dest)
        if srcs:
            return srcs, dest
    return None


def fewest(st: CLState, cands: list[int]) -> list[int]:
    low = min(B.n(st, s, TROOPS) for s in cands)
    return [s for s in cands if B.n(st, s, TROOPS) == low]


def level_move(st: CLState, v: dict[str, Any]) -> tuple[list[int], list[int]] | None:
    """Step 2 levelling: from the destination with the most free Troops to the one with the
    fewest, while they differ by 2+ and the origin keeps Control."""
    ds = troop_dests(st)
    if len(ds) < 2:
        return None
    srcs = [s for s in ds if free_cubes(st, v, s, TROOPS) > 0 and keeps_after(st, s, TROOPS)]
    if not srcs:
        return None
    top = max(B.n(st, s, TROOPS) for s in srcs)
    low = min(B.n(st, s, TROOPS) for s in ds)
    if top - low < LEVEL_GAP:
        return None
    return [s for s in srcs if B.n(st, s, TROOPS) == top], fewest(st, ds)


def redeploy_pick(st: CLState, d: Decision, f: int) -> str:
    """Which cube moves next (step 1 Police, step 2 Troops that must move, then levelling)."""
    v = frame_vars(st, "cl.redeploy")
    froms = {(arg_space(o), o.args.get("piece")): o.id for o in d.options}
    p = police_move(st, v)
    if p is not None:
        s = pick(st, [x for x in p[0] if (x, "police") in froms] or p[0])
        if (s, "police") in froms:
            return froms[(s, "police")]
    must = [s for s in range(D.NS) if must_move(st, s) and (s, "troops") in froms]
    if must:
        return froms[(must[0], "troops")]
    lv = level_move(st, v)
    if lv is not None:
        ok = [s for s in lv[0] if (s, "troops") in froms]
        if ok:
            return froms[(pick(st, ok), "troops")]
    return done_or(d, d.option_ids()[0])


def redeploy_to(st: CLState, d: Decision, f: int) -> str:
    """Where the picked cube goes: the Police destination of step 1; a Troop to the
    destination with the fewest Troops (Havana if none)."""
    v = frame_vars(st, "cl.redeploy")
    s, k = v["mv"]
    tos = by_space(d, ("to",))
    if k == POLICE:
        want = [dest for dest, _ in police_needs(st) if dest in tos]
        return tos[want[0]] if want else tos[pick(st, list(tos))]
    ds = [x for x in troop_dests(st) if x in tos]
    if not ds:
        return tos.get(D.HAVANA, d.option_ids()[0])
    return tos[pick(st, fewest(st, ds))]
