"""Watch streams, hidden information on the wire, replica and gateway faults, replay."""

from __future__ import annotations

import random
import threading
import time

from tablero.v1 import gateway_pb2 as gw

from deploy.processes import start_gateway, start_rules, target
from services.kernel import engine
from services.kernel.decisions import Choice
from tests.duel import GAME

from ..conftest import FAST_ENV
from ..support import GatewayClient, play_to_end, random_choice, stored_game_state
from .stored import stored_entries


def _table(new_client, endpoint=None, rounds="3"):
    ann, bob = new_client("ann", endpoint), new_client("bob", endpoint)
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True,
                                                 options={"rounds": rounds}))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    return ann, bob, info.table_id


def _collect(client, tid, after=""):
    return list(client.Watch(gw.WatchRequest(table_id=tid, after_event_id=after)))


def test_watch_sends_each_seat_only_what_it_may_see(new_client, redis):
    ann, bob, tid = _table(new_client)
    play_to_end([ann, bob], tid, random.Random(2), idempotent=True)
    spectator = new_client("sam")
    streams = {0: _collect(ann, tid), 1: _collect(bob, tid), -1: _collect(spectator, tid)}
    stored = stored_entries(redis, tid)
    for seat, events in streams.items():
        assert events[-1].outcome.finished
        for ev in events:
            vis = ev.event.visibility
            assert vis.public or seat in vis.seats
        allowed = [eid.decode() for eid, f in stored
                   if f[b"vis"] == b"*" or str(seat).encode() in f[b"vis"].split(b",")]
        assert [e.event_id for e in events] == allowed
    # A seat's private cards never reach the other seat or a spectator, byte for byte.
    dealt = {ev.event.visibility.seats[0]: ev.SerializeToString()
             for ev in streams[0] + streams[1] if ev.event.kind == "duel.dealt"}
    assert set(dealt) == {0, 1}
    assert all(dealt[1] not in ev.SerializeToString() for ev in streams[0])
    assert all(dealt[0] not in ev.SerializeToString() for ev in streams[1])
    assert not any(ev.event.kind in ("duel.dealt", "duel.drew_card", "duel.play.sealed")
                   for ev in streams[-1])


def test_watch_resumes_exactly_after_the_last_event_id(new_client):
    ann, bob, tid = _table(new_client)
    play_to_end([ann, bob], tid, random.Random(4))
    full = _collect(ann, tid)
    cut = len(full) // 2
    rest = _collect(ann, tid, full[cut - 1].event_id)
    assert [e.event_id for e in rest] == [e.event_id for e in full[cut:]]
    # Resuming after the last event of a finished game ends the stream at once, empty.
    assert _collect(ann, tid, full[-1].event_id) == []


def test_a_killed_rules_replica_loses_nothing(platform, redis, new_client, log_dir):
    reps = [start_rules("tests.duel", "duel", log_dir=log_dir) for _ in range(2)]
    gw_proc = start_gateway(platform.redis_url, {"duel": target(reps)}, log_dir=log_dir,
                            env=FAST_ENV)
    try:
        ann, bob, tid = _table(new_client, gw_proc.endpoint, rounds="5")

        def kill_one(step):
            if step == 3:
                reps[0].kill()

        final = play_to_end([ann, bob], tid, random.Random(6), between=kill_one)
        assert not reps[0].alive() and reps[1].alive()
        assert final.outcome.finished
        assert redis.llen(f"t:{{{tid}}}:log") == final.version
    finally:
        gw_proc.stop()
        for r in reps:
            r.stop()


def test_watchers_resume_with_no_gap_after_a_gateway_restart(platform, new_client, log_dir):
    games = {"duel": target(platform.rules)}
    first = start_gateway(platform.redis_url, games, log_dir=log_dir, env=FAST_ENV)
    ann, bob, tid = _table(new_client, first.endpoint, rounds="5")
    seen: list[gw.TableEvent] = []
    watcher = GatewayClient(first.endpoint)
    watcher.token = ann.token
    first_batch = threading.Event()

    def watch_until_broken():
        try:
            for ev in watcher.Watch(gw.WatchRequest(table_id=tid)):
                seen.append(ev)
                first_batch.set()
        except Exception:
            pass

    t = threading.Thread(target=watch_until_broken)
    t.start()
    rng = random.Random(8)
    for _ in range(4):
        v = ann.GetView(gw.GetViewRequest(table_id=tid))
        for d in v.decisions:
            ann.Act(gw.ActRequest(table_id=tid, choice=random_choice(d, rng)))
        v = bob.GetView(gw.GetViewRequest(table_id=tid))
        for d in v.decisions:
            bob.Act(gw.ActRequest(table_id=tid, choice=random_choice(d, rng)))
    assert first_batch.wait(10)
    time.sleep(0.3)
    first.stop()
    t.join(10)
    assert seen
    second = start_gateway(platform.redis_url, games, log_dir=log_dir, env=FAST_ENV)
    try:
        a2 = GatewayClient(second.endpoint)
        a2.token = ann.token
        b2 = GatewayClient(second.endpoint)
        b2.token = bob.token
        play_to_end([a2, b2], tid, rng)
        resumed = _collect(a2, tid, seen[-1].event_id)
        full = _collect(a2, tid)
        assert [e.event_id for e in seen + resumed] == [e.event_id for e in full]
        a2.close()
        b2.close()
    finally:
        second.stop()
        watcher.close()


def test_replaying_the_choice_log_from_the_seed_reproduces_the_final_state(new_client, redis):
    import json

    ann, bob, tid = _table(new_client)
    play_to_end([ann, bob], tid, random.Random(10))
    meta = redis.hgetall(f"t:{{{tid}}}:meta")
    log = [json.loads(e) for e in redis.lrange(f"t:{{{tid}}}:log", 0, -1)]
    choices = [(e["seat"], Choice(e["decision_id"], e.get("option_id"), e.get("amount")))
               for e in log]
    step = engine.replay(GAME, int(meta[b"seats"]), json.loads(meta[b"options"]),
                         int(meta[b"seed"]), choices)
    stored = stored_game_state(redis, tid)
    assert step.state == stored.data
    assert step.state_hash == log[-1]["hash"]
