"""A lean Redis client for the gateway's hot path (Act, the session check) on one Redis.

redis-py's asyncio client spends more CPU per command than the rest of an Act
(timeouts, pool bookkeeping, observability hooks: bench/platform.py measures
it). This client keeps a few connections open and pipelines automatically:
every command queued during one turn of the event loop goes out in a single
write, and replies (parsed by hiredis) come back in order to their callers.
Commands are plain argument lists; replies are what hiredis gives (bytes, int,
list, None, or a `ReplyError` instance for an error reply, returned rather
than raised so a pipeline's other replies stay usable).

Redis Cluster needs slot routing: with REDIS_CLUSTER the gateway uses
redis-py's cluster client throughout instead.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlparse

import hiredis
from redis.exceptions import ConnectionError as RedisConnectionError

Arg = bytes | str | int | float


class ReplyError(Exception):
    """An error reply from Redis (e.g. NOSCRIPT, WRONGTYPE)."""


def pack(args: Sequence[Arg]) -> bytes:
    """One command in RESP: an array of bulk strings."""
    out = [b"*%d\r\n" % len(args)]
    for a in args:
        b = a if isinstance(a, bytes) else str(a).encode()
        out.append(b"$%d\r\n%s\r\n" % (len(b), b))
    return b"".join(out)


@dataclass
class Target:
    host: str = "127.0.0.1"
    port: int = 6379
    db: int = 0
    username: str | None = None
    password: str | None = None

    @classmethod
    def from_url(cls, url: str) -> Target:
        u = urlparse(url)
        if u.scheme != "redis":
            raise ValueError(f"the lean client speaks redis:// only, not {u.scheme}://")
        db = int(u.path.lstrip("/") or 0)
        return cls(u.hostname or "127.0.0.1", u.port or 6379, db,
                   unquote(u.username) if u.username else None,
                   unquote(u.password) if u.password else None)


@dataclass
class _Waiter:
    future: asyncio.Future[list[Any]]
    count: int
    sent_at: float
    replies: list[Any] = field(default_factory=list)


class Connection:
    """One connection; callers queue commands, one reader task hands out the replies."""

    def __init__(self, target: Target, reply_timeout_s: float = 30.0) -> None:
        self.target = target
        self.reply_timeout_s = reply_timeout_s
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.waiters: deque[_Waiter] = deque()
        self.outbox: list[bytes] = []
        self.flush_scheduled = False
        self.connecting: asyncio.Future[None] | None = None
        self.read_task: asyncio.Task[None] | None = None
        self.watchdog: asyncio.Task[None] | None = None

    async def execute(self, commands: Sequence[Sequence[Arg]]) -> list[Any]:
        """Send `commands` together; their replies, in order."""
        if self.writer is None:
            await self._connect()
        loop = asyncio.get_running_loop()
        waiter = _Waiter(loop.create_future(), len(commands), loop.time())
        self.waiters.append(waiter)
        self.outbox.extend(pack(c) for c in commands)
        if not self.flush_scheduled:
            self.flush_scheduled = True
            loop.call_soon(self._flush)
        return await waiter.future

    def _flush(self) -> None:
        self.flush_scheduled = False
        if self.writer is not None and self.outbox:
            self.writer.write(b"".join(self.outbox))
        self.outbox.clear()

    async def _connect(self) -> None:
        if self.connecting is None:
            self.connecting = asyncio.get_running_loop().create_future()
            try:
                await self._open()
                self.connecting.set_result(None)
            except BaseException as e:
                self.connecting.set_exception(RedisConnectionError(str(e)))
                self.connecting.exception()  # retrieved: callers get their own error
                raise RedisConnectionError(f"cannot reach Redis: {e}") from e
            finally:
                self.connecting = None
        else:
            await asyncio.shield(self.connecting)

    async def _open(self) -> None:
        t = self.target
        reader, writer = await asyncio.open_connection(t.host, t.port)
        hello: list[list[Arg]] = []
        if t.password is not None:
            hello.append(["AUTH", t.username, t.password] if t.username else
                         ["AUTH", t.password])
        if t.db:
            hello.append(["SELECT", t.db])
        if hello:
            writer.write(b"".join(pack(c) for c in hello))
            parser = hiredis.Reader(replyError=ReplyError)
            for _ in hello:
                reply: Any = False
                while reply is False:
                    parser.feed(await reader.read(4096) or b"")
                    reply = parser.gets()
                if isinstance(reply, ReplyError):
                    writer.close()
                    raise reply
        self.reader, self.writer = reader, writer
        loop = asyncio.get_running_loop()
        self.read_task = loop.create_task(self._read_forever(reader))
        if self.watchdog is None or self.watchdog.done():
            self.watchdog = loop.create_task(self._watch_replies())

    async def _watch_replies(self) -> None:
        """A Redis that stops answering (but keeps the connection) fails the calls waiting
        on it after `reply_timeout_s`, as a socket timeout would; the next call reconnects.
        One timer per connection, not one per call."""
        loop = asyncio.get_running_loop()
        while self.writer is not None:
            await asyncio.sleep(min(1.0, self.reply_timeout_s / 4))
            if self.waiters and loop.time() - self.waiters[0].sent_at > self.reply_timeout_s:
                if self.read_task is not None:
                    self.read_task.cancel()  # its replies would belong to failed callers
                self._fail_all(RedisConnectionError(
                    f"no reply from Redis in {self.reply_timeout_s:g} s"))

    async def _read_forever(self, reader: asyncio.StreamReader) -> None:
        parser = hiredis.Reader(replyError=ReplyError)
        try:
            while True:
                data = await reader.read(65536)
                if not data:
                    raise RedisConnectionError("Redis closed the connection")
                parser.feed(data)
                reply = parser.gets()
                while reply is not False:
                    self._deliver(reply)
                    reply = parser.gets()
        except Exception as e:
            self._fail_all(e if isinstance(e, RedisConnectionError)
                           else RedisConnectionError(str(e)))
        except asyncio.CancelledError:
            self._fail_all(RedisConnectionError("connection closed"))
            raise

    def _deliver(self, reply: Any) -> None:
        waiter = self.waiters[0]
        waiter.replies.append(reply)
        if len(waiter.replies) == waiter.count:
            self.waiters.popleft()
            if not waiter.future.done():  # the caller may have been cancelled
                waiter.future.set_result(waiter.replies)

    def _fail_all(self, error: Exception) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None
        self.outbox.clear()
        while self.waiters:
            w = self.waiters.popleft()
            if not w.future.done():
                w.future.set_exception(error)

    async def close(self) -> None:
        tasks = [t for t in (self.read_task, self.watchdog) if t is not None]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._fail_all(RedisConnectionError("connection closed"))


class Client:
    """A few auto-pipelining connections to one Redis, used in turn."""

    def __init__(self, url: str, connections: int = 2, reply_timeout_s: float = 30.0,
                 password: str | None = None) -> None:
        """`password`: AUTH with it (else the URL's, if any)."""
        target = Target.from_url(url)
        if password is not None:
            target.password = password
        self.connections = [Connection(target, reply_timeout_s) for _ in range(connections)]
        self.turn = itertools.cycle(self.connections)

    async def execute(self, commands: Sequence[Sequence[Arg]]) -> list[Any]:
        return await next(self.turn).execute(commands)

    async def call(self, *args: Arg) -> Any:
        return (await self.execute([args]))[0]

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self.connections))


def pairs(reply: list[bytes]) -> dict[bytes, bytes]:
    """HGETALL's flat [field, value, ...] reply as a dict."""
    it = iter(reply)
    return dict(zip(it, it))
