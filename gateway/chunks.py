"""An archive chunk's bytes (archive.py): stream entries, compressed (decision 0013).

Format 2, written now: b"\\x02", the id of the preset dictionary its deflate stream
starts from (1 byte; 0 = none), its row count (2 bytes, big-endian), then a raw deflate
stream of msgpack rows. An entry a commit wrote (fields vis, v, b exactly; commit.lua)
is the row [ms, seq, vis, version, body, held]: its stream id's ms and the version as
differences from the row before (one chunk's rows are consecutive), body the
TableEvent bytes without their leading version field (which repeats v), and a commit
marker as what it holds (held; then body is nil) when building it again gives its very
bytes (markers.py). Any other entry is [ms, seq, [field, value, ...]].

A dictionary (gateway/dicts/, one per game, named by id in dicts/manifest.json and
checked against its sha256 when first used) is what such rows hold in many tables:
kinds, field names, space names, prose. Its id is never reused: a chunk names it, and a
gateway without it refuses to read the chunk (MissingDictionary) rather than misread it.

Format 1 (decision 0011) is still read, and rewritten as format 2 when its chunk grows:
b"\\x01", the count, then rows [stream id, [field, value, ...], held or nil] deflated
without a dictionary.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec
from google.protobuf.message import DecodeError
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from .markers import COMMITTED, marker

FORMAT_1, FORMAT = b"\x01", b"\x02"
WINDOW = 32768  # deflate's window
DICTS = Path(__file__).parent / "dicts"
STANDARD = [b"vis", b"v", b"b"]  # the fields of an entry a commit writes, in order

Entry = tuple[bytes, dict[bytes, bytes]]  # (stream id, fields), as the stream holds it


class MissingDictionary(ValueError):
    """A chunk compressed with a dictionary this gateway does not have."""


class DictionaryEntry(msgspec.Struct, frozen=True):
    id: int
    game: str
    file: str
    sha256: str
    built_from: str


class Manifest(msgspec.Struct, frozen=True):
    dictionaries: list[DictionaryEntry]


@functools.cache
def _manifest() -> dict[int, DictionaryEntry]:
    m = msgspec.json.decode((DICTS / "manifest.json").read_bytes(), type=Manifest)
    out = {d.id: d for d in m.dictionaries}
    if len(out) != len(m.dictionaries) or not all(0 < i < 256 for i in out):
        raise ValueError("dicts/manifest.json: dictionary ids must be unique, 1..255")
    return out


def newest(game: str) -> int:
    """The id of the dictionary new chunks of `game`'s tables use (0 = none)."""
    return max((d.id for d in _manifest().values() if d.game == game), default=0)


@functools.cache
def dictionary(did: int) -> bytes:
    """Dictionary `did`'s bytes (b"" for 0), checked against the manifest's sha256."""
    if did == 0:
        return b""
    d = _manifest().get(did)
    path = DICTS / d.file if d else None
    if d is None or path is None or not path.is_file():
        raise MissingDictionary(f"archive chunk needs dictionary {did}, which this gateway "
                                "does not have (gateway/dicts/manifest.json)")
    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != d.sha256:
        raise MissingDictionary(f"archive dictionary {did} ({d.file}) does not match its "
                                "sha256 in gateway/dicts/manifest.json")
    return data


def readable(chunk: bytes) -> bool:
    """Whether this gateway has what it takes to open `chunk` (its dictionary)."""
    try:
        dictionary(chunk[1] if chunk[:1] == FORMAT else 0)
    except MissingDictionary:
        return False
    return True


def version_field(v: int) -> bytes:
    """TableEvent's version (field 2, varint) as it leads the serialized bytes (none for
    0, proto3's default)."""
    out = bytearray(b"\x10" if v else b"")
    while v:
        out.append((v & 0x7F) | (0x80 if v > 0x7F else 0))
        v >>= 7
    return bytes(out)


def encode(entries: Sequence[Entry], game: str = "") -> bytes:
    """A new chunk of `entries`, with `game`'s newest dictionary."""
    return _compressed(newest(game), b"".join(rows(entries, [0, 0])), len(entries))


def decode(chunk: bytes) -> list[Entry]:
    if chunk[:1] == FORMAT_1:
        return _decoded_1(chunk)
    _, n, raw = opened(chunk)
    return entries_of_rows(raw, n)


def count(chunk: bytes) -> int:
    """How many entries a chunk holds (either format)."""
    return int.from_bytes(chunk[2:4] if chunk[:1] == FORMAT else chunk[1:3], "big")


def extended(chunk: bytes, entries: Sequence[Entry], game: str, full: int) -> bytes:
    """`chunk` ("" = a new one) with `entries` after its own: a new deflate segment
    (compressed with the rows before it as its window: nothing is compressed twice), or,
    once it holds `full` entries, the whole chunk compressed again in one piece. A format
    1 chunk is rewritten as format 2."""
    if not chunk:
        return encode(entries, game)
    if chunk[:1] != FORMAT:
        return encode([*decode(chunk), *entries], game)
    did, n, raw = opened(chunk)
    new = b"".join(rows(entries, _last(raw, n)))
    n += len(entries)
    if n >= full:
        return _compressed(newest(game), raw + new, n)
    z = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=(dictionary(did) + raw)[-WINDOW:])
    body = chunk[4:] + z.compress(new) + z.flush(zlib.Z_SYNC_FLUSH)
    return FORMAT + bytes([did]) + n.to_bytes(2, "big") + body


def _compressed(did: int, raw: bytes, n: int) -> bytes:
    z = (zlib.compressobj(9, zlib.DEFLATED, -15, zdict=dictionary(did)) if did
         else zlib.compressobj(9, zlib.DEFLATED, -15))
    return FORMAT + bytes([did]) + n.to_bytes(2, "big") + z.compress(raw) + z.flush(
        zlib.Z_SYNC_FLUSH)


