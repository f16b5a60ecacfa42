"""CL 4.5.2 Cash markers (CL-R-12): placed under Guerrillas or cubes, owned by the holding
piece's faction, moved with it (coin.pieces `held`), rescued by their owner before the holding
piece is removed, captured by the remover's rule, moved between pieces of one space as a
standing decision, deposited in the Resources phase (CL 6.2.4).

A Cash marker is `st.cash[i]`: the holder as `space * NKINDS + kind`, or NO_CASH in the box.
Pieces of one kind in one space are alike: a marker leaves with a removed piece only when it
was the last of its kind there (while one remains, the owner keeps the Cash on it — the
rescue it would always make).
"""

from __future__ import annotations

from typing import Any, Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, decision_id, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from . import board as B
from . import data as D
from . import words as W
from .constants import (
    BASE,
    CASH_HOLDERS,
    FACTION_IDS,
    GUER_A,
    GUER_U,
    KIND_FACTION,
    KIND_IDS,
    NO_CASH,
    Cap,
    Faction,
    Kind,
)
from .state import CLState

GOVT: Final[int] = int(Faction.GOVT)
M26: Final[int] = int(Faction.M26)
DR: Final[int] = int(Faction.DIRECTORIO)
SYNDICATE: Final[int] = int(Faction.SYNDICATE)
DEPOSIT_ORDER = (M26, DR, GOVT, SYNDICATE)  # CL 6.2.4
DEPOSIT_GAIN: Final = 6  # CL 6.2.4
KIND_INDEX: Final = {k: i for i, k in enumerate(KIND_IDS)}
# Capture rules (CL 4.5.2 step 3a): where un-rescued Cash of a removed piece goes.
CONFISCATION: Final = "confiscation"
BOOTY: Final = "booty"
SEIZURE: Final = "seizure"
CONTRABAND: Final = "contraband"


def decide(st: CLState, f: int, kind: str, prompt: str, opts: list[Option]) -> Decision:
    seat = st.seat_of[f]
    return Decision(decision_id(st.serial, seat), seat, kind, f"{W.faction(f)}: {prompt}",
                    tuple(opts))


def ask(st: CLState, f: int, kind: str, prompt: str, opts: list[Option]) -> list[Decision]:
    """The faction's decision, or none when there is nothing to choose (its own removals or
    transfers may have taken the choices away: the proc then goes on by itself)."""
    return [decide(st, f, kind, prompt, opts)] if opts else []


def held_by(st: CLState, s: int, kind: int) -> list[int]:
    """Markers under pieces of `kind` in s."""
    code = B.cash_code(s, kind)
    return [i for i, c in enumerate(st.cash) if c == code]


def holders(st: CLState, s: int) -> list[int]:
    """Kinds in s that may hold Cash (Guerrillas and cubes present)."""
    return [k for k in CASH_HOLDERS if B.n(st, s, k)]


def put(st: CLState, i: int, s: int, kind: int) -> None:
    st.cash[i] = B.cash_code(s, kind)


def place_cash(ctx: Ctx, st: CLState, s: int, kind: int) -> bool:
    """CL 4.5.1 A: a marker from the Cash box under a piece of `kind` in s; False if none is
    left."""
    free = [i for i, c in enumerate(st.cash) if c == NO_CASH]
    if not free or not B.n(st, s, kind):
        return False
    put(st, free[0], s, kind)
    ctx.emit("cl.cash_placed", f"A Cash marker is placed under {W.pieces(kind, 1)} in "
             f"{W.space(s)}.", {"space": D.NAMES[s], "piece": KIND_IDS[kind]})
    return True


def remove_cash(ctx: Ctx, st: CLState, i: int) -> None:
    """A marker back to the Cash box (Launder 2.3.6, Profit B 4.5.1, deposits 6.2.4)."""
    s = B.cash_space(st.cash[i])
    st.cash[i] = NO_CASH
    ctx.emit("cl.cash_removed", f"A Cash marker in {W.space(s)} goes back to the Cash box.",
             {"space": D.NAMES[s]})


