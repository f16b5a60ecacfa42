"""AA 5 Event cards 1-12 (first-edition texts; docstrings = cards.json)."""

from __future__ import annotations

from typing import Any

from services.coin.effects import Program

from .. import board as B
from .. import data as D
from ..constants import Cap, Kind, Mom
from . import SHADED, UNSHADED, event
from .capabilities import capability, momentum
from .lib import (
    GOVT,
    INSURGENTS,
    Vars,
    do,
    guerrilla_kinds,
    pipeline,
    place_reclaiming,
    placeable_or_reclaimable,
    populated,
    preferring,
    push_sa,
    res,
    sabotage,
    set_level,
    shift,
    spaces,
)

ACTIVE_OPPOSITION, PASSIVE_SUPPORT = -2, 1


def aid_to_govt(extra_aid: int) -> Any:
    """Cards 12, 17, 18: Government + the lesser of Aid and 20, then Aid + n."""
    def fn(ctx: Any, st: Any, v: Vars) -> None:
        B.add_resources(st, GOVT, min(st.aid, 20))
        B.add_aid(st, extra_aid)
    return do(fn)


def open_pipelines(st: Any, v: Vars, s: int) -> bool:
    return pipeline(s) and not B.is_sabotaged(st, s)


def cubeless_pipelines(st: Any) -> list[int]:
    return [s for s in D.LOCS if B.in_play(st, s) and pipeline(s) and not B.cubes(st, s)
            and not B.is_sabotaged(st, s)]


def highest_cubeless_pipeline(st: Any, v: Vars, s: int) -> bool:
    """Card 4 shaded (AA-D-21): highest Econ first among pipelines with no cubes."""
    cands = cubeless_pipelines(st)
    return s in cands and D.ECON[s] == max(D.ECON[c] for c in cands)


def sabotage_act(ctx: Any, st: Any, v: Vars, s: int) -> None:
    sabotage(st, s)


def next_to_econ3(st: Any, v: Vars, s: int) -> bool:
    return any(D.ECON[a] == 3 for a in B.adjacent(st, s))


@event(1, UNSHADED)
def c01_1st_division_unshaded() -> Program:
    """Govt Capability. In each Support Phase, one of the spaces chosen for Civic Action
    (AA 6.4.1) needs only Government Control and at least 1 cube of either kind (the
    usual need for both Troops and Police is waived for that one space)."""
    return [capability(Cap.C1_U)]


@event(1, SHADED)
def c01_1st_division_shaded() -> Program:
    """Govt Capability. Civic Action is allowed only in spaces holding at least 2 Troops
    and at least 2 Police (plus the usual Government Control)."""
    return [capability(Cap.C1_S)]


@event(2, UNSHADED)
def c02_ospina_mora_unshaded() -> Program:
    """Govt Capability. Sweep costs 1 Resource per selected space instead of the usual
    cost."""
    return [capability(Cap.C2_U)]


@event(2, SHADED)
def c02_ospina_mora_shaded() -> Program:
    """Govt Capability. A Sweep Operation may select only 1 space (per card)."""
    return [capability(Cap.C2_S)]


@event(3, UNSHADED)
def c03_tapias_unshaded() -> Program:
    """Govt Capability. Assault costs 1 Resource per selected space instead of the usual
    cost."""
    return [capability(Cap.C3_U)]


@event(3, SHADED)
def c03_tapias_shaded() -> Program:
    """Govt Capability. An Assault Operation may select only 1 space (per card)."""
    return [capability(Cap.C3_S)]


@event(4, UNSHADED)
def c04_ca_o_lim_n_cove_as_unshaded() -> Program:
    """The executing faction picks up to 3 pipeline LoCs that are not Sabotaged (all of
    them if fewer than 3 exist). Government Resources increase by 2 x the sum of their
    Econ values."""
    def act(ctx: Any, st: Any, v: Vars, s: int) -> None:
        B.add_resources(st, GOVT, 2 * D.ECON[s])
    return [spaces(3, open_pipelines, act, "pick an unsabotaged pipeline")]


