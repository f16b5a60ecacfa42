"""Junta's bots: they choose among the options offered, from their own view only."""

from __future__ import annotations

from services.junta import GAME
from services.junta.state import JuntaState
from services.kernel import codec, engine, rng


def test_the_heuristic_bot_plays_whole_games_choosing_offered_options_only() -> None:
    for seats, seed in ((3, 5), (6, 2)):
        step = engine.setup(GAME, seats, {}, seed)
        r = rng.seeded(seed, stream=9)
        n = 0
        while step.outcome is None:
            waiting = step.waiting()
            d = waiting[rng.randbelow(r, len(waiting))]
            c = engine.suggest(GAME, step.state, d.seat, d.id, "heuristic")
            assert c.decision_id == d.id
            assert (c.option_id in d.option_ids()) if d.options else \
                d.amount.min <= c.amount <= d.amount.max
            step = engine.act(GAME, step.state, d.seat, c)
            n += 1
        assert n > 300 and codec.decode(step.state, JuntaState).over


def test_the_heuristic_bot_decides_from_the_view_not_the_state() -> None:
    """Two states that differ only in what seat 1 may not see get the same suggestion."""
    step = engine.setup(GAME, 4, {}, 3)
    while not any(d.kind == "junta.choose_location" for d in step.waiting()):
        d = step.waiting()[0]
        step = engine.act(GAME, step.state, d.seat, engine.suggest(GAME, step.state, d.seat,
                                                                   d.id, "heuristic"))
    st = codec.decode(step.state, JuntaState)
    other = codec.decode(step.state, JuntaState)
    other.aid.reverse()
    other.deck.reverse()
    d = next(d for d in step.waiting() if d.seat == 1)
    a = engine.suggest(GAME, codec.encode(st), 1, d.id, "heuristic")
    b = engine.suggest(GAME, codec.encode(other), 1, d.id, "heuristic")
    assert a == b
