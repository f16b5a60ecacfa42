"""AA 5 event registry: docstrings equal the card texts; registered sides exist on cards."""

from __future__ import annotations

from services.andean_abyss import data as D
from services.andean_abyss.events import DOCS, PROGRAMS, key


def test_docstrings_match_card_texts() -> None:
    for (card, side), doc in DOCS.items():
        text = " ".join(D.CARDS[card][side]["text"].split())
        assert doc == text, (card, side)


def test_registered_sides_are_real_sides() -> None:
    for (card, side) in DOCS:
        assert D.CARDS[card][side] is not None
        assert key(card, side) in PROGRAMS
