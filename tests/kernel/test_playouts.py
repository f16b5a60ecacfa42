"""Random playouts of Duel through the engine: every game ends, invariants hold, replay and
codec round trips are exact, and no seat's view or events leak another seat's cards."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from services.kernel import codec, engine, playout, rng
from services.kernel.decisions import Choice
from services.kernel.events import Event
from services.kernel.state import Frame, SealedRound
from tests.duel import GAME, DuelState
from tests.duel.game import DECK, HAND

SEATS = (2, 3, 4)
ROUNDS = ("1", "3", "5")
U64 = st.integers(min_value=0, max_value=2**64 - 1)


def check_game(seats: int, seed: int, rounds: str) -> int:
    """Play one random game with per-step checks; returns its number of choices."""
    p = playout.random_playout(GAME, seats, seed, {"rounds": rounds}, check=True)
    final = codec.decode(p.final.state, DuelState)
    assert p.final.outcome is not None and final.stack == [] and final.play is None
    assert final.round == int(rounds) and final.serial == len(p.log)
    replayed = engine.replay(GAME, seats, {"rounds": rounds}, seed, p.log)
    assert replayed.state == p.final.state and replayed.state_hash == p.final.state_hash
    assert codec.encode(codec.decode(p.final.state, DuelState)) == p.final.state
    ranks = [r.rank for r in p.final.outcome.results]
    assert [r.score for r in p.final.outcome.results] == final.points and min(ranks) == 1
    return len(p.log)


def test_many_random_playouts_end_and_replay() -> None:
    total = sum(check_game(seats, seed, ROUNDS[seed % 3])
                for seats in SEATS for seed in range(60))
    assert total > 3_000, total


@settings(max_examples=60, deadline=None)
@given(seats=st.sampled_from(SEATS), seed=U64, rounds=st.sampled_from(ROUNDS))
def test_random_playouts_any_seed(seats: int, seed: int, rounds: str) -> None:
    check_game(seats, seed, rounds)


# -- conservation and scoring, step by step -------------------------------------------------
# Every card is in the deck, a hand, or was revealed once; points are the sum of scored events.

def revealed_cards(events: list[Event]) -> list[int]:
    return [int(v.split(":")[1]) for e in events if e.kind == "duel.play.revealed"
            for v in e.data["values"].values()]


def test_cards_and_points_are_conserved_every_step() -> None:
    for seats in SEATS:
        for seed in range(15):
            step = engine.setup(GAME, seats, {"rounds": "5"}, seed)
            played: list[int] = []
            scored = 0
            r = rng.seeded(seed, 3)
            while step.outcome is None:
                d = step.waiting()[rng.randbelow(r, len(step.waiting()))]
                step = engine.act(GAME, step.state, d.seat,
                                  engine.suggest(GAME, step.state, d.seat, d.id))
                played += revealed_cards(step.events)
                scored += sum(e.data["points"] for e in step.events if e.kind == "duel.scored")
                s = codec.decode(step.state, DuelState)
                cards = s.deck + [c for h in s.hands for c in h] + played
                assert sorted(cards) == list(range(1, DECK + 1))
                assert sum(s.points) == scored and all(x >= 0 for x in s.points)
                assert 0 <= s.stake <= 3


# -- hidden information ----------------------------------------------------------------------

def mid_game_states(seats: int, seed: int, every: int = 3) -> list[DuelState]:
    """States along one random game (every `every`-th step)."""
    p = playout.random_playout(GAME, seats, seed)
    out, step = [], engine.setup(GAME, seats, {}, seed)
    for i, (seat, choice) in enumerate(p.log):
        if i % every == 0:
            out.append(codec.decode(step.state, DuelState))
        step = engine.act(GAME, step.state, seat, choice)
    return out


def perturb_hand(st_: DuelState, seat: int, r: rng.RngState) -> bool:
    """Swap the seat's uncommitted cards with deck cards; keeps the state consistent."""
    committed = None
    if st_.play is not None and seat in st_.play.seats:
        committed = st_.play.values[st_.play.seats.index(seat)]
    hand = st_.hands[seat]
    changed = False
    for i, card in enumerate(hand):
        if f"card:{card}" == committed or not st_.deck:
            continue
        j = rng.randbelow(r, len(st_.deck))
        hand[i], st_.deck[j] = st_.deck[j], card
        changed = True
    if st_.play is not None and seat in st_.play.seats:
        st_.play.options[st_.play.seats.index(seat)] = [f"card:{c}" for c in sorted(hand)]
    return changed


def seen(data: bytes, seat: int | None) -> tuple[bytes, list[Any]]:
    sv = engine.view(GAME, data, seat)
    return sv.view.SerializeToString(deterministic=True), sv.decisions


