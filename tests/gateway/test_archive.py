"""A table's older events move, unchanged, from its stream into compressed chunks of its
archive (gateway/archive.py, decision 0011): Watch from the start, a resumed Watch and a
retried Act still get every event a seat may see, once, in order, byte for byte; two
gateways compacting one table at once move each entry exactly once; a compaction that
lost the race changes nothing."""

from __future__ import annotations

import asyncio
import random
import threading

import msgspec
from redis.asyncio import Redis
from tablero.v1 import gateway_pb2 as gw

from gateway import archive, chunks, keys, resp
from gateway.markers import COMMITTED
from gateway.scripts import Scripts
from services.runtime.loop import run

from ..fuzzing import keyspace
from ..support import play_to_end, random_choice
from .stored import stored_entries
from .test_watch_and_faults import _collect, _table


def test_watch_from_the_start_reads_the_archive_then_the_stream_byte_for_byte(new_client,
                                                                               redis):
    ann, bob, tid = _table(new_client, rounds="5")
    live: list[bytes] = []
    watcher = threading.Thread(target=lambda: live.extend(
        e.SerializeToString() for e in _collect(ann, tid)))
    watcher.start()  # reads each commit as it lands, before its entries are archived
    play_to_end([ann, bob], tid, random.Random(12))
    watcher.join()
    assert redis.hget(keys.table_archive(tid), "ids")  # the older entries were moved
    # Its chunks (a few KB at most) keep the archive hash a compact ziplist (decision 0014).
    assert redis.object("encoding", keys.table_archive(tid)) == b"ziplist"
    assert redis.xlen(keys.table_events(tid)) < archive.LONGEST
    full = _collect(ann, tid)
    assert [e.SerializeToString() for e in full] == live
    stored = stored_entries(redis, tid)
    # Commit markers are archived as what they hold and built again byte for byte; every
    # other entry of a commit without the version its bytes repeat.
    rows = [msgspec.msgpack.decode(r) for r in chunks.rows(stored, [0, 0])]
    assert sum(len(r) == 6 and r[5] is not None for r in rows) == sum(
        gw.TableEvent.FromString(f[b"b"]).event.kind == COMMITTED for _, f in stored)
    assert all(len(r) == 6 for r in rows)
    assert archive.decode(archive.encode(stored)) == stored
    ids = [archive.id_key(eid) for eid, _ in stored]
    assert ids == sorted(set(ids))  # each entry once, in stream order
    assert [e.event_id for e in full] == [
        eid.decode() for eid, f in stored if f[b"vis"] == b"*" or b"0" in f[b"vis"].split(b",")]
    for i in range(0, len(full), 5):  # resuming anywhere, archive or stream, goes on exactly
        rest = _collect(ann, tid, full[i].event_id)
        assert [e.SerializeToString() for e in rest] == live[i + 1:]


def test_a_retried_act_whose_events_were_archived_answers_the_same(new_client, redis):
    ann, bob, tid = _table(new_client, rounds="5")
    d = ann.GetView(gw.GetViewRequest(table_id=tid)).decisions[0]
    req = gw.ActRequest(table_id=tid, choice=random_choice(d, random.Random(1)),
                        idempotency_key="first")
    first = ann.Act(req)
    play_to_end([ann, bob], tid, random.Random(13))
    archived = stored_entries(redis, tid)[:-archive.KEEP]
    assert first.events[0].event_id.encode() in [eid for eid, _ in archived]
    again = ann.Act(req)
    assert again.duplicate and again.version == first.version
    assert list(again.events) == list(first.events)
    assert list(again.pending) == list(first.pending)


def test_every_commit_leaves_the_table_s_stream_in_one_node(new_client, redis):
    # archive.due: a commit whose entries took the stream into a second listpack node
    # (Redis allocates each whole, 4 KB: a second doubles the stream's bytes) compacts it
    # before it is answered, however few entries it holds (decision 0014)
    ann, bob, tid = _table(new_client, rounds="5")
    nodes, lengths = [], []

    def after_each_round(step: int) -> None:
        info = redis.xinfo_stream(keys.table_events(tid))
        nodes.append(info["radix-tree-keys"])
        lengths.append(info["length"])

    play_to_end([ann, bob], tid, random.Random(14), between=after_each_round)
    assert redis.hget(keys.table_archive(tid), "ids")  # compacted along the way
    assert max(lengths) > archive.KEEP + 4 and min(lengths) <= archive.KEEP + 2
    assert set(nodes) == {1}


