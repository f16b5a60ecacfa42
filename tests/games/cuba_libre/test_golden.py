"""Golden playthrough (DESIGN §7): a seeded 4-player short game (CL 2.1) of random kernel bots,
every decision with its options and the choice, every event with its visibility, and a digest
of each seat's (and a spectator's) view after every step. A change in behaviour or a leak
shows up as a diff in review.

Regenerate after an intended change: CUBA_LIBRE_GOLDEN_UPDATE=1 pytest
tests/games/cuba_libre/test_golden.py
"""

from __future__ import annotations

from pathlib import Path

from services.cuba_libre import GAME
from services.kernel import golden
from services.kernel.decisions import Decision

GOLDEN = Path(__file__).parent / "golden" / "random_4p_short_seed3.txt"
SEATS, SEED, OPTIONS = 4, 3, {"short_game": "true", "deception": "true"}


def shown(d: Decision) -> str:
    return " ".join(d.option_ids())


def test_golden_playthrough() -> None:
    lines = golden.transcript(GAME, SEATS, OPTIONS, SEED, "random",
                              golden.view_digests(GAME, SEATS), shown)
    golden.check(GOLDEN, lines, "CUBA_LIBRE_GOLDEN_UPDATE")
