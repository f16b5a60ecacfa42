"""AA 5 Event cards 37-48 (first-edition texts; docstrings = cards.json)."""

from __future__ import annotations

from typing import Any

from services.coin.effects import Program
from services.kernel.decisions import Option, option

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import Kind, Mom
from ..ops.common import push_remove
from ..ops.insurgent import aid_cut, ambush, terror
from . import SHADED, UNSHADED, event
from .capabilities import momentum
from .lib import (
    AUC,
    FARC,
    GOVT,
    Vars,
    add_terror,
    anywhere,
    by,
    chosen,
    do,
    each,
    every_space,
    free_op,
    name_insurgent,
    named,
    pick,
    pieces_step,
    place_reclaiming,
    placeable_or_reclaimable,
    populated,
    preferring,
    push_place,
    remove_all,
    res,
    roll,
    sabotage,
    set_level,
    shift,
    spaces,
    store,
)

ACTIVE_OPPOSITION, PASSIVE_OPPOSITION, NEUTRAL, PASSIVE_SUPPORT = -2, -1, 0, 1
ACTIVE_SUPPORT = 2
AUC_G = (Kind.AUC_U, Kind.AUC_A)
AUC_ALL = (Kind.AUC_U, Kind.AUC_A, Kind.AUC_BASE)
CUCUTA = D.INDEX["cucuta"]


def cubes_or_support(st: Any, s: int) -> bool:
    return B.cubes(st, s) > 0 or st.support[s] > 0


def remove_active_auc(ctx: Any, st: Any, v: Vars, s: int) -> None:
    remove_all(ctx, st, s, (Kind.AUC_A,), v["f"])


def hide_auc(ctx: Any, st: Any, v: Vars, s: int) -> None:
    B.PIECES.flip_to(st, s, Kind.AUC_U, B.active(st, s, AUC))


