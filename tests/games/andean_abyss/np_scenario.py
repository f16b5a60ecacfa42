"""Positions for the Non-player tests (AA chapter 8): a solo table (Government player, the
three Insurgents Non-players) on the standard setup, a card put in play with the Eligible
factions to ask, and the flow run as the rules service runs it (Non-players deciding)."""

from __future__ import annotations

from services.andean_abyss import GAME
from services.andean_abyss import setup as aa_setup
from services.andean_abyss.state import AAState
from services.kernel import codec, engine
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice
from services.kernel.events import Event
from services.kernel.flow import push
from services.kernel.state import Frame
from tests.coin import np_cards
from tests.games.andean_abyss.scenario import S, put, take


def solo(seed: int = 1, seats: int = 1, **options: str) -> AAState:
    """S0 of a table with Non-players, before any card is played (empty stack)."""
    st = GAME.new_state(seats, GAME.check_setup(seats, options), seed)
    aa_setup.prepare_deck(st)
    aa_setup.standard_deployment(st)
    return st


def play(st: AAState, card: int, queue: list[int], done: int = 0, first: str = "") -> \
        list[Event]:
    """Put `card` in play and ask the factions in `queue` (coin.card), Non-players deciding
    until a player must decide or the card is over; the events."""
    return np_cards.play(GAME, st, card, queue, done, first)


np_choices = np_cards.np_choices


def op_spaces(events: list[Event], op: str) -> list[str]:
    return [e.data["space"] for e in events if e.kind == "coin.op_space" and e.data["op"] == op]


def event_through_act(st: AAState, card: int, faction: int) -> tuple[AAState, list[Event]]:
    """`card` in play with the Government 1st Eligible and `faction` (a Non-player) next: the
    Government player's Pass (engine.act) leaves the Non-player 1st Eligible (AA 2.3.3), and
    the rules service runs its choices; the state after and the events."""
    st.played.append(card)
    push(st, "coin.card", queue=[0, faction], done=0, first="", ph="pick")
    GAME.advance(Ctx(), st)
    d = next(d for d in GAME.decisions(st) if not d.optional)
    assert d.seat == 0 and "pass" in d.option_ids()
    step = engine.act(GAME, codec.encode(st), 0, Choice(d.id, option_id="pass"))
    return codec.decode(step.state, AAState), step.events


def np_steps(events: list[Event], *kinds: str) -> list[str]:
    """The Non-player's choices of the given decision kinds, in order."""
    return [e.data["option"] for e in events
            if e.kind == "coin.np_choice" and (not kinds or e.data["kind"] in kinds)]


def tv_r_54_march(st: AAState) -> list[Frame]:
    """TV-R-54: 6 FARC Guerrillas (4 Underground, 2 Active) in antioquia at Active
    Opposition, marching into cesar at Passive Support: the March frames to put on a stack."""
    st.support[S["antioquia"]] = -2
    take(st, "antioquia", "auc_base")
    take(st, "antioquia", "auc_underground")
    put(st, "antioquia", "farc_underground", 4)
    put(st, "antioquia", "farc_active", 2)
    st.support[S["cesar"]] = 1
    return [Frame("coin.op", {"f": 1, "op": "march", "spaces": [S["cesar"]],
                              "arrived": [0] * len(st.support)}),
            Frame("aa.march_into", {"s": S["cesar"], "f": 1, "o": S["antioquia"]})]
