"""The shape shared by Special Activities that act space by space (AA 4.1)."""

from __future__ import annotations

from typing import Any

from services.coin.operations import SaSpec
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .. import data as D
from .. import words as W
from ..constants import FACTION_IDS
from ..ops.common import decide
from ..state import AAState


class SpaceLoop(Proc[AAState]):
    """An SA over up to `max` spaces, one decision per space; pops `sa=<name>` when done.

    Frame vars: f, sa (name), max, done (spaces so far), op (the Operation's frame
    vars copy: op name, spaces, lim), plus what the SA keeps.
    """

    name = ""
    prompt = "select a space"

    def spaces(self, st: AAState, v: dict[str, Any]) -> list[int]:
        return []

    def label(self, st: AAState, v: dict[str, Any], s: int) -> str:
        """What the SA will do in s, in a player's words."""
        return f"{W.SAS[v['sa']]} in {W.space(s)}"

    def apply(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        """Carry out the SA in one space (may push steps)."""

    def any_space(self, st: AAState, v: dict[str, Any]) -> bool:
        """Whether the SA has a space now (overridden where a cheaper test exists)."""
        return bool(self.spaces(st, v))

    def waits(self, st: AAState, fr: Frame) -> bool:
        v = fr.vars
        return len(v["done"]) < v["max"] and any(s not in v["done"] for s in self.spaces(st, v))

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if len(v["done"]) >= v["max"]:
            return []
        cands = [s for s in self.spaces(st, v) if s not in v["done"]]
        if not cands:
            return []
        opts = [option(f"space:{D.NAMES[s]}", self.label(st, v, s), space=D.NAMES[s])
                for s in cands]
        if v["done"]:
            opts.append(option("done", f"{W.SAS[v['sa']]} done: no more spaces"))
        return [decide(st, v["f"], f"aa.{v['sa']}", f"{W.SAS[v['sa']]}: {self.prompt}.", opts)]

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        pop(st, sa=fr.vars["sa"])

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        if c.option_id == "done":
            pop(st, sa=v["sa"])
            return
        s = D.INDEX[(c.option_id or "").split(":", 1)[1]]
        v["done"].append(s)
        ctx.emit(f"aa.{v['sa']}", f"{W.faction(v['f'])} {W.SAS[v['sa']]} in {W.space(s)}.",
                 {"faction": FACTION_IDS[v["f"]], "sa": v["sa"], "space": D.NAMES[s]})
        self.apply(ctx, st, v, s)


class LoopSa(SaSpec[AAState]):
    """An SA run by a `SpaceLoop` proc; allowed when its first decision has a candidate."""

    proc: SpaceLoop
    max_spaces = 99
    with_ops: tuple[str, ...] = ()

    def __init__(self, name: str, faction: int, proc: SpaceLoop, max_spaces: int = 99,
                 with_ops: tuple[str, ...] = (), reach: int = -1, spends: int = 0) -> None:
        self.name, self.faction, self.proc = name, faction, proc
        self.max_spaces, self.with_ops = max_spaces, with_ops
        self.unit_reach, self.spends = reach, spends

    def reach(self, op: str) -> int:
        """A unit acts in its one space (see the SAS lists for why)."""
        return self.unit_reach

    def frame(self, op: dict[str, Any]) -> dict[str, Any]:
        return {"f": self.faction, "sa": self.name, "max": self.max_spaces, "done": [],
                "op": {"op": op["op"], "spaces": list(op["spaces"])}}

    def allowed(self, st: Any, op: dict[str, Any]) -> bool:
        if self.with_ops and op["op"] not in self.with_ops:
            return False
        return self.proc.any_space(st, self.frame(op))

    def begin(self, ctx: Ctx, st: Any, op: dict[str, Any]) -> None:
        push(st, self.proc.name, **self.frame(op))
