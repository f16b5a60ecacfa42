"""Bots choose among the options offered; they never touch the state.

`bot_rng(bot_seed, decision_id)` makes a suggestion reproducible without advancing
the game's own PRNG. The bot seed is not the game's seed (the gateway keeps a
separate secret one per table), so a bot's choices reveal nothing about the deck
order or dice that the game's seed decides (DESIGN §2).

A `Bot` decides from the seat's view. A `StateBot` runs a procedure the rulebook writes
on the game's own data (the COIN Non-player chapters: public information and dice): it
gets a private copy of the state whose PRNG is the bot's and whose secrets the game has
concealed (`Game.conceal`), never the table's state (docs/decisions/0012).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol

from mypy_extensions import mypyc_attr

from . import rng as prng
from .decisions import Choice, Decision
from .rng import RngState


class Bot(Protocol):
    def choose(self, view: Any, decision: Decision, r: RngState) -> Choice:
        """A choice for `decision`, from the seat's own view only."""
        ...


def bot_rng(bot_seed: int, decision_id: str, salt: str = "") -> RngState:
    """The bot's PRNG for one decision, from its own seed (never the game's)."""
    return prng.from_text(f"{bot_seed}:{decision_id}:{salt}")


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


@mypyc_attr(allow_interpreted_subclasses=True)
class StateBot(ABC):
    """A policy that decides from a private copy of the state (see the module doc)."""

    @abstractmethod
    def choose_from_state(self, st: Any, decision: Decision) -> Choice:
        """A choice for `decision` (one of its options, or an amount in range). `st` is the
        bot's own copy: its PRNG (`st.rng`) is the bot's, what the seat may not know is
        concealed, and the bot may change it freely (dry runs)."""

    def first_decision(self, st: Any, seat: int, decisions: list[Decision]) -> Decision | None:
        """Which of the seat's pending `decisions` a bot playing the seat answers first when
        no decision is named (`suggest` without one; `play_bots` for the seat whose required
        decision comes first) or before a person's timed-out one (`play_bots`' first
        decision), or None for the kernel's rule: its first required one (the named one).
        `st` is a copy as `choose_from_state` gets (the bot's PRNG, the seat's unknowns
        concealed)."""
        return None
