"""Archive chunks in format 2 (gateway/chunks.py, decision 0013): compact rows deflated
from a preset dictionary per game, named by id in the chunk. A heavy game's table reads
back byte for byte; a chunk naming a dictionary the gateway lacks is refused clearly,
never misread; a compaction leaves such a chunk alone."""

from __future__ import annotations

import hashlib
import json
import random
import threading
import zlib

import grpc
import msgspec
import pytest
from tablero.v1 import gateway_pb2 as gw

from gateway import archive, chunks, keys

from ..support import game_gateway, play_to_end, random_choice
from .stored import stored_entries
from .test_watch_and_faults import _collect, _table


def _play_cuba_alone(c, tid: str, rng: random.Random) -> None:
    """Seat 0's random offered choices (the bots play the other seats) to the end."""
    for _ in range(2000):
        v = c.GetView(gw.GetViewRequest(table_id=tid))
        if v.outcome.finished:
            return
        for d in v.decisions:
            c.Act(gw.ActRequest(table_id=tid, choice=random_choice(d, rng)))
    raise AssertionError("game did not finish")


def test_a_cuba_table_is_archived_with_cubas_dictionary_and_watched_byte_for_byte(
        platform, new_client, redis, log_dir):
    with game_gateway(platform.redis_url, "cuba", db=5, log_dir=log_dir) as gateway:
        ann = new_client("ann", gateway.endpoint)
        info = ann.CreateTable(gw.CreateTableRequest(game="cuba", seats=2, join=True,
                                                     bot_seats=[1]))
        live: list[bytes] = []
        watcher = threading.Thread(target=lambda: live.extend(
            e.SerializeToString() for e in _collect(ann, info.table_id)))
        watcher.start()
        _play_cuba_alone(ann, info.table_id, random.Random(5))
        watcher.join()
        assert [e.SerializeToString() for e in _collect(ann, info.table_id)] == live
    db = type(redis).from_url(platform.redis_url.rsplit("/", 1)[0] + "/5")
    arch = db.hgetall(keys.table_archive(info.table_id))
    index = arch[b"ids"].split()
    assert len(index) >= 2
    for k in range(1, len(index) + 1):  # every chunk: format 2, Cuba's dictionary
        chunk = arch[str(k).encode()]
        assert chunk[:2] == chunks.FORMAT + bytes([chunks.newest("cuba")])
        assert chunks.decode(chunk)[-1][0] == index[k - 1]
    stored = stored_entries(db, info.table_id)
    assert [archive.id_key(e) for e, _ in stored] == sorted({archive.id_key(e) for e, _ in stored})
    db.flushdb()
    db.close()


def test_rows_keep_every_entry_byte_for_byte_whatever_its_fields():
    entries = [
        (b"1700000000000-0", {b"vis": b"*", b"v": b"0", b"b": b"\x1a\x02\x08\x01"}),
        (b"1700000000000-1", {b"vis": b"0", b"v": b"7", b"b": b"\x10\x07\x1a\x00"}),
        (b"1700000000005-0", {b"vis": b"*", b"v": b"07", b"b": b"\x10\x07"}),  # not canonical
        (b"1700000000009-0", {b"vis": b"1", b"v": b"8", b"b": b"\x10\x09"}),  # another version
        (b"1700000000009-1", {b"b": b"x", b"vis": b"*", b"v": b"8"}),  # fields in another order
        (b"1700000000010-0", {b"vis": b"*"}),
        (b"1800000000000-3", {b"vis": b"0,1", b"v": b"200", b"b": b"\x10\xc8\x01\x1a\x00"})]
    raw = chunks.rows(entries, [0, 0])
    kinds = [len(msgspec.msgpack.decode(r)) for r in raw]
    assert kinds == [6, 6, 3, 3, 3, 3, 6]
    for game in ("", "cuba", "andean_abyss"):
        chunk = chunks.encode(entries[:3], game)
        assert chunk[1] == chunks.newest(game)
        grown = chunks.extended(chunks.extended(chunk, entries[3:5], game, 128), entries[5:],
                                game, 128)
        assert chunks.count(grown) == len(entries)
        assert chunks.decode(grown) == entries
        assert chunks.decode(chunks.extended(chunk, entries[3:], game, 7)) == entries


def test_a_chunk_naming_a_dictionary_this_gateway_lacks_is_refused_never_misread(
        new_client, redis):
    ann, bob, tid = _table(new_client, rounds="5")
    play_to_end([ann, bob], tid, random.Random(21))
    full = _collect(ann, tid)
    first = redis.hget(keys.table_archive(tid), "1")
    n, raw = chunks.count(first), chunks.opened(first)[2]
    z = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=b"a dictionary no gateway has" * 50)
    foreign = b"\x02\xfa" + n.to_bytes(2, "big") + z.compress(raw) + z.flush()
    assert not chunks.readable(foreign)
    with pytest.raises(chunks.MissingDictionary, match="dictionary 250"):
        chunks.decode(foreign)
    redis.hset(keys.table_archive(tid), "1", foreign)
    with pytest.raises(grpc.RpcError) as e:
        _collect(ann, tid)
    assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "dictionary 250" in e.value.details()
    # Past that chunk, Watch reads on as before.
    after = redis.hget(keys.table_archive(tid), "ids").split()[0].decode()
    assert [x.event_id for x in _collect(ann, tid, after)] == [
        x.event_id for x in full if archive.id_key(x.event_id) > archive.id_key(after)]


def test_a_dictionary_whose_bytes_are_not_the_manifests_is_refused(tmp_path, monkeypatch):
    data = b"kinds and names" * 100
    (tmp_path / "g-7.zdict").write_bytes(data + b"!")
    (tmp_path / "manifest.json").write_text(json.dumps({"dictionaries": [
        {"id": 7, "game": "g", "file": "g-7.zdict", "built_from": "a test",
         "sha256": hashlib.sha256(data).hexdigest()}]}))
    monkeypatch.setattr(chunks, "DICTS", tmp_path)
    chunks._manifest.cache_clear()
    chunks.dictionary.cache_clear()
    try:
        assert chunks.newest("g") == 7
        with pytest.raises(chunks.MissingDictionary, match="does not match its sha256"):
            chunks.encode([(b"1-0", {b"vis": b"*"})], "g")
    finally:
        monkeypatch.undo()
        chunks._manifest.cache_clear()
        chunks.dictionary.cache_clear()
