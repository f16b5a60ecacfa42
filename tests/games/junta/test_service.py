"""Junta as a real rules service: `python -m services.junta --port 0` over gRPC."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from tablero.junta.v1 import view_pb2 as junta_pb
from tablero.v1 import common_pb2 as pb
from tablero.v1 import rules_pb2 as rp
from tablero.v1 import rules_pb2_grpc

from services.junta import GAME
from services.kernel import engine
from tests import support
from tests.support import rules_service


@pytest.fixture(scope="module")
def rules() -> Iterator[rules_pb2_grpc.RulesStub]:
    with rules_service("junta") as stub:
        yield stub


def game_state(data: bytes) -> pb.GameState:
    return support.game_state("junta", data)


def test_describe(rules: rules_pb2_grpc.RulesStub) -> None:
    info = rules.Describe(rp.RulesDescribeRequest(), timeout=30)
    assert (info.id, info.min_seats, info.max_seats) == ("junta", 2, 7)
    assert info.view_type == "tablero.junta.v1.JuntaView"
    assert set(info.bot_policies) == {"random", "heuristic"}


def test_setup_view_suggest_act_match_the_engine(rules: rules_pb2_grpc.RulesStub) -> None:
    t = rules.Setup(rp.RulesSetupRequest(seats=5, seed=9), timeout=30)
    local = engine.setup(GAME, 5, {}, 9)
    assert t.state.data == local.state and t.state_hash == local.state_hash
    p = next(p for p in t.pending if not p.optional)
    sv = rules.View(rp.RulesViewRequest(state=t.state, seat=p.seat), timeout=30)
    view = junta_pb.JuntaView()
    assert sv.view.Unpack(view)
    assert view.viewer == p.seat and view.phase == "setup" and len(view.families) == 5
    assert len(view.families[p.seat].hand) == 5 and not view.families[(p.seat + 1) % 5].hand
    d = next(d for d in sv.decisions if not d.optional)
    assert d.kind == "junta.place_influence" and d.options[0].id == "done"
    assert all(o.label and o.args["action"] for o in d.options)
    support.suggested_act_matches_engine(rules, GAME, t, local.state, p.seat, d, "heuristic")


def test_bad_input_is_a_clear_error_and_changes_nothing(rules: rules_pb2_grpc.RulesStub) -> None:
    t = rules.Setup(rp.RulesSetupRequest(seats=4, seed=1), timeout=30)
    p = next(p for p in t.pending if not p.optional)
    with pytest.raises(grpc.RpcError) as e:
        rules.Act(rp.RulesActRequest(state=t.state, seat=p.seat, choice=pb.Choice(
            decision_id=p.id, option_id="place:not_a_card")), timeout=30)
    assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    with pytest.raises(grpc.RpcError) as e:
        rules.Act(rp.RulesActRequest(state=t.state, seat=(p.seat + 1) % 4, choice=pb.Choice(
            decision_id=p.id, option_id="done")), timeout=30)
    assert e.value.code() == grpc.StatusCode.PERMISSION_DENIED
    with pytest.raises(grpc.RpcError) as e:
        rules.Setup(rp.RulesSetupRequest(seats=8, seed=1), timeout=30)
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    with pytest.raises(grpc.RpcError) as e:
        rules.View(rp.RulesViewRequest(state=game_state(b"\x01\x02"), seat=0), timeout=30)
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    again = rules.Act(rp.RulesActRequest(state=t.state, seat=p.seat, choice=pb.Choice(
        decision_id=p.id, option_id="done")), timeout=30)
    assert again.state.data != t.state.data  # the rejected calls changed nothing stored