def own_guerrilla_kind(st: CLState, s: int, f: int) -> int:
    """The own Guerrilla that takes captured Cash: an Underground one first (it is safer)."""
    for k in (GUER_U[f], GUER_A[f]):
        if k >= 0 and B.n(st, s, k):
            return k
    return -1


def capture_kinds(st: CLState, s: int, capture: str, by: int) -> list[int]:
    """CL 4.5.2 step 3a: the pieces in s that may take un-rescued Cash under the capture rule."""
    if capture == CONFISCATION:  # CL 3.2.4: under any Government cube
        return [k for k in (Kind.POLICE, Kind.TROOPS) if B.n(st, s, k)]
    if capture in (BOOTY, SEIZURE):  # CL 3.3.3, 4.3.1, 4.4.3: under an own Guerrilla
        return [k for k in (GUER_U[by], GUER_A[by]) if k >= 0 and B.n(st, s, k)]
    if capture == CONTRABAND:  # CL 4.5.4: any Guerrilla or cube, at the Syndicate's choice
        return holders(st, s)
    return []


def before_removal(ctx: Ctx, st: CLState, s: int, kind: int, capture: str, by: int) -> None:
    """CL 4.5.2 (CL-R-12): the last piece of its kind in s is about to be removed holding
    Cash: the markers are lifted; the owner may move them to another piece of the space
    (`cl.cash_rescue`), else the capture rule places them or they go to the box."""
    if kind not in CASH_HOLDERS or B.n(st, s, kind) != 1:
        return
    lifted = held_by(st, s, kind)
    if not lifted:
        return
    for i in lifted:
        st.cash[i] = NO_CASH
    others = [k for k in holders(st, s) if k != kind]
    push(st, "cl.cash_rescue", s=s, markers=lifted, owner=KIND_FACTION[kind],
         capture=capture, by=by, ph="rescue" if others else "capture")


class CashRescueProc(Proc[CLState]):
    """`cl.cash_rescue` vars: s, markers (lifted, not yet placed), owner, capture, by, ph.
    First the owner keeps each marker on another piece or lets it go; then the capture rule
    takes the rest (Contraband: where the Syndicate says), else they stay in the box."""

    name = "cl.cash_rescue"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        s, where = v["s"], W.space(v["s"])
        if not v["markers"]:
            return []
        if v["ph"] == "rescue":
            opts = [option(f"to:{KIND_IDS[k]}", f"Keep the Cash: move it under "
                           f"{W.pieces(k, 1)} in {where}", holder=KIND_IDS[k])
                    for k in holders(st, s)]
            if not opts:
                return []
            opts.append(option("drop", "Let the Cash go with the removed piece"))
            return ask(st, v["owner"], "cl.cash_rescue", f"your piece holding Cash in "
                       f"{where} is removed: move its Cash first?", opts)
        kinds = capture_kinds(st, s, v["capture"], v["by"])
        if v["capture"] != CONTRABAND:  # the capturer says which of its pieces takes it
            opts = [option(f"to:{KIND_IDS[k]}", f"Capture the Cash: put it under "
                           f"{W.pieces(k, 1)} in {where}", holder=KIND_IDS[k]) for k in kinds]
            return ask(st, v["by"], "cl.cash_capture", f"the removed piece's Cash in {where} is "
                       "yours: under which piece?", opts) if len(opts) > 1 else []
        opts = [option(f"to:{KIND_IDS[k]}", f"Contraband: put the Cash under {W.pieces(k, 1)} "
                       f"in {where}", holder=KIND_IDS[k]) for k in kinds]
        if opts:
            opts.append(option("drop", "Put the Cash in the Cash box"))
        return ask(st, SYNDICATE, "cl.contraband", f"Cash of the piece Bribed away in "
                   f"{where}: where does it go?", opts)

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        v = fr.vars
        if v["ph"] == "rescue":
            v["ph"] = "capture"
            return
        kinds = capture_kinds(st, v["s"], v["capture"], v["by"])
        if kinds and v["capture"] != CONTRABAND:
            while v["markers"]:
                captured(ctx, st, v, kinds[0])
        pop(st)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        if c.option_id == "drop":
            if v["ph"] == "rescue":
                v["ph"] = "capture"
            else:
                pop(st)
            return
        kind = KIND_INDEX[(c.option_id or "").split(":")[1]]
        if v["ph"] == "capture" and v["capture"] != CONTRABAND:
            captured(ctx, st, v, kind)
        else:
            put(st, v["markers"].pop(0), v["s"], kind)


