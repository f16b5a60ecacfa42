"""A table's older events, compacted out of its stream into compressed chunks.

A table's stream keeps only its newest entries (at least KEEP). Once it would outgrow
the one 4 KB node Redis allocates whole for a short stream, the gateway that committed
moves the older ones into the table's archive hash (keys.table_archive): chunks of at
most CHUNK entries, each the entries as the stream held them (stream id, every field),
msgpack rows in a raw deflate stream. A commit marker (markers.py; three quarters of
an Andean Abyss table's event bytes) is kept as what it holds, its decision ids and
deadlines relative to its version and time, which repeat from commit to commit; it is
kept so only when building it again gives its very bytes, else as they are. The last
chunk grows, a deflate segment at a time, until it is full and is compressed again in
one piece, so the stream stays short while chunks stay large enough to compress well.

The move is one script (archive.lua), which does nothing if another gateway moved
them first, and rebuilds the short stream (entries deleted in place keep their bytes
until their whole stream node goes); a gateway killed before it leaves the stream as
it was. Readers go through read.lua, which answers from the archive while it holds
entries after the reader's id and from the stream after that, in one atomic step:
every entry is read once, in order, with its stream id and bytes unchanged.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

import msgspec
from google.protobuf.message import DecodeError
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from . import keys
from .markers import COMMITTED, marker
from .scripts import Scripts

KEEP = 4  # newest stream entries never compacted (what watchers read right after a commit)
STEP = 8  # entries that pile up past KEEP before a compaction, at least
NODE_BYTES = 3500  # stream entry bytes a table's stream holds before a compaction...
ENTRY_OVERHEAD = 30  # ...counting each entry's id and field names
LONGEST = 64  # ...or entries, whichever comes first
CHUNK = 128  # entries per archived chunk at most
HEAD = 4 * (KEEP + STEP)  # stream entries read per compaction turn at most
FORMAT = b"\x01"  # first byte of a chunk; then its row count (2 bytes, big-endian) and a raw
# deflate stream of the rows, msgpack each: [id, [field, value, ...], a marker's outcome and
# pending (its "b" field then left out) or nil]. A growing chunk is that stream in segments,
# each new one compressed with the rows before it as its window (no recompression); a full
# chunk is compressed again in one piece.
WINDOW = 32768  # deflate's window
MAX_ID_PART = 2**64 - 1

Entry = tuple[bytes, dict[bytes, bytes]]  # (stream id, fields), as the stream holds it


def encode(entries: Sequence[Entry]) -> bytes:
    return _extended(b"", _rows(entries))


def decode(chunk: bytes) -> list[Entry]:
    out = []
    for eid, flat, held in rows_of(chunk):
        it = iter(flat)
        fields = dict(zip(it, it))
        if held is not None:
            fields[b"b"] = _built(eid, int(fields[b"v"]), held)
        out.append((eid, fields))
    return out


def rows_of(chunk: bytes) -> list[list[Any]]:
    """A chunk's rows: [stream id, [field, value, ...], what a marker holds or None]."""
    count, raw = _opened(chunk)
    rows: list[list[Any]] = msgspec.msgpack.decode(b"\xdc" + count.to_bytes(2, "big") + raw)
    return rows


def _rows(entries: Sequence[Entry]) -> list[bytes]:
    """Each entry as its msgpack row."""
    rows = []
    for eid, fields in entries:
        held = _held(eid, fields)
        flat = [x for kv in fields.items() if held is None or kv[0] != b"b" for x in kv]
        rows.append(msgspec.msgpack.encode([eid, flat, held]))
    return rows


def _opened(chunk: bytes) -> tuple[int, bytes]:
    """A chunk's row count and its rows' msgpack bytes."""
    if chunk[:1] != FORMAT:
        raise ValueError("unknown archive chunk format")
    return int.from_bytes(chunk[1:3], "big"), zlib.decompressobj(-15).decompress(chunk[3:])


def _extended(chunk: bytes, rows: list[bytes]) -> bytes:
    """`chunk` ("" = a new one) with `rows` after its own: a new deflate segment, or the
    whole chunk compressed again once it is full."""
    count, raw = _opened(chunk) if chunk else (0, b"")
    count += len(rows)
    new = b"".join(rows)
    if count >= CHUNK or not chunk:
        z = zlib.compressobj(9, zlib.DEFLATED, -15)
        body = z.compress(raw + new) + z.flush(zlib.Z_SYNC_FLUSH)
    else:
        z = zlib.compressobj(6, zlib.DEFLATED, -15, zdict=raw[-WINDOW:])
        body = chunk[3:] + z.compress(new) + z.flush(zlib.Z_SYNC_FLUSH)
    return FORMAT + count.to_bytes(2, "big") + body


