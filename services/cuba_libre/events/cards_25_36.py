"""CL 5 Event cards 25-36 (docstrings = cards.json `effect`, CL-D-07)."""

from __future__ import annotations

from services.coin.effects import Pick, Program
from services.coin.operations import op_frame, push_sa
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import BASE, CUBES, GUER_U, KIND_IDS, NON_CASINO_BASES, Cap, Kind
from ..operations import OPERATION, begin_op
from ..ops.attack import ambush_spaces
from ..state import CLState
from . import SHADED, UNSHADED, register
from .capabilities import capability
from .lib import (
    DR,
    GOVT,
    INSURGENT_IDS,
    M26,
    NEUTRAL,
    SYNDICATE,
    TOWARD_SUPPORT,
    Vars,
    add_resources,
    aid,
    aid_to_government,
    do,
    guerrilla_kinds,
    has_kind,
    is_city,
    is_province,
    kinds_of,
    mountain,
    name_faction,
    named,
    pick,
    place_or_take_back,
    placeable_or_reclaimable,
    populated,
    push_place,
    remove_piece,
    resources,
    roll_die,
    set_level,
    shifting,
    spaces,
    store,
    to_level,
)
from .lib_late import (
    closest_to_havana,
    flip_everywhere,
    matching,
    parse_piece,
    piece_options,
    remove_one,
    replace_all,
)

CAMAGUEY_PROVINCE, ORIENTE = D.INDEX["camaguey_province"], D.INDEX["oriente"]
LAS_VILLAS = D.INDEX["las_villas"]
NEAR_LAS_VILLAS = (LAS_VILLAS, *D.ADJ[LAS_VILLAS])
DR_PIECES = (Kind.DR_U, Kind.DR_A, Kind.DR_BASE)
M26_PIECES = (Kind.M26_U, Kind.M26_A, Kind.M26_BASE)
DR_GUERRILLAS = (Kind.DR_U, Kind.DR_A)


def mountain_province(s: int) -> bool:
    return is_province(s) and mountain(s)


# -- 25 Escapade ----------------------------------------------------------------------------


@register(25, UNSHADED)
def escapade_unshaded() -> Program:
    """Place one Directorio Guerrilla and one Directorio Base together in either Camagüey
    Province or Oriente."""
    def ok(st: CLState, v: Vars, s: int) -> bool:
        return s in (CAMAGUEY_PROVINCE, ORIENTE) and (
            placeable_or_reclaimable(st, v, s, Kind.DR_U)
            or placeable_or_reclaimable(st, v, s, Kind.DR_BASE))

    def act(ctx: Ctx, st: CLState, v: Vars, s: int) -> None:
        push_place(st, s, (Kind.DR_BASE,), 1, v["f"])  # CL 1.4.1: DR may take its own back
        push_place(st, s, (Kind.DR_U,), 1, v["f"])  # the Guerrilla first (pushed last)
    return [spaces(1, ok, act, "a Directorio Guerrilla and Base go to")]


@register(25, SHADED)
def escapade_shaded() -> Program:
    """Remove one Directorio Base."""
    return [remove_one((Kind.DR_BASE,), "remove a Directorio Base")]


# -- 26 Rodríguez Loeches -------------------------------------------------------------------


# CL-I-17, CL 5.1.1 (its example): the Event names the Rally space, so its level does not
# forbid the Rally; the March comes "from adjacent spaces" even under card 28 (CL 5.1.2);
# CL 5.5: every other requirement holds (an Ambush needs an Underground Guerrilla and an enemy
# piece).
LOECHES_VARS = {"march": {"adjacent": True}, "rally": {"as_neutral": True}}


def loeches_options(st: CLState, v: Vars) -> list[Option]:
    """The free Operations Directorio may carry out in the space it placed in."""
    s = v.get("s", -1)
    if s < 0:
        return []
    ops = [op for op, extra in LOECHES_VARS.items()
           if OPERATION.can_select_any(st, op_frame(DR, op, False, True, only=[s], **extra))]
    opts = [option(f"op:{op}", f"A free {W.OPS[op]} {'into' if op == 'march' else 'in'} "
                   f"{W.space(s)}", op=op) for op in ops]
    if ambush_spaces(st, DR, [s]):
        opts.append(option("op:ambush", f"A free Ambush in {W.space(s)}", op="ambush"))
    return opts


