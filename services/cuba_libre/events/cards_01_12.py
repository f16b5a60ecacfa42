"""CL 5 Event cards 1-12 (docstrings = cards.json texts; CL-D-07)."""

from __future__ import annotations

from typing import Any

from services.coin.effects import Program
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option

from .. import board as B
from .. import data as D
from ..constants import CUBES, FACTION_IDS, FACTION_NAMES, GUER_A, GUER_U, KIND_IDS, Cap, Kind, Mom
from ..propaganda import push_redeploy
from . import SHADED, UNSHADED, register
from .capabilities import capability, momentum
from .lib import (
    DR,
    GOVT,
    INSURGENT_IDS,
    M26,
    NEUTRAL,
    Vars,
    aid,
    aid_to_government,
    alliance,
    at_support,
    can_shift,
    do,
    each,
    flip_all,
    free_op,
    free_op_each,
    free_sa,
    guerrilla_kinds,
    is_city,
    is_province,
    march_destinations,
    mountain,
    name_faction,
    named,
    pick,
    pieces_step,
    place_or_take_back,
    place_per_city,
    placeable_or_reclaimable,
    populated,
    push_place,
    remove_all,
    resources,
    roll_die,
    shifting,
    spaces,
    store,
    to_level,
)
from .lib_late import casino_turns

ACTIVE_SUPPORT, PASSIVE_OPPOSITION = 2, -1


def chosen(st: Any, v: Vars) -> list[int]:
    """The space an earlier step chose (v["first"]), if any."""
    return [v["first"]] if "first" in v else []


@register(1, UNSHADED)
def c01_armored_cars_unshaded() -> Program:
    """The executing faction picks 26July or Directorio. That faction makes a free March (CL
    3.3.2) in which every moving group must end in one single destination space (each moving
    Guerrilla must leave its space), then a free Ambush (CL 4.3.2 / 4.4.2) in that
    destination. For this Ambush the need for an Underground Guerrilla is waived: an Active
    Guerrilla may carry it out (nothing is flipped). The picked faction makes all choices
    inside its March and Ambush (CL 5.1); if it is not the executing faction it stays
    Eligible (CL 3.1.2)."""
    return [name_faction((M26, DR), "Free March and Ambush by", "who Marches and Ambushes"),
            free_op(named, "march", limited=True),
            free_sa(named, "ambush", march_destinations, active_ok=True)]


@register(1, SHADED)
def c01_armored_cars_shaded() -> Program:
    """Government Momentum until the next Reset (CL 5.4, 6.5): whenever the Government
    Assaults (any Assault, including free ones), before resolving the Assault in a space it
    may first move any number of Troops into that space from any other spaces (no adjacency
    needed). A Troop moved this way cannot move again for the same Assault operation."""
    return [momentum(Mom.ASSAULT_BRINGS_TROOPS)]


@register(2, UNSHADED)
def c02_guantanamo_bay_unshaded() -> Program:
    """Insurgent Capability for the rest of the game: when 26July Kidnaps (CL 4.3.3), Sierra
    Maestra counts as a City (so Kidnap is allowed there and may target the Government). All
    other Kidnap conditions still apply (Terror space; more 26July Guerrillas than Police)."""
    return [capability(Cap.KIDNAP_SIERRA_MAESTRA_AS_CITY)]


@register(2, SHADED)
def c02_guantanamo_bay_shaded() -> Program:
    """Government Momentum until the next Reset: each Air Strike (CL 4.2.2) removes up to 2
    pieces instead of 1, both in the Air Strike space, each removal following the Air Strike
    rule (an Active Guerrilla, or a Base/closing a Casino only if the target faction has no
    Guerrilla left there); Air Strike is allowed even while the US Alliance is Embargoed."""
    return [momentum(Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED)]


def troops_and_insurgent_guerrillas(st: Any, v: Vars, s: int) -> bool:
    """Card 3 unshaded: a space with Troops and some Insurgent's Guerrillas."""
    return B.n(st, s, Kind.TROOPS) > 0 and any(B.guerrillas(st, s, f) for f in INSURGENT_IDS)


