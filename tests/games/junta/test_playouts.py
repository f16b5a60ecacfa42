"""Random playouts for 2-7 players (STYLE testing habit 4): random waited choices, and now and
then a random standing one (gifts, trades, card plays, agreements).

Every step: codec round trip, `check_invariants` (every bill and card in exactly one place —
money conserved over the aid deck, hands, cash, Swiss accounts and budget stacks — offices
held by active families, the transfer bound), option ids unique, the option contract of
decision 0004, no dead end (the engine raises on one). Every game ends, by the aid deck (JU
13), never by the turn-30 safety net; replay from seed + choices reproduces the final state.

A bounded number runs in `make test`; TABLERO_SLOW=1 runs thousands (JUNTA_SLOW_GAMES per
seat count, default 350).
"""

from __future__ import annotations

import os

import msgspec
import pytest

from services.junta import GAME
from services.junta.constants import TURN_CAP
from services.junta.data import DATA
from services.junta.state import JuntaState
from services.kernel import codec, engine, rng
from services.kernel.bots import random_choice
from services.kernel.decisions import Choice, option_problems

GAMES_PER_SEAT_COUNT = 1
SLOW_GAMES_PER_SEAT_COUNT = int(os.environ.get("JUNTA_SLOW_GAMES", "350"))
SEATS = [2, 3, 4, 5, 6, 7]


class Played(msgspec.Struct):
    log: list[tuple[int, Choice]]
    final: engine.Step
    standing: int


def playout(seats: int, seed: int, contract: bool) -> Played:
    r = rng.seeded(seed, stream=17)
    step = engine.setup(GAME, seats, {}, seed)
    log: list[tuple[int, Choice]] = []
    standing = 0
    while step.outcome is None:
        for d in step.decisions:
            ids = d.option_ids()
            assert len(set(ids)) == len(ids), d
            if contract:
                assert not [p for o in d.options for p in option_problems(o)], d
        ids = [d.id for d in step.decisions]
        assert len(set(ids)) == len(ids)
        optional = [d for d in step.decisions if d.optional]
        if optional and rng.randbelow(r, 10) == 0:
            d = optional[rng.randbelow(r, len(optional))]
            standing += 1
        else:
            waiting = step.waiting()
            d = waiting[rng.randbelow(r, len(waiting))]
        c = random_choice(d, r)
        log.append((d.seat, c))
        step = engine.act(GAME, step.state, d.seat, c)
        st = codec.decode(step.state, JuntaState)
        assert codec.encode(st) == step.state
        GAME.check_invariants(st)
        assert len(log) < 40_000, "no end in sight"
    return Played(log, step, standing)


def check_game(seats: int, seed: int, replay: bool, contract: bool = False) -> int:
    played = playout(seats, seed, contract)
    st = codec.decode(played.final.state, JuntaState)
    out = played.final.outcome
    assert st.over and out is not None and len(out.results) == seats
    assert st.turn < TURN_CAP, "the turn-30 safety net was reached"
    assert [r.score for r in out.results] == [sum(DATA.bill_values[b] for b in
                                                   st.families[f].swiss) for f in range(seats)]
    if replay:
        again = engine.replay(GAME, seats, {}, seed, played.log)
        assert again.state_hash == played.final.state_hash
    return len(played.log)


@pytest.mark.parametrize("seats", SEATS)
def test_random_playouts_end_conserve_money_and_replay(seats: int) -> None:
    for seed in range(GAMES_PER_SEAT_COUNT):
        check_game(seats, 1000 * seats + seed, replay=True, contract=seed == 0)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TABLERO_SLOW"), reason="set TABLERO_SLOW=1")
@pytest.mark.parametrize("seats", SEATS)
def test_random_playouts_thousands(seats: int) -> None:
    for seed in range(SLOW_GAMES_PER_SEAT_COUNT):
        check_game(seats, 100_000 * seats + seed, replay=seed % 25 == 0,
                   contract=seed % 50 == 0)
