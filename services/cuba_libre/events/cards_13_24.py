"""CL 5 Event cards 13-24 (docstrings = cards.json texts; CL-D-07)."""

from __future__ import annotations

from typing import Any

from services.coin.effects import Program
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import (
    CASH_HOLDERS,
    FACTION_IDS,
    GUER_A,
    KIND_IDS,
    NO_CASH,
    Cap,
    Kind,
    Mom,
)
from . import SHADED, UNSHADED, register
from .capabilities import capability, momentum
from .lib import (
    DR,
    GOVT,
    INSURGENT_IDS,
    M26,
    SYNDICATE,
    TOWARD_OPPOSITION,
    TOWARD_SUPPORT,
    Vars,
    aid,
    aid_to_government,
    all_guerrillas,
    by,
    can_shift,
    do,
    flip_all,
    free_op,
    free_op_each,
    guerrilla_kinds,
    ineligible_next,
    is_city,
    is_province,
    kinds_of,
    march_destinations,
    name_faction,
    named,
    pick,
    pieces_step,
    place_from_available,
    placeable_or_reclaimable,
    populated,
    remove_all,
    resources,
    shift,
    shifting,
    spaces,
    stays_eligible,
    to_level,
)
from .lib_late import casino_turns

ACTIVE_OPPOSITION = -2


@register(13, UNSHADED)
def c13_el_che() -> Program:
    """Insurgent Capability for the rest of the game: in each 26July March Operation, the
    first group of Guerrillas that moves (CL 3.3.2 group: those moving from one space into
    one destination) is flipped Underground after it moves, even if the move activated
    it."""
    return [capability(Cap.M26_FIRST_MARCH_GROUP_HIDES)]


@register(14, UNSHADED)
def c14_operation_fisherman_unshaded() -> Program:
    """Place one 26July Base and one 26July Guerrilla in Pinar del Río (stacking CL 1.4.2
    applies)."""
    pinar = D.INDEX["pinar_del_rio"]
    return [place_from_available(lambda st, v: pinar, Kind.M26_BASE, 1),
            place_from_available(lambda st, v: pinar, Kind.M26_U, 1)]


@register(14, SHADED)
def c14_operation_fisherman_shaded() -> Program:
    """Shift Pinar del Río 2 levels toward Active Support."""
    pinar = D.INDEX["pinar_del_rio"]

    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        shift(ctx, st, pinar, TOWARD_SUPPORT, 2)
    return [do(fn)]


@register(15, UNSHADED)
def c15_come_comrades_unshaded() -> Program:
    """Place 3 26July Guerrillas from Available in any spaces (executing faction's choice,
    may be split)."""
    def ok(st: Any, v: Vars, s: int) -> bool:
        return placeable_or_reclaimable(st, v, s, Kind.M26_U)

    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        from .lib import push_place
        push_place(st, s, (Kind.M26_U,), 1, v["f"])
    return [spaces(3, ok, act, "place a 26July Guerrilla", repeat=True)]


@register(15, SHADED)
def c15_come_comrades_shaded() -> Program:
    """The Government adds the lesser of the current Aid and 10 to its Resources; then Aid
    +5."""
    return [aid_to_government(10), aid(5)]


@register(16, UNSHADED)
def c16_larrazabal_unshaded() -> Program:
    """Place one 26July Base in a City or Province that already contains a 26July piece
    (stacking applies)."""
    def ok(st: Any, v: Vars, s: int) -> bool:
        return (populated(s) and B.pieces_of(st, s, M26) > 0
                and placeable_or_reclaimable(st, v, s, Kind.M26_BASE))

    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        from .lib import push_place
        push_place(st, s, (Kind.M26_BASE,), 1, v["f"])
    return [spaces(1, ok, act, "place a 26July Base")]


@register(16, SHADED)
def c16_larrazabal_shaded() -> Program:
    """Remove one 26July Base (executing faction's choice); 26July Resources -3."""
    return [pieces_step(lambda st, v: -1, (Kind.M26_BASE,), lambda st, v: 1),
            resources(M26, -3)]


@register(17, UNSHADED)
def c17_alberto_bayo_unshaded() -> Program:
    """The executing faction picks 26July or Directorio. That faction makes a free Rally (CL
    3.3.1) in every space where it has a Base, treating those spaces as Neutral (so their
    Support/Opposition does not block the Rally). The rallying faction chooses the Rally
    option in each space."""
    def bases(st: Any, v: Vars) -> list[int]:
        f = v["named"]
        return [s for s in range(D.NS) if B.bases(st, s, f)]
    return [name_faction((M26, DR), "Free Rally in every Base space by", "who Rallies"),
            free_op_each(named, "rally", bases, as_neutral=True)]


