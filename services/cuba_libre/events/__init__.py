"""CL 5 Events: the registry of card sides (one program per side, by card number).

`@register(card, side)` registers a function whose docstring is the side's text in
cards.json (`effect`; a test checks they match) and which returns the side's program of steps
(coin.effects), built once at import. A single-sided card registers UNSHADED (cards.json
keeps its one text there). The sequence of play offers an Event only for registered sides, so
a card whose text is not implemented is never offered as an Event (never a silent no-op).

Procs an event needs beyond the `coin.effect` steps (its own decisions) are added to `PROCS`
with `register_procs`; the game's flow takes them all. The four card files are imported at the
end, once the registry exists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.coin.effects import Program
from services.kernel.flow import Proc

from ..constants import SIDES

UNSHADED, SHADED = SIDES
PROGRAMS: dict[str, Program] = {}
DOCS: dict[tuple[int, str], str] = {}
PROCS: list[Proc[Any]] = []
Builder = Callable[[], Program]


def key(card: int, side: str) -> str:
    return f"{card}:{side}"


def register(card: int, side: str) -> Callable[[Builder], Builder]:
    """Register a card side: its program is built once, now."""
    if side not in SIDES:
        raise ValueError(f"card {card}: unknown side {side!r}")

    def deco(fn: Builder) -> Builder:
        k = key(card, side)
        if k in PROGRAMS:
            raise ValueError(f"card {card} {side} registered twice")
        PROGRAMS[k] = fn()
        DOCS[(card, side)] = " ".join((fn.__doc__ or "").split())
        return fn
    return deco


def register_procs(*procs: Proc[Any]) -> None:
    """Procs an event pushes (its own decisions), run by the game's flow."""
    names = {p.name for p in PROCS}
    for p in procs:
        if p.name in names:
            raise ValueError(f"event proc {p.name} registered twice")
        PROCS.append(p)
        names.add(p.name)


def sides(card: int) -> list[str]:
    """The registered sides of a card, unshaded first."""
    return [s for s in SIDES if key(card, s) in PROGRAMS]


from . import cards_01_12, cards_13_24, cards_25_36, cards_37_48  # noqa: E402

CARD_FILES = (cards_01_12, cards_13_24, cards_25_36, cards_37_48)
