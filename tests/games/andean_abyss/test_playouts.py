"""Random playouts (STYLE testing habit 4): every game ends, no dead end, options unique,
invariants hold after every choice (pieces conserved between map and Available, stacking,
FARC Zones, Resources 0..99, Aid 0..29, 40 markers), codec round trip, replay reproduces
the final state, and views never depend on the hidden deck order."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from services.andean_abyss import GAME
from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.game import FLOW
from services.andean_abyss.state import AAState
from services.kernel import codec, rng
from services.kernel.bots import random_choice
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, option_problems
from services.kernel.engine import act, replay, setup
from services.kernel.errors import IllegalChoice, StaleDecision
from services.kernel.events import Event
from services.kernel.flow import Flow
from services.kernel.playout import random_playout

SEEDS = [(seats, seed) for seats in (2, 3, 4) for seed in (11, 22, 33)]


@pytest.mark.parametrize("seats,seed", SEEDS)
def test_random_playout_invariants_and_replay(seats: int, seed: int) -> None:
    p = random_playout(GAME, seats, seed, check=True)
    assert p.final.outcome is not None and len(p.log) > 100
    again = replay(GAME, seats, {}, seed, p.log)
    assert again.state_hash == p.final.state_hash
    st = codec.decode(p.final.state, AAState)
    assert st.over in (1, 2)
    if st.over == 2:
        assert st.prop_played == st.final_prop


@pytest.mark.parametrize("options", [
    {"short_game": "true"}, {"hidden_next_card": "true"}, {"deployment": "open"},
    {"eligibility_option": "A"}, {"eligibility_option": "B"},
    {"card_text_edition": "second"}])
def test_random_playout_options(options: dict[str, str]) -> None:
    p = random_playout(GAME, 4, 5, options, check=True)
    st = codec.decode(p.final.state, AAState)
    assert st.final_prop == (3 if options.get("short_game") else 4)


def test_options_unique_and_views_hide_the_deck() -> None:
    """Option ids unique per decision; a seat's view is unchanged when the hidden part of the
    deck is reordered (only the upcoming card and the deck size are public)."""
    r = rng.seeded(99, stream=3)
    step = setup(GAME, 4, {}, 99)
    for n in range(400):
        st = codec.decode(step.state, AAState)
        for d in step.decisions:
            ids = d.option_ids()
            assert len(ids) == len(set(ids)), d
        if n % 40 == 0 and len(st.deck) > 3:
            before = GAME.view(st, 0).SerializeToString(deterministic=True)
            hidden = st.deck[:-1]
            rng.shuffle(r, hidden)
            st.deck = hidden + st.deck[-1:]
            assert GAME.view(st, 0).SerializeToString(deterministic=True) == before
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        step = act(GAME, step.state, d.seat, random_choice(d, r))
        if step.outcome is not None:
            break


def test_view_contents() -> None:
    st = GAME.setup(__import__("services.kernel.ctx", fromlist=["Ctx"]).Ctx(), 4,
                    GAME.check_setup(4, {}), 3)
    v = GAME.view(st, None)
    assert len(v.spaces) == 45 and v.total_support == 50 and v.opposition_plus_bases == 20
    assert v.deck_remaining == 63 and v.current_card.number == st.played[-1]
    assert v.upcoming_card.number == st.deck[-1]
    bog = next(s for s in v.spaces if s.id == "bogota")
    assert {p.kind: p.count for p in bog.pieces} == {"troops": 3, "police": 2}
    assert bog.control == "govt" and bog.support == "active_support"
    assert [f.resources for f in v.factions] == [40, 10, 10, 10]
    assert v.factions[0].victory_margin == -10
    hidden = GAME.setup(__import__("services.kernel.ctx", fromlist=["Ctx"]).Ctx(), 4,
                        GAME.check_setup(4, {"hidden_next_card": "true"}), 3)
    assert not GAME.view(hidden, 1).HasField("upcoming_card")


def test_transfers_are_standing_optional_decisions() -> None:
    """AA 1.5.1 (AA-R-04): Resources may be given at any time, never within one seat: one
    standing decision per giver, an option per receiver and amount (issue 15)."""
    step = setup(GAME, 2, {"non_players": "none"}, 4)  # AA 1.5 option: 2 factions a seat
    opt = [d for d in step.decisions if d.optional]
    assert opt and all(d.kind in ("aa.give_resources", "aa.give_shipment") for d in opt)
    gives = {int(d.id.split(".")[1]): d for d in opt if d.kind == "aa.give_resources"}
    assert sorted(gives) == [0, 1, 2, 3] and all(d.id == f"t0.{g}" for g, d in gives.items())
    # seats 2: Government (40) and AUC on seat 0, FARC (10) and Cartels on seat 1
    assert gives[0].option_ids() == [f"give:{f}:{n}" for f in ("farc", "cartels")
                                     for n in range(1, 41)]
    assert gives[1].option_ids()[:2] == ["give:govt:1", "give:govt:2"]
    assert not any(":auc:" in o for o in gives[0].option_ids())
    o = next(o for o in gives[0].options if o.id == "give:farc:5")
    assert o.label == "Give 5 Resources to the FARC"
    assert o.args == {"action": "give", "faction": "farc", "amount": "5"}
    assert gives[0].amount is None and gives[0].seat == 0
    after = act(GAME, step.state, 0, Choice("t0.0", "give:farc:5"))
    st = codec.decode(after.state, AAState)
    assert st.resources[0] == 35 and st.resources[1] == 15
    assert [(e.kind, e.text, e.data) for e in after.events] == [
        ("aa.transfer", "The Government give 5 Resources to the FARC.",
         {"from": "govt", "to": "farc", "amount": 5, "received": 5})]
    assert B.total_support(st) == 50 and len(D.NAMES) == 47


def test_transfers_of_stored_logs_still_replay() -> None:
    """A log stored when the offers were one amount decision per (giver, receiver),
    `t<serial>.<giver>.<receiver>`, replays: such a choice is applied as the option it is
    now, and checked like one (issue 15)."""
    step = setup(GAME, 2, {"non_players": "none"}, 4)  # AA 1.5 option: 2 factions a seat
    old = act(GAME, step.state, 0, Choice("t0.0.1", amount=5))
    new = act(GAME, step.state, 0, Choice("t0.0", "give:farc:5"))
    assert old.state == new.state and old.events == new.events
    with pytest.raises(IllegalChoice):  # more than the Government has
        act(GAME, step.state, 0, Choice("t0.0.1", amount=41))
    with pytest.raises(IllegalChoice, match="give:auc:5"):  # AUC: the Government's seat
        act(GAME, step.state, 0, Choice("t0.0.2", amount=5))
    with pytest.raises(StaleDecision):  # another serial's
        act(GAME, step.state, 0, Choice("t7.0.1", amount=5))


class WaitsChecked(Flow[AAState]):
    """The game's own flow, checking at every step that the top proc's `waits` (which the
    COIN procs answer with a cheaper test) agrees with whether it offers decisions."""

    answers: Counter[bool]

    def advance(self, ctx: Ctx, st: AAState) -> None:
        while (top := self.top(st)) is not None:
            proc, fr = top
            waits = proc.waits(st, fr)
            assert waits == bool(proc.decisions(st, fr)), (proc.name, fr.vars)
            self.answers[waits] += 1
            if waits:
                return
            proc.step(ctx, st, fr)


@pytest.mark.parametrize("seed", [3, 8])
def test_waits_agrees_with_decisions_at_every_step(seed: int) -> None:
    flow = WaitsChecked(FLOW.procs.values())
    flow.answers = Counter()
    r = rng.seeded(seed, stream=7)
    st = GAME.setup(Ctx(), 4, GAME.check_setup(4, {}), seed)
    while GAME.outcome(st) is None:
        waiting = [d for d in GAME.decisions(st) if not d.optional]
        d = waiting[rng.randbelow(r, len(waiting))]
        flow.choose(Ctx(), st, d, random_choice(d, r))
        flow.advance(Ctx(), st)
        st.serial += 1
    assert flow.answers[True] > 300 and flow.answers[False] > 300


def operations_without_a_space(events: list[Event]) -> list[int]:
    """AA 3.1: indices of `coin.op` events (an Operation begun, Patrol aside) that no
    `coin.op_space` follows before the next card, Operation, Pass, Event or phase."""
    ends = ("coin.op", "coin.card", "coin.pass", "coin.event", "coin.phase")
    bad, open_at = [], None
    for i, e in enumerate(events):
        if e.kind == "coin.op_space":
            open_at = None
        elif e.kind in ends:
            if open_at is not None:
                bad.append(open_at)
            open_at = i if e.kind == "coin.op" and e.data.get("op") != "patrol" else None
    return bad + ([open_at] if open_at is not None else [])


@pytest.mark.parametrize("seats,seed", [(2, 7), (3, 8), (4, 9)])
def test_aa_3_1_every_operation_gets_a_space(seats: int, seed: int) -> None:
    """AA 3.1, 4.1 over random games: every Operation (Patrol aside) selects a space, whether
    or not its Special Activity came first."""
    r = rng.seeded(seed, stream=7)
    step = setup(GAME, seats, {}, seed)
    events = list(step.events)
    while step.outcome is None:
        d = step.waiting()[rng.randbelow(r, len(step.waiting()))]
        step = act(GAME, step.state, d.seat, random_choice(d, r))
        events += step.events
    assert sum(e.kind == "coin.sa" for e in events) > 5
    assert operations_without_a_space(events) == []


REPR = re.compile(r"[{}\[\]]|'\w+'|\b[a-z]+_[a-z_]+\b")  # Python reprs and snake_case ids


@pytest.mark.parametrize("seats,seed,options", [
    (2, 41, {}), (3, 42, {"card_text_edition": "second"}), (4, 43, {"deployment": "open"}),
    (4, 44, {})])
def test_every_option_and_event_follows_decision_0004(seats: int, seed: int,
                                                      options: dict[str, str]) -> None:
    """docs/decisions/0004 over random games: every option offered (the standing transfers
    included) has its id's verb and parts as named args and a label that says what happens;
    event texts are sentences (no Python reprs, no ids) and event data is JSON."""
    r = rng.seeded(seed, stream=7)
    step = setup(GAME, seats, options, seed)
    kinds: set[str] = set()
    while True:
        for e in step.events:
            assert not REPR.search(e.text), (e.kind, e.text)
            assert json.loads(json.dumps(e.data)) == e.data, e
        for d in step.decisions:
            kinds.add(d.kind)
            for o in d.options:
                assert option_problems(o) == [], (d.kind, o)
        if step.outcome is not None:
            break
        d = step.waiting()[rng.randbelow(r, len(step.waiting()))]
        step = act(GAME, step.state, d.seat, random_choice(d, r))
    assert len(kinds) > 20
