"""Watch: a table's events a seat may see, resumable exactly after a reconnect.

Each table has one Redis Stream; an entry holds the event's visibility and the
TableEvent bytes. A watcher reads after the last id it received, so a client
that reconnects with that id gets every later event once: no gap, no duplicate.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

from redis.asyncio import Redis
from tablero.v1 import gateway_pb2 as gw

from . import keys
from .errors import invalid
from .sessions import Session
from .tables import Tables, visible

STREAM_ID = re.compile(r"^\d{1,20}-\d{1,20}$")
BLOCK_MS = 10_000  # well under the Redis client's socket timeout (serve.connect_redis)
BATCH = 256


async def watch(redis: Redis, tables: Tables, session: Session, tid: str,
                after: str) -> AsyncIterator[gw.TableEvent]:
    """Stream the events `session` may see. An idle watcher costs one blocking read per
    BLOCK_MS; the seat is looked up again before each private event (they are few) is
    judged, so a player who left the table never sees that seat's later secrets."""
    if after and not STREAM_ID.match(after):
        raise invalid("after_event_id", "after_event_id must be a stream id like 1700000000000-0")
    table, _ = await tables.load(tid, with_state=False)
    seat = table.seat_of(session.player_id)
    last = after or "0-0"
    stream = keys.table_events(tid)
    # A finished table has all its events: read what is left without waiting. A live one
    # always ends with the event that carries the outcome.
    block = None if table.status == "finished" else BLOCK_MS
    while True:
        res = await redis.xread({stream: last}, count=BATCH, block=block)
        if not res:
            if block is None:
                return
            continue
        for eid, fields in res[0][1]:
            last = eid.decode()
            vis = fields[b"vis"]
            if vis != b"*":
                table, _ = await tables.load(tid, with_state=False)
                seat = table.seat_of(session.player_id)
            if not visible(vis, seat):
                continue
            ev = gw.TableEvent.FromString(fields[b"b"])
            ev.event_id = last
            yield ev
            if ev.outcome.finished:
                return
