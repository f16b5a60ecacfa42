"""Hidden information (CU 11.1, DESIGN §2): views and events visible to one seat never
reveal another seat's unrevealed bid or its face-down parliament card.

Method: during random playouts, perturb another seat's secret in the state (or make
its commit with another value) and check that every other seat's view bytes and
visible events are unchanged.
"""

from __future__ import annotations

from typing import Any

import msgspec

from services.cuba import GAME
from services.cuba.constants import NO_CARD, Phase
from services.cuba.state import CubaState
from services.kernel import codec, engine, rng, sealed
from services.kernel.bots import random_choice
from services.kernel.decisions import Choice, Decision
from services.kernel.events import Event

VARIANT = {"variant": "hidden_parliament_card"}


def view_bytes(st: CubaState, seat: int | None) -> bytes:
    return bytes(GAME.view(st, seat).SerializeToString(deterministic=True))


def visible(events: list[Event], seat: int) -> list[Any]:
    return [(e.kind, e.text, e.data) for e in events if e.visible_to(seat)]


def views_agree(a: CubaState, b: CubaState, secret_of: int) -> None:
    for seat in [None, *range(a.seats)]:
        if seat != secret_of:
            assert view_bytes(a, seat) == view_bytes(b, seat), (seat, secret_of)


def perturb_sealed(st: CubaState, r: rng.RngState) -> int:
    """Change one committed value of the open sealed round (amount or card), in the
    frame of the SealedProc running it."""
    fr = next(f for f in reversed(st.stack) if sealed.round_in(f) is not None)
    rnd = sealed.round_in(fr)
    assert rnd is not None
    done = [i for i, v in enumerate(rnd.values) if v is not None]
    i = done[rng.randbelow(r, len(done))]
    seat = rnd.seats[i]
    if rnd.options:
        others = [o for o in rnd.options[i] if o != rnd.values[i]]
        rnd.values[i] = others[rng.randbelow(r, len(others))]
    else:
        value = rnd.values[i]
        assert isinstance(value, int)
        rnd.values[i] = (value + 1) % (rnd.maxs[i] + 1)
    fr.vars[sealed.ROUND_VAR] = msgspec.to_builtins(rnd)
    return seat


def perturb_kept_card(st: CubaState, seat: int, r: rng.RngState) -> None:
    """Variant: swap the face-down parliament card with a card still in hand."""
    p = st.players[seat]
    j = rng.randbelow(r, len(p.hand))
    p.hand[j], p.parliament_card = p.parliament_card, p.hand[j]
    p.hand.sort()


def check_state(data: bytes, r: rng.RngState) -> int:
    st = codec.decode(data, CubaState)
    checks = 0
    rnd = sealed.open_round(st.stack)
    if rnd is not None and any(v is not None for v in rnd.values):
        other = codec.decode(data, CubaState)
        views_agree(st, other, perturb_sealed(other, r))
        checks += 1
    if st.variant and st.phase == Phase.ACTIONS:
        seat = rng.randbelow(r, st.seats)
        p = st.players[seat]
        if p.parliament_card != NO_CARD and p.hand:
            other = codec.decode(data, CubaState)
            perturb_kept_card(other, seat, r)
            views_agree(st, other, seat)
            checks += 1
    return checks


def sealed_alternative(d: Decision, c: Choice) -> Choice:
    if d.amount is not None:
        assert c.amount is not None
        return Choice(d.id, amount=d.amount.min if c.amount != d.amount.min else d.amount.max)
    ids = d.option_ids()
    return Choice(d.id, option_id=ids[(ids.index(str(c.option_id)) + 1) % len(ids)])


def check_commit_events(data: bytes, d: Decision, c: Choice, waiting: list[Decision]) -> int:
    """A commit that is not the last one: the other seats see the same events either way."""
    if len([w for w in waiting if w.kind == d.kind]) < 2:
        return 0
    if d.amount is not None and d.amount.min == d.amount.max:
        return 0
    a = engine.act(GAME, data, d.seat, c)
    b = engine.act(GAME, data, d.seat, sealed_alternative(d, c))
    for seat in range(codec.decode(data, CubaState).seats):
        if seat != d.seat:
            assert visible(a.events, seat) == visible(b.events, seat)
            assert [x.id for x in a.decisions if x.seat == seat] == \
                [x.id for x in b.decisions if x.seat == seat]
    return 1


def run(seats: int, seed: int, options: dict[str, str]) -> tuple[int, int]:
    r = rng.seeded(seed, stream=3)
    step = engine.setup(GAME, seats, options, seed)
    state_checks = event_checks = 0
    while step.outcome is None:
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        c = random_choice(d, r)
        if d.kind in ("cuba.bribe", "cuba.rebid", "cuba.parliament_card"):
            event_checks += check_commit_events(step.state, d, c, waiting)
        step = engine.act(GAME, step.state, d.seat, c)
        state_checks += check_state(step.state, r)
    return state_checks, event_checks


def test_bids_never_leak() -> None:
    totals = [run(seats, 500 + seats * 10 + k, {}) for seats in (2, 3, 4, 5) for k in range(2)]
    assert sum(t[0] for t in totals) > 50 and sum(t[1] for t in totals) > 50


def test_variant_parliament_card_never_leaks() -> None:
    totals = [run(seats, 900 + seats * 10 + k, VARIANT) for seats in (2, 3, 5) for k in range(2)]
    assert sum(t[0] for t in totals) > 200 and sum(t[1] for t in totals) > 20


def test_own_secret_is_visible_to_its_owner() -> None:
    """The projection still shows a seat its own bid and its own face-down card."""
    step = engine.setup(GAME, 3, VARIANT, 4)
    while not any(d.kind == "cuba.parliament_card" for d in step.waiting()):
        d = step.waiting()[0]
        step = engine.act(GAME, step.state, d.seat, Choice(d.id, option_id=d.option_ids()[0]))
    d = next(d for d in step.waiting() if d.seat == 1)
    step = engine.act(GAME, step.state, 1, Choice(d.id, option_id="card:architect"))
    st = codec.decode(step.state, CubaState)
    assert GAME.view(st, 1).sealed.own_option == "card:architect"
    assert GAME.view(st, 0).sealed.own_option == ""
    assert list(GAME.view(st, 0).sealed.committed) == [False, True, False]
    private = [e for e in step.events if e.seats == (1,)]
    assert private and all("architect" not in str(e.data) for e in step.events
                           if e.seats is None)
