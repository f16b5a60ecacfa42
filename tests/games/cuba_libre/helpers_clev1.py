"""Event-card test tables (events A): a constructed position with a chosen card current and one
faction to act on it, driven through the kernel's public entry point `engine.act` on encoded
states, exactly as the rules service drives the game; every choice is checked against the
options offered (engine.act refuses any other)."""

from __future__ import annotations

from collections.abc import Callable

from services.coin.sequence import eligible_queue
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.game import FLOW, CubaLibre
from services.cuba_libre.sequence import RULES
from services.cuba_libre.state import CLState
from services.kernel import codec, engine
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.events import Event

from .helpers import GOVT, M26, SYNDICATE, S, count, kind, put, take

GAME = CubaLibre()
__all__ = ["B", "D", "GOVT", "M26", "SYNDICATE", "S", "count", "kind", "put", "take"]


def clear(st: CLState, space: str) -> None:
    """Take every piece off a space (back to Available)."""
    s = S[space]
    for k in range(B.PIECES.n):
        n = B.n(st, s, k)
        if n:
            B.PIECES.remove(st, s, k, n)


class Table:
    """An encoded state and the events of the last choices."""

    def __init__(self, st: CLState) -> None:
        self.data = codec.encode(st)
        self.events: list[Event] = []

    @property
    def st(self) -> CLState:
        return codec.decode(self.data, CLState)

    def pending(self) -> Decision:
        ds = [d for d in GAME.decisions(self.st) if not d.optional]
        assert len(ds) == 1, ds
        return ds[0]

    def offered(self) -> list[str]:
        return self.pending().option_ids()

    def labels(self) -> dict[str, str]:
        return {o.id: o.label for o in self.pending().options}

    def choose(self, option_id: str) -> None:
        d = self.pending()
        step = engine.act(GAME, self.data, d.seat, Choice(d.id, option_id))
        self.data = step.state
        self.events += step.events

    def play(self, *option_ids: str) -> None:
        for o in option_ids:
            self.choose(o)

    def at_card(self) -> bool:
        """Whether the game waits on the next card's 1st Eligible (the Event is over)."""
        return self.pending().kind == "coin.eligible"


def card_table(card: int, faction: int, prepare: Callable[[CLState], None] | None = None,
               seed: int = 1, eligible: list[bool] | None = None) -> Table:
    """The standard setup (4 seats), the board changed by `prepare`, with `card` current and
    `faction` its only Eligible faction to act (at its 1st Eligible decision); with
    `eligible`, those factions are Eligible and asked in the card's order (`faction` first)."""
    st = codec.decode(engine.setup(GAME, 4, {}, seed).state, CLState)
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
