"""Event-card test tables (events A): a constructed position with a chosen card current and one
faction to act on it, driven through the kernel's public entry point `engine.act` on encoded
states, exactly as the rules service drives the game; every choice is checked against the
options offered (engine.act refuses any other)."""

from __future__ import annotations

from collections.abc import Callable

from services.coin.sequence import eligible_queue
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.game import FLOW
from services.cuba_libre.sequence import RULES
from services.cuba_libre.state import CLState
from services.kernel.ctx import Ctx
from services.kernel.decisions import Decision

from . import helpers
from .helpers import GOVT, M26, SYNDICATE, S, count, kind, put, take

__all__ = ["B", "D", "GOVT", "M26", "SYNDICATE", "S", "count", "kind", "put", "take"]


class Table(helpers.Table):
    """helpers.Table (engine.act on encoded states) with the words these tests use."""

    def pending(self) -> Decision:
        d = self.decision()
        assert d is not None, "nothing waits"
        return d

    def offered(self) -> list[str]:
        return self.options()

    def labels(self) -> dict[str, str]:
        return {o.id: o.label for o in self.pending().options}

    def choose(self, option_id: str) -> None:
        self.play(option_id)

    def at_card(self) -> bool:
        """Whether the game waits on the next card's 1st Eligible (the Event is over)."""
        return self.pending().kind == "coin.eligible"


def card_table(card: int, faction: int, prepare: Callable[[CLState], None] | None = None,
               seed: int = 1, eligible: list[bool] | None = None) -> Table:
    """The standard setup (4 seats), the board changed by `prepare`, with `card` current and
    `faction` its only Eligible faction to act (at its 1st Eligible decision); with
    `eligible`, those factions are Eligible and asked in the card's order (`faction` first)."""
    st = helpers.game(seed=seed)
    if prepare is not None:
        prepare(st)
    first = st.played[-1]
    if card != first:
        if card in st.deck:
            st.deck[st.deck.index(card)] = first
        st.played[-1] = card
    st.eligible = list(eligible) if eligible else [True] * 4
    fr = next(f for f in st.stack if f.proc == "coin.card")
    queue = [f for f in eligible_queue(RULES, st, card) if eligible or f == faction]
    fr.vars.update(queue=queue, done=0, first="", ph="pick")
    fr.vars.pop("cur", None)
    FLOW.advance(Ctx(), st)
    t = Table(st)
    assert t.pending().kind == "coin.eligible" and t.pending().seat == st.seat_of[faction]
    return t


def event(card: int, faction: int, side: str,
          prepare: Callable[[CLState], None] | None = None, seed: int = 1) -> Table:
    """`card_table`, then `faction` executes the Event's `side`."""
    t = card_table(card, faction, prepare, seed)
    t.choose(f"event:{side}")
    return t
