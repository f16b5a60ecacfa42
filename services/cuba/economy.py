"""Moving tokens, pesos and VP: the only code that changes counts (CU 0.2-0.3, CU 2.1).

Every token moves between the general supply and one other place, and every
peso between a player and the bank, so totals are conserved by construction
(checked in `invariants.py`).
"""

from __future__ import annotations

from services.kernel.errors import RulesBug

from .constants import CROPS
from .state import CubaState, Player


def held(p: Player, item: int) -> int:
    """CU 0.3: yard and storage both count for any payment or loading."""
    return p.yard[item] + p.storage[item]


def gain(st: CubaState, seat: int, item: int, n: int = 1) -> int:
    """CU 2.1: take up to n units from the supply into the yard; returns how many came."""
    got = min(n, st.supply[item])
    st.supply[item] -= got
    st.players[seat].yard[item] += got
    return got


def spend(st: CubaState, seat: int, item: int, n: int = 1) -> None:
    """Give n units back to the supply, yard first, then storage (CU 0.3)."""
    p = st.players[seat]
    take = _take(p, item, n)
    st.supply[item] += take


def _take(p: Player, item: int, n: int) -> int:
    if p.yard[item] + p.storage[item] < n:
        raise RulesBug(f"spending {n} of item {item} that is not held")
    from_yard = min(n, p.yard[item])
    p.yard[item] -= from_yard
    p.storage[item] -= n - from_yard
    return n


def remove_held(p: Player, item: int, n: int = 1) -> None:
    """Take units from a player to somewhere other than the supply (market, ship)."""
    _take(p, item, n)


def store_crops(p: Player) -> int:
    """CU 5.B.4 warehouse: move all yard crops into storage; returns the units moved."""
    moved = 0
    for c in CROPS:
        moved += p.yard[c]
        p.storage[c] += p.yard[c]
        p.yard[c] = 0
    return moved


def pay(st: CubaState, seat: int, pesos: int) -> None:
    """A player pays the bank."""
    p = st.players[seat]
    if pesos < 0 or p.money < pesos:
        raise RulesBug(f"seat {seat} cannot pay {pesos}")
    p.money -= pesos
    st.bank += pesos


def receive(st: CubaState, seat: int, pesos: int) -> None:
    """The bank pays a player (CU-G-21: the bank never runs out)."""
    st.players[seat].money += pesos
    st.bank -= pesos


def score(st: CubaState, seat: int, vp: int) -> None:
    """CU 0.7: VP are scored at once; they never go down."""
    if vp < 0:
        raise RulesBug("negative VP")
    st.players[seat].vp += vp
