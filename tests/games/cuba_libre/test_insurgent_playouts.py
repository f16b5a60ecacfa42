"""Random seeded games through engine.act, weighted toward Operations and Special Activities and
with the standing decisions (own-piece removal, Cash moves, Resources) taken now and then: no
dead end, no decision without options, every state keeps the invariants (pieces conserved,
stacking, Cash under a Guerrilla or cube), and the choice log replays to the same state."""

from __future__ import annotations

import random

import pytest

from services.cuba_libre.state import CLState
from services.kernel import codec, engine
from services.kernel.decisions import Choice, Decision

from .helpers_clins import GAME

STEPS = 400


def pick(r: random.Random, ds: list[Decision]) -> Choice:
    standing = [d for d in ds if d.optional and d.options]
    waiting = [d for d in ds if not d.optional]
    d = r.choice(standing) if standing and r.random() < 0.2 else r.choice(waiting)
    if not d.options:
        assert d.amount is not None
        return Choice(d.id, amount=r.randint(d.amount.min, d.amount.max))
    ids = d.option_ids()
    ops = [o for o in ids if not o.startswith(("event:", "pass"))]
    return Choice(d.id, option_id=r.choice(ops if ops and r.random() < 0.8 else ids))


@pytest.mark.parametrize("seed", range(6))
def test_random_insurgent_play_keeps_the_rules_and_replays(seed: int) -> None:
    """CL 3.3, 4.3-4.5, 4.5.2 under random play (invariants of CL 1.4.1-1.4.2, 4.5.2)."""
    r = random.Random(seed)
    step = engine.setup(GAME, 4, {}, seed)
    log: list[tuple[int, Choice]] = []
    for _ in range(STEPS):
        if step.outcome is not None:
            break
        c = pick(r, step.decisions)
        seat = next(d.seat for d in step.decisions if d.id == c.decision_id)
        step = engine.act(GAME, step.state, seat, c)
        log.append((seat, c))
        GAME.check_invariants(codec.decode(step.state, CLState))
    assert engine.replay(GAME, 4, {}, seed, log).state_hash == step.state_hash
