"""AA 1.5.1 (AA-R-04) standing Resources transfers made while an activity is under way, with
AA 3.1 and 4.1: a Special Activity begun before its Operation's first space, whose faction
then gives its Resources away, goes on as its own rules allow and the Operation takes the
spaces it can still pay for, none if it cannot (AA-I-17). Before, the step after such a
transfer offered nothing to choose (a RulesBug: an INTERNAL error through the gateway).

The games are the choice logs of recorded random games that ended that way
(golden/transfer_dead_ends.json.gz: each log up to and including the fatal transfer, taken
from the recording of replays_300.json.gz before the fix). 8 of the 14 remain: the other 6
(seeds 1011, 1012, 1123, 1158, 1180, 1275) reached their transfer through a Bribe flipping a
Guerrilla back or left open after flipping its only one, which AA 4.5.4 does not allow."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from services.andean_abyss import GAME
from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.constants import FACTION_IDS
from services.andean_abyss.game import FLOW
from services.andean_abyss.special.insurgent import bribe_modes
from services.andean_abyss.state import AAState
from services.coin.sa_lines import first_sa_index
from services.kernel import codec, rng
from services.kernel.bots import random_choice
from services.kernel.decisions import Choice, Decision
from services.kernel.engine import Step, act, setup, view
from tests.games.andean_abyss.scenario import (
    CARTELS,
    FARC,
    GOVT,
    Table,
    put,
    rig_die,
    standard,
    start_op,
)

DEAD_ENDS: list[dict[str, Any]] = json.loads(gzip.decompress(
    (Path(__file__).parent / "golden" / "transfer_dead_ends.json.gz").read_bytes()))
BY_SEED = {g["seed"]: g for g in DEAD_ENDS}
# the logs were recorded, and these playouts run, with a player for every faction (the
# No-Non-player option, AA 1.5): transfers between players are what they exercise
NO_NON_PLAYERS: dict[str, str] = {"non_players": "none"}


def decode(step: Step) -> AAState:
    return codec.decode(step.state, AAState)


def replay_to_last(g: dict[str, Any]) -> Step:
    step = setup(GAME, g["seats"], {**NO_NON_PLAYERS, **g["options"]}, g["seed"])
    for seat, did, oid, amount in g["log"][:-1]:
        step = act(GAME, step.state, seat, Choice(did, oid, amount))
    return step


def play_until_operation_ends(step: Step, seed: int) -> tuple[Step, list[str]]:
    """Random choices among the waited-on decisions, invariants checked after each, until
    the Operation of the SA under way is off the stack; returns the step reached and the
    kinds of the events on the way."""
    r = rng.seeded(seed, stream=5)
    kinds: list[str] = []
    for _ in range(200):
        if not any(f.proc == "coin.op" for f in decode(step).stack):
            return step, kinds
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        step = act(GAME, step.state, d.seat, random_choice(d, r))
        GAME.check_invariants(decode(step))
        kinds += [e.kind for e in step.events]
    raise AssertionError("the Operation did not end within 200 choices")


def waiting_raw(st: AAState) -> list[Decision]:
    return [d for d in FLOW.decisions(st) if not d.optional]


@pytest.mark.parametrize("seed", sorted(BY_SEED))
def test_aa_4_1_transfer_during_first_sa_leaves_a_choice(seed: int) -> None:
    """AA 1.5.1, 3.1, 4.1 (AA-I-17): the executing faction's transfer in the middle of its SA
    begun before the Operation's first space is taken as offered (the amount chosen leaves
    the giver); the SA's step then offers its own options, unfiltered, and the Operation
    ends without a space it cannot pay for."""
    g = BY_SEED[seed]
    before = replay_to_last(g)
    seat, did, _, amount = g["log"][-1]
    giver, receiver = (int(x) for x in did.split(".")[1:3])
    st0 = decode(before)
    # the log was stored with one decision per (giver, receiver): today the giver's one
    # decision offers that receiver and amount, and the stored choice is applied as it
    offered = next(d for d in before.decisions if d.id == did.rsplit(".", 1)[0])
    gives = [o.id for o in offered.options if o.args["faction"] == FACTION_IDS[receiver]]
    assert gives == [f"give:{FACTION_IDS[receiver]}:{n}"
                     for n in range(1, st0.resources[giver] + 1)]
    idx = first_sa_index(st0)
    assert idx is not None and st0.stack[idx].vars["f"] == giver
    step = act(GAME, before.state, seat, Choice(did, None, amount))
    st = decode(step)
    assert st.resources[giver] == st0.resources[giver] - amount
    assert st.resources[receiver] == min(99, st0.resources[receiver] + amount)
    shown = [d for d in step.decisions if not d.optional]
    assert shown and all(d.options or d.amount for d in shown)
    assert [(d.id, [o.id for o in d.options]) for d in shown] == \
        [(d.id, [o.id for o in d.options]) for d in waiting_raw(st)]
    end, _ = play_until_operation_ends(step, seed)
    assert end.outcome is not None or end.waiting()


def test_aa_4_5_4_bribe_then_terror_without_resources() -> None:
    """AA 4.5.4, 3.3.4, 1.5.1 (AA-I-17): the Cartels (9 Resources) begin a Bribe before
    their Terror's first space, then give 6 to the Government. Bribe (3) and a Terror (1)
    no longer fit in the 3 left: the Bribe is offered, unfiltered, in every space where it
    can act (22 at the standard set-up), at 3 Resources; once it is paid the Cartels have 0
    and the Terror ends with no space. (Seed 1158's recorded game showed it; its log flips
    a Guerrilla back, which AA 4.5.4 does not allow, so the situation is built here.)"""
    st = standard()
    st.resources[CARTELS] = 9
    start_op(st, CARTELS, "terror")
    t = Table(st)
    t.play("sa:bribe")
    give(t, CARTELS, GOVT, 6)
    assert t.st.resources == [46, 10, 10, 3]
    d = t.decision()
    assert d is not None and d.kind == "aa.bribe"
    assert d.option_ids() == [f"space:{D.NAMES[s]}" for s in B.spaces(t.st)
                              if bribe_modes(t.st, s)]
    assert len(d.options) == 22 and all(o.label.endswith("(3 Resources)") for o in d.options)
    step = act(GAME, t.data, CARTELS, Choice(d.id, "space:cali"))
    assert decode(step).resources[CARTELS] == 0
    end, kinds = play_until_operation_ends(step, 1158)
    assert "coin.op_space" not in kinds
    assert decode(end).resources[CARTELS] == 0


def give(t: Table, giver: int, receiver: int, amount: int) -> None:
    """A standing AA 1.5.1 transfer, taken through the engine like any choice."""
    (d,) = [d for d in view(GAME, t.data, None).pending
            if d.kind == "aa.give_resources" and d.id.endswith(f".{giver}")]
    step = act(GAME, t.data, d.seat, Choice(d.id, f"give:{FACTION_IDS[receiver]}:{amount}"))
    t.data = step.state
    t.events += step.events


def test_aa_4_3_3_kidnap_first_whose_target_gives_its_resources_away() -> None:
    """AA 4.3.3, 4.1, 1.5.1 (AA-I-5): FARC with 0 Resources Kidnaps first in Cucuta
    (Government and a Cartels Base there), the ransom to pay for its Terror. While FARC
    chooses whom to Kidnap, the Government gives all its Resources away: the Cartels are the
    only target whose ransom still pays, so the Kidnap takes from them at once and pays for
    the Terror in Cucuta (a transfer moves one target's Resources at a time, so the choice
    never loses both)."""
    st = standard()
    put(st, "cucuta", "farc_underground", 2)
    put(st, "cucuta", "cartels_base")
    st.resources[FARC] = 0
    rig_die(st, 5)
    start_op(st, FARC, "terror")
    t = Table(st)
    t.play("sa:kidnap", "space:cucuta")
    assert t.options() == ["target:govt", "target:cartels"]
    give(t, GOVT, CARTELS, 40)
    kidnap = next(e for e in t.events if e.kind == "aa.kidnap" and "roll" in e.data)
    assert kidnap.data == {"space": "cucuta", "roll": 5, "amount": 5, "faction": "cartels"}
    paid = next(e for e in t.events if e.kind == "coin.op_space")
    assert paid.data == {"op": "terror", "space": "cucuta", "cost": 1}
    assert t.st.resources == [0, 4, 10, 45]
    assert "done" in t.options()  # the Terror goes on with its next space or ends
    assert t.st.terror[D.INDEX["cucuta"]] == 1


def pick(step: Step, r: rng.RngState) -> Decision:
    """A waited-on decision, or (1 in 10) a standing optional one: a transfer of Resources
    or a Shipment, by a seat that has a decision waiting when there is one (the faction
    under way gives away what its activity was to use), else by anyone."""
    waiting = step.waiting()
    optional = [d for d in step.decisions if d.optional]
    if optional and rng.randbelow(r, 10) == 0:
        seats = {d.seat for d in waiting}
        pool = [d for d in optional if d.seat in seats] or optional
    else:
        pool = waiting
    return pool[rng.randbelow(r, len(pool))]


PLAYOUTS = [(2 + i % 3, seed) for i, seed in enumerate(range(500, 506))]


@pytest.mark.parametrize("seats,seed", PLAYOUTS)
def test_aa_1_5_1_random_transfers_never_dead_end(seats: int, seed: int) -> None:
    """AA 1.5.1 (AA-R-04, AA-I-17): random playouts taking a standing transfer at about 1
    choice in 10, whatever is under way, reach the end of the game: every step offers a
    choice (no RulesBug), the invariants hold, and the log replays to the same state."""
    r = rng.seeded(seed, stream=9)
    step = setup(GAME, seats, NO_NON_PLAYERS, seed)
    log: list[tuple[int, Choice]] = []
    transfers = 0
    while step.outcome is None:
        assert len(log) < 20_000
        d = pick(step, r)
        c = random_choice(d, r)
        transfers += d.optional
        log.append((d.seat, c))
        step = act(GAME, step.state, d.seat, c)
        GAME.check_invariants(decode(step))
    assert transfers > 20
    again = setup(GAME, seats, NO_NON_PLAYERS, seed)
    for seat, c in log:
        again = act(GAME, again.state, seat, c)
    assert again.state_hash == step.state_hash
