"""Positions for the Non-player tests (CL chapter 8): a solitaire table (the Government a
player, the three Insurgents Non-players, by default) on the standard setup, a card put in
play with the Eligible factions to ask, and the flow run as the rules service runs it
(`GAME.advance`: the Non-players decide, among the options the flow offers)."""

from __future__ import annotations

from services.cuba_libre import GAME, deck, setup
from services.cuba_libre import data as D
from services.cuba_libre.constants import KIND_IDS, Kind
from services.cuba_libre.state import CLState
from services.kernel.events import Event
from tests.coin import np_cards

GOVT, M26, DR, SYNDICATE = 0, 1, 2, 3


def solo(seed: int = 1, seats: int = 1, **options: str) -> CLState:
    """S0 of a table with Non-players, before any card is played (empty stack); the deck's
    top three cards are Events 45, 46, 47."""
    st = setup.new_state(seats, seed, GAME.check_setup(seats, options))
    deck.prepare_deck(st)
    setup.standard_markers(st)
    setup.place_standard_pieces(st)
    st.deck = [45, 46, 47]
    return st


def play(st: CLState, card: int, queue: list[int], done: int = 0, first: str = "") -> \
        list[Event]:
    """Put `card` in play and ask the factions in `queue` (coin.card), Non-players deciding
    until a player must decide or the card is over; the events."""
    return np_cards.play(GAME, st, card, queue, done, first)


np_choices = np_cards.np_choices


def op_spaces(events: list[Event], op: str) -> list[str]:
    return [e.data["space"] for e in events if e.kind == "coin.op_space" and e.data["op"] == op]


def put(st: CLState, space: str, kind: str, n: int = 1) -> None:
    from services.cuba_libre import board as B
    B.PIECES.place(st, D.INDEX[space], KIND_IDS.index(kind), n)


def take(st: CLState, space: str, kind: str, n: int = 1) -> None:
    from services.cuba_libre import board as B
    B.PIECES.remove(st, D.INDEX[space], KIND_IDS.index(kind), n)


def count(st: CLState, space: str, kind: str) -> int:
    from services.cuba_libre import board as B
    return B.n(st, D.INDEX[space], KIND_IDS.index(kind))


def terror_position() -> CLState:
    """The Syndicate's Terror box (8.5.4): a Syndicate Guerrilla at every Casino (no Rally),
    no empty EC (no March), no Casino left to build (no Construct)."""
    st = solo()
    for s in ("pinar_del_rio", "la_habana", "havana"):
        put(st, s, "syndicate_underground")
    for ec in ("ec_west", "ec_central", "ec_east"):
        put(st, ec, "troops")
    st.cash = [D.INDEX["la_habana"] * 13 + Kind.SYND_U, D.INDEX["havana"] * 13 + Kind.SYND_U,
               D.INDEX["pinar_del_rio"] * 13 + Kind.SYND_U, -1]
    st.avail[Kind.CASINO_OPEN] = 0
    return st
