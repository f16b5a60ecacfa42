"""Golden solitaire games (DESIGN §7, CL chapter 8), short game: the Government a random
player against the three Insurgent Non-players; the Syndicate a random player against the
Non-player Government (8.8), 26July and Directorio. Every Non-player choice is a public
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
GOLDEN_GOVT = Path(__file__).parent / "golden" / "np_govt_solo_short_seed1.txt"
OPTIONS_GOVT = {"short_game": "true", "non_players": "govt+m26+directorio"}


def shown(d: Decision) -> str:
    return " ".join(d.option_ids())


def test_golden_solitaire_game_with_non_players() -> None:
    """CL 8.0-8.9: the whole solitaire game, each Non-player choice readable."""
    lines = golden.transcript(GAME, 1, OPTIONS, 5, "random", golden.view_digests(GAME, 1),
                              shown)
    assert sum("(Non-player):" in line for line in lines) > 100
    golden.check(GOLDEN, lines, "CUBA_LIBRE_GOLDEN_UPDATE")


def test_golden_solitaire_game_with_the_non_player_government() -> None:
    """CL 8.0-8.9 with CL 8.8: the Syndicate played by random choices against the Non-player
    Government, 26July and Directorio; every Government choice readable ("Government
    (Non-player): Sweep in Havana ...")."""
    lines = golden.transcript(GAME, 1, OPTIONS_GOVT, 1, "random",
                              golden.view_digests(GAME, 1), shown)
    assert sum("Government (Non-player):" in line for line in lines) > 100
    assert all(line.startswith(("  ", "outcome", "cuba_libre")) or " seat 0 " in line
               for line in lines)
    golden.check(GOLDEN_GOVT, lines, "CUBA_LIBRE_GOLDEN_UPDATE")
