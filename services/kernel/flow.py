"""The decision stack (DESIGN §6 "Flow is data too").

Half-finished procedures are `Frame`s on `state.stack`. The proc named by the
top frame either waits on decisions (`decisions` returns some) or is automatic
(`step` advances it: changes the state, pushes a child frame, or pops itself).
`Flow.advance` runs automatic procs until a decision is needed or the stack is
empty. A child hands a result to its parent by `pop(st, key=value)`, which
merges into the parent's vars before the parent runs again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from .ctx import Ctx
from .decisions import Choice, Decision
from .errors import RulesBug
from .state import Frame, KernelState

S = TypeVar("S", bound=KernelState)

STEP_GUARD = 100_000


@mypyc_attr(allow_interpreted_subclasses=True)
class Proc(Generic[S]):
    """A procedure of play. Subclasses set `name` and override what they need."""

    name: ClassVar[str] = ""
    # `waits` is cheaper than `decisions` only when the proc does not wait: `Flow.advance`
    # with a serial then asks `decisions` instead, and keeps them (the NP dry runs and the
    # lines of play still ask `waits`)
    decides_to_wait: ClassVar[bool] = False

    def decisions(self, st: S, fr: Frame) -> list[Decision]:
        """The decisions this proc waits on now; empty for an automatic step."""
        return []

    def waits(self, st: S, fr: Frame) -> bool:
        """Whether `decisions` offers any now. Override only with a cheaper test that
        always gives the same answer (`Flow.advance` asks this after every step, unless
        `decides_to_wait`)."""
        return bool(self.decisions(st, fr))

    def choose(self, ctx: Ctx, st: S, fr: Frame, d: Decision, c: Choice) -> None:
        """Apply a checked choice for one of `decisions`."""
        raise RulesBug(f"proc {self.name} offers no decisions")

    def step(self, ctx: Ctx, st: S, fr: Frame) -> None:
        """Advance an automatic proc; must change the stack or the frame."""
        raise RulesBug(f"proc {self.name} has no automatic step")


@mypyc_attr(allow_interpreted_subclasses=True)
class AskProc(Proc[S]):
    """A proc that only asks: once it offers no decision, nothing is left to do, and its
    automatic step ends it."""

    def step(self, ctx: Ctx, st: S, fr: Frame) -> None:
        pop(st)


def push(st: KernelState, proc: str, **vars: Any) -> Frame:
    fr = Frame(proc, vars)  # `vars` is this call's own dict
    st.stack.append(fr)
    return fr


def pop(st: KernelState, **result: Any) -> None:
    """End the top frame; merge `result` into the parent's vars."""
    st.stack.pop()
    if result and st.stack:
        st.stack[-1].vars.update(result)


def goto(st: KernelState, proc: str, **vars: Any) -> Frame:
    """Replace the top frame by another proc."""
    st.stack.pop()
    return push(st, proc, **vars)


@mypyc_attr(allow_interpreted_subclasses=True)
class Flow(Generic[S]):
    """The procs of one game, by name; runs the stack."""

    def __init__(self, procs: Iterable[Proc[S]]) -> None:
        self.procs: dict[str, Proc[S]] = {}
        for p in procs:
            if not p.name or p.name in self.procs:
                raise ValueError(f"proc name missing or duplicated: {p.name!r}")
            self.procs[p.name] = p
        # Per proc name: the proc, and whether `advance` with a serial asks its decisions
        # (it has no cheaper `waits`, or `decides_to_wait`) rather than `waits`.
        self._run: dict[str, tuple[Proc[S], bool]] = {
            name: (p, p.decides_to_wait or type(p).waits is Proc.waits)
            for name, p in self.procs.items()}
        # What the last counted `advance` stopped on: (state, frame, serial, decisions).
        self._stopped: tuple[S, Frame, int, list[Decision]] | None = None

    def top(self, st: S) -> tuple[Proc[S], Frame] | None:
        if not st.stack:
            return None
        fr = st.stack[-1]
        return self._proc(fr), fr

    def decisions(self, st: S) -> list[Decision]:
        top = self.top(st)
        return top[0].decisions(st, top[1]) if top else []

    def choose(self, ctx: Ctx, st: S, d: Decision, c: Choice) -> None:
        if not st.stack:
            raise RulesBug("choice with an empty stack")
        fr = st.stack[-1]
        self._proc(fr).choose(ctx, st, fr, d, c)

    def _proc(self, fr: Frame) -> Proc[S]:
        """The proc a frame runs (`top` without building a pair)."""
        try:
            return self.procs[fr.proc]
        except KeyError:
            raise RulesBug(f"unknown proc {fr.proc!r}") from None

    def advance(self, ctx: Ctx, st: S, serial: int | None = None) -> None:
        """Run automatic procs until one waits on a decision or the stack is empty.

        `serial`: the serial the state will have when its decisions are next asked for (the
        engine counts a choice after applying it). A proc without a cheaper `waits`, or
        that `decides_to_wait`, is then asked for its decisions at that serial, and what it
        offers is kept for one `decisions_once_advanced` of this state: the decisions are
        computed once per choice, not once to stop and again to offer them."""
        self._stopped = None
        run = self._run
        for _ in range(STEP_GUARD):
            stack = st.stack
            if not stack:
                return
            fr = stack[-1]
            try:
                proc, asks = run[fr.proc]
            except KeyError:
                raise RulesBug(f"unknown proc {fr.proc!r}") from None
            if serial is not None and asks:
                ds = _decisions_at(proc, st, fr, serial)
                if ds:
                    self._stopped = (st, fr, serial, ds)
                    return
            elif proc.waits(st, fr):
                return
            proc.step(ctx, st, fr)
        raise RulesBug("runaway flow: no decision after STEP_GUARD automatic steps")

    def decisions_once_advanced(self, st: S) -> list[Decision]:
        """`decisions(st)`, answered from the last counted `advance` when it stopped on this
        very state and frame at this serial (read once; computed afresh otherwise). Only
        for the engine, which asks right after advancing: whoever changes the state in
        between must call `decisions`."""
        found, self._stopped = self._stopped, None
        if (found is not None and found[0] is st and st.stack and found[1] is st.stack[-1]
                and found[2] == st.serial):
            return found[3]
        return self.decisions(st)

    def decisions_at(self, st: S, serial: int) -> list[Decision]:
        """What the flow offers once the state's serial is `serial` (a game's own `advance`
        looking at what it stopped on): answered from the last counted `advance` when it
        stopped here, and kept for the engine's `decisions_once_advanced` of this state."""
        top = self.top(st)
        if top is None:
            return []
        found = self._stopped
        if found is not None and found[0] is st and found[1] is top[1] and found[2] == serial:
            return found[3]
        ds = _decisions_at(top[0], st, top[1], serial)
        self._stopped = (st, top[1], serial, ds)
        return ds


def _decisions_at(proc: Proc[S], st: S, fr: Frame, serial: int) -> list[Decision]:
    """What `proc` offers once the state's serial is `serial`."""
    now, st.serial = st.serial, serial
    try:
        return proc.decisions(st, fr)
    finally:
        st.serial = now
