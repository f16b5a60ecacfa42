"""Junta's decisions: ids, kinds and option ids (STYLE "Decision", decision 0004).

Every decision belongs to a family and is put to the seat that decides for it
(`families.controller`). Its id is `d<serial>.<family>`, so two families one seat decides for
never share an id. The first option of every decision is its default (JU 45.6: a straw man
without an active leader takes it), so builders put "done", "pass", "stay" ... first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from services.kernel.decisions import AmountRange, Decision, Option, option
from services.kernel.sealed import SealedProc
from services.kernel.state import Frame

from .families import AUTO, controller, name
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




def next_turn(fr: Frame, asked: Callable[[int], bool], order: list[int] | None = None
              ) -> int | None:
    """Whose turn it is in a round the frame walks through (`order`, default its var
    "order"; position var "i"): the first family from position i on that `asked` accepts.
    Those it passes over are skipped for good; None when the round is over."""
    seq = fr.vars["order"] if order is None else order
    i = fr.vars.setdefault("i", 0)
    while i < len(seq):
        if asked(int(seq[i])):
            fr.vars["i"] = i
            return int(seq[i])
        i += 1
    fr.vars["i"] = i
    return None


def take_turn(fr: Frame) -> int:
    """The family whose turn it was; the round moves on to the next position."""
    f = int(fr.vars["order"][fr.vars["i"]])
    fr.vars["i"] += 1
    return f




class FamilyRound(SealedProc[JuntaState]):
    """A kernel sealed round whose members are families: each answers through the seat that
    decides for it (a straw man's leader), its choice shown to that seat alone."""

    def seat_of(self, st: JuntaState, member: int) -> int:
        return controller(st, member)

    def who(self, st: JuntaState, member: int) -> str:
        return name(st, member)

    def private_to(self, st: JuntaState, member: int) -> list[int]:
        seat = controller(st, member)
        return [] if seat == AUTO else [seat]


__all__ = ["FamilyRound", "ask", "ask_amount", "done", "family_of", "next_turn", "option",
           "parts", "take_turn"]
