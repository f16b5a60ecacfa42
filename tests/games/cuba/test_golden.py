"""Golden playthrough (DESIGN §7): a seeded 3-player game of heuristic bots, every
decision with its options and the choice, every event with its visibility, and a
digest of each seat's (and a spectator's) view after every step. A change in
behaviour or a leak shows up as a diff in review.

Regenerate after an intended change: CUBA_GOLDEN_UPDATE=1 pytest tests/games/cuba/test_golden.py
"""

from __future__ import annotations

from pathlib import Path

from services.cuba import GAME
from services.kernel import golden
from services.kernel.decisions import Decision

GOLDEN = Path(__file__).parent / "golden" / "heuristic_3p_seed7.txt"
SEATS, SEED = 3, 7
OPTIONS = {"variant": "hidden_parliament_card"}



def shown(d: Decision) -> str:
    assert d.amount is not None or d.options
    return " ".join(d.option_ids()) if d.options else f"{d.amount.min}..{d.amount.max}"


def test_golden_playthrough() -> None:
    lines = golden.transcript(GAME, SEATS, OPTIONS, SEED, "heuristic",
                             golden.view_digests(GAME, SEATS), shown)
    golden.check(GOLDEN, lines, "CUBA_GOLDEN_UPDATE")
