"""AA 5 Events: the registry of card sides (one program per side, by card number).

`@event(card, side)` registers a function whose docstring is the side's text in
cards.json (a test checks they match) and which returns the side's program of steps
(coin.effects). The sequence of play offers an Event only for registered sides, so a card
whose text is not implemented is never offered as an Event (never a silent no-op).
"""

from __future__ import annotations

from collections.abc import Callable

from services.coin.effects import Program

UNSHADED, SHADED = "unshaded", "shaded"
PROGRAMS: dict[str, Program] = {}
DOCS: dict[tuple[int, str], str] = {}
Builder = Callable[[], Program]


def key(card: int, side: str) -> str:
    return f"{card}:{side}"


def event(card: int, side: str) -> Callable[[Builder], Builder]:
    """Register a card side: its program is built once, now."""
    def deco(fn: Builder) -> Builder:
        k = key(card, side)
        if k in PROGRAMS:
            raise ValueError(f"card {card} {side} registered twice")
        PROGRAMS[k] = fn()
        DOCS[(card, side)] = " ".join((fn.__doc__ or "").split())
        return fn
    return deco


def sides(card: int) -> list[str]:
    return [s for s in (UNSHADED, SHADED) if key(card, s) in PROGRAMS]
