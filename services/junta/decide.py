"""Junta's decisions: ids, kinds and option ids (STYLE "Decision", decision 0004).

Every decision belongs to a family and is put to the seat that decides for it
(`families.controller`). Its id is `d<serial>.<family>`, so two families one seat decides for
never share an id. The first option of every decision is its default (JU 45.6: a straw man
without an active leader takes it), so builders put "done", "pass", "stay" ... first.
"""

from __future__ import annotations

from collections.abc import Iterable

from services.kernel.decisions import AmountRange, Decision, Option, option

from .families import controller
from .state import JuntaState


def ask(st: JuntaState, fam: int, kind: str, prompt: str, options: Iterable[Option]) -> Decision:
    return Decision(f"d{st.serial}.{fam}", controller(st, fam), f"junta.{kind}", prompt,
                    tuple(options))


def ask_amount(st: JuntaState, fam: int, kind: str, prompt: str, lo: int, hi: int) -> Decision:
    return Decision(f"d{st.serial}.{fam}", controller(st, fam), f"junta.{kind}", prompt,
                    amount=AmountRange(lo, hi))


def family_of(d: Decision) -> int:
    """The family a decision belongs to (the last part of its id)."""
    return int(d.id.rsplit(".", 1)[1])


def parts(option_id: str | None) -> list[str]:
    return (option_id or "").split(":")


def done(label: str = "Done") -> Option:
    return option("done", label)


__all__ = ["ask", "ask_amount", "done", "family_of", "option", "parts"]
