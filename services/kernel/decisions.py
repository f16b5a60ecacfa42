"""Decisions, options and choices (DESIGN §2 "Decisions, not moves").

A decision is what one seat may choose now: a finite list of options with
stable, readable ids ("space:huila", "done"), or a bounded integer range.
Option ids are frozen across rules versions: the choice log is the durable truth.
"""

from __future__ import annotations

from .records import AmountRange as AmountRange
from .records import Choice as Choice
from .records import Decision as Decision
from .records import Option as Option


def option(id: str, label: str = "", **args: str) -> Option:
    """An option with its structured args (docs/decisions/0004).

    `action` is filled from the id's verb (the part before the first ':') unless
    given; every other part of the id must be the value of a named arg.
    `label` defaults to the id only for legacy callers: a label should say what
    will happen, in a player's words.
    """
    return option_of(id, label, args)


def option_of(id: str, label: str, args: dict[str, str]) -> Option:
    """`option` with its args as a dict, which the option keeps (and completes)."""
    if "action" not in args:
        args["action"] = id.split(":", 1)[0]
    return Option(id, label or id, args)


def option_problems(o: Option) -> list[str]:
    """What breaks the option contract of docs/decisions/0004 (empty when none)."""
    problems = []
    parts = o.id.split(":")
    if not o.label or o.label == o.id:
        problems.append(f"option {o.id!r}: its label must say what happens, not repeat the id")
    if o.args.get("action") != parts[0]:
        problems.append(f"option {o.id!r}: args['action'] must be {parts[0]!r}")
    values = [v for k, v in o.args.items() if k != "action"]
    for part in parts[1:]:
        if part in values:
            values.remove(part)
        else:
            problems.append(f"option {o.id!r}: id part {part!r} is not the value of any arg")
    return problems


def options_from(ids: list[str]) -> tuple[Option, ...]:
    return tuple(Option(i, i) for i in ids)


def decision_id(serial: int, seat: int) -> str:
    """The id of an ordinary decision: new after every applied choice, so a
    choice made against an older state is always recognised as stale."""
    return f"d{serial}.{seat}"
