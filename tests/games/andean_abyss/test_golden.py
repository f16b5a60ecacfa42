"""Golden playthrough (DESIGN §7): a seeded 4-seat short game of random bots; every
decision (kind, number of options, a digest of the option ids) and the choice, every event
with its visibility, and a digest of the spectator's view after every step. A change in
behaviour shows up as a diff in review. (Every seat sees the same view in Andean Abyss.)

Regenerate after an intended change:
    AA_GOLDEN_UPDATE=1 pytest tests/games/andean_abyss/test_golden.py
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from services.andean_abyss import GAME
from services.andean_abyss.state import AAState
from services.kernel import codec, engine, golden
from services.kernel.decisions import Decision

GOLDEN = Path(__file__).parent / "golden" / "random_4p_short_seed3.txt"
SEATS, SEED = 4, 3
OPTIONS = {"short_game": "true"}


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=6).hexdigest()


def view(step: engine.Step) -> str:
    st = codec.decode(step.state, AAState)
    return f"  view {digest(GAME.view(st, None).SerializeToString(deterministic=True))}"


def shown(d: Decision) -> str:
    ids = d.option_ids()
    if d.options:
        return f"{len(ids)} options {digest(' '.join(ids).encode())}"
    return f"{d.amount.min}..{d.amount.max}" if d.amount else ""


def test_golden_playthrough() -> None:
    lines = golden.transcript(GAME, SEATS, OPTIONS, SEED, "random", view, shown)
    golden.check(GOLDEN, lines, "AA_GOLDEN_UPDATE")
