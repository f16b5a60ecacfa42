"""Client-side instruments: the RPC probe (latency, codes, an optional cap on
RPCs in flight), the event-loop lag monitor, and the loopback no-op calibration."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import grpc

from .stats import Stats, summary_ms

LONG_POLLS = ("/GetTicket",)


class Probe(grpc.aio.UnaryUnaryClientInterceptor):  # type: ignore[misc]
    """Times every unary attempt and records its status code.

    With `limit`, at most that many unary RPCs are in flight (long polls excepted);
    the clock starts once a slot is held, so waiting for the cap is not charged
    to the gateway (it is reported as client queueing instead)."""

    def __init__(self, stats: Stats, limit: int = 0) -> None:
        self.stats = stats
        self.sem = asyncio.Semaphore(limit) if limit > 0 else None

    async def intercept_unary_unary(self, continuation: Callable[..., Any], details: Any,
                                    request: Any) -> Any:
        method = details.method.decode() if isinstance(details.method, bytes) else details.method
        rpc = method.rsplit("/", 1)[-1]
        if self.sem is None or method.endswith(LONG_POLLS):
            return await self._timed(rpc, continuation, details, request)
        q0 = time.perf_counter()
        async with self.sem:
            self.stats.client_queue.append(time.perf_counter() - q0)
            return await self._timed(rpc, continuation, details, request)

    async def _timed(self, rpc: str, continuation: Callable[..., Any], details: Any,
                     request: Any) -> Any:
        t0 = time.perf_counter()
        call = await continuation(details, request)
        try:
            await call
            code = grpc.StatusCode.OK
        except grpc.aio.AioRpcError as e:
            code = e.code()
        except asyncio.CancelledError:
            raise
        self.stats.observe(rpc, time.perf_counter() - t0, code)
        return call


async def monitor_loop_lag(stats: Stats, interval_s: float = 0.05) -> None:
    """How late the event loop wakes up: when it lags, the client (not the gateway)
    is the bottleneck and latencies include client delay."""
    while True:
        t = time.perf_counter()
        await asyncio.sleep(interval_s)
        stats.loop_lag.append(max(0.0, time.perf_counter() - t - interval_s))


_NOOP = "/tablero.loadtest.Noop/Ping"


async def noop_rtt_ms(calls: int = 500) -> dict[str, float]:
    """Round trips to an in-process no-op gRPC server on loopback: the floor that
    this client stack (Python, grpc.aio, the loopback) adds to every figure."""
    async def ping(request: bytes, context: Any) -> bytes:
        return request

    server = grpc.aio.server()
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(
        "tablero.loadtest.Noop", {"Ping": grpc.unary_unary_rpc_method_handler(ping)}),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    samples: list[float] = []
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as ch:
            call = ch.unary_unary(_NOOP, request_serializer=None, response_deserializer=None)
            await call(b"warm-up")
            for _ in range(calls):
                t0 = time.perf_counter()
                await call(b"x" * 64)
                samples.append(time.perf_counter() - t0)
    finally:
        await server.stop(None)
    s = summary_ms(samples)
    return {"p50": s["p50"], "p99": s["p99"], "max": s["max"], "count": s["count"]}