def captured(ctx: Ctx, st: CLState, v: dict[str, Any], kind: int) -> None:
    """CL 4.5.2 step 3a: the capture rule puts one lifted marker under the capturer's piece."""
    put(st, v["markers"].pop(0), v["s"], kind)
    ctx.emit("cl.cash_captured", f"{W.faction(v['by'])} capture a Cash marker in "
             f"{W.space(v['s'])}.", {"faction": FACTION_IDS[v["by"]], "space": D.NAMES[v["s"]],
                                      "holder": KIND_IDS[kind], "rule": v["capture"]})


def push_follow(st: CLState, src: int, dst: int, f: int, kinds: tuple[int, ...]) -> None:
    """CL 4.5.2 step 1: some of f's Guerrillas of `kinds` left src while others stayed: f says
    which of its Cash held by those kinds went with the movers (`cl.cash_follow`)."""
    if any(held_by(st, src, k) for k in kinds):
        push(st, "cl.cash_follow", src=src, dst=dst, f=f, kinds=list(kinds), asked=[])


class CashFollowProc(Proc[CLState]):
    """`cl.cash_follow` vars: src, dst, f, kinds, asked (markers the owner kept in src)."""

    name = "cl.cash_follow"

    def markers(self, st: CLState, v: dict[str, Any]) -> list[int]:
        return [i for k in v["kinds"] for i in held_by(st, v["src"], k) if i not in v["asked"]]

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        to = W.space(v["dst"])
        opts = [option(f"follow:{i}", f"Cash {i + 1} goes with the Guerrillas to {to}",
                       cash=str(i)) for i in self.markers(st, v)]
        if opts:
            opts.append(option("stay", f"The rest stays in {W.space(v['src'])}"))
        return ask(st, v["f"], "cl.cash_follow", f"which of your Cash in {W.space(v['src'])} "
                   f"goes with the Guerrillas to {to}?", opts)

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        pop(st)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        if c.option_id == "stay":
            pop(st)
            return
        i = int((c.option_id or "").split(":")[1])
        put(st, i, v["dst"], own_guerrilla_kind(st, v["dst"], v["f"]))


# -- CL 4.5.2 step 2: moving Cash between pieces of one space (a standing decision) --------------


def may_give(st: CLState, owner: int, kind: int) -> bool:
    """CL 1.5 / 1.5.1: never to another faction of the same player, unless card 18 Pact of
    Caracas lets 26July and DR trade."""
    to = KIND_FACTION[kind]
    if to == owner or st.seat_of[to] != st.seat_of[owner]:
        return True
    return B.has_cap(st, Cap.M26_DR_PACT) and {owner, to} == {M26, DR}


def cash_moves(st: CLState, f: int) -> list[Option]:
    """The owner's possible Cash moves: each marker to another kind of piece in its space."""
    opts: list[Option] = []
    for i, c in enumerate(st.cash):
        if c == NO_CASH or B.cash_owner(c) != f:
            continue
        s, k = B.cash_space(c), B.cash_holder(c)
        opts += [option(f"cash:{i}:{KIND_IDS[to]}", f"Move Cash {i + 1} in {W.space(s)} from "
                        f"{W.pieces(k, 1)} to {W.pieces(to, 1)}", cash=str(i),
                        space=D.NAMES[s], holder=KIND_IDS[to])
                 for to in holders(st, s) if to != k and may_give(st, f, to)]
    return opts


