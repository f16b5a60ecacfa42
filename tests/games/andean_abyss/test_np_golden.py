"""Golden solo game (DESIGN §7, AA chapter 8): the Government a random player against the
three Non-players, short game. Every Non-player choice is a public `coin.np_choice` event
in the file, readable ("FARC (Non-player): Rally in Huila (1 Resource)."); the player's
decisions show their option ids.

Regenerate after an intended change:
    AA_GOLDEN_UPDATE=1 pytest tests/games/andean_abyss/test_np_golden.py
"""

from __future__ import annotations

from pathlib import Path

from services.andean_abyss import GAME
from services.kernel import golden
from services.kernel.decisions import Decision
from tests.games.andean_abyss.test_golden import view

GOLDEN = Path(__file__).parent / "golden" / "np_solo_short_seed5.txt"
OPTIONS = {"short_game": "true"}


def shown(d: Decision) -> str:
    if d.options:
        return " ".join(d.option_ids())
    return f"{d.amount.min}..{d.amount.max}" if d.amount else ""


def test_golden_solo_game_with_non_players() -> None:
    """AA 8.0-8.8: the whole solo game, each step's choice readable."""
    lines = golden.transcript(GAME, 1, OPTIONS, 5, "random", view, shown)
    assert any("(Non-player):" in line for line in lines)
    golden.check(GOLDEN, lines, "AA_GOLDEN_UPDATE")
