"""Faults in the middle of a 20-table load (issue 9): Redis SIGKILLed and restarted on its
append-only file, alone and together with a gateway worker and a rules replica killed at
the same moment. Every game finishes, every finished table replays identically, and the
choices recorded are exactly the Acts the players were told succeeded: nothing lost,
nothing doubled (no table beyond the games played, no choice applied twice).

Redis fsyncs its file on every write here: with fsync every second (`make run`), Redis
itself may acknowledge writes it then loses in a crash (decision 0006).

TABLERO_FAULT_OUTAGE_S sets how long Redis stays down (default 3 s)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import redis as redis_lib

from clients.loadtest import LoadConfig, LoadTest
from deploy.processes import Proc, start_gateway, start_rules, target

from ..conftest import FAST_ENV
from ..gateway.test_workers import running, wait_for, workers_of
from .conftest import Store

OUTAGE_S = float(os.environ.get("TABLERO_FAULT_OUTAGE_S", "3"))
TABLES, GAMES = 20, 40


@dataclass
class Platform:
    store: Store
    rules: list[Proc]
    gateway: Proc
    log_dir: Any

    def restart_rules(self, i: int) -> None:
        """On the same port, as the launcher's supervisor (or Kubernetes) would."""
        self.rules[i] = start_rules("tests.duel", "duel", self.rules[i].port, self.log_dir)


@pytest.fixture
def platform(durable_store: Store, log_dir) -> Iterator[Platform]:
    rules = [start_rules("tests.duel", "duel", log_dir=log_dir) for _ in range(2)]
    gateway = start_gateway(durable_store.url, {"duel": target(rules)}, log_dir=log_dir,
                            env={**FAST_ENV, "GATEWAY_WORKERS": "2"})
    p = Platform(durable_store, rules, gateway, log_dir)
    yield p
    gateway.stop()
    for r in p.rules:
        r.stop()


async def load_with_fault(p: Platform, fault: Any) -> dict[str, Any]:
    """Run the load; once it is well under way, `fault()` (in a thread: it may block)."""
    lt = LoadTest(LoadConfig(gateway=p.gateway.endpoint, game="duel", tables=TABLES,
                             games=GAMES, seats=2, options={"rounds": "5"}, channels=4,
                             calibrate=False, deadline_s=300))
    run = asyncio.create_task(lt.run())
    while lt.stats.choices < 200 and not run.done():
        await asyncio.sleep(0.02)
    assert not run.done(), "the load ended before the fault"
    await asyncio.to_thread(fault)
    rep = await run
    rep["tables_played"] = sorted(lt.stats.tables_started)
    return rep


def redis_out_and_back(p: Platform) -> None:
    p.store.crash()
    time.sleep(OUTAGE_S)
    p.store.restart()


def check(p: Platform, rep: dict[str, Any]) -> dict[str, int]:
    """Every game finished, replayed identically, and counted exactly once."""
    r = redis_lib.Redis.from_url(p.store.url)
    try:
        tables = sorted(k.decode()[3:35] for k in r.scan_iter("t:{*}:meta"))
        logs = {t: [json.loads(e) for e in r.lrange(f"t:{{{t}}}:log", 0, -1)] for t in tables}
        statuses = {t: r.hget(f"t:{{{t}}}:meta", "status") for t in tables}
        versions = {t: int(r.hget(f"t:{{{t}}}:meta", "version")) for t in tables}
        finished_index = {t.decode() for t in r.zrange("tables:finished", 0, -1)}
    finally:
        r.close()
    figures = {"games_started": rep["games_started"], "games_finished": rep["games_finished"],
               "games_lost": rep["games_unfinished"],
               "tables_doubled": len(tables) - rep["games_started"],
               "choices_acknowledged": rep["choices_total"],
               "choices_recorded": sum(len(v) for v in logs.values()),
               "unavailable_attempts": rep["errors_by_code"].get("UNAVAILABLE", 0)}
    print(f"\nfault figures: {json.dumps(figures)}")
    assert rep["games_started"] == GAMES and rep["games_finished"] == GAMES, rep["failures"]
    assert tables == rep["tables_played"]  # no table beyond the games played
    assert all(s == b"finished" for s in statuses.values())
    assert set(tables) == finished_index
    for t, log in logs.items():  # gapless, each version once: nothing applied twice
        assert [e["v"] for e in log] == list(range(1, versions[t] + 1)), t
        assert {e["by"] for e in log} == {"player"}
    assert figures["choices_recorded"] == figures["choices_acknowledged"]
    out = subprocess.run([sys.executable, "-m", "clients", "replay", "--all", "--json",
                          "--redis", p.store.url, "--rules", f"duel={p.rules[0].endpoint}"],
                         capture_output=True, text=True, timeout=300)
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 0 and len(results) == GAMES and all(x["ok"] for x in results)
    return figures


async def test_redis_killed_and_restarted_mid_load_loses_no_game(platform):
    rep = await load_with_fault(platform, lambda: redis_out_and_back(platform))
    figures = check(platform, rep)
    assert figures["unavailable_attempts"] > 0  # the outage was felt, and ridden out


async def test_redis_a_gateway_worker_and_a_rules_replica_killed_at_once(platform):
    def everything(p: Platform = platform) -> None:
        worker = workers_of(p.gateway.popen.pid)[0]
        p.rules[0].kill()
        os.kill(worker, signal.SIGKILL)
        redis_out_and_back(p)
        p.restart_rules(0)
        wait_for(lambda: not running(worker) and len(workers_of(p.gateway.popen.pid)) == 2)

    rep = await load_with_fault(platform, everything)
    check(platform, rep)
