"""JU 47 political cards 13-24 (`politics_cards.json` order); docstrings are the card texts."""

from __future__ import annotations

from services.kernel.ctx import Ctx

from ..state import JuntaState
from . import effects
from .registry import Play, card


@card(13)
def inf_electoral_fraud(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up. Gives no votes itself; every Vote card you commit in a roll call counts 1
    vote more."""
    effects.influence(ctx, st, p)


@card(14)
def vote_political_refugees(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Commit in a roll call for 2 votes; discarded when the roll call ends."""
    effects.vote(ctx, st, p)


@card(15)
def vote_black_marketeers(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Commit in a roll call for 3 votes; discarded when the roll call ends."""
    effects.vote(ctx, st, p)


@card(16)
def vote_anarcho_syndicalists(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Commit in a roll call for 2 votes; discarded when the roll call ends."""
    effects.vote(ctx, st, p)


@card(17)
def vote_peasants(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Commit in a roll call for 2 votes; discarded when the roll call ends."""
    effects.vote(ctx, st, p)


@card(18)
def vote_graveyard_voters(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Commit in a roll call for 3 votes; discarded when the roll call ends."""
    effects.vote(ctx, st, p)


@card(19)
def vote_middle_class(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Commit in a roll call for 3 votes; discarded when the roll call ends."""
    effects.vote(ctx, st, p)


@card(20)
def vote_marxist_leninists(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Commit in a roll call for 2 votes; discarded when the roll call ends."""
    effects.vote(ctx, st, p)


@card(21)
def vote_repeat_voters(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Commit in a roll call for 2 votes; discarded when the roll call ends."""
    effects.vote(ctx, st, p)


@card(22)
def vote_retired_generals(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Commit in a roll call for 3 votes; discarded when the roll call ends."""
    effects.vote(ctx, st, p)


@card(23)
def asn_professional(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Pay 2. Name a victim and a location; the victim dies if he is at that location."""
    effects.attempt(ctx, st, p)


@card(24)
def asn_amateur(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Pay 1. Name a victim and a location; if he is there, roll a die: 4-6 he dies, 1-3 no
    effect."""
    effects.attempt(ctx, st, p)