@event(4, SHADED)
def c04_ca_o_lim_n_cove_as_shaded() -> Program:
    """Place Sabotage on 3 pipeline LoCs that hold no cubes and are not already
    Sabotaged, taking the highest Econ first (the executing faction breaks ties). If
    fewer than 3 qualify, Sabotage all that do."""
    return [spaces(3, highest_cubeless_pipeline, sabotage_act,
                   "Sabotage a pipeline (highest Econ first)")]


def police_placed(st: Any, v: Vars) -> None:
    """Card 5 unshaded: the pipeline chosen last is one of "those pipelines" once its Police
    is there (taken back first, AA 1.4.1, it arrives after the choice: `aa.ev_place`)."""
    last = v.pop("pipe", None)
    if last and B.police(st, last[0]) > last[1]:
        v.setdefault("pipes", []).append(last[0])


@event(5, UNSHADED)
def c05_occidental_ecopetrol_unshaded() -> Program:
    """Place up to 6 available Police onto pipeline LoCs, distributed as the executing
    faction likes. Then flip to Active 3 Underground Guerrillas (any factions) that are
    on those pipelines or in spaces adjacent to them (fewer if fewer exist)."""
    # The seed places 6 (6つの警察をパイプライン（複数可）に配置する), not "up to": fewer
    # only when fewer are Available (AA 5.1.3); the Government executing may take its own
    # back from the map (AA 1.4.1).
    def place(ctx: Any, st: Any, v: Vars, s: int) -> None:
        police_placed(st, v)
        v["pipe"] = [s, B.police(st, s)]
        place_reclaiming(st, v, s, (Kind.POLICE, 1))

    def activate(ctx: Any, st: Any, v: Vars) -> None:
        from .lib import push_pieces
        police_placed(st, v)
        near = {a for p in v.get("pipes", []) for a in (p, *B.adjacent(st, p))}
        push_pieces(st, -1, guerrilla_kinds(INSURGENTS), 3, "activate", v["f"],
                    among=sorted(near))
    return [spaces(6, lambda st, v, s: pipeline(s)
                   and placeable_or_reclaimable(st, v, s, Kind.POLICE),
                   place, "place a Police on a pipeline", repeat=True),
            do(activate)]



@event(5, SHADED)
def c05_occidental_ecopetrol_shaded() -> Program:
    """Choose one City or Department adjacent to a LoC with Econ 3 and shift it 2 levels
    toward Active Opposition."""
    return [spaces(1, lambda st, v, s: populated(s) and next_to_econ3(st, v, s)
                   and st.support[s] > ACTIVE_OPPOSITION,
                   lambda ctx, st, v, s: shift(st, s, ACTIVE_OPPOSITION, 2),
                   "shift a space next to a 3-Econ LoC 2 levels toward Opposition")]


@event(6, UNSHADED)
def c06_oil_spill_unshaded() -> Program:
    """Choose 2 Departments with Population >= 1 that are at Neutral, Passive Opposition
    or Active Opposition and adjacent to a Sabotaged LoC; set each to Passive Support."""
    return [spaces(2, lambda st, v, s: B.is_dept(s) and populated(s) and st.support[s] <= 0
                   and any(B.is_sabotaged(st, a) for a in B.adjacent(st, s)),
                   set_level(PASSIVE_SUPPORT), "set a Department to Passive Support")]


@event(6, SHADED)
def c06_oil_spill_shaded() -> Program:
    """Place Sabotage on one pipeline LoC that is not yet Sabotaged. Then shift one
    Department adjacent to that pipeline 1 level toward Active Opposition."""
    # AA 5.1.3: a pipeline that leaves a Department to shift, where there is one.
    def sab(ctx: Any, st: Any, v: Vars, s: int) -> None:
        sabotage(st, s)
        v["pipe"] = s

    def shiftable(st: Any, s: int) -> bool:
        return B.is_dept(s) and populated(s) and st.support[s] > ACTIVE_OPPOSITION

    def with_shift(st: Any, v: Vars, s: int) -> bool:
        return open_pipelines(st, v, s) and any(shiftable(st, a) for a in B.adjacent(st, s))
    return [spaces(1, preferring(with_shift, open_pipelines), sab, "Sabotage a pipeline"),
            spaces(1, lambda st, v, s: "pipe" in v and s in B.adjacent(st, v["pipe"])
                   and shiftable(st, s),
                   lambda ctx, st, v, s: shift(st, s, ACTIVE_OPPOSITION),
                   "shift a Department next to it toward Opposition")]


