"""Golden playthrough (DESIGN §7): a seeded 3-player game of heuristic bots, every
decision with its options and the choice, every event with its visibility, and a
digest of each seat's (and a spectator's) view after every step. A change in
behaviour or a leak shows up as a diff in review.

Regenerate after an intended change: CUBA_GOLDEN_UPDATE=1 pytest tests/games/cuba/test_golden.py
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from services.cuba import GAME
from services.cuba.state import CubaState
from services.kernel import codec, engine

GOLDEN = Path(__file__).parent / "golden" / "heuristic_3p_seed7.txt"
SEATS, SEED = 3, 7
OPTIONS = {"variant": "hidden_parliament_card"}


def digest(st: CubaState, seat: int | None) -> str:
    data = GAME.view(st, seat).SerializeToString(deterministic=True)
    return hashlib.blake2b(data, digest_size=6).hexdigest()


def transcript() -> list[str]:
    lines = [f"cuba golden: {SEATS} seats, seed {SEED}, options {OPTIONS}"]
    step = engine.setup(GAME, SEATS, OPTIONS, SEED)
    events = step.events
    n = 0
    while True:
        for e in events:
            who = "all" if e.seats is None else ",".join(map(str, e.seats))
            lines.append(f"  [{who}] {e.kind}: {e.text}")
        st = codec.decode(step.state, CubaState)
        views = " ".join(f"{s}={digest(st, s)}" for s in range(SEATS))
        lines.append(f"  views {views} spectator={digest(st, None)}")
        if step.outcome is not None:
            lines.append(f"outcome {[(r.seat, r.rank, r.score) for r in step.outcome.results]}")
            return lines
        d = step.waiting()[0]
        c = engine.suggest(GAME, step.state, d.seat, d.id, "heuristic")
        shown = " ".join(d.option_ids()) if d.options else f"{d.amount.min}..{d.amount.max}"
        picked = c.option_id if c.option_id is not None else c.amount
        n += 1
        lines.append(f"{n} seat {d.seat} {d.kind} [{shown}] -> {picked}")
        step = engine.act(GAME, step.state, d.seat, c)
        events = step.events


def test_golden_playthrough() -> None:
    text = "\n".join(transcript()) + "\n"
    if os.environ.get("CUBA_GOLDEN_UPDATE"):
        GOLDEN.write_text(text)
    assert GOLDEN.read_text() == text
