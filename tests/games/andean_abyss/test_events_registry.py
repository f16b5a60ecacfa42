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


def test_every_card_side_is_implemented() -> None:
    """STYLE: completeness is tested, not hoped — all 72 cards, both sides where printed."""
    for card in D.EVENT_CARDS:
        for side in ("unshaded", "shaded"):
            has_text = D.CARDS[card][side] is not None
            assert (key(card, side) in PROGRAMS) == has_text, (card, side)
    assert len([k for k in PROGRAMS if k.count(":") == 1]) == 72 * 2 - 8


def test_every_side_has_a_test() -> None:
    """Each card number appears in a per-card test module."""
    from pathlib import Path
    here = Path(__file__).parent
    text = "".join(p.read_text() for p in here.glob("test_cards_*.py"))
    for card in D.EVENT_CARDS:
        assert f"test_card_{card}" in text or f"({card}, " in text, card


def test_second_edition_texts_match() -> None:
    """AA-D-03: the second-edition sides carry the cards.json second_edition texts."""
    from services.andean_abyss.events import SECOND
    expected = {(n, side) for n in D.EVENT_CARDS for side in ("unshaded", "shaded")
                if (D.CARDS[n]["second_edition"] or {}).get(side)}
    assert set(SECOND) == expected
    for (card, side), doc in SECOND.items():
        assert doc == " ".join(D.CARDS[card]["second_edition"][side]["text"].split())
