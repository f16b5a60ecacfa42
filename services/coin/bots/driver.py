"""8.0 "Who decides": the Non-players' decisions are made inside the rules service.

After every step of the flow, a decision the flow addresses to a Non-player (its negative
seat code, `seats`) is answered by the game's `Procedure` among the options offered, and
applied through the flow like a player's choice: every rule check runs, and the choice is
announced as an event. The flow never hands such a decision to a seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol

from services.kernel import codec
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.errors import RulesBug
from services.kernel.flow import Flow

from .seats import is_np_seat, np_faction

GUARD: Final = 100_000  # Non-player choices in one advance: more is a runaway procedure


class Procedure(Protocol):
    """A game's chapter 8: the choice of Non-player `faction` for decision `d` (an offered
    option id, or an amount for an amount decision). It may draw from `st.rng` (8.2-8.3)."""

    def choose(self, st: Any, d: Decision, faction: int) -> Choice: ...

    def defers(self, st: Any, d: Decision, faction: int) -> bool:
        """Whether a player decides this one for the Non-player (AA 8.1 rule 3): the driver
        leaves it pending and the game offers it to that player."""
        ...


def np_decision(ds: list[Decision]) -> Decision | None:
    """The first waited-on decision that belongs to a Non-player."""
    return next((d for d in ds if not d.optional and is_np_seat(d.seat)), None)


def checked(d: Decision, c: Choice) -> Choice:
    """The procedure must answer with an offered option (or an amount in range)."""
    if d.options:
        if c.option_id not in d.option_ids():
            raise RulesBug(f"non-player chose {c.option_id!r}, not offered in {d.kind}")
    elif d.amount is None or c.amount is None or not d.amount.min <= c.amount <= d.amount.max:
        raise RulesBug(f"non-player amount {c.amount!r} out of range in {d.kind}")
    return c


class NonPlayers:
    """Runs a flow with its Non-player decisions answered by `procedure`. `faction_names`
    name the factions in event data, `words` in the texts."""

    def __init__(self, flow: Flow[Any], procedure: Procedure, faction_names: tuple[str, ...],
                 words: tuple[str, ...],
                 before: Callable[[Ctx, Any], None] | None = None) -> None:
        self.flow = flow
        self.procedure = procedure
        self.faction_names = faction_names
        self.words = words
        self.before = before  # a game's standing Non-player acts: run when a Non-player's
        # decision has been applied and before the next one (CL 8.6.5: at the start of an
        # execution the decision began)

    def pending(self, st: Any) -> Decision | None:
        """The Non-player decision the procedure makes now (not one a player decides)."""
        d = np_decision(self.flow.decisions(st))
        if d is None or self.procedure.defers(st, d, np_faction(d.seat)):
            return None
        return d

    def decide(self, ctx: Ctx, st: Any, d: Decision, c: Choice | None = None) -> None:
        """One Non-player choice (the procedure's, or `c` a player made for it), applied
        through the flow and announced."""
        f = np_faction(d.seat)
        c = checked(d, c or self.procedure.choose(st, d, f))
        self.announce(ctx, f, d, c)
        self.flow.choose(ctx, st, d, c)
        st.serial += 1
        if self.before is not None:
            self.before(ctx, st)

    def dry_choice(self, st: Any, d: Decision, option_id: str) -> Any:
        """A copy of `st` with option `option_id` of `d` (the pending decision) applied
        through the flow and nothing after it: what that choice alone does (AA 8.4.3)."""
        after = copy_state(st)
        self.flow.choose(Ctx(), after, d, Choice(d.id, option_id=option_id))
        return after

    def announce(self, ctx: Ctx, f: int, d: Decision, c: Choice) -> None:
        """The public `coin.np_choice` event of a Non-player's choice."""
        label = next((o.label for o in d.options if o.id == c.option_id), str(c.amount))
        ctx.emit("coin.np_choice", f"{self.words[f]} (Non-player): {label}.",
                 {"faction": self.faction_names[f], "kind": d.kind,
                  "option": c.option_id or "", "amount": -1 if c.amount is None else c.amount})

    def advance(self, ctx: Ctx, st: Any) -> None:
        """`Flow.advance`, answering every Non-player decision on the way."""
        self.flow.advance(ctx, st)
        for _ in range(GUARD):
            if self.before is not None:
                self.before(ctx, st)
            d = self.pending(st)
            if d is None:
                return
            self.decide(ctx, st, d)
            self.flow.advance(ctx, st)
        raise RulesBug("runaway non-player procedure")

    def run_until(self, ctx: Ctx, st: Any, done: Callable[[Any], bool]) -> None:
        """Step the flow (Non-player decisions answered) until `done(st)`, the stack ends, or
        a player's decision is pending: the dry runs of 8.1 rule 4."""
        for _ in range(GUARD):
            if done(st):
                return
            top = self.flow.top(st)
            if top is None:
                return
            proc, fr = top
            if proc.waits(st, fr):
                if self.before is not None:
                    self.before(ctx, st)
                d = np_decision(proc.decisions(st, fr))
                if d is None:
                    return
                self.decide(ctx, st, d)
            else:
                proc.step(ctx, st, fr)
        raise RulesBug("runaway non-player dry run")


def copy_state(st: Any) -> Any:
    """A deep copy of a state, its PRNG included (the dry run's draws go with it)."""
    return codec.decode(codec.encode(st), type(st))


def changed(before: Any, after: Any, ignore: tuple[str, ...]) -> bool:
    """8.1 rule 4: whether anything but the fields in `ignore` (the card's own bookkeeping,
    the flow, the PRNG) differs between two states."""
    fields = [f for f in before.__struct_fields__ if f not in ignore]
    return any(getattr(before, f) != getattr(after, f) for f in fields)
