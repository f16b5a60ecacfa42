"""JU 47 political cards 1-12 (`politics_cards.json` order); docstrings are the card texts."""

from __future__ import annotations

from services.kernel.ctx import Ctx

from ..state import JuntaState
from . import effects
from .registry import Play, card


@card(1)
def secret_contribution(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Discard to take the top bill of the foreign aid deck into your hand (cash on hand)."""
    effects.take_aid_bill(ctx, st, p)


@card(2)
def inf_church(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 10 votes in every roll call in which you
    commit it."""
    effects.influence(ctx, st, p)


@card(3)
def inf_conservatives(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 8 votes in every roll call in which you
    commit it."""
    effects.influence(ctx, st, p)


@card(4)
def inf_bankers(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 7 votes in every roll call in which you
    commit it. Once per turn you may reduce the cost of one assassin or bribe card you play
    by 1 million (no bill moves)."""
    effects.influence(ctx, st, p)


@card(5)
def inf_unions(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 5 votes in every roll call in which you
    commit it."""
    effects.influence(ctx, st, p)


@card(6)
def inf_socialists(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 5 votes in every roll call in which you
    commit it. Worth 10 instead while you also have inf_unions face up."""
    effects.influence(ctx, st, p)


@card(7)
def inf_christian_democrats(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 5 votes in every roll call in which you
    commit it. Worth 10 instead while you also have inf_church face up."""
    effects.influence(ctx, st, p)


@card(8)
def inf_peasants(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 3 votes in every roll call in which you
    commit it."""
    effects.influence(ctx, st, p)


@card(9)
def inf_students(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 3 votes in every roll call in which you
    commit it."""
    effects.influence(ctx, st, p)


@card(10)
def inf_radicals(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 3 votes in every roll call in which you
    commit it."""
    effects.influence(ctx, st, p)


@card(11)
def inf_academia(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 3 votes in every roll call in which you
    commit it. Worth 6 instead while you also have inf_students face up."""
    effects.influence(ctx, st, p)


@card(12)
def inf_monarchists(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Place face up; counts toward your hand limit; gives 3 votes in every roll call in which you
    commit it. Once per turn you may reduce the cost of one assassin or bribe card you play
    by 1 million (no bill moves)."""
    effects.influence(ctx, st, p)
