"""What a load test measures, and the report built from it.

Every RPC attempt is recorded (latency in seconds, status code) through the
SDK's observer hook, so retried attempts count as errors and as latency
samples. Choices count once per Act that returned OK, so a retried choice is
counted once, like the gateway applies it once.
"""

from __future__ import annotations

import dataclasses
import math
import time
from array import array
from collections import Counter, defaultdict
from typing import Any

import grpc

# Long polls wait by design; their duration is reported as matchmaking wait.
NOT_LATENCY = frozenset({"GetTicket"})


def percentile(sorted_values: Any, q: float) -> float:
    """Nearest-rank percentile of an ascending sequence (0 <= q <= 100)."""
    n = len(sorted_values)
    if n == 0:
        return 0.0
    k = max(0, min(n - 1, math.ceil(q / 100 * n) - 1))
    return float(sorted_values[k])


def summary_ms(samples_s: Any) -> dict[str, float]:
    """count, p50, p95, p99, max in milliseconds of a sample of seconds."""
    xs = sorted(samples_s)
    out = {f"p{q}": round(percentile(xs, q) * 1000, 3) for q in (50, 95, 99)}
    out["max"] = round(float(xs[-1]) * 1000, 3) if xs else 0.0
    out["count"] = len(xs)
    return out


class Stats:
    """The counters and samples of one run (single event loop: no locking)."""

    def __init__(self) -> None:
        self.latency: dict[str, array[float]] = defaultdict(lambda: array("d"))
        self.errors: Counter[str] = Counter()
        self.errors_by_rpc: Counter[str] = Counter()
        self.failures: Counter[str] = Counter()
        self.matchmaking_wait = array("d")
        self.loop_lag = array("d")
        self.client_queue = array("d")
        self.choices = 0
        self.bot_moves = 0  # versions of the all-bot tables played out ("bots" mode)
        self.tables_started: set[str] = set()
        self.tables_finished: set[str] = set()
        self.players_unfinished = 0
        self.t0 = time.perf_counter()
        self.cpu0 = time.process_time()

    def observe(self, rpc: str, seconds: float, code: grpc.StatusCode) -> None:
        """The SDK observer: one call per RPC attempt."""
        if code is grpc.StatusCode.OK:
            if rpc not in NOT_LATENCY:
                self.latency[rpc].append(seconds)
            if rpc == "Act":
                self.choices += 1
            return
        self.errors[code.name] += 1
        self.errors_by_rpc[f"{rpc}:{code.name}"] += 1

    def fail(self, what: str) -> None:
        """A call that still failed after the SDK's retries (the play is resumed)."""
        self.failures[what] += 1

    @property
    def elapsed_s(self) -> float:
        return time.perf_counter() - self.t0


@dataclasses.dataclass
class Overhead:
    """The load tester's own cost, so its figures can be judged honestly."""

    cpu_s: float
    wall_s: float
    cpu_ms_per_choice: float
    cpu_utilisation: float
    loop_lag_ms: dict[str, float]
    client_queue_ms: dict[str, float]
    noop_rtt_ms: dict[str, float] | None

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def report(stats: Stats, config: dict[str, Any], noop_rtt_ms: dict[str, float] | None
           ) -> dict[str, Any]:
    """The one JSON object of `--json` (stable keys; see clients/README.md)."""
    wall = stats.elapsed_s
    cpu = time.process_time() - stats.cpu0
    overhead = Overhead(
        cpu_s=round(cpu, 3), wall_s=round(wall, 3),
        cpu_ms_per_choice=round(cpu * 1000 / stats.choices, 3) if stats.choices else 0.0,
        cpu_utilisation=round(cpu / wall, 3) if wall else 0.0,
        loop_lag_ms=summary_ms(stats.loop_lag), client_queue_ms=summary_ms(stats.client_queue),
        noop_rtt_ms=noop_rtt_ms)
    mm = summary_ms(stats.matchmaking_wait)
    return {
        "config": config,
        "duration_s": round(wall, 3),
        "games_started": len(stats.tables_started),
        "games_finished": len(stats.tables_finished),
        "games_unfinished": len(stats.tables_started - stats.tables_finished),
        "choices_total": stats.choices,
        "choices_per_s": round(stats.choices / wall, 2) if wall else 0.0,
        "games_per_s": round(len(stats.tables_finished) / wall, 3) if wall else 0.0,
        "bot_moves_total": stats.bot_moves,
        "bot_moves_per_s": round(stats.bot_moves / wall, 2) if wall else 0.0,
        "errors_total": sum(stats.errors.values()),
        "errors_by_code": dict(sorted(stats.errors.items())),
        "errors_by_rpc": dict(sorted(stats.errors_by_rpc.items())),
        "failures": dict(sorted(stats.failures.items())),
        "slots_cut_off": stats.players_unfinished,
        "latency_ms": {rpc: summary_ms(xs) for rpc, xs in sorted(stats.latency.items())},
        "matchmaking_wait_ms": {"p50": mm["p50"], "p99": mm["p99"], "max": mm["max"],
                                "count": mm["count"]},
        "client_overhead": overhead.as_dict(),
    }


CSV_HEADER = ("kind", "name", "count", "p50_ms", "p95_ms", "p99_ms", "max_ms", "value")


def csv_rows(rep: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The report as CSV rows: counters, errors, latency per RPC, matchmaking."""
    rows: list[tuple[Any, ...]] = [CSV_HEADER]
    for key in ("duration_s", "games_started", "games_finished", "games_unfinished",
                "games_per_s", "choices_total", "choices_per_s", "bot_moves_total",
                "bot_moves_per_s", "errors_total"):
        rows.append(("counter", key, "", "", "", "", "", rep[key]))
    for code, n in rep["errors_by_code"].items():
        rows.append(("error", code, n, "", "", "", "", n))
    for rpc, s in rep["latency_ms"].items():
        rows.append(("latency", rpc, s["count"], s["p50"], s["p95"], s["p99"], s["max"], ""))
    mm = rep["matchmaking_wait_ms"]
    rows.append(("matchmaking_wait", "ticket", mm["count"], mm["p50"], "", mm["p99"],
                 mm["max"], ""))
    oh = rep["client_overhead"]
    rows.append(("overhead", "cpu_ms_per_choice", "", "", "", "", "", oh["cpu_ms_per_choice"]))
    rows.append(("overhead", "cpu_utilisation", "", "", "", "", "", oh["cpu_utilisation"]))
    lag = oh["loop_lag_ms"]
    rows.append(("overhead", "loop_lag", lag["count"], lag["p50"], lag["p95"], lag["p99"],
                 lag["max"], ""))
    return rows
