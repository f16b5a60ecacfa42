"""valkey-glide behind the lean client's interface (gateway/resp.py `Client`), for the bench
only: `make bench` runs a second gateway whose hot path (session check, table load, commit)
goes through it, to measure the gateway's Acts/s with it against the lean client in the same
run (issue 15 item 4, docs/decisions/0010-redis-client.md). Off the hot path both gateways
use redis-py, as the shipped gateway does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gateway import resp


class GlideFast:
    """`execute(commands)`: one non-atomic glide batch per call, replies in order, error
    replies returned as `resp.ReplyError` (as the lean client does, so NOSCRIPT reloads)."""

    def __init__(self, url: str, connections: int = 2, reply_timeout_s: float = 30.0,
                 password: str | None = None) -> None:
        import glide  # bench-only dependency (requirements-bench.txt)

        t = resp.Target.from_url(url)
        creds = None
        if password is not None or t.password is not None:
            creds = glide.ServerCredentials(password or t.password or "", t.username)
        self.config = glide.GlideClientConfiguration(
            [glide.NodeAddress(t.host, t.port)], database_id=t.db, credentials=creds,
            request_timeout=int(reply_timeout_s * 1000), protocol=glide.ProtocolVersion.RESP2)
        self.client: Any = None
        self.glide = glide

    async def _client(self) -> Any:
        if self.client is None:
            self.client = await self.glide.GlideClient.create(self.config)
        return self.client

    async def execute(self, commands: Sequence[Sequence[resp.Arg]]) -> list[Any]:
        c = await self._client()
        batch = self.glide.Batch(is_atomic=False)
        for cmd in commands:
            batch.custom_command([a if isinstance(a, bytes) else str(a) for a in cmd])
        replies = await c.exec(batch, raise_on_error=False) or []
        return [reply_error(r) if isinstance(r, self.glide.RequestError) else lean_shape(cmd, r)
                for cmd, r in zip(commands, replies)]

    async def call(self, *args: resp.Arg) -> Any:
        return (await self.execute([args]))[0]

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()


STREAM_READS = {"XRANGE", "XREVRANGE"}


def lean_shape(cmd: Sequence[resp.Arg], reply: Any) -> Any:
    """A reply as the lean client gives it: glide maps a stream read to {id: [[field, value],
    ...]} and HGETALL to {field: value}; the lean client gives Redis's own arrays
    ([[id, [field, value, ...]], ...] and [field, value, ...])."""
    if not isinstance(reply, dict):
        return reply
    name = cmd[0].decode() if isinstance(cmd[0], bytes) else str(cmd[0])
    if name.upper() in STREAM_READS:
        return [[eid, [x for pair in fields for x in pair]] for eid, fields in reply.items()]
    return [x for pair in reply.items() for x in pair]


def reply_error(e: Exception) -> resp.ReplyError:
    """Glide words Redis's error replies its own way: NOSCRIPT as 'NoScriptError'."""
    text = str(e)
    return resp.ReplyError(f"NOSCRIPT {text}" if "NoScriptError" in text else text)
