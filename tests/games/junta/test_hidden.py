"""Hidden information (JU 44, DESIGN §2): no seat's view, visible events or the pending
decisions (which every seat sees) depend on what it may not know.

Method: along random games (standing decisions included), perturb one hidden thing in a
copy of the state — another seat's hand, cash values, Swiss account, unrevealed location,
a budget stack's values, a trade offer's contents, a draft, a sealed answer, the order of
the aid deck or of the political deck — keeping the state consistent, and assert that every
seat not entitled to it (and a spectator) sees byte-identical views; then apply the same next
choice (made by a seat not entitled to it) to both states and compare what those seats see of
its events and of the pending decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from services.junta import GAME
from services.junta.constants import NO_LOCATION, Location, Status
from services.junta.data import DATA
from services.junta.state import JuntaState
from services.kernel import codec, engine, rng
from services.kernel.bots import random_choice
from services.kernel.decisions import Choice
from services.kernel.errors import KernelError
from services.kernel.sealed import ROUND_VAR

Mutation = tuple[str, set[int], Callable[[JuntaState], None], Callable[[JuntaState], bool]]


def never(st: JuntaState) -> bool:
    return False


def view_bytes(st: JuntaState, seat: int | None) -> bytes:
    return bytes(GAME.view(st, seat).SerializeToString(deterministic=True))


def other_value(st: JuntaState, bill: int) -> int | None:
    """An aid-deck bill of another value than `bill`."""
    v = DATA.bill_values[bill]
    return next((b for b in st.aid if DATA.bill_values[b] != v), None)


def swap_bill(st: JuntaState, where: list[int], bill: int) -> None:
    new = other_value(st, bill)
    assert new is not None
    i, j = where.index(bill), st.aid.index(new)
    where[i], st.aid[j] = new, bill
    if bill in st.drawn:
        st.drawn[st.drawn.index(bill)] = new


def locked(st: JuntaState, f: int) -> set[int]:
    """Bills and cards of `f` that an offer, a draft or a frame refers to (left alone)."""
    out: set[int] = set()
    for fam in st.families:
        for o in (fam.offer, fam.draft):
            if o is not None:
                out |= set(o.give_bills) | set(o.give_cards)
    for fr in st.stack:
        for v in fr.vars.values():
            if isinstance(v, list) and all(isinstance(x, int) for x in v):
                out |= set(v)
    return out


def mutations(st: JuntaState, r: rng.RngState) -> list[Mutation]:
    """(name, seats entitled to see it, change, whether a state after the next step shows it
    to others by the rules)."""
    out: list[Mutation] = []
    real = [f for f in range(st.seats) if st.families[f].status != Status.DEAD]
    if not real:
        return out
    x = real[rng.randbelow(r, len(real))]
    fam = st.families[x]
    keep = locked(st, x)
    hand = [c for c in fam.hand if c not in keep]
    if hand and st.deck:
        c = hand[rng.randbelow(r, len(hand))]
        d = next((d for d in st.deck if DATA.instances[d] != DATA.instances[c]), None)
        if d is not None:
            def swap_card(s: JuntaState, c: int = c, d: int = d) -> None:
                h = s.families[x].hand
                h[h.index(c)] = d
                s.deck[s.deck.index(d)] = c
            out.append(("hand", {x}, swap_card, never))
    for place in ("cash", "swiss"):
        bills = [b for b in getattr(fam, place) if b not in keep and other_value(st, b) is not None]
        if bills:
            b = bills[rng.randbelow(r, len(bills))]
            out.append((place, {x}, lambda s, b=b, p=place: swap_bill(s, getattr(s.families[x], p),
                                                                      b), never))
    if fam.location not in (NO_LOCATION, Location.EXILE) and not st.revealed:
        new = (fam.location + 1) % Location.EXILE
        out.append(("location", {x}, lambda s: setattr(s.families[x], "location", new),
                    lambda s: s.revealed))
    if st.budget is not None:
        p = st.budget.proposer
        for f, stack in enumerate(st.budget.stacks):
            bills = [b for b in stack if other_value(st, b) is not None]
            if bills and p < st.seats:
                out.append(("stack", {p}, lambda s, f=f, b=bills[0]: swap_bill(
                    s, s.budget.stacks[f], b) if s.budget else None,
                    lambda s: s.budget is None))  # paid: the recipient sees his stack
                break
    if len(st.aid) > 1:
        out.append(("aid order", set(), lambda s: s.aid.reverse(), never))
    if len(st.deck) > 1:
        out.append(("deck order", set(), lambda s: s.deck.reverse(), never))
    for fr in st.stack:
        rnd = fr.vars.get(ROUND_VAR)
        if rnd is not None:
            seats, options, values = rnd[4], rnd[7], rnd[8]
            for i, v in enumerate(values):
                others = [o for o in options[i] if o != v] if options else []
                if v is not None and others and seats[i] < st.seats:
                    def change(s: JuntaState, fi: int = st.stack.index(fr), i: int = i,
                               new: str = others[0]) -> None:
                        s.stack[fi].vars[ROUND_VAR][8][i] = new
                    key = rnd[0]
                    out.append(("sealed", {seats[i]}, change,  # answers are revealed at close
                                lambda s, key=key: key == "junta.agreement"
                                and not any(f.vars.get(ROUND_VAR) for f in s.stack)))
                    break
    for f, other in enumerate(st.families):
        if other.offer is not None and f < st.seats and other.offer.want_money < 30:
            out.append(("offer", {f, other.offer.to}, lambda s, f=f: setattr(
                s.families[f].offer, "want_money", s.families[f].offer.want_money + 1), never))
        if other.draft is not None and f < st.seats:
            out.append(("draft", {f}, lambda s, f=f: setattr(
                s.families[f].draft, "want_money", s.families[f].draft.want_money + 1), never))
    return out


def seen_events(events: list[Any], seat: int | None) -> list[Any]:
    return [(e.kind, e.text, e.data) for e in events if e.visible_to(seat)]


def pending(step: engine.Step) -> list[Any]:
    return [(d.id, d.seat, d.kind, d.optional) for d in step.decisions]


def check(data: bytes, choice: tuple[int, Choice], r: rng.RngState) -> int:
    st = codec.decode(data, JuntaState)
    checks = 0
    for name, owners, change, reveals in mutations(st, r):
        other = codec.decode(data, JuntaState)
        change(other)
        blind = [s for s in [None, *range(st.seats)] if s not in owners]
        for seat in blind:
            assert view_bytes(st, seat) == view_bytes(other, seat), (name, seat)
        checks += 1
        seat, c = choice
        if seat in owners or name in ("aid order", "deck order"):
            continue
        a = engine.act(GAME, data, seat, c)
        try:
            b = engine.act(GAME, codec.encode(other), seat, c)
        except KernelError as e:  # pragma: no cover - a leak through the options offered
            raise AssertionError(f"{name}: {seat}'s choice is no longer offered: {e}") from None
        if reveals(codec.decode(a.state, JuntaState)):
            continue
        assert pending(a) == pending(b), name
        for s in blind:
            assert seen_events(a.events, s) == seen_events(b.events, s), (name, s)
    return checks


def play_and_check(seats: int, seed: int, every: int) -> int:
    r = rng.seeded(seed, stream=13)
    step = engine.setup(GAME, seats, {}, seed)
    n = checks = 0
    while step.outcome is None and n < 4000:
        optional = [d for d in step.decisions if d.optional]
        if optional and rng.randbelow(r, 8) == 0:
            d = optional[rng.randbelow(r, len(optional))]
        else:
            waiting = step.waiting()
            d = waiting[rng.randbelow(r, len(waiting))]
        c = random_choice(d, r)
        if n % every == 0:
            checks += check(step.state, (d.seat, c), r)
        step = engine.act(GAME, step.state, d.seat, c)
        n += 1
    return checks


@pytest.mark.parametrize("seats", [2, 5, 7])
def test_views_events_and_pending_decisions_hide_what_a_seat_may_not_know(seats: int) -> None:
    assert play_and_check(seats, 40 + seats, every=11) > 150
