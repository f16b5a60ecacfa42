"""§3.1, 4.1: the lines of play of a Special Activity begun before its Operation's first
space (AA 3.1, 4.1; CL 3.1, 4.1 and CL-R-09).

An Operation is executed in at least one space (§3.1); its Special Activity may come
before, during or after it (§4.1). When the SA comes first, only the lines after which
the Operation still has a space to select are legal. An SA is made of units — one space of
a space-by-space SA (Extort, Bribe, Air Strike, ...), one Air Lift, one Base removed or
Shipment placed by Process, one Cultivate — and each unit touches only its own space(s) and
the faction's Resources, so the units of one SA commute: a line in which a later unit gives
back the space an earlier one took plays as well in the other order. The lines kept are
therefore those where the Operation has a space after every unit (AA-I-16): each option of
the SA's decisions is offered only if some way of finishing the current unit leaves the
Operation a space; the SA is offered first only if some first unit does.

The search plays the options out on copies of the state (`codec.copy`), depth-first within
one unit, trying "done" first. Its answers are memoised by state across steps (a pure
function of the state; the copies carry serial 0, which only decision ids read), so the
search run when the SA is offered first answers the steps of the SA that follow. A game
must keep dice out of these lines (Andean Abyss: only Kidnap's, whose ransom is known to
pay for its Terror before the space is offered), so that the search never depends on a
roll to come. A game wires it once:

    LINES = Lines(FLOW, OPERATION)
    OPERATION.first_sa_ok = LINES.first_sa_ok   # and its decisions pass LINES.keep(st, ds)
    LINES.quick = ...  # optional: steps whose lines the rules answer without the search

No line may be left: Resources handed away by the executing faction while the SA runs (a
standing §1.5.1 transfer, which no rule limits) can leave the Operation no space it can pay
for. The SA's steps are then offered as its own rules allow, unfiltered, and the Operation
takes the spaces it can still pay for, none if it cannot (AA-I-17): a step with nothing to
choose would end the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import msgspec
from mypy_extensions import mypyc_attr

from services.kernel import codec
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.errors import RulesBug
from services.kernel.flow import STEP_GUARD, Flow

from .operations import OperationProc, SaSpec
from .state import CoinState

S = TypeVar("S", bound=CoinState)


def line_copy(st: S) -> S:
    """A copy of the state at serial 0, on which the search plays an option out (see the
    memo of `Lines`)."""
    c = codec.copy(st)
    c.serial = 0
    return c


def first_sa_index(st: CoinState) -> int | None:
    """The stack index of the Operation whose SA, begun before its first space, is running
    now (None when no such SA runs)."""
    for i in range(len(st.stack) - 1, -1, -1):
        fr = st.stack[i]
        if fr.proc == "coin.op":
            v = fr.vars
            first = v.get("first") and not v["spaces"] and i < len(st.stack) - 1
            return i if first else None
    return None


@mypyc_attr(allow_interpreted_subclasses=True)
class Lines(Generic[S]):
    """The search, for one game's flow and Operation proc."""

    MEMO = 64  # answers of `first_sa_ok` kept, by state and SA (asked by `waits`, then
    # by `decisions`, of the same state)
    FOUND = 4096  # answers of `finishes` kept, by state (at serial 0) and Operation frame

    def __init__(self, flow: Flow[S], operation: OperationProc) -> None:
        self.flow = flow
        self.operation = operation
        self.answers: dict[tuple[bytes, str], bool] = {}
        self.found: dict[tuple[int, bytes], bool] = {}
        # set by a game: for the step under way above the Operation at idx, whether each
        # option keeps a line open, answered from the rules without the search (None: search
        # the step, or that option)
        self.quick: Callable[[S, int], Callable[[Decision, Option], bool | None] | None] | None \
            = None

    def keep(self, st: S, ds: list[Decision]) -> list[Decision]:
        """The decisions `ds` with only the options that keep a line of play open."""
        idx = first_sa_index(st)
        if idx is None:
            return ds
        v = st.stack[idx].vars
        if self.operation.safe_first(st, v, self.operation.sa_spec(v)):
            return ds  # more spaces than the rest of the SA can take away
        ok = self.judge(st, idx)
        kept = [msgspec.structs.replace(d, options=tuple(o for o in d.options if ok(d, o)))
                for d in ds]
        if any(d.options and not k.options for d, k in zip(ds, kept, strict=True)):
            return ds  # no line left (AA-I-17): the SA goes on as its own rules allow
        return kept

    def judge(self, st: S, idx: int) -> Callable[[Decision, Option], bool]:
        """Whether an option of the step under way above the Operation at `idx` keeps a line
        open: the game's `quick` answer, else the search (on a copy of `st`, which stays as
        it is)."""
        quick = self.quick(st, idx) if self.quick is not None else None

        def ok(d: Decision, o: Option) -> bool:
            found = quick(d, o) if quick is not None else None
            if found is not None:
                return found
            return self.option_ok(st, idx, d, o)

        return ok

    def first_sa_ok(self, st: S, v: dict[str, Any], sa: SaSpec[Any]) -> bool:
        """Whether `sa`, begun now before the first space of the Operation on top of the
        stack (vars `v`), can end with a space left for it."""
        data = codec.encode(st)
        key = (data, sa.name)
        if key not in self.answers:
            if len(self.answers) >= self.MEMO:
                self.answers.clear()
            c = line_copy(st)
            idx = len(c.stack) - 1
            ctx = Ctx()
            self.operation.begin_sa(ctx, c, c.stack[idx].vars, sa.name)
            self.settle(ctx, c, idx)
            self.answers[key] = self.finishes(c, idx)
        return self.answers[key]

    def option_ok(self, st: S, idx: int, d: Decision, o: Option) -> bool:
        """Whether choosing `o` in the state `st` keeps a line open (played out on a copy at
        serial 0)."""
        c = line_copy(st)
        ctx = Ctx()
        self.flow.choose(ctx, c, d, Choice(d.id, option_id=o.id))
        self.settle(ctx, c, idx)
        return self.finishes(c, idx)

    def settle(self, ctx: Ctx, st: S, idx: int) -> None:
        """Run the automatic steps above the Operation's frame (not the Operation's own)."""
        for _ in range(STEP_GUARD):
            top = self.flow.top(st)
            if top is None or len(st.stack) <= idx + 1 or top[0].waits(st, top[1]):
                return
            top[0].step(ctx, st, top[1])
        raise RulesBug("runaway flow in a Special Activity")

    def finishes(self, st: S, idx: int) -> bool:
        """Whether the unit under way above the Operation at `idx` can end with a space left
        for the Operation (`st`: a copy at serial 0)."""
        v = st.stack[idx].vars
        if v["spaces"]:
            return True  # the SA selected one (Kidnap before its Terror)
        if len(st.stack) == idx + 1:
            return self.operation.can_select_any(st, v)
        data = codec.encode(st)
        key = (idx, data)
        found = self.found.get(key)
        if found is None:
            found = self.search(st, idx, v)
            if len(self.found) >= self.FOUND:
                self.found.clear()
            self.found[key] = found
        return found

    def search(self, st: S, idx: int, v: dict[str, Any]) -> bool:
        d = self.flow.decisions(st)[0]
        if len(st.stack) == idx + 2 and any(o.id == "done" for o in d.options):
            return self.operation.can_select_any(st, v)  # between two units (AA-I-16)
        ok = self.judge(st, idx)
        return any(ok(d, o) for o in d.options)
