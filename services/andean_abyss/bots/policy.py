"""The `coin_np` Suggest policy: AA chapter 8's procedure for a player's own faction (a
person's assistant, a timed-out clock, PlayBots), where the rulebook has one: FARC, AUC,
Cartels (8.5-8.7). The Government has no chapter 8 procedure in the first edition; its
decisions, and standing optional ones (transfers, which a Non-player never makes), get
the kernel's random choice. docs/decisions/0011.
"""

from __future__ import annotations

from services.coin.bots.seats import np_seat
from services.kernel import rng
from services.kernel.bots import StateBot, random_choice
from services.kernel.decisions import Choice, Decision

from .. import board as B
from .. import data as D
from .. import words as W
from ..state import AAState
from . import PROCEDURE

POLICY = "coin_np"


def faction_of(st: AAState, d: Decision) -> int:
    """The faction a seat's decision belongs to: the seat's only faction, else the one its
    prompt names ("<Faction>: ...", coin Board.decide)."""
    mine = st.players[d.seat]
    if len(mine) == 1:
        return mine[0]
    return next((f for f in mine if d.prompt.startswith(f"{W.FACTIONS[f]}:")), mine[0])


class CoinNonPlayerPolicy(StateBot):
    """AA 8.0-8.9 for a player's faction: the faction is run as a Non-player in the bot's
    copy of the state (its dry runs of 8.1 rule 4 then decide its own Event steps too), and
    the procedure chooses among the options offered to the seat."""

    def choose_from_state(self, st: AAState, decision: Decision) -> Choice:
        f = faction_of(st, decision)
        if f == B.GOVT or decision.optional:
            return random_choice(decision, st.rng)
        st.seat_of[f] = np_seat(f)
        nd = Decision(decision.id, np_seat(f), decision.kind, decision.prompt,
                      decision.options, decision.amount)
        c = PROCEDURE.choose(st, nd, f)
        return Choice(decision.id, option_id=c.option_id, amount=c.amount)


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
