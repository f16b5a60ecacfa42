"""Golden playthrough (DESIGN §7): a seeded 3-player game of heuristic bots, every
decision with its options and the choice, every event with its visibility, and a
digest of each seat's (and a spectator's) view after every step. A change in
behaviour or a leak shows up as a diff in review.

Regenerate after an intended change: CUBA_GOLDEN_UPDATE=1 pytest tests/games/cuba/test_golden.py
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from services.cuba import GAME
from services.cuba.state import CubaState
from services.kernel import codec, engine, golden
from services.kernel.decisions import Decision

GOLDEN = Path(__file__).parent / "golden" / "heuristic_3p_seed7.txt"
SEATS, SEED = 3, 7
OPTIONS = {"variant": "hidden_parliament_card"}


def digest(st: CubaState, seat: int | None) -> str:
    data = GAME.view(st, seat).SerializeToString(deterministic=True)
    return hashlib.blake2b(data, digest_size=6).hexdigest()


def views(step: engine.Step) -> str:
    st = codec.decode(step.state, CubaState)
    seats = " ".join(f"{s}={digest(st, s)}" for s in range(SEATS))
    return f"  views {seats} spectator={digest(st, None)}"


def shown(d: Decision) -> str:
    assert d.amount is not None or d.options
    return " ".join(d.option_ids()) if d.options else f"{d.amount.min}..{d.amount.max}"


def test_golden_playthrough() -> None:
    lines = golden.transcript(GAME, SEATS, OPTIONS, SEED, "heuristic", views, shown)
    golden.check(GOLDEN, lines, "CUBA_GOLDEN_UPDATE")
