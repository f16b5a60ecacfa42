"""Random playouts through the engine, for property tests and benchmarks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from . import codec, rng
from .bots import random_choice
from .decisions import Choice
from .engine import Step, act, setup
from .errors import RulesBug
from .game import Game


class Playout(msgspec.Struct):
    seats: int
    options: dict[str, str]
    seed: int
    log: list[tuple[int, Choice]]
    final: Step


def random_playout(game: Game[Any], seats: int, seed: int,
                   options: Mapping[str, str] | None = None, *, max_choices: int = 200_000,
                   check: bool = False) -> Playout:
    """Play uniformly random offered choices (among the waited-on decisions) to the end.

    With `check`, every state is also round-tripped through the codec and checked
    with `game.check_invariants`.
    """
    opts = dict(options or {})
    r = rng.seeded(seed, stream=7)
    step = setup(game, seats, opts, seed)
    log: list[tuple[int, Choice]] = []
    while step.outcome is None:
        if len(log) >= max_choices:
            raise RulesBug(f"game did not end within {max_choices} choices (seed {seed})")
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        c = random_choice(d, r)
        log.append((d.seat, c))
        step = act(game, step.state, d.seat, c)
        if check:
            st = codec.decode(step.state, game.state_type)
            if codec.encode(st) != step.state:
                raise RulesBug("codec round trip changed the state")
            game.check_invariants(st)
    return Playout(seats, opts, seed, log, step)
