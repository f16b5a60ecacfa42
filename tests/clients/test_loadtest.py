"""The load tester against the real platform, its figures cross-checked with what
Redis recorded: every game it counts is a finished table, every choice it counts
is one player entry in a choice log — nothing lost, nothing counted twice."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib

import pytest

from clients.cli.main import main as tablero
from clients.loadtest import LoadConfig, LoadTest
from clients.loadtest.png import BAR, histogram_png
from clients.loadtest.stats import percentile, summary_ms

REQUIRED = {"games_started", "games_finished", "games_unfinished", "games_per_s",
            "choices_total", "choices_per_s", "bot_moves_total", "bot_moves_per_s",
            "errors_total",
            "errors_by_code", "latency_ms", "matchmaking_wait_ms", "client_overhead"}


def recorded(redis, tids: set[str]) -> dict[str, list[dict]]:
    return {t: [json.loads(e) for e in redis.lrange(f"t:{{{t}}}:log", 0, -1)] for t in tids}


def check_against_redis(redis, lt: LoadTest, rep: dict) -> dict[str, list[dict]]:
    tids = lt.stats.tables_started
    logs = recorded(redis, tids)
    assert rep["games_started"] == len(tids) and rep["games_finished"] == len(tids)
    assert all(redis.zscore("tables:finished", t) is not None for t in tids)
    for t, log in logs.items():
        assert int(redis.hget(f"t:{{{t}}}:meta", "version")) == len(log)
    player = sum(1 for log in logs.values() for e in log if e["by"] == "player")
    assert rep["choices_total"] == player == rep["latency_ms"]["Act"]["count"]
    return logs


async def test_matchmade_games_agree_with_redis(gateway, redis):
    lt = LoadTest(LoadConfig(gateway=gateway, game="duel", tables=8, games=20, seats=2,
                             options={"rounds": "1"}, channels=2, calibrate=False))
    rep = await lt.run()
    logs = check_against_redis(redis, lt, rep)
    assert rep["games_started"] == 20 and rep["errors_total"] == 0 and not rep["failures"]
    # Every seat is a simulated player here: no bot or clock entries at all.
    assert {e["by"] for log in logs.values() for e in log} == {"player"}
    assert rep["matchmaking_wait_ms"]["count"] == 40
    assert {"Login", "Enqueue", "GetView", "Act"} <= set(rep["latency_ms"])


async def test_private_tables_with_bots_for_a_duration_under_a_concurrency_cap(gateway, redis):
    lt = LoadTest(LoadConfig(gateway=gateway, game="duel", tables=5, duration_s=1.0, seats=3,
                             humans=1, mode="private", concurrency=3, calibrate=False))
    rep = await lt.run()
    logs = check_against_redis(redis, lt, rep)
    assert rep["games_started"] >= 5 and rep["errors_total"] == 0
    assert all({e["by"] for e in log} == {"player", "bot"} for log in logs.values())
    assert {e["seat"] for log in logs.values() for e in log if e["by"] == "player"} == {0}
    # The cap held RPCs back: their queueing is measured apart from gateway latency.
    assert rep["client_overhead"]["client_queue_ms"]["count"] > 0
    assert rep["client_overhead"]["cpu_ms_per_choice"] > 0


async def test_suggested_choices_come_from_the_gateways_bot(gateway, redis):
    lt = LoadTest(LoadConfig(gateway=gateway, game="duel", tables=3, games=3, seats=2,
                             options={"rounds": "1"}, channels=1, calibrate=False,
                             choices="suggested"))
    rep = await lt.run()
    check_against_redis(redis, lt, rep)
    assert rep["games_finished"] == 3 and rep["errors_total"] == 0
    assert rep["latency_ms"]["Suggest"]["count"] == rep["choices_total"]


async def test_tables_of_bots_alone_are_watched_to_their_end_and_agree_with_redis(gateway,
                                                                                 redis):
    lt = LoadTest(LoadConfig(gateway=gateway, game="duel", tables=3, games=5, seats=3,
                             mode="bots", api_key="test-key-123", calibrate=False))
    rep = await lt.run()
    tids = lt.stats.tables_started
    logs = recorded(redis, tids)
    assert rep["games_started"] == rep["games_finished"] == len(tids) == 5
    assert all(redis.zscore("tables:finished", t) is not None for t in tids)
    assert rep["errors_total"] == 0 and not rep["failures"] and "Act" not in rep["latency_ms"]
    assert {e["by"] for log in logs.values() for e in log} == {"bot"}
    assert rep["bot_moves_total"] == sum(map(len, logs.values())) > 0
    assert rep["choices_total"] == 0 and rep["games_per_s"] > 0


def test_bots_mode_needs_an_api_key(gateway):
    out = subprocess.run([sys.executable, "-m", "clients", "--gateway", gateway, "loadtest",
                          "--game", "duel", "--mode", "bots", "--games", "1"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "--api-key" in out.stderr


def test_command_line_json_and_histogram(gateway, tmp_path):
    png = tmp_path / "latency.png"
    out = subprocess.run(
        [sys.executable, "-m", "clients", "--gateway", gateway, "loadtest", "--game", "duel",
         "--tables", "3", "--games", "4", "--option", "rounds=1", "--json",
         "--histogram", str(png)], capture_output=True, text=True, timeout=60, check=True)
    rep = json.loads(out.stdout)
    assert set(rep) >= REQUIRED and rep["games_finished"] == 4 and rep["games_unfinished"] == 0
    for stats in rep["latency_ms"].values():
        assert stats["p50"] <= stats["p95"] <= stats["p99"] <= stats["max"]
    noop = rep["client_overhead"]["noop_rtt_ms"]
    assert noop["count"] == 500 and 0 < noop["p50"] <= noop["p99"]
    width, height, pixels = decode_png(png.read_bytes())
    assert width == 720 and height > 200
    assert bytes(BAR) in pixels


def test_command_line_csv(gateway, capsys):
    code = tablero(["--gateway", gateway, "loadtest", "--game", "duel", "--tables", "2",
                    "--games", "2", "--option", "rounds=1", "--csv", "--no-calibrate"])
    rows = [r.split(",") for r in capsys.readouterr().out.strip().splitlines()]
    assert code == 0 and rows[0][0] == "kind"
    counters = {r[1]: r[7] for r in rows if r[0] == "counter"}
    assert counters["games_finished"] == "2" and counters["games_unfinished"] == "0"
    assert any(r[0] == "latency" and r[1] == "Act" for r in rows)


def test_a_duration_or_a_game_count_is_required():
    with pytest.raises(ValueError):
        LoadTest(LoadConfig())


def test_percentiles_are_nearest_rank():
    xs = list(range(1, 101))
    assert [percentile(xs, q) for q in (50, 95, 99, 100)] == [50, 95, 99, 100]
    assert percentile([], 50) == 0.0
    s = summary_ms([0.001, 0.002, 0.003, 0.004])
    assert s == {"p50": 2.0, "p95": 4.0, "p99": 4.0, "max": 4.0, "count": 4}


def decode_png(data: bytes) -> tuple[int, int, bytes]:
    """Check the signature and every chunk CRC; return width, height, raw scanlines."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    assert len(raw) == height * (1 + 3 * width)
    return width, height, raw


def test_histogram_png_draws_one_panel_per_rpc():
    png = histogram_png({"Act": [0.001] * 10 + [0.1], "GetView": [0.002] * 5, "Empty": []})
    width, height, raw = decode_png(png)
    assert (width, height) == (720, 50 + 2 * 160 + 30)
    assert bytes(BAR) in raw
