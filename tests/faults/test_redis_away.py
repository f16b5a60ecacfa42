"""Redis away (killed, restarting, loading): every RPC answers UNAVAILABLE with RetryInfo,
never INTERNAL, and once Redis is back the gateway's clients (the lean one and redis-py's)
serve the very next call: no stale connection answers for a dead server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from redis.exceptions import BusyLoadingError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from gateway.errors import redis_unavailable

from ..support import GatewayClient, seated_pair


def retry_delay_ms(err: grpc.RpcError) -> int:
    status = rpc_status.from_call(err)
    assert status is not None, err
    retry = error_details_pb2.RetryInfo()
    assert any(d.Unpack(retry) for d in status.details), err.details()
    return retry.retry_delay.ToMilliseconds()


def every_rpc(ann: GatewayClient, tid: str, invite: str, ticket: str,
              decision: str) -> list[tuple[str, Callable[[], Any]]]:
    return [
        ("Login", lambda: ann.stub.Login(gw.LoginRequest(guest_name="late"), timeout=10)),
        ("GetView", lambda: ann.GetView(gw.GetViewRequest(table_id=tid))),
        ("Act", lambda: ann.Act(gw.ActRequest(
            table_id=tid, choice=pb.Choice(decision_id=decision, amount=1),
            idempotency_key="away-1"))),
        ("Suggest", lambda: ann.Suggest(gw.SuggestRequest(table_id=tid))),
        ("GetTable", lambda: ann.GetTable(gw.GetTableRequest(table_id=tid))),
        ("ListTables", lambda: ann.ListTables(gw.ListTablesRequest(game="duel"))),
        ("CreateTable", lambda: ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2,
                                                                      join=True))),
        ("JoinTable", lambda: ann.JoinTable(gw.JoinTableRequest(invite_code=invite))),
        ("LeaveTable", lambda: ann.LeaveTable(gw.LeaveTableRequest(table_id=tid))),
        ("Enqueue", lambda: ann.Enqueue(gw.EnqueueRequest(game="duel", seats=3,
                                                          request_id="away-2"))),
        ("GetTicket", lambda: ann.GetTicket(gw.GetTicketRequest(ticket_id=ticket))),
        ("CancelTicket", lambda: ann.CancelTicket(gw.CancelTicketRequest(ticket_id=ticket))),
        ("Watch", lambda: next(iter(ann.Watch(gw.WatchRequest(table_id=tid))))),
    ]


def test_every_rpc_is_unavailable_with_retry_info_while_redis_is_away(store, gateway):
    ann, bob, info = seated_pair(gateway.endpoint)
    ticket = ann.Enqueue(gw.EnqueueRequest(game="duel", seats=4)).ticket_id
    decision = ann.GetView(gw.GetViewRequest(table_id=info.table_id)).decisions[0].id
    calls = every_rpc(ann, info.table_id, info.invite_code, ticket, decision)
    store.crash()
    for name, call in calls:
        with pytest.raises(grpc.RpcError) as e:
            call()
        assert e.value.code() == grpc.StatusCode.UNAVAILABLE, (name, e.value.details())
        assert retry_delay_ms(e.value) > 0, name
    store.restart()
    # The very next call of each kind is served: both Redis clients reconnected at once.
    for name, call in calls:
        if name not in ("LeaveTable", "CancelTicket"):  # they would change what follows
            call()
    assert ann.GetView(gw.GetViewRequest(table_id=info.table_id)).version == 1  # the Act
    assert ann.CancelTicket(gw.CancelTicketRequest(ticket_id=ticket)).status == \
        gw.TICKET_STATUS_CANCELLED
    ann.close()
    bob.close()


def test_tables_and_sessions_survive_a_redis_crash_and_restart(store, gateway):
    """Append-only, SIGKILL: what Redis acknowledged is there again."""
    ann, bob, info = seated_pair(gateway.endpoint)
    d = ann.GetView(gw.GetViewRequest(table_id=info.table_id)).decisions[0]
    ann.Act(gw.ActRequest(table_id=info.table_id, choice=pb.Choice(decision_id=d.id,
                                                                   amount=2)))
    store.crash()
    store.restart()
    view = bob.GetView(gw.GetViewRequest(table_id=info.table_id))  # bob's session is back
    assert view.version == 1 and view.seat == 1
    ann.close()
    bob.close()


@pytest.mark.parametrize("error", [
    RedisConnectionError("Connection closed by server."), RedisTimeoutError("Timeout"),
    BusyLoadingError("Redis is loading the dataset in memory"),
    ResponseError("LOADING Redis is loading the dataset in memory"),
    ResponseError("MASTERDOWN Link with MASTER is down"), ConnectionRefusedError(111, "no"),
    ResponseError("READONLY You can't write against a read only replica."),
])
def test_what_counts_as_redis_being_away(error):
    """The lean client hands error replies back as they come (`LOADING ...`); redis-py
    raises its own classes: both mean UNAVAILABLE."""
    assert redis_unavailable(error)


@pytest.mark.parametrize("error", [ResponseError("WRONGTYPE Operation against a key"),
                                   ResponseError("ERR syntax error"), ValueError("x")])
def test_what_does_not(error):
    assert not redis_unavailable(error)
