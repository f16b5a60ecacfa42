"""Gauges the gateway samples from Redis on a periodic loop (serve.py): tables being
played per game and matchmaking tickets waiting per game.

They count what is in Redis, not what this process did, so every gateway of a
deployment exports the same figures: the dashboard takes their max, not their sum.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from prometheus_client import Gauge
from redis.asyncio import Redis

from . import keys

INTERVAL_S = 5.0
TABLES_LIVE = Gauge("tablero_gateway_tables_live",
                    "Tables being played (started, not finished), per game", ["game"])
QUEUE_DEPTH = Gauge("tablero_gateway_queue_depth",
                    "Matchmaking tickets waiting, per game", ["game"])


async def sample(redis: Redis, games: Iterable[str]) -> None:
    """Set both gauges for every routed game (0 when it has none)."""
    games = sorted(games)
    pipe = redis.pipeline(transaction=False)
    for game in games:
        pipe.scard(keys.tables_playing(game))
    for game, live in zip(games, await pipe.execute()):
        TABLES_LIVE.labels(game).set(live)
    depth = dict.fromkeys(games, 0)
    for game, waiting in await queue_depths(redis):
        if game in depth:
            depth[game] += waiting
    for game, waiting in depth.items():
        QUEUE_DEPTH.labels(game).set(waiting)


async def file_unfiled(redis: Redis, batch: int = 500) -> int:
    """File every active table in its game's set of tables being played: tables started
    by a gateway older than that set are in `tables:active` only, and the live-tables
    gauge would never count them. Run once when a gateway starts; returns how many it
    filed (adding a table already filed changes nothing)."""
    filed = 0
    cursor = 0
    while True:
        cursor, tids = await redis.sscan(keys.TABLES_ACTIVE, cursor, count=batch)
        pipe = redis.pipeline(transaction=False)
        for tid in tids:
            pipe.hget(keys.table_meta(tid.decode()), "game")
        games = await pipe.execute() if tids else []
        pipe = redis.pipeline(transaction=False)
        for tid, game in zip(tids, games):
            if game is not None:
                pipe.sadd(keys.tables_playing(game.decode()), tid)
        filed += sum(await pipe.execute()) if any(g is not None for g in games) else 0
        if cursor == 0:
            return filed


async def queue_depths(redis: Redis) -> list[tuple[str, int]]:
    """(game, waiting tickets) of every known queue."""
    qids = [raw.decode() for raw in await redis.smembers(keys.QUEUES)]
    pipe = redis.pipeline(transaction=False)
    for qid in qids:
        pipe.get(keys.queue_spec(qid))
        pipe.zcard(keys.queue(qid))
    res = await pipe.execute() if qids else []
    return [(json.loads(spec)["game"], waiting)
            for spec, waiting in zip(res[::2], res[1::2]) if spec]
