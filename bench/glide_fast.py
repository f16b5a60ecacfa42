"""valkey-glide behind the lean client's interface (gateway/resp.py `Client`), for the bench
only: `make bench` runs a second gateway whose hot path (session check, table load, commit)
goes through it, to measure the gateway's Acts/s with it against the lean client in the same
run (issue 15 item 4, docs/decisions/0010-redis-client.md). Off the hot path both gateways
use redis-py, as the shipped gateway does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import glide

from gateway import resp


class GlideFast:
    """`execute(commands)`: one non-atomic glide batch per call, replies in order, error
    replies returned as `resp.ReplyError` (as the lean client does, so NOSCRIPT reloads)."""

    def __init__(self, url: str, connections: int = 2, reply_timeout_s: float = 30.0,
                 password: str | None = None) -> None:
        t = resp.Target.from_url(url)
        creds = None
        if password is not None or t.password is not None:
            creds = glide.ServerCredentials(password or t.password or "", t.username)
        self.config = glide.GlideClientConfiguration(
            [glide.NodeAddress(t.host, t.port)], database_id=t.db, credentials=creds,
            request_timeout=int(reply_timeout_s * 1000), protocol=glide.ProtocolVersion.RESP2)
        self.client: Any = None

    async def _client(self) -> Any:
        if self.client is None:
            self.client = await glide.GlideClient.create(self.config)
        return self.client

    async def execute(self, commands: Sequence[Sequence[resp.Arg]]) -> list[Any]:
        c = await self._client()
        batch = glide.Batch(is_atomic=False)
        for cmd in commands:
            batch.custom_command([a if isinstance(a, bytes) else str(a) for a in cmd])
        replies = await c.exec(batch, raise_on_error=False) or []
        return [reply_error(r) if isinstance(r, glide.RequestError) else r for r in replies]

    async def call(self, *args: resp.Arg) -> Any:
        return (await self.execute([args]))[0]

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()


def reply_error(e: Exception) -> resp.ReplyError:
    """Glide words Redis's error replies its own way: NOSCRIPT as 'NoScriptError'."""
    text = str(e)
    return resp.ReplyError(f"NOSCRIPT {text}" if "NoScriptError" in text else text)
