"""§3-4 The operation framework shared by the COIN games.

An Operation runs as one `coin.op` frame: choose a space (paying as it is
selected) -> its per-space steps (a child proc) -> next space or done -> the
operation's closing steps; a Special Activity may be started before, between
spaces or after, once (§4.1). An Operation is executed in at least one space (§3.1):
an SA begun before the first space is offered only when the game's `first_sa_ok`
hook finds a way through it that leaves the Operation a space (and the game keeps
the SA's own options to such lines). Each Operation and Special Activity of a game is
an `OpSpec[Any]` / `SaSpec[Any]` registered with the proc; the frame's vars are plain data:

    f (faction), op, lim (LimOp), free, spaces (selected, in order), sa ("" or
    the SA executed), first (the SA was begun before any space), ph (phase), plus
    whatever the op's own steps keep.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, decision_id, option
from services.kernel.errors import RulesBug
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .state import CoinState
from .words import Words

S = TypeVar("S", bound=CoinState)  # the game's state


@mypyc_attr(allow_interpreted_subclasses=True)
class OpSpec(Generic[S]):
    """One Operation. Override `selectable`, `cost` and `select`; `start`/`finish` if needed.

    `name` and `faction` are kept per object once compiled (decision 0015): a subclass that is
    not compiled (a test's) sets them in `__init__`, since its class body would not be seen."""

    name: str = ""
    faction: int = -1
    needs_space = True  # False: the Operation counts once paid (AA 3.1 Patrol)

    def selectable(self, st: S, v: dict[str, Any], space: int) -> bool:
        """Whether the space may be selected now (cost aside)."""
        return False

    def cost(self, st: S, v: dict[str, Any], space: int) -> int:
        """The cost of selecting the space; asked of any candidate, before `selectable`."""
        return 0

    def candidates(self, st: S, v: dict[str, Any]) -> Sequence[int]:
        """Spaces worth testing with `selectable`."""
        return range(0)

    def select(self, ctx: Ctx, st: S, v: dict[str, Any], space: int) -> None:
        """Run after the space is recorded and paid: push its per-space steps."""

    def start(self, ctx: Ctx, st: S, v: dict[str, Any]) -> bool:
        """Called once before the first decision; True if it took over the flow (pushed)."""
        return False

    def finish(self, ctx: Ctx, st: S, v: dict[str, Any]) -> None:
        """Closing steps after the last space (push procs or change state)."""

    def max_spaces(self, st: S, v: dict[str, Any]) -> int:
        return 1 if v["lim"] else 99


@mypyc_attr(allow_interpreted_subclasses=True)
class SaSpec(Generic[S]):
    """One Special Activity: whether it may start now, and how (push its proc).

    `reach(op)`: at most how many of the Operation's selectable spaces one unit of the SA
    can take away (-1: not known), and `spends`: the Resources it may cost; an Operation
    with more spaces than that keeps one whatever the SA does first (`safe_first`).
    `name` and `faction`: as OpSpec's."""

    name: str = ""
    faction: int = -1
    spends = 0

    def reach(self, op: str) -> int:
        return -1

    def allowed(self, st: S, op: dict[str, Any]) -> bool:
        return False

    def begin(self, ctx: Ctx, st: S, op: dict[str, Any]) -> None:
        """Push the SA's proc; it must `pop(st, sa=self.name)` when done."""


@mypyc_attr(allow_interpreted_subclasses=True)
class OperationProc(Proc[Any]):
    """`coin.op`: the loop every Operation shares."""

    name = "coin.op"
    decides_to_wait = True  # `waits` scans what `decisions` offers when it waits

    def __init__(self, ops: list[OpSpec[Any]], sas: list[SaSpec[Any]], space_names: tuple[str, ...],
                 faction_names: tuple[str, ...], words: Words) -> None:
        self.ops = {(o.faction, o.name): o for o in ops}
        self.sas = sas
        self.space_names = space_names
        self.space_index = {n: i for i, n in enumerate(space_names)}
        self.faction_names = faction_names
        self.words = words
        # set by the game: whether an SA begun now, before the Operation's first space (the
        # Operation's frame on top of the stack), can end with a space left to select
        self.first_sa_ok: Callable[[Any, dict[str, Any], SaSpec[Any]], bool] | None = None
        # set by the game: whether a Limited Operation may take a Special Activity (CL card 10
        # shaded, CL 7.3 Hidden Assets); none by default (§2.3.5)
        self.lim_sa_ok: Callable[[Any, dict[str, Any]], bool] | None = None
        self._space_options: dict[tuple[str, int, int, bool], Option] = {}  # made once
        self._sa_options: dict[tuple[str, str], Option] = {}

    def spec(self, v: dict[str, Any]) -> OpSpec[Any]:
        return self.ops[(v["f"], v["op"])]

    def affordable(self, st: CoinState, v: dict[str, Any], gain: int = 0) -> list[int]:
        """§3.1 Spaces selectable now that the faction can pay for (`gain`: once a committed
        Special Activity's guaranteed proceeds have come in, CL-R-09; such a space is then
        selected after the SA, through `coin.op_select`)."""
        return [s for s, _ in self.priced(st, v, gain)]

    def priced(self, st: CoinState, v: dict[str, Any], gain: int = 0,
               among: tuple[int, ...] | None = None) -> list[tuple[int, int]]:
        """`affordable`, each space with its cost (0 for a free Operation): worked out once
        for the space's option too. `among`: only those spaces tested (the ones a change
        touched)."""
        spec = self.spec(v)
        if len(v["spaces"]) >= spec.max_spaces(st, v):
            return []
        res = st.resources[v["f"]] + gain
        only = v.get("only")  # an Event or phase may limit the spaces (free Ops)
        free, taken = v["free"], v["spaces"]
        cost_of, selectable = spec.cost, spec.selectable
        out = []
        for s in spec.candidates(st, v):
            if (s in taken or (only is not None and s not in only)
                    or (among is not None and s not in among)):
                continue
            cost = 0 if free else cost_of(st, v, s)
            if (free or cost <= res) and selectable(st, v, s):
                out.append((s, cost))
        return out

    def can_select_any(self, st: CoinState, v: dict[str, Any]) -> bool:
        """Whether `affordable` would offer any space (stops at the first)."""
        return self.count_affordable(st, v, 1) > 0

    def count_affordable(self, st: CoinState, v: dict[str, Any], most: int,
                         spent: int = 0) -> int:
        """How many spaces `affordable` would offer after spending `spent` more, counted up
        to `most`."""
        spec = self.spec(v)
        if len(v["spaces"]) >= spec.max_spaces(st, v):
            return 0
        res = st.resources[v["f"]] - spent
        only = v.get("only")
        free, taken = v["free"], v["spaces"]
        cost_of, selectable = spec.cost, spec.selectable
        n = 0
        for s in spec.candidates(st, v):
            if (s not in taken and (only is None or s in only)
                    and (free or cost_of(st, v, s) <= res) and selectable(st, v, s)):
                n += 1
                if n >= most:
                    break
        return n

    def opens(self, st: CoinState, v: dict[str, Any], sa: SaSpec[Any]) -> bool:
        """Whether `sa` executed first leaves a space to the Operation `v` (not begun yet):
        `first_sa_ok` asked with the Operation on top of the stack (pushed for the question,
        which reads the state only, and popped after)."""
        if self.first_sa_ok is None:
            return False
        push(st, "coin.op", **{**v, "ph": "spaces"})
        try:
            return self.first_sa_ok(st, st.stack[-1].vars, sa)
        finally:
            st.stack.pop()

    def safe_first(self, st: CoinState, v: dict[str, Any], sa: SaSpec[Any]) -> bool:
        """A quick sufficient test for `first_sa_ok`: the Operation has more spaces than one
        unit of the SA can take away, even once it is paid for."""
        reach = sa.reach(v["op"])
        return reach >= 0 and self.count_affordable(st, v, reach + 1, sa.spends) > reach

    def sa_spec(self, v: dict[str, Any]) -> SaSpec[Any]:
        """The SA the Operation's faction has begun (`v["sa"]`)."""
        return next(s for s in self.sas if s.name == v["sa"] and s.faction == v["f"])

    def no_sa(self, st: CoinState, v: dict[str, Any]) -> bool:
        """§4.1 no SA now: one was executed, the Op may not have one, or it is a LimOp
        (unless the game's `lim_sa_ok` says this one may)."""
        if v["sa"] or not v.get("sa_ok", True):
            return True
        return bool(v["lim"]) and (self.lim_sa_ok is None or not self.lim_sa_ok(st, v))

    def sa_names(self, st: CoinState, v: dict[str, Any]) -> list[str]:
        """§4.1 SAs that may start now: full, paid Op; none executed yet."""
        if self.no_sa(st, v):
            return []
        return [s.name for s in self.sas if s.faction == v["f"] and self.sa_allowed(st, v, s)]

    def any_sa(self, st: CoinState, v: dict[str, Any]) -> bool:
        """Whether `sa_names` would name any; stops at the first."""
        if self.no_sa(st, v):
            return False
        return any(s.faction == v["f"] and self.sa_allowed(st, v, s) for s in self.sas)

    def sa_allowed(self, st: CoinState, v: dict[str, Any], sa: SaSpec[Any]) -> bool:
        """§3.1, 4.1: the SA may start now; before the first space, only if the Operation
        can still get a space after it."""
        if not sa.allowed(st, v):
            return False
        if v["spaces"] or not self.spec(v).needs_space or self.first_sa_ok is None:
            return True
        return self.safe_first(st, v, sa) or self.first_sa_ok(st, v, sa)

    def begin_sa(self, ctx: Ctx, st: CoinState, v: dict[str, Any], name: str) -> None:
        """§4.1 Start the SA named for the Operation whose vars are `v`."""
        v["sa"] = name
        sa = self.sa_spec(v)
        if not v["spaces"] and self.spec(v).needs_space:
            v["first"] = True
        ctx.emit("coin.sa", f"{self.words.factions[v['f']]} begins {self.words.sa(name)}.",
                 {"faction": self.faction_names[v["f"]], "sa": name})
        sa.begin(ctx, st, v)

    def select_space(self, ctx: Ctx, st: CoinState, v: dict[str, Any], s: int) -> None:
        """§3.1 Select a space for the Operation and pay for it."""
        spec = self.spec(v)
        cost = 0 if v["free"] else spec.cost(st, v, s)
        if cost > st.resources[v["f"]]:
            raise RulesBug(f"{v['op']} in {self.space_names[s]} cannot be paid for")
        st.resources[v["f"]] -= cost
        v["spaces"].append(s)
        ctx.emit("coin.op_space", f"{self.words.op(v['op'])} in {self.words.spaces[s]} "
                 f"(cost {cost}).", {"op": v["op"], "space": self.space_names[s], "cost": cost})
        spec.select(ctx, st, v, s)

    def step(self, ctx: Ctx, st: CoinState, fr: Frame) -> None:
        v = fr.vars
        ph = v["ph"]
        if ph == "start":
            v["ph"] = "spaces"
            if self.spec(v).start(ctx, st, v):
                v["ph"] = "finish"
        elif ph == "spaces":
            # no space can be selected and none was: the Operation ends empty (rare dead end)
            v["ph"] = "finish"
        elif ph == "finish":
            v["ph"] = "after"
            self.spec(v).finish(ctx, st, v)
        elif ph == "after":
            pop(st, sa=v["sa"], op_spaces=list(v["spaces"]))

    def waits(self, st: CoinState, fr: Frame) -> bool:
        v = fr.vars
        if v["ph"] == "spaces":
            return self.can_select_any(st, v) or self.any_sa(st, v)
        return v["ph"] == "after" and self.any_sa(st, v)

    def decisions(self, st: CoinState, fr: Frame) -> list[Decision]:
        v = fr.vars
        op = self.words.op(v["op"])
        if v["ph"] == "spaces":
            opts = [self.space_option(v, s, cost) for s, cost in self.priced(st, v)]
            sas = self.sa_names(st, v)
            if not opts and not sas:
                return []  # nothing left to choose: the Operation goes on by itself
            opts += [self.sa_option(n, "before the first space" if not v["spaces"] else
                                    "between two spaces") for n in sas]
            if v["spaces"]:
                opts.append(done_option(f"{op} done: no more spaces"))
            elif v.get("decline"):  # an Operation the faction may make (CL 6.3.4)
                opts.append(done_option(v["decline"]))
            prompt = f"{op}: select a space" + (
                " or done." if v["spaces"] else " or decline." if v.get("decline") else ".")
        elif v["ph"] == "after":
            sas = self.sa_names(st, v)
            if not sas:
                return []
            opts = [self.sa_option(n, f"after the {op}") for n in sas]
            opts.append(done_option("No Special Activity"))
            prompt = "Execute a Special Activity now?"
        else:
            return []
        seat = st.seat_of[v["f"]]
        return [Decision(decision_id(st.serial, seat), seat, "coin.op_space",
                         f"{self.words.factions[v['f']]}: {prompt}", tuple(opts))]

    def space_option(self, v: dict[str, Any], s: int, cost: int) -> Option:
        """The option of selecting s (made once per Operation, space and price: an option is
        a frozen value)."""
        key = (v["op"], s, cost, bool(v["free"]))
        opt = self._space_options.get(key)
        if opt is None:
            what = "free" if v["free"] else f"{cost} Resource{'s' if cost != 1 else ''}"
            opt = self._space_options[key] = option(
                f"space:{self.space_names[s]}",
                f"{self.words.op(v['op'])} in {self.words.spaces[s]} ({what})",
                space=self.space_names[s], cost=str(cost))
        return opt

    def sa_option(self, name: str, when: str) -> Option:
        opt = self._sa_options.get((name, when))
        if opt is None:
            opt = self._sa_options[(name, when)] = option(
                f"sa:{name}", f"{self.words.sa(name)} (Special Activity) {when}", sa=name)
        return opt

    def choose(self, ctx: Ctx, st: CoinState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "done":
            v["ph"] = "finish" if v["ph"] == "spaces" else "after_done"
            if v["ph"] == "after_done":
                pop(st, sa=v["sa"], op_spaces=list(v["spaces"]))
        elif verb == "sa":
            self.begin_sa(ctx, st, v, arg)
        else:
            self.select_space(ctx, st, v, self.space_index[arg])


def op_vars(st: CoinState) -> dict[str, Any]:
    """The vars of the innermost Operation on the stack."""
    return next(f.vars for f in reversed(st.stack) if f.proc == "coin.op")


@mypyc_attr(allow_interpreted_subclasses=True)
class OpSelectProc(Proc[Any]):
    """`coin.op_select` vars: s. Select s for the innermost Operation now: its SA was resolved
    there first (AA 4.3.3 Kidnap before its Terror)."""

    name = "coin.op_select"

    def __init__(self, operation: OperationProc) -> None:
        self.operation = operation

    def step(self, ctx: Ctx, st: CoinState, fr: Frame) -> None:
        s = fr.vars["s"]
        pop(st)
        self.operation.select_space(ctx, st, op_vars(st), s)


def op_frame(faction: int, op: str, limited: bool, free: bool, **extra: Any) -> dict[str, Any]:
    """The vars of a new `coin.op` frame."""
    return {"f": faction, "op": op, "lim": limited, "free": free, "spaces": [], "sa": "",
            "ph": "start", **extra}


def unmoved_guerrillas(op: dict[str, Any], o: int, under: int, active: int
                       ) -> tuple[int, int, int]:
    """§3.3.2 March, each Guerrilla moves once: of a faction's `under` Underground and `active`
    Active Guerrillas in o, those that have not moved in the March whose vars are `op` —
    (Underground, Active, total). The arrivals' states are as they came in (`arrived_u` of
    the `arrived`); a flip there since (an SA) is read as of an unmoved piece while one of
    that state is left (pieces of one kind are alike)."""
    arrived, arrived_u = op.get("arrived"), op.get("arrived_u")
    free = under + active - (arrived[o] if arrived else 0)
    u = min(max(under - (arrived_u[o] if arrived_u else 0), 0), free)
    return u, free - u, free


def record_arrival(op: dict[str, Any], s: int, total: int, under: int) -> None:
    """§3.3.2 `total` Guerrillas of a March arrived in s, `under` of them Underground."""
    op["arrived"][s] += total
    op.setdefault("arrived_u", [0] * len(op["arrived"]))[s] += under


def push_sa(st: CoinState, proc: str, f: int, times: int = 1, **extra: Any) -> None:
    """§5.5 free Special Activities granted by an Event, one after another: each runs with an
    empty Operation beside it (`<prefix>.<sa>` proc; `sa` is the part after the dot)."""
    for _ in range(times):
        push(st, proc, f=f, sa=proc.split(".")[1], max=1, done=[],
             op={"op": "", "spaces": []}, **extra)


@functools.cache
def done_option(label: str) -> Option:
    """`done`, saying `label` (made once per label: an option is a frozen value)."""
    return option("done", label)
