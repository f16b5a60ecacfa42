"""Cuba Libre as a real rules service: `python -m services.cuba_libre --port 0` over gRPC —
Describe, Setup / View / Act matching the engine, typed views, bad input refused without a
change, and a whole table of kernel bots played to its outcome through PlayBots."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from tablero.cuba_libre.v1 import view_pb2 as cl_pb
from tablero.v1 import common_pb2 as pb
from tablero.v1 import rules_pb2 as rp
from tablero.v1 import rules_pb2_grpc

from services.cuba_libre import GAME
from services.cuba_libre.state import CLState
from services.kernel import codec, engine
from services.kernel.decisions import Choice
from tests import support
from tests.support import rules_service


@pytest.fixture(scope="module")
def rules() -> Iterator[rules_pb2_grpc.RulesStub]:
    with rules_service("cuba_libre") as stub:
        yield stub


def test_describe(rules: rules_pb2_grpc.RulesStub) -> None:
    info = rules.Describe(rp.RulesDescribeRequest(), timeout=30)
    assert (info.id, info.min_seats, info.max_seats) == ("cuba_libre", 2, 4)
    assert info.view_type == "tablero.cuba_libre.v1.CubaLibreView"
    assert [r.id for r in info.roles] == ["govt", "m26", "directorio", "syndicate"]
    assert {o.name for o in info.options} >= {"setup", "short_game", "sudden_propaganda",
                                              "deception", "non_players", "shared_factions"}


def test_setup_view_suggest_act_match_the_engine(rules: rules_pb2_grpc.RulesStub) -> None:
    t = rules.Setup(rp.RulesSetupRequest(seats=4, seed=9), timeout=30)
    local = engine.setup(GAME, 4, {}, 9)
    assert t.state.data == local.state and t.state_hash == local.state_hash
    p = next(p for p in t.pending if not p.optional)
    sv = rules.View(rp.RulesViewRequest(state=t.state, seat=p.seat), timeout=30)
    view = cl_pb.CubaLibreView()
    assert sv.view.Unpack(view)
    assert len(view.spaces) == 13 and view.deck_remaining == 51 and view.aid == 15
    d = next(d for d in sv.decisions if not d.optional)
    assert d.kind == "coin.eligible" and "pass" in [o.id for o in d.options]
    assert all(o.label and o.args["action"] for o in d.options)
    support.suggested_act_matches_engine(rules, GAME, t, local.state, p.seat, d, "random")


def test_bad_input_is_a_clear_error_and_changes_nothing(
        rules: rules_pb2_grpc.RulesStub) -> None:
    t = rules.Setup(rp.RulesSetupRequest(seats=4, seed=1), timeout=30)
    p = next(p for p in t.pending if not p.optional)
    with pytest.raises(grpc.RpcError) as e:
        rules.Act(rp.RulesActRequest(state=t.state, seat=p.seat, choice=pb.Choice(
            decision_id=p.id, option_id="op:parade")), timeout=30)
    assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    with pytest.raises(grpc.RpcError) as e:
        rules.Act(rp.RulesActRequest(state=t.state, seat=(p.seat + 1) % 4, choice=pb.Choice(
            decision_id=p.id, option_id="pass")), timeout=30)
    assert e.value.code() == grpc.StatusCode.PERMISSION_DENIED
    for seats, options in ((5, {}), (4, {"non_players": "govt+m26+directorio+syndicate"}),
                           (2, {"deception": "true"}), (4, {"setup": "secret"})):
        with pytest.raises(grpc.RpcError) as e:
            rules.Setup(rp.RulesSetupRequest(seats=seats, seed=1, options=options), timeout=30)
        assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    with pytest.raises(grpc.RpcError) as e:
        rules.View(rp.RulesViewRequest(state=support.game_state("cuba_libre", b"\x01\x02"),
                                       seat=0), timeout=30)
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    again = rules.Act(rp.RulesActRequest(state=t.state, seat=p.seat, choice=pb.Choice(
        decision_id=p.id, option_id="pass")), timeout=30)
    assert again.state.data != t.state.data  # the rejected calls changed nothing stored


@pytest.mark.parametrize("seats,seed,options", [
    (4, 5, {}), (2, 5, {"non_players": "govt+syndicate", "sudden_propaganda": "true"}),
    (2, 6, {"short_game": "true"})])
def test_a_table_of_bots_plays_to_the_end(rules: rules_pb2_grpc.RulesStub, seats: int,
                                          seed: int, options: dict[str, str]) -> None:
    """A whole game played by kernel bots through PlayBots (bounded rounds of 1000 moves);
    the final state keeps every invariant and replays from the seed and the moves."""
    t = rules.Setup(rp.RulesSetupRequest(seats=seats, seed=seed, options=options),
                    timeout=30)
    state, moves = t.state, []
    for _ in range(20):
        r = rules.PlayBots(rp.RulesPlayBotsRequest(
            state=state, bot_seats=list(range(seats)), policy="random", bot_seed=7,
            max_steps=1000), timeout=120)
        moves += list(r.moves)
        state = r.final.state
        if r.final.outcome.finished:
            break
    assert r.final.outcome.finished and len(r.final.outcome.results) == seats
    st = codec.decode(state.data, CLState)
    GAME.check_invariants(st)
    assert st.over in (1, 2, 3)
    log = [(m.seat, Choice(m.choice.decision_id, m.choice.option_id or None,
                           m.choice.amount if m.choice.HasField("amount") else None))
           for m in moves]
    assert engine.replay(GAME, seats, options, seed, log).state == state.data
