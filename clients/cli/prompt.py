"""A decision as a numbered menu, and a typed answer as a Choice.

Options are numbered from 1; an option id is accepted too. An amount decision
takes an integer in its range. Standing optional decisions (the game never waits
on them) are listed after the main one as "o1", "o2"… and open their own menu.
"""

from __future__ import annotations

import dataclasses
import time

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from tablero.v1 import common_pb2

from clients.sdk import make_choice

HELP = ("Type an option's number (or its id), an amount, 'o<N>' for an optional "
        "decision, 'v' to show the table again, 'q' to leave (a bot takes your seat).")


@dataclasses.dataclass(frozen=True)
class Command:
    """A non-choice answer: 'view', 'help', 'leave', 'optional' (with index), 'back'."""

    name: str
    index: int = 0


def menu(d: common_pb2.Decision, optional: list[common_pb2.Decision] | None = None
         ) -> RenderableType:
    head = Text(d.prompt or d.kind, style="bold")
    if d.deadline_unix_ms:
        left = max(0, int(d.deadline_unix_ms / 1000 - time.time()))
        head.append(f"  (auto-played in {left}s)", style="dim")
    rows = Table.grid(padding=(0, 1))
    if d.options:
        for i, o in enumerate(d.options, 1):
            ref = Text(f"[{o.id}]" if o.label and o.label != o.id else "", style="dim")
            rows.add_row(f"{i:>3}.", o.label or o.id, ref)
    else:
        rows.add_row("   ", f"Enter an amount from {d.amount.min} to {d.amount.max}.")
    parts: list[RenderableType] = [head, rows]
    for i, od in enumerate(optional or [], 1):
        parts.append(Text(f"  o{i}. (optional) {od.prompt or od.kind}", style="dim"))
    return Group(*parts)


def parse(text: str, d: common_pb2.Decision, n_optional: int = 0
          ) -> common_pb2.Choice | Command | str:
    """A Choice, a Command, or an error message to show."""
    s = text.strip()
    low = s.lower()
    if low in ("v", "view"):
        return Command("view")
    if low in ("?", "h", "help"):
        return Command("help")
    if low in ("q", "quit", "leave"):
        return Command("leave")
    if low in ("b", "back"):
        return Command("back")
    if low.startswith("o") and low[1:].isdigit() and 1 <= int(low[1:]) <= n_optional:
        return Command("optional", int(low[1:]) - 1)
    if not s:
        return "Please answer the decision (? for help)."
    return _answer(s, d)


def _answer(s: str, d: common_pb2.Decision) -> common_pb2.Choice | str:
    if not d.options:
        try:
            amount = int(s)
        except ValueError:
            return f"Type a whole number from {d.amount.min} to {d.amount.max}."
        if not d.amount.min <= amount <= d.amount.max:
            return f"The amount must be from {d.amount.min} to {d.amount.max}."
        return make_choice(d, amount=amount)
    if s.isdigit():
        n = int(s)
        if 1 <= n <= len(d.options):
            return make_choice(d, n - 1)
        return f"Choose a number from 1 to {len(d.options)}."
    if any(o.id == s for o in d.options):
        return make_choice(d, s)
    return f"{s!r} is not one of the options (? for help)."
