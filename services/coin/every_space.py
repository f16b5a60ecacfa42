"""§5.1, 5.5 "In every space where possible": an Event's free Operations, one space at a time,
the executing faction choosing the space and, where several are open, which Operation (and,
where an Event says so, which faction's piece) acts there. Each space is taken once.

The game says which modes are open in a space and what one does through a `FreeModes` object;
the proc `<prefix>.ev_every` asks, space by space, until none is left (or, where the text says
"may", until the faction stops). Frame vars: f (executor), who (decides), modes, done (spaces
taken), among (the only spaces, or None), may, any_faction (option `<mode>:<space>:<faction>`),
and whatever flags the game's modes read.
"""

from __future__ import annotations

from typing import Any, Generic

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .board import Board, S, named
from .state import CoinState

Vars = dict[str, Any]


@mypyc_attr(allow_interpreted_subclasses=True)
class FreeModes(Generic[S]):
    """The free Operations an Event may grant in every space. Override the hooks."""

    def ok(self, st: S, v: Vars, s: int, mode: str, g: int) -> bool:
        """Whether faction g can carry out the free `mode` in s."""
        return False

    def actors(self, v: Vars, mode: str) -> tuple[int, ...]:
        """The factions that may carry out `mode` (the executor unless an Event widens it)."""
        return (v["f"],)

    def note(self, mode: str) -> str:
        """Words added to the option label (" (Activation only)")."""
        return ""

    def run(self, ctx: Ctx, st: S, v: Vars, s: int, mode: str, g: int) -> None:
        """Carry out `mode` in s with faction g's pieces."""

    def end(self, ctx: Ctx, st: S, v: Vars) -> None:
        """After the last space (a game may close the whole Event's action here)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class EverySpaceProc(Proc[Any]):
    """`<prefix>.ev_every`: in every space where possible, one of `modes`."""

    def __init__(self, board: Board[Any], modes: FreeModes[Any]) -> None:
        self.board, self.modes = board, modes

    def pairs(self, st: CoinState, v: Vars) -> list[tuple[int, str, int]]:
        """(space, mode, faction doing it) open now."""
        among = v.get("among")
        out = []
        for s in self.board.spaces(st):
            if s in v["done"] or (among is not None and s not in among):
                continue
            for m in v["modes"]:
                for g in self.modes.actors(v, m):
                    if self.modes.ok(st, v, s, m, g):
                        out.append((s, m, g))
        return out

    def decisions(self, st: CoinState, fr: Frame) -> list[Decision]:
        v = fr.vars
        opts = [self.free_option(v, s, m, g) for s, m, g in self.pairs(st, v)]
        if not opts:
            return []
        if v.get("may"):
            opts.append(option("done", "No more free Operations"))
        return [self.board.decide(st, v["who"], self.name, "free Operation in a space:", opts)]

    def free_option(self, v: Vars, s: int, mode: str, g: int) -> Option:
        """`<mode>:<space>` (any_faction: `<mode>:<space>:<faction>`)."""
        b = self.board
        label = f"A free {b.words.op(mode)} in {b.space(s)}{self.modes.note(mode)}"
        sid = b.space_ids[s]
        if v.get("any_faction"):
            return option(f"{mode}:{sid}:{b.faction_ids[g]}",
                          f"{label} with a {b.faction(g)} Guerrilla", space=sid,
                          faction=b.faction_ids[g])
        return option(f"{mode}:{sid}", label, space=sid)

    def step(self, ctx: Ctx, st: CoinState, fr: Frame) -> None:
        self.end(ctx, st, fr.vars)

    def end(self, ctx: Ctx, st: CoinState, v: Vars) -> None:
        self.modes.end(ctx, st, v)
        pop(st)

    def choose(self, ctx: Ctx, st: CoinState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        if c.option_id == "done":
            self.end(ctx, st, v)
            return
        mode, name, *by_f = (c.option_id or "").split(":")
        s = self.board.index[name]
        v["done"].append(s)
        g = self.board.faction_ids.index(by_f[0]) if by_f else v["f"]
        self.modes.run(ctx, st, v, s, mode, g)


def every_space_proc(board: Board[Any], modes: FreeModes[Any]) -> EverySpaceProc:
    """The proc a game registers, named `<prefix>.ev_every`."""
    return named(EverySpaceProc, board.name("ev_every"))(board, modes)


def push_every(board: Board[Any], st: CoinState, f: int, modes: tuple[str, ...],
               **flags: Any) -> None:
    """Push the proc for faction f; `flags` (among, may, any_faction, the game's own) follow
    in the order given."""
    push(st, board.name("ev_every"), f=f, who=f, modes=list(modes), done=[], **flags)
