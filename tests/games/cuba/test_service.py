"""Cuba as a real rules service: `python -m services.cuba --port 0` over gRPC."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tablero.cuba.v1 import view_pb2 as cuba_pb
from tablero.v1 import common_pb2 as pb
from tablero.v1 import rules_pb2 as rp
from tablero.v1 import rules_pb2_grpc

from services.cuba import GAME
from services.kernel import engine
from services.kernel.decisions import Choice
from tests import support
from tests.support import rules_service


@pytest.fixture(scope="module")
def rules() -> Iterator[rules_pb2_grpc.RulesStub]:
    with rules_service("cuba") as stub:
        yield stub


def game_state(data: bytes) -> pb.GameState:
    return support.game_state("cuba", data)


def test_describe(rules: rules_pb2_grpc.RulesStub) -> None:
    info = rules.Describe(rp.RulesDescribeRequest(), timeout=30)
    assert (info.id, info.min_seats, info.max_seats) == ("cuba", 2, 5)
    assert info.view_type == "tablero.cuba.v1.CubaView"
    assert set(info.bot_policies) == {"random", "heuristic"}
    assert {o.name: list(o.values) for o in info.options} == {
        "farm_side": ["standard"], "variant": ["none", "hidden_parliament_card"]}


def test_setup_view_suggest_act(rules: rules_pb2_grpc.RulesStub) -> None:
    t = rules.Setup(rp.RulesSetupRequest(seats=3, seed=9), timeout=30)
    local = engine.setup(GAME, 3, {}, 9)
    assert t.state.data == local.state and t.state_hash == local.state_hash
    [p] = t.pending
    sv = rules.View(rp.RulesViewRequest(state=t.state, seat=p.seat), timeout=30)
    view = cuba_pb.CubaView()
    assert sv.view.Unpack(view)
    assert view.viewer == p.seat and view.phase == "setup" and len(view.players) == 3
    assert [d.kind for d in sv.decisions] == ["cuba.setup_pick"]
    support.suggested_act_matches_engine(rules, GAME, t, local.state, p.seat, sv.decisions[0],
                                         "heuristic")


def test_sealed_bid_is_not_in_another_seats_view(rules: rules_pb2_grpc.RulesStub) -> None:
    step = engine.setup(GAME, 2, {}, 3)
    while not any(d.kind == "cuba.bribe" for d in step.waiting()):
        d = step.waiting()[0]
        step = engine.act(GAME, step.state, d.seat, engine.suggest(GAME, step.state, d.seat))
    bids = [d for d in step.waiting() if d.kind == "cuba.bribe"]
    assert len(bids) == 2  # the first commit reveals nothing
    d = bids[0]
    views = []
    for amount in (d.amount.min, d.amount.max):
        after = engine.act(GAME, step.state, d.seat, Choice(d.id, amount=amount))
        other = 1 - d.seat
        sv = rules.View(rp.RulesViewRequest(state=game_state(after.state), seat=other),
                        timeout=30)
        views.append(sv.view.value)
    assert d.amount.min < d.amount.max and views[0] == views[1]