def marcher_options(st: Any, v: Vars) -> list[Option]:
    if "first" not in v:  # no space qualified (CL 5.1.3)
        return []
    s = v["first"]
    return [option(f"faction:{FACTION_IDS[f]}", f"{FACTION_NAMES[f]} Marches every Guerrilla "
                   f"out of {D.TITLES[s]}", faction=FACTION_IDS[f], space=D.NAMES[s])
            for f in INSURGENT_IDS if B.guerrillas(st, s, f)]


def march_all_out(ctx: Ctx, st: Any, v: Vars, o: str) -> None:
    """Card 3 unshaded: the named faction moves each of its Guerrillas out of the space to
    an adjacent one of its choice; every one that moved ends Underground."""
    from .lib import push_pieces
    f = FACTION_IDS.index(o.split(":", 1)[1])
    s = v["first"]
    push_pieces(st, s, (GUER_U[f], GUER_A[f]), B.guerrillas(st, s, f), "move", f,
                hide_moved=True)


@register(3, UNSHADED)
def c03_eulogio_cantillo_unshaded() -> Program:
    """The executing faction selects one space containing Troops and one Insurgent faction
    that has Guerrillas there. That faction makes a free March moving all of its Guerrillas
    out of the selected space (each to an adjacent space of the marching faction's choice;
    groups may go to different spaces), then flips every Guerrilla that moved Underground.
    The executing faction chooses the space and the faction; the marching faction chooses
    destinations (CL 5.1 example). A faction that marches but did not execute the event
    stays Eligible (CL 3.1.2 example)."""
    return [spaces(1, troops_and_insurgent_guerrillas, store("first"),
                   "select a space with Troops"),
            pick(marcher_options, march_all_out, "which faction Marches out")]


@register(3, SHADED)
def c03_eulogio_cantillo_shaded() -> Program:
    """The executing faction selects one Province or City containing Troops. The Government
    makes a free Sweep there without moving any cubes in (activation only, CL 3.2.3, using
    the cubes present), then a free Assault there (CL 3.2.4). The Government makes the
    choices inside these free Operations."""
    def troops(st: Any, v: Vars, s: int) -> bool:
        return populated(s) and B.n(st, s, Kind.TROOPS) > 0
    return [spaces(1, troops, store("first"), "free Sweep (Activation only) and Assault"),
            free_op_each(GOVT, "sweep", chosen, no_move=True),
            free_op_each(GOVT, "assault", chosen)]


@register(4, UNSHADED)
def c04_sim_unshaded() -> Program:
    """Select one City or Province that is at Active or Passive Support and contains no
    Police; set it to Neutral."""
    def ok(st: Any, v: Vars, s: int) -> bool:
        return at_support(st, s) and not B.n(st, s, Kind.POLICE)
    return [spaces(1, ok, to_level(NEUTRAL), "set to Neutral")]


@register(4, SHADED)
def c04_sim_shaded() -> Program:
    """Government Momentum until the next Reset: in Sweep and Assault, Police count as
    Troops (Police may move into Sweep spaces like Troops, and in Assault Police remove
    pieces wherever the rule counts only Troops)."""
    return [momentum(Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS)]


