"""AA 5 Event cards 61-72 (first-edition texts; docstrings = cards.json)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.coin.effects import Program
from services.kernel.decisions import Option, option

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import BASE, FACTION_IDS, GUER_A, GUER_U, KIND_FACTION, KIND_IDS, Kind, Mom
from ..ops.common import remove_piece
from . import SHADED, UNSHADED, event
from .capabilities import momentum
from .lib import (
    CARTELS,
    FARC,
    GOVT,
    INSURGENTS,
    Vars,
    all_kinds,
    do,
    every_space,
    ineligible_next,
    pick,
    place_n,
    place_reclaiming,
    placeable_or_reclaimable,
    push_pieces,
    reclaimable,
    remove_all,
    res,
    spaces,
    store,
)

CARTELS_G = (Kind.CARTELS_U, Kind.CARTELS_A)
CARTELS_ALL = (Kind.CARTELS_U, Kind.CARTELS_A, Kind.CARTELS_BASE)
INSURGENT_KINDS = all_kinds(INSURGENTS)
EMPTY_FORESTS = tuple(D.INDEX[s] for s in ("guainia", "vaupes", "amazonas"))
CHOCO = D.INDEX["choco"]


def forest_dept(s: int) -> bool:
    return B.is_dept(s) and B.is_forest(s)


def forest_depts(st: Any) -> list[int]:
    return [s for s in B.spaces(st) if forest_dept(s)]


def strip_city(ctx: Any, st: Any, v: Vars, s: int) -> None:
    remove_all(ctx, st, s, CARTELS_ALL, v["f"])


def no_cartels_dept(st: Any, v: Vars, s: int) -> bool:
    return (B.is_dept(s) and not B.pieces_of(st, s, CARTELS)
            and placeable_or_reclaimable(st, v, s, Kind.CARTELS_BASE))


def place_cartels_base(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """The Cartels executing may take one of their Bases back from the map (AA 1.4.1)."""
    place_reclaiming(st, v, s, (Kind.CARTELS_BASE, 1))


def amazonia_remove(ctx: Any, st: Any, v: Vars) -> None:
    among = [s for s in range(D.NS) if B.in_play(st, s) and forest_dept(s) and D.POP[s] == 0]
    push_pieces(st, -1, INSURGENT_KINDS, 3, "remove", v["f"], stop=True, among=among)


def amazonia_spots(st: Any) -> list[int]:
    """Card 62 shaded: Guainía, Vaupés and Amazonas, where a Cartels Base fits."""
    return [s for s in EMPTY_FORESTS if B.can_place(st, s, Kind.CARTELS_BASE)]


def bases_into(spots: Callable[[Any], list[int]]) -> Program:
    """1 Cartels Base into each of `spots`: all at once when enough are Available, else
    the executing faction picks the spaces for those there are (AA 5.1, 5.1.3) — for
    every spot when the Cartels executing may take theirs back from the map (AA 1.4.1)."""
    def enough(ctx: Any, st: Any, v: Vars) -> None:
        avail = B.PIECES.available(st, Kind.CARTELS_BASE)
        if avail < len(spots(st)):
            back = any(reclaimable(st, v["f"], s, Kind.CARTELS_BASE) for s in spots(st))
            v["short"] = len(spots(st)) if back else avail
            return
        for s in spots(st):
            place_n(st, s, Kind.CARTELS_BASE)

    def spot(st: Any, v: Vars, s: int) -> bool:
        return s in spots(st) and placeable_or_reclaimable(st, v, s, Kind.CARTELS_BASE)
    return [do(enough),
            spaces(lambda st, v: v.get("short", 0), spot, place_cartels_base,
                   "place a Cartels Base")]


def narco_war(ctx: Any, st: Any, v: Vars) -> None:
    """Card 63: all but 1 Cartels Guerrilla removed per space; where both states are there,
    the executing faction picks the ones removed (AA 5.1), else they go at once."""
    for s in [s for s in range(D.NS) if B.guerrillas(st, s, CARTELS)]:
        extra = B.guerrillas(st, s, CARTELS) - 1
        if extra and B.active(st, s, CARTELS) and B.underground(st, s, CARTELS):
            push_pieces(st, s, (Kind.CARTELS_U, Kind.CARTELS_A), extra, "remove", v["f"])
            continue
        for _ in range(extra):
            kind = Kind.CARTELS_A if B.active(st, s, CARTELS) else Kind.CARTELS_U
            remove_piece(ctx, st, s, kind, "", v["f"])


def free_shipment(st: Any) -> int:
    return st.ships.index(-1) if -1 in st.ships else -1


def cocaine_lab(st: Any, v: Vars, s: int) -> bool:
    return bool(B.bases(st, s, CARTELS)) and B.guerrillas(st, s, FARC) > 0 and free_shipment(
        st) >= 0


def give_farc_shipment(ctx: Any, st: Any, v: Vars, s: int) -> None:
    st.ships[free_shipment(st)] = s * 4 + FARC


def lab_income(ctx: Any, st: Any, v: Vars) -> None:
    city = sum(B.bases(st, s, CARTELS) for s in D.CITIES)
    dept = sum(B.bases(st, s, CARTELS) for s in D.DEPTS)
    B.add_resources(st, CARTELS, 2 * city + dept)


def poppies_options(st: Any, v: Vars) -> list[Option]:
    out: list[Option] = []
    for s in (x for x in B.spaces(st) if B.is_dept(x) and B.is_mountain(x)):
        name, where = D.NAMES[s], W.space(s)
        for g in INSURGENTS:
            fid, who = FACTION_IDS[g], W.faction(g)
            if B.guerrillas(st, s, g) and free_shipment(st) >= 0:
                out.append(option(f"ship:{name}:{fid}", f"Place a Shipment with a {who} "
                                  f"Guerrilla in {where}", space=name, faction=fid))
            if placeable_or_reclaimable(st, v, s, BASE[g]):
                out.append(option(f"base:{name}:{fid}", f"Place a {who} Base in {where}",
                                  space=name, faction=fid))
            if B.bases(st, s, g):
                out.append(option(f"unbase:{name}:{fid}", f"Remove a {who} Base from {where}",
                                  space=name, faction=fid))
        out += [option(f"unship:{name}:{i}", f"Remove the {W.faction(B.ship_owner(st.ships[i]))} "
                       f"Shipment in {where}", space=name, shipment=str(i))
                for i in B.ships_at(st, s)]
    return out


def poppies(ctx: Any, st: Any, v: Vars, o: str) -> None:
    what, name, arg = o.split(":")
    s = D.INDEX[name]
    if what == "ship":
        st.ships[free_shipment(st)] = s * 4 + FACTION_IDS.index(arg)
    elif what == "unship":
        st.ships[int(arg)] = -1
    elif what == "base":  # the executor's own: it may take one back (AA 1.4.1)
        place_reclaiming(st, v, s, (BASE[FACTION_IDS.index(arg)], 1))
    else:
        B.PIECES.remove(st, s, BASE[FACTION_IDS.index(arg)])


def tingo_maria_remove(ctx: Any, st: Any, v: Vars) -> None:
    among = [s for s in range(D.NS) if B.in_play(st, s) and forest_dept(s)]
    push_pieces(st, -1, (Kind.CARTELS_BASE,), 3, "remove", v["f"], among=among)


def tingo_maria_spots(st: Any) -> list[int]:
    """Card 66 shaded: the Forest Departments holding a Cartels Base, where one more fits."""
    return [s for s in range(D.NS) if B.in_play(st, s) and forest_dept(s)
            and B.bases(st, s, CARTELS) and B.can_place(st, s, Kind.CARTELS_BASE)]


def coastal(st: Any, s: int) -> bool:
    return B.in_play(st, s) and (D.COASTAL[s] or s in (D.ECUADOR, D.PANAMA))


def narco_subs_options(st: Any, v: Vars) -> list[Option]:
    out = [option("cartels_pieces", "Remove 2 Cartels pieces from coastal spaces")] if any(
        B.pieces_of(st, s, CARTELS) for s in range(D.NS) if coastal(st, s)) else []
    ships = [i for i, c in enumerate(st.ships) if c >= 0 and coastal(st, B.ship_space(c))]
    return out + ([option("shipments", "Remove up to 2 Shipments from coastal spaces")]
                  if ships else [])


def narco_subs(ctx: Any, st: Any, v: Vars, o: str) -> None:
    v["mode"] = o
    if o == "cartels_pieces":
        among = [s for s in range(D.NS) if coastal(st, s)]
        push_pieces(st, -1, CARTELS_ALL, 2, "remove", v["f"], among=among)


def coastal_shipments(st: Any, v: Vars) -> list[Option]:
    """Card 68 unshaded: up to 2 Shipments from coastal spaces, one pick each."""
    if v.get("mode") != "shipments" or v.get("subs", 0) >= 2:
        return []
    out = [option(f"ship:{i}:{D.NAMES[B.ship_space(c)]}",
                  f"Remove the {W.faction(B.ship_owner(c))} Shipment in "
                  f"{W.space(B.ship_space(c))}", shipment=str(i), space=D.NAMES[B.ship_space(c)])
           for i, c in enumerate(st.ships) if c >= 0 and coastal(st, B.ship_space(c))]
    return out + ([option("done", "Remove no more Shipments")] if out and v.get("subs") else [])


def drop_coastal_shipment(ctx: Any, st: Any, v: Vars, o: str) -> None:
    if o != "done":
        st.ships[int(o.split(":")[1])] = -1
        v["subs"] = v.get("subs", 0) + 1


def narco_subs_income(ctx: Any, st: Any, v: Vars) -> None:
    B.add_resources(st, CARTELS, 2 * sum(B.pieces_of(st, s, CARTELS) for s in range(D.NS)
                                         if coastal(st, s)))


def own_movers(f: int) -> tuple[int, ...]:
    return (Kind.TROOPS, Kind.POLICE) if f == GOVT else (GUER_U[f], GUER_A[f])


def river_reach(st: Any, f: int, o: int) -> list[int]:
    """Card 69: Departments up to 3 spaces away: a path of at most 3 adjacent steps through
    any spaces (Government cubes never through a FARC Zone, AA 1.4.2), within stacking."""
    frontier, seen = {o}, {o}
    for _ in range(3):
        frontier = {a for s in frontier for a in B.adjacent(st, s) if a not in seen
                    and not (f == GOVT and B.is_zone(st, a))}
        seen |= frontier
    return sorted(d for d in seen - {o} if B.is_dept(d) and B.faction_room(st, d, f) > 0)


def river_origin(st: Any, v: Vars, s: int) -> bool:
    f = v["f"]
    return any(B.n(st, s, k) for k in own_movers(f)) and bool(river_reach(st, f, s))


def river_dest(st: Any, v: Vars, s: int) -> bool:
    return "src" in v and s in river_reach(st, v["f"], v["src"])


def river_move(ctx: Any, st: Any, v: Vars, s: int) -> None:
    v["dst"] = s
    push_pieces(st, v["src"], own_movers(v["f"]), 99, "move", v["f"], stop=True, to=[s],
                to_any=True)


def river_ops(st: Any, v: Vars) -> list[Option]:
    if "dst" not in v:
        return []
    ops = ("train", "sweep", "assault") if v["f"] == GOVT else ("rally", "attack", "terror")
    where = W.space(v["dst"])
    return [option(f"op:{op}", f"A free {W.OPS[op]} in {where}", op=op) for op in ops
            if _river_op_ok(st, v, op)] + [option("none", "No free Operation")]


def _river_op_ok(st: Any, v: Vars, op: str) -> bool:
    from services.coin.operations import op_frame

    from ..operations import OPERATION
    fr = op_frame(v["f"], op, True, True, only=[v["dst"]], sa_ok=False)
    return bool(OPERATION.affordable(st, fr))


def river_op(ctx: Any, st: Any, v: Vars, o: str) -> None:
    from ..operations import begin_op
    if o != "none":
        begin_op(st, v["f"], o[3:], True, True, only=[v["dst"]], sa_ok=False)


def ayahuasca(ctx: Any, st: Any, v: Vars) -> None:
    n = sum(1 for s in range(D.NS) if B.in_play(st, s) and forest_dept(s)
            and not B.all_guerrillas(st, s))
    B.add_resources(st, GOVT, 6 * n)


def choco_guerrillas(st: Any, v: Vars) -> list[Option]:
    return [option(f"piece:{KIND_IDS[k]}", f"Remove a {W.kind(k)} from Chocó; its faction "
                   "loses 5 Resources", piece=KIND_IDS[k])
            for g in INSURGENTS for k in (GUER_U[g], GUER_A[g]) if B.n(st, CHOCO, k)]


def darien_unshaded(ctx: Any, st: Any, v: Vars, o: str) -> None:
    k = KIND_IDS.index(o.split(":")[1])
    remove_piece(ctx, st, CHOCO, k, "", v["f"])
    B.add_resources(st, KIND_FACTION[k], -5)


def panama(ctx: Any, st: Any, v: Vars) -> None:
    st.extras |= D.EXTRA_BIT[D.PANAMA]


def panama_bases(st: Any, v: Vars) -> list[Option]:
    """Card 71 shaded: 1 or 2 of the executor's Bases, Available or taken back from the
    map (AA 1.4.1)."""
    f = v["f"]
    have = B.PIECES.available(st, BASE[f])
    if reclaimable(st, f, D.PANAMA, BASE[f]):
        have += B.on_map(st, BASE[f])
    most = min(2, have, B.base_room(st, D.PANAMA))
    return [option(f"bases:{n}", f"Place {W.pieces(BASE[f], n)} in Panamá", count=str(n))
            for n in range(1, most + 1)]


def place_panama_bases(ctx: Any, st: Any, v: Vars, o: str) -> None:
    place_reclaiming(st, v, D.PANAMA, (BASE[v["f"]], int(o.split(":")[1])))


def sicarios(ctx: Any, st: Any, v: Vars, s: int) -> None:
    push_pieces(st, s, CARTELS_G, 99, "replace", v["f"], by_kinds=(Kind.FARC_U, Kind.AUC_U))


def cartels_base_room(st: Any, v: Vars, s: int) -> bool:
    return (bool(B.bases(st, s, CARTELS)) and bool(B.PIECES.available(st, Kind.CARTELS_U))
            and B.faction_room(st, s, CARTELS) > 0)


def place_cartels_guerrilla(ctx: Any, st: Any, v: Vars, s: int) -> None:
    place_reclaiming(st, v, s, (Kind.CARTELS_U, 1))


def base_room_after_reclaim(st: Any, v: Vars, s: int) -> bool:
    """Card 72 shaded, once no Cartels Guerrilla is Available: the Cartels executing may
    take theirs back from the map to place them at their Bases (AA 1.4.1)."""
    return (bool(B.bases(st, s, CARTELS)) and not B.PIECES.available(st, Kind.CARTELS_U)
            and reclaimable(st, v["f"], s, Kind.CARTELS_U))


def mountain_dept(st: Any, v: Vars, s: int) -> bool:
    return B.is_dept(s) and B.is_mountain(s)


def poppies_in(kind: str) -> Any:
    """Card 65 (2nd edition): the Shipment or the Base action in the chosen space."""
    def opts(st: Any, v: Vars) -> list[Option]:
        name = D.NAMES[v.get("s", 0)]
        return [o for o in poppies_options(st, v) if o.args.get("space") == name
                and o.args["action"] in (kind, "un" + kind)] if "s" in v else []
    return opts


@event(61, UNSHADED)
def c61_air_bridge_unshaded() -> Program:
    """Remove every Cartels piece from 1 City. Cartels Resources -6."""
    return [spaces(1, lambda st, v, s: B.is_city(s) and B.pieces_of(st, s, CARTELS) > 0,
                   strip_city, "remove every Cartels piece from a City"),
            do(res(CARTELS, -6))]


@event(61, SHADED)
def c61_air_bridge_shaded() -> Program:
    """Place 1 available Cartels Base into each of 3 Departments that hold no Cartels
    pieces (within stacking)."""
    return [spaces(3, no_cartels_dept, place_cartels_base,
                   "place a Cartels Base in a Department without Cartels pieces")]


@event(62, UNSHADED)
def c62_amazon_a_unshaded() -> Program:
    """Remove up to 3 Insurgent pieces in total from 0-Population Forest Departments
    (Guainía, Vaupés, Amazonas; Panamá once it is a space)."""
    return [do(amazonia_remove)]


@event(62, SHADED)
def c62_amazon_a_shaded() -> Program:
    """Place 1 available Cartels Base in each of Guainía, Vaupés and Amazonas (within
    stacking)."""
    return bases_into(amazonia_spots)


@event(63, UNSHADED)
def c63_narco_war_unshaded() -> Program:
    """In every space holding Cartels Guerrillas, remove all of them but 1; then Cartels
    execute a free Terror in each of those spaces with the remaining Guerrilla (even if
    Active). Cartels are Ineligible for the next card."""
    # the rulebook: カルテルは残る 1 つのゲリラで無償のテロを実施できる — Cartels *may*
    # Terror, space by space (AA-I-9)
    return [do(narco_war), every_space(CARTELS, ("terror",), may=True, anyg=True),
            ineligible_next(CARTELS)]


@event(64, UNSHADED)
def c64_cocaine_labs_unshaded() -> Program:
    """Place 1 available Shipment with a FARC Guerrilla that is in a space holding a
    Cartels Base."""
    return [spaces(1, cocaine_lab, give_farc_shipment,
                   "place a Shipment with a FARC Guerrilla at a Cartels Base")]


@event(64, UNSHADED, edition=2)
def c64_cocaine_labs_unshaded_2nd() -> Program:
    """Place 2 available Shipments, each with a FARC Guerrilla that is in a space
    holding a Cartels Base."""
    return [spaces(2, cocaine_lab, give_farc_shipment,
                   "place a Shipment with a FARC Guerrilla at a Cartels Base", repeat=True)]


@event(64, SHADED)
def c64_cocaine_labs_shaded() -> Program:
    """Cartels Resources +2 for each Cartels Base in a City and +1 for each Cartels Base
    in a Department."""
    return [do(lab_income)]


@event(65, UNSHADED)
def c65_poppies_unshaded() -> Program:
    """In one Mountain Department, do one of: place 1 available Shipment with a
    Guerrilla there; remove 1 Shipment held there; place 1 available Insurgent Base
    there (any Insurgent faction, within stacking); remove 1 Insurgent Base there."""
    return [pick(poppies_options, poppies, "one Poppies action")]


@event(65, UNSHADED, edition=2)
def c65_poppies_unshaded_2nd() -> Program:
    """In one Mountain Department, both place or remove 1 Shipment and place or remove 1
    Insurgent Base (do as much of the two as possible)."""
    return [spaces(1, mountain_dept, store(), "choose a Mountain Department"),
            pick(poppies_in("ship"), poppies, "place or remove a Shipment"),
            pick(poppies_in("base"), poppies, "place or remove an Insurgent Base")]


@event(66, UNSHADED)
def c66_tingo_mar_a_unshaded() -> Program:
    """Remove 3 Cartels Bases from Forest Departments (any of them)."""
    return [do(tingo_maria_remove)]


@event(66, SHADED)
def c66_tingo_mar_a_shaded() -> Program:
    """Place 1 available Cartels Base into each Forest Department that already holds a
    Cartels Base, where stacking allows."""
    return bases_into(tingo_maria_spots)


@event(67, UNSHADED)
def c67_mexican_traffickers_unshaded() -> Program:
    """Cartels Resources -10."""
    return [do(res(CARTELS, -10))]


@event(67, UNSHADED, edition=2)
def c67_mexican_traffickers_unshaded_2nd() -> Program:
    """Cartels Resources -20."""
    return [do(res(CARTELS, -20))]


@event(67, SHADED)
def c67_mexican_traffickers_shaded() -> Program:
    """Insurgent Momentum. In the Resources phase of the next Propaganda Round, Cartels
    earn 4 x their Bases on the map instead of the normal 3 x (AA 6.3.2)."""
    return [momentum(Mom.M67)]


@event(68, UNSHADED)
def c68_narco_subs_unshaded() -> Program:
    """Remove from coastal spaces either 2 Cartels pieces or up to 2 Shipments
    (executing faction's choice of option)."""
    return [pick(narco_subs_options, narco_subs, "remove 2 Cartels pieces or up to 2 Shipments"),
            pick(coastal_shipments, drop_coastal_shipment, "remove a coastal Shipment"),
            pick(coastal_shipments, drop_coastal_shipment, "remove a coastal Shipment")]


@event(68, SHADED)
def c68_narco_subs_shaded() -> Program:
    """Cartels Resources +2 for each Cartels piece in coastal spaces."""
    return [do(narco_subs_income)]


@event(69, UNSHADED)
def c69_riverines_fast_boats_unshaded() -> Program:
    """The executing faction moves any number of its own cubes (Government) or its own
    Guerrillas (Insurgent) from one space to a Department up to 3 spaces away (a path
    of at most 3 adjacent steps through any spaces, ending in that Department; within
    stacking; cubes not into a FARC Zone). It may then execute 1 free Operation only in
    that Department, other than Patrol or March (Government: Train, Sweep or Assault;
    Insurgent: Rally, Attack or Terror)."""
    return [spaces(1, river_origin, store("src"), "move from which space"),
            spaces(1, river_dest, river_move, "to which Department (up to 3 spaces away)"),
            pick(river_ops, river_op, "a free Operation in that Department")]


@event(70, UNSHADED)
def c70_ayahuasca_tourism_unshaded() -> Program:
    """Government Resources +6 for each Forest Department holding no Guerrillas."""
    return [do(ayahuasca)]


@event(70, SHADED)
def c70_ayahuasca_tourism_shaded() -> Program:
    """In each Forest Department, the executing faction may execute a free Terror with
    any 1 Guerrilla there, of any Insurgent faction (Active or Underground), and gains +3
    Resources for each Terror executed. Each Terror has the effects of a Terror by that
    Guerrilla's faction (AA 3.3.4)."""
    return [every_space(None, ("terror",), among=forest_depts, may=True, anyg=True,
                        any_faction=True, gain=3)]


@event(71, UNSHADED)
def c71_dari_n_unshaded() -> Program:
    """Remove 1 Guerrilla (any faction) from Chocó; that Guerrilla's faction loses 5
    Resources."""
    return [pick(choco_guerrillas, darien_unshaded, "remove a Guerrilla from Chocó")]


@event(71, SHADED)
def c71_dari_n_shaded() -> Program:
    """From now on for the rest of the game Panamá is a space: a 0-Population Forest
    Department adjacent to Chocó, in which Sweep never Activates Guerrillas. The
    executing faction places 1 or 2 of its available Bases there (within stacking)."""
    return [do(panama), pick(panama_bases, place_panama_bases, "place 1 or 2 Bases in Panamá")]


@event(72, UNSHADED)
def c72_sicarios_unshaded() -> Program:
    """In 2 spaces, replace every Cartels Guerrilla with an available FARC or AUC
    Guerrilla (chosen per piece)."""
    return [spaces(2, lambda st, v, s: B.guerrillas(st, s, CARTELS) > 0, sicarios,
                   "replace the Cartels Guerrillas of a space")]


@event(72, SHADED)
def c72_sicarios_shaded() -> Program:
    """Place all available Cartels Guerrillas into spaces holding Cartels Bases (any
    split among them)."""
    return [spaces(lambda st, v: 99, cartels_base_room, place_cartels_guerrilla,
                   "place a Cartels Guerrilla at a Cartels Base", repeat=True),
            spaces(lambda st, v: 99, base_room_after_reclaim, place_cartels_guerrilla,
                   "take a Cartels Guerrilla back to place it at a Cartels Base",
                   repeat=True, up_to=True)]
