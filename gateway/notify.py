"""Commit notifications for Watch on a single Redis: one pub/sub connection per gateway.

The commit script PUBLISHes the new version on `tev:<table id>` (keys.table_notify)
in the same atomic step that appends the events. A gateway process subscribes once
per table it has watchers for and wakes them; each watcher then reads its stream
after its last id on the shared client. So N watchers cost one pub/sub connection
and a read per commit, not N blocking connections. A lost notification (the pub/sub
connection dropped) only delays a watcher until its periodic re-read, and on
reconnection every watcher is woken to read again.

On Redis Cluster (no single pub/sub fan-out here) each watcher blocks on its own
XREAD instead (streams.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from redis.asyncio import Redis
from redis.asyncio.client import PubSub

from services.runtime.wire import LogLimiter

from . import keys

log = logging.getLogger("tablero.notify")
CONFIRM_S = 5.0


class Notifier:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.pubsub: PubSub | None = None
        self.wakers: dict[str, set[asyncio.Event]] = {}
        self.confirmed: dict[str, asyncio.Future[None]] = {}
        self.task: asyncio.Task[None] | None = None
        self.lock = asyncio.Lock()
        self.quiet = LogLimiter()
        # Set while some table has watchers: the listener waits on it when idle, so a
        # first watcher's subscription is read at once, not after a polling sleep.
        self.active = asyncio.Event()
        self.confirm_timeouts = 0  # subscriptions not confirmed within CONFIRM_S

    @contextlib.asynccontextmanager
    async def watching(self, tid: str) -> AsyncIterator[asyncio.Event]:
        """An event set whenever table `tid` commits, from the moment this returns (the
        subscription is confirmed by Redis before the caller's first read)."""
        event = asyncio.Event()
        try:
            await self._add(tid, event)  # inside: a failed subscribe leaves nothing behind
            yield event
        finally:
            await self._remove(tid, event)

    async def _add(self, tid: str, event: asyncio.Event) -> None:
        async with self.lock:
            first = tid not in self.wakers
            self.wakers.setdefault(tid, set()).add(event)
            if first:
                self.confirmed[tid] = asyncio.get_running_loop().create_future()
                await self._subscriber().subscribe(keys.table_notify(tid))
                self._ensure_running()
            self.active.set()  # after subscribing: the listener reads a subscribed connection
            confirmed = self.confirmed.get(tid)
        if confirmed is not None:
            try:
                await asyncio.wait_for(asyncio.shield(confirmed), CONFIRM_S)
            except TimeoutError:  # the periodic re-read covers a miss
                self.confirm_timeouts += 1

    async def _remove(self, tid: str, event: asyncio.Event) -> None:
        async with self.lock:
            left = self.wakers.get(tid)
            if left is None:
                return
            left.discard(event)
            if not left:
                del self.wakers[tid]
                self.confirmed.pop(tid, None)
                with contextlib.suppress(Exception):  # a broken connection forgets it anyway
                    await self._subscriber().unsubscribe(keys.table_notify(tid))

    def _subscriber(self) -> PubSub:
        if self.pubsub is None:
            self.pubsub = self.redis.pubsub()
        return self.pubsub

    def _ensure_running(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        while True:
            if not self.wakers:
                self.active.clear()  # no await since the check: _add sets it after this
                await self.active.wait()
                continue
            try:
                msg = await self._subscriber().get_message(timeout=1.0)
            except Exception:
                if self.quiet.allow("lost"):  # Redis away: once a minute, not per retry
                    log.warning("commit notifications lost their connection; re-reading all")
                await self._reconnect()
                continue
            if msg is not None:
                self._dispatch(msg)

    def _dispatch(self, msg: dict[str, object]) -> None:
        channel = msg.get("channel")
        if not isinstance(channel, bytes):
            return
        tid = keys.table_of_notify(channel.decode())
        if msg.get("type") == "subscribe":
            done = self.confirmed.pop(tid, None)
            if done is not None and not done.done():
                done.set_result(None)
        elif msg.get("type") == "message":
            for event in self.wakers.get(tid, ()):
                event.set()

    async def _reconnect(self) -> None:
        """A new pub/sub connection with every table subscribed again; every watcher is
        woken, since commits may have gone unannounced meanwhile."""
        async with self.lock:
            old, self.pubsub = self.pubsub, None
            if old is not None:
                with contextlib.suppress(Exception):
                    await old.aclose()
            await asyncio.sleep(0.2)
            try:
                if self.wakers:
                    await self._subscriber().subscribe(*(keys.table_notify(t)
                                                         for t in self.wakers))
            except Exception:
                self.pubsub = None  # Redis still away: the listener tries again
            for tid, events in self.wakers.items():
                done = self.confirmed.pop(tid, None)
                if done is not None and not done.done():
                    done.set_result(None)
                for event in events:
                    event.set()

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        if self.pubsub is not None:
            with contextlib.suppress(Exception):
                await self.pubsub.aclose()
