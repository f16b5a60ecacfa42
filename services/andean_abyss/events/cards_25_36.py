"""AA 5 Event cards 25-36 (first-edition texts; docstrings = cards.json)."""

from __future__ import annotations

from typing import Any

from services.coin.effects import Program
from services.kernel.decisions import Option, option

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import BASE, GUER_U, Kind, Mom
from ..ops.common import push_remove
from ..special.govt import AIR_STRIKE, ERADICATE, air_lift_origins
from ..zones import place_zone
from . import SHADED, UNSHADED, event
from .capabilities import momentum
from .lib import (
    AUC,
    CARTELS,
    FARC,
    GOVT,
    INSURGENTS,
    Vars,
    all_kinds,
    by,
    chosen,
    do,
    every_space,
    faction_options,
    insurgent_pieces,
    name_insurgent,
    named,
    own_kinds,
    pick,
    pieces_step,
    place_reclaiming,
    placeable_or_reclaimable,
    populated,
    preferring,
    push_place,
    push_sa,
    remove_all,
    res,
    sabotage,
    set_level,
    shift,
    spaces,
    store,
    toward_support,
)

ACTIVE_OPPOSITION, PASSIVE_OPPOSITION, NEUTRAL, PASSIVE_SUPPORT = -2, -1, 0, 1
INSURGENT_KINDS = all_kinds(INSURGENTS)
VENEZUELA = tuple(D.INDEX[s] for s in next(
    c for c in D.MAP["foreign_countries"] if c["id"] == "venezuela")["borders"])
ECUADOR_BORDER = tuple(D.INDEX[s] for s in ("narino", "pasto", "putumayo", "loc_pasto_tumaco"))
NEXT_TO_ANTIOQUIA = tuple(D.INDEX[s] for s in (
    "antioquia", "atlantico", "cesar", "santander", "huila", "choco"))


def mountain_dept(s: int) -> bool:
    return B.is_dept(s) and B.is_mountain(s)


def remove_farc(ctx: Any, st: Any, v: Vars, s: int) -> None:
    remove_all(ctx, st, s, (Kind.FARC_U, Kind.FARC_A, Kind.FARC_BASE), v["f"])


def place_three_farc(ctx: Any, st: Any, v: Vars, s: int) -> None:
    push_place(st, s, (Kind.FARC_U, Kind.FARC_BASE), 3, v["f"])


def gramaje(per: int) -> Any:
    """Card 26 shaded (AA-D-18): `per` Resources per space (3; 6 in the second edition),
    never more than the Cartels have."""
    def fn(ctx: Any, st: Any, v: Vars) -> None:
        n = sum(1 for s in range(D.NS) if B.bases(st, s, CARTELS) and B.guerrillas(st, s, FARC))
        paid = -B.add_resources(st, CARTELS, -per * n)
        B.add_resources(st, FARC, paid)
    return do(fn)


def three_govt_sas() -> Any:
    """Card 27 unshaded: one free Government SA of the Government's choice, which it may
    decline, and with it those left (seed 実施できる, AA-I-9)."""
    def opts(st: Any, v: Vars) -> list[Option]:
        if v.get("no_more_sas"):
            return []
        frame = {"f": GOVT, "op": {"op": "", "spaces": []}}
        names = ["air_lift"] if air_lift_origins(st) else []
        names += ["air_strike"] if AIR_STRIKE.spaces(st, frame) else []
        names += ["eradicate"] if ERADICATE.spaces(st, frame) else []
        out = [option(f"sa:{n}", f"A free {W.SAS[n]}", sa=n) for n in names]
        return out + [option("done", "No more free Special Activities")] if out else []

    def act(ctx: Any, st: Any, v: Vars, o: str) -> None:
        from services.kernel.flow import push
        if o == "done":
            v["no_more_sas"] = True
        elif o == "sa:air_lift":
            push(st, "aa.air_lift")
        else:
            push_sa(st, f"aa.{o[3:]}", GOVT)
    return pick(opts, act, "choose a free Special Activity", who=by(GOVT))


