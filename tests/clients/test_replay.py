"""The replay verifier: finished tables re-run through the rules service match
byte for byte; a tampered log, seed or state is reported at the first
difference (DESIGN §2 "Determinism")."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys

import grpc
import pytest
from redis.asyncio import Redis
from tablero.v1 import common_pb2, rules_pb2_grpc

from clients.replay import layout
from clients.replay.verify import load_record, replay
from clients.sdk import Client, random_chooser
from gateway import keys, stored_state


@pytest.fixture
def finished(gateway) -> list[str]:
    """Three finished Duel tables: two against a bot, one three-seat with two bots.

    At most three rounds: Duel deals three cards, and a seat that never draws has
    none left in a fourth round (a dead end of the test game, reported)."""
    tids = []
    with Client(gateway) as c:
        c.login("replayer")
        for seats, rounds, seed in ((2, "3", 1), (2, "1", 2), (3, "3", 3)):
            t = c.create_table("duel", seats, {"rounds": rounds},
                               bot_seats=list(range(1, seats)))
            c.play(t.table_id, random_chooser(seed))
            tids.append(t.table_id)
    return tids


def copy_table(redis, tid: str) -> str:
    """A copy of a table's keys under a fresh id, to tamper with."""
    new = secrets.token_hex(16)
    for suffix in ("meta", "log", "state"):
        redis.restore(f"t:{{{new}}}:{suffix}", 0, redis.dump(f"t:{{{tid}}}:{suffix}"))
    return new


def run_replay(gateway: str, rules: str, redis_url: str, *tables: str) -> tuple[int, list[dict]]:
    out = subprocess.run([sys.executable, "-m", "clients", "--gateway", gateway, "replay",
                          *tables, "--redis", redis_url, "--rules", f"duel={rules}", "--json"],
                         capture_output=True, text=True, timeout=60)
    return out.returncode, [json.loads(line) for line in out.stdout.splitlines()]


def test_finished_tables_replay_identically(gateway, rules_target, platform, finished, redis):
    code, results = run_replay(gateway, rules_target, platform.redis_url, *finished)
    assert code == 0 and [r["table_id"] for r in results] == finished
    for r in results:
        assert r["ok"] and r["divergence"] is None
        log = redis.lrange(f"t:{{{r['table_id']}}}:log", 0, -1)
        assert r["choices"] == len(log) > 0
        assert r["final_hash"] == json.loads(log[-1])["hash"]
        assert r["rules_version_replayed"] == r["rules_version_stored"] == "1.0.0"


async def test_a_changed_choice_is_reported_at_that_choice(rules_target, platform, finished,
                                                          redis):
    tid = copy_table(redis, finished[0])
    log = [json.loads(e) for e in redis.lrange(f"t:{{{tid}}}:log", 0, -1)]
    i = next(i for i, e in enumerate(log) if "amount" in e and i > 0)
    log[i]["amount"] = (log[i]["amount"] + 1) % 4
    redis.lset(f"t:{{{tid}}}:log", i, json.dumps(log[i]))
    r = Redis.from_url(platform.redis_url)
    async with grpc.aio.insecure_channel(rules_target) as ch:
        res = await replay(rules_pb2_grpc.RulesStub(ch), await load_record(r, tid))
    await r.aclose()
    assert not res.ok and res.divergence is not None
    assert res.divergence.index == i and res.divergence.entry == log[i]
    assert res.divergence.reason == "state hash after this choice differs"
    assert res.divergence.expected == log[i]["hash"] != res.divergence.actual


def test_a_changed_seed_diverges_at_the_first_choice(gateway, rules_target, platform,
                                                     finished, redis):
    tid = copy_table(redis, finished[1])
    seed = int(redis.hget(f"t:{{{tid}}}:meta", "seed"))
    redis.hset(f"t:{{{tid}}}:meta", "seed", seed ^ 1)
    code, [r] = run_replay(gateway, rules_target, platform.redis_url, tid)
    assert code == 1 and not r["ok"] and r["divergence"]["index"] == 0


def test_a_changed_final_state_is_caught_byte_for_byte(gateway, rules_target, platform,
                                                       finished, redis):
    tid = copy_table(redis, finished[2])
    st = common_pb2.GameState.FromString(stored_state.unpack(redis.get(keys.table_state(tid))))
    data = bytearray(st.data)
    data[len(data) // 2] ^= 0x01
    st.data = bytes(data)
    redis.set(keys.table_state(tid), stored_state.pack(st.SerializeToString()))
    code, [r] = run_replay(gateway, rules_target, platform.redis_url, tid)
    assert code == 1 and r["divergence"]["reason"] == "final state bytes differ"
    assert f"first difference at byte {len(data) // 2}" in r["divergence"]["actual"]


def test_all_finished_tables_and_a_missing_one(gateway, rules_target, platform, finished):
    code, results = run_replay(gateway, rules_target, platform.redis_url, "--all")
    ids = {r["table_id"] for r in results}
    assert code == 0 and set(finished) <= ids and all(r["ok"] for r in results)
    code, [r] = run_replay(gateway, rules_target, platform.redis_url, "f" * 32)
    assert code == 2 and not r["ok"] and "no meta or state" in r["error"]


def test_the_verifier_reads_the_keys_the_gateway_writes():
    tid = secrets.token_hex(16)
    for name in ("table_meta", "table_log", "table_state"):
        assert getattr(layout, name)(tid) == getattr(keys, name)(tid)
    assert layout.TABLES_FINISHED == keys.TABLES_FINISHED
    # A state as the gateway stores it, small (as it is) or large (deflated), reads back.
    for size in (40, stored_state.DEFLATE_OVER + 1, 5000):
        state = common_pb2.GameState(game="duel", data=bytes(range(256)) * (size // 256) +
                                     b"x" * (size % 256)).SerializeToString()
        assert layout.state_bytes(stored_state.pack(state)) == state


@pytest.mark.parametrize("store", ["empty", "unreachable"])
def test_all_on_an_empty_or_unreachable_store_says_so_and_fails(gateway, rules_target, store):
    """Nothing verified is never reported as success."""
    from deploy.processes import free_port, start_redis

    redis = start_redis() if store == "empty" else None
    url = f"redis://{redis.endpoint if redis else f'127.0.0.1:{free_port()}'}/0"
    try:
        out = subprocess.run([sys.executable, "-m", "clients", "replay", "--all", "--redis", url,
                              "--rules", f"duel={rules_target}"],
                             capture_output=True, text=True, timeout=60)
    finally:
        if redis:
            redis.stop()
    assert out.returncode == 2, out.stdout
    expected = "no finished table" if store == "empty" else "cannot reach Redis"
    assert expected in out.stderr and url in out.stderr
