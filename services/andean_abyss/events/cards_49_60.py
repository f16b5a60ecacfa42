"""AA 5 Event cards 49-60 (first-edition texts; docstrings = cards.json)."""

from __future__ import annotations

from typing import Any

from services.coin.effects import Program
from services.kernel.decisions import Option, option

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import GUER_A, GUER_U, Kind
from . import SHADED, UNSHADED, event
from .lib import (
    AUC,
    CARTELS,
    FARC,
    GOVT,
    Vars,
    anywhere,
    by,
    do,
    every_space,
    guerrilla_kinds,
    name_insurgent,
    named,
    pick,
    pieces_step,
    place_reclaiming,
    placeable_or_reclaimable,
    populated,
    preferring,
    push_pieces,
    push_place,
    push_sa,
    remove_all,
    res,
    sabotage,
    shift,
    spaces,
    store,
    toward_support,
)

ACTIVE_OPPOSITION, ACTIVE_SUPPORT = -2, 2
CARTELS_G = (Kind.CARTELS_U, Kind.CARTELS_A)
CARTELS_ALL = (Kind.CARTELS_U, Kind.CARTELS_A, Kind.CARTELS_BASE)
INSURGENT_G = guerrilla_kinds((FARC, AUC, CARTELS))


def bloques(ctx: Any, st: Any, v: Vars) -> None:
    """Card 49 unshaded: 3 Available AUC Guerrillas out of play for good."""
    st.out_of_play[Kind.AUC_U] += B.PIECES.take_available(st, Kind.AUC_U, 3)


def dept_auc_base_fits(st: Any, v: Vars, s: int) -> bool:
    return B.is_dept(s) and bool(B.PIECES.available(st, Kind.AUC_BASE)) and B.can_place(
        st, s, Kind.AUC_BASE)


