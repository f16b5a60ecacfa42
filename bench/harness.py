"""Drive N concurrent workers for a fixed window and summarise the latencies they record."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Stats:
    """Latencies (seconds) of the calls that finished inside the measured window."""

    start: float = 0.0
    end: float = float("inf")
    samples: list[float] = field(default_factory=list)
    errors: int = 0
    ready: int = 0  # workers past their set-up (logins, first table)

    def record(self, began: float, done: float) -> None:
        if self.start <= began and done <= self.end:
            self.samples.append(done - began)

    async def timed(self, call: Awaitable[Any]) -> Any:
        began = time.perf_counter()
        out = await call
        self.record(began, time.perf_counter())
        return out


@dataclass
class Summary:
    calls: int
    per_s: float
    p50_ms: float
    p99_ms: float
    errors: int
    cpu_ms_per_call: dict[str, float] = field(default_factory=dict)


Probe = Callable[[], dict[str, float]]


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_probe(pids: dict[str, list[int]]) -> Probe:
    """CPU seconds used so far by each named group of processes."""
    return lambda: {name: sum(cpu_seconds(p) for p in group) for name, group in pids.items()}


def percentile(sorted_samples: list[float], q: float) -> float:
    if not sorted_samples:
        return float("nan")
    i = min(len(sorted_samples) - 1, max(0, round(q * (len(sorted_samples) - 1))))
    return sorted_samples[i]


def summarise(stats: Stats, cpu: dict[str, float]) -> Summary:
    s = sorted(stats.samples)
    window = stats.end - stats.start
    per_call = {k: round(v * 1000 / max(len(s), 1), 3) for k, v in cpu.items()}
    return Summary(len(s), len(s) / window, percentile(s, 0.50) * 1000,
                   percentile(s, 0.99) * 1000, stats.errors, per_call)


Worker = Callable[[Stats, asyncio.Event], Coroutine[Any, Any, None]]


async def run(workers: list[Worker], warmup_s: float, duration_s: float,
              probe: Probe = dict) -> Summary:
    """Start every worker, let them warm up (at least `warmup_s`, and until every worker
    is ready), measure for `duration_s`, then stop them.
    `probe` is read at both ends of the window (CPU seconds by process group)."""
    stats = Stats(start=float("inf"))
    stop = asyncio.Event()
    tasks = [asyncio.create_task(w(stats, stop)) for w in workers]
    await asyncio.sleep(warmup_s)
    while stats.ready < len(workers) and not any(t.done() for t in tasks):
        await asyncio.sleep(0.05)
    stats.start = time.perf_counter()
    stats.end = stats.start + duration_s
    before = probe()
    await asyncio.sleep(duration_s)
    after = probe()
    stop.set()
    done, pending = await asyncio.wait(tasks, timeout=30)
    for t in pending:
        t.cancel()
    for t in done:
        err = t.exception()
        if err is not None:
            raise err
    return summarise(stats, {k: after[k] - before[k] for k in before})
