"""Invariants of a Junta state (raised as RulesBug; checked by the property tests)."""

from __future__ import annotations

from services.kernel.errors import RulesBug

from .constants import NOBODY, Status
from .data import DATA
from .state import JuntaState


def bills(st: JuntaState) -> list[int]:
    """Every bill where it is: the aid deck, cash, Swiss accounts, budget stacks."""
    out = list(st.aid)
    for fam in st.families:
        out += fam.cash + fam.swiss
    if st.budget is not None:
        for stack in st.budget.stacks:
            out += stack
    return out


def cards(st: JuntaState) -> list[int]:
    out = st.deck + st.discard
    for fam in st.families:
        out += fam.hand + fam.face_up
    if st.vote is not None:
        out += st.vote.committed
    return out


def check(st: JuntaState) -> None:
    if sorted(bills(st)) != list(range(len(DATA.bill_values))):
        raise RulesBug("money is not conserved: a bill is missing or in two places")
    if sorted(cards(st)) != list(range(len(DATA.instances))):
        raise RulesBug("political cards are not conserved")
    for o, holder in enumerate(st.offices):
        if holder != NOBODY and st.families[holder].status != Status.ACTIVE:
            raise RulesBug(f"office {DATA.office_ids[o]} held by a family that is not active")
    p = st.offices[0]
    if p != NOBODY and st.families[p].straw:
        raise RulesBug("a straw man is President")
    for fam in st.families:
        if fam.status == Status.DEAD and (fam.hand or fam.face_up or fam.cash):
            raise RulesBug("a dead family still holds cards or cash")
        if fam.transfers > 8:
            raise RulesBug("more transfer actions than JU 43.6 allows")
    if st.turn > 30:
        raise RulesBug("the turn cap was passed")
