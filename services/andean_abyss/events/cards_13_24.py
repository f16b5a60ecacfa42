"""AA 5 Event cards 13-24 (first-edition texts; docstrings = cards.json)."""

from __future__ import annotations

from typing import Any

from services.coin.effects import Program

from .. import board as B
from .. import data as D
from ..constants import Cap, Kind, Mom
from . import SHADED, UNSHADED, event
from .capabilities import capability, momentum
from .lib import (
    FARC,
    GOVT,
    INSURGENTS,
    Vars,
    anywhere,
    by,
    chosen,
    do,
    every_space,
    free_op,
    pieces_step,
    place_reclaiming,
    placeable_or_reclaimable,
    populated,
    preferring,
    res,
    roll,
    set_level,
    spaces,
    store,
)

NEUTRAL, PASSIVE_OPPOSITION, ACTIVE_SUPPORT = 0, -1, 2
MOUNTAINS = ("cesar", "antioquia", "santander", "huila")


def aid_to_govt(extra_aid: int) -> Any:
    """Cards 12, 17, 18: Government + the lesser of Aid and 20, then Aid + n."""
    def fn(ctx: Any, st: Any, v: Vars) -> None:
        B.add_resources(st, GOVT, min(st.aid, 20))
        B.add_aid(st, extra_aid)
    return do(fn)


def open_dept(st: Any, v: Vars, s: int) -> bool:
    return B.is_dept(s) and not B.is_zone(st, s)


def base_fits(st: Any, v: Vars, s: int) -> bool:
    return open_dept(st, v, s) and bool(B.PIECES.available(st, Kind.GOVT_BASE)) and B.can_place(
        st, s, Kind.GOVT_BASE)


