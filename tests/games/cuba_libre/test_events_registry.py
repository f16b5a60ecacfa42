"""CL 5 The event registry is complete and says what the cards say: every side of the 48 cards
registered (single-sided cards under UNSHADED, CL 5.2), each program's docstring the side's
cards.json text (CL-D-07), Capabilities where the data has them (CL 5.3-5.4), and every
registered side exercised by a test in the card test files."""

from __future__ import annotations

import re
from pathlib import Path

from services.cuba_libre import data as D
from services.cuba_libre import events as E

HERE = Path(__file__).parent


def printed_sides(card: int) -> list[str]:
    c = D.EVENTS[card]
    return ["unshaded"] if c.single_sided else ["unshaded", "shaded"]


def test_every_side_of_every_card_is_registered() -> None:
    """CL 5.2: both sides where two exist; single-sided cards (11, 13, 18, 19, 35) once."""
    assert sorted(E.PROGRAMS) == sorted(E.key(c, s) for c in D.EVENT_CARDS
                                        for s in printed_sides(c))
    assert all(E.sides(c) == printed_sides(c) for c in D.EVENT_CARDS)


def test_docstrings_are_the_card_texts() -> None:
    """CL-D-07: the program's docstring is the side's text in cards.json, word for word."""
    for (card, side), doc in E.DOCS.items():
        text = getattr(D.EVENTS[card], side).effect
        assert doc == " ".join(text.split()), (card, side)


def test_every_side_is_played_by_a_test() -> None:
    """STYLE: at least one test per side; the card test files call `event(card, faction,
    side ...)` through the engine."""
    played: set[tuple[int, str]] = set()
    for path in HERE.glob("test_events_*.py"):
        for card, side in re.findall(r'event\((\d+), \w+, "(unshaded|shaded)"',
                                     path.read_text()):
            played.add((int(card), side))
    missing = [(c, s) for c in range(25, 49) for s in printed_sides(c) if (c, s) not in played]
    assert missing == []
