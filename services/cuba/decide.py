"""Helpers for Cuba's decisions: ids, kinds and option ids (STYLE "Decision")."""

from __future__ import annotations

from collections.abc import Iterable

from services.kernel.decisions import Decision, Option, decision_id

from .state import CubaState

DONE = "done"


def ask(st: CubaState, seat: int, kind: str, prompt: str, options: Iterable[Option]) -> Decision:
    """An ordinary (sequential) decision of one seat, id fixed to this state's serial."""
    return Decision(decision_id(st.serial, seat), seat, f"cuba.{kind}", prompt, tuple(options))


def opt(verb: str, arg: str = "", label: str = "", **args: str) -> Option:
    """An option id `verb:arg` (or `verb` alone)."""
    oid = f"{verb}:{arg}" if arg else verb
    return Option(oid, label or oid, args)


def done(label: str = "Done") -> Option:
    return Option(DONE, label, {})


def split(option_id: str | None) -> tuple[str, str]:
    """`verb:arg` -> (verb, arg); `verb` -> (verb, "")."""
    if option_id is None:
        return "", ""
    verb, _, arg = option_id.partition(":")
    return verb, arg
