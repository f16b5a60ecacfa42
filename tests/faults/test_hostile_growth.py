"""Nothing a client sends grows server memory without bound (issue 9, DESIGN §3): many
hostile requests of each kind, then, once the (shortened) lifetimes pass, Redis holds
what it held before: the same keys (none) and the same memory.

Kinds: guest logins never used; open private tables (10 per session, then the quota);
Enqueue + Cancel pairs; Enqueues of one player into one queue under new request ids;
tables of bots alone from guest sessions; joins by invented invite codes. And a few
finished games, whose tables and index entries go once their retention passes.

TABLERO_HOSTILE_N sets the count of each kind: 1,000 in `make test` (about a minute),
10,000 as the issue measures (TABLERO_HOSTILE_N=10000, several minutes)."""

from __future__ import annotations

import asyncio
import os
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import grpc
import pytest
import redis as redis_lib
from tablero.v1 import gateway_pb2 as gw
from tablero.v1 import gateway_pb2_grpc

from deploy.processes import Proc, start_gateway, start_redis, target

from ..conftest import FAST_ENV

N = int(os.environ.get("TABLERO_HOSTILE_N", "1000"))
IN_FLIGHT = 64
LIFETIMES = {"TABLERO_OPEN_TABLE_TTL_MS": "2000", "TABLERO_TICKET_TTL_MS": "2000",
             "TABLERO_TICKET_KEEP_MS": "500", "TABLERO_SESSION_TTL_MS": "4000",
             "TABLERO_UNUSED_SESSION_TTL_MS": "2000", "TABLERO_FINISHED_TTL_S": "2",
             "TABLERO_BOTS_AFTER_MS": "3600000", "TABLERO_DECISION_TIMEOUT_MS": "100"}
QUEUE = {"game": "duel", "seats": 4, "options": {"rounds": "5"}}


@pytest.fixture
def stack(duel_replicas: list[Proc], log_dir) -> Iterator[tuple[str, redis_lib.Redis]]:
    store = start_redis()
    gateway = start_gateway(f"redis://{store.endpoint}/0", {"duel": target(duel_replicas)},
                            log_dir=log_dir, env={**FAST_ENV, **LIFETIMES})
    r = redis_lib.Redis.from_url(f"redis://{store.endpoint}/0")
    yield gateway.endpoint, r
    r.close()
    gateway.stop()
    store.stop()


