"""Golden solitaire game (DESIGN §7, CL chapter 8): the Government a random player against
the three Insurgent Non-players, short game. Every Non-player choice is a public
`coin.np_choice` event in the file, readable ("Syndicate (Non-player): Rally in Havana (1
Resource)."); the player's decisions show their option ids; each step a digest of the
player's and a spectator's views.

Regenerate after an intended change:
    CUBA_LIBRE_GOLDEN_UPDATE=1 pytest tests/games/cuba_libre/test_np_golden.py
"""

from __future__ import annotations

from pathlib import Path

from services.cuba_libre import GAME
from services.kernel import golden
from services.kernel.decisions import Decision

GOLDEN = Path(__file__).parent / "golden" / "np_solo_short_seed5.txt"
OPTIONS = {"short_game": "true"}


def shown(d: Decision) -> str:
    return " ".join(d.option_ids())


def test_golden_solitaire_game_with_non_players() -> None:
    """CL 8.0-8.9: the whole solitaire game, each Non-player choice readable."""
    lines = golden.transcript(GAME, 1, OPTIONS, 5, "random", golden.view_digests(GAME, 1),
                              shown)
    assert sum("(Non-player):" in line for line in lines) > 100
    golden.check(GOLDEN, lines, "CUBA_LIBRE_GOLDEN_UPDATE")