def venezuela_farc_base(st: Any, v: Vars, s: int) -> bool:
    return (s in VENEZUELA and B.is_dept(s)
            and placeable_or_reclaimable(st, v, s, Kind.FARC_BASE))


def place_farc_base(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """FARC executing may take one of its Bases back from the map (AA 1.4.1)."""
    place_reclaiming(st, v, s, (Kind.FARC_BASE, 1))


def sabotage_cucuta_locs(ctx: Any, st: Any, v: Vars) -> None:
    """Card 28 shaded (AA-D-11): each empty LoC touching Cúcuta."""
    for s in B.adjacent(st, D.INDEX["cucuta"]):
        if B.is_loc(s) and not any(B.PIECES.counts(st, s)):
            sabotage(st, s)


def kill_zone(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 29 unshaded: Activate every FARC Guerrilla, then a free Assault there."""
    from ..ops.govt import assault_count
    B.PIECES.flip_to(st, s, Kind.FARC_A, B.underground(st, s, FARC))
    push_remove(st, s, GOVT, assault_count(st, s), "event_assault", "drug_bust")


def name_farc_or_auc(ctx: Any, st: Any, v: Vars, o: str) -> None:
    v["named"] = FARC if o == "faction:farc" else AUC


def two_ambushes(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 29 shaded: 2 free Ambushes without Activating: each removes up to 2 enemy
    pieces and places 1 Guerrilla (AA 4.3.2)."""
    f = named(st, v)
    for _ in range(2):
        if B.can_place(st, s, GUER_U[f]):
            B.PIECES.place(st, s, GUER_U[f])
        push_remove(st, s, f, 2, "attack", "capture")


def clear_zone(ctx: Any, st: Any, v: Vars, s: int) -> None:
    st.zones &= ~(1 << s)


def ecuador(ctx: Any, st: Any, v: Vars) -> None:
    """Card 33 shaded: Ecuador is a space; the executor places 2 of its own pieces there."""
    st.extras |= D.EXTRA_BIT[D.ECUADOR]
    push_place(st, D.ECUADOR, own_kinds(v["f"]), 2, v["f"])


def zero_pop_dept(st: Any, v: Vars, s: int) -> bool:
    return B.is_dept(s) and D.POP[s] == 0


def airdrop_base_fits(st: Any, v: Vars, s: int) -> bool:
    f = named(st, v)
    return zero_pop_dept(st, v, s) and bool(B.PIECES.available(st, BASE[f])) and B.can_place(
        st, s, BASE[f])


def airdrop(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 34 shaded: the Base, then 2 Guerrillas; a named faction executing the Event may
    take its own back from the map (AA 1.4.1)."""
    f = named(st, v)
    place_reclaiming(st, v, s, (BASE[f], 1), (GUER_U[f], 2))


def crop_substitution(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 35 unshaded: each Cartels Base replaced by a Police (removed if none left; the
    Government executing may take its own back from the map, AA 1.4.1)."""
    bases = B.bases(st, s, CARTELS)
    for _ in range(bases):
        B.PIECES.remove(st, s, Kind.CARTELS_BASE)
    place_reclaiming(st, v, s, (Kind.POLICE, bases))


def zona_de_convivencia(ctx: Any, st: Any, v: Vars) -> None:
    v["zones_before"] = st.zones
    place_zone(st, [s for s in range(D.NS) if mountain_dept(s)])


def next_to_new_zone(st: Any, v: Vars, s: int) -> bool:
    new = st.zones & ~v.get("zones_before", st.zones)
    return (populated(s) and st.support[s] == NEUTRAL
            and any(new >> a & 1 for a in B.adjacent(st, s)))


def stay_eligible(ctx: Any, st: Any, v: Vars) -> None:
    """Card 36: the executing faction stays Eligible (AA 2.3.7 step 3)."""
    st.set_eligible.append(v["f"])


def zone_holds_farc_base(st: Any, v: Vars, s: int) -> bool:
    return B.is_zone(st, s) and B.bases(st, s, FARC) > 0


def clear_zone_and_base(ctx: Any, st: Any, v: Vars, s: int) -> None:
    st.zones &= ~(1 << s)
    if B.bases(st, s, FARC):
        B.PIECES.remove(st, s, Kind.FARC_BASE)


def remember_zones(ctx: Any, st: Any, v: Vars) -> None:
    v["zones_before"] = st.zones
    place_zone(st)


def farc_base_in_new_zone(ctx: Any, st: Any, v: Vars) -> None:
    """Cards 30 shaded and 36 unshaded (2nd edition): FARC executing may take one of its
    Bases back from the map (AA 1.4.1)."""
    new = st.zones & ~v.get("zones_before", st.zones)
    for s in range(D.NS):
        if new >> s & 1:
            place_reclaiming(st, v, s, (Kind.FARC_BASE, 1))


def next_to_new_zone_shift(st: Any, v: Vars, s: int) -> bool:
    new = st.zones & ~v.get("zones_before", st.zones)
    return (populated(s) and st.support[s] < 2
            and any(new >> a & 1 for a in B.adjacent(st, s)))


@event(25, UNSHADED)
def c25_ej_rcito_de_liberaci_n_nacional_unshaded() -> Program:
    """Remove every FARC piece (Guerrillas and Bases) from one Mountain Department."""
    return [spaces(1, lambda st, v, s: mountain_dept(s) and B.pieces_of(st, s, FARC) > 0,
                   remove_farc, "remove every FARC piece from a Mountain Department")]


@event(25, SHADED)
def c25_ej_rcito_de_liberaci_n_nacional_shaded() -> Program:
    """Place 3 available FARC pieces, any mix of Guerrillas and Bases (Bases within
    stacking), all into one space: Antioquia or a Department adjacent to Antioquia
    (Atlántico, Cesar, Santander, Huila, Chocó)."""
    return [spaces(1, lambda st, v, s: s in NEXT_TO_ANTIOQUIA, place_three_farc,
                   "place 3 FARC pieces in Antioquia or next to it")]


@event(26, UNSHADED)
def c26_gramaje_unshaded() -> Program:
    """In every space holding both Cartels Guerrillas and FARC pieces, the Cartels
    Guerrillas there execute a free Attack against FARC only (Cartels make the Attack
    choices)."""
    return [every_space(CARTELS, ("attack",), only=FARC)]


@event(26, SHADED)
def c26_gramaje_shaded() -> Program:
    """For each space holding both a Cartels Base and a FARC Guerrilla, Cartels transfer
    3 Resources to FARC (in total never more than Cartels have)."""
    return [gramaje(3)]


@event(26, SHADED, edition=2)
def c26_gramaje_shaded_2nd() -> Program:
    """As first edition, but 6 Resources per qualifying space."""
    return [gramaje(6)]


@event(27, UNSHADED)
def c27_misil_antia_reo_unshaded() -> Program:
    """The Government executes 3 free Special Activities (any mix of Air Lift, Air
    Strike and Eradicate), one after another; Government makes the choices."""
    return [three_govt_sas(), three_govt_sas(), three_govt_sas()]


@event(27, SHADED)
def c27_misil_antia_reo_shaded() -> Program:
    """Insurgent Momentum. Until the Reset phase of the next Propaganda Round: the
    Government may not execute a Special Activity in any space that holds a Guerrilla
    (for Air Lift: neither the origin nor the destination may hold a Guerrilla)."""
    return [momentum(Mom.M27)]


@event(28, UNSHADED)
def c28_hugo_ch_vez_unshaded() -> Program:
    """Remove up to 3 Insurgent pieces (any factions and types) from one space next to
    Venezuela (map.json foreign_countries venezuela.borders)."""
    return [spaces(1, lambda st, v, s: s in VENEZUELA and insurgent_pieces(st, s) > 0, store(),
                   "choose a space next to Venezuela"),
            pieces_step(chosen, INSURGENT_KINDS, 3, stop=True)]


@event(28, SHADED)
def c28_hugo_ch_vez_shaded() -> Program:
    """Place 1 available FARC Base into one Department next to Venezuela (Cesar,
    Santander, Arauca, Vichada or Guainía; within stacking). Then place Sabotage on each
    LoC adjacent to Cúcuta that holds no pieces and is not already Sabotaged."""
    return [spaces(1, venezuela_farc_base, place_farc_base,
                   "place a FARC Base next to Venezuela"),
            do(sabotage_cucuta_locs)]


@event(29, UNSHADED)
def c29_kill_zone_unshaded() -> Program:
    """The Government chooses one space, Activates every FARC Guerrilla there, then
    executes a free Assault in that space."""
    return [spaces(1, lambda st, v, s: B.guerrillas(st, s, FARC) > 0, kill_zone,
                   "Activate FARC and Assault in a space", who=by(GOVT))]


@event(29, SHADED)
def c29_kill_zone_shaded() -> Program:
    """The executing faction names FARC or AUC; the named faction chooses one space and
    executes 2 free Ambushes there with any of its Guerrillas in that space (Active or
    Underground), without Activating them."""
    return [pick(lambda st, v: faction_options((FARC, AUC), "2 free Ambushes by the"),
                 name_farc_or_auc, "name FARC or AUC"),
            spaces(1, lambda st, v, s: B.guerrillas(st, s, named(st, v)) > 0
                   and B.enemies_of(st, s, named(st, v)) > 0, two_ambushes,
                   "choose the space of the 2 Ambushes", who=named, up_to=True)]  # できる


@event(30, UNSHADED)
def c30_peace_commission_unshaded() -> Program:
    """Remove 1 FARC Zone marker (executing faction chooses which)."""
    return [spaces(1, lambda st, v, s: B.is_zone(st, s), clear_zone, "remove a FARC Zone")]


@event(30, UNSHADED, edition=2)
def c30_peace_commission_unshaded_2nd() -> Program:
    """Remove 1 FARC Zone marker and 1 FARC Base from that space (choose a Zone holding
    a FARC Base if one exists)."""
    return [spaces(1, preferring(zone_holds_farc_base, lambda st, v, s: B.is_zone(st, s)),
                   clear_zone_and_base, "remove a FARC Zone (and a FARC Base there)")]


@event(30, SHADED)
def c30_peace_commission_shaded() -> Program:
    """The Government places 1 FARC Zone following AA 6.4.4 (a Department with the most
    FARC pieces that is not already a FARC Zone)."""
    return [do(lambda ctx, st, v: place_zone(st))]


@event(30, SHADED, edition=2)
def c30_peace_commission_shaded_2nd() -> Program:
    """The Government places 1 FARC Zone per AA 6.4.4 and places 1 available FARC Base
    there (within stacking)."""
    return [do(remember_zones), do(farc_base_in_new_zone)]


@event(31, UNSHADED)
def c31_betancourt_unshaded() -> Program:
    """Shift 2 different Cities and 1 Department, each 1 level toward Active Support."""
    return [spaces(2, lambda st, v, s: B.is_city(s) and st.support[s] < 2, toward_support,
                   "shift a City toward Active Support"),
            spaces(1, lambda st, v, s: B.is_dept(s) and populated(s) and st.support[s] < 2,
                   toward_support, "shift a Department toward Active Support")]


@event(31, SHADED)
def c31_betancourt_shaded() -> Program:
    """Choose 3 spaces at Passive Opposition and set each to Active Opposition."""
    return [spaces(3, lambda st, v, s: populated(s) and st.support[s] == PASSIVE_OPPOSITION,
                   set_level(ACTIVE_OPPOSITION), "set a Passive Opposition space to Active")]


@event(32, UNSHADED)
def c32_secuestrados_unshaded() -> Program:
    """Choose 2 spaces (Population >= 1) at Neutral or Passive Opposition and set each
    to Passive Support."""
    return [spaces(2, lambda st, v, s: populated(s) and st.support[s] in (NEUTRAL, -1),
                   set_level(PASSIVE_SUPPORT), "set a space to Passive Support")]


@event(32, SHADED)
def c32_secuestrados_shaded() -> Program:
    """FARC Resources +12."""
    return [do(res(FARC, 12))]


@event(33, UNSHADED)
def c33_sucumb_os_unshaded() -> Program:
    """Remove up to 3 Insurgent pieces (any factions and types) from one space bordering
    Ecuador (Nariño, Pasto, Putumayo or the Pasto–Tumaco LoC)."""
    return [spaces(1, lambda st, v, s: s in ECUADOR_BORDER and insurgent_pieces(st, s) > 0,
                   store(), "choose a space bordering Ecuador"),
            pieces_step(chosen, INSURGENT_KINDS, 3, stop=True)]


@event(33, SHADED)
def c33_sucumb_os_shaded() -> Program:
    """From now on for the rest of the game Ecuador is a space: a 0-Population
    Department, adjacent to Nariño, Pasto, Putumayo and the Pasto–Tumaco LoC, in which
    no faction may ever have more than 2 pieces. The executing faction places 2 of its
    own available pieces there."""
    return [do(ecuador)]


@event(34, UNSHADED)
def c34_airdropped_aks_unshaded() -> Program:
    """Choose one Insurgent faction; its Resources -5."""
    return [name_insurgent(what="Resources -5 for the"),
            do(lambda ctx, st, v: B.add_resources(st, v["named"], -5))]


@event(34, SHADED)
def c34_airdropped_aks_shaded() -> Program:
    """The executing faction names one Insurgent faction; that faction places 2 of its
    available Guerrillas and 1 of its available Bases into one 0-Population Department
    (Base within stacking; if the Base fits somewhere it must go in)."""
    return [name_insurgent(what="2 Guerrillas and a Base dropped for the"),
            spaces(1, preferring(airdrop_base_fits, zero_pop_dept), airdrop,
                   "place 2 Guerrillas and a Base in a 0-Population Department", who=named,
                   up_to=True)]  # the seed's 配置できる: the named faction may decline


@event(35, UNSHADED)
def c35_crop_substitution_unshaded() -> Program:
    """In one Department, replace each Cartels Base with 1 available Police. Then Aid +3
    (max 29)."""
    return [spaces(1, lambda st, v, s: B.is_dept(s) and B.bases(st, s, CARTELS) > 0,
                   crop_substitution, "replace Cartels Bases by Police in a Department"),
            do(lambda ctx, st, v: B.add_aid(st, 3))]


@event(35, SHADED)
def c35_crop_substitution_shaded() -> Program:
    """Shift one Department holding a Cartels Base 2 levels toward Active Opposition."""
    return [spaces(1, lambda st, v, s: B.is_dept(s) and B.bases(st, s, CARTELS) > 0
                   and populated(s) and st.support[s] > ACTIVE_OPPOSITION,
                   lambda ctx, st, v, s: shift(st, s, ACTIVE_OPPOSITION, 2),
                   "shift a Cartels Base Department 2 levels toward Opposition")]


@event(36, UNSHADED)
def c36_zona_de_convivencia_unshaded() -> Program:
    """The Government places a FARC Zone (AA 6.4.4) in a Mountain Department (one with
    the most FARC pieces among Mountain Departments that are not already FARC Zones).
    Then, if possible, set 2 Neutral spaces adjacent to that Department to Passive
    Support. The executing faction stays Eligible for the next card (it is not marked
    Ineligible for having executed this Event)."""
    return [do(zona_de_convivencia),
            spaces(2, next_to_new_zone, set_level(PASSIVE_SUPPORT),
                   "set a Neutral space next to the Zone to Passive Support"),
            do(stay_eligible)]


@event(36, UNSHADED, edition=2)
def c36_zona_de_convivencia_unshaded_2nd() -> Program:
    """The Government places a FARC Zone in a Mountain Department (as above) and places
    1 available FARC Base there. Then shift 2 spaces adjacent to it 1 level each toward
    Active Support, if possible. The executing faction stays Eligible."""
    return [do(zona_de_convivencia), do(farc_base_in_new_zone),
            spaces(2, next_to_new_zone_shift, toward_support,
                   "shift a space next to the Zone toward Active Support"),
            do(stay_eligible)]
