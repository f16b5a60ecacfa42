"""Bot moves in one round trip (issue 15 item 2): the gateway plays a table's bot seats
with one PlayBots call and commits the run as one commit of one version per move, so the
choice log stays gapless, every event keeps its own version, a commit marker closes each
run, watchers see every event, and the table replays identically."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from tablero.v1 import gateway_pb2 as gw

from ..support import play_to_end
from .stored import stored_entries

COMMITTED = "tablero.committed"


def stream(redis, tid: str) -> list[gw.TableEvent]:
    return [gw.TableEvent.FromString(f[b"b"]) for _, f in stored_entries(redis, tid)]


def choice_log(redis, tid: str) -> list[dict]:
    return [json.loads(e) for e in redis.lrange(f"t:{{{tid}}}:log", 0, -1)]


def replayed(platform, tid: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "clients", "--gateway",
                          platform.gateway.endpoint, "replay", tid, "--redis", platform.redis_url,
                          "--rules", f"duel={platform.rules[0].endpoint}", "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[0])


def check_runs(events: list[gw.TableEvent], log: list[dict], version: int) -> list[int]:
    """The stream's versions never go back, each commit ends with a marker of its last
    version, and the log has one entry per version; returns the markers' versions."""
    assert [e["v"] for e in log] == list(range(1, version + 1))
    assert [e.version for e in events] == sorted(e.version for e in events)
    markers = [e.version for e in events if e.event.kind == COMMITTED]
    assert events[-1].event.kind == COMMITTED and markers[-1] == version
    assert len(set(markers)) == len(markers)
    return markers


def test_a_table_of_bots_plays_in_runs_of_several_versions_and_replays(platform, new_client,
                                                                        redis):
    keyed = new_client("keyed")
    keyed.login_key("test-key-123")
    info = keyed.CreateTable(gw.CreateTableRequest(game="duel", seats=3, bot_seats=[0, 1, 2],
                                                   options={"rounds": "3"}))
    watched = list(keyed.Watch(gw.WatchRequest(table_id=info.table_id)))
    final = keyed.GetTable(gw.GetTableRequest(table_id=info.table_id))
    assert final.status == gw.TABLE_STATUS_FINISHED and watched[-1].outcome.finished
    log = choice_log(redis, info.table_id)
    assert {e["by"] for e in log} == {"bot"}
    markers = check_runs(stream(redis, info.table_id), log, final.version)
    # Runs, not one commit per move: far fewer commit markers than versions.
    assert len(markers) < final.version / 2
    assert [e.version for e in watched if e.event.kind == COMMITTED] == markers
    r = replayed(platform, info.table_id)
    assert r["ok"] and r["choices"] == final.version and r["final_hash"] == log[-1]["hash"]


def test_after_a_persons_choice_the_bots_reply_in_one_commit(platform, new_client, redis):
    ann = new_client("ann")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=3, bot_seats=[1, 2],
                                                 join=True, options={"rounds": "3"}))
    play_to_end([ann], info.table_id, random.Random(5))
    final = ann.GetTable(gw.GetTableRequest(table_id=info.table_id))
    log = choice_log(redis, info.table_id)
    markers = check_runs(stream(redis, info.table_id), log, final.version)
    person = {e["v"] for e in log if e["seat"] == 0}
    assert person and {e["by"] for e in log if e["seat"] == 0} == {"player"}
    # Each marker closes either a person's choice or a run of bot moves: between two
    # markers, every version is a bot's, or it is one person's choice alone.
    for before, after in zip([0, *markers], markers):
        versions = set(range(before + 1, after + 1))
        assert versions <= person and len(versions) == 1 or not versions & person
    assert any(after - before > 1 for before, after in zip([0, *markers], markers))
    r = replayed(platform, info.table_id)
    assert r["ok"] and r["choices"] == final.version