def loeches_op(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    op = o.split(":")[1]
    if op == "ambush":
        push_sa(st, B.BOARD.name("ambush"), DR, only=[v["s"]])
    else:
        begin_op(st, DR, op, False, True, sa_ok=False, only=[v["s"]], **LOECHES_VARS[op])


@register(26, UNSHADED)
def rodriguez_loeches_unshaded() -> Program:
    """Directorio places 1 of its Guerrillas from Available in any space, then in that same
    space carries out one of, free: a March into it (from adjacent spaces), a Rally there, or
    an Ambush there."""
    def ok(st: CLState, v: Vars, s: int) -> bool:
        return placeable_or_reclaimable(st, v, s, Kind.DR_U)

    def act(ctx: Ctx, st: CLState, v: Vars, s: int) -> None:
        v["s"] = s
        push_place(st, s, (Kind.DR_U,), 1, v["f"])  # CL 1.4.1: DR may take its own back
    # CL 5.1: the executing faction chooses the space and the Operation; DR decides inside it
    return [spaces(1, ok, act, "place a Directorio Guerrilla in"),
            pick(loeches_options, loeches_op, "choose the free Operation there")]


@register(26, SHADED)
def rodriguez_loeches_shaded() -> Program:
    """Remove one Directorio Guerrilla; Directorio Resources -5."""
    return [remove_one(DR_GUERRILLAS, "remove a Directorio Guerrilla"), resources(DR, -5)]


# -- 27 Echeverría --------------------------------------------------------------------------


def dr_eligible(ctx: Ctx, st: CLState, v: Vars) -> None:
    """CL 2.3.7, CL-D-11: Directorio goes to Eligible at this card's adjustment."""
    if DR not in st.set_eligible:
        st.set_eligible.append(DR)


@register(27, UNSHADED)
def echeverria_unshaded() -> Program:
    """Place 2 Directorio Guerrillas from Available in any spaces. Set Havana to Neutral.
    Directorio becomes Eligible (its marker goes to Eligible even if it executed this
    event)."""
    def ok(st: CLState, v: Vars, s: int) -> bool:
        return placeable_or_reclaimable(st, v, s, Kind.DR_U)

    def act(ctx: Ctx, st: CLState, v: Vars, s: int) -> None:
        push_place(st, s, (Kind.DR_U,), 1, v["f"])  # CL 1.4.1: DR may take its own back
    return [spaces(2, ok, act, "place a Directorio Guerrilla in", repeat=True),
            do(lambda ctx, st, v: set_level(ctx, st, D.HAVANA, NEUTRAL)), do(dr_eligible)]


def closest_dr(st: CLState) -> tuple[int, ...]:
    return closest_to_havana(st, DR_PIECES)


@register(27, SHADED)
def echeverria_shaded() -> Program:
    """Remove the 2 Directorio pieces (Guerrillas or Bases) closest to Havana, by adjacency
    steps (map.json hops_to_havana; pieces in Havana first); ties chosen by the executing
    faction. Directorio Resources -3."""
    prompt = "remove a Directorio piece closest to Havana"
    return [remove_one(DR_PIECES, prompt, closest_dr), remove_one(DR_PIECES, prompt, closest_dr),
            resources(DR, -3)]


# -- 28 Morgan ------------------------------------------------------------------------------


@register(28, UNSHADED)
def morgan_unshaded() -> Program:
    """Insurgent Capability for the rest of the game: Directorio Guerrillas may March up to 2
    spaces: a group may continue from its first destination into a space adjacent to it
    (resolved as in gap CL-D-13)."""
    return [capability(Cap.DR_MARCHES_TWO_SPACES)]


@register(28, SHADED)
def morgan_shaded() -> Program:
    """Select a City or Province containing a Directorio Guerrilla; set it to Active
    Support."""
    def ok(st: CLState, v: Vars, s: int) -> bool:
        return populated(s) and has_kind(st, s, DR_GUERRILLAS)
    return [spaces(1, ok, to_level(TOWARD_SUPPORT), "set to Active Support")]


# -- 29 Fauré Chomón ------------------------------------------------------------------------


def base_and_two(ctx: Ctx, st: CLState, v: Vars) -> None:
    """CL 1.4.1: the executing player naming itself may take its own pieces back."""
    f = named(st, v)
    place_or_take_back(ctx, st, v, LAS_VILLAS, [(BASE[f], 1), (GUER_U[f], 2)])


@register(29, UNSHADED)
def faure_chomon_unshaded() -> Program:
    """The executing faction picks Directorio or 26July; that faction places 1 Base and 2
    Guerrillas from Available in Las Villas."""
    return [name_faction((DR, M26), "1 Base and 2 Guerrillas into Las Villas for",
                         "choose who places in Las Villas"), do(base_and_two)]


def dr_piece_choices(st: CLState, v: Vars) -> list[Option]:
    return piece_options(st, DR_PIECES, "Remove") + piece_options(
        st, DR_PIECES, "Replace", after=" with the matching 26July piece", prefix="replace")


def remove_or_replace_dr(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    s, k = parse_piece(o)
    if remove_piece(ctx, st, s, k, v["f"]) and o.startswith("replace:"):
        place_or_take_back(ctx, st, v, s, [(matching(k, M26), 1)])  # CL 1.4.1: 26July's own


@register(29, SHADED)
def faure_chomon_shaded() -> Program:
    """Select one Directorio piece: remove it, or replace it with the matching 26July piece
    (Guerrilla for Guerrilla, Base for Base)."""
    return [pick(dr_piece_choices, remove_or_replace_dr,
                 "remove a Directorio piece or replace it with a 26July one")]


# -- 30 The Guerrilla Life ------------------------------------------------------------------


@register(30, UNSHADED)
def the_guerrilla_life_unshaded() -> Program:
    """Insurgent Capability for the rest of the game: every 26July Rally, whatever option it
    uses in a space (including placing Guerrillas or a Base), ends by flipping all 26July
    Guerrillas in that space Underground."""
    return [capability(Cap.M26_RALLY_HIDES_ALL)]


def hide_all_dr(ctx: Ctx, st: CLState, v: Vars) -> None:
    flip_everywhere(ctx, st, DR, hide=True)


@register(30, SHADED)
def the_guerrilla_life_shaded() -> Program:
    """Flip all Directorio Guerrillas on the map Underground. Place 1 Directorio Guerrilla in
    a City."""
    def ok(st: CLState, v: Vars, s: int) -> bool:
        return is_city(s) and placeable_or_reclaimable(st, v, s, Kind.DR_U)

    def act(ctx: Ctx, st: CLState, v: Vars, s: int) -> None:
        place_or_take_back(ctx, st, v, s, [(Kind.DR_U, 1)])  # CL 1.4.1: DR may take its own
    return [do(hide_all_dr), spaces(1, ok, act, "place a Directorio Guerrilla in")]


# -- 31 Escopeteros -------------------------------------------------------------------------


def kind_choice(kinds: tuple[int, ...], prompt: str) -> Pick:
    """Place one piece of a kind the executing faction picks in v["s"] (CL 1.4.1: one of its
    own it may take back from the map)."""
    def opts(st: CLState, v: Vars) -> list[Option]:
        s = v.get("s", -1)
        return [option(f"place:{KIND_IDS[k]}", f"Place {W.pieces(k, 1)} in {W.space(s)}",
                       piece=KIND_IDS[k])
                for k in kinds if s >= 0 and placeable_or_reclaimable(st, v, s, k)]

    def act(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
        place_or_take_back(ctx, st, v, v["s"], [(KIND_IDS.index(o.split(":")[1]), 1)])
    return pick(opts, act, prompt)


@register(31, UNSHADED)
def escopeteros_unshaded() -> Program:
    """Into one Mountain Province place 1 non-Casino Base of any faction (Government, 26July
    or Directorio) and 1 Guerrilla of any Insurgent faction (executing faction's choices;
    stacking applies)."""
    return [spaces(1, lambda st, v, s: mountain_province(s), store("s"), "place a Base and "
                   "a Guerrilla in"),
            kind_choice(NON_CASINO_BASES, "choose the Base to place"),
            kind_choice(tuple(GUER_U[f] for f in INSURGENT_IDS),
                        "choose the Guerrilla to place")]


@register(31, SHADED)
def escopeteros_shaded() -> Program:
    """Shift one Mountain Province 1 level toward Active Support."""
    def ok(st: CLState, v: Vars, s: int) -> bool:
        return mountain_province(s) and st.support[s] < TOWARD_SUPPORT
    return [spaces(1, ok, shifting(TOWARD_SUPPORT), "shift 1 level toward Active Support")]


# -- 32 Resistencia Cívica ------------------------------------------------------------------


def city_swap(frm: int, to: int) -> Program:
    def ok(st: CLState, v: Vars, s: int) -> bool:
        return is_city(s) and has_kind(st, s, DR_PIECES if frm == DR else M26_PIECES)

    def act(ctx: Ctx, st: CLState, v: Vars, s: int) -> None:
        replace_all(ctx, st, v, s, frm, to)
    return [spaces(1, ok, act, f"replace every {W.faction(frm)} piece with "
                   f"{W.faction(to)} pieces in")]


@register(32, UNSHADED)
def resistencia_civica_unshaded() -> Program:
    """In one City, replace every Directorio piece with the matching 26July piece (Guerrilla
    for Guerrilla, placed Underground; Base for Base)."""
    return city_swap(DR, M26)


@register(32, SHADED)
def resistencia_civica_shaded() -> Program:
    """In one City, replace every 26July piece with the matching Directorio piece."""
    return city_swap(M26, DR)


# -- 33 Carlos Prío -------------------------------------------------------------------------


@register(33, UNSHADED)
def carlos_prio_unshaded() -> Program:
    """Directorio or 26July (executing faction's choice) adds +5 Resources."""
    return [name_faction((DR, M26), "+5 Resources to", "choose who adds 5 Resources"),
            do(lambda ctx, st, v: add_resources(ctx, st, named(st, v), 5))]


@register(33, SHADED)
def carlos_prio_shaded() -> Program:
    """Select one City or Province not under Government Control: place a Directorio Base
    there and set it to Neutral."""
    def ok(st: CLState, v: Vars, s: int) -> bool:
        return populated(s) and B.control(st, s) != GOVT

    def act(ctx: Ctx, st: CLState, v: Vars, s: int) -> None:
        place_or_take_back(ctx, st, v, s, [(Kind.DR_BASE, 1)])  # CL 1.4.1: DR's own
        set_level(ctx, st, s, NEUTRAL)
    return [spaces(1, ok, act, "place a Directorio Base and set to Neutral")]


# -- 34 US Speaking Tour --------------------------------------------------------------------


def speaking_tour(ctx: Ctx, st: CLState, v: Vars) -> None:
    f = named(st, v)
    add_resources(ctx, st, f, v["die"])
    for g in INSURGENT_IDS:
        if g != f:
            add_resources(ctx, st, g, 2)


@register(34, UNSHADED)
def us_speaking_tour_unshaded() -> Program:
    """The executing faction picks one Insurgent faction: it adds one die roll to its
    Resources. Each of the other two Insurgent factions adds +2."""
    return [name_faction(INSURGENT_IDS, "A die roll of Resources to",
                         "choose who adds a die roll (the other two Insurgents +2)"),
            roll_die("US Speaking Tour"), do(speaking_tour)]


@register(34, SHADED)
def us_speaking_tour_shaded() -> Program:
    """The Government adds the lesser of 8 and the current Aid to its Resources; then Aid
    +8."""
    return [aid_to_government(8), aid(8)]


# -- 35 Defections --------------------------------------------------------------------------


def defectors(st: CLState, s: int, g: int) -> tuple[int, ...]:
    """An enemy's Guerrillas or cubes in s (Bases and Casinos are not affected)."""
    kinds = CUBES if g == GOVT else guerrilla_kinds((g,))
    return tuple(k for k in kinds if B.n(st, s, k))


def defection_options(st: CLState, v: Vars) -> list[Option]:
    """`piece:<space>:<kind>:<by kind>` (after the first, only in that space and of that
    enemy)."""
    f = v["f"]
    own = CUBES if f == GOVT else (GUER_U[f],)
    out = []
    for s in range(D.NS):
        if not any(B.n(st, s, k) for k in kinds_of(f)) or v.get("s", s) != s:
            continue
        for g in (v["enemy"],) if "enemy" in v else [g for g in range(4) if g != f]:
            out += [option(f"piece:{D.NAMES[s]}:{KIND_IDS[k]}:{KIND_IDS[b]}",
                           f"Replace {W.pieces(k, 1)} in {W.space(s)} with {W.pieces(b, 1)}",
                           space=D.NAMES[s], piece=KIND_IDS[k], by=KIND_IDS[b])
                    for k in defectors(st, s, g) for b in own]
    return out


def defect(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    _, space, kind, by = o.split(":")
    s, k = D.INDEX[space], KIND_IDS.index(kind)
    v["s"], v["enemy"] = s, B.PIECES.faction[k]
    if remove_piece(ctx, st, s, k, v["f"]):
        place_or_take_back(ctx, st, v, s, [(KIND_IDS.index(by), 1)])  # CL 1.4.1: own pieces


@register(35, UNSHADED)
def defections_unshaded() -> Program:
    """The executing faction selects a space containing its own pieces and pieces of one
    enemy faction. Replace 2 of that enemy's Guerrillas or cubes there with the executing
    faction's own Guerrillas (Insurgent) or cubes (Government, its choice of Troops/Police)
    from Available. Bases and Casinos are not affected."""
    prompt = "replace an enemy Guerrilla or cube with your own"
    return [pick(defection_options, defect, prompt), pick(defection_options, defect, prompt)]


# -- 36 Eloy Gutiérrez Menoyo ---------------------------------------------------------------


NOT_DR_NOR_CASINO = (Kind.TROOPS, Kind.POLICE, Kind.GOVT_BASE, *M26_PIECES, Kind.SYND_U,
                     Kind.SYND_A)


def two_dr_instead(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    s, k = parse_piece(o)
    if remove_piece(ctx, st, s, k, v["f"]):
        place_or_take_back(ctx, st, v, s, [(Kind.DR_U, 2)])  # CL 1.4.1: DR's own


@register(36, UNSHADED)
def eloy_gutierrez_menoyo_unshaded() -> Program:
    """Replace one non-Directorio, non-Casino piece (cube, Base, or Guerrilla) in Las Villas
    or in a space adjacent to it (Matanzas, Camagüey Province, the central EC) with 2
    Directorio Guerrillas."""
    def opts(st: CLState, v: Vars) -> list[Option]:
        return piece_options(st, NOT_DR_NOR_CASINO, "Replace", NEAR_LAS_VILLAS,
                             " with 2 Directorio Guerrillas")
    return [pick(opts, two_dr_instead, "replace a piece with 2 Directorio Guerrillas")]


def dr_guerrilla_to(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    s, k = parse_piece(o)
    if remove_piece(ctx, st, s, k, v["f"]):
        place_or_take_back(ctx, st, v, s, [(GUER_U[named(st, v)], 1)])  # CL 1.4.1: own


@register(36, SHADED)
def eloy_gutierrez_menoyo_shaded() -> Program:
    """Replace one Directorio Guerrilla with a 26July or Syndicate Guerrilla (executing
    faction's choice)."""
    def opts(st: CLState, v: Vars) -> list[Option]:
        return piece_options(st, DR_GUERRILLAS, "Replace", after=" with a "
                             f"{W.faction(named(st, v))} Guerrilla")
    return [name_faction((M26, SYNDICATE), "Replace a Directorio Guerrilla with a Guerrilla of",
                         "choose whose Guerrilla replaces a Directorio one"),
            pick(opts, dr_guerrilla_to, "replace a Directorio Guerrilla")]
