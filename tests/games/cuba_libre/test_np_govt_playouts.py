"""CL 8.8 property: the Non-player Government against uniformly random Insurgent players,
whole games through the engine over many seeds: every game ends (no dead end, no runaway
procedure), every state keeps the invariants, the Government acted by its procedures
(coin.np_choice events), and seed + the players' choices replay to the same final state."""

from __future__ import annotations

import os

import pytest

from services.cuba_libre import GAME
from services.cuba_libre.state import CLState
from services.kernel import codec
from services.kernel.engine import Step, act, replay, setup
from services.kernel.playout import Playout, random_playout

TABLE = {"non_players": "govt"}
TABLES = [(3, TABLE), (2, {"non_players": "govt+syndicate"}),
          (3, {**TABLE, "setup": "alternative"}), (3, {**TABLE, "deception": "true"}),
          (3, {**TABLE, "sudden_propaganda": "true"})]
SEEDS = int(os.environ.get("CL_NP_GOVT_SEEDS", "3"))  # per table


@pytest.mark.parametrize("seats,options", TABLES)
def test_cl_8_8_govt_non_player_against_random_insurgents(seats: int,
                                                          options: dict[str, str]) -> None:
    for k in range(SEEDS):
        seed = 8800 + 10 * seats + k
        p = random_playout(GAME, seats, seed, options, check=True)
        assert p.final.outcome is not None
        st = codec.decode(p.final.state, CLState)
        assert st.over in (1, 2, 3) and not st.stack
        assert replay(GAME, seats, options, seed, p.log).state_hash == p.final.state_hash


def govt_choices(p: Playout) -> list[tuple[str, str]]:
    """The Government's choices (decision kind, option) announced while replaying the log."""
    step = setup(GAME, 3, TABLE, p.seed)
    out = announced(step)
    for seat, c in p.log:
        step = act(GAME, step.state, seat, c)
        out += announced(step)
    return out


def announced(step: Step) -> list[tuple[str, str]]:
    return [(str(e.data["kind"]), str(e.data["option"])) for e in step.events
            if e.kind == "coin.np_choice" and e.data["faction"] == "govt"]


def test_cl_8_8_govt_choices_are_public_events_and_replay_alike() -> None:
    """CL 8.0: each Government choice is a public coin.np_choice event (its Operations,
    Civic Action, Redeploy among them); a replay announces the same choices."""
    p = random_playout(GAME, 3, 8899, TABLE)
    seen = govt_choices(p)
    kinds = {k for k, _ in seen}
    assert {"coin.eligible", "coin.op_space", "cl.redeploy", "cl.redeploy_to"} <= kinds
    assert govt_choices(p) == seen
