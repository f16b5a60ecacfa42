"""Golden playthroughs (DESIGN §7): a seeded game played by a bot policy, written out as
text — every event with its visibility, each decision with its options and the choice, and
view digests after every step — so a change in behaviour or a leak shows up as a diff."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from . import codec, engine
from .decisions import Decision
from .game import Game


def transcript(game: Game[Any], seats: int, options: Mapping[str, str], seed: int,
               policy: str, view_line: Callable[[engine.Step], str],
               shown: Callable[[Decision], str]) -> list[str]:
    """The playthrough's lines; `view_line` digests the views after a step, `shown`
    renders a decision's options."""
    lines = [f"{game.id} golden: {seats} seats, seed {seed}, options {dict(options)}"]
    step = engine.setup(game, seats, options, seed)
    n = 0
    while True:
        for e in step.events:
            who = "all" if e.seats is None else ",".join(map(str, e.seats))
            lines.append(f"  [{who}] {e.kind}: {e.text}")
        lines.append(view_line(step))
        if step.outcome is not None:
            lines.append(f"outcome {[(r.seat, r.rank, r.score) for r in step.outcome.results]}")
            return lines
        d = step.waiting()[0]
        c = engine.suggest(game, step.state, d.seat, d.id, policy)
        picked = c.option_id if c.option_id is not None else c.amount
        n += 1
        lines.append(f"{n} seat {d.seat} {d.kind} [{shown(d)}] -> {picked}")
        step = engine.act(game, step.state, d.seat, c)


def view_digests(game: Game[Any], seats: int) -> Callable[[engine.Step], str]:
    """A `view_line` for `transcript`: a short digest of each seat's and a spectator's
    view after a step ("  views 0=… 1=… spectator=…")."""
    def digest(st: Any, seat: int | None) -> str:
        data = game.view(st, seat).SerializeToString(deterministic=True)
        return hashlib.blake2b(data, digest_size=6).hexdigest()

    def line(step: engine.Step) -> str:
        st = codec.decode(step.state, game.state_type)
        each = " ".join(f"{s}={digest(st, s)}" for s in range(seats))
        return f"  views {each} spectator={digest(st, None)}"

    return line


def check(path: Path, lines: list[str], update_env: str) -> None:
    """Compare with the stored file; with `update_env` set, rewrite it first."""
    text = "\n".join(lines) + "\n"
    if os.environ.get(update_env):
        path.write_text(text)
    assert path.read_text() == text, f"{path.name} differs (regenerate with {update_env}=1)"
