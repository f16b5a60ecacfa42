"""Redis clients for the gateway's Act path, measured against each other in one run.

    python -m bench.redis_clients [tables] [seconds] [rounds]

Issue 15 item 4: is a well-kept client (valkey-glide: Rust core; coredis) fast enough to
replace the hand-written lean client (gateway/resp.py) on single Redis and Cluster alike?

Each client drives the Redis work one Act does (decision 0003), for `tables` tables at
once from one asyncio process (as a gateway worker does): one pipelined read of the
table (HGETALL meta, GET state, HGET idempotency) and one commit script (EVALSHA: version
check, SET state, HSET meta, XADD of three events, HSET idempotency), with payloads the
size of an Andean Abyss table's (state 1.3 KB, events 300 B). Every client runs the same
script on the same servers; rounds interleave the clients so machine noise hits all.

Printed per client: Acts/s (min/median/max over the rounds), the ratio to the lean client
(single Redis) or to redis-py's cluster client (what the gateway uses on Cluster today),
and the client's CPU per Act in this process. With the gateway's CPU per Act measured by
`make bench`, the last figure says what the client would do to the whole Act: see
docs/decisions/0010-redis-client.md.
"""

from __future__ import annotations

import asyncio
import hashlib
import resource
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from deploy import processes as dp
from gateway import resp

COMMIT = """
local v = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if v ~= tonumber(ARGV[1]) then return {0, v} end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('HSET', KEYS[1], 'version', v + 1, 'pending', ARGV[3])
for i = 4, #ARGV do
  redis.call('XADD', KEYS[3], 'MAXLEN', '~', 64, '*', 'b', ARGV[i])
end
redis.call('HSET', KEYS[4], 'last', v + 1)
return {1, v + 1}
"""
SHA = hashlib.sha1(COMMIT.encode()).hexdigest()
STATE = bytes(range(256)) * 5 + b"s" * 20  # ~1.3 KB
PENDING = b'[{"id":"d12.0","seat":0,"kind":"coin.card","opt":false,"dl":0}]'
EVENTS = [b"e" * 300, b"f" * 300, b"m" * 120]


def table_keys(i: int) -> list[str]:
    tag = f"{{t{i}}}"
    return [f"tm:{tag}", f"ts:{tag}", f"tev:{tag}", f"ti:{tag}"]


class Driver:
    """One client: `read` is the Act's first round trip, `commit` its second."""

    name = ""

    async def open(self, endpoint: str, cluster: bool) -> None: ...

    async def read(self, ks: list[str]) -> int: ...

    async def commit(self, ks: list[str], version: int) -> int: ...

    async def close(self) -> None: ...


def version_of(meta: Any) -> int:
    if isinstance(meta, dict):
        raw = meta.get(b"version", meta.get("version", b"0"))
    else:  # a flat [field, value, ...] reply
        pairs = dict(zip(meta[::2], meta[1::2], strict=True))
        raw = pairs.get(b"version", b"0")
    return int(raw or 0)


class Lean(Driver):
    name = "lean (gateway/resp.py)"

    async def open(self, endpoint: str, cluster: bool) -> None:
        self.c = resp.Client(f"redis://{endpoint}")

    async def read(self, ks: list[str]) -> int:
        meta, _, _ = await self.c.execute([["HGETALL", ks[0]], ["GET", ks[1]],
                                           ["HGET", ks[3], "last"]])
        return version_of(meta)

    async def commit(self, ks: list[str], version: int) -> int:
        r = await self.c.call("EVALSHA", SHA, 4, *ks, version, STATE, PENDING, *EVENTS)
        return int(r[1])

    async def close(self) -> None:
        await self.c.close()


class RedisPy(Driver):
    name = "redis-py asyncio"

    async def open(self, endpoint: str, cluster: bool) -> None:
        from redis.asyncio import Redis
        from redis.asyncio.cluster import RedisCluster
        url = f"redis://{endpoint}"
        opts = {"max_connections": 10_000}  # as the gateway's (gateway/serve.py)
        self.c: Any = (RedisCluster.from_url(url, **opts) if cluster
                       else Redis.from_url(url, **opts))

    async def read(self, ks: list[str]) -> int:
        pipe = self.c.pipeline(transaction=False)
        pipe.hgetall(ks[0])
        pipe.get(ks[1])
        pipe.hget(ks[3], "last")
        meta, _, _ = await pipe.execute()
        return version_of(meta)

    async def commit(self, ks: list[str], version: int) -> int:
        r = await self.c.evalsha(SHA, 4, *ks, version, STATE, PENDING, *EVENTS)
        return int(r[1])

    async def close(self) -> None:
        await self.c.aclose()