def _fill(redis, tid: str, n: int) -> list[tuple[bytes, dict[bytes, bytes]]]:
    """A stream of `n` entries shaped like a table's (visibility, version, bytes)."""
    rng = random.Random(n)
    for k in range(n):
        vis = rng.choice([b"*", b"0", b"1", b"0,2"])
        redis.xadd(keys.table_events(tid), {"vis": vis, "v": k // 3, "b": rng.randbytes(
            rng.randrange(1, 300))})
    return list(redis.xrange(keys.table_events(tid)))


def test_a_stream_of_few_large_entries_in_two_nodes_is_compacted_to_one(platform, redis):
    # archive.due by the stream's nodes, not an estimate of its bytes: nine entries of a
    # seventh of a node each outgrow the first node; all but the newest KEEP move, and fit
    # in one (decision 0014)
    tid = "c2" * 16
    node = int(redis.config_get("stream-node-max-bytes")["stream-node-max-bytes"])
    for k in range(9):
        redis.xadd(keys.table_events(tid), {"vis": "*", "v": k, "b": bytes(node // 7)})
    info = redis.xinfo_stream(keys.table_events(tid))
    assert (info["length"], info["radix-tree-keys"]) == (9, 2)
    assert archive.due(9, 2) and not archive.due(9, 1) and not archive.due(archive.KEEP, 2)
    assert archive.due(archive.LONGEST, 1)

    async def go() -> int:
        r = Redis.from_url(platform.redis_url)
        moved = await archive.compact(Scripts(r), tid)
        await r.aclose()
        return moved

    assert run(go()) == 9 - archive.KEEP
    info = redis.xinfo_stream(keys.table_events(tid))
    assert (info["length"], info["radix-tree-keys"]) == (archive.KEEP, 1)
    redis.delete(keys.table_events(tid), keys.table_archive(tid))


def test_two_gateways_compacting_one_table_at_once_move_each_entry_once(platform, redis):
    tid = "a0" * 16
    entries = _fill(redis, tid, 3 * archive.CHUNK + 21)

    async def go() -> list[int]:
        clients = [Redis.from_url(platform.redis_url) for _ in range(2)]
        lean = resp.Client(platform.redis_url)
        both = [Scripts(clients[0], lean), Scripts(clients[1])]  # lean and redis-py paths
        moved = await asyncio.gather(*(archive.compact(s, tid) for s in both))
        reads = []
        after = "0-0"
        while True:  # Watch's way: archive, then stream, in one script per read
            got, more = await archive.read_after(both[0], tid, after, 64)
            reads += got
            if not got:
                break
            after = got[-1][0].decode()
        await lean.close()
        for c in clients:
            await c.aclose()
        assert reads == entries
        return moved

    moved = run(go())
    assert sum(moved) == len(entries) - archive.KEEP
    assert stored_entries(redis, tid) == entries
    assert redis.xlen(keys.table_events(tid)) == archive.KEEP
    later = redis.xadd(keys.table_events(tid), {"vis": "*"})  # the rebuilt stream goes on
    assert archive.id_key(later) > archive.id_key(entries[-1][0])
    chunks = redis.hgetall(keys.table_archive(tid))
    assert all(len(archive.decode(chunks[str(k).encode()])) <= archive.CHUNK
               for k in range(1, len(chunks[b"ids"].split()) + 1))
    redis.delete(keys.table_events(tid), keys.table_archive(tid))


def test_a_compaction_that_lost_the_race_changes_nothing(platform, redis):
    tid = "b1" * 16
    entries = _fill(redis, tid, archive.KEEP + 13)
    before = keyspace(redis, (f"t:{{{tid}}}:*",))
    moved = entries[:5]
    stale = [  # read before another gateway moved the first entries: the index differs
        ["1-0", "1", archive.encode(moved), "9-0", moved[0][0], moved[-1][0]],
        # or the stream no longer starts where this gateway read it
        ["", "1", archive.encode(entries[1:6]), "9-0", entries[1][0], entries[5][0]],
        # or nothing would be left in the stream
        ["", "1", archive.encode(entries), "9-0", entries[0][0], entries[-1][0]]]

    async def go() -> list[int]:
        r = Redis.from_url(platform.redis_url)
        scripts = Scripts(r)
        out = [(await scripts.execute([scripts.call(
            scripts.archive, [keys.table_events(tid), keys.table_archive(tid)], args)]))[0]
            for args in stale]
        await r.aclose()
        return out

    assert run(go()) == [0, 0, 0]
    assert keyspace(redis, (f"t:{{{tid}}}:*",)) == before
    redis.delete(keys.table_events(tid))
