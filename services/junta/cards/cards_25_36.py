"""JU 47 political cards 25-36 (`politics_cards.json` order); docstrings are the card texts."""

from __future__ import annotations

from services.kernel.ctx import Ctx

from ..assassination import extra_police_attempt
from ..rollcall import end_after_round1
from ..state import JuntaState
from . import effects
from .registry import Play, card


@card(25)
def asn_foreign(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Pay 1. As Professional Assassin. May not be played by the President or the Minister of the
    Interior."""
    effects.attempt(ctx, st, p)


@card(26)
def asn_psychotic(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Name a victim and a location. At resolution roll a die: 1-3 the attempt is made (victim dies
    if at that location); 4-5 nothing happens; 6 roll again: 4-6 the assassin kills you
    instead, 1-3 nothing happens."""
    effects.attempt(ctx, st, p)


@card(27)
def asn_burglars(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Name a player (no location). If he is not at Home, he must pay you 2 million from his cash
    on hand."""
    effects.attempt(ctx, st, p)


@card(28)
def asn_monarchist(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Requires Monarchists face up. Either make an attempt as a Professional Assassin, or play it
    to cancel one attempt declared against you."""
    effects.attempt_or_protection(ctx, st, p)


@card(29)
def brb_assassin(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Pay 2 when an attempt is declared against you: that attempt is cancelled."""
    effects.protection(ctx, st, p)


@card(30)
def brb_secret_police_bonus(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Minister of the Interior only. Pay 2: make one more secret police attempt this turn (same
    rules as the free one)."""
    extra_police_attempt(st)


@card(31)
def brb_police(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """During your coup movement turn, name one area. For each listed unit there you try to bribe,
    pay 1 and roll a die: 4-6 you control that unit until the coup ends."""
    effects.bribe_units(ctx, st, p)


@card(32)
def brb_1st_brigade(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """During your coup movement turn, name one area. For each listed unit there you try to bribe,
    pay 1 and roll a die: 4-6 you control that unit until the coup ends."""
    effects.bribe_units(ctx, st, p)


@card(33)
def brb_2nd_brigade(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """During your coup movement turn, name one area. For each listed unit there you try to bribe,
    pay 1 and roll a die: 4-6 you control that unit until the coup ends."""
    effects.bribe_units(ctx, st, p)


@card(34)
def brb_3rd_brigade(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """During your coup movement turn, name one area. For each listed unit there you try to bribe,
    pay 1 and roll a die: 4-6 you control that unit until the coup ends."""
    effects.bribe_units(ctx, st, p)


@card(35)
def brb_agitators(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """During your coup movement turn, name one area. For each listed unit there you try to bribe,
    pay 1 and roll a die: 4-6 you control that unit until the coup ends."""
    effects.bribe_units(ctx, st, p)


@card(36)
def evt_power_failure(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Play after round 1 of a roll call: no round 2; the result is decided on round-1 totals."""
    end_after_round1(ctx, st)
