"""CL 8.8.4 the Non-player Government's Sweep box (with S.I.M. and Rolando Masferrer, 8.8.1),
and its movement logic, which Armored Cars' Assault borrows (8.8.1)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from services.coin.operations import op_vars
from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..constants import Kind, Mom, Terrain
from ..ops.common import arrived, movable
from ..ops.govt import sweepers
from ..state import CLState
from .govt_assault import removable_count
from .govt_common import (
    DR,
    M26,
    budget_spaces,
    cube_offers,
    done_or,
    frame_vars,
    govt_margin,
    p2_police_next,
    spare,
    underground_all,
    would_control,
)
from .govt_would import masferrer_pays
from .tables import pick

Tiers = list[list[int]]


def narrow(cands: list[int], filters: Sequence[Callable[[int], bool]]) -> list[int]:
    """CL 8.1.3: priorities are successive filters; one that would exclude every candidate is
    skipped."""
    for keep in filters:
        sub = [s for s in cands if keep(s)]
        if sub:
            cands = sub
    return cands


def per_guerrilla(s: int) -> int:
    """CL 3.2.3: cubes per Activation (2 in a Forest Province)."""
    return 2 if D.TERRAIN[s] == Terrain.FOREST else 1


def can_give(st: CLState, v: dict[str, Any], o: int, k: int) -> int:
    """Cubes of kind k that may leave o: none losing Government Control there (CL-R-46), each
    moving once, and a space of this Sweep keeping the cubes that Activate its own
    Underground Guerrillas."""
    n = min(spare(st, o, k), movable(st, v, o, k))
    if o in v.get("spaces", []):
        n = min(n, B.cubes(st, o) - underground_all(st, o) * per_guerrilla(o))
    return max(0, n)


def pool(st: CLState, v: dict[str, Any], s: int) -> int:
    """Cubes adjacent spaces could send into s."""
    return sum(can_give(st, v, o, k) for o in D.ADJ[s] for k in sweepers(st))


def can_activate(st: CLState, v: dict[str, Any], s: int) -> bool:
    """CL 8.8.4 step 1 (CL-R-46): an Underground 26July or DR Guerrilla, and at least one
    Guerrilla Activated after step 2."""
    return bool(B.underground(st, s, M26) or B.underground(st, s, DR)) and \
        B.cubes(st, s) + pool(st, v, s) >= per_guerrilla(s)


def sweep_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """CL 8.8.4 step 1: Ⓐ Support, Ⓑ Havana, Ⓒ cubes (S.I.M.: no cubes), else any; up to the
    budget."""
    chosen = v.get("spaces", [])
    if len(chosen) >= budget_spaces(st):
        return []
    cands = [s for s in D.POPULATED if s not in chosen and can_activate(st, v, s)]
    sim = B.has_mom(st, Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS)
    return [narrow(cands, [lambda s: st.support[s] > 0, lambda s: s == D.HAVANA,
                           lambda s: (B.cubes(st, s) == 0) == sim])]


def sweep_possible(st: CLState) -> bool:
    return any(sweep_tiers(st, {"spaces": [], "free": False}))


def masferrer(st: CLState) -> bool:
    """CL 8.8.1 Rolando Masferrer (card 5 shaded): the Sweep with its free Assault removes a
    26July Base or Activates 4+ Guerrillas (a dry run of the box, govt_would)."""
    if not B.has_mom(st, Mom.SWEEP_WITH_FREE_ASSAULT) or not sweep_possible(st):
        return False
    return masferrer_pays(st)


# -- step 2: Troops in ------------------------------------------------------------------------


def next_kind(st: CLState, v: dict[str, Any], s: int) -> list[int]:
    """The cube kinds to move next: Troops; with S.I.M. Police and Troops alternately, Police
    first (CL 8.8.1)."""
    kinds = sweepers(st)
    if len(kinds) == 1:
        return [Kind.TROOPS]
    police = p2_police_next(arrived(v, s, Kind.POLICE), arrived(v, s, Kind.TROOPS))
    return [Kind.POLICE, Kind.TROOPS] if police else [Kind.TROOPS, Kind.POLICE]


def troop_move(st: CLState, d: Decision, s: int, short: bool, lacks: bool) -> str:
    """CL 8.8.4 step 2: while `short` (more cubes would Activate or remove more), then while the
    Government `lacks` Control and the offered cubes could give it, one cube from the origin
    that can spare the most without losing Control (`random_pick` on ties)."""
    v = op_vars(st)
    offers = cube_offers(d)
    room = {key: can_give(st, v, *key) for key in offers}
    total = sum(room.values())
    if not short and (not lacks or D.IS_EC[s] or not would_control(st, s, total)):
        return done_or(d, d.option_ids()[-1])
    for k in next_kind(st, v, s):
        srcs = {o: n for (o, kk), n in room.items() if kk == k and n > 0}
        if srcs:
            top = max(srcs.values())
            return offers[(pick(st, [o for o, n in srcs.items() if n == top]), k)]
    return done_or(d, d.option_ids()[-1])


def sweep_move(st: CLState, d: Decision, f: int) -> str:
    """CL 8.8.4 step 2: as many as Activate every Underground Guerrilla (Forest: 2 cubes
    each), then for Control."""
    s = frame_vars(st, "cl.cubes_in")["s"]
    short = B.cubes(st, s) < underground_all(st, s) * per_guerrilla(s)
    return troop_move(st, d, s, short, B.live_control(st, s) != B.GOVT)


def armored_cars_move(st: CLState, d: Decision, f: int) -> str:
    """Card 1 shaded in the Assault box: Troops in until every enemy piece can be taken, then
    for Control once they are gone (the Sweep movement logic, CL 8.8.1)."""
    s = frame_vars(st, "cl.cubes_in")["s"]
    gone = min(B.assault_removals(st, s), removable_count(st, s))
    short = B.assault_removals(st, s) < removable_count(st, s)
    return troop_move(st, d, s, short, govt_margin(st, s) + gone <= 0)
