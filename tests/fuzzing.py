"""Request bodies for the fuzz suites (issue 9): raw random bytes, mutations of valid
messages, and boundary values field by field. Seeded: a failure names its seed and
replays exactly. TABLERO_FUZZ_SCALE multiplies the counts (default 1: `make test`)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

SCALE = max(1, int(os.environ.get("TABLERO_FUZZ_SCALE", "1")))

TEXTS = ["", " ", "x" * 32, "x" * 33, "x" * 64, "x" * 65, "x" * 128, "x" * 129, "x" * 256,
         "x" * 257, "x" * 8000, "\u00b2", "\u0661-\u0660", "1-0\n", "\n", "\x00", "\u202e",
         "d0.0", "d99999999999999999999.0", "-1", "0", "18446744073709551616-0",
         "\U0001f600" * 20, "' OR 1=1 --", "%s%n", "../../etc/passwd", "null"]
INTS = [0, 1, -1, 2, 3, 7, 100, 2**31 - 1, -(2**31), 2**53, 2**63 - 1, -(2**63)]
UINTS = [0, 1, 2**32, 2**63, 2**64 - 1]
T = FieldDescriptor


@dataclass
class Body:
    """One request body and how it was made (for the failure message)."""

    data: bytes
    how: str


def raw(rng: random.Random, n: int) -> Iterator[Body]:
    for i in range(n):
        size = rng.choice([0, 1, 2, 5, 16, 64, 300, 2000])
        yield Body(rng.randbytes(size), f"raw #{i} ({size} bytes)")


def mutate(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(5)
        if op == 0 and b:  # flip bits
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        elif op == 1:  # insert bytes
            i = rng.randint(0, len(b))
            b[i:i] = rng.randbytes(rng.randint(1, 8))
        elif op == 2 and b:  # delete a run
            i = rng.randrange(len(b))
            del b[i:i + rng.randint(1, 8)]
        elif op == 3 and b:  # truncate
            del b[rng.randrange(len(b)):]
        elif b:  # set a byte to an edge value
            b[rng.randrange(len(b))] = rng.choice([0, 0x7F, 0x80, 0xFF])
    return bytes(b)


def mutated(base: Message, rng: random.Random, n: int) -> Iterator[Body]:
    data = base.SerializeToString()
    for i in range(n):
        yield Body(mutate(data, rng), f"mutation #{i} of {type(base).__name__}")


def _values(f: FieldDescriptor) -> list[object]:
    if f.type == T.TYPE_STRING:
        return list(TEXTS)
    if f.type == T.TYPE_BYTES:
        return [b"", b"\xff" * 40, b"\x00"]
    if f.type == T.TYPE_BOOL:
        return [True, False]
    if f.type in (T.TYPE_UINT32, T.TYPE_UINT64, T.TYPE_FIXED64, T.TYPE_FIXED32):
        top = 2**32 - 1 if f.type in (T.TYPE_UINT32, T.TYPE_FIXED32) else 2**64 - 1
        return [v for v in UINTS if v <= top]
    if f.type in (T.TYPE_INT32, T.TYPE_SINT32, T.TYPE_SFIXED32, T.TYPE_ENUM):
        return [v for v in INTS if -(2**31) <= v < 2**31]
    if f.type in (T.TYPE_INT64, T.TYPE_SINT64, T.TYPE_SFIXED64):
        return list(INTS)
    return []


def _set(msg: Message, f: FieldDescriptor, value: object) -> None:
    if f.message_type is not None and f.message_type.GetOptions().map_entry:
        getattr(msg, f.name)[value if isinstance(value, str) else str(value)] = (
            value if isinstance(value, str) else str(value))
    elif f.is_repeated:
        getattr(msg, f.name).extend([value] * 3)
    else:
        setattr(msg, f.name, value)


def boundaries(base: Message, rng: random.Random, n: int, prefix: str = "") -> Iterator[Body]:
    """`base` with one field (top level or one message deep) set to an edge value; `n`
    of them at most, drawn at random from every (field, value) pair."""
    cases: list[tuple[str, Message]] = []
    for f in base.DESCRIPTOR.fields:
        if f.message_type is not None and not f.message_type.GetOptions().map_entry:
            if f.is_repeated:
                continue
            for g in f.message_type.fields:
                for v in _values(g):
                    m = type(base)()
                    m.CopyFrom(base)
                    try:
                        _set(getattr(m, f.name), g, v)
                    except (TypeError, ValueError):
                        continue
                    cases.append((f"{prefix}{f.name}.{g.name}={v!r:.30}", m))
            continue
        values = _values(f.message_type.fields[0]) if f.message_type is not None else _values(f)
        for v in values:
            m = type(base)()
            m.CopyFrom(base)
            try:
                _set(m, f, v)
            except (TypeError, ValueError):
                continue
            cases.append((f"{prefix}{f.name}={v!r:.30}", m))
    for how, m in rng.sample(cases, min(n, len(cases))):
        yield Body(m.SerializeToString(), f"boundary {how}")


def bodies(base: Message, seed: int, n: int) -> Iterator[Body]:
    """n raw, n mutated and n boundary bodies for one RPC (times TABLERO_FUZZ_SCALE)."""
    rng = random.Random(seed)
    n *= SCALE
    yield from raw(rng, n)
    yield from mutated(base, rng, n)
    yield from boundaries(base, rng, n)


def keyspace(redis: Any, patterns: tuple[str, ...] = ("*",),
             skip: tuple[bytes, ...] = (b":rl", b":drive")) -> dict[bytes, Any]:
    """The type and contents of every key matching `patterns`, by value (DUMP's bytes
    follow a hash's internal order, which a mere read may change while Redis rehashes).
    Keys ending with `skip` (session rate buckets, bot-driving locks) are left out."""
    keys = sorted({k for p in patterns for k in redis.scan_iter(p, count=1000)
                   if not k.endswith(skip)})
    pipe = redis.pipeline(transaction=False)
    for k in keys:
        pipe.type(k)
    types = pipe.execute()
    read = {b"string": lambda k: pipe.get(k), b"hash": lambda k: pipe.hgetall(k),
            b"list": lambda k: pipe.lrange(k, 0, -1), b"set": lambda k: pipe.smembers(k),
            b"zset": lambda k: pipe.zrange(k, 0, -1, withscores=True),
            b"stream": lambda k: pipe.xrange(k)}
    for k, t in zip(keys, types):
        read[t](k)
    return {k: (t, v) for k, t, v in zip(keys, types, pipe.execute())}
