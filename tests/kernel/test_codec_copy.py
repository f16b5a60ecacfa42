"""kernel.codec.copy: the copy the lines-of-play search plays options out on is the state
the codec would give back, and shares nothing mutable with the original."""

from __future__ import annotations

import importlib
from typing import Any

import msgspec
import pytest

from services.kernel import codec, engine, rng
from services.kernel.bots import random_choice
from services.kernel.state import Frame


def states(game_id: str, seed: int, every: int, seats: int = 4) -> list[Any]:
    """Live states met in a random game of `game_id`, one every `every` choices."""
    game = importlib.import_module(f"services.{game_id}").GAME
    r = rng.seeded(seed, stream=7)
    step = engine.setup(game, seats, {}, seed)
    out, n = [], 0
    while step.outcome is None and len(out) < 60:
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        step = engine.act(game, step.state, d.seat, random_choice(d, r))
        n += 1
        if n % every == 0:
            out.append(engine.load(game, step.state))
    return out


def mutable_parts(x: Any) -> list[Any]:
    """Every list, dict and Struct reachable from x (x included)."""
    out: list[Any] = []
    if isinstance(x, msgspec.Struct):
        out.append(x)
        for f in x.__struct_fields__:
            out += mutable_parts(getattr(x, f))
    elif isinstance(x, (list, tuple)):
        out += [x] if isinstance(x, list) else []
        for y in x:
            out += mutable_parts(y)
    elif isinstance(x, dict):
        out.append(x)
        for y in x.values():
            out += mutable_parts(y)
    return out


@pytest.mark.parametrize("game_id", ["andean_abyss", "cuba_libre", "cuba", "junta"])
def test_copy_is_the_decoded_state_and_shares_nothing(game_id: str) -> None:
    found = states(game_id, seed=3, every=7)
    assert len(found) >= 20
    for st in found:
        c = codec.copy(st)
        data = codec.encode(st)
        assert codec.encode(c) == data
        assert c == codec.decode(data, type(st))
        mine = {id(p) for p in mutable_parts(c)}
        assert not mine & {id(p) for p in mutable_parts(st)}


def test_copy_changes_never_reach_the_original() -> None:
    st = states("andean_abyss", seed=5, every=11)[0]
    before = codec.encode(st)
    c = codec.copy(st)
    c.pieces[0] += 1
    c.stack.append(Frame("x", {"spaces": [1]}))
    c.stack[0].vars["added"] = [2]
    c.rng.state += 1
    assert codec.encode(st) == before


def test_copy_refuses_what_a_state_may_not_hold() -> None:
    st = states("andean_abyss", seed=5, every=11)[0]
    st.stack[-1].vars["bad"] = {1, 2}
    with pytest.raises(TypeError, match="set"):
        codec.copy(st)
