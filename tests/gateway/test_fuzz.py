"""Hypothesis against the live services: no request a client can send breaks anything.
Whatever arrives, the answer is one of the documented codes and Redis is unchanged."""

from __future__ import annotations

import grpc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw
from tablero.v1 import rules_pb2, rules_pb2_grpc

from .test_bad_input import snapshot

DOCUMENTED = {grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND,
              grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.PERMISSION_DENIED}
FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])

texts = st.one_of(st.text(max_size=40), st.sampled_from(["d0.0", "d1.0", "s0.0", "draw",
                                                          "pass", "card:1", ""]))
choices = st.builds(
    lambda d, which, o, a: pb.Choice(decision_id=d, **({which: o if which == "option_id"
                                                        else a} if which else {})),
    texts, st.sampled_from([None, "option_id", "amount"]), texts,
    st.integers(min_value=-(2**63), max_value=2**63 - 1))


@pytest.fixture(scope="module")
def fuzz_table(platform):
    from ..support import GatewayClient

    ann, bob = GatewayClient(platform.gateway.endpoint), GatewayClient(platform.gateway.endpoint)
    ann.login("ann")
    bob.login("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    yield ann, bob, info.table_id
    ann.close()
    bob.close()


@FUZZ
@given(choice=choices, key=st.text(max_size=80), version=st.integers(-5, 10),
       who=st.sampled_from([0, 1]), table=st.sampled_from(["own", "other", "junk"]))
def test_random_act_requests_get_documented_codes_and_change_nothing(
        fuzz_table, redis, choice, key, version, who, table):
    ann, bob, tid = fuzz_table
    target = {"own": tid, "other": "f" * 32, "junk": "x" + tid[1:]}[table]
    before = snapshot(redis, tid)
    req = gw.ActRequest(table_id=target, choice=choice, idempotency_key=key,
                        expected_version=version)
    offered = ann.GetView(gw.GetViewRequest(table_id=tid)).decisions
    legal = any(d.id == choice.decision_id and (
        (choice.WhichOneof("value") == "option_id" and choice.option_id in
         {o.id for o in d.options}) or
        (choice.WhichOneof("value") == "amount" and not d.options
         and d.amount.min <= choice.amount <= d.amount.max)) for d in offered)
    if legal and who == 0 and table == "own":
        return  # a legal move is not what this test is about
    try:
        (ann if who == 0 else bob).Act(req)
    except grpc.RpcError as e:
        assert e.code() in DOCUMENTED | {grpc.StatusCode.ABORTED}, e.details()
    else:
        raise AssertionError(f"accepted {req}")
    assert snapshot(redis, tid) == before


@FUZZ
@given(data=st.binary(max_size=300), seat=st.integers(-3, 7), choice=choices)
def test_the_rules_service_rejects_garbage_states_as_invalid(platform, data, seat, choice):
    with grpc.insecure_channel(platform.rules[0].endpoint) as ch:
        stub = rules_pb2_grpc.RulesStub(ch)
        state = pb.GameState(game="duel", format_version=1, data=data)
        for call in (lambda: stub.Act(rules_pb2.RulesActRequest(state=state, seat=seat,
                                                                 choice=choice)),
                     lambda: stub.View(rules_pb2.RulesViewRequest(state=state, seat=seat)),
                     lambda: stub.Suggest(rules_pb2.RulesSuggestRequest(state=state,
                                                                        seat=seat))):
            try:
                call()
            except grpc.RpcError as e:
                assert e.code() in DOCUMENTED, (e.code(), e.details())
