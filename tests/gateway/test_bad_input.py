"""Bad input gets the documented status (gateway.proto header, DESIGN §2) and changes nothing."""

from __future__ import annotations

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from ..fuzzing import keyspace
from ..support import GatewayClient

INVALID = grpc.StatusCode.INVALID_ARGUMENT
PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION


def snapshot(redis, tid: str) -> dict[bytes, object]:
    """Every key of the table, the matchmaking queues and invites, by value. (Session
    rate buckets are metering and change with every call, and the short-lived
    bot-driving lock comes and goes; they are not here.)"""
    return keyspace(redis, (f"t:{{{tid}}}:*", "mm:*", "inv:*"))


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
    before = keyspace(redis, ("mm:*",))
    expect(grpc.StatusCode.NOT_FOUND, ann.Enqueue, gw.EnqueueRequest(game="chess", seats=2))
    expect(INVALID, ann.Enqueue, gw.EnqueueRequest(game="duel", seats=9))
    expect(INVALID, ann.Enqueue, gw.EnqueueRequest(game="duel", seats=2, options={"x": "1"}))
    expect(INVALID, ann.Enqueue, gw.EnqueueRequest(game="duel", seats=2,
                                                   options={"rounds": "99"}))
    expect(INVALID, ann.Enqueue, gw.EnqueueRequest(game="duel", seats=2, ttl_ms=-1))
    expect(INVALID, ann.GetTicket, gw.GetTicketRequest(ticket_id="nonsense"))
    expect(INVALID, ann.CreateTable, gw.CreateTableRequest(game="duel", seats=2,
                                                           bot_seats=[0, 0]))
    expect(INVALID, ann.CreateTable, gw.CreateTableRequest(game="duel", seats=2,
                                                           bot_policy="genius"))
    expect(grpc.StatusCode.NOT_FOUND, ann.JoinTable, gw.JoinTableRequest(invite_code="nope"))
    assert keyspace(redis, ("mm:*",)) == before


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


def test_watch_rejects_resume_ids_redis_would_refuse(table, redis):
    """Ids the old pattern let through and Redis refused (INTERNAL): a trailing newline,
    parts past 64 bits, non-ASCII digits."""
    ann, _, tid = table
    before = snapshot(redis, tid)
    for bad in ("1-0\n", "99999999999999999999-0", "18446744073709551616-0", "\u0661-\u0660",
                "0-18446744073709551616", "1-0 ", "-1-0"):
        stream = ann.Watch(gw.WatchRequest(table_id=tid, after_event_id=bad))
        err = expect(INVALID, lambda s=stream: next(iter(s)))
        assert reason(err) == "BAD_REQUEST"
    assert snapshot(redis, tid) == before
    edge = ann.Watch(gw.WatchRequest(table_id=tid, after_event_id="18446744073709551615-0"),
                     timeout=1)
    with pytest.raises(grpc.RpcError) as quiet:  # valid: nothing after it, so it waits
        next(iter(edge))
    assert quiet.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED


def test_list_tables_page_tokens_are_ascii_digits_only(new_client):
    ann = new_client("ann")
    for bad in ("\u00b2", "\u0661", "1\n", " 1", "1234567890", "-1"):
        err = expect(INVALID, ann.ListTables, gw.ListTablesRequest(game="duel", page_token=bad))
        assert reason(err) == "BAD_REQUEST"
    assert ann.ListTables(gw.ListTablesRequest(game="duel", page_token="0")) is not None


def test_joining_a_table_one_is_seated_at_answers_the_seat(table, redis):
    """A retried JoinTable (the reply was lost) is the same join, not an INTERNAL."""
    ann, bob, tid = table
    code = ann.GetTable(gw.GetTableRequest(table_id=tid)).invite_code
    before = snapshot(redis, tid)
    assert bob.JoinTable(gw.JoinTableRequest(invite_code=code)).your_seat == 1
    assert ann.JoinTable(gw.JoinTableRequest(invite_code=code)).your_seat == 0
    assert snapshot(redis, tid) == before


def test_client_text_in_errors_is_cut_short(new_client, table):
    """An 8,000-character game name is NOT_FOUND with a short message, not a reply whose
    metadata outgrows what the client accepts (RESOURCE_EXHAUSTED)."""
    ann, _, tid = table
    long = "g" * 8000
    calls = [(ann.DescribeGame, gw.DescribeGameRequest(game=long)),
             (ann.ListTables, gw.ListTablesRequest(game=long)),
             (ann.Enqueue, gw.EnqueueRequest(game=long, seats=2)),
             (ann.CreateTable, gw.CreateTableRequest(game=long, seats=2)),
             (ann.Suggest, gw.SuggestRequest(table_id=tid, policy="p" * 32)),
             (ann.Act, gw.ActRequest(table_id=tid, choice=pb.Choice(decision_id="d" * 128,
                                                                   amount=1)))]
    for fn, req in calls:
        with pytest.raises(grpc.RpcError) as e:
            fn(req)
        assert e.value.code() in (grpc.StatusCode.NOT_FOUND, INVALID, PRECONDITION), \
            e.value.details()
        assert len(e.value.details()) <= 120, e.value.details()


def untouched(redis, token: str) -> dict[bytes, object]:
    """The caller's session and every queue and invite (what a request could change)."""
    return keyspace(redis, (f"s:{{{token}}}", "mm:*", "inv:*"))


def test_a_body_that_does_not_parse_is_invalid_argument_on_every_rpc(platform, client, redis):
    """grpc answered UNKNOWN with a traceback per call; now INVALID_ARGUMENT, before any
    session check, changing nothing, logged once per client and interval."""
    before = untouched(redis, client.token)
    log = platform.gateway.log_path
    assert log is not None
    logged = log.stat().st_size
    service = gw.DESCRIPTOR.services_by_name["Gateway"]
    for m in service.methods:
        path = f"/tablero.v1.Gateway/{m.name}"
        call = (client.channel.unary_stream(path) if m.server_streaming
                else client.channel.unary_unary(path))
        for body in (b"\xff\xff\xff", b"\x0a\x05ab"):  # corrupt; truncated string field
            with pytest.raises(grpc.RpcError) as e:
                res = call(body, metadata=client.md, timeout=10)
                if m.server_streaming:
                    next(iter(res))
            assert e.value.code() == INVALID, (m.name, e.value.code(), e.value.details())
            assert reason(e.value) == "MALFORMED_REQUEST"
            assert e.value.details() == f"the request body is not a valid {m.input_type.full_name}"
    assert untouched(redis, client.token) == before
    with log.open() as f:
        f.seek(logged)
        new = f.read()
    assert "Traceback" not in new
    assert new.count("malformed") <= 1
