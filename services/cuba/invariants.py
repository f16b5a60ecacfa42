"""State invariants checked by tests and playouts (Game.check_invariants)."""

from __future__ import annotations

from services.kernel.errors import RulesBug

from .constants import CARGO, CROPS, LAPS, N_FIELDS, N_ITEMS, NO_BUILDING, NO_CARD, NO_SHIP
from .data import DATA
from .harbor import SHIP_SLOTS
from .state import CubaState


def check(st: CubaState) -> None:
    check_tokens(st)
    check_money(st)
    check_places(st)
    check_cards(st)


def token_total(st: CubaState, item: int) -> int:
    """Supply + market + yards + storages + ships: every place a token can be."""
    total = st.supply[item] + sum(p.yard[item] + p.storage[item] for p in st.players)
    if item in CARGO:
        total += st.market[item] + sum(load[item] for load in st.loads)
    return total


def check_tokens(st: CubaState) -> None:
    for item in range(N_ITEMS):
        if token_total(st, item) != DATA.components[item]:
            raise RulesBug(f"token count of item {item} is not conserved")
        counts = [st.supply[item]] + [p.yard[item] for p in st.players] + \
            [p.storage[item] for p in st.players]
        if min(counts) < 0:
            raise RulesBug(f"negative count of item {item}")
        if item not in CROPS and any(p.storage[item] for p in st.players):
            raise RulesBug("only crops are ever stored")
    for item in CARGO:
        if not 0 <= st.market[item] <= DATA.market[item].capacity:
            raise RulesBug("market row out of bounds")


def check_money(st: CubaState) -> None:
    if st.bank + sum(p.money for p in st.players) != DATA.total_pesos:
        raise RulesBug("money is not conserved between players and bank")
    if any(p.money < 0 or p.vp < 0 for p in st.players):
        raise RulesBug("negative money or VP")


def check_places(st: CubaState) -> None:
    ships = [s for s in st.harbor if s != NO_SHIP] + st.ship_deck
    if sorted(ships) != list(range(len(DATA.ships))):
        raise RulesBug("every ship card is in the harbour or the deck exactly once")
    for ship, load in enumerate(st.loads):
        if any(load[i] > DATA.ships[ship].slots[i] for i in range(len(CARGO))):
            raise RulesBug("a ship holds cargo in slots it does not have")
        total = sum(load)
        if total > SHIP_SLOTS or (total > 0 and ship not in st.harbor):
            raise RulesBug("cargo on a ship card that is not in the harbour")
    built = [b for p in st.players for b in p.buildings if b != NO_BUILDING]
    if len(built) != len(set(built)):
        raise RulesBug("a building tile is built twice")
    for p in st.players:
        if not 0 <= p.worker < N_FIELDS:
            raise RulesBug("worker off the farm")


def check_cards(st: CubaState) -> None:
    for p in st.players:
        cards = p.hand + p.played + ([] if p.parliament_card == NO_CARD else [p.parliament_card])
        if len(cards) != len(set(cards)) or len(p.played) > LAPS:
            raise RulesBug("character cards duplicated or too many played")
