"""CL 5 the Event registry: every side of the 48 cards is registered (so the sequence of play
offers every Event), its docstring is the cards.json text, and at least one test names it."""

from __future__ import annotations

import re
from pathlib import Path

from services.cuba_libre import data as D
from services.cuba_libre import events
from services.cuba_libre.constants import SIDES

HERE = Path(__file__).parent


def card_sides() -> list[tuple[int, str]]:
    return [(n, s) for n in D.EVENT_CARDS
            for s in (SIDES[:1] if D.EVENTS[n].single_sided else SIDES)]


def test_every_card_side_is_registered_cl_5_2() -> None:
    assert len(card_sides()) == 91
    assert [k for k in card_sides() if events.key(*k) not in events.PROGRAMS] == []
    assert set(events.PROGRAMS) == {events.key(*k) for k in card_sides()}
    assert all(events.sides(n) for n in D.EVENT_CARDS)


def test_docstrings_are_the_card_texts() -> None:
    for n, side in card_sides():
        data = D.EVENTS[n].unshaded if side == "unshaded" else D.EVENTS[n].shaded
        assert data is not None
        assert events.DOCS[(n, side)] == " ".join(data.effect.split()), (n, side)


def test_every_side_has_a_test() -> None:
    names = " ".join(re.findall(r"def (test_\w+)", "".join(
        p.read_text() for p in HERE.glob("test_*.py"))))
    def tested(n: int, side: str) -> bool:
        named = f"card_{n}_" if D.EVENTS[n].single_sided else f"card_{n}_{side}"
        return named in names
    assert [k for k in card_sides() if not tested(*k)] == []
