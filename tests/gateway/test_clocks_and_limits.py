"""Decision clocks, seats handed to bots, per-session rate limits (DESIGN §3)."""

from __future__ import annotations

import json
import time

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from deploy.processes import start_gateway, target

from ..support import GatewayClient


@pytest.fixture
def gateway_with(platform, log_dir):
    started = []

    def make(**env: str) -> str:
        proc = start_gateway(platform.redis_url, {"duel": target(platform.rules)},
                             log_dir=log_dir, env=env)
        started.append(proc)
        return proc.endpoint

    yield make
    for p in started:
        p.stop()


def _wait_for(pred, timeout=10.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if pred():
            return True
        time.sleep(0.05)
    return False


def test_an_expired_decision_is_played_by_the_clock(gateway_with, new_client, redis):
    endpoint = gateway_with(TABLERO_DECISION_TIMEOUT_MS="300")
    ann = new_client("ann", endpoint)
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, bot_seats=[1], join=True,
                                                 options={"rounds": "1"}))
    tid = info.table_id
    v = ann.GetView(gw.GetViewRequest(table_id=tid))
    assert v.decisions[0].deadline_unix_ms > 0
    log_key = f"t:{{{tid}}}:log"
    assert _wait_for(lambda: redis.llen(log_key) >= 1)
    entries = [json.loads(e) for e in redis.lrange(log_key, 0, -1)]
    assert entries[0]["seat"] == 0 and entries[0]["by"] == "clock"
    # The clock keeps the table moving to the end with nobody at it.
    assert _wait_for(lambda: ann.GetTable(gw.GetTableRequest(table_id=tid)).status
                     == gw.TABLE_STATUS_FINISHED)


def test_a_seat_left_is_played_by_a_bot(new_client, redis):
    ann, bob = new_client("ann"), new_client("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True,
                                                 options={"rounds": "1"}))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    tid = info.table_id
    left = ann.LeaveTable(gw.LeaveTableRequest(table_id=tid))
    assert left.your_seat == -1 and left.seats[0].bot
    # Seat 0 (now a bot) sets the stake and draws or passes without anyone.
    assert _wait_for(lambda: any(json.loads(e)["by"] == "bot"
                                 for e in redis.lrange(f"t:{{{tid}}}:log", 0, -1)))
    # Having left, ann can no longer act at the table.
    pending = ann.GetTable(gw.GetTableRequest(table_id=tid)).pending
    with pytest.raises(grpc.RpcError) as e:
        ann.Act(gw.ActRequest(table_id=tid, choice=pb.Choice(decision_id=pending[0].id,
                                                             amount=0)))
    assert e.value.code() == grpc.StatusCode.PERMISSION_DENIED


def test_rate_limited_calls_get_resource_exhausted_with_a_retry_delay(gateway_with):
    endpoint = gateway_with(TABLERO_RATE_PER_S="1", TABLERO_RATE_BURST="3")
    c = GatewayClient(endpoint)
    c.login("speedy")
    for _ in range(3):
        c.ListGames(gw.ListGamesRequest())
    with pytest.raises(grpc.RpcError) as e:
        c.ListGames(gw.ListGamesRequest())
    assert e.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    status = rpc_status.from_call(e.value)
    retry = error_details_pb2.RetryInfo()
    assert any(d.Unpack(retry) for d in status.details)
    assert retry.retry_delay.ToMilliseconds() > 0
    c.close()


def test_logins_are_limited_per_address(gateway_with):
    endpoint = gateway_with(TABLERO_LOGIN_RATE_PER_S="1", TABLERO_LOGIN_BURST="2")
    c = GatewayClient(endpoint)
    c.login("one")
    c.login("two")
    with pytest.raises(grpc.RpcError) as e:
        c.login("three")
    assert e.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    c.close()
