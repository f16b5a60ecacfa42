"""Random playouts over many seeds for 2-5 players (STYLE testing habit 4).

Every step: codec round trip, `check_invariants` (token and money conservation,
bounds, no negative amounts), VP never decrease, option ids unique, every option
keeps the option contract of docs/decisions/0004 (`option_problems`), event texts
carry no Python reprs or ids, no dead end (the engine raises on one). Every game
ends after round 6. A sample of games is replayed from seed + choices and must give
the same final state hash.
"""

from __future__ import annotations

import os

import msgspec
import pytest

from services.cuba import GAME
from services.cuba.constants import Phase
from services.cuba.state import CubaState
from services.kernel import codec, engine, rng
from services.kernel.bots import random_choice
from services.kernel.decisions import Choice, option_problems

GAMES_PER_SEAT_COUNT = 60
SLOW_GAMES_PER_SEAT_COUNT = 2500
VARIANT = {"variant": "hidden_parliament_card"}


class Played(msgspec.Struct):
    log: list[tuple[int, Choice]]
    final: engine.Step
    rounds_seen: set[int]


def playout(seats: int, seed: int, options: dict[str, str]) -> Played:
    r = rng.seeded(seed, stream=11)
    step = engine.setup(GAME, seats, options, seed)
    log: list[tuple[int, Choice]] = []
    vp = [0] * seats
    rounds: set[int] = set()
    while step.outcome is None:
        check_events(step)
        waiting = step.waiting()
        for d in waiting:
            assert len(set(d.option_ids())) == len(d.options), d
            for o in d.options:
                assert option_problems(o) == [], (d.kind, o)
        d = waiting[rng.randbelow(r, len(waiting))]
        c = random_choice(d, r)
        log.append((d.seat, c))
        step = engine.act(GAME, step.state, d.seat, c)
        st = codec.decode(step.state, CubaState)
        assert codec.encode(st) == step.state
        GAME.check_invariants(st)
        now = [p.vp for p in st.players]
        assert all(a >= b for a, b in zip(now, vp, strict=True)), "VP went down"
        vp = now
        rounds.add(st.round)
        assert len(log) < 5000
    return Played(log, step, rounds)


REPR_MARKS = ("{", "}", "[", "]", "_")


def check_events(step: engine.Step) -> None:
    """docs/decisions/0004: texts for a person (no reprs, no snake_case ids), data a dict."""
    for e in step.events:
        if e.kind.endswith(".sealed"):  # the kernel's own "You committed card:mayor."
            continue
        assert not any(m in e.text for m in REPR_MARKS), (e.kind, e.text)
        assert isinstance(e.data, dict)


def check_game(seats: int, seed: int, options: dict[str, str], replay: bool) -> None:
    played = playout(seats, seed, options)
    st = codec.decode(played.final.state, CubaState)
    assert played.rounds_seen == set(range(7))  # the picks (round 0), then rounds 1-6
    assert st.round == 6 and st.phase == Phase.GAME_OVER and not st.stack
    out = played.final.outcome
    assert out is not None and [r.score for r in out.results] == [p.vp for p in st.players]
    if replay:
        again = engine.replay(GAME, seats, options, seed, played.log)
        assert again.state_hash == played.final.state_hash


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_playouts(seats: int) -> None:
    for seed in range(GAMES_PER_SEAT_COUNT):
        check_game(seats, 1000 * seats + seed, {}, replay=seed % 10 == 0)


@pytest.mark.parametrize("seats", [2, 4, 5])
def test_random_playouts_variant(seats: int) -> None:
    for seed in range(GAMES_PER_SEAT_COUNT // 3):
        check_game(seats, 7000 + seed, VARIANT, replay=seed % 10 == 0)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TABLERO_SLOW"), reason="set TABLERO_SLOW=1")
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_playouts_thousands(seats: int) -> None:
    for seed in range(SLOW_GAMES_PER_SEAT_COUNT):
        check_game(seats, 100_000 * seats + seed, VARIANT if seed % 2 else {},
                   replay=seed % 50 == 0)
