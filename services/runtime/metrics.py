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
        self.children: dict[tuple[str, ...], Any] = {}

    def _child(self, metric: Histogram | Counter, labels: tuple[str, ...]) -> Any:
        key = (str(id(metric)), *labels)
        child = self.children.get(key)
        if child is None:
            child = self.children[key] = metric.labels(*self.fixed, *labels)
        return child

    def observe(self, method: str, code: str, seconds: float) -> None:
        self._child(self.seconds, (method,)).observe(seconds)
        self._child(self.total, (method, code)).inc()