class Coredis(Driver):
    name = "coredis"

    async def open(self, endpoint: str, cluster: bool) -> None:
        import coredis
        host, port = endpoint.split(":")
        self.c: Any = (coredis.RedisCluster(host, int(port)) if cluster
                       else coredis.Redis(host, int(port)))
        self.ctx = self.c.__aenter__()
        await self.ctx

    async def read(self, ks: list[str]) -> int:
        async with self.c.pipeline(transaction=False) as pipe:
            meta = pipe.hgetall(ks[0])
            pipe.get(ks[1])
            pipe.hget(ks[3], "last")
        return version_of(await meta)

    async def commit(self, ks: list[str], version: int) -> int:
        r = await self.c.evalsha(SHA, keys=ks, args=[version, STATE, PENDING, *EVENTS])
        return int(r[1])

    async def close(self) -> None:
        await self.c.__aexit__(None, None, None)


class Glide(Driver):
    name = "valkey-glide"

    async def open(self, endpoint: str, cluster: bool) -> None:
        import glide
        host, port = endpoint.split(":")
        addr = [glide.NodeAddress(host, int(port))]
        self.g = glide
        self.cluster = cluster
        self.script = glide.Script(COMMIT)
        self.c: Any = (await glide.GlideClusterClient.create(
            glide.GlideClusterClientConfiguration(addr)) if cluster else
            await glide.GlideClient.create(glide.GlideClientConfiguration(addr)))

    async def read(self, ks: list[str]) -> int:
        batch = (self.g.ClusterBatch if self.cluster else self.g.Batch)(is_atomic=False)
        batch.hgetall(ks[0])
        batch.get(ks[1])
        batch.hget(ks[3], "last")
        meta, _, _ = await self.c.exec(batch, raise_on_error=True)
        return version_of(meta)

    async def commit(self, ks: list[str], version: int) -> int:
        r = await self.c.invoke_script(self.script, keys=ks,
                                       args=[str(version), STATE, PENDING, *EVENTS])
        return int(r[1])

    async def close(self) -> None:
        await self.c.close()


DRIVERS: list[Callable[[], Driver]] = [Lean, RedisPy, Coredis, Glide]


async def run(make: Callable[[], Driver], endpoint: str, cluster: bool, tables: int,
              seconds: float, first: int) -> tuple[float, float]:
    """Acts/s and CPU seconds per Act of one client over `seconds`."""
    d = make()
    await d.open(endpoint, cluster)
    done = 0
    stop = False

    async def table(i: int) -> None:
        nonlocal done
        ks = table_keys(first + i)
        while not stop:
            v = await d.read(ks)
            if await d.commit(ks, v) != v + 1:
                raise RuntimeError(f"{d.name}: lost a commit on table {first + i}")
            done += 1

    tasks = [asyncio.ensure_future(table(i)) for i in range(tables)]
    await asyncio.sleep(min(1.0, seconds / 4))  # warm up: connections, script cache
    n0, t0, c0 = done, time.perf_counter(), cpu()
    await asyncio.sleep(seconds)
    n1, t1, c1 = done, time.perf_counter(), cpu()
    stop = True
    await asyncio.gather(*tasks)
    await d.close()
    acts = n1 - n0
    return acts / (t1 - t0), (c1 - c0) / max(acts, 1)


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def load_script(endpoints: list[str]) -> None:
    import redis
    for e in endpoints:
        host, port = e.split(":")
        redis.Redis(host, int(port)).script_load(COMMIT)


def measure(label: str, endpoint: str, cluster: bool, tables: int, seconds: float,
            rounds: int) -> dict[str, list[tuple[float, float]]]:
    got: dict[str, list[tuple[float, float]]] = {}
    for r in range(rounds):
        for i, make in enumerate(DRIVERS):
            if cluster and make is Lean:
                continue  # the lean client has no slot routing (decision 0003)
            first = (r * len(DRIVERS) + i) * tables
            got.setdefault(make().name, []).append(
                asyncio.run(run(make, endpoint, cluster, tables, seconds, first)))
    print(f"\n{label}: {tables} tables, {seconds:.0f} s x {rounds} rounds")
    base_name = RedisPy().name if cluster else Lean().name
    base = statistics.median(a for a, _ in got[base_name])
    for name, runs in got.items():
        acts = sorted(a for a, _ in runs)
        us = statistics.median(c for _, c in runs) * 1e6
        print(f"  {name:24} Acts/s {acts[0]:8.0f} / {statistics.median(acts):8.0f} / "
              f"{acts[-1]:8.0f} (min/median/max)  {statistics.median(acts) / base:5.2f}x "
              f"{base_name}  client CPU {us:6.0f} us/Act")
    return got


def main() -> None:
    tables, seconds, rounds = (int(a) for a in (sys.argv[1:] + ["500", "5", "3"][len(
        sys.argv[1:]):]))
    single = dp.start_redis()
    nodes = dp.start_redis_cluster()
    try:
        load_script([single.endpoint, *(n.endpoint for n in nodes)])
        measure("single Redis", single.endpoint, False, tables, seconds, rounds)
        measure("Redis Cluster (3 masters)", nodes[0].endpoint, True, tables, seconds, rounds)
    finally:
        for p in [single, *nodes]:
            p.stop()



if __name__ == "__main__":
    main()
