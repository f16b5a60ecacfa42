"""JU 47 political cards 37-48 (`politics_cards.json` order); docstrings are the card texts."""

from __future__ import annotations

from services.kernel.ctx import Ctx

from ..budget import alternative_budget
from ..rollcall import end_after_round1, restart
from ..state import JuntaState
from . import effects
from .registry import Play, card


@card(37)
def evt_summer_recess(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Play after round 1 of a roll call: no round 2; the result is decided on round-1 totals."""
    end_after_round1(ctx, st)


@card(38)
def evt_recount(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Play after round 2 totals of a roll call: every Vote card committed in it is discarded, all
    commitments are cleared and the roll call starts again at round 1."""
    restart(ctx, st)


@card(39)
def evt_demand_for_reform(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Requires Christian Democrats face up. Until the end of the turn you commit, in every roll
    call, all other players' face-up influence cards printed with 5 votes or fewer; they
    count for the option you choose."""
    effects.demand_for_reform(ctx, st, p)


@card(40)
def evt_church_looted(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Requires The Church face up. Until the end of the turn you may commit 5 extra votes in every
    roll call."""
    effects.church_looted(ctx, st, p)


@card(41)
def evt_no_confidence(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Phase 2, before offices are assigned: hold a roll call on removing the President. It passes
    if yes votes are at least two thirds of all votes committed (and at least 1). If it
    passes the President is removed and a new President is elected at once."""
    effects.incompetence_motion(ctx, st, p)


@card(42)
def evt_alternative_budget(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Play when the budget is rejected, before the Minister decides to force it: the President
    gives you all aid bills of this turn except one of his choice; you propose a new budget
    for them (you may add your own cash), which is voted on. Passed or forced: distribute
    it. Otherwise you keep the bills."""
    alternative_budget(ctx, st, p.fam)


@card(43)
def evt_spy_in_switzerland(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Requires University Faculty face up. Look secretly at the total of one player's Swiss
    account."""
    effects.spy(ctx, st, p)


@card(44)
def evt_student_petition(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """No effect. Discard it when you like."""
    # JU 47: no effect.


@card(45)
def evt_coalition_breakup(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Name a player with face-up influence: he discards one of his face-up influence cards of his
    choice."""
    effects.coalition_breakup(ctx, st, p)


@card(46)
def evt_bank_holiday(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Requires Bankers face up. Play in Phases 1-6: the bank is closed for the whole turn (no
    banking in Phase 7 nor after a lunch break)."""
    effects.bank_holiday(ctx, st, p)


@card(47)
def evt_un_condemnation(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Play before the coup phase: there is a coup excuse this turn."""
    effects.coup_excuse(ctx, st, p)


@card(48)
def evt_carnival(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Play before the coup phase: there is a coup excuse this turn."""
    effects.coup_excuse(ctx, st, p)