def test_views_do_not_depend_on_other_seats_hands() -> None:
    checked = 0
    for seats in SEATS:
        for seed in range(8):
            r = rng.seeded(seed, 9)
            for state in mid_game_states(seats, seed):
                for victim in range(seats):
                    other = codec.decode(codec.encode(state), DuelState)
                    if not perturb_hand(other, victim, r):
                        continue
                    a, b = codec.encode(state), codec.encode(other)
                    assert seen(a, victim) != seen(b, victim)  # the victim does notice
                    for viewer in [*range(seats), None]:
                        if viewer != victim:
                            assert seen(a, viewer) == seen(b, viewer)
                            checked += 1
    assert checked > 500, checked


@settings(max_examples=25, deadline=None)
@given(seats=st.sampled_from(SEATS), seed=U64)
def test_views_hide_hands_any_seed(seats: int, seed: int) -> None:
    r = rng.seeded(seed, 9)
    for state in mid_game_states(seats, seed, every=5):
        victim = rng.randbelow(r, seats)
        other = codec.decode(codec.encode(state), DuelState)
        if perturb_hand(other, victim, r):
            for viewer in [*range(seats), None]:
                if viewer != victim:
                    assert seen(codec.encode(state), viewer) == seen(codec.encode(other), viewer)


CARD_VALUE = re.compile(r"^card:(\d+)$")


def cards_in(e: Event) -> set[int]:
    """Every card an event's data names."""
    found: set[int] = set()
    for key, value in e.data.items():
        if key == "cards":
            found.update(value)
        elif key == "card":
            found.add(value)
        elif key == "value" and CARD_VALUE.match(str(value)):
            found.add(int(str(value)[5:]))
    return found


def test_events_never_show_a_seat_another_seats_cards() -> None:
    private = 0
    for seats in SEATS:
        for seed in range(20):
            step = engine.setup(GAME, seats, {}, seed)
            before = codec.decode(step.state, DuelState)
            events = list(step.events)
            p = playout.random_playout(GAME, seats, seed)
            for i in range(len(p.log) + 1):
                after = codec.decode(step.state, DuelState)
                for e in events:
                    if e.kind == "duel.play.revealed":
                        # Public, and only with the round's last commitment.
                        assert e.seats is None and before.play is not None
                        assert before.play.values.count(None) == 1
                        assert len(e.data["values"]) == len(before.play.seats)
                        continue
                    for viewer in [*range(seats), None]:
                        if not e.visible_to(viewer):
                            continue
                        own = set() if viewer is None else (
                            set(before.hands[viewer]) | set(after.hands[viewer]))
                        assert cards_in(e) <= own, (e, viewer)
                    private += e.seats is not None
                if i == len(p.log):
                    break
                seat, choice = p.log[i]
                before = after
                step = engine.act(GAME, step.state, seat, choice)
                events = list(step.events)
    assert private > 300, private


# -- codec round trip of generated states ----------------------------------------------------

small = st.integers(min_value=0, max_value=DECK)
cards = st.lists(st.integers(1, DECK), max_size=HAND + 4)
frames = st.builds(Frame, st.sampled_from(["round", "stake", "turn", "play"]),
                   st.dictionaries(st.sampled_from(["seat", "i"]), small, max_size=2))
rounds_ = st.builds(
    SealedRound, st.just("duel.play"), st.just("duel.play_card"), st.text(max_size=8),
    st.integers(0, 10**6), st.lists(small, max_size=4), st.lists(small, max_size=4),
    st.lists(small, max_size=4), st.lists(st.lists(st.text(max_size=8), max_size=3), max_size=4),
    st.lists(st.one_of(st.none(), small, st.text(max_size=8)), max_size=4))


@st.composite
def duel_states(draw: st.DrawFn) -> DuelState:
    seats = draw(st.integers(2, 4))
    return DuelState(
        seats=seats, seed=draw(U64), rng=rng.RngState(draw(U64), draw(U64) | 1),
        serial=draw(st.integers(0, 10**6)), stack=draw(st.lists(frames, max_size=5)),
        rounds=draw(st.sampled_from([1, 3, 5])), round=draw(st.integers(0, 5)),
        deck=draw(cards), hands=draw(st.lists(cards, min_size=seats, max_size=seats)),
        points=draw(st.lists(small, min_size=seats, max_size=seats)),
        stake=draw(st.integers(0, 3)), play=draw(st.one_of(st.none(), rounds_)))


@settings(max_examples=200, deadline=None)
@given(duel_states())
def test_codec_round_trip(state: DuelState) -> None:
    data = codec.encode(state)
    back = codec.decode(data, DuelState)
    assert back == state
    assert codec.encode(back) == data
    assert codec.state_hash(codec.encode(back)) == codec.state_hash(data)


def test_state_hash_tells_states_apart() -> None:
    a = engine.setup(GAME, 2, {}, 1)
    b = engine.act(GAME, a.state, 0, Choice("d0.0", amount=1))
    c = engine.act(GAME, a.state, 0, Choice("d0.0", amount=2))
    assert len({a.state_hash, b.state_hash, c.state_hash}) == 3
    assert a.state_hash == codec.state_hash(a.state) and len(a.state_hash) == 32