class Hostile:
    """Many guest sessions hammering one gateway: IN_FLIGHT sessions (or lone calls) at a
    time, each session's requests back to back."""

    def __init__(self, endpoint: str) -> None:
        self.channel = grpc.aio.insecure_channel(endpoint)
        self.stub = gateway_pb2_grpc.GatewayStub(self.channel)
        self.gate = asyncio.Semaphore(IN_FLIGHT)
        self.codes: Counter[str] = Counter()

    async def call(self, rpc: str, req: Any, token: str = "") -> Any:
        md = (("authorization", f"Bearer {token}"),) if token else None
        try:
            resp = await getattr(self.stub, rpc)(req, metadata=md, timeout=60)
        except grpc.aio.AioRpcError as e:
            self.codes[f"{rpc}:{e.code().name}"] += 1
            return None
        self.codes[f"{rpc}:OK"] += 1
        return resp

    async def gated(self, work: Awaitable[Any]) -> Any:
        async with self.gate:
            return await work

    async def session(self, key: str = "") -> str:
        req = gw.LoginRequest(api_key=key) if key else gw.LoginRequest(guest_name="hostile")
        resp = await self.call("Login", req)
        assert resp is not None
        return str(resp.token)

    async def each(self, count: int, per_session: int,
                   work: Callable[[str, int], Awaitable[Any]]) -> None:
        """`count` requests from fresh guest sessions of `per_session` requests each."""
        async def one(s: int) -> None:
            token = await self.session()
            for i in range(per_session):
                await work(token, s * per_session + i)

        await asyncio.gather(*(self.gated(one(s)) for s in range(max(1, count // per_session))))

    async def logins(self, n: int) -> None:
        await asyncio.gather(*(self.gated(self.call("Login", gw.LoginRequest(
            guest_name=f"g{i}"))) for i in range(n)))

    async def open_tables(self, n: int) -> None:
        req = gw.CreateTableRequest(game="duel", seats=2, join=True)
        await self.each(n, 100, lambda t, i: self.call("CreateTable", req, t))

    async def enqueue_cancel(self, n: int) -> None:
        async def pair(token: str, i: int) -> None:
            t = await self.call("Enqueue", gw.EnqueueRequest(**QUEUE), token)
            if t is not None:  # refused: over a quota
                await self.call("CancelTicket", gw.CancelTicketRequest(ticket_id=t.ticket_id),
                                token)

        await self.each(n, 50, pair)

    async def one_queue_many_requests(self, n: int) -> set[str]:
        """The tickets one player got from `n` Enqueues into one queue (then cancelled)."""
        token = await self.session()
        req = [gw.EnqueueRequest(**QUEUE, ttl_ms=600_000, request_id=f"req-{i}")
               for i in range(n)]
        tickets = await asyncio.gather(*(self.gated(self.call("Enqueue", r, token))
                                         for r in req))
        ids = {t.ticket_id for t in tickets if t is not None}
        for t in ids:
            await self.call("CancelTicket", gw.CancelTicketRequest(ticket_id=t), token)
        return ids

    async def bots_only(self, n: int) -> None:
        req = gw.CreateTableRequest(game="duel", seats=2, bot_seats=[0, 1])
        await self.each(n, 100, lambda t, i: self.call("CreateTable", req, t))

    async def invented_invites(self, n: int) -> None:
        await self.each(n, 100, lambda t, i: self.call(
            "JoinTable", gw.JoinTableRequest(invite_code=secrets.token_hex(6)), t))

    async def finished_games(self, n: int) -> None:
        token = await self.session(key="test-key-123")
        req = gw.CreateTableRequest(game="duel", seats=2, bot_seats=[0, 1],
                                    options={"rounds": "1"})
        await asyncio.gather(*(self.call("CreateTable", req, token) for _ in range(n)))

    async def everything(self, n: int) -> set[str]:
        await asyncio.gather(self.logins(n), self.open_tables(n), self.enqueue_cancel(n),
                             self.bots_only(n), self.invented_invites(n),
                             self.finished_games(max(1, n // 500)))
        return await self.one_queue_many_requests(n)


def memory(r: redis_lib.Redis) -> dict[str, int]:
    """used_memory and, apart, what the connected clients take: the gateway's pooled
    connections, as many as its calls in flight at once (their buffers are
    mem_clients_normal; each also holds a few small records elsewhere)."""
    info = r.info()
    used, clients = info["used_memory"], info["mem_clients_normal"]
    return {"used_memory": used, "connections": info["connected_clients"],
            "clients_memory": clients, "stored": used - clients, "keys": r.dbsize()}


async def peak_of(r: redis_lib.Redis, running: asyncio.Task[Any]) -> dict[str, int]:
    """The highest key count and memory seen while `running` runs."""
    peak: dict[str, int] = {}
    while not running.done():
        now = await asyncio.to_thread(memory, r)
        peak = {k: max(v, peak.get(k, 0)) for k, v in now.items()}
        await asyncio.sleep(0.2)
    return peak


def emptied(r: redis_lib.Redis, timeout: float = 120.0) -> dict[str, int]:
    """Memory once every key's lifetime has passed (sweeps delete the rest)."""
    deadline = time.monotonic() + timeout
    while r.dbsize():
        assert time.monotonic() < deadline, sorted(r.scan_iter(count=1000))[:10]
        time.sleep(0.25)
    return memory(r)


async def test_hostile_requests_leave_nothing_once_their_lifetimes_pass(stack):
    endpoint, r = stack
    h = Hostile(endpoint)
    await h.everything(max(10, N // 100))  # warm-up: scripts, connections, allocator pools
    base = await asyncio.to_thread(emptied, r)
    h.codes.clear()
    load = asyncio.create_task(h.everything(N))
    peak = await peak_of(r, load)
    tickets = await load
    after = await asyncio.to_thread(emptied, r)
    await h.channel.close()
    print(f"\nhostile load, {N} of each kind: {dict(sorted(h.codes.items()))}\n"
          f"memory before {base}, at the peak {peak}, after {after}")
    assert len(tickets) == 1  # one player, one queue: one ticket whatever the request ids
    assert h.codes["CreateTable:RESOURCE_EXHAUSTED"] > 0  # the open_tables quota
    assert h.codes["CreateTable:PERMISSION_DENIED"] == (N // 100) * 100  # bots only
    assert h.codes["JoinTable:NOT_FOUND"] == (N // 100) * 100
    assert not any(k.endswith(("INTERNAL", "UNKNOWN")) for k in h.codes)
    assert peak["keys"] > 50 and after["keys"] == base["keys"] == 0
    # Stored data back to what it was; each extra pooled connection may keep ~1 KB more.
    extra = max(0, after["connections"] - base["connections"])
    assert after["stored"] <= base["stored"] + 64 * 1024 + extra * 2048
