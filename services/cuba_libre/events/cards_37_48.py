"""CL 5 Event cards 37-48 (docstrings = cards.json `effect`, CL-D-07)."""

from __future__ import annotations

from services.coin.effects import Program
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option

from .. import board as B
from .. import cash, operations
from .. import data as D
from .. import words as W
from ..casinos import RULES
from ..constants import BASE, CASINOS, CUBES, GUER_A, GUER_U, INSURGENTS, KIND_IDS, OPS, Cap, Kind
from ..ops.attack import ambush_spaces
from ..state import CLState
from . import SHADED, UNSHADED, register
from .capabilities import capability
from .lib import (
    DR,
    GOVT,
    M26,
    NEUTRAL,
    SYNDICATE,
    Vars,
    add_aid,
    add_resources,
    aid,
    alliance,
    apply_take_back,
    do,
    each,
    free_sa,
    guerrilla_kinds,
    ineligible_next,
    is_city,
    name_faction,
    named,
    own_take_backs,
    pick,
    place,
    place_or_take_back,
    placeable_or_reclaimable,
    push_pieces,
    resources,
    roll_die,
    set_level,
    shifting,
    spaces,
    store,
)
from .lib_late import (
    CashShuffle,
    any_casino,
    cash_moves,
    casino_turns,
    flip_everywhere,
    parse_piece,
    piece_options,
    remove_one,
    spaces_with,
)

HAVANA = D.HAVANA
ALL_GUERRILLAS = guerrilla_kinds((M26, DR, SYNDICATE))


# -- 37 Herbert Matthews --------------------------------------------------------------------


@register(37, UNSHADED)
def herbert_matthews_unshaded() -> Program:
    """26July Resources +5. Aid -6 (not below 0)."""
    return [resources(M26, 5), aid(-6)]


@register(37, SHADED)
def herbert_matthews_shaded() -> Program:
    """Aid +10. Directorio Resources +3. Syndicate Resources +5."""
    return [aid(10), resources(DR, 3), resources(SYNDICATE, 5)]


# -- 38 Meyer Lansky ------------------------------------------------------------------------


def cash_to_move(st: CLState, v: Vars, s: int) -> bool:
    """A space with Cash and a Guerrilla or cube that could take it."""
    return bool(cash_moves(st, {"s": s}))


@register(38, UNSHADED)
def meyer_lansky_unshaded() -> Program:
    """In one space, move any Cash markers among any Guerrillas and cubes present there (any
    factions); ownership follows the new holder (CL 4.5.2)."""
    return [spaces(1, cash_to_move, store("s"), "move Cash among the pieces in"),
            CashShuffle()]


def move_casinos(ctx: Ctx, st: CLState, v: Vars) -> None:
    """The Syndicate's Casinos move, each once, to Cities or Provinces (stacking); the
    executing faction chooses which and where (CL 5.1: no free Operation or SA is given)."""
    on_map = sum(B.casinos(st, s) for s in range(D.NS))
    push_pieces(st, -1, CASINOS, on_map, "move", v["f"], stop=True, to_any=True,
                to=list(D.POPULATED))


def open_casinos(ctx: Ctx, st: CLState, v: Vars) -> None:
    for s in spaces_with(st, Kind.CASINO_CLOSED):
        for _ in range(B.n(st, s, Kind.CASINO_CLOSED)):
            casino_turns(ctx, st, s, to_open=True)


@register(38, SHADED)
def meyer_lansky_shaded() -> Program:
    """The Syndicate moves any of its Casinos (open or closed) to any Cities/Provinces,
    within stacking (at most 2 Casinos per space). Then every Casino on the map is opened."""
    return [do(move_casinos), do(open_casinos)]


# -- 39 Turismo -----------------------------------------------------------------------------


def casino_at_support(st: CLState, v: Vars, s: int) -> bool:
    return any_casino(st, s) and st.support[s] > 0


@register(39, UNSHADED)
def turismo_unshaded() -> Program:
    """In each space containing a Casino (open or closed) that is at Support, shift 1 level
    toward Neutral."""
    return [each(casino_at_support, shifting(NEUTRAL))]


def tourist_income(ctx: Ctx, st: CLState, v: Vars) -> None:
    n = sum(1 for s in spaces_with(st, Kind.CASINO_OPEN) if B.n(st, s, Kind.POLICE))
    add_resources(ctx, st, GOVT, 3 * n)
    add_resources(ctx, st, SYNDICATE, 3 * n)