def _held(eid: bytes, fields: dict[bytes, bytes]) -> list[Any] | None:
    """A commit marker's outcome and pending decisions (ids with the version's digits
    cut out, deadlines after the entry's time), when they build its bytes again."""
    data, v = fields.get(b"b"), fields.get(b"v")
    if data is None or v is None or not v.isdigit():
        return None
    try:
        ev = gw.TableEvent.FromString(data)
    except DecodeError:
        return None
    if ev.event.kind != COMMITTED:
        return None
    ms, tag = id_key(eid)[0], str(ev.version)
    held = [ev.outcome.SerializeToString(),
            [[p.id.replace(tag, "\x00", 1), p.seat, p.kind, p.optional, p.deadline_unix_ms - ms]
             for p in ev.pending]]
    return held if _built(eid, int(v), held) == data else None


def _built(eid: bytes, version: int, held: list[Any]) -> bytes:
    ms, tag = id_key(eid)[0], str(version)
    outcome, pending = held
    return marker(version, pb.Outcome.FromString(outcome), [
        {"id": i.replace("\x00", tag, 1), "seat": seat, "kind": kind, "opt": opt, "dl": dl + ms}
        for i, seat, kind, opt, dl in pending]).SerializeToString()


def unpacked(chunks: dict[bytes, bytes]) -> list[Entry]:
    """Every entry of a table's archive (HGETALL of it), oldest first."""
    out = []
    for k in range(1, len(chunks.get(b"ids", b"").split()) + 1):
        out += decode(chunks[str(k).encode()])
    return out


def entries_of(reply: Any) -> list[Entry]:
    """XRANGE's reply as entries: raw ([id, [field, value, ...]], the lean client and
    scripts) or as redis-py parses it ((id, {field: value}))."""
    out = []
    for eid, fields in reply or []:
        if not isinstance(fields, dict):
            it = iter(fields)
            fields = dict(zip(it, it))
        out.append((eid, fields))
    return out


def id_key(eid: bytes | str) -> tuple[int, int]:
    ms, _, seq = (eid.decode() if isinstance(eid, bytes) else eid).partition("-")
    return int(ms), int(seq)


def before(eid: bytes | str) -> str:
    """The stream id just before `eid` ("" for 0-0, which has none)."""
    ms, seq = id_key(eid)
    if seq:
        return f"{ms}-{seq - 1}"
    return f"{ms - 1}-{MAX_ID_PART}" if ms else ""


async def read_after(scripts: Scripts, tid: str, after: str, count: int
                     ) -> tuple[list[Entry], bool]:
    """The table's next entries strictly after stream id `after`, oldest first (up to
    `count` from the stream, or the rest of one archived chunk), and whether more may
    follow at once (a chunk, or a full batch)."""
    last = id_key(after)
    if last == (MAX_ID_PART, MAX_ID_PART):
        return [], False
    [(archived, body)] = await scripts.execute([scripts.call(
        scripts.read, [keys.table_events(tid), keys.table_archive(tid)],
        [f"{last[0]}-{last[1]}", count])])
    if archived:
        return [e for e in decode(body) if id_key(e[0]) > last], True
    entries = entries_of(body)
    return entries, len(entries) >= count


async def read_between(scripts: Scripts, tid: str, first: str, last: str) -> list[Entry]:
    """The table's entries from stream id `first` to `last`, both included."""
    out: list[Entry] = []
    after, end = before(first) or "0-0", id_key(last)
    while True:
        entries, more = await read_after(scripts, tid, after, 256)
        out += [e for e in entries if id_key(e[0]) <= end]
        if not entries or id_key(entries[-1][0]) >= end or not more:
            return out
        after = entries[-1][0].decode()


def due(length: int, entry_bytes: float) -> bool:
    """Whether a stream of `length` entries of about `entry_bytes` each is due for a
    compaction: once it would outgrow the one stream node Redis allocates whole (4 KB:
    short streams cost the same up to that), or holds LONGEST entries."""
    return length >= KEEP + STEP and (length * (entry_bytes + ENTRY_OVERHEAD) >= NODE_BYTES
                                      or length >= LONGEST)


async def compact(scripts: Scripts, tid: str) -> int:
    """Move the table's stream entries older than its newest KEEP into its archive, a
    chunk at a time; the number of entries moved (0 when another gateway was first)."""
    events, archive = keys.table_events(tid), keys.table_archive(tid)
    moved = 0
    while True:
        length, ids, head = await scripts.execute([
            ["XLEN", events], ["HGET", archive, "ids"],
            ["XRANGE", events, "-", "+", "COUNT", HEAD]])
        if length - KEEP < (STEP if not moved else 1):
            return moved
        index = ids.decode().split() if ids else []
        last = b""  # the last chunk, when it has room: it grows
        if index:
            [last] = await scripts.execute([["HGET", archive, str(len(index))]])
            if not last or int.from_bytes(last[1:3], "big") >= CHUNK:
                last = b""
        room = CHUNK - (int.from_bytes(last[1:3], "big") if last else 0)
        take = entries_of(head)[:min(length - KEEP, room)]  # more: next turn
        k = len(index) if last else len(index) + 1
        new_index = " ".join([*index[:k - 1], take[-1][0].decode()])
        [ok] = await scripts.execute([scripts.call(scripts.archive, [events, archive], [
            ids or "", str(k), _extended(last, _rows(take)), new_index, take[0][0],
            take[-1][0]])])
        if not ok:
            return moved
        moved += len(take)
