"""Helpers for Cuba's decisions: ids, kinds and options (STYLE "Decision").

Every option follows docs/decisions/0004: a frozen id (`verb:part:...`), a label
that says what will happen in a player's words, and structured args: `action`
(the verb), each other id part under its name, extra facts (cost, VP, ...) as
strings. The arg vocabulary is the "Option args" block of
protos/tablero/cuba/v1/view.proto.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from services.kernel.decisions import Decision, Option, decision_id, option, option_of

from .state import CubaState

DONE: Final = "done"


def ask(st: CubaState, seat: int, kind: str, prompt: str, options: Iterable[Option]) -> Decision:
    """An ordinary (sequential) decision of one seat, id fixed to this state's serial."""
    return Decision(decision_id(st.serial, seat), seat, f"cuba.{kind}", prompt, tuple(options))


def opt(oid: str, label: str, **args: object) -> Option:
    """An option: its id, what choosing it does, and its args (values as strings); the
    kernel's `option`, the args dict built once (options are built at every step)."""
    return option_of(oid, label, {k: str(v) for k, v in args.items()})


def done(label: str) -> Option:
    return option(DONE, label)


def split(option_id: str | None) -> tuple[str, str]:
    """`verb:arg` -> (verb, arg); `verb` -> (verb, "")."""
    if option_id is None:
        return "", ""
    verb, _, arg = option_id.partition(":")
    return verb, arg