def place_auc_pair(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 49 shaded: AUC executing may take its own back from the map (AA 1.4.1)."""
    place_reclaiming(st, v, s, (Kind.AUC_U, 1), (Kind.AUC_BASE, 1))


def police_fits(st: Any, v: Vars, s: int) -> bool:
    return B.is_dept(s) and placeable_or_reclaimable(st, v, s, Kind.POLICE)


def place_police(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """The Government executing may take its own back from the map (AA 1.4.1)."""
    place_reclaiming(st, v, s, (Kind.POLICE, 1))


def set_mode(ctx: Any, st: Any, v: Vars, o: str) -> None:
    v["mode"] = o


def carabineros(ctx: Any, st: Any, v: Vars) -> None:
    """Card 50 shaded: 2 Police removed, or both replaced by AUC Guerrillas."""
    act = "replace" if v.get("mode") == "replace" else "remove"
    push_pieces(st, -1, (Kind.POLICE,), 2, act, v["f"], by_kinds=(Kind.AUC_U,))


def pipeline_repairs(ctx: Any, st: Any, v: Vars) -> None:
    sabotaged = [s for s in D.LOCS if D.PIPELINE[s] and B.is_sabotaged(st, s)]
    if sabotaged:
        for s in sabotaged:
            st.sabotage &= ~(1 << s)
    else:
        B.add_resources(st, GOVT, 12)


def near_farc_guerrilla(st: Any, v: Vars, s: int) -> bool:
    return (D.PIPELINE[s] and not B.is_sabotaged(st, s) and any(
        B.guerrillas(st, x, FARC) for x in (s, *B.adjacent(st, s))))


def castano_shaded_space(st: Any, v: Vars, s: int) -> bool:
    return (not B.is_loc(s) and B.pieces_of(st, s, AUC) > 0
            and placeable_or_reclaimable(st, v, s, Kind.AUC_BASE))


def place_auc_base(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 52 shaded: AUC executing may take one of its Bases back (AA 1.4.1)."""
    place_reclaiming(st, v, s, (Kind.AUC_BASE, 1))


def castano_income(ctx: Any, st: Any, v: Vars) -> None:
    B.add_resources(st, AUC, B.bases_on_map(st, AUC))


def criminal_air_force(ctx: Any, st: Any, v: Vars) -> None:
    """Card 53: 1 or 2 Guerrillas from the first Department into the second, Underground."""
    f = named(st, v)
    if "src" in v and "dst" in v:
        push_pieces(st, v["src"], (GUER_U[f], GUER_A[f]), 2,
                    "move", f, stop=True, to=[v["dst"]], to_any=True, hide_moved=True,
                    least=1)


def deserters(ctx: Any, st: Any, v: Vars) -> None:
    act = "replace" if v.get("mode") == "replace" else "remove"
    push_pieces(st, -1, INSURGENT_G, 2, act, v["f"], stop=True,
                by_kinds=(Kind.FARC_U, Kind.AUC_U, Kind.CARTELS_U), other_faction=True)


def shipments_on_map(st: Any, v: Vars) -> list[Option]:
    return [option(f"ship:{i}:{D.NAMES[B.ship_space(c)]}",
                   f"Remove the {W.faction(B.ship_owner(c))} Shipment in "
                   f"{W.space(B.ship_space(c))}", shipment=str(i),
                   space=D.NAMES[B.ship_space(c)]) for i, c in enumerate(st.ships) if c >= 0]


def drop_shipment(ctx: Any, st: Any, v: Vars, o: str) -> None:
    st.ships[int(o.split(":")[1])] = -1


def cartels_transfer(ctx: Any, st: Any, v: Vars) -> None:
    """Card 56 unshaded (AA-D-18): 9 from Cartels to Government, capped."""
    paid = -B.add_resources(st, CARTELS, -9)
    B.add_resources(st, GOVT, paid)


def la_rebaja(ctx: Any, st: Any, v: Vars) -> None:
    n = sum(B.pieces_of(st, s, CARTELS) for s in D.CITIES)
    B.add_resources(st, CARTELS, 2 * n)


def cartels_base_city(st: Any, v: Vars, s: int) -> bool:
    return B.is_city(s) and placeable_or_reclaimable(st, v, s, Kind.CARTELS_BASE)


def place_cartels_base(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Cards 56 and 60 shaded: the Cartels executing may take one of their Bases back from
    the map (AA 1.4.1)."""
    place_reclaiming(st, v, s, (Kind.CARTELS_BASE, 1))


def police_to_cartels(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 57 shaded: replace 1 Police by a Cartels Guerrilla or Base."""
    B.PIECES.remove(st, s, Kind.POLICE)
    push_place(st, s, (Kind.CARTELS_U, Kind.CARTELS_BASE), 1, v["f"])


def remove_all_cartels_guerrillas(ctx: Any, st: Any, v: Vars) -> None:
    for s in range(D.NS):
        remove_all(ctx, st, s, CARTELS_G, v["f"])


def activate_cartels(ctx: Any, st: Any, v: Vars) -> None:
    for s in range(D.NS):
        B.PIECES.flip_to(st, s, Kind.CARTELS_A, B.underground(st, s, CARTELS))


def hide_cartels(ctx: Any, st: Any, v: Vars) -> None:
    for s in range(D.NS):
        B.PIECES.flip_to(st, s, Kind.CARTELS_U, B.active(st, s, CARTELS))


def chess_modes(st: Any, v: Vars) -> list[Option]:
    out = [option("cities", "Remove every Cartels piece from 2 Cities")] if any(
        B.pieces_of(st, s, CARTELS) for s in D.CITIES) else []
    return out + ([option("department", "Remove every Cartels piece from 1 Department")] if any(
        B.pieces_of(st, s, CARTELS) for s in D.DEPTS) else [])


def chess_where(st: Any, v: Vars, s: int) -> bool:
    kind_ok = B.is_city(s) if v.get("mode") == "cities" else B.is_dept(s)
    return "mode" in v and kind_ok and B.pieces_of(st, s, CARTELS) > 0


def strip_cartels(ctx: Any, st: Any, v: Vars, s: int) -> None:
    remove_all(ctx, st, s, CARTELS_ALL, v["f"])


def cartels_transfer_15(ctx: Any, st: Any, v: Vars) -> None:
    paid = -B.add_resources(st, CARTELS, -15)
    B.add_resources(st, GOVT, paid)


@event(49, UNSHADED)
def c49_bloques_unshaded() -> Program:
    """Take 3 AUC Guerrillas from the Available box out of the game for good (fewer if
    fewer are available; pieces on the map are not affected)."""
    return [do(bloques)]


@event(49, SHADED)
def c49_bloques_shaded() -> Program:
    """Place 1 available AUC Guerrilla and 1 available AUC Base into one Department (a
    Department where the Base fits, if any)."""
    return [spaces(1, preferring(dept_auc_base_fits, lambda st, v, s: B.is_dept(s)),
                   place_auc_pair, "place an AUC Guerrilla and Base in a Department")]


@event(50, UNSHADED)
def c50_carabineros_unshaded() -> Program:
    """The Government places up to 3 available Police in total into any Departments (any
    split; not FARC Zones)."""
    return [spaces(3, police_fits, place_police, "place a Police in a Department", who=by(GOVT),
                   up_to=True, repeat=True)]


@event(50, SHADED)
def c50_carabineros_shaded() -> Program:
    """Choose 2 Police anywhere and either remove both, or replace both with available
    AUC Guerrillas (one option for both)."""
    return [pick(lambda st, v: [option("remove", "Remove 2 Police"),
                                option("replace", "Replace 2 Police with AUC Guerrillas")],
                 set_mode, "remove or replace 2 Police"),
            do(carabineros)]


@event(51, UNSHADED)
def c51_pipeline_repairs_unshaded() -> Program:
    """If any pipeline LoC is Sabotaged, remove Sabotage from every pipeline; if none
    is, Government Resources +12."""
    return [do(pipeline_repairs)]


@event(51, SHADED)
def c51_pipeline_repairs_shaded() -> Program:
    """Place Sabotage on 3 pipeline LoCs (not already Sabotaged) that hold a FARC
    Guerrilla or are adjacent to a space holding one."""
    return [spaces(3, near_farc_guerrilla, lambda ctx, st, v, s: sabotage(st, s),
                   "Sabotage a pipeline near a FARC Guerrilla")]


@event(52, UNSHADED)
def c52_casta_o_unshaded() -> Program:
    """Shift 2 spaces, each a City or a Mountain Department, 1 level each toward Active
    Support."""
    return [spaces(2, lambda st, v, s: (B.is_city(s) or (B.is_dept(s) and B.is_mountain(s)))
                   and populated(s) and st.support[s] < ACTIVE_SUPPORT, toward_support,
                   "shift a City or Mountain Department toward Support")]


@event(52, SHADED)
def c52_casta_o_shaded() -> Program:
    """Place 1 available AUC Base into a City or Department that already holds an AUC
    piece (within stacking). Then AUC Resources +1 for each AUC Base on the map."""
    return [spaces(1, castano_shaded_space, place_auc_base, "place an AUC Base"),
            do(castano_income)]


@event(53, UNSHADED)
def c53_criminal_air_force_unshaded() -> Program:
    """The executing faction names one Insurgent faction. That faction picks 2
    Departments and moves 1 or 2 of its own Guerrillas between them (from either one
    into the other), then flips the moved Guerrillas Underground."""
    return [name_insurgent(what="Fly Guerrillas of the"),
            spaces(1, lambda st, v, s: B.is_dept(s) and B.guerrillas(st, s, named(st, v)) > 0,
                   store("src"), "first Department (Guerrillas leave it)", who=named),
            spaces(1, lambda st, v, s: B.is_dept(s) and s != v.get("src")
                   and B.faction_room(st, s, named(st, v)) > 0, store("dst"),
                   "second Department (Guerrillas enter it)", who=named),
            do(criminal_air_force)]


@event(54, UNSHADED)
def c54_deserters_defectors_unshaded() -> Program:
    """Choose up to 2 Guerrillas anywhere. Either remove them, or replace each with an
    available Guerrilla of a different faction from the one replaced (one option for
    both; replacements arrive Underground)."""
    return [pick(lambda st, v: [
        option("remove", "Remove up to 2 Guerrillas"),
        option("replace", "Replace up to 2 Guerrillas with another faction's Guerrillas")],
                 set_mode, "remove or replace up to 2"),
            do(deserters)]


@event(55, UNSHADED)
def c55_dea_agents_unshaded() -> Program:
    """Remove 1 Shipment from anywhere and any 5 Cartels Guerrillas from the map."""
    return [pick(shipments_on_map, drop_shipment, "remove a Shipment"),
            pieces_step(anywhere, CARTELS_G, 5)]


@event(55, UNSHADED, edition=2)
def c55_dea_agents_unshaded_2nd() -> Program:
    """Remove 2 Shipments and any 5 Cartels Guerrillas. Aid +3 (max 29)."""
    return [pick(shipments_on_map, drop_shipment, "remove a Shipment"),
            pick(shipments_on_map, drop_shipment, "remove a Shipment"),
            pieces_step(anywhere, CARTELS_G, 5), do(lambda ctx, st, v: B.add_aid(st, 3))]


@event(55, SHADED)
def c55_dea_agents_shaded() -> Program:
    """Choose 3 spaces holding Cartels pieces and shift each 1 level toward Active
    Opposition."""
    return [spaces(3, lambda st, v, s: B.pieces_of(st, s, CARTELS) > 0 and populated(s)
                   and st.support[s] > ACTIVE_OPPOSITION,
                   lambda ctx, st, v, s: shift(st, s, ACTIVE_OPPOSITION),
                   "shift a space with Cartels pieces toward Opposition")]


@event(56, UNSHADED)
def c56_drogas_la_rebaja_unshaded() -> Program:
    """Transfer 9 Resources from Cartels to Government (never more than Cartels have)."""
    return [do(cartels_transfer)]


@event(56, UNSHADED, edition=2)
def c56_drogas_la_rebaja_unshaded_2nd() -> Program:
    """Transfer 15 Resources from Cartels to Government (never more than Cartels have)."""
    return [do(cartels_transfer_15)]


@event(56, SHADED)
def c56_drogas_la_rebaja_shaded() -> Program:
    """Cartels Resources + 2 x the number of Cartels pieces in Cities. Then place 1
    available Cartels Base into each of 2 different Cities (within stacking)."""
    return [do(la_rebaja),
            spaces(2, cartels_base_city, place_cartels_base, "place a Cartels Base in a City")]


@event(57, UNSHADED)
def c57_op_millennium_unshaded() -> Program:
    """Replace up to 3 Cartels pieces (any types, anywhere) with available Police, one
    for one."""
    return [pieces_step(anywhere, CARTELS_ALL, 3, "replace", stop=True, by_kinds=(Kind.POLICE,))]


@event(57, SHADED)
def c57_op_millennium_shaded() -> Program:
    """In each of 2 different spaces, replace 1 Police with 1 available Cartels piece
    (Guerrilla or Base; Base within stacking)."""
    return [spaces(2, lambda st, v, s: B.police(st, s) > 0, police_to_cartels,
                   "replace a Police by a Cartels piece")]


@event(58, UNSHADED)
def c58_general_serrano_unshaded() -> Program:
    """Cartels Resources -6. Remove every Cartels Guerrilla from the map."""
    return [do(res(CARTELS, -6)), do(remove_all_cartels_guerrillas)]


@event(58, SHADED)
def c58_general_serrano_shaded() -> Program:
    """Cartels move up to 4 Police from wherever they are to any spaces (not into FARC
    Zones; Ecuador limit applies)."""
    return [pieces_step(anywhere, (Kind.POLICE,), 4, "move", who=by(CARTELS), stop=True,
                        to_any=True)]


@event(59, UNSHADED)
def c59_salcedo_unshaded() -> Program:
    """Activate every Cartels Guerrilla. Then in each space where possible the
    Government executes a free Assault against Cartels only."""
    # The seed's 実施できる: the Government may stop at any space (AA-I-9).
    return [do(activate_cartels), every_space(GOVT, ("assault",), only=CARTELS, may=True)]


@event(59, SHADED)
def c59_salcedo_shaded() -> Program:
    """Flip every Cartels Guerrilla Underground. Then Cartels move up to 3 of their
    Guerrillas from anywhere to anywhere."""
    return [do(hide_cartels),
            pieces_step(anywhere, CARTELS_G, 3, "move", who=by(CARTELS), stop=True, to_any=True)]


@event(60, UNSHADED)
def c60_the_chess_player_unshaded() -> Program:
    """Remove every Cartels piece either from 2 Cities or from 1 Department. Government
    Resources +6."""
    return [pick(chess_modes, set_mode, "2 Cities or 1 Department"),
            spaces(lambda st, v: 2 if v.get("mode") == "cities" else 1, chess_where, strip_cartels,
                   "remove every Cartels piece from a space"),
            do(res(GOVT, 6))]


@event(60, SHADED)
def c60_the_chess_player_shaded() -> Program:
    """Cartels place 1 available Base into each of 2 different Cities (within stacking),
    then execute a free Bribe in 1 space."""
    # The seed's 実施できる: the Bribe may be declined (AA-I-9).
    return [spaces(2, cartels_base_city, place_cartels_base, "place a Cartels Base in a City",
                   who=by(CARTELS)),
            do(lambda ctx, st, v: push_sa(st, "aa.bribe", CARTELS, free=True, may=True))]