def opened(chunk: bytes) -> tuple[int, int, bytes]:
    """A format 2 chunk's dictionary id, row count and rows' msgpack bytes."""
    if chunk[:1] != FORMAT or len(chunk) < 4:
        raise ValueError("unknown archive chunk format")
    did = chunk[1]
    z = zlib.decompressobj(-15, zdict=dictionary(did)) if did else zlib.decompressobj(-15)
    return did, int.from_bytes(chunk[2:4], "big"), z.decompress(chunk[4:])


def rows(entries: Sequence[Entry], last: list[int]) -> list[bytes]:
    """Each entry as its msgpack row; `last`: the [ms, version] of the row before,
    updated."""
    out = []
    for eid, fields in entries:
        ms, seq = _id_key(eid)
        dms, last[0] = ms - last[0], ms
        v = _version(fields)
        if v is not None:
            b, held = fields[b"b"], held_of(eid, fields)
            lead = version_field(v)
            if held is not None or b.startswith(lead):
                out.append(msgspec.msgpack.encode([
                    dms, seq, fields[b"vis"], v - last[1],
                    None if held is not None else b[len(lead):], held]))
                last[1] = v
                continue
        out.append(msgspec.msgpack.encode([dms, seq, [x for kv in fields.items() for x in kv]]))
    return out


def _last(raw: bytes, n: int) -> list[int]:
    """The [ms, version] of format 2 rows' last row (without building their entries)."""
    ms = v = 0
    for row in msgspec.msgpack.decode(b"\xdc" + n.to_bytes(2, "big") + raw):
        ms += row[0]
        v += row[3] if len(row) == 6 else 0
    return [ms, v]


def entries_of_rows(raw: bytes, n: int) -> list[Entry]:
    """Format 2 rows back as entries."""
    out: list[Entry] = []
    ms = v = 0
    for row in msgspec.msgpack.decode(b"\xdc" + n.to_bytes(2, "big") + raw):
        ms += row[0]
        eid = f"{ms}-{row[1]}".encode()
        if len(row) == 3:
            it = iter(row[2])
            out.append((eid, dict(zip(it, it))))
            continue
        _, _, vis, dv, body, held = row
        v += dv
        b = built(eid, v, held) if held is not None else version_field(v) + body
        out.append((eid, {b"vis": vis, b"v": str(v).encode(), b"b": b}))
    return out


def _version(fields: dict[bytes, bytes]) -> int | None:
    """The entry's version when it is an entry as a commit writes it, else None."""
    if list(fields) != STANDARD:
        return None
    v = fields[b"v"]
    return int(v) if v.isdigit() and str(int(v)).encode() == v else None


def held_of(eid: bytes, fields: dict[bytes, bytes]) -> list[Any] | None:
    """A commit marker as what it holds, when that builds its very bytes again: its
    outcome, then its pending decisions by column: ids (the version's digits cut out),
    seats, kinds, whether optional, and deadlines (the first after the entry's time, each
    other after the one before: a commit's deadlines are mostly one or two times)."""
    data, v = fields.get(b"b"), fields.get(b"v")
    if data is None or v is None or not v.isdigit():
        return None
    try:
        ev = gw.TableEvent.FromString(data)
    except DecodeError:
        return None
    if ev.event.kind != COMMITTED:
        return None
    tag, dls = str(ev.version), [_id_key(eid)[0]] + [p.deadline_unix_ms for p in ev.pending]
    held = [ev.outcome.SerializeToString(), [p.id.replace(tag, "\x00", 1) for p in ev.pending],
            [p.seat for p in ev.pending], [p.kind for p in ev.pending],
            [p.optional for p in ev.pending], [b - a for a, b in zip(dls, dls[1:])]]
    return held if built(eid, int(v), held) == data else None


def built(eid: bytes, version: int, held: list[Any]) -> bytes:
    """A commit marker's bytes from what it holds (held_of)."""
    outcome, ids, seats, kinds, opts, steps = held
    dls = list(itertools.accumulate(steps, initial=_id_key(eid)[0]))[1:]
    return _marker(eid, version, outcome, zip(ids, seats, kinds, opts, dls))


def _marker(eid: bytes, version: int, outcome: bytes, pending: Any) -> bytes:
    """A commit marker's bytes: `pending` (id with the version cut out, seat, kind,
    optional, deadline)."""
    tag = str(version)
    return marker(version, pb.Outcome.FromString(outcome), [
        {"id": i.replace("\x00", tag, 1), "seat": seat, "kind": kind, "opt": opt, "dl": dl}
        for i, seat, kind, opt, dl in pending]).SerializeToString()


def _decoded_1(chunk: bytes) -> list[Entry]:
    """A format 1 chunk's entries (decision 0011)."""
    n, raw = int.from_bytes(chunk[1:3], "big"), zlib.decompressobj(-15).decompress(chunk[3:])
    out = []
    for eid, flat, held in msgspec.msgpack.decode(b"\xdc" + n.to_bytes(2, "big") + raw):
        it = iter(flat)
        fields = dict(zip(it, it))
        if held is not None:  # [outcome, [[id, seat, kind, optional, deadline - ms], ...]]
            ms = _id_key(eid)[0]
            fields[b"b"] = _marker(eid, int(fields[b"v"]), held[0],
                                   [[*p[:4], p[4] + ms] for p in held[1]])
        out.append((eid, fields))
    return out


def _id_key(eid: bytes) -> tuple[int, int]:
    ms, _, seq = eid.decode().partition("-")
    return int(ms), int(seq)
