"""RPC metrics shared by the rules services and the gateway."""

from __future__ import annotations

from typing import Any

from prometheus_client import Counter, Histogram


class RpcMetrics:
    """One server's RPC latency histogram and status counter. The labelled children are
    kept: prometheus_client's `labels()` takes a lock and builds a key on every call,
    which shows in the per-action CPU of the Act path."""

    def __init__(self, seconds: Histogram, total: Counter, *fixed: str) -> None:
        self.seconds = seconds
        self.total = total
        self.fixed = fixed
        self.latency: dict[str, Any] = {}
        self.counts: dict[tuple[str, str], Any] = {}

    def observe(self, method: str, code: str, seconds: float) -> None:
        latency = self.latency.get(method)
        if latency is None:
            latency = self.latency[method] = self.seconds.labels(*self.fixed, method)
        latency.observe(seconds)
        count = self.counts.get((method, code))
        if count is None:
            count = self.counts[method, code] = self.total.labels(*self.fixed, method, code)
        count.inc()
