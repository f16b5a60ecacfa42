"""Golden playthrough (DESIGN §7): a seeded 4-seat short game of random bots; every
decision (kind, number of options, a digest of the option ids) and the choice, every event
with its visibility, and a digest of the spectator's view after every step. A change in
behaviour shows up as a diff in review. (Every seat sees the same view in Andean Abyss.)

Regenerate after an intended change:
    AA_GOLDEN_UPDATE=1 pytest tests/games/andean_abyss/test_golden.py
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from services.andean_abyss import GAME
from services.andean_abyss.state import AAState
from services.kernel import codec, engine

GOLDEN = Path(__file__).parent / "golden" / "random_4p_short_seed3.txt"
SEATS, SEED = 4, 3
OPTIONS = {"short_game": "true"}


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=6).hexdigest()


def transcript() -> list[str]:
    lines = [f"andean_abyss golden: {SEATS} seats, seed {SEED}, options {OPTIONS}"]
    step = engine.setup(GAME, SEATS, OPTIONS, SEED)
    events = step.events
    n = 0
    while True:
        for e in events:
            who = "all" if e.seats is None else ",".join(map(str, e.seats))
            lines.append(f"  [{who}] {e.kind}: {e.text}")
        st = codec.decode(step.state, AAState)
        view = GAME.view(st, None).SerializeToString(deterministic=True)
        lines.append(f"  view {digest(view)}")
        if step.outcome is not None:
            lines.append(f"outcome {[(r.seat, r.rank, r.score) for r in step.outcome.results]}")
            return lines
        d = step.waiting()[0]
        c = engine.suggest(GAME, step.state, d.seat, d.id, "random")
        ids = d.option_ids()
        shown = f"{len(ids)} options {digest(' '.join(ids).encode())}" if d.options else \
            f"{d.amount.min}..{d.amount.max}" if d.amount else ""
        picked = c.option_id if c.option_id is not None else c.amount
        n += 1
        lines.append(f"{n} seat {d.seat} {d.kind} [{shown}] -> {picked}")
        step = engine.act(GAME, step.state, d.seat, c)
        events = step.events


def test_golden_playthrough() -> None:
    text = "\n".join(transcript()) + "\n"
    if os.environ.get("AA_GOLDEN_UPDATE"):
        GOLDEN.write_text(text)
    assert GOLDEN.read_text() == text
