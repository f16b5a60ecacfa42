"""Bad input gets the documented status (gateway.proto header, DESIGN §2) and changes nothing."""

from __future__ import annotations

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from ..support import GatewayClient

INVALID = grpc.StatusCode.INVALID_ARGUMENT
PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION


def snapshot(redis, tid: str) -> dict[bytes, bytes]:
    """Every key of the table, the matchmaking queues and invites, dumped byte for byte.
    (Session rate buckets are metering and change with every call, and the short-lived
    bot-driving lock comes and goes; they are not here.)"""
    keys = [*redis.scan_iter(f"t:{{{tid}}}:*"), *redis.scan_iter("mm:*"),
            *redis.scan_iter("inv:*")]
    keys = [k for k in keys if not k.endswith(b":drive")]
    return {k: redis.dump(k) for k in sorted(keys)}


@pytest.fixture
def table(new_client):
    ann, bob = new_client("ann"), new_client("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    return ann, bob, info.table_id


def reason(err: grpc.RpcError) -> str:
    status = rpc_status.from_call(err)
    for d in status.details:
        info = error_details_pb2.ErrorInfo()
        if d.Unpack(info):
            return info.reason
    return ""


def expect(code: grpc.StatusCode, fn, *args) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as e:
        fn(*args)
    assert e.value.code() == code, e.value.details()
    return e.value


def test_malformed_and_illegal_act_requests_are_rejected_and_change_nothing(table, redis,
                                                                             new_client):
    ann, bob, tid = table
    v = ann.GetView(gw.GetViewRequest(table_id=tid))
    d = v.decisions[0]  # seat 0 sets the stake: an amount 0..3
    other = new_client("eve")
    before = snapshot(redis, tid)
    cases = [
        (INVALID, ann, gw.ActRequest(table_id=tid)),
        (INVALID, ann, gw.ActRequest(table_id=tid, choice=pb.Choice(option_id="x"))),
        (INVALID, ann, gw.ActRequest(table_id=tid, choice=pb.Choice(decision_id=d.id))),
        (INVALID, ann, gw.ActRequest(table_id=tid, choice=pb.Choice(decision_id="x" * 200,
                                                                    amount=1))),
        (INVALID, ann, gw.ActRequest(table_id=tid, idempotency_key="k" * 65,
                                     choice=pb.Choice(decision_id=d.id, amount=1))),
        (INVALID, ann, gw.ActRequest(table_id="not-a-table",
                                     choice=pb.Choice(decision_id=d.id, amount=1))),
        (grpc.StatusCode.NOT_FOUND, ann, gw.ActRequest(
            table_id="0" * 32, choice=pb.Choice(decision_id=d.id, amount=1))),
        (PRECONDITION, ann, gw.ActRequest(table_id=tid, choice=pb.Choice(
            decision_id="d99.0", amount=1))),  # no such decision pending
        (PRECONDITION, ann, gw.ActRequest(table_id=tid, choice=pb.Choice(
            decision_id=d.id, amount=9))),  # amount out of range
        (PRECONDITION, ann, gw.ActRequest(table_id=tid, choice=pb.Choice(
            decision_id=d.id, option_id="draw"))),  # an option not offered
        (grpc.StatusCode.PERMISSION_DENIED, bob, gw.ActRequest(
            table_id=tid, choice=pb.Choice(decision_id=d.id, amount=1))),  # another seat's
        (grpc.StatusCode.PERMISSION_DENIED, other, gw.ActRequest(
            table_id=tid, choice=pb.Choice(decision_id=d.id, amount=1))),  # not seated
    ]
    for code, who, req in cases:
        err = expect(code, who.Act, req)
        assert reason(err), f"no ErrorInfo for {code}"
    assert snapshot(redis, tid) == before


def test_missing_forged_or_malformed_tokens_are_unauthenticated(platform, table, redis):
    ann, _, tid = table
    before = snapshot(redis, tid)
    c = GatewayClient(platform.gateway.endpoint)
    for md in ([], [("authorization", "Bearer forged-token-000000")],
               [("authorization", "Basic abc")]):
        err = expect(grpc.StatusCode.UNAUTHENTICATED, lambda md=md: c.stub.GetView(
            gw.GetViewRequest(table_id=tid), metadata=md))
        assert reason(err) == "UNAUTHENTICATED"
    c.close()
    assert snapshot(redis, tid) == before


def test_oversized_messages_are_refused(table, redis):
    ann, _, tid = table
    before = snapshot(redis, tid)
    big = gw.ActRequest(table_id=tid, choice=pb.Choice(decision_id="d", option_id="x"),
                        idempotency_key="y" * (2 * 1024 * 1024))
    expect(grpc.StatusCode.RESOURCE_EXHAUSTED, ann.Act, big)
    assert snapshot(redis, tid) == before


def test_bad_matchmaking_and_table_requests(new_client, redis):
    ann = new_client("ann")
    before = {k: redis.dump(k) for k in redis.scan_iter("mm:*")}
    expect(grpc.StatusCode.NOT_FOUND, ann.Enqueue, gw.EnqueueRequest(game="chess", seats=2))
    expect(INVALID, ann.Enqueue, gw.EnqueueRequest(game="duel", seats=9))
    expect(INVALID, ann.Enqueue, gw.EnqueueRequest(game="duel", seats=2, options={"x": "1"}))
    expect(INVALID, ann.Enqueue, gw.EnqueueRequest(game="duel", seats=2,
                                                   options={"rounds": "99"}))
    expect(INVALID, ann.Enqueue, gw.EnqueueRequest(game="duel", seats=2, ttl_ms=-1))
    expect(INVALID, ann.GetTicket, gw.GetTicketRequest(ticket_id="nonsense"))
    expect(INVALID, ann.CreateTable, gw.CreateTableRequest(game="duel", seats=2,
                                                           bot_seats=[0, 0]))
    expect(grpc.StatusCode.NOT_FOUND, ann.JoinTable, gw.JoinTableRequest(invite_code="nope"))
    assert {k: redis.dump(k) for k in redis.scan_iter("mm:*")} == before


def test_login_validation(platform):
    c = GatewayClient(platform.gateway.endpoint)
    expect(INVALID, c.stub.Login, gw.LoginRequest(guest_name=""))
    expect(INVALID, c.stub.Login, gw.LoginRequest(guest_name="x" * 40))
    expect(INVALID, c.stub.Login, gw.LoginRequest())
    expect(grpc.StatusCode.UNAUTHENTICATED, c.stub.Login, gw.LoginRequest(api_key="wrong"))
    ok = c.stub.Login(gw.LoginRequest(api_key="test-key-123"))
    assert ok.display_name == "alice" and ok.player_id == "k-alice"
    c.close()


def test_watch_rejects_a_malformed_resume_id(table):
    ann, _, tid = table
    stream = ann.Watch(gw.WatchRequest(table_id=tid, after_event_id="yesterday"))
    expect(INVALID, lambda: next(iter(stream)))
