"""CL 6.4 Redeploy phase (Government only), Control judged as it stood when the phase began
(CL-R-14: `st.ctl`, recomputed at its end):

1. (6.4.1) Police may move from anywhere to any EC or Government-Controlled space;
2. (6.4.2) every Troop in an EC or in a Province without a Government Base must move to a
   Government-Controlled City or Government-Controlled Province with a Government Base, or to
   Havana if there is none;
3. (6.4.3) other Troops may move to such spaces.

The steps may be done in any order: one decision picks a cube (`from:<space>:<kind>`), the
next its destination (`to:<space>`); each cube moves once; "done" once no Troop must move.
Cash moves with its piece (coin.pieces).
"""

from __future__ import annotations

from typing import Any, Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from . import board as B
from . import data as D
from . import words as W
from .constants import KIND_IDS, Kind
from .ops.common import arrived, decide
from .state import CLState

GOVT: Final = B.GOVT


def begin_redeploy(st: CLState) -> None:
    """Fix Control for the phase (CL-R-14) and push the Government's moves."""
    st.ctl = [B.live_control(st, s) for s in range(D.NS)]
    push(st, "cl.redeploy", ph="pick", arrived=[])


def troop_dests(st: CLState) -> list[int]:
    """CL 6.4.2-6.4.3: Government-Controlled Cities and Provinces with a Government Base."""
    return [s for s in D.POPULATED if B.control(st, s) == GOVT
            and (s in D.CITIES or B.n(st, s, Kind.GOVT_BASE))]


def police_dests(st: CLState) -> list[int]:
    """CL 6.4.1: ECs and Government-Controlled spaces."""
    return [s for s in range(D.NS) if D.IS_EC[s] or B.control(st, s) == GOVT]


def must_move(st: CLState, s: int) -> bool:
    """CL 6.4.2: Troops in an EC or a Province without a Government Base."""
    return D.IS_EC[s] or (s in D.PROVINCES and not B.n(st, s, Kind.GOVT_BASE))


def dests(st: CLState, s: int, k: int) -> list[int]:
    if k == Kind.POLICE:
        out = police_dests(st)
    else:
        out = troop_dests(st) or ([D.HAVANA] if must_move(st, s) else [])
    return [d for d in out if d != s]


def free_cubes(st: CLState, v: dict[str, Any], s: int, k: int) -> int:
    return B.n(st, s, k) - arrived(v, s, k)


def troops_to_move(st: CLState, v: dict[str, Any]) -> bool:
    return any(must_move(st, s) and free_cubes(st, v, s, Kind.TROOPS) > 0 for s in range(D.NS))


class RedeployProc(Proc[CLState]):
    """`cl.redeploy` vars: ph ("pick" / "to"), arrived ([space, kind] of moved cubes), mv
    (the cube picked: [space, kind])."""

    name = "cl.redeploy"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if v["ph"] == "to":
            s, k = v["mv"]
            opts = [option(f"to:{D.NAMES[d]}", f"Move {W.pieces(k, 1)} from {W.space(s)} to "
                           f"{W.space(d)}", space=D.NAMES[d]) for d in dests(st, s, k)]
            return [decide(st, GOVT, "cl.redeploy_to", "Redeploy: where to?", opts)]
        opts = [option(f"from:{D.NAMES[s]}:{KIND_IDS[k]}", f"Redeploy {W.pieces(k, 1)} from "
                       f"{W.space(s)}" + (" (must move)" if k == Kind.TROOPS
                                          and must_move(st, s) else ""),
                       space=D.NAMES[s], piece=KIND_IDS[k])
                for s in range(D.NS) for k in (Kind.TROOPS, Kind.POLICE)
                if free_cubes(st, v, s, k) > 0 and dests(st, s, k)]
        if not opts:
            return []
        if not troops_to_move(st, v):
            opts.append(option("done", "Redeploy done"))
        return [decide(st, GOVT, "cl.redeploy", "Redeploy: move a cube?", opts)]

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        st.ctl = []
        pop(st)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        parts = (c.option_id or "").split(":")
        if parts[0] == "done":
            self.step(ctx, st, fr)
        elif parts[0] == "from":
            v["mv"], v["ph"] = [D.INDEX[parts[1]], KIND_IDS.index(parts[2])], "to"
        else:
            (s, k), dest = v.pop("mv"), D.INDEX[parts[1]]
            v["ph"] = "pick"
            B.PIECES.move(st, s, dest, k)
            v["arrived"].append([dest, k])
            ctx.emit("cl.redeploy", f"Redeploy: {W.pieces(k, 1)} from {W.space(s)} to "
                     f"{W.space(dest)}.", {"from": D.NAMES[s], "to": D.NAMES[dest],
                                           "piece": KIND_IDS[k]})


PROCS: Final[list[Proc[Any]]] = [RedeployProc()]
