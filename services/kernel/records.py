"""The kernel's records that cross the wire: decisions, options and choices (DESIGN §2
"Decisions, not moves"), and what `engine` returns (a step, a seat's view).

They are msgspec Structs, kept apart from the functions over them (kernel.decisions,
kernel.engine, which re-export them) so that those compile (decision 0015: mypyc does not
build Structs). They hold plain data and can never be part of a reference cycle, so
they are left out of the garbage collector's tracking (`gc=False`): an engine step makes
dozens of them. What a decision is: kernel.decisions.
"""

from __future__ import annotations

from typing import Any

import msgspec

from . import codec
from .events import Event
from .outcome import Outcome


class Option(msgspec.Struct, frozen=True, array_like=True, gc=False):
    id: str
    label: str = ""
    args: dict[str, str] = {}


class AmountRange(msgspec.Struct, frozen=True, array_like=True, gc=False):
    min: int
    max: int


class Decision(msgspec.Struct, frozen=True, gc=False):
    """A pending decision. Exactly one of `options` and `amount` is used."""

    id: str
    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...] = ()
    amount: AmountRange | None = None
    optional: bool = False

    def option_ids(self) -> list[str]:
        return [o.id for o in self.options]


class Choice(msgspec.Struct, frozen=True, gc=False):
    """A seat's answer: an option id, or an amount."""

    decision_id: str
    option_id: str | None = None
    amount: int | None = None


class Step(msgspec.Struct, gc=False):
    """The result of Setup or Act."""

    state: bytes
    events: list[Event]
    decisions: list[Decision]
    outcome: Outcome | None

    @property
    def state_hash(self) -> str:
        return codec.state_hash(self.state)

    def waiting(self) -> list[Decision]:
        """The decisions the game waits on (not the standing optional ones)."""
        return [d for d in self.decisions if not d.optional]


class SeatView(msgspec.Struct):
    seat: int | None
    decisions: list[Decision]
    pending: list[Decision]
    view: Any
    outcome: Outcome | None


class BotMove(msgspec.Struct):
    """One move of a bot run: the seat, its bot's choice, and the step it made."""

    seat: int
    choice: Choice
    step: Step


class BotRun(msgspec.Struct):
    """A run of bot moves and where it left the game: the last move's step, or the given
    state (no events) when no bot had a decision to make."""

    moves: list[BotMove]
    final: Step