@register(39, SHADED)
def turismo_shaded() -> Program:
    """For each space containing an open Casino and at least one Police, the Government and
    the Syndicate each add +3 Resources."""
    return [do(tourist_income)]


# -- 40 Ambassador Smith --------------------------------------------------------------------


def half_aid(ctx: Ctx, st: CLState, v: Vars) -> None:
    add_resources(ctx, st, SYNDICATE, min(9, st.aid // 2))


@register(40, UNSHADED)
def ambassador_smith_unshaded() -> Program:
    """US Alliance 1 box down (toward Embargoed) if possible; Aid unchanged."""
    return [alliance(1)]


@register(40, SHADED)
def ambassador_smith_shaded() -> Program:
    """US Alliance 1 box up (toward Firm) if possible. Aid +9. Then the Syndicate adds the
    lesser of 9 and half of Aid (rounded down, Aid after the +9) to its Resources."""
    return [alliance(-1), aid(9), do(half_aid)]


# -- 41 Fat Butcher -------------------------------------------------------------------------


def casino_or_aid(st: CLState, v: Vars) -> list[Option]:
    return [option(f"close:{D.NAMES[s]}", f"Close 1 open Casino in {W.space(s)}",
                   space=D.NAMES[s]) for s in spaces_with(st, Kind.CASINO_OPEN)] + [
        option("aid", "Aid -8")]


def close_or_cut(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    if o == "aid":
        add_aid(ctx, st, -8)
    else:
        casino_turns(ctx, st, D.INDEX[o.split(":")[1]], to_open=False)


@register(41, UNSHADED)
def fat_butcher_unshaded() -> Program:
    """The executing faction chooses one: close 1 open Casino (any space), or Aid -8."""
    return [pick(casino_or_aid, close_or_cut, "close a Casino or cut Aid")]


def open_one(st: CLState, v: Vars) -> list[Option]:
    return [option(f"space:{D.NAMES[s]}", f"Open the closed Casino in {W.space(s)}",
                   space=D.NAMES[s]) for s in spaces_with(st, Kind.CASINO_CLOSED)]


def open_there(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    casino_turns(ctx, st, D.INDEX[o.split(":")[1]], to_open=True)


def guerrilla_to_take_back(st: CLState, v: Vars) -> list[Option]:
    """CL 1.4.1 (CL-R-04): with no Syndicate Guerrilla Available for the Ambush to place, the
    executing Syndicate player may first take one of its own (Underground or Active) back
    from the map."""
    if not ambush_spaces(st, SYNDICATE):
        return []
    return own_take_backs(st, v, (Kind.SYND_U, Kind.SYND_A), -1, "Take no Guerrilla back")


@register(41, SHADED)
def fat_butcher_shaded() -> Program:
    """The Syndicate makes a free Ambush (CL 4.3.2 procedure, although Ambush is not a
    Syndicate Special Activity, CL 5.1.1) with 1 of its Underground Guerrillas in a space with
    enemy pieces: flip that Guerrilla Active, remove up to 2 enemy pieces by the Attack rules
    (CL 3.3.3), then place 1 Syndicate Guerrilla there. Then open 1 closed Casino anywhere."""
    return [pick(guerrilla_to_take_back, apply_take_back,
                 "take a Guerrilla back for the Ambush"),
            free_sa(SYNDICATE, "ambush", lambda st, v: list(range(D.NS))),  # CL-I-19
            pick(open_one, open_there, "open a closed Casino")]


# -- 42 Llano -------------------------------------------------------------------------------


def m26_base_there(ctx: Ctx, st: CLState, v: Vars, s: int) -> None:
    v["s"] = s
    place_or_take_back(ctx, st, v, s, [(Kind.M26_BASE, 1)])  # CL 1.4.1: 26July's own


def any_guerrilla_there(st: CLState, v: Vars) -> list[Option]:
    s = v.get("s", -1)
    return [option(f"place:{KIND_IDS[GUER_U[f]]}", f"Place {W.pieces(GUER_U[f], 1)} in "
                   f"{W.space(s)}", piece=KIND_IDS[GUER_U[f]])
            for f in INSURGENTS if s >= 0 and placeable_or_reclaimable(st, v, s, GUER_U[f])]


def place_kind(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    place_or_take_back(ctx, st, v, v["s"], [(KIND_IDS.index(o.split(":")[1]), 1)])


@register(42, UNSHADED)
def llano_unshaded() -> Program:
    """In one City, place one 26July Base and one Guerrilla of any Insurgent faction."""
    return [spaces(1, lambda st, v, s: is_city(s), m26_base_there,
                   "place a 26July Base and a Guerrilla in"),
            pick(any_guerrilla_there, place_kind, "choose the Guerrilla to place")]


def casino_city(ctx: Ctx, st: CLState, v: Vars, s: int) -> None:
    v["s"] = s
    if st.support[s] < NEUTRAL:
        set_level(ctx, st, s, NEUTRAL)
    place(ctx, st, s, Kind.CASINO_OPEN)


def casino_for_the_city(st: CLState, v: Vars) -> list[Option]:
    """CL 1.4.1, 1.4.5: no Casino Available for the City (with room for one): the executing
    Syndicate player may take one of its Casinos (open or closed) back from elsewhere."""
    s = v.get("s", -1)
    return casino_reclaims(st, v, s) if s >= 0 and B.casino_room(st, s) else []


def casino_back_to_the_city(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    apply_take_back(ctx, st, v, o)
    place(ctx, st, v["s"], Kind.CASINO_OPEN)


@register(42, SHADED)
def llano_shaded() -> Program:
    """Select one City: if it is at Opposition set it to Neutral; place one open Casino there
    (stacking applies)."""
    return [spaces(1, lambda st, v, s: is_city(s), casino_city,
                   "set to Neutral if at Opposition and place an open Casino in"),
            pick(casino_for_the_city, casino_back_to_the_city, "take a Casino back to place it")]


# -- 43 Mafia Offensive ---------------------------------------------------------------------


SYNDICATE_PIECES = (Kind.SYND_U, Kind.SYND_A, Kind.CASINO_OPEN, Kind.CASINO_CLOSED)


def as_own(f: int, k: int) -> int:
    """The piece of faction f a borrowed Syndicate piece counts as: a Guerrilla in the same
    state, a Casino as a Base."""
    return BASE[f] if k in CASINOS else (GUER_U[f] if k == Kind.SYND_U else GUER_A[f])


def borrowable(st: CLState, f: int, s: int, k: int) -> bool:
    """The Syndicate piece can stand in for one of f's (CL-I-16: the stand-in comes from f's
    Available pieces, so every piece stays counted, CL 1.4.1; a Guerrilla holding the space's
    only Cash of its kind keeps it)."""
    held = B.n(st, s, k) == 1 and any(c == B.cash_code(s, k) for c in st.cash)
    return (B.n(st, s, k) > 0 and not held and B.PIECES.available(st, as_own(f, k)) > 0
            and (k not in CASINOS or B.base_room(st, s) > 0))


def borrow_options(st: CLState, v: Vars) -> list[Option]:
    f = named(st, v)
    return [o for o in piece_options(st, SYNDICATE_PIECES, "Count", after=f" as a {W.faction(f)} "
                                     "piece for the Operation")
            if borrowable(st, f, *parse_piece(o.id))]


def borrow(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    s, k = parse_piece(o)
    f = named(st, v)
    B.PIECES.remove(st, s, k)
    B.PIECES.place(st, s, as_own(f, k))
    v["borrowed"] = [s, k]


def limop_options(st: CLState, v: Vars) -> list[Option]:
    f = named(st, v)
    return [option(f"op:{op}", f"A free {W.OPS[op]} as a Limited Operation", op=op)
            for op in OPS[f] if operations.can_start(st, f, op, True, True)]


def limop(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    operations.begin_op(st, named(st, v), o.split(":")[1], True, True, sa_ok=False)


def return_options(st: CLState, v: Vars) -> list[Option]:
    """Which of the faction's pieces where the Operation left it is the Syndicate's (CL-I-16;
    pieces of one kind are interchangeable, CL-I-1)."""
    if "borrowed" not in v:
        return []
    s, k = v["borrowed"]
    f = named(st, v)
    if k in CASINOS:  # a Base never moves; the Casino comes back only where it fits (CL 1.4.2)
        fits = B.BOARD.can_place(st, s, k)
        return piece_options(st, (BASE[f],), "The Syndicate's piece is", (s,) if fits else ())
    where = sorted({s, *v.get("op_spaces", [])})
    return piece_options(st, (GUER_U[f], GUER_A[f]), "The Syndicate's piece is", where)


def give_back(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    """The piece becomes the Syndicate's again, in the state it is in now."""
    s, k = parse_piece(o)
    _, was = v.pop("borrowed")
    B.PIECES.remove(st, s, k)
    kind = was if was in CASINOS else (Kind.SYND_U if k in GUER_U else Kind.SYND_A)
    B.PIECES.place(st, s, kind)


@register(43, UNSHADED)
def mafia_offensive_unshaded() -> Program:
    """The executing faction picks 26July or Directorio; that faction carries out a free
    Limited Operation in which 1 Syndicate Guerrilla or Casino of its choice in the relevant
    space(s) counts as its own piece for every purpose of that Operation (counting, moving,
    activating, requirements). The piece remains Syndicate's afterwards."""
    return [name_faction((M26, DR), "A free Limited Operation with a Syndicate piece for",
                         "choose who carries out the Limited Operation"),
            pick(borrow_options, borrow, "choose the Syndicate piece that counts as yours",
                 who=named),
            pick(limop_options, limop, "choose the free Limited Operation", who=named),
            pick(return_options, give_back, "which piece is the Syndicate's again?",
                 who=named)]


@register(43, SHADED)
def mafia_offensive_shaded() -> Program:
    """Insurgent Capability for the rest of the game: the Syndicate may use Assassinate (CL
    4.4.3) as if it were Directorio, accompanying its Terror, and without the need to have
    more Guerrillas than Police in the space."""
    return [capability(Cap.SYNDICATE_ASSASSINATES)]


# -- 44 Rebel Air Force ---------------------------------------------------------------------


def air_force_options(st: CLState, v: Vars) -> list[Option]:
    where_govt = tuple(s for s in range(D.NS) if B.pieces_of(st, s, GOVT))
    return piece_options(st, guerrilla_kinds((M26, DR)), "Ambush the Government with",
                         where_govt)


def ambush_reinforce(ctx: Ctx, st: CLState, v: Vars) -> None:
    """CL 4.3.2 step 3: 1 Available Guerrilla of the ambushing faction (v["ambusher"]) is
    placed in v["s"]."""
    if "ambusher" in v:  # CL 1.4.1: the executing player's own may be taken back
        place_or_take_back(ctx, st, v, v["s"], [(GUER_U[v["ambusher"]], 1)])


def air_force_ambush(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    """CL-I-18: the selected Guerrilla is Activated if Underground; its faction ambushes."""
    s, k = parse_piece(o)
    f = B.PIECES.faction[k]
    if k == GUER_U[f]:
        B.PIECES.flip_to(st, s, GUER_A[f])
    v["s"], v["ambusher"] = s, f


def govt_bases_first(st: CLState, v: Vars) -> list[Option]:
    """CL-D-13: Bases first, even while cubes remain."""
    s = v.get("s", -1)
    if s < 0:
        return []
    kinds = (Kind.GOVT_BASE,) if B.n(st, s, Kind.GOVT_BASE) else CUBES
    return piece_options(st, kinds, "Remove", (s,))


def remove_with_booty(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    s, k = parse_piece(o)
    RULES.remove_piece(ctx, st, s, k, cash.BOOTY, v["ambusher"])


@register(44, UNSHADED)
def rebel_air_force_unshaded() -> Program:
    """The executing faction selects one 26July or Directorio Guerrilla (Active or
    Underground) in a space with Government pieces; its faction makes a free Ambush there
    against Government pieces only: remove up to 2 Government pieces, Bases first (Bases may
    be removed even while cubes remain), then place 1 Guerrilla of that faction there as for
    an Ambush. The Guerrilla is not required to be Underground."""
    removal = pick(govt_bases_first, remove_with_booty, "remove a Government piece",
                   who=lambda st, v: int(v["ambusher"]))
    return [pick(air_force_options, air_force_ambush, "choose the ambushing Guerrilla"),
            removal, removal, do(ambush_reinforce)]


def air_force_tax(ctx: Ctx, st: CLState, v: Vars) -> None:
    f = named(st, v)
    paid = min(v["die"], st.resources[f])
    add_resources(ctx, st, f, -paid)
    add_resources(ctx, st, SYNDICATE, paid)


@register(44, SHADED)
def rebel_air_force_shaded() -> Program:
    """The executing faction selects 26July or Directorio; roll a die and transfer that many
    Resources (as many as it has) from the selected faction to the Syndicate (Syndicate
    maximum 49)."""
    return [name_faction((M26, DR), "A die roll of Resources to the Syndicate from",
                         "choose who pays the Syndicate"),
            roll_die("Rebel Air Force"), do(air_force_tax)]


# -- 45 Anastasia ---------------------------------------------------------------------------


def close_havana(ctx: Ctx, st: CLState, v: Vars) -> None:
    for _ in range(B.n(st, HAVANA, Kind.CASINO_OPEN)):
        casino_turns(ctx, st, HAVANA, to_open=False)


@register(45, UNSHADED)
def anastasia_unshaded() -> Program:
    """Close every open Casino in Havana. Syndicate Resources -5."""
    return [do(close_havana), resources(SYNDICATE, -5)]


@register(45, SHADED)
def anastasia_shaded() -> Program:
    """Syndicate Resources +10."""
    return [resources(SYNDICATE, 10)]


# -- 46 Sinatra -----------------------------------------------------------------------------


@register(46, UNSHADED)
def sinatra_unshaded() -> Program:
    """Syndicate Resources -6."""
    return [resources(SYNDICATE, -6)]


def casino_reclaims(st: CLState, v: Vars, s: int) -> list[Option]:
    """CL 1.4.1, 1.4.5: with no Casino Available, the executing Syndicate player (never a
    Non-player) may take one of its Casinos (open or closed) off the map elsewhere than s to
    place it in s."""
    return own_take_backs(st, v, CASINOS, s, "Place no Casino")


def casino_to_take_back(st: CLState, v: Vars) -> list[Option]:
    return casino_reclaims(st, v, HAVANA)


def casino_over_the_limit(ctx: Ctx, st: CLState, v: Vars) -> None:
    """CL 1.4.2 exception, CL-I-8: Havana may hold this one Casino more."""
    if not B.PIECES.available(st, Kind.CASINO_OPEN):
        return
    if not B.casino_room(st, HAVANA):
        st.casino_exempt |= 1 << HAVANA
    B.PIECES.place(st, HAVANA, Kind.CASINO_OPEN)  # B.can_place keeps to the limit
    ctx.emit("cl.placed", f"{W.pieces(Kind.CASINO_OPEN, 1)} placed in {W.space(HAVANA)} "
             "beyond the stacking limit.", {"space": D.NAMES[HAVANA], "piece": "casino_open",
                                            "count": 1})


def cash_to_police(ctx: Ctx, st: CLState, v: Vars) -> None:
    """A Cash marker from the box under a Police in Havana (the Government's, CL 4.5.2)."""
    cash.place_cash(ctx, st, HAVANA, Kind.POLICE)


@register(46, SHADED)
def sinatra_shaded() -> Program:
    """Place one open Casino in Havana, ignoring the stacking limit (CL 1.4.2 exception). Then
    place 1 Cash marker with a Police cube in Havana (if any Police is there and a Cash
    marker is available; it belongs to the Government)."""
    return [pick(casino_to_take_back, apply_take_back, "take a Casino back to place it"),
            do(casino_over_the_limit), do(cash_to_police)]


# -- 47 Pact of Miami -----------------------------------------------------------------------


@register(47, UNSHADED)
def pact_of_miami_unshaded() -> Program:
    """Remove any 2 Guerrillas. The Government becomes Ineligible through the next card."""
    return [remove_one(ALL_GUERRILLAS, "remove a Guerrilla"),
            remove_one(ALL_GUERRILLAS, "remove a Guerrilla"), ineligible_next(GOVT)]


@register(47, SHADED)
def pact_of_miami_shaded() -> Program:
    """26July Resources -3 and Directorio Resources -3; both become Ineligible through the
    next card."""
    return [resources(M26, -3), resources(DR, -3), ineligible_next(M26, DR)]


# -- 48 Santo Trafficante Jr ----------------------------------------------------------------


def syndicate_exposed(ctx: Ctx, st: CLState, v: Vars) -> None:
    flip_everywhere(ctx, st, SYNDICATE, hide=False)


@register(48, UNSHADED)
def santo_trafficante_jr_unshaded() -> Program:
    """Syndicate Resources -10. Flip all Syndicate Guerrillas Active."""
    return [resources(SYNDICATE, -10), do(syndicate_exposed)]


@register(48, SHADED)
def santo_trafficante_jr_shaded() -> Program:
    """Insurgent Capability for the rest of the game: in the Skim step (CL 6.2.3) a space
    containing at least one Underground Syndicate Guerrilla pays no Skim."""
    return [capability(Cap.UNDERGROUND_SYNDICATE_STOPS_SKIM)]

