"""The `coin_np` Suggest policy of Cuba Libre: CL chapter 8's procedure for a player's own
faction (a person's assistant, a timed-out clock, PlayBots). Every CL faction has one
(Government 8.8, Syndicate 8.5, Directorio 8.6, 26July 8.7). docs/decisions/0012.
"""

from __future__ import annotations

from typing import Final

from services.coin.bots.policy import NonPlayerPolicy
from services.coin.bots.seats import np_seat
from services.kernel import rng

from .. import data as D
from .. import words as W
from ..constants import DECEPTION_MIX
from ..state import CLState, Counter
from . import PROCEDURE, pact

POLICY: Final = "coin_np"


def as_non_player(st: CLState, f: int) -> None:
    """CL 8.0: the faction has no seat (its seat code and the Non-player mask)."""
    st.seat_of[f] = np_seat(f)
    st.non_players |= 1 << f


def make() -> NonPlayerPolicy:
    return NonPlayerPolicy(PROCEDURE, W.FACTIONS, lambda f: True, as_non_player,
                           pact.suggest)  # CL 8.6.5, 8.7.6


def conceal(st: CLState, seat: int) -> None:
    """What a seat does not know, redrawn with the bot's PRNG: the deck and Deception."""
    conceal_deck(st)
    conceal_deception(st, seat)


def conceal_deck(st: CLState) -> None:
    """CL 2.1-2.2: a seat knows the played cards, the face-up upcoming card and the deck's
    size; it knows the piles (each of 12 Events, short game 10, with the Propaganda card dealt
    to it) but not their order, nor which Events the short game boxed. Each pile's hidden
    part becomes its unrevealed Propaganda card and Events drawn from the unseen ones, in a
    new order."""
    n = len(st.deck) - (1 if st.deck and st.played else 0)
    size = D.DECK.short_game if st.short_game else D.DECK.standard
    per = size.pile_size + 1
    seen = {*st.played, *st.deck[n:]}
    unseen = [c for c in D.EVENT_CARDS if c not in seen]
    rng.shuffle(st.rng, unseen)
    hidden: list[int] = []
    for start in range(0, n, per):
        slots = st.deck[start:min(start + per, n)]
        pile = [c for c in slots if D.is_propaganda(c)]
        pile += [unseen.pop() for _ in range(len(slots) - len(pile))]
        rng.shuffle(st.rng, pile)
        hidden += pile
    st.deck = hidden + st.deck[n:]


def conceal_deception(st: CLState, seat: int) -> None:
    """CL 7.3 option: other players' unrevealed counters become draws from the counters the
    seat has not seen (the 12, less its own and those revealed)."""
    if not st.deception:
        return
    pool = [k for k, count in enumerate(DECEPTION_MIX) for _ in range(count)]
    for s, held in enumerate(st.deception):
        for c in held:
            if s == seat or c.revealed:
                pool.remove(c.kind)
    rng.shuffle(st.rng, pool)
    st.deception = [held if s == seat else [c if c.revealed else Counter(pool.pop())
                                            for c in held]
                    for s, held in enumerate(st.deception)]
