"""The deck (CL 2.1 deck preparation, 2.2 start, 2.3.8 next card and the sudden Propaganda
option, 2.3.9 final Event card, 6.0 Propaganda cards in a row).

The draw deck is a list whose end is the top (coin.state): `deck[-1]` is the upcoming card,
face up for everyone; the rest of its order is hidden. `played[-1]` is the current card; the
played pile keeps the order in which cards were played.
"""

from __future__ import annotations

from services.kernel import rng
from services.kernel.ctx import Ctx

from . import data as D
from .state import CLState


def prepare_deck(st: CLState) -> None:
    """CL 2.1: shuffle the 48 Events; the short game boxes 8 of them unseen; deal 4 equal piles
    (12 each, short game 10, CL-D-15), shuffle 1 Propaganda card into each, stack the piles."""
    events = list(D.EVENT_CARDS)
    rng.shuffle(st.rng, events)
    size = D.DECK.short_game if st.short_game else D.DECK.standard
    events = events[len(events) - size.events_used:]
    deck: list[int] = []
    for i, prop in enumerate(D.PROPAGANDA_CARDS):
        pile = events[size.pile_size * i:size.pile_size * (i + 1)] + [prop]
        rng.shuffle(st.rng, pile)
        deck += pile
    st.deck = deck


def start(ctx: Ctx, st: CLState) -> None:
    """CL 2.2: reveal the top card as the current card; the next one is the upcoming card."""
    st.played.append(st.deck.pop())
    card = st.played[-1]
    ctx.emit("coin.card", f"{D.card_title(card)} is the current card.", {"card": card})
    reveal_upcoming(ctx, st)


def next_card(ctx: Ctx, st: CLState) -> None:
    """CL 2.3.8: the upcoming card becomes the current card (coin.deck tells it) and the next
    one is revealed."""
    st.played.append(st.deck.pop())
    reveal_upcoming(ctx, st)


def reveal_upcoming(ctx: Ctx, st: CLState) -> None:
    """CL 2.2, 2.3.8: the deck's top card is turned face up. Sudden Propaganda option
    (CL-R-20): a revealed Propaganda card is swapped with the Event just played, which goes
    back face up on the deck as the upcoming card."""
    if not st.deck:
        return
    nxt = st.deck[-1]
    ctx.emit("cl.upcoming", f"{D.card_title(nxt)} is the upcoming card.", {"card": nxt})
    card = st.played[-1]
    if st.sudden and D.is_propaganda(nxt) and not D.is_propaganda(card):
        st.played[-1] = st.deck.pop()
        st.deck.append(card)
        ctx.emit("cl.sudden_propaganda", f"Sudden Propaganda: a Propaganda card is played now; "
                 f"{D.card_title(card)} waits on the deck as the upcoming card.",
                 {"card": st.played[-1], "upcoming": card})


def upcoming(st: CLState) -> int | None:
    """The face-up card on top of the deck (CL 2.2): none before the first card is revealed
    (the alternative setup) or once the deck is empty."""
    return st.deck[-1] if st.deck and st.played else None


def propaganda_in_a_row(st: CLState) -> bool:
    """CL 6.0 (CL-R-21): the current Propaganda card follows another with no Event card played
    between them, so it gives no Propaganda Round."""
    return len(st.played) >= 2 and all(D.is_propaganda(c) for c in st.played[-2:])


def final_event_card(st: CLState) -> bool:
    """CL 2.3.9: the current Event card is played while the upcoming card is the final
    Propaganda card; not used with the sudden Propaganda option (CL-R-19)."""
    nxt = upcoming(st)
    return (not st.sudden and nxt is not None and D.is_propaganda(nxt)
            and not D.is_propaganda(st.played[-1]) and st.prop_played == st.final_prop - 1)