def tres_esquinas(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 14 unshaded: 1 Govt Base (within stacking) and 3 Troops; the Government
    executing may take its own back from the map (AA 1.4.1)."""
    place_reclaiming(st, v, s, (Kind.GOVT_BASE, 1), (Kind.TROOPS, 3))


def has_base_and_cube(st: Any, v: Vars, s: int) -> bool:
    return B.is_dept(s) and bool(B.bases(st, s, GOVT)) and bool(B.cubes(st, s))


def has_base_or_cube(st: Any, v: Vars, s: int) -> bool:
    return B.is_dept(s) and bool(B.bases(st, s, GOVT) or B.cubes(st, s))


def remove_base(ctx: Any, st: Any, v: Vars, s: int) -> None:
    v["s"] = s
    if B.bases(st, s, GOVT):
        B.PIECES.remove(st, s, Kind.GOVT_BASE)


def coffee_prices(ctx: Any, st: Any, v: Vars) -> None:
    """Card 16 unshaded (AA-D-17): +5 to the faction with most pieces; ties to Govt."""
    for name in MOUNTAINS:
        s = D.INDEX[name]
        counts = [B.pieces_of(st, s, f) for f in range(4)]
        top = max(counts)
        winner = counts.index(top) if counts.count(top) == 1 else GOVT
        B.add_resources(st, winner, 5)


def war_tax(ctx: Any, st: Any, v: Vars) -> None:
    r = roll(st)
    B.add_resources(st, GOVT, 4 * r)
    ctx.emit("aa.roll", f"War Tax: rolled {r}.", {"roll": r})


def nspd_shaded(ctx: Any, st: Any, v: Vars) -> None:
    B.add_resources(st, GOVT, -6)
    r = roll(st)
    B.add_aid(st, -r)
    ctx.emit("aa.roll", f"NSPD-18: rolled {r}.", {"roll": r})


def general_offensive(ctx: Any, st: Any, v: Vars) -> None:
    """Card 19: Govt free Sweeps (no moves) or Assaults; an Insurgent Attacks or Terrors;
    each space optional (the rulebook's 実施できる, "may": AA-I-9)."""
    modes = ("sweep", "assault") if v["f"] == GOVT else ("attack", "terror")
    every_space(None, modes, may=True).run(ctx, st, v)


def farc_guerrillas() -> tuple[int, ...]:
    return (Kind.FARC_U, Kind.FARC_A)


def farc_base_room(st: Any, v: Vars, s: int) -> bool:
    return not B.is_loc(s) and placeable_or_reclaimable(st, v, s, Kind.FARC_BASE)


def place_farc_base(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """FARC executing may take one of its Bases back from the map (AA 1.4.1)."""
    place_reclaiming(st, v, s, (Kind.FARC_BASE, 1))


def activate_and_strip(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 23 unshaded: every Guerrilla Active; every Cartels Base removed."""
    for f in INSURGENTS:
        B.PIECES.flip_to(st, s, B.PIECES.flip[_under(f)], B.n(st, s, _under(f)))
    if B.bases(st, s, 3):
        B.PIECES.remove(st, s, Kind.CARTELS_BASE, B.bases(st, s, 3))


def _under(f: int) -> int:
    return (Kind.FARC_U, Kind.AUC_U, Kind.CARTELS_U)[f - 1]


def ineligible(*factions: int) -> Any:
    """AA 2.3.7 step 3: named factions Ineligible for the next card."""
    def fn(ctx: Any, st: Any, v: Vars) -> None:
        st.set_ineligible.extend(f for f in factions if f not in st.set_ineligible)
    return do(fn)


def two_troops_there(st: Any, v: Vars, s: int) -> bool:
    return B.pieces_of(st, s, FARC) > 0 and B.troops(st, s) >= 2


def troops_there(st: Any, v: Vars, s: int) -> bool:
    return B.pieces_of(st, s, FARC) > 0 and B.troops(st, s) > 0


@event(13, UNSHADED)
def c13_plan_meteoro_unshaded() -> Program:
    """Govt Capability. Each Patrol Operation includes a free Assault in every LoC
    (instead of the usual single LoC)."""
    return [capability(Cap.C13_U)]


@event(13, SHADED)
def c13_plan_meteoro_shaded() -> Program:
    """Govt Capability. Patrol Operations include no free Assault at all."""
    return [capability(Cap.C13_S)]


@event(14, UNSHADED)
def c14_tres_esquinas_unshaded() -> Program:
    """The Government places 1 available Government Base and 3 available Troops into one
    Department (not a FARC Zone; Base within stacking). A Department where the Base fits
    must be chosen if one exists (AA 5.1.3)."""
    return [spaces(1, preferring(base_fits, open_dept), tres_esquinas,
                   "Government Base and 3 Troops into a Department", who=by(GOVT))]


@event(14, SHADED)
def c14_tres_esquinas_shaded() -> Program:
    """In one Department, remove 1 Government Base and 1 Government cube (Troops or
    Police). Choose a Department holding both if one exists; otherwise remove whichever
    one is present."""
    return [spaces(1, preferring(has_base_and_cube, has_base_or_cube), remove_base,
                   "remove a Govt Base and cube from a Department"),
            pieces_step(chosen, (Kind.TROOPS, Kind.POLICE), 1)]


@event(15, UNSHADED)
def c15_war_tax_unshaded() -> Program:
    """Roll 1 die; Government Resources + 4 x the result."""
    return [do(war_tax)]


@event(15, SHADED)
def c15_war_tax_shaded() -> Program:
    """Choose one City at Neutral or Passive Support and set it to Passive Opposition."""
    return [spaces(1, lambda st, v, s: B.is_city(s) and st.support[s] in (NEUTRAL, 1),
                   set_level(PASSIVE_OPPOSITION), "set a City to Passive Opposition")]


@event(16, UNSHADED)
def c16_coffee_prices_unshaded() -> Program:
    """For each Mountain Department (Cesar, Antioquia, Santander, Huila): the faction
    with the most pieces there (all piece types count) gains +5 Resources. If two or
    more factions tie for most (including a space with no pieces at all), the Government
    gains the +5."""
    return [do(coffee_prices)]


@event(16, SHADED)
def c16_coffee_prices_shaded() -> Program:
    """Government Resources -10."""
    return [do(res(GOVT, -10))]


@event(17, UNSHADED)
def c17_madrid_donors_unshaded() -> Program:
    """Government Resources + the lesser of current Aid and 20. Then Aid +6 (max 29)."""
    return [aid_to_govt(6)]


@event(17, SHADED)
def c17_madrid_donors_shaded() -> Program:
    """Insurgent Momentum. Until the Reset phase of the next Propaganda Round: no Sweep
    and no Assault in Departments (Cities and LoCs are still allowed)."""
    return [momentum(Mom.M17)]


@event(18, UNSHADED)
def c18_nspd_18_unshaded() -> Program:
    """Government Resources + the lesser of current Aid and 20. Then Aid +20 (max 29)."""
    return [aid_to_govt(20)]


@event(18, SHADED)
def c18_nspd_18_shaded() -> Program:
    """Government Resources -6. Then roll 1 die and lower Aid by the result (min 0)."""
    return [do(nspd_shaded)]


@event(19, UNSHADED)
def c19_general_offensive_unshaded() -> Program:
    """If the executing faction is the Government: in every space where it is possible,
    the Government executes for free either a Sweep without moving any cubes (Activation
    only) or an Assault, its choice space by space. If the executing faction is an
    Insurgent: in every space where it is possible, it executes for free either an
    Attack or a Terror, its choice space by space. Normal requirements of each Operation
    apply (AA 5.5)."""
    return [do(general_offensive)]


@event(20, UNSHADED)
def c20_mono_jojoy_unshaded() -> Program:
    """The Government (whoever executed the Event) moves up to 6 FARC Guerrillas, each
    from its current space into an adjacent space of the Government's choice (within
    stacking). Moved Guerrillas keep their Active/Underground state."""
    return [pieces_step(anywhere, farc_guerrillas(), 6, "move", who=by(GOVT), stop=True)]


@event(20, SHADED)
def c20_mono_jojoy_shaded() -> Program:
    """FARC executes a free March with any of its Guerrillas (normal March rules, no
    cost), then flips up to 3 of its Active Guerrillas anywhere to Underground."""
    return [free_op(FARC, "march"),
            pieces_step(anywhere, (Kind.FARC_A,), 3, "hide", who=by(FARC), stop=True)]


@event(21, UNSHADED)
def c21_ra_l_reyes_unshaded() -> Program:
    """FARC Resources -6. Remove 1 FARC Base from anywhere."""
    return [do(res(FARC, -6)), pieces_step(anywhere, (Kind.FARC_BASE,), 1)]


@event(21, SHADED)
def c21_ra_l_reyes_shaded() -> Program:
    """FARC Resources +6. Place 1 available FARC Base into any City or Department
    (within stacking)."""
    return [do(res(FARC, 6)),
            spaces(1, farc_base_room, place_farc_base, "place a FARC Base")]


@event(22, UNSHADED)
def c22_alfonso_cano_unshaded() -> Program:
    """Set one space at Passive or Active Opposition to Neutral."""
    return [spaces(1, lambda st, v, s: populated(s) and st.support[s] < 0, set_level(NEUTRAL),
                   "set an Opposition space to Neutral")]


@event(22, SHADED)
def c22_alfonso_cano_shaded() -> Program:
    """Insurgent Momentum. Until the Reset phase of the next Propaganda Round: in
    Agitation (AA 6.4.2) FARC may also Agitate in up to 3 spaces that hold a FARC piece
    and are not under Government Control (FARC Control not needed there)."""
    return [momentum(Mom.M22)]


@event(23, UNSHADED)
def c23_dod_contractors_unshaded() -> Program:
    """Choose one Department: Activate every Guerrilla there (all factions) and remove
    every Cartels Base there."""
    return [spaces(1, lambda st, v, s: B.is_dept(s), activate_and_strip, "choose a Department")]


@event(23, SHADED)
def c23_dod_contractors_shaded() -> Program:
    """The Government removes 3 of its Troops from the map (Government chooses which).
    The Government and FARC are Ineligible for the next card (place both in the
    Ineligible box at this card's eligibility adjustment, whatever they did on this
    card)."""
    return [pieces_step(anywhere, (Kind.TROOPS,), 3, who=by(GOVT)), ineligible(GOVT, FARC)]


@event(24, UNSHADED)
def c24_operaci_n_jaque_unshaded() -> Program:
    """Set one City to Active Support. FARC is Ineligible for the next card."""
    return [spaces(1, lambda st, v, s: B.is_city(s) and st.support[s] != ACTIVE_SUPPORT,
                   set_level(ACTIVE_SUPPORT), "set a City to Active Support"),
            ineligible(FARC)]


@event(24, SHADED)
def c24_operaci_n_jaque_shaded() -> Program:
    """Remove 2 Troops from one space that holds FARC pieces (a space with at least 2
    Troops if any; otherwise as many as possible). Then set one City at Passive or
    Active Support to Neutral."""
    return [spaces(1, preferring(two_troops_there, troops_there), store(),
                   "remove 2 Troops from a space with FARC pieces"),
            pieces_step(chosen, (Kind.TROOPS,), 2),
            spaces(1, lambda st, v, s: B.is_city(s) and st.support[s] > 0, set_level(NEUTRAL),
                   "set a City at Support to Neutral")]
