"""Golden playthrough (DESIGN §7): a seeded 3-player game (two straw men, JU 45) of heuristic
bots, every decision with its options and the choice, every event with its visibility, and a
digest of each seat's (and a spectator's) view after every step. A change in behaviour or a
leak shows up as a diff in review.

Regenerate after an intended change: JUNTA_GOLDEN_UPDATE=1 pytest tests/games/junta/test_golden.py
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from services.junta import GAME
from services.junta.state import JuntaState
from services.kernel import codec, engine, golden
from services.kernel.decisions import Decision

GOLDEN = Path(__file__).parent / "golden" / "heuristic_3p_seed7.txt"
SEATS, SEED = 3, 7


def digest(st: JuntaState, seat: int | None) -> str:
    data = GAME.view(st, seat).SerializeToString(deterministic=True)
    return hashlib.blake2b(data, digest_size=6).hexdigest()


def views(step: engine.Step) -> str:
    st = codec.decode(step.state, JuntaState)
    seats = " ".join(f"{s}={digest(st, s)}" for s in range(SEATS))
    return f"  views {seats} spectator={digest(st, None)}"


def shown(d: Decision) -> str:
    if d.amount is not None:
        return f"{d.amount.min}..{d.amount.max}"
    return " ".join(d.option_ids())


def test_golden_playthrough() -> None:
    lines = golden.transcript(GAME, SEATS, {}, SEED, "heuristic", views, shown)
    golden.check(GOLDEN, lines, "JUNTA_GOLDEN_UPDATE")
