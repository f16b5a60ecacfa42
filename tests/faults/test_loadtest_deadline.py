"""The load tester ends by its deadline even with --games, and writes its report with the
games it could not finish counted (it hung twice before: a Redis that never came back)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

from clients.loadtest import LoadConfig, LoadTest


async def test_a_run_whose_redis_never_returns_ends_at_its_deadline_with_a_report(store,
                                                                                  gateway):
    lt = LoadTest(LoadConfig(gateway=gateway.endpoint, game="duel", tables=4, games=40, seats=2,
                             options={"rounds": "5"}, channels=1, calibrate=False,
                             deadline_s=5.0))
    run = asyncio.create_task(lt.run())
    while lt.stats.choices < 20:
        await asyncio.sleep(0.05)
    store.crash()  # and it stays down: every game in flight waits on retries
    rep = await asyncio.wait_for(run, 120)  # a safety net: the deadline ends it long before
    assert rep["games_unfinished"] >= 1
    assert rep["games_started"] == rep["games_finished"] + rep["games_unfinished"]
    assert rep["slots_cut_off"] >= 1 and rep["errors_by_code"].get("UNAVAILABLE", 0) > 0


def test_the_command_line_reports_even_when_no_game_could_start(store, gateway):
    store.crash()
    out = subprocess.run(
        [sys.executable, "-m", "clients", "--gateway", gateway.endpoint, "loadtest", "--game",
         "duel", "--tables", "2", "--games", "4", "--deadline", "3", "--json", "--no-calibrate"],
        capture_output=True, text=True, timeout=120)
    rep = json.loads(out.stdout)
    assert out.returncode == 1 and rep["games_finished"] == 0