@register(5, UNSHADED)
def c05_rolando_masferrer_unshaded() -> Program:
    """Select one Province containing Troops and one Province adjacent to it; set both to
    Passive Opposition."""
    def with_troops(st: Any, v: Vars, s: int) -> bool:
        return is_province(s) and B.n(st, s, Kind.TROOPS) > 0

    def first(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        v["first"] = s
        to_level(PASSIVE_OPPOSITION)(ctx, st, v, s)

    def next_to_first(st: Any, v: Vars, s: int) -> bool:
        return "first" in v and is_province(s) and s in D.ADJ[v["first"]]
    return [spaces(1, with_troops, first, "set to Passive Opposition (has Troops)"),
            spaces(1, next_to_first, to_level(PASSIVE_OPPOSITION),
                   "set to Passive Opposition (adjacent)")]


@register(5, SHADED)
def c05_rolando_masferrer_shaded() -> Program:
    """Government Momentum until the next Reset: a Government Sweep may be accompanied, as
    its Special Activity, by a free Assault in 1 space (normal Assault rules; no cost)."""
    return [momentum(Mom.SWEEP_WITH_FREE_ASSAULT)]


@register(6, UNSHADED)
def c06_sanchez_mosquera_unshaded() -> Program:
    """Select one Mountain Province; remove all Troops there to Available."""
    def ok(st: Any, v: Vars, s: int) -> bool:
        return mountain(s) and B.n(st, s, Kind.TROOPS) > 0

    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        remove_all(ctx, st, s, (Kind.TROOPS,), v["f"])
    return [spaces(1, ok, act, "remove all Troops")]


@register(6, SHADED)
def c06_sanchez_mosquera_shaded() -> Program:
    """Government Momentum until the next Reset: Assault treats Mountain Provinces as Cities
    (1 enemy piece removed per cube, Troops and Police, instead of 1 per 2 Troops)."""
    return [momentum(Mom.ASSAULT_MOUNTAIN_AS_CITY)]


@register(7, UNSHADED)
def c07_election_unshaded() -> Program:
    """In each City place 1 Guerrilla from Available; for each City the executing faction
    chooses which Insurgent faction's Guerrilla (a bot picks its own, CL 8.4.4)."""
    return [place_per_city()]


@register(7, SHADED)
def c07_election_shaded() -> Program:
    """Set one City to Neutral. Aid +10 (maximum 49)."""
    def ok(st: Any, v: Vars, s: int) -> bool:
        return is_city(s) and st.support[s] != NEUTRAL
    return [spaces(1, ok, to_level(NEUTRAL), "set to Neutral"), aid(10)]


@register(8, UNSHADED)
def c08_general_strike_unshaded() -> Program:
    """In each City: shift 1 level toward Neutral, and place 1 Guerrilla of any Insurgent
    faction (executing faction's choice per City)."""
    def city(st: Any, v: Vars, s: int) -> bool:
        return is_city(s) and can_shift(st, s, NEUTRAL)
    return [each(city, shifting(NEUTRAL)), place_per_city()]


@register(8, SHADED)
def c08_general_strike_shaded() -> Program:
    """Select one City: set it to Active Support and Activate every Guerrilla there. Then
    open any 1 closed Casino on the map."""
    def city(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        to_level(ACTIVE_SUPPORT)(ctx, st, v, s)
        for f in INSURGENT_IDS:
            flip_all(ctx, st, s, GUER_A[f])

    def open_one(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        casino_turns(ctx, st, s, to_open=True)
    return [spaces(1, lambda st, v, s: is_city(s), city, "set to Active Support, Activate all"),
            spaces(1, lambda st, v, s: B.n(st, s, Kind.CASINO_CLOSED) > 0, open_one,
                   "open a closed Casino")]


@register(9, UNSHADED)
def c09_coup_unshaded() -> Program:
    """Every City and Province under Government Control shifts 1 level toward Neutral. Then
    the US Alliance moves 1 box up (toward Firm) if possible; Aid does not change (CL 6.3.1
    note)."""
    def govt(st: Any, v: Vars, s: int) -> bool:
        return B.control(st, s) == GOVT and can_shift(st, s, NEUTRAL)
    return [each(govt, shifting(NEUTRAL)), alliance(-1)]


def coup_cities(st: Any) -> list[int]:
    """Card 9 shaded: Cities with a cube and a Directorio piece."""
    return [s for s in D.CITIES if B.cubes(st, s) and B.pieces_of(st, s, DR)]


@register(9, SHADED)
def c09_coup_shaded() -> Program:
    """In every City that contains at least one cube and at least one Directorio piece:
    Activate all Directorio Guerrillas there, then the Government makes a free Assault there
    that targets only Directorio pieces (normal City Assault: 1 piece per cube, Bases last).
    Then the US Alliance moves 1 box down (toward Embargoed) if possible; Aid does not
    change."""
    def mark(ctx: Ctx, st: Any, v: Vars) -> None:
        v["coup"] = coup_cities(st)
        for s in v["coup"]:
            flip_all(ctx, st, s, Kind.DR_A)
    return [do(mark), free_op_each(GOVT, "assault", lambda st, v: v["coup"], only_faction=DR),
            alliance(1)]


def replace_cube_options(st: Any, v: Vars) -> list[Option]:
    return [option(f"piece:{D.NAMES[s]}:{KIND_IDS[k]}",
                   f"Replace 1 {'Troop' if k == Kind.TROOPS else 'Police'} in {D.TITLES[s]} "
                   "with 2 Guerrillas", space=D.NAMES[s], piece=KIND_IDS[k])
            for s in range(D.NS) for k in CUBES if B.n(st, s, k)]


def replace_cube(ctx: Ctx, st: Any, v: Vars, o: str) -> None:
    from .lib import remove_piece
    _, space, kind = o.split(":")
    v["first"] = D.INDEX[space]
    remove_piece(ctx, st, v["first"], KIND_IDS.index(kind), v["f"])


def new_guerrilla_options(st: Any, v: Vars) -> list[Option]:
    s = v.get("first", -1)
    if s < 0:
        return []
    return [option(f"place:{FACTION_IDS[f]}", f"Place an Underground {FACTION_NAMES[f]} "
                   f"Guerrilla in {D.TITLES[s]}", faction=FACTION_IDS[f], space=D.NAMES[s])
            for f in INSURGENT_IDS if placeable_or_reclaimable(st, v, s, GUER_U[f])]


def new_guerrilla(ctx: Ctx, st: Any, v: Vars, o: str) -> None:
    """CL 1.4.1: an Insurgent player with none of its own Available may take one back."""
    kind = GUER_U[FACTION_IDS.index(o.split(":", 1)[1])]
    place_or_take_back(ctx, st, v, v["first"], [(kind, 1)])


@register(10, UNSHADED)
def c10_map_unshaded() -> Program:
    """Replace one cube (Troop or Police) anywhere with any 2 Guerrillas from Available (any
    Insurgent factions, executing faction's choice; the new Guerrillas are Underground)."""
    return [pick(replace_cube_options, replace_cube, "replace a cube"),
            pick(new_guerrilla_options, new_guerrilla, "first Guerrilla in its place"),
            pick(new_guerrilla_options, new_guerrilla, "second Guerrilla in its place")]


@register(10, SHADED)
def c10_map_shaded() -> Program:
    """Government Momentum until the next Reset: when the Government carries out a Limited
    Operation it may also carry out 1 Special Activity, free of cost."""
    return [momentum(Mom.LIMOP_WITH_FREE_SA)]


def redeploy(ctx: Ctx, st: Any, v: Vars) -> None:
    """Card 11: the Government's Redeploy as in the Propaganda round (CL 6.4, CL-R-14)."""
    push_redeploy(st)


@register(11, UNSHADED)
def c11_batista_flees() -> Program:
    """Government Resources -10 (not below 0). Roll a die: the executing faction selects
    that many Troops on the map and removes them to Available (all if fewer). US Alliance 1
    box up (toward Firm) if possible. Aid +10. Then the Government carries out a Redeploy
    exactly as in the Redeploy phase of a Propaganda round (CL 6.4)."""
    return [resources(GOVT, -10), roll_die("Troops removed"),
            pieces_step(lambda st, v: -1, (Kind.TROOPS,), lambda st, v: v["die"]),
            alliance(-1), aid(10), do(redeploy)]


@register(12, UNSHADED)
def c12_brac_unshaded() -> Program:
    """Remove any 2 Guerrillas (any factions, any spaces, executing faction's choice)."""
    return [pieces_step(lambda st, v: -1, guerrilla_kinds(), lambda st, v: 2)]


@register(12, SHADED)
def c12_brac_shaded() -> Program:
    """Place 1 Police from Available in any space. Then the Government adds the lesser of 6
    and the current Aid value to its Resources (Aid itself does not change)."""
    def ok(st: Any, v: Vars, s: int) -> bool:
        return placeable_or_reclaimable(st, v, s, Kind.POLICE)

    def police(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        push_place(st, s, (Kind.POLICE,), 1, v["f"])  # CL 1.4.1: the Government may take one back
    return [spaces(1, ok, police, "place 1 Police"), aid_to_government(6)]