@event(7, UNSHADED)
def c07_7th_special_forces_unshaded() -> Program:
    """Govt Capability. In every Propaganda Round, at the end of the phase in which LoCs
    are Sabotaged (AA 6.2; called the Control phase in the seed, the Sabotage phase in
    the 2nd edition), the Government may remove 1 to 3 markers in total, each a Terror
    or a Sabotage marker, from anywhere."""
    return [capability(Cap.C7_U)]


@event(7, SHADED)
def c07_7th_special_forces_shaded() -> Program:
    """Govt Capability. In that same phase (AA 6.2), also Sabotage every LoC that holds
    at least 1 Guerrilla and whose Guerrillas (all factions together) equal its cubes in
    number."""
    return [capability(Cap.C7_S)]


@event(8, UNSHADED)
def c08_fuerza_a_rea_colombiana_unshaded() -> Program:
    """The Government executes 3 free Air Strikes (AA 4.2.2), one after another,
    choosing each target normally (the same space may be struck more than once).
    Government makes the choices whoever executed the Event."""
    # The seed's 実施できる: each Air Strike may be declined (AA-I-9).
    return [do(lambda ctx, st, v: push_sa(st, "aa.air_strike", GOVT, 3, may=True))]


@event(8, SHADED)
def c08_fuerza_a_rea_colombiana_shaded() -> Program:
    """Government Resources -9."""
    return [do(res(GOVT, -9))]


@event(9, UNSHADED)
def c09_high_mountain_battalions_unshaded() -> Program:
    """Govt Capability. Assault treats Mountain Departments as if they were Cities (the
    Mountain removal rate of AA 3.2.4 no longer applies)."""
    return [capability(Cap.C9_U)]


@event(9, SHADED)
def c09_high_mountain_battalions_shaded() -> Program:
    """Govt Capability. Assault in a Mountain Department removes only 1 enemy piece per
    4 Troops there (round down)."""
    return [capability(Cap.C9_S)]


@event(10, UNSHADED)
def c10_blackhawks_unshaded() -> Program:
    """Govt Capability. Air Lift may move any number of Troops (instead of at most 3)."""
    return [capability(Cap.C10_U)]


@event(10, SHADED)
def c10_blackhawks_shaded() -> Program:
    """Govt Capability. Air Lift may move only 1 Troops cube."""
    return [capability(Cap.C10_S)]


@event(11, UNSHADED)
def c11_national_defense_security_council_unshaded() -> Program:
    """Govt Capability. Into each Sweep space, 1 Police cube may move along with the
    Troops (same movement rules as the Troops)."""
    return [capability(Cap.C11_U)]


@event(11, SHADED)
def c11_national_defense_security_council_shaded() -> Program:
    """Govt Capability. When a Sweep Activates Guerrillas in a space, count either the
    Troops or the Police there, never both together (use the larger number)."""
    return [capability(Cap.C11_S)]


@event(12, UNSHADED)
def c12_plan_colombia_unshaded() -> Program:
    """Government Resources + the lesser of current Aid and 20. Then Aid +10 (Aid never
    exceeds 29)."""
    return [aid_to_govt(10)]


@event(12, SHADED)
def c12_plan_colombia_shaded() -> Program:
    """Insurgent Momentum. Until the Reset phase of the next Propaganda Round: no Air
    Strike may be executed, and Patrol Activates no Guerrillas."""
    return [momentum(Mom.M12)]
