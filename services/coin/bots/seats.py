"""8.0 Which factions are Non-players, and how the state marks them.

A Non-player faction has no seat: `seat_of[f]` holds `np_seat(f)` (negative), so every
decision the flow addresses to it is recognised as the Non-player's own and is never
offered to a seat.
"""

from __future__ import annotations

from services.coin.state import CoinState


def np_seat(faction: int) -> int:
    """The seat code of a Non-player faction (negative: no seat at the table)."""
    return -1 - faction


def is_np_seat(seat: int) -> bool:
    return seat < 0


def np_faction(seat: int) -> int:
    """The Non-player faction a negative seat code stands for."""
    return -1 - seat


def non_players(st: CoinState) -> list[int]:
    """The Non-player factions of this table, in faction order."""
    return [f for f, seat in enumerate(st.seat_of) if is_np_seat(seat)]


def is_np(st: CoinState, faction: int) -> bool:
    return is_np_seat(st.seat_of[faction])
