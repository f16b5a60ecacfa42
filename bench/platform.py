"""`make bench`: the Duel game through the full path against the bare floor, same run.

Starts Redis, Duel rules replicas and a gateway with deploy/processes.py, plus
the floor (bench/floor.py: an echo hop paying the Act path's Redis round trips
and rules hop, without the logic). At each concurrency level it drives N
private tables (or N floor callers) from this one asyncio process over a few
shared channels and prints Act throughput and latency beside the floor's.
Figures go to bench/results/platform.json.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import redis as redis_lib
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw
from tablero.v1 import gateway_pb2_grpc

from deploy import processes as dp
from deploy.processes import ROOT, Proc
from services.runtime import loop

from . import floor, harness
from .duel import DuelWorker, floor_worker

RESULTS = ROOT / "bench" / "results" / "platform.json"
GATEWAY_ENV = {"TABLERO_RATE_PER_S": "100000", "TABLERO_RATE_BURST": "100000",
               "TABLERO_LOGIN_RATE_PER_S": "100000", "TABLERO_LOGIN_BURST": "100000"}
TARGET_RATIO = 2.0
CONNECTIONS = 16  # client connections to the gateway (and to the floor)
TARGET_RATE_AT_500 = 1000.0


def start_floor(args: list[str]) -> Proc:
    popen = subprocess.Popen([sys.executable, "-m", "bench.floor", *args],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                             env=dp.child_env(), cwd=ROOT)
    return Proc("floor", popen, dp._announced(popen, "floor", 30))


def channels(endpoint: str, n: int) -> list[Any]:
    """`n` channels with their own TCP connections (no shared subchannel pool)."""
    return [grpc.aio.insecure_channel(endpoint, options=[("grpc.use_local_subchannel_pool", 1),
                                                         ("bench.channel", i)])
            for i in range(n)]


def seed_floor(r: redis_lib.Redis, n: int) -> list[tuple[str, str]]:
    """Give the floor `n` tables shaped like a real Duel table (copied from one the bench
    played) and `n` sessions; returns (table id, token) pairs."""
    tid = next(t.decode() for t in r.sscan_iter("tables:active"))
    meta = r.hgetall(f"t:{{{tid}}}:meta")
    state = r.get(f"t:{{{tid}}}:state") or b""
    pairs = []
    pipe = r.pipeline(transaction=False)
    for _ in range(n):
        ftid, token = secrets.token_hex(16), secrets.token_hex(16)
        pipe.hset(floor.meta_key(ftid), mapping=meta)  # type: ignore[arg-type]
        pipe.set(floor.state_key(ftid), state)
        pipe.hset(floor.session_key(token), mapping={"pid": "g-bench", "name": "bench"})
        pairs.append((ftid, token))
    pipe.execute()
    return pairs


@dataclass
class Rig:
    """What the bench drives: endpoints, the floor's seeded tables, process ids to account."""

    gateway: str
    floors: list[str]
    full_pids: dict[str, list[int]]
    floor_pids: dict[str, list[int]]
    pairs: list[tuple[str, str]] = field(default_factory=list)
    # Gateways whose hot path runs on another Redis client (issue 15 item 4): name ->
    # (endpoint, process ids to account), measured on the full path like the main one.
    clients: dict[str, tuple[str, dict[str, list[int]]]] = field(default_factory=dict)


