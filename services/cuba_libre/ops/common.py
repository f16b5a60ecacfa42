"""What the Cuba Libre Operations and Special Activities share: the CL piece rules every
removal goes through (casinos.RULES: Casinos closed, Cash rescued and captured), decisions for a
faction's seat, costs (CL 3.1, 6.3.1), and cubes moved into a space, each at most once per
Operation (Garrison 3.2.2, Sweep 3.2.3, card 1 shaded's Assault).

A free Operation (CL 3.1.2, 5.5) runs with `free=True`: it costs nothing.
"""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import op_vars
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import AskProc, Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import FACTION_IDS, KIND_IDS
from ..state import CLState

GOVT: Final = B.GOVT


def decide(st: CLState, f: int, kind: str, prompt: str, opts: list[Option]) -> Decision:
    """A decision of faction f's seat: "<Faction>: <prompt>"."""
    return B.BOARD.decide(st, f, kind, prompt, opts)


def coin_cost(st: CLState, v: dict[str, Any]) -> int:
    """CL 3.2, 6.3.1: a COIN Operation costs 2 / 3 / 4 per space by the US Alliance (0 when
    free, CL 3.1.2)."""
    return 0 if v["free"] else B.coin_op_cost(st)


def emit_event(ctx: Ctx, kind: str, text: str, f: int, **data: Any) -> None:
    ctx.emit(f"cl.{kind}", text, {"faction": FACTION_IDS[f], **data})


# -- cubes moved into a space, each once per Operation ------------------------------------


def arrived(v: dict[str, Any], s: int, k: int) -> int:
    """How many pieces of kind k this Operation has moved into s (they move no further)."""
    return sum(1 for a in v.get("arrived", []) if a == [s, k])


def movable(st: CLState, v: dict[str, Any], s: int, k: int) -> int:
    return B.n(st, s, k) - arrived(v, s, k)


class CubesInProc(AskProc[CLState]):
    """`cl.cubes_in` vars: s (destination), kinds, origins (spaces, or None: any other
    space), verb (the Operation's name, for the words). The Government moves cubes of the
    kinds into s one at a time, each cube at most once in its Operation (recorded in the
    innermost Operation's `arrived`), until it says done."""

    name = "cl.cubes_in"

    def origins(self, st: CLState, v: dict[str, Any]) -> list[int]:
        return v["origins"] if v["origins"] is not None else [x for x in range(D.NS)
                                                               if x != v["s"]]

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        op = op_vars(st)
        d = v["s"]
        opts = [option(f"from:{D.NAMES[o]}:{KIND_IDS[k]}", f"Move {W.pieces(k, 1)} from "
                       f"{W.space(o)} to {W.space(d)}", **{"from": D.NAMES[o]},
                       to=D.NAMES[d], piece=KIND_IDS[k])
                for o in self.origins(st, v) for k in v["kinds"] if movable(st, op, o, k) > 0]
        if not opts:
            return []
        opts.append(option("done", f"Move no more into {W.space(d)}"))
        return [decide(st, GOVT, "cl.move_cubes", f"{W.OPS[v['verb']]}: move cubes into "
                       f"{W.space(d)}?", opts)]

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == "done":
            pop(st)
            return
        _, origin, kind = (c.option_id or "").split(":")
        o, k, dest = D.INDEX[origin], KIND_IDS.index(kind), fr.vars["s"]
        B.PIECES.move(st, o, dest, k)
        op_vars(st).setdefault("arrived", []).append([dest, k])
        ctx.emit("cl.move", f"{W.pieces(k, 1)} moves from {W.space(o)} to {W.space(dest)}.",
                 {"from": origin, "to": D.NAMES[dest], "piece": kind})


def push_cubes_in(st: CLState, s: int, kinds: tuple[int, ...], verb: str,
                  origins: list[int] | None = None) -> None:
    push(st, "cl.cubes_in", s=s, kinds=list(kinds), origins=origins, verb=verb)


PROCS: Final[list[Proc[Any]]] = [CubesInProc()]  # the piece procs: ops.insurgent.PROCS
