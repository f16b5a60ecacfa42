"""Watch on a single Redis wakes on commit notifications (gateway/notify.py), not on one
blocking Redis connection per watcher."""

from __future__ import annotations

import asyncio
import random

import grpc
import pytest
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw
from tablero.v1 import gateway_pb2_grpc

from gateway.config import Config

# The test platform's watchers re-read every 120 s without news (TABLERO_WATCH_RECHECK_S in
# tests/conftest.py FAST_ENV): a watcher woken only by that re-read misses these deadlines, so the
# tests fail if notifications do not arrive, with room for a loaded machine.
WAKE_DEADLINE_S = 40.0


Metadata = tuple[tuple[str, str], ...]


async def _table(stub, i: int) -> tuple[str, Metadata, Metadata]:
    """A one-round Duel table of two fresh sessions: (table id, seat 0's, seat 1's metadata)."""
    md = []
    for name in (f"a{i}", f"b{i}"):
        r = await stub.Login(gw.LoginRequest(guest_name=name))
        md.append((("authorization", f"Bearer {r.token}"),))
    info = await stub.CreateTable(gw.CreateTableRequest(
        game="duel", seats=2, join=True, options={"rounds": "1"}), metadata=md[0])
    await stub.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code), metadata=md[1])
    return info.table_id, md[0], md[1]


def redis_clients(redis) -> int:
    return len(redis.client_list())


async def _watch_many(endpoint: str, tables: int, redis) -> tuple[int, int, int]:
    """`tables` two-seat tables, both seats watching; one stake each; returns the Redis
    client count before and while watching, and how many watchers saw their stake."""
    async with grpc.aio.insecure_channel(endpoint) as ch:
        stub = gateway_pb2_grpc.GatewayStub(ch)

        seats = [await _table(stub, i) for i in range(tables)]
        before = redis_clients(redis)
        calls = [stub.Watch(gw.WatchRequest(table_id=tid), metadata=md,
                            timeout=WAKE_DEADLINE_S + 4)
                 for tid, a, b in seats for md in (a, b)]

        async def sees_a_stake(call) -> bool:
            async for ev in call:
                if ev.event.kind == "duel.stake":
                    call.cancel()
                    return True
            return False

        waiting = [asyncio.create_task(sees_a_stake(c)) for c in calls]
        await asyncio.sleep(1.0)  # every watcher has read what there is and waits
        during = redis_clients(redis)
        for tid, a, _ in seats:
            view = await stub.GetView(gw.GetViewRequest(table_id=tid), metadata=a)
            d = view.decisions[0]
            await stub.Act(gw.ActRequest(table_id=tid, choice=pb.Choice(
                decision_id=d.id, amount=random.randint(0, 3))), metadata=a)
        done, _ = await asyncio.wait(waiting, timeout=WAKE_DEADLINE_S)
        seen = sum(1 for t in done if not t.exception() and t.result())
        for c in calls:
            c.cancel()
        return before, during, seen


def test_two_hundred_watchers_share_a_few_redis_connections_and_all_wake(platform, redis):
    before, during, seen = asyncio.run(_watch_many(platform.gateway.endpoint, 100, redis))
    assert seen == 200
    # One pub/sub connection (and perhaps a pool connection or two), not one per watcher.
    assert during - before <= 4


def test_watchers_still_wake_after_the_notification_connection_is_killed(platform, redis):
    async def go() -> int:
        async with grpc.aio.insecure_channel(platform.gateway.endpoint) as ch:
            stub = gateway_pb2_grpc.GatewayStub(ch)
            tid, a, b = await _table(stub, 0)
            call = stub.Watch(gw.WatchRequest(table_id=tid), metadata=b,
                              timeout=WAKE_DEADLINE_S + 4)
            reader = asyncio.create_task(_stakes(call))
            await asyncio.sleep(1.0)
            assert redis.client_kill_filter(_type="pubsub") >= 1
            await asyncio.sleep(1.5)  # the gateway notices and subscribes again
            view = await stub.GetView(gw.GetViewRequest(table_id=tid), metadata=a)
            await stub.Act(gw.ActRequest(table_id=tid, choice=pb.Choice(
                decision_id=view.decisions[0].id, amount=1)), metadata=a)
            got = await asyncio.wait_for(reader, WAKE_DEADLINE_S)
            call.cancel()
            return got

    assert asyncio.run(go()) == 1


async def _stakes(call) -> int:
    async for ev in call:
        if ev.event.kind == "duel.stake":
            return 1
    return 0


def test_a_first_watcher_after_an_idle_spell_is_subscribed_without_a_polling_delay(
        redis_proc, monkeypatch):
    """With no watchers the listener waits for one (it used to sleep 0.5 s between looks,
    so a first Watch's subscription waited that long to be read). A confirmation window
    shorter than that sleep still sees every subscription confirmed by Redis."""
    from redis.asyncio import Redis

    from gateway import keys, notify

    monkeypatch.setattr(notify, "CONFIRM_S", 0.3)

    async def go() -> tuple[int, bool]:
        redis = Redis.from_url(f"redis://{redis_proc.endpoint}/0")
        n = notify.Notifier(redis)
        try:
            for i in range(3):  # each time the listener has gone idle in between
                async with n.watching(f"idle{i}"):
                    pass
                for _ in range(20):
                    await asyncio.sleep(0.01)
                    if not n.active.is_set():
                        break
                assert not n.active.is_set()
            async with n.watching("idle-last") as committed:
                await redis.publish(keys.table_notify("idle-last"), 1)
                await asyncio.wait_for(committed.wait(), 5)
                woke = committed.is_set()
            return n.confirm_timeouts, woke
        finally:
            await n.close()
            await redis.aclose()

    assert asyncio.run(go()) == (0, True)


def test_the_watch_re_read_interval_is_configured_and_checked():
    assert Config.from_env({}).watch_recheck_s == 10.0
    assert Config.from_env({"TABLERO_WATCH_RECHECK_S": "2.5"}).watch_recheck_s == 2.5
    for bad in ("0", "-1", "nan"):
        with pytest.raises(ValueError, match="TABLERO_WATCH_RECHECK_S"):
            Config.from_env({"TABLERO_WATCH_RECHECK_S": bad})
