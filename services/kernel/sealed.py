"""Simultaneous secret decisions: one procedure for every game (DESIGN §6).

- each seat's decision id is fixed for the round (`s<round>.<seat>`), so one
  seat committing never makes another's choice stale;
- a commitment is sealed: a private event to the committing seat carries the
  value, the public event says only that the seat has committed;
- when the last seat commits, one public reveal event carries every value, and
  the caller resolves in seat order, never arrival order;
- nothing random may be drawn between the first and the last commitment
  (the caller draws nothing while `is_open`).

The round's record lives in the game state (a `SealedRound` field), or, with
`SealedProc`, in the frame of the proc that runs the round: a game then writes
no wrapper of its own, only what to ask and what to do with the values.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Final, TypeVar

import msgspec
from mypy_extensions import mypyc_attr

from .ctx import Ctx
from .decisions import AmountRange, Choice, Decision, Option
from .errors import RulesBug
from .flow import Proc, pop
from .state import Frame, KernelState, SealedRound

S = TypeVar("S", bound=KernelState)


def open_amounts(key: str, kind: str, prompt: str, serial: int,
                 bounds: dict[int, tuple[int, int]]) -> SealedRound:
    """A round where each listed seat commits one amount in its bounds."""
    seats = sorted(bounds)
    return SealedRound(key, kind, prompt, serial, seats,
                       [bounds[s][0] for s in seats], [bounds[s][1] for s in seats],
                       [], [None] * len(seats))


def open_options(key: str, kind: str, prompt: str, serial: int,
                 options: dict[int, list[str]]) -> SealedRound:
    """A round where each listed seat commits one of its own options."""
    seats = sorted(options)
    return SealedRound(key, kind, prompt, serial, seats, [], [],
                       [options[s] for s in seats], [None] * len(seats))


def sealed_id(rnd: SealedRound, seat: int) -> str:
    return f"s{rnd.serial}.{seat}"


def is_open(rnd: SealedRound) -> bool:
    return any(v is None for v in rnd.values)


def plain_option(option_id: str) -> Option:
    return Option(option_id, option_id)


def decisions(rnd: SealedRound, describe: Callable[[int, str], Option] | None = None,
              seat_of: Callable[[int], int] | None = None) -> list[Decision]:
    """The decisions of every listed member that has not committed yet.

    A member is a seat unless `seat_of` maps it to the seat that decides for it (a game
    whose seats answer for non-player members); `describe(member, option_id)` gives an
    option its label and args (default: the id alone).
    """
    out = []
    for i, member in enumerate(rnd.seats):
        if rnd.values[i] is not None:
            continue
        seat = member if seat_of is None else seat_of(member)
        if rnd.options:
            opts = tuple(plain_option(o) if describe is None else describe(member, o)
                         for o in rnd.options[i])
            out.append(Decision(sealed_id(rnd, member), seat, rnd.kind, rnd.prompt, opts))
        else:
            rng = AmountRange(rnd.mins[i], rnd.maxs[i])
            out.append(Decision(sealed_id(rnd, member), seat, rnd.kind, rnd.prompt, amount=rng))
    return out


def commit(ctx: Ctx, rnd: SealedRound, seat: int, value: int | str,
           to: list[int] | None = None, shown: str = "", who: str = "") -> bool:
    """Seal one member's value; True when every member has committed (then `reveal`).

    The private event goes to `to` (default: the member's own seat) and says `shown`
    (default: the value); the public one names the member as `who` (default "Seat N").
    """
    i = rnd.seats.index(seat)
    if rnd.values[i] is not None:
        raise RulesBug(f"seat {seat} committed twice in {rnd.key}")
    rnd.values[i] = value
    ctx.emit(f"{rnd.key}.sealed", f"You committed {shown or value}.",
             {"seat": seat, "value": value}, seats=[seat] if to is None else to)
    ctx.emit(f"{rnd.key}.committed", f"{who or f'Seat {seat}'} has committed.", {"seat": seat})
    return not is_open(rnd)


def reveal(ctx: Ctx, rnd: SealedRound, text: str = "") -> dict[int, int | str]:
    """Publish every value at once; returns them by seat, in seat order."""
    values = values_of(rnd)
    shown = ", ".join(f"seat {s}: {v}" for s, v in values.items())
    ctx.emit(f"{rnd.key}.revealed", text or f"Revealed: {shown}.",
             {"values": {str(s): v for s, v in values.items()}})
    return values


def values_of(rnd: SealedRound) -> dict[int, int | str]:
    """Every committed value by member, in member order, once the round is complete."""
    if is_open(rnd):
        raise RulesBug(f"reveal of {rnd.key} before every seat committed")
    return {seat: v for seat, v in zip(rnd.seats, rnd.values) if v is not None}


# -- the round as a proc -------------------------------------------------------------------

ROUND_VAR: Final = "sealed"


def round_in(fr: Frame) -> SealedRound | None:
    """The round a `SealedProc` frame holds, if it has opened one."""
    raw = fr.vars.get(ROUND_VAR)
    return None if raw is None else msgspec.convert(raw, SealedRound)


def open_round(stack: list[Frame]) -> SealedRound | None:
    """The innermost round open on the stack (for views), if any."""
    for fr in reversed(stack):
        rnd = round_in(fr)
        if rnd is not None:
            return rnd
    return None


@mypyc_attr(allow_interpreted_subclasses=True)
class SealedProc(Proc[S]):
    """A round of sealed simultaneous commitments, as a proc any game uses directly.

    Push it like any proc. Its first step calls `open` (build the round with
    `open_options` / `open_amounts`; None or an empty round asks nobody); then each
    listed member has one decision whose id is fixed for the round; `choose` seals a
    value (`commit`); the last commit closes the round: with `reveal_at_close` every
    value is published in one event (else they stay sealed in the state and the game
    reveals them when its rules say), the frame is popped, and `resolve` gets the
    values in member order. Nothing random may be drawn while the round is open.
    Subclasses may map members to deciding seats (`seat_of`), give options labels and
    args (`describe`) and word the events (`shown`, `who`, `private_to`).
    """

    reveal_at_close: ClassVar[bool] = True

    @abstractmethod
    def open(self, st: S, fr: Frame) -> SealedRound | None:
        """The round to run now (its serial: `st.serial`)."""

    @abstractmethod
    def resolve(self, ctx: Ctx, st: S, fr: Frame, values: dict[int, int | str]) -> None:
        """Apply every committed value, in member order (the frame is already popped)."""

    def seat_of(self, st: S, member: int) -> int:
        return member

    def describe(self, st: S, fr: Frame, member: int, option_id: str) -> Option:
        return plain_option(option_id)

    def shown(self, st: S, member: int, value: int | str) -> str:
        return str(value)

    def who(self, st: S, member: int) -> str:
        return f"Seat {member}"

    def private_to(self, st: S, member: int) -> list[int]:
        return [self.seat_of(st, member)]

    def reveal_text(self, st: S, values: dict[int, int | str]) -> str:
        return ""

    def decisions(self, st: S, fr: Frame) -> list[Decision]:
        rnd = round_in(fr)
        if rnd is None:
            return []
        return decisions(rnd, lambda m, o: self.describe(st, fr, m, o),
                         lambda m: self.seat_of(st, m))

    def waits(self, st: S, fr: Frame) -> bool:
        return ROUND_VAR in fr.vars

    def step(self, ctx: Ctx, st: S, fr: Frame) -> None:
        rnd = self.open(st, fr)
        if rnd is None or not rnd.seats:
            pop(st)
            self.resolve(ctx, st, fr, {})
            return
        fr.vars[ROUND_VAR] = msgspec.to_builtins(rnd)

    def choose(self, ctx: Ctx, st: S, fr: Frame, d: Decision, c: Choice) -> None:
        rnd = round_in(fr)
        if rnd is None:
            raise RulesBug(f"{self.name}: a commit with no open round")
        member = int(d.id.rsplit(".", 1)[1])
        value: Any = c.amount if rnd.mins else c.option_id
        done = commit(ctx, rnd, member, value, self.private_to(st, member),
                      self.shown(st, member, value), self.who(st, member))
        fr.vars[ROUND_VAR] = msgspec.to_builtins(rnd)
        if not done:
            return
        values = (reveal(ctx, rnd, self.reveal_text(st, values_of(rnd)))
                  if self.reveal_at_close else values_of(rnd))
        del fr.vars[ROUND_VAR]
        pop(st)
        self.resolve(ctx, st, fr, values)
