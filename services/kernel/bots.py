"""Bots choose among the options offered; they never touch the state.

`bot_rng(seed, decision_id)` makes a suggestion reproducible without advancing
the game's own PRNG.
"""

from __future__ import annotations

from typing import Any, Protocol

from . import rng as prng
from .decisions import Choice, Decision
from .rng import RngState


class Bot(Protocol):
    def choose(self, view: Any, decision: Decision, r: RngState) -> Choice:
        """A choice for `decision`, from the seat's own view only."""
        ...


def bot_rng(seed: int, decision_id: str, salt: str = "") -> RngState:
    return prng.from_text(f"{seed}:{decision_id}:{salt}")


def random_choice(decision: Decision, r: RngState) -> Choice:
    """Uniformly random among the offered options, or an amount uniform in range."""
    if decision.options:
        return Choice(decision.id, option_id=prng.choice(r, decision.options).id)
    if decision.amount is None:
        raise ValueError(f"decision {decision.id} offers nothing")
    return Choice(decision.id, amount=prng.randint(r, decision.amount.min, decision.amount.max))


class RandomBot:
    """The kernel's uniformly-random legal bot."""

    def choose(self, view: Any, decision: Decision, r: RngState) -> Choice:
        return random_choice(decision, r)
