"""The gauges sampled from Redis (issue 15 follow-up): tables being played per game and
matchmaking tickets waiting per game, on a gateway and Redis of their own so that the
counts are this test's alone. The sampling step runs in this process against the same
Redis; tests/integration/test_monitoring.py checks the gateway exports them."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator

import pytest
from prometheus_client import REGISTRY
from redis.asyncio import Redis
from tablero.v1 import gateway_pb2 as gw

from deploy.processes import Proc, start_gateway, start_redis, target
from gateway import gauges

from ..conftest import FAST_ENV
from ..support import play_to_end

ENV = {**FAST_ENV, "TABLERO_BOTS_AFTER_MS": "60000"}


@pytest.fixture(scope="module")
def own(duel_replicas: list[Proc], log_dir) -> Iterator[tuple[str, str]]:
    store = start_redis()
    gateway = start_gateway(f"redis://{store.endpoint}/0", {"duel": target(duel_replicas)},
                            log_dir=log_dir, env=ENV)
    yield gateway.endpoint, f"redis://{store.endpoint}/0"
    gateway.stop()
    store.stop()


def sampled(url: str, games: list[str]) -> dict[str, dict[str, float | None]]:
    async def go() -> None:
        redis = Redis.from_url(url)
        try:
            await gauges.sample(redis, games)
        finally:
            await redis.aclose()

    asyncio.run(go())
    return {name: {g: REGISTRY.get_sample_value(name, {"game": g}) for g in games}
            for name in ("tablero_gateway_tables_live", "tablero_gateway_queue_depth")}


def test_tables_live_and_queue_depth_count_per_game_from_redis(own, new_client):
    endpoint, url = own
    ann, bob, cy = (new_client(n, endpoint) for n in ("ann", "bob", "cy"))
    games = ["duel", "other"]
    assert sampled(url, games) == {"tablero_gateway_tables_live": {"duel": 0, "other": 0},
                                   "tablero_gateway_queue_depth": {"duel": 0, "other": 0}}
    playing = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, bot_seats=[1],
                                                    join=True, options={"rounds": "1"}))
    bob.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))  # open: not live
    bob.Enqueue(gw.EnqueueRequest(game="duel", seats=4))
    cy.Enqueue(gw.EnqueueRequest(game="duel", seats=4))
    cy.Enqueue(gw.EnqueueRequest(game="duel", seats=3))
    assert sampled(url, games) == {"tablero_gateway_tables_live": {"duel": 1, "other": 0},
                                   "tablero_gateway_queue_depth": {"duel": 3, "other": 0}}
    play_to_end([ann], playing.table_id, random.Random(3))
    assert sampled(url, games)["tablero_gateway_tables_live"] == {"duel": 0, "other": 0}


def test_a_table_started_before_the_per_game_set_is_counted_after_a_restart(own, new_client):
    """A table filed in `tables:active` only (by a gateway older than the per-game set of
    tables being played) is filed by the start-up pass, and then counted."""
    endpoint, url = own
    ann = new_client("dee", endpoint)
    tid = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, bot_seats=[1], join=True,
                                                options={"rounds": "1"})).table_id

    async def go(step: str) -> int:
        redis = Redis.from_url(url)
        try:
            if step == "unfile":
                return int(await redis.srem("tables:playing:duel", tid))
            return await gauges.file_unfiled(redis)
        finally:
            await redis.aclose()

    assert asyncio.run(go("unfile")) == 1
    assert sampled(url, ["duel"])["tablero_gateway_tables_live"] == {"duel": 0}
    assert asyncio.run(go("file")) == 1
    assert sampled(url, ["duel"])["tablero_gateway_tables_live"] == {"duel": 1}
    play_to_end([ann], tid, random.Random(4))
    assert sampled(url, ["duel"])["tablero_gateway_tables_live"] == {"duel": 0}
