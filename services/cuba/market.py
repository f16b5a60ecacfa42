"""The market (CU 5.B.2, CU 5.D.4, market.json).

A row is a count n: its tokens lie on the n most expensive spaces
`prices[0..n-1]` [CU-G-05, CU-G-06].
"""

from __future__ import annotations

from .constants import CROPS
from .data import DATA
from .economy import gain, pay, receive, remove_held
from .state import CubaState


def buy_price(st: CubaState, item: int) -> int:
    """CU 5.B.2: the cheapest occupied space, or the supply price when the row is empty."""
    row = DATA.market[item]
    n = st.market[item]
    return row.prices[n - 1] if n > 0 else row.buy_when_empty


def sell_price(st: CubaState, item: int) -> int:
    """CU 5.B.2: the most expensive empty space, or the supply price when the row is full."""
    row = DATA.market[item]
    n = st.market[item]
    return row.prices[n] if n < row.capacity else row.sell_when_full


def row_full(st: CubaState, item: int) -> bool:
    """CU 5.B.2: a full row: a sale goes to the supply at its fixed price."""
    return st.market[item] >= DATA.market[item].capacity


def can_buy(st: CubaState, seat: int, item: int) -> bool:
    available = st.market[item] > 0 or st.supply[item] > 0
    return available and st.players[seat].money >= buy_price(st, item)


def buy(st: CubaState, seat: int, item: int) -> int:
    """CU 5.B.2 buy one unit; returns the price paid."""
    price = buy_price(st, item)
    pay(st, seat, price)
    if st.market[item] > 0:
        st.market[item] -= 1
        st.players[seat].yard[item] += 1
    else:
        gain(st, seat, item)
    return price


def sell(st: CubaState, seat: int, item: int) -> int:
    """CU 5.B.2 sell one unit from yard or storage; returns the price received."""
    price = sell_price(st, item)
    remove_held(st.players[seat], item)
    if st.market[item] < DATA.market[item].capacity:
        st.market[item] += 1
    else:
        st.supply[item] += 1
    receive(st, seat, price)
    return price


def cheapest_crops(st: CubaState) -> list[int]:
    """CU 5.B.2 special use [CU-G-12]: among the crops the supply has, those with the
    minimum buy cost (a cheaper crop the supply lacks does not block the others)."""
    have = [c for c in CROPS if st.supply[c] > 0]
    low = min((buy_price(st, c) for c in have), default=0)
    return [c for c in have if buy_price(st, c) == low]


def adjust_market(st: CubaState, items: tuple[int, ...], delta: int) -> dict[int, int]:
    """CU 5.D.4 [CU-G-07]: shortage removes up to |delta| per crop from the cheap end to the
    supply; surplus adds up to delta per crop from the supply. Returns the change per crop."""
    change = {}
    for item in items:
        n = st.market[item]
        if delta < 0:
            k = -min(-delta, n)
        else:
            k = min(delta, DATA.market[item].capacity - n, st.supply[item])
        st.market[item] += k
        st.supply[item] -= k
        change[item] = k
    return change
