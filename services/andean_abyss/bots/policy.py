"""The `coin_np` Suggest policy: AA chapter 8's procedure for a player's own faction (a
person's assistant, a timed-out clock, PlayBots), where the rulebook has one: FARC, AUC,
Cartels (8.5-8.7). The Government has no chapter 8 procedure in the first edition; its
decisions, and standing optional ones (transfers, which a Non-player never makes), get
the kernel's random choice. docs/decisions/0012.
"""

from __future__ import annotations

from typing import Final

from services.coin.bots.policy import NonPlayerPolicy
from services.coin.bots.seats import np_seat
from services.kernel import rng

from .. import board as B
from .. import data as D
from .. import words as W
from ..state import AAState
from . import PROCEDURE

POLICY: Final = "coin_np"


def as_non_player(st: AAState, f: int) -> None:
    """AA 8.0: the faction has no seat (its seat code), so its dry runs of 8.1 rule 4
    decide its own Event steps too."""
    st.seat_of[f] = np_seat(f)


def make() -> NonPlayerPolicy:
    """FARC, AUC and Cartels by their procedures; the Government at random (no chapter 8)."""
    return NonPlayerPolicy(PROCEDURE, W.FACTIONS, lambda f: f != B.GOVT, as_non_player)


def conceal(st: AAState, seat: int) -> None:
    """AA 2.2: a seat knows the played cards, the upcoming card (unless hidden, option
    AA 2.2) and the deck's size, not which cards lie below nor the 12 set aside: the copy's
    deck below the upcoming card becomes cards drawn from the unseen ones by the bot's PRNG
    (every unplayed Propaganda card among them)."""
    keep = 0 if st.hidden_next or not st.deck else 1
    shown = st.deck[len(st.deck) - keep:]
    unseen = [c for c in (*D.EVENT_CARDS, *D.PROPAGANDA_CARDS)
              if c not in st.played and c not in shown]
    props = [c for c in unseen if c in D.PROPAGANDA_CARDS]
    events = [c for c in unseen if c not in D.PROPAGANDA_CARDS]
    rng.shuffle(st.rng, events)
    hidden = (props + events)[:len(st.deck) - keep]
    rng.shuffle(st.rng, hidden)
    st.deck = hidden + shown
