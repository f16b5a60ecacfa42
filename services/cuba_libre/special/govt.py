"""CL 4.2 Government Special Activities: Transport, Air Strike, Reprisal; and card 5 shaded's
free Assault accompanying a Sweep (Momentum).

Momentum read here: card 2 shaded (Air Strike twice, even while Embargoed), card 5 shaded.
"""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import SaSpec
from services.coin.piece_procs import push_pieces, push_remove
from services.coin.sa_loop import LoopSa, SpaceLoop
from services.coin.spaces import NEUTRAL
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..casinos import RULES
from ..constants import GUER_A, GUER_U, INSURGENTS, Kind, Mom, UsAlliance
from ..ops.common import decide
from ..ops.govt import assault_ok
from ..state import CLState

GOVT: Final = B.GOVT
TRANSPORT_MOST: Final = 3  # CL 4.2.1
WITH_GARRISON_SWEEP_ASSAULT = ("garrison", "sweep", "assault")  # CL 4.1.1, CL-R-10
GUERRILLAS: Final = tuple(k for f in INSURGENTS for k in (GUER_U[f], GUER_A[f]))


# -- Transport (CL 4.2.1) -----------------------------------------------------------------


def transport_origins(st: CLState) -> list[int]:
    """CL 4.2.1: a City, or a Province with a Government Base, that has Troops."""
    return [s for s in D.POPULATED if B.n(st, s, Kind.TROOPS)
            and (s in D.CITIES or B.n(st, s, Kind.GOVT_BASE))]


class Transport(SaSpec[CLState]):
    name = "transport"
    faction = GOVT

    def reach(self, op: str) -> int:
        return 1  # Troops leave one space (a Sweep or Assault there may lose its cubes)

    def allowed(self, st: CLState, op: dict[str, Any]) -> bool:
        return bool(transport_origins(st))

    def begin(self, ctx: Ctx, st: CLState, op: dict[str, Any]) -> None:
        push(st, "cl.transport", f=GOVT, sa=self.name, ph="from")


class TransportProc(Proc[CLState]):
    """`cl.transport` vars: f, sa, ph ("from", "to", "count"), o (origin), d (destination).
    CL 4.2.1: up to 3 Troops from 1 origin to any 1 other space, no adjacency needed."""

    name = "cl.transport"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        ph = v.get("ph", "from")  # a coin push_sa frame starts without it
        if ph == "from":
            opts = [option(f"from:{D.NAMES[s]}", f"Transport Troops from {W.space(s)}",
                           space=D.NAMES[s]) for s in transport_origins(st)]
            prompt = "Transport: from which space?"
        elif ph == "to":
            o = v["o"]
            opts = [option(f"to:{D.NAMES[s]}", f"Transport Troops from {W.space(o)} to "
                           f"{W.space(s)}", space=D.NAMES[s]) for s in range(D.NS) if s != o]
            prompt = "Transport: to which space?"
        else:
            o, d = v["o"], v["d"]
            most = min(TRANSPORT_MOST, B.n(st, o, Kind.TROOPS))
            opts = [option(f"count:{n}", f"Move {W.pieces(Kind.TROOPS, n)} from {W.space(o)} "
                           f"to {W.space(d)}", count=str(n)) for n in range(1, most + 1)]
            prompt = "Transport: how many Troops?"
        if not opts:
            return []
        return [decide(st, GOVT, "cl.transport", prompt, opts)]

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        pop(st, sa=fr.vars["sa"])  # the Troops are gone (a Cash rescue took them): no move

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "from":
            v["o"], v["ph"] = D.INDEX[arg], "to"
        elif verb == "to":
            v["d"], v["ph"] = D.INDEX[arg], "count"
        else:
            n = int(arg)
            B.PIECES.move(st, v["o"], v["d"], Kind.TROOPS, n)
            ctx.emit("cl.transport", f"Transport: {W.pieces(Kind.TROOPS, n)} from "
                     f"{W.space(v['o'])} to {W.space(v['d'])}.",
                     {"from": D.NAMES[v["o"]], "to": D.NAMES[v["d"]], "count": n})
            pop(st, sa=v["sa"])