def place_police(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """The Government executing may take its own back from the map (AA 1.4.1)."""
    place_reclaiming(st, v, s, (Kind.POLICE, 1))


def police_to_auc(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 39 shaded: replace 1 Police by an AUC Guerrilla (removed only if none left; AUC
    executing may take its own back from the map, AA 1.4.1)."""
    B.PIECES.remove(st, s, Kind.POLICE)
    place_reclaiming(st, v, s, (Kind.AUC_U, 1))


def auc_piece_in_city(ctx: Any, st: Any, v: Vars, s: int) -> None:
    push_place(st, s, (Kind.AUC_U, Kind.AUC_BASE), 1, v["f"])


def mancuso_shaded(ctx: Any, st: Any, v: Vars) -> None:
    n = sum(1 for s in range(D.NS) if B.pieces_of(st, s, AUC) and B.pieces_of(st, s, 3))
    B.add_resources(st, AUC, 3 * n)


def remove_auc(ctx: Any, st: Any, v: Vars, s: int) -> None:
    remove_all(ctx, st, s, AUC_ALL, v["f"])


def senado_momentum(ctx: Any, st: Any, v: Vars) -> None:
    """Card 42 shaded: no effect if the Government executed it."""
    if v["f"] != GOVT:
        momentum(Mom.SEIZE).run(ctx, st, v)


def dept_with_troops(st: Any, v: Vars, s: int) -> bool:
    return B.is_dept(s) and B.troops(st, s) > 0


def calima(ctx: Any, st: Any, v: Vars, s: int) -> None:
    add_terror(st, s, 2)
    remove_all(ctx, st, s, (Kind.FARC_BASE,), v["f"])


def calima_shaded(ctx: Any, st: Any, v: Vars, s: int) -> None:
    add_terror(st, s, 2)


def derechos_humanos(ctx: Any, st: Any, v: Vars) -> None:
    """Card 45 shaded (TV-D-18): Aid -1 per space with AUC pieces; Govt - a die."""
    B.add_aid(st, -sum(1 for s in range(D.NS) if B.pieces_of(st, s, AUC)))
    r = roll(st)
    B.add_resources(st, GOVT, -r)
    ctx.emit("aa.roll", f"Los Derechos Humanos: rolled {r}.", {"roll": r})


def limpieza_terror(ctx: Any, st: Any, v: Vars, s: int) -> None:
    """Card 46: a Terror with any one Guerrilla, 2 markers, 2 enemy pieces removed (an
    Active one does it where there is one: AA 5.5, 任意のゲリラ, AA-I-20)."""
    f = named(st, v)
    v["s"] = s
    if not B.active(st, s, f):
        B.PIECES.flip_to(st, s, Kind.FARC_A if f == FARC else (
            Kind.AUC_A if f == AUC else Kind.CARTELS_A), 1)
    if B.is_loc(s):
        sabotage(st, s)  # AA-D-30
    else:
        add_terror(st, s, 2)
    if f == AUC:
        aid_cut(ctx, st, 1)
    push_remove(st, s, f, 2, "assassinate", "", must=True)


def limpieza_level(st: Any, v: Vars) -> list[Option]:
    s = v.get("s", -1)
    if s < 0 or not populated(s):
        return []
    return [option("passive_support", f"Set {W.space(s)} to Passive Support"),
            option("passive_opposition", f"Set {W.space(s)} to Passive Opposition")]


def set_limpieza_level(ctx: Any, st: Any, v: Vars, o: str) -> None:
    st.support[v["s"]] = PASSIVE_SUPPORT if o == "passive_support" else PASSIVE_OPPOSITION


def activate_all_auc(ctx: Any, st: Any, v: Vars) -> None:
    for s in range(D.NS):
        B.PIECES.flip_to(st, s, Kind.AUC_A, B.underground(st, s, AUC))


def cucuta_guerrillas(ctx: Any, st: Any, v: Vars) -> None:
    """Card 47 shaded: 2 AUC Guerrillas into Cúcuta (AUC executing may take its own back
    from the map, AA 1.4.1: the Terror is the next step, after them)."""
    place_reclaiming(st, v, CUCUTA, (Kind.AUC_U, 2))


def cucuta_terror(ctx: Any, st: Any, v: Vars) -> None:
    """Card 47 shaded: a free Terror in Cúcuta."""
    if B.underground(st, CUCUTA, AUC):
        terror(ctx, st, CUCUTA, AUC)
        aid_cut(ctx, st, 1)


def next_to_econ3_pipeline(st: Any, s: int) -> bool:
    return any(D.ECON[a] == 3 and D.PIPELINE[a] for a in B.adjacent(st, s))


def uso_options(st: Any, v: Vars) -> list[Option]:
    out = [option(f"neutral:{D.NAMES[s]}", f"Set {W.space(s)} to Neutral", space=D.NAMES[s])
           for s in B.spaces(st) if next_to_econ3_pipeline(st, s) and populated(s)
           and st.support[s] < 0]
    return out + [option(f"base:{D.NAMES[s]}", f"Remove a FARC Base from {W.space(s)}",
                         space=D.NAMES[s])
                  for s in B.spaces(st) if next_to_econ3_pipeline(st, s) and B.bases(st, s, FARC)]


def uso(ctx: Any, st: Any, v: Vars, o: str) -> None:
    what, name = o.split(":")
    s = D.INDEX[name]
    if what == "neutral":
        st.support[s] = NEUTRAL
    else:
        B.PIECES.remove(st, s, Kind.FARC_BASE)


@event(37, UNSHADED)
def c37_former_military_unshaded() -> Program:
    """In every space where possible, the Government executes for free either a Sweep
    without moving cubes or an Assault, in both cases against FARC only; AUC Guerrillas
    in the space count as Troops for it."""
    # the rulebook: 実施できる ("may"): each space optional (AA-I-9)
    return [every_space(GOVT, ("sweep", "assault"), only=FARC, auc_as_troops=True, may=True)]


@event(37, SHADED)
def c37_former_military_shaded() -> Program:
    """AUC executes a free March with any of its Guerrillas, then a free Ambush in any
    one of the March destination spaces."""
    return [free_op(AUC, "march"),
            spaces(1, lambda st, v, s: s in v.get("op_spaces", []) and B.underground(st, s, AUC) > 0
                   and B.enemies_of(st, s, AUC) > 0,
                   lambda ctx, st, v, s: ambush(ctx, st, s, AUC), "free Ambush in a March space",
                   who=by(AUC), up_to=True)]  # the seed's 待ち伏せを実施できる: may


@event(38, UNSHADED)
def c38_national_coordination_center_unshaded() -> Program:
    """In up to 3 spaces that hold cubes or are at Support, remove every Active AUC
    Guerrilla."""
    return [spaces(3, lambda st, v, s: cubes_or_support(st, s) and B.active(st, s, AUC) > 0,
                   remove_active_auc, "remove Active AUC Guerrillas", up_to=True)]


@event(38, SHADED)
def c38_national_coordination_center_shaded() -> Program:
    """In every space that holds cubes or is at Support, flip all AUC Guerrillas to
    Underground."""
    return [each(lambda st, v, s: cubes_or_support(st, s), hide_auc)]


@event(39, UNSHADED)
def c39_soldados_campesinos_unshaded() -> Program:
    """Place 1 available Police into each of 6 different Departments (not FARC Zones)."""
    return [spaces(6, lambda st, v, s: B.is_dept(s)
                   and placeable_or_reclaimable(st, v, s, Kind.POLICE), place_police,
                   "place a Police in a Department")]


@event(39, SHADED)
def c39_soldados_campesinos_shaded() -> Program:
    """In up to 3 Departments, replace 1 Police with 1 available AUC Guerrilla (one per
    Department)."""
    return [spaces(3, lambda st, v, s: B.is_dept(s) and B.police(st, s) > 0, police_to_auc,
                   "replace a Police by an AUC Guerrilla", up_to=True)]


@event(40, UNSHADED)
def c40_demobilization_unshaded() -> Program:
    """Replace 3 AUC Guerrillas, anywhere, with available Police (one for one)."""
    return [pieces_step(anywhere, AUC_G, 3, "replace", by_kinds=(Kind.POLICE,))]


@event(40, SHADED)
def c40_demobilization_shaded() -> Program:
    """Choose one Department holding AUC pieces: move every cube there into Cities (any
    Cities, any split). Then place 1 available AUC piece (Guerrilla or Base) into each
    of 2 different Cities."""
    return [spaces(1, lambda st, v, s: B.is_dept(s) and B.pieces_of(st, s, AUC) > 0, store(),
                   "choose a Department with AUC pieces"),
            pieces_step(chosen, (Kind.TROOPS, Kind.POLICE), 99, "move", to_any=True,
                        to=list(D.CITIES)),
            spaces(2, lambda st, v, s: B.is_city(s), auc_piece_in_city,
                   "place an AUC piece in a City")]


@event(41, UNSHADED)
def c41_mancuso_unshaded() -> Program:
    """AUC Resources -6. Remove every AUC piece from one space."""
    return [do(res(AUC, -6)),
            spaces(1, lambda st, v, s: B.pieces_of(st, s, AUC) > 0, remove_auc,
                   "remove every AUC piece from a space")]


@event(41, SHADED)
def c41_mancuso_shaded() -> Program:
    """AUC Resources +3 for each space holding both AUC and Cartels pieces."""
    return [do(mancuso_shaded)]


@event(42, UNSHADED)
def c42_senado_c_mara_unshaded() -> Program:
    """Choose 2 Neutral spaces (Population >= 1) and set each to Passive Support.
    Government Resources +3."""
    return [spaces(2, lambda st, v, s: populated(s) and st.support[s] == NEUTRAL,
                   set_level(PASSIVE_SUPPORT), "set a Neutral space to Passive Support"),
            do(res(GOVT, 3))]


@event(42, SHADED)
def c42_senado_c_mara_shaded() -> Program:
    """Insurgent Momentum. Until the Reset phase of the next Propaganda Round: no Sweep
    or Assault may be used against the faction that executed this Event (its Guerrillas
    cannot be Activated by Sweep nor its pieces removed by Assault). No effect if the
    Government executed it."""
    return [do(senado_momentum)]


@event(43, UNSHADED)
def c43_calima_front_unshaded() -> Program:
    """In one Department holding Troops: place 2 Terror markers and remove every FARC
    Base there (choose a Department with a FARC Base if possible)."""
    return [spaces(1, preferring(lambda st, v, s: dept_with_troops(st, v, s)
                                 and B.bases(st, s, FARC) > 0, dept_with_troops), calima,
                   "Terror and remove FARC Bases in a Department with Troops")]


@event(43, SHADED)
def c43_calima_front_shaded() -> Program:
    """Place 2 Terror markers in one Department holding Troops. Aid -9 (min 0)."""
    return [spaces(1, dept_with_troops, calima_shaded, "2 Terror in a Department with Troops"),
            do(lambda ctx, st, v: B.add_aid(st, -9))]


@event(44, UNSHADED)
def c44_colombia_nueva_unshaded() -> Program:
    """Set one City that is not at Opposition to Active Support. Government Resources
    +3."""
    # AA 5.1.3: a City the shift changes, where there is one (seed: 積極的な支持にシフトする)
    return [spaces(1, preferring(lambda st, v, s: B.is_city(s) and 0 <= st.support[s] < 2,
                                 lambda st, v, s: B.is_city(s) and st.support[s] >= 0),
                   set_level(ACTIVE_SUPPORT), "set a City to Active Support"),
            do(res(GOVT, 3))]


@event(44, SHADED)
def c44_colombia_nueva_shaded() -> Program:
    """Set one City at Passive or Active Support to Neutral. Government Resources -3."""
    return [spaces(1, lambda st, v, s: B.is_city(s) and st.support[s] > 0, set_level(NEUTRAL),
                   "set a City to Neutral"),
            do(res(GOVT, -3))]


@event(45, UNSHADED)
def c45_los_derechos_humanos_unshaded() -> Program:
    """Shift every space that holds at least 1 cube and at least 1 Terror marker 1 level
    toward Active Support."""
    return [each(lambda st, v, s: B.cubes(st, s) > 0 and st.terror[s] > 0,
                 lambda ctx, st, v, s: shift(st, s, ACTIVE_SUPPORT))]


@event(45, SHADED)
def c45_los_derechos_humanos_shaded() -> Program:
    """Aid -1 for each space holding AUC pieces (min 0). Then roll 1 die and subtract
    the result from Government Resources."""
    return [do(derechos_humanos)]


@event(46, UNSHADED)
def c46_limpieza_unshaded() -> Program:
    """The executing faction names one Insurgent faction. That faction executes a free
    Terror in one space with any one of its Guerrillas there (Active or Underground);
    this Terror places 2 Terror markers instead of 1. In the same space it removes any 2
    enemy pieces and, unless the space has 0 Population, sets it to Passive Support or
    Passive Opposition (its choice) instead of the normal Terror shift. AUC Terror cuts
    Aid as usual (AA 3.3.4)."""
    return [name_insurgent(what="A double Terror for the"),
            spaces(1, lambda st, v, s: B.guerrillas(st, s, named(st, v)) > 0, limpieza_terror,
                   "free Terror in a space", who=named),
            pick(limpieza_level, set_limpieza_level, "set the space to", who=named)]


@event(47, UNSHADED)
def c47_pinto_del_rosario_unshaded() -> Program:
    """Activate every AUC Guerrilla on the map. Then in each space holding Police and
    AUC pieces, the Police execute a free Assault against AUC only, each Police cube
    counting as one Troop (Troops there do not add to it)."""
    return [do(activate_all_auc),
            every_space(GOVT, ("assault",), only=AUC, police_only=True, may=True)]  # AA-I-9


@event(47, SHADED)
def c47_pinto_del_rosario_shaded() -> Program:
    """AUC places 2 available Guerrillas into Cúcuta and executes a free Terror there
    (normal Terror effects, including the AUC Aid cut), then flips any 2 AUC Guerrillas
    anywhere to Underground."""
    return [do(cucuta_guerrillas), do(cucuta_terror),
            pieces_step(anywhere, (Kind.AUC_A,), 2, "hide", who=by(AUC))]


@event(48, UNSHADED)
def c48_uni_n_sindical_obrera_unshaded() -> Program:
    """Either set one space at Passive or Active Opposition that is adjacent to a
    pipeline with Econ 3 to Neutral, or remove 1 FARC Base from a space adjacent to a
    pipeline with Econ 3."""
    return [pick(uso_options, uso, "Neutral Opposition or remove a FARC Base")]


@event(48, SHADED)
def c48_uni_n_sindical_obrera_shaded() -> Program:
    """Shift 2 Cities other than Bogotá, each 1 level toward Active Opposition."""
    return [spaces(2, lambda st, v, s: B.is_city(s) and s != D.BOGOTA
                   and st.support[s] > ACTIVE_OPPOSITION,
                   lambda ctx, st, v, s: shift(st, s, ACTIVE_OPPOSITION),
                   "shift a City toward Active Opposition")]
