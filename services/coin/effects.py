"""§5 The COIN event step vocabulary: an event side is a short program of steps that the
`coin.effect` proc runs with its program counter in a frame (STYLE "Organising ~70 event
cards"). Programs are built once at import; conditions are functions evaluated at run time,
so building never reads a state. Frame vars: key (program), f (executing faction), pc, and
whatever the steps keep (chosen spaces, counters).

"Do as much as possible" (§5.1.3) is written once, here: a step whose decision has no
option left is skipped, and a "choose n" step keeps asking until n are chosen or nothing
qualifies — "done" is offered only where the text says "up to".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, decision_id, option
from services.kernel.flow import Proc, pop
from services.kernel.state import Frame

from .state import CoinState

Vars = dict[str, Any]
Who = Callable[[Any, Vars], int]
SpacePred = Callable[[Any, Vars, int], bool]
SpaceAct = Callable[[Ctx, Any, Vars, int], object]
EXECUTOR: Final[Who] = lambda st, v: int(v["f"])  # noqa: E731 - the executing faction chooses


@mypyc_attr(allow_interpreted_subclasses=True)
class Step:
    """One step of an event program: automatic (`run`) or a decision (`options`/`choose`)."""

    who: Who = staticmethod(EXECUTOR)  # a plain function, not a method of the step
    prompt = ""

    def options(self, st: Any, v: Vars) -> list[Option] | None:
        """None for an automatic step; else the options now ([] = nothing possible: skip)."""
        return None

    def run(self, ctx: Ctx, st: Any, v: Vars) -> None:
        """An automatic step's effect."""

    def choose(self, ctx: Ctx, st: Any, v: Vars, opt: str) -> bool:
        """Apply a choice; True when the step is finished."""
        return True

    def reset(self, v: Vars) -> None:
        """Forget the step's own vars once it is finished."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Do(Step):
    """Run a function of the state (tracks, markers, flags, pushing a proc)."""

    def __init__(self, fn: Callable[[Ctx, Any, Vars], object]) -> None:
        self.fn = fn

    def run(self, ctx: Ctx, st: Any, v: Vars) -> None:
        self.fn(ctx, st, v)


@mypyc_attr(allow_interpreted_subclasses=True)
class Pick(Step):
    """One decision among computed options (with their labels and args); `act` applies the
    chosen id."""

    def __init__(self, opts: Callable[[Any, Vars], list[Option]],
                 act: Callable[[Ctx, Any, Vars, str], None], prompt: str,
                 who: Who = EXECUTOR) -> None:
        self.opts, self.act, self.prompt, self.who = opts, act, prompt, who

    def options(self, st: Any, v: Vars) -> list[Option] | None:
        return self.opts(st, v)

    def choose(self, ctx: Ctx, st: Any, v: Vars, opt: str) -> bool:
        self.act(ctx, st, v, opt)
        return True


@mypyc_attr(allow_interpreted_subclasses=True)
class Spaces(Step):
    """Choose n spaces one at a time (distinct unless `repeat`), acting on each as it is
    chosen; stops at n or when none qualifies; "done" only when `up_to` (after `least`).
    `names` are the space ids, `labels` their display names: an option reads
    "<prompt>: <space>"."""

    def __init__(self, names: Sequence[str], labels: Sequence[str],
                 n: int | Callable[[Any, Vars], int],
                 where: SpacePred, act: SpaceAct, prompt: str, who: Who = EXECUTOR,
                 up_to: bool = False, repeat: bool = False, key: str = "chosen",
                 least: int = 0) -> None:
        self.names, self.labels, self.n, self.where, self.act = names, labels, n, where, act
        self.prompt, self.who, self.up_to, self.repeat = prompt, who, up_to, repeat
        self.key, self.least = key, least
        self.index = {name: i for i, name in enumerate(names)}
        self._options: list[Option | None] = [None] * len(names)  # made when first offered

    def count(self, st: Any, v: Vars) -> int:
        return self.n(st, v) if callable(self.n) else self.n

    def options(self, st: Any, v: Vars) -> list[Option] | None:
        done = v.get(self.key, [])
        if len(done) >= self.count(st, v):
            return []
        opts = [self.space_option(s) for s in range(len(self.names))
                if (self.repeat or s not in done) and self.where(st, v, s)]
        if opts and self.up_to and len(done) >= self.least:
            opts.append(option("done", "Done: no more spaces"))
        return opts

    def space_option(self, s: int) -> Option:
        """The option of choosing space s: "<Prompt>: <space>" (made once per space)."""
        opt = self._options[s]
        if opt is None:
            what = self.prompt[:1].upper() + self.prompt[1:]
            opt = self._options[s] = option(f"space:{self.names[s]}",
                                            f"{what}: {self.labels[s]}", space=self.names[s])
        return opt

    def choose(self, ctx: Ctx, st: Any, v: Vars, opt: str) -> bool:
        if opt == "done":
            return True
        s = self.index[opt.split(":", 1)[1]]
        v.setdefault(self.key, []).append(s)
        self.act(ctx, st, v, s)
        return False

    def reset(self, v: Vars) -> None:
        v.pop(self.key, None)


@mypyc_attr(allow_interpreted_subclasses=True)
class EachSpace(Step):
    """Act automatically in every space that qualifies (judged before any is changed)."""

    def __init__(self, nspaces: int, where: SpacePred, act: SpaceAct) -> None:
        self.nspaces, self.where, self.act = nspaces, where, act

    def run(self, ctx: Ctx, st: Any, v: Vars) -> None:
        for s in [s for s in range(self.nspaces) if self.where(st, v, s)]:
            self.act(ctx, st, v, s)


Program = list[Step]


@mypyc_attr(allow_interpreted_subclasses=True)
class EffectProc(Proc[Any]):
    """`coin.effect`: run an event program; pushes by steps run before the next step."""

    name = "coin.effect"

    def __init__(self, programs: dict[str, Program], faction_labels: Sequence[str]) -> None:
        self.programs = programs
        self.faction_labels = faction_labels  # as a player reads them (prompts)

    def current(self, fr: Frame) -> Step | None:
        prog = self.programs[fr.vars["key"]]
        pc = fr.vars["pc"]
        return prog[pc] if pc < len(prog) else None

    def decisions(self, st: CoinState, fr: Frame) -> list[Decision]:
        step = self.current(fr)
        if step is None:
            return []
        opts = step.options(st, fr.vars)
        if not opts:
            return []
        f = step.who(st, fr.vars)
        seat = st.seat_of[f]
        return [Decision(decision_id(st.serial, seat), seat, "coin.event_step",
                         f"{self.faction_labels[f]}: {step.prompt}", tuple(opts))]

    def step(self, ctx: Ctx, st: CoinState, fr: Frame) -> None:
        step = self.current(fr)
        if step is None:
            pop(st)
            return
        fr.vars["pc"] += 1
        if step.options(st, fr.vars) is None:
            step.run(ctx, st, fr.vars)
        step.reset(fr.vars)

    def choose(self, ctx: Ctx, st: CoinState, fr: Frame, d: Decision, c: Choice) -> None:
        step = self.current(fr)
        assert step is not None
        v = fr.vars
        pc = v["pc"]
        if step.choose(ctx, st, v, c.option_id or "") and v["pc"] == pc:
            v["pc"] = pc + 1
            step.reset(v)


def ineligible_next(*factions: int) -> Do:
    """§2.3.7: the named factions are Ineligible for the next card."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        st.set_ineligible.extend(f for f in factions if f not in st.set_ineligible)
    return Do(fn)


def free_op(begin: Callable[..., object], f: int | None, op: str, **extra: Any) -> Do:
    """§5.5 a free Operation for faction f (None: the executor), no Special Activity unless the
    text grants one; `begin(st, faction, op, limited, free, sa_ok=..., **extra)` is the
    game's way to start an Operation."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        begin(st, v["f"] if f is None else f, op, False, True, sa_ok=False, **extra)
    return Do(fn)
