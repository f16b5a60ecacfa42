"""A table's older events, compacted out of its stream into compressed chunks.

A table's stream keeps only its newest entries (at least KEEP). Once a commit takes it
past the one node Redis allocates whole for a short stream (`stream-node-max-bytes`, 2 KB in
deploy/redis), the gateway that committed
moves the older ones into the table's archive hash (keys.table_archive): chunks of at
most CHUNK entries, each the entries as the stream held them (stream id, every field),
in the bytes chunks.py writes (compact rows deflated from a preset dictionary of the
table's game; a commit marker kept as what it holds when that builds its very bytes).
The last chunk grows, a deflate segment at a time, until it is full and is compressed
again in one piece, so the stream stays short while chunks stay large enough to compress
well.

The move is one script (archive.lua), which does nothing if another gateway moved
them first, and rebuilds the short stream (entries deleted in place keep their bytes
until their whole stream node goes); a gateway killed before it leaves the stream as
it was. Readers go through read.lua, which answers from the archive while it holds
entries after the reader's id and from the stream after that, in one atomic step:
every entry is read once, in order, with its stream id and bytes unchanged.
"""

from __future__ import annotations

from typing import Any

from . import chunks, keys
from .errors import precondition
from .scripts import Scripts

KEEP = 4  # newest stream entries never compacted (what watchers read right after a commit)
LONGEST = 64  # entries a stream holds at most before a compaction, in one node or not
CHUNK = 128  # entries per archived chunk at most (their bytes: chunks.py)
HEAD = 48  # stream entries read per compaction turn at most
MAX_ID_PART = 2**64 - 1

Entry = chunks.Entry
encode, decode = chunks.encode, chunks.decode


def unpacked(archive: dict[bytes, bytes]) -> list[Entry]:
    """Every entry of a table's archive (HGETALL of it), oldest first."""
    out = []
    for k in range(1, len(archive.get(b"ids", b"").split()) + 1):
        out += decode(archive[str(k).encode()])
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
        try:
            entries = decode(body)
        except chunks.MissingDictionary as e:
            raise precondition(f"table {tid}'s older events: {e}", "ARCHIVE_DICTIONARY") from e
        return [e for e in entries if id_key(e[0]) > last], True
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


def due(length: int, nodes: int) -> bool:
    """Whether a stream of `length` entries in `nodes` listpack nodes is due for a
    compaction: once it has outgrown the one node Redis allocates whole for it
    (`stream-node-max-bytes`: a stream costs the same up to that, and twice that with a
    second node), or holds LONGEST entries. Its nodes, not an estimate of its bytes: a
    stream of large commit markers outgrew its node before an estimate from one commit's
    entries said so (decision 0014)."""
    return length > KEEP and (nodes > 1 or length >= LONGEST)


async def compact(scripts: Scripts, tid: str) -> int:
    """Move the table's stream entries older than its newest KEEP into its archive, a
    chunk at a time; the number of entries moved (0 when another gateway was first)."""
    events, archive = keys.table_events(tid), keys.table_archive(tid)
    moved = 0
    while True:
        length, ids, game, head = await scripts.execute([
            ["XLEN", events], ["HGET", archive, "ids"], ["HGET", keys.table_meta(tid), "game"],
            ["XRANGE", events, "-", "+", "COUNT", HEAD]])
        if length <= KEEP:
            return moved
        index = ids.decode().split() if ids else []
        last = b""  # the last chunk, when it has room: it grows
        if index:
            [last] = await scripts.execute([["HGET", archive, str(len(index))]])
            if not last or chunks.count(last) >= CHUNK or not chunks.readable(last):
                last = b""
        room = CHUNK - (chunks.count(last) if last else 0)
        take = entries_of(head)[:min(length - KEEP, room)]  # more: next turn
        k = len(index) if last else len(index) + 1
        new_index = " ".join([*index[:k - 1], take[-1][0].decode()])
        body = chunks.extended(last, take, (game or b"").decode(), CHUNK)
        [ok] = await scripts.execute([scripts.call(scripts.archive, [events, archive], [
            ids or "", str(k), body, new_index, take[0][0], take[-1][0]])])
        if not ok:
            return moved
        moved += len(take)

