"""Watch: a table's events a seat may see, resumable exactly after a reconnect.

Each table has one Redis Stream; an entry holds the event's visibility and the
TableEvent bytes, and older entries move, unchanged, into the table's archive
(archive.py). A watcher reads after the last id it received, from the archive or
the stream (one script decides, atomically), so a client that reconnects with that
id gets every later event once: no gap, no duplicate. On a single Redis, commit
notifications (notify.py) tell a watcher when to read; on Redis Cluster each
watcher blocks on its own XREAD, only to be woken.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass

from redis.asyncio import Redis
from tablero.v1 import gateway_pb2 as gw

from . import archive, keys
from .errors import invalid
from .notify import Notifier
from .sessions import Session
from .tables import Tables, visible

STREAM_ID = re.compile(r"\A([0-9]{1,20})-([0-9]{1,20})\Z")
MAX_ID_PART = 2**64 - 1  # Redis stream ids are two unsigned 64-bit numbers
BLOCK_MS = 10_000  # well under the Redis client's socket timeout (serve.connect_redis)
BATCH = 256


async def watch(redis: Redis, tables: Tables, session: Session, tid: str, after: str,
                notifier: Notifier | None = None,
                recheck_s: float = 10.0) -> AsyncIterator[gw.TableEvent]:
    """Stream the events `session` may see. With a `notifier` (single Redis), a watcher
    reads when its table commits (and every `recheck_s` regardless); without one, it
    blocks on its own XREAD for BLOCK_MS at a time. The seat is looked up again before
    each private event (they are few) is judged, so a player who left the table never
    sees that seat's later secrets."""
    if after and not valid_stream_id(after):
        raise invalid("after_event_id", "after_event_id must be a stream id like 1700000000000-0")
    table, _ = await tables.load(tid, with_state=False)
    cursor = _Cursor(tables, session, tid, table.seat_of(session.player_id), after or "0-0")
    # A finished table has all its events: read what is left without waiting. A live one
    # always ends with the event that carries the outcome.
    live = table.status != "finished"
    if notifier is None or not live:
        async for ev in _blocking_reads(redis, cursor, BLOCK_MS if live else None):
            yield ev
        return
    async with notifier.watching(tid) as committed:
        while True:
            committed.clear()  # before the read: a commit after it sets it again
            entries, more = await archive.read_after(tables.scripts, tid, cursor.last, BATCH)
            for ev in await cursor.visible(entries):
                yield ev
                if ev.outcome.finished:
                    return
            if not more:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(committed.wait(), recheck_s)


def valid_stream_id(text: str) -> bool:
    m = STREAM_ID.match(text)
    return m is not None and all(int(part) <= MAX_ID_PART for part in m.groups())


async def _blocking_reads(redis: Redis, cursor: _Cursor, block: int | None
                          ) -> AsyncIterator[gw.TableEvent]:
    """Read until nothing is left; with `block`, then wait on XREAD for an entry after
    the cursor (only a wake-up: what it returns is read again through the archive)."""
    stream = keys.table_events(cursor.tid)
    while True:
        entries, more = await archive.read_after(cursor.tables.scripts, cursor.tid,
                                                 cursor.last, BATCH)
        for ev in await cursor.visible(entries):
            yield ev
            if ev.outcome.finished:
                return
        if more:
            continue
        if block is None:
            return
        await redis.xread({stream: cursor.last}, count=1, block=block)


@dataclass
class _Cursor:
    """Where a watcher is in its table's stream, and which seat it may see for."""

    tables: Tables
    session: Session
    tid: str
    seat: int
    last: str

    async def visible(self, entries: list[archive.Entry]) -> list[gw.TableEvent]:
        out = []
        for eid, fields in entries:
            self.last = eid.decode()
            vis = fields[b"vis"]
            if vis != b"*":
                table, _ = await self.tables.load(self.tid, with_state=False)
                self.seat = table.seat_of(self.session.player_id)
            if not visible(vis, self.seat):
                continue
            ev = gw.TableEvent.FromString(fields[b"b"])
            ev.event_id = self.last
            out.append(ev)
        return out