@register(17, SHADED)
def c17_alberto_bayo_shaded() -> Program:
    """Flip all 26July Guerrillas Active. 26July becomes Ineligible through the next card
    (CL-D-11)."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        for s in range(D.NS):
            flip_all(ctx, st, s, Kind.M26_A)
    return [do(fn), ineligible_next(M26)]


@register(18, UNSHADED)
def c18_pact_of_caracas() -> Program:
    """Insurgent Capability (until cancelled): neither 26July nor Directorio may carry out an
    Operation or Special Activity that removes a piece of the other, or that changes the
    Support/Opposition level of a space that is at Passive or Active Opposition. If both
    factions belong to the same player, that player may transfer Resources and Cash between
    them (overriding CL 1.5). If either faction removes 2 of its own Bases at once (in one
    Operation, Special Activity or Event, CL 1.4.1), the Capability is cancelled. The
    executing faction stays Eligible."""
    return [capability(Cap.M26_DR_PACT), stays_eligible()]


def manifesto_step(f: int) -> Any:
    """Card 19: faction f may place 2 of its own non-Casino pieces into one space where it
    already has a piece."""
    own = tuple(k for k in kinds_of(f) if k not in (Kind.CASINO_OPEN, Kind.CASINO_CLOSED)
                and k not in GUER_A)

    def ok(st: Any, v: Vars, s: int) -> bool:  # CL 1.4.1: the executor may take its own back
        return B.pieces_of(st, s, f) > 0 and any(placeable_or_reclaimable(st, v, s, k)
                                                 for k in own)

    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        from .lib import push_place
        push_place(st, s, own, 2, f)
    return spaces(1, ok, act, "place 2 of your pieces", who=by(f), up_to=True,
                  key=f"manifesto_{f}")


@register(19, UNSHADED)
def c19_sierra_maestra_manifesto() -> Program:
    """In the card's faction order (26July, Directorio, Syndicate, Government), each faction
    may place 2 of its own non-Casino pieces from Available into one space where it already
    has at least one piece (the Government chooses Troops, Police and/or a Base; Insurgents
    Guerrillas and/or Bases; stacking applies). Each faction decides for itself. The
    executing faction stays Eligible."""
    return [*(manifesto_step(f) for f in (M26, DR, SYNDICATE, GOVT)), stays_eligible()]


@register(20, UNSHADED)
def c20_the_twelve_unshaded() -> Program:
    """The executing faction picks an Insurgent faction (26July, Directorio or Syndicate).
    That faction makes a free March (Guerrillas must move into new spaces, CL 3.3.2 note),
    then a free Rally (CL 3.3.1) in one of that March's destination spaces (a City or
    Province; normal Rally conditions apply)."""
    return [name_faction(INSURGENT_IDS, "Free March and Rally by", "who Marches and Rallies"),
            free_op(named, "march"),
            free_op(named, "rally", lambda st, v: [s for s in march_destinations(st, v)
                                                   if populated(s)], limited=True)]


def most_guerrillas(st: Any, v: Vars, s: int) -> bool:
    n = all_guerrillas(st, s)
    return n > 0 and n == max(all_guerrillas(st, x) for x in range(D.NS))


@register(20, SHADED)
def c20_the_twelve_shaded() -> Program:
    """In the space holding the most Guerrillas (all factions together; ties: executing
    faction's choice), remove half of the Guerrillas there, rounded up (executing faction
    chooses which)."""
    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        v["first"] = s
    return [spaces(1, most_guerrillas, act, "remove half the Guerrillas (rounded up)"),
            pieces_step(lambda st, v: v.get("first", -2), guerrilla_kinds(),
                        lambda st, v: (all_guerrillas(st, v["first"]) + 1) // 2
                        if "first" in v else 0)]


@register(21, UNSHADED)
def c21_fangio_unshaded() -> Program:
    """Select one City: shift it 1 level toward Active Opposition, or 2 levels if it
    contains a 26July piece."""
    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        shift(ctx, st, s, TOWARD_OPPOSITION, 2 if B.pieces_of(st, s, M26) else 1)
    return [spaces(1, lambda st, v, s: is_city(s) and can_shift(st, s, TOWARD_OPPOSITION),
                   act, "shift toward Active Opposition")]


def fangio_options(st: Any, v: Vars) -> list[Option]:
    """Card 21 shaded: open a closed Casino, or put a Cash marker with a piece, in a Casino
    space not yet taken."""
    done = v.get("fangio", [])
    box = NO_CASH in st.cash
    opts: list[Option] = []
    for s in range(D.NS):
        if s in done or not B.casinos(st, s):
            continue
        if B.n(st, s, Kind.CASINO_CLOSED):
            opts.append(option(f"open:{D.NAMES[s]}", f"Open a closed Casino in {D.TITLES[s]}",
                               space=D.NAMES[s]))
        opts += [option(f"cash:{D.NAMES[s]}:{KIND_IDS[k]}",
                        f"Place a Cash marker with {W.pieces(k, 1)} in {D.TITLES[s]}",
                        space=D.NAMES[s], holder=KIND_IDS[k])
                 for k in CASH_HOLDERS if box and B.n(st, s, k)]
    if opts:
        opts.append(option("done", "Done: no more Casino spaces"))
    return opts


def fangio_act(ctx: Ctx, st: Any, v: Vars, o: str) -> None:
    if o == "done":
        v["fangio"] = [-1, -1]  # "up to 2": the executing faction stops
        return
    verb, space, *holder = o.split(":")
    s = D.INDEX[space]
    v.setdefault("fangio", []).append(s)
    if verb == "open":
        casino_turns(ctx, st, s, to_open=True)
        return
    k = KIND_IDS.index(holder[0])
    st.cash[st.cash.index(NO_CASH)] = B.cash_code(s, k)
    ctx.emit("cl.cash_placed", f"A Cash marker is placed with {W.pieces(k, 1)} in "
             f"{D.TITLES[s]}.", {"space": space, "holder": holder[0],
                                 "faction": FACTION_IDS[B.cash_owner(B.cash_code(s, k))]})


@register(21, SHADED)
def c21_fangio_shaded() -> Program:
    """Select up to 2 different spaces that contain a Casino (open or closed). In each,
    either open one closed Casino there, or place 1 Cash marker from the Cash box with any
    Guerrilla or cube there (that piece's faction owns it, CL 4.5.2)."""
    def fangio(st: Any, v: Vars) -> list[Option]:
        return fangio_options(st, v) if len(v.get("fangio", [])) < 2 else []
    return [pick(fangio, fangio_act, "open a Casino or place Cash (1st space)"),
            pick(fangio, fangio_act, "open a Casino or place Cash (2nd space)")]


@register(22, UNSHADED)
def c22_raul_unshaded() -> Program:
    """Insurgent Capability for the rest of the game: 26July may reroll each Attack die roll
    and each Kidnap die roll, once per roll; the second result stands."""
    return [capability(Cap.M26_REROLLS_ATTACK_AND_KIDNAP)]


@register(22, SHADED)
def c22_raul_shaded() -> Program:
    """Government Momentum until the next Reset: whenever 26July gains Resources by Kidnap,
    Aid increases by twice that amount (maximum 49)."""
    return [momentum(Mom.KIDNAP_RAISES_AID)]


@register(23, UNSHADED)
def c23_radio_rebelde_unshaded() -> Program:
    """Select 2 different Provinces; shift each 1 level toward Active Opposition."""
    return [spaces(2, lambda st, v, s: is_province(s) and can_shift(st, s, TOWARD_OPPOSITION),
                   shifting(TOWARD_OPPOSITION), "shift toward Active Opposition")]


@register(23, SHADED)
def c23_radio_rebelde_shaded() -> Program:
    """Remove one 26July Base from a Province."""
    return [pieces_step(lambda st, v: -1, (Kind.M26_BASE,), lambda st, v: 1,
                        among=list(D.PROVINCES))]


@register(24, UNSHADED)
def c24_vilma_espin_unshaded() -> Program:
    """Set Sierra Maestra, or one City or Province adjacent to it (Oriente or Santiago de
    Cuba), to Active Opposition."""
    sierra = D.SIERRA_MAESTRA
    near = {sierra, *(a for a in D.ADJ[sierra] if populated(a))}

    def ok(st: Any, v: Vars, s: int) -> bool:
        return s in near and st.support[s] != ACTIVE_OPPOSITION
    return [spaces(1, ok, to_level(ACTIVE_OPPOSITION), "set to Active Opposition")]


@register(24, SHADED)
def c24_vilma_espin_shaded() -> Program:
    """Select a City other than Havana (Camagüey City or Santiago de Cuba); remove all
    26July pieces there."""
    def ok(st: Any, v: Vars, s: int) -> bool:
        return is_city(s) and s != D.HAVANA and B.pieces_of(st, s, M26) > 0

    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        remove_all(ctx, st, s, kinds_of(M26), v["f"])
    return [spaces(1, ok, act, "remove all 26July pieces")]

