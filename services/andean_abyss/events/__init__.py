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


SECOND: dict[tuple[int, str], str] = {}  # second-edition texts (AA-D-03 table option)


def key(card: int, side: str, edition: int = 1) -> str:
    return f"{card}:{side}" + ("" if edition == 1 else f":{edition}")


def event(card: int, side: str, edition: int = 1) -> Callable[[Builder], Builder]:
    """Register a card side (first edition, or the second edition's different text): its
    program is built once, now."""
    def deco(fn: Builder) -> Builder:
        k = key(card, side, edition)
        if k in PROGRAMS:
            raise ValueError(f"card {card} {side} registered twice")
        PROGRAMS[k] = fn()
        (DOCS if edition == 1 else SECOND)[(card, side)] = " ".join((fn.__doc__ or "").split())
        return fn
    return deco


def program_key(card: int, side: str, edition: int) -> str:
    """The program to run: the second edition's where it differs and that option is on."""
    k = key(card, side, edition)
    return k if k in PROGRAMS else key(card, side)


def sides(card: int) -> list[str]:
    return [s for s in (UNSHADED, SHADED) if key(card, s) in PROGRAMS]