# -- Air Strike (CL 4.2.2) ----------------------------------------------------------------


def air_strikes(st: CLState) -> int:
    """CL 4.2.2: 1 piece; card 2 shaded (Momentum): up to 2."""
    return 2 if B.has_mom(st, Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED) else 1


class AirStrikeProc(SpaceLoop[CLState]):
    """`cl.air_strike`: in 1 Province or EC, remove an Active Guerrilla of a target faction,
    or one of its Bases where it has no Guerrilla (a Casino closed); Cities never. Not while
    Embargoed, unless card 2 shaded (Momentum)."""

    name = "cl.air_strike"
    board = B.BOARD

    def spaces(self, st: CLState, v: dict[str, Any]) -> list[int]:
        if st.us_alliance == UsAlliance.EMBARGOED and not B.has_mom(
                st, Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED):
            return []
        return [s for s in (*D.PROVINCES, *D.ECS) if RULES.removable(st, s, GOVT, "air_strike")]

    def apply(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        push_remove(B.BOARD, st, s, GOVT, air_strikes(st), "air_strike", must=True)


# -- Reprisal (CL 4.2.3) ------------------------------------------------------------------


class ReprisalProc(SpaceLoop[CLState]):
    """`cl.reprisal`: in 1 Government-Controlled City or Province, a Terror marker (if one is
    left), a shift toward Neutral from Opposition, and 1 Guerrilla there moved to an adjacent
    space (any faction, with its Cash; mandatory if there is one)."""

    name = "cl.reprisal"
    board = B.BOARD

    def spaces(self, st: CLState, v: dict[str, Any]) -> list[int]:
        return [s for s in D.POPULATED if B.control(st, s) == GOVT]

    def label(self, st: CLState, v: dict[str, Any], s: int) -> str:
        return f"Reprisal in {W.space(s)}"

    def apply(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        if B.markers_left(st) > 0:
            st.terror[s] += 1
        if st.support[s] < NEUTRAL:
            st.support[s] += 1
        ctx.emit("cl.reprisal_space", f"Reprisal in {W.space(s)}: Terror {st.terror[s]}, "
                 f"{W.level(st.support[s])}.", {"space": D.NAMES[s], "terror": st.terror[s],
                                                "level": st.support[s]})
        if any(B.n(st, s, k) for k in GUERRILLAS):
            push_pieces(B.BOARD, st, s, GUERRILLAS, 1, "move", GOVT)


# -- card 5 shaded: a free Assault accompanying a Sweep (Momentum) ------------------------


class MasferrerAssault(SaSpec[CLState]):
    """Card 5 shaded (Momentum): a Government Sweep may be accompanied, as its Special
    Activity, by a free Assault in 1 space."""

    name = "free_assault"
    faction = GOVT

    def reach(self, op: str) -> int:
        return 0  # removes enemy pieces only: no Sweep space is lost

    def allowed(self, st: CLState, op: dict[str, Any]) -> bool:
        return (op["op"] == "sweep" and B.has_mom(st, Mom.SWEEP_WITH_FREE_ASSAULT)
                and any(assault_ok(st, op, s) for s in range(D.NS)))

    def begin(self, ctx: Ctx, st: CLState, op: dict[str, Any]) -> None:
        push(st, "cl.free_assault", among=list(range(D.NS)), sa=self.name)


AIR_STRIKE: Final = AirStrikeProc()
REPRISAL: Final = ReprisalProc()
SAS: Final[list[SaSpec[CLState]]] = [
    Transport(),
    LoopSa("air_strike", GOVT, AIR_STRIKE, 1, WITH_GARRISON_SWEEP_ASSAULT, reach=1),
    LoopSa("reprisal", GOVT, REPRISAL, 1, WITH_GARRISON_SWEEP_ASSAULT, reach=1),
    MasferrerAssault(),
]
PROCS: Final[list[Proc[Any]]] = [TransportProc(), AIR_STRIKE, REPRISAL]
