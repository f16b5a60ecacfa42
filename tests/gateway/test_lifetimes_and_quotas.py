"""Nothing a client sends grows the store without bound (DESIGN §3 "Limits", issue 9):
every key has a lifetime, each session has quotas, tables of bots alone are for API-key
sessions, and matchmaking holds one ticket per player and queue. A gateway with short
lifetimes and small quotas, on a Redis of its own (its sweeps trim every index there)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

import grpc
import pytest
import redis as redis_lib
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from tablero.v1 import gateway_pb2 as gw

from deploy.processes import Proc, start_gateway, start_redis, target

from ..conftest import FAST_ENV
from ..support import GatewayClient, play_to_end

SHORT = {**FAST_ENV, "TABLERO_OPEN_TABLE_TTL_MS": "1500", "TABLERO_TICKET_KEEP_MS": "5000",
         "TABLERO_FINISHED_TTL_S": "2", "TABLERO_QUOTA_OPEN_TABLES": "2",
         "TABLERO_QUOTA_ACTIVE_TABLES": "3", "TABLERO_QUOTA_TICKETS": "2",
         "TABLERO_KEY_QUOTA_FACTOR": "2", "TABLERO_BOTS_AFTER_MS": "60000",
         "TABLERO_API_KEYS": "test-key-123:alice,quota-key-456:quinn"}


@pytest.fixture(scope="module")
def short(duel_replicas: list[Proc], log_dir) -> Iterator[tuple[str, redis_lib.Redis]]:
    store = start_redis()
    gateway = start_gateway(f"redis://{store.endpoint}/0", {"duel": target(duel_replicas)},
                            log_dir=log_dir, env=SHORT)
    r = redis_lib.Redis.from_url(f"redis://{store.endpoint}/0")
    yield gateway.endpoint, r
    r.close()
    gateway.stop()
    store.stop()


@pytest.fixture
def player(short, new_client) -> Callable[..., GatewayClient]:
    """A guest of the short-lived gateway, or with `api_key`, that key's session."""
    def make(name: str, api_key: str = "") -> GatewayClient:
        c = new_client(name or "keyed", short[0])
        if api_key:
            c.login_key(api_key)
        return c

    return make


def wait_for(pred: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def quota_of(err: grpc.RpcError) -> tuple[str, int]:
    assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, err.details()
    failure = error_details_pb2.QuotaFailure()
    assert any(d.Unpack(failure) for d in rpc_status.from_call(err).details), err.details()
    v = failure.violations[0]
    return v.quota_id, v.quota_value


def refused(fn, req) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as e:
        fn(req)
    return e.value


def table_keys(r: redis_lib.Redis, tid: str) -> list[bytes]:
    return list(r.scan_iter(f"t:{{{tid}}}:*"))


def open_table(c: GatewayClient) -> gw.TableInfo:
    return c.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))


def test_an_open_table_nobody_joins_expires_with_its_invite(short, player):
    _, r = short
    ann = player("ann")
    info = open_table(ann)
    assert all(0 < r.pttl(k) <= 1500 for k in table_keys(r, info.table_id))
    assert 0 < r.pttl(f"inv:{info.invite_code}") <= 1500
    wait_for(lambda: not table_keys(r, info.table_id) and not r.exists(f"inv:{info.invite_code}"))
    bob = player("bob")
    assert refused(bob.JoinTable, gw.JoinTableRequest(
        invite_code=info.invite_code)).code() == grpc.StatusCode.NOT_FOUND


def test_a_table_that_fills_keeps_its_keys_until_it_ends_then_for_the_retention(short, player):
    _, r = short
    ann, bob = player("ann"), player("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True,
                                                 options={"rounds": "1"}))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    tid = info.table_id
    assert all(r.pttl(k) == -1 for k in table_keys(r, tid))  # playing: no lifetime
    assert r.pttl(f"inv:{info.invite_code}") == -1
    assert r.sismember("tables:active", tid)
    play_to_end([ann, bob], tid, random.Random(1))
    assert not r.exists(f"inv:{info.invite_code}")  # the invite died with its table
    assert all(0 < r.pttl(k) <= 2000 for k in table_keys(r, tid))
    assert r.zscore("tables:finished", tid) is not None and not r.sismember("tables:active", tid)
    # After the retention the keys are gone and the index is trimmed.
    wait_for(lambda: not table_keys(r, tid) and r.zscore("tables:finished", tid) is None)


def test_open_and_active_tables_are_bounded_per_session(short, player):
    ann, bob = player("ann"), player("bob")
    first, _ = open_table(ann), open_table(ann)
    assert quota_of(refused(ann.CreateTable, gw.CreateTableRequest(
        game="duel", seats=2, join=True))) == ("open_tables", 2)
    bob.JoinTable(gw.JoinTableRequest(invite_code=first.invite_code))  # one open one starts
    open_table(ann)
    assert quota_of(refused(ann.CreateTable, gw.CreateTableRequest(
        game="duel", seats=2, join=True, bot_seats=[1]))) == ("active_tables", 3)
    # An API-key session's quotas are the factor (2) times larger.
    k = player("", api_key="quota-key-456")
    for _ in range(6):
        k.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True, bot_seats=[1]))
    assert quota_of(refused(k.CreateTable, gw.CreateTableRequest(
        game="duel", seats=2, join=True))) == ("active_tables", 6)