def standing(st: CLState) -> list[Decision]:
    """CL 4.5.2 step 2 (CL-R-12 window a): one optional decision per owner of Cash."""
    out = []
    for f in range(4):
        opts = cash_moves(st, f)
        if opts:
            out.append(Decision(f"c{st.serial}.{f}", st.seat_of[f], "cl.cash_move",
                                f"{W.faction(f)}: move your Cash to another piece in its "
                                "space (optional).", tuple(opts), optional=True))
    return out


def apply_standing(ctx: Ctx, st: CLState, d: Decision, c: Choice) -> None:
    _, i, kind = (c.option_id or "").split(":")
    s = B.cash_space(st.cash[int(i)])
    put(st, int(i), s, KIND_INDEX[kind])
    ctx.emit("cl.cash_moved", f"Cash in {W.space(s)} moves under {W.pieces(KIND_INDEX[kind], 1)}.",
             {"space": D.NAMES[s], "piece": kind})


# -- CL 6.2.4 Cash deposits ----------------------------------------------------------------------


def deposit_options(st: CLState, s: int, f: int) -> list[Option]:
    """What a marker of f in s may become (CL 6.2.4): +6 Resources; an Available own Base
    within stacking (never in an EC); for the Syndicate also a closed Casino there opened."""
    opts = [option("resources", f"Gain {DEPOSIT_GAIN} Resources", amount=str(DEPOSIT_GAIN))]
    if D.IS_EC[s]:
        return opts
    if f == SYNDICATE and B.n(st, s, Kind.CASINO_CLOSED):
        opts.append(option("open", f"Open the closed Casino in {W.space(s)}"))
    if B.can_place(st, s, BASE[f]):
        opts.append(option("base", f"Place {W.pieces(BASE[f], 1)} in {W.space(s)}"))
    return opts


def push_deposits(st: CLState) -> None:
    """CL 6.2.4: each faction in turn removes its Cash, each marker a Base or +6."""
    push(st, "cl.cash_deposit", order=list(DEPOSIT_ORDER))


class CashDepositProc(Proc[CLState]):
    """`cl.cash_deposit` vars: order (factions still to deposit)."""

    name = "cl.cash_deposit"

    def marker(self, st: CLState, v: dict[str, Any]) -> int:
        while v["order"]:
            f = v["order"][0]
            mine = [i for i, c in enumerate(st.cash) if c != NO_CASH and B.cash_owner(c) == f]
            if mine:
                return mine[0]
            v["order"].pop(0)
        return -1

    def waits(self, st: CLState, fr: Frame) -> bool:
        return self.marker(st, fr.vars) >= 0

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        i = self.marker(st, fr.vars)
        if i < 0:
            return []
        f, s = fr.vars["order"][0], B.cash_space(st.cash[i])
        return ask(st, f, "cl.cash_deposit", f"deposit your Cash in {W.space(s)}.",
                   deposit_options(st, s, f))

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        pop(st)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        i = self.marker(st, fr.vars)
        f, s = fr.vars["order"][0], B.cash_space(st.cash[i])
        st.cash[i] = NO_CASH
        if c.option_id == "resources":
            got = B.add_resources(st, f, DEPOSIT_GAIN)
            ctx.emit("cl.deposit", f"{W.faction(f)} deposit Cash for {got} Resources.",
                     {"faction": FACTION_IDS[f], "space": D.NAMES[s], "amount": got})
            return
        if c.option_id == "open":
            B.open_casino(st, s)
            ctx.emit("cl.deposit", f"{W.faction(f)} deposit Cash to open the closed Casino in "
                     f"{W.space(s)}.", {"faction": FACTION_IDS[f], "space": D.NAMES[s],
                                        "piece": KIND_IDS[Kind.CASINO_OPEN], "how": "open"})
            return
        B.PIECES.place(st, s, BASE[f])
        ctx.emit("cl.deposit", f"{W.faction(f)} deposit Cash for {W.pieces(BASE[f], 1)} in "
                 f"{W.space(s)}.", {"faction": FACTION_IDS[f], "space": D.NAMES[s],
                                     "piece": KIND_IDS[BASE[f]]})


PROCS: Final[list[Proc[Any]]] = [CashRescueProc(), CashFollowProc(), CashDepositProc()]