async def measure(rig: Rig, level: int, warmup: float, duration: float) -> dict[str, Any]:
    # Enough connections that the kernel spreads them evenly over the gateway's workers.
    gw_channels = channels(rig.gateway, CONNECTIONS)
    fl_channels = [c for f in rig.floors for c in channels(f, CONNECTIONS // len(rig.floors))]
    stubs = [gateway_pb2_grpc.GatewayStub(c) for c in gw_channels]
    payload = gw.ActRequest(table_id="0" * 32, idempotency_key="12345",
                            choice=pb.Choice(decision_id="d12.0", option_id="draw")
                            ).SerializeToString()
    try:
        full = await harness.run([DuelWorker(stubs[i % len(stubs)], i) for i in range(level)],
                                 warmup, duration, harness.cpu_probe(rig.full_pids))
        bare = await harness.run([floor_worker(fl_channels[i % len(fl_channels)],
                                               *rig.pairs[i], payload)
                                  for i in range(level)], warmup / 2, duration,
                                 harness.cpu_probe(rig.floor_pids))
        others = {name: await full_path(endpoint, pids, level, warmup, duration)
                  for name, (endpoint, pids) in rig.clients.items()}
    finally:
        for c in gw_channels + fl_channels:
            await c.close()
    return {"clients": {name: {"actions_per_s": round(o.per_s, 1), "p50_ms": round(o.p50_ms, 2),
                               "vs_lean": round(o.per_s / full.per_s, 3), "errors": o.errors,
                               "cpu_ms_per_action": o.cpu_ms_per_call}
                        for name, o in others.items()},
            "actions_per_s": round(full.per_s, 1), "p50_ms": round(full.p50_ms, 2),
            "p99_ms": round(full.p99_ms, 2), "floor_per_s": round(bare.per_s, 1),
            "floor_p50_ms": round(bare.p50_ms, 2), "floor_p99_ms": round(bare.p99_ms, 2),
            "ratio_p50": round(full.p50_ms / bare.p50_ms, 2), "errors": full.errors,
            "cpu_ms_per_action": full.cpu_ms_per_call,
            "floor_cpu_ms_per_call": bare.cpu_ms_per_call}


async def full_path(endpoint: str, pids: dict[str, list[int]], level: int, warmup: float,
                    duration: float) -> harness.Summary:
    """Duel through a gateway at `endpoint` (another Redis client's), as the main run."""
    chans = channels(endpoint, CONNECTIONS)
    stubs = [gateway_pb2_grpc.GatewayStub(c) for c in chans]
    try:
        return await harness.run([DuelWorker(stubs[i % len(stubs)], i) for i in range(level)],
                                 warmup, duration, harness.cpu_probe(pids))
    finally:
        for c in chans:
            await c.close()


def cpu_line(cpu: dict[str, float]) -> str:
    return " ".join(f"{k} {v:.2f}" for k, v in cpu.items()) + f" = {sum(cpu.values()):.2f}"


def report(results: dict[str, dict[str, Any]]) -> str:
    head = (f"{'tables':>6} | {'actions/s':>9} {'p50 ms':>8} {'p99 ms':>8} | "
            f"{'floor/s':>8} {'p50 ms':>8} {'p99 ms':>8} | {'p50 ratio':>9} {'errors':>6}")
    lines = ["Duel through client -> gateway -> rules -> Redis, against the bare floor", head,
             "-" * len(head)]
    for level, r in results.items():
        lines.append(f"{level:>6} | {r['actions_per_s']:>9.0f} {r['p50_ms']:>8.2f} "
                     f"{r['p99_ms']:>8.2f} | {r['floor_per_s']:>8.0f} {r['floor_p50_ms']:>8.2f} "
                     f"{r['floor_p99_ms']:>8.2f} | {r['ratio_p50']:>8.2f}x {r['errors']:>6.0f}")
    lines.append("CPU ms per call, by process (full path | floor):")
    for level, r in results.items():
        lines.append(f"{level:>6} | {cpu_line(r['cpu_ms_per_action'])} | "
                     f"{cpu_line(r['floor_cpu_ms_per_call'])}")
    for level, r in results.items():
        for name, o in r.get("clients", {}).items():
            lines.append(f"{level:>6} | gateway on {name}: {o['actions_per_s']:.0f} actions/s = "
                         f"{o['vs_lean']:.2f}x the lean client's, p50 {o['p50_ms']:.2f} ms, "
                         f"errors {o['errors']:.0f}, CPU {cpu_line(o['cpu_ms_per_action'])}")
    top = results.get("500")
    lines.append(f"targets: p50 within {TARGET_RATIO:.0f}x the floor at every level; "
                 f">= {TARGET_RATE_AT_500:.0f} actions/s at 500 tables")
    met_ratio = all(r["ratio_p50"] <= TARGET_RATIO for r in results.values())
    met_rate = top is not None and top["actions_per_s"] >= TARGET_RATE_AT_500
    lines.append(f"ratio target {'met' if met_ratio else 'MISSED'}; "
                 f"throughput target {'met' if met_rate else 'MISSED' if top else 'not run'}")
    return "\n".join(lines)


async def bench(args: argparse.Namespace, rig: Rig) -> dict[str, dict[str, Any]]:
    # One short warm-up run so every process has paid its first-call costs.
    await measure(rig, 2, 0.5, 1.0)
    results = {}
    for level in args.levels:
        results[str(level)] = await measure(rig, level, args.warmup, args.duration)
        print(f"  {level} tables: {results[str(level)]}", flush=True)
    return results


def main() -> None:
    p = argparse.ArgumentParser(description="Tablero platform benchmark (Duel vs the floor)")
    p.add_argument("--levels", type=lambda s: [int(x) for x in s.split(",")],
                   default=[1, 50, 500])
    p.add_argument("--duration", type=float, default=10.0, help="measured seconds per run")
    p.add_argument("--warmup", type=float, default=2.0, help="unmeasured seconds per run")
    p.add_argument("--replicas", type=int, default=2, help="Duel rules replicas")
    p.add_argument("--gateway-workers", type=int, default=2,
                   help="gateway processes (GATEWAY_WORKERS); the floor runs as many fronts")
    p.add_argument("--redis-clients", default="glide" if has_glide() else "",
                   help="other hot-path Redis clients to measure a gateway on (glide)")
    p.add_argument("--out", type=Path, default=RESULTS)
    args = p.parse_args()
    log_dir = Path(tempfile.mkdtemp(prefix="tablero-bench-"))
    procs: list[Proc] = []
    try:
        rd = dp.start_redis()
        procs.append(rd)
        url = f"redis://{rd.endpoint}/0"
        reps = [dp.start_rules("tests.duel", "duel", log_dir=log_dir) for _ in range(args.replicas)]
        procs += reps
        gateway = dp.start_gateway(url, {"duel": dp.target(reps)}, log_dir=log_dir,
                                   env={**GATEWAY_ENV,
                                        "GATEWAY_WORKERS": str(args.gateway_workers)})
        echoes = [start_floor(["--echo"]) for _ in range(args.replicas)]
        procs += [gateway, *echoes]
        fronts = [start_floor(["--redis", url, "--rules", dp.target(echoes)])
                  for _ in range(args.gateway_workers)]
        procs += fronts
        alts = {name: start_gateway_on(name, url, {"duel": dp.target(reps)}, log_dir, args)
                for name in filter(None, args.redis_clients.split(","))}
        procs += alts.values()
        me = [os.getpid()]
        rig = Rig(gateway.endpoint, [f.endpoint for f in fronts],
                  {"client": me, "gateway": process_tree(gateway.popen.pid),
                   "rules": [r.popen.pid for r in reps], "redis": [rd.popen.pid]},
                  {"client": me, "floor": [f.popen.pid for f in fronts],
                   "echo": [e.popen.pid for e in echoes], "redis": [rd.popen.pid]},
                  clients={name: (g.endpoint, {"client": me,
                                               "gateway": process_tree(g.popen.pid),
                                               "rules": [r.popen.pid for r in reps],
                                               "redis": [rd.popen.pid]})
                           for name, g in alts.items()})
        loop.run(bench_with_seed(args, url, rig))
    finally:
        for proc in reversed(procs):
            proc.stop()
    print(f"logs in {log_dir}")


def has_glide() -> bool:
    try:
        import glide  # noqa: F401
    except ImportError:
        return False
    return True


def start_gateway_on(client: str, url: str, games: dict[str, str], log_dir: Path,
                     args: argparse.Namespace) -> Proc:
    """A gateway like the main one whose hot path runs on `client` (bench/glide_site)."""
    site = ROOT / "bench" / "glide_site"
    return dp.start_gateway(url, games, log_dir=log_dir, env={
        **GATEWAY_ENV, "GATEWAY_WORKERS": str(args.gateway_workers),
        "TABLERO_BENCH_REDIS_CLIENT": client,
        "PYTHONPATH": os.pathsep.join([str(site), str(ROOT), str(ROOT / "gen")])})


def process_tree(pid: int) -> list[int]:
    """A process and its children (a gateway with GATEWAY_WORKERS supervises workers)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [pid, *(int(c) for c in children)]


async def bench_with_seed(args: argparse.Namespace, url: str, rig: Rig) -> None:
    # A first table played through the gateway gives the floor its data shape.
    await measure_first_table(rig.gateway)
    r = redis_lib.Redis.from_url(url)
    rig.pairs = seed_floor(r, max([*args.levels, 2]))
    r.close()
    results = await bench(args, rig)
    print(report(results))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"tables": results}, indent=2) + "\n")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")


async def measure_first_table(gateway: str) -> None:
    ch: Any
    async with grpc.aio.insecure_channel(gateway) as ch:
        worker = DuelWorker(gateway_pb2_grpc.GatewayStub(ch), 0)
        for name in ("ann", "bob"):
            worker.tokens.append((await worker.stub.Login(gw.LoginRequest(guest_name=name))).token)
        await worker.new_table()


if __name__ == "__main__":
    main()
