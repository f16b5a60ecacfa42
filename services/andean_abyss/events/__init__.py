"""AA 5 Events: the registry of card sides (one function per side, by card number).

`register(card, side)` records a side's implementation; the sequence of play
offers an Event only for sides registered here, so a card whose text is not
implemented is never offered as an Event (it is never silently a no-op). A side
function pushes the steps of its text onto the flow stack.
"""

from __future__ import annotations

from collections.abc import Callable

from ..state import AAState

UNSHADED, SHADED = "unshaded", "shaded"
SideFn = Callable[[AAState, int], None]
EVENTS: dict[tuple[int, str], SideFn] = {}


def register(card: int, side: str) -> Callable[[SideFn], SideFn]:
    def deco(fn: SideFn) -> SideFn:
        if (card, side) in EVENTS:
            raise ValueError(f"card {card} {side} registered twice")
        EVENTS[(card, side)] = fn
        return fn
    return deco


def sides(card: int) -> list[str]:
    return [s for s in (UNSHADED, SHADED) if (card, s) in EVENTS]