def test_a_retried_join_is_answered_even_at_the_quota(short, player):
    ann, bob = player("ann"), player("bob")
    info = open_table(ann)
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    for _ in range(2):
        bob.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True, bot_seats=[1]))
    assert bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code)).your_seat == 1


def test_tables_of_bots_alone_need_an_api_key_session(short, player):
    ann = player("ann")
    err = refused(ann.CreateTable, gw.CreateTableRequest(game="duel", seats=2,
                                                         bot_seats=[0, 1]))
    assert err.code() == grpc.StatusCode.PERMISSION_DENIED
    k = player("", api_key="test-key-123")
    info = k.CreateTable(gw.CreateTableRequest(game="duel", seats=2, bot_seats=[0, 1],
                                               options={"rounds": "1"}))
    wait_for(lambda: k.GetTable(gw.GetTableRequest(table_id=info.table_id)).status
             == gw.TABLE_STATUS_FINISHED)


def test_a_guest_table_whose_last_person_leaves_is_abandoned_not_played_by_bots(short,
                                                                               player):
    _, r = short
    ann = player("ann")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=3, join=True,
                                                 bot_seats=[1, 2]))
    watch = ann.Watch(gw.WatchRequest(table_id=info.table_id), timeout=10)
    left = ann.LeaveTable(gw.LeaveTableRequest(table_id=info.table_id))
    assert left.status == gw.TABLE_STATUS_FINISHED and left.outcome.finished
    assert left.outcome.summary.startswith("Abandoned") and not left.outcome.results
    events = list(watch)  # the stream ends with the abandoning event
    assert events[-1].event.kind == "tablero.abandoned" and events[-1].outcome.finished
    assert r.llen(f"t:{{{info.table_id}}}:log") == 0  # no bot played a move
    assert r.zscore("tables:finished", info.table_id) is None  # nothing to replay
    assert all(r.pttl(k) > 0 for k in table_keys(r, info.table_id))


def test_an_api_key_table_is_played_on_by_bots_when_its_person_leaves(short, player):
    k = player("", api_key="test-key-123")
    info = k.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True, bot_seats=[1],
                                               options={"rounds": "1"}))
    k.LeaveTable(gw.LeaveTableRequest(table_id=info.table_id))
    wait_for(lambda: k.GetTable(gw.GetTableRequest(table_id=info.table_id)).outcome.results)


def test_one_waiting_ticket_per_player_and_queue_and_a_quota_over_queues(short, player):
    _, r = short
    ann = player("ann")
    first = ann.Enqueue(gw.EnqueueRequest(game="duel", seats=2, request_id="a"))
    again = ann.Enqueue(gw.EnqueueRequest(game="duel", seats=2, request_id="b"))
    assert again.ticket_id == first.ticket_id  # never two live tickets, never self-matched
    qid = first.ticket_id.split(".")[0]
    assert r.zcard(f"mm:{{{qid}}}:queue") == 1
    ann.Enqueue(gw.EnqueueRequest(game="duel", seats=3))
    assert quota_of(refused(ann.Enqueue, gw.EnqueueRequest(game="duel", seats=4))) == \
        ("tickets", 2)
    ann.CancelTicket(gw.CancelTicketRequest(ticket_id=first.ticket_id))
    ann.Enqueue(gw.EnqueueRequest(game="duel", seats=4))  # a cancelled one frees the quota


def test_a_retried_enqueue_gets_its_ticket_even_once_matched(short, player):
    ann, bob = player("ann"), player("bob")
    a = ann.Enqueue(gw.EnqueueRequest(game="duel", seats=2, request_id="req-1"))
    b = bob.Enqueue(gw.EnqueueRequest(game="duel", seats=2))
    assert b.status == gw.TICKET_STATUS_MATCHED
    retried = ann.Enqueue(gw.EnqueueRequest(game="duel", seats=2, request_id="req-1"))
    assert retried.ticket_id == a.ticket_id and retried.table_id == b.table_id
    bad = refused(ann.Enqueue, gw.EnqueueRequest(game="duel", seats=2, request_id="a b"))
    assert bad.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_ended_tickets_are_purged_and_an_idle_queue_disappears(short, player):
    _, r = short
    ann = player("ann")
    t = ann.Enqueue(gw.EnqueueRequest(game="duel", seats=4, options={"rounds": "5"},
                                      request_id="gone"))
    qid = t.ticket_id.split(".")[0]
    ann.CancelTicket(gw.CancelTicketRequest(ticket_id=t.ticket_id))
    assert ann.GetTicket(gw.GetTicketRequest(ticket_id=t.ticket_id)).status == \
        gw.TICKET_STATUS_CANCELLED  # still answered for a while (retries see it)
    wait_for(lambda: not list(r.scan_iter(f"mm:{{{qid}}}:*"))
             and not r.sismember("mm:queues", qid))
    assert refused(ann.GetTicket, gw.GetTicketRequest(
        ticket_id=t.ticket_id)).code() == grpc.StatusCode.NOT_FOUND


def test_a_session_nobody_uses_expires_soon_one_in_use_lives_on(short, player):
    _, r = short
    ann = player("ann")
    token = ann.token
    assert r.pttl(f"s:{{{token}}}") <= 10 * 60 * 1000
    ann.ListGames(gw.ListGamesRequest())
    assert r.pttl(f"s:{{{token}}}") > 60 * 60 * 1000
