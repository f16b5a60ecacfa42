"""§4.1 The shape shared by Special Activities that act space by space: one decision per
space (`space:<id>`), up to `max` spaces, "done" once one is taken; the proc pops
`sa=<name>` to the Operation (or to the Event that granted it, `push_sa`) when done.

Frame vars: f, sa (name), max, done (spaces so far), op (the Operation's vars: op name and
spaces), plus what the SA keeps. A game names each proc `<prefix>.<sa>` and gives it the
game's `Board` (class attribute `board`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .board import Board, S
from .operations import SaSpec


@mypyc_attr(allow_interpreted_subclasses=True)
class SpaceLoop(Proc[Any], Generic[S]):
    """An SA over up to `max` spaces. Override `spaces`, `apply` and, if needed, `label`."""

    board: ClassVar[Board[Any]]
    prompt = "select a space"
    decides_to_wait = True  # `waits` lists the candidates `decisions` lists again

    def spaces(self, st: S, v: dict[str, Any]) -> list[int]:
        """Where the SA may act now (spaces already taken are left out by the loop)."""
        return []

    def label(self, st: S, v: dict[str, Any], s: int) -> str:
        """What the SA will do in s, in a player's words."""
        return f"{self.board.words.sa(v['sa'])} in {self.board.space(s)}"

    def apply(self, ctx: Ctx, st: S, v: dict[str, Any], s: int) -> None:
        """Carry out the SA in one space (may push steps)."""

    def any_space(self, st: S, v: dict[str, Any]) -> bool:
        return bool(self.spaces(st, v))

    def candidates(self, st: S, v: dict[str, Any]) -> list[int]:
        if len(v["done"]) >= v["max"]:
            return []
        return [s for s in self.spaces(st, v) if s not in v["done"]]

    def waits(self, st: S, fr: Frame) -> bool:
        return bool(self.candidates(st, fr.vars))

    def decisions(self, st: S, fr: Frame) -> list[Decision]:
        v, b = fr.vars, self.board
        cands = self.candidates(st, v)
        if not cands:
            return []
        name = b.words.sa(v["sa"])
        opts = [option(f"space:{b.space_ids[s]}", self.label(st, v, s), space=b.space_ids[s])
                for s in cands]
        if v["done"]:
            opts.append(option("done", f"{name} done: no more spaces"))
        elif v.get("may"):  # an Event's free SA it allows, not requires (AA 5.5 できる)
            opts.append(option("done", f"No {name} (the Event allows it, not requires it)"))
        return [b.decide(st, v["f"], b.name(v["sa"]), f"{name}: {self.prompt}.", opts)]

    def step(self, ctx: Ctx, st: S, fr: Frame) -> None:
        pop(st, sa=fr.vars["sa"])

    def choose(self, ctx: Ctx, st: S, fr: Frame, d: Decision, c: Choice) -> None:
        v, b = fr.vars, self.board
        if c.option_id == "done":
            pop(st, sa=v["sa"])
            return
        s = b.index[(c.option_id or "").split(":", 1)[1]]
        v["done"].append(s)
        ctx.emit(b.name(v["sa"]), f"{b.faction(v['f'])} {b.words.sa(v['sa'])} in "
                 f"{b.space(s)}.", {"faction": b.faction_ids[v["f"]], "sa": v["sa"],
                                    "space": b.space_ids[s]})
        self.apply(ctx, st, v, s)


@mypyc_attr(allow_interpreted_subclasses=True)
class LoopSa(SaSpec[S]):
    """An SA run by a `SpaceLoop` proc (at most `max_spaces` spaces, only with the Operations
    `with_ops` when given); allowed when its first decision has a candidate."""

    def __init__(self, name: str, faction: int, proc: SpaceLoop[S], max_spaces: int = 99,
                 with_ops: tuple[str, ...] = (), reach: int = -1, spends: int = 0) -> None:
        self.name, self.faction, self.proc = name, faction, proc
        self.max_spaces, self.with_ops = max_spaces, with_ops
        self.unit_reach, self.spends = reach, spends

    def reach(self, op: str) -> int:
        return self.unit_reach

    def frame(self, op: dict[str, Any]) -> dict[str, Any]:
        return {"f": self.faction, "sa": self.name, "max": self.max_spaces, "done": [],
                "op": {"op": op["op"], "spaces": list(op["spaces"])}}

    def allowed(self, st: S, op: dict[str, Any]) -> bool:
        if self.with_ops and op["op"] not in self.with_ops:
            return False
        return self.proc.any_space(st, self.frame(op))

    def begin(self, ctx: Ctx, st: S, op: dict[str, Any]) -> None:
        push(st, self.proc.name, **self.frame(op))
