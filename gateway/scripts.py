"""The Lua scripts, one per atomic operation, and the batches that call them.

The hot path (Act, the session check, and the table set-up around it: create,
join, quotas, finish) sends its commands as batches: on a single Redis through
the lean auto-pipelining client (resp.py), in one round trip; on Redis Cluster
through redis-py, which refuses scripts inside cluster pipelines, so there a
batch's scripts run first, one by one.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from redis.asyncio import Redis
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError, ResponseError

from . import resp

LUA = Path(__file__).parent / "lua"
NAMES = ("auth", "commit", "seat", "enqueue", "match", "cancel", "purge", "read", "archive")

Command = list[resp.Arg]


class Scripts:
    def __init__(self, redis: Redis, fast: resp.Client | None = None) -> None:
        """`fast`: the lean client, on a single Redis (None on Redis Cluster)."""
        self.redis = redis
        self.fast = fast
        self.single_redis = fast is not None
        loaded = {n: redis.register_script((LUA / f"{n}.lua").read_text()) for n in NAMES}
        self.all = list(loaded.values())
        self.auth: AsyncScript = loaded["auth"]
        self.commit: AsyncScript = loaded["commit"]
        self.seat: AsyncScript = loaded["seat"]
        self.enqueue: AsyncScript = loaded["enqueue"]
        self.match: AsyncScript = loaded["match"]
        self.cancel: AsyncScript = loaded["cancel"]
        self.purge: AsyncScript = loaded["purge"]
        self.read: AsyncScript = loaded["read"]
        self.archive: AsyncScript = loaded["archive"]

    @staticmethod
    def call(script: AsyncScript, keys: Sequence[str], args: Sequence[Any]) -> Command:
        """The command that runs `script` (by its SHA) inside a batch."""
        return ["EVALSHA", script.sha, len(keys), *keys, *args]

    async def execute(self, commands: list[Command]) -> list[Any]:
        """Run `commands` in one round trip; their replies in order (HGETALL as a dict).
        A Redis that has not seen a script answers NOSCRIPT without running it: the
        scripts are loaded and the batch sent again. Other error replies raise."""
        for attempt in (1, 2):
            replies = await self._send(commands)
            if attempt == 2 or not any(_noscript(r) for r in replies):
                break
            await self.load()
        for r in replies:
            if isinstance(r, Exception):
                raise ResponseError(str(r))
        return [resp.pairs(r) if c[0] == "HGETALL" and isinstance(r, list) else r
                for c, r in zip(commands, replies)]

    async def atomic(self, commands: list[Command]) -> list[Any]:
        """Run `commands` (keys of one slot) as one MULTI/EXEC transaction; their replies.
        On one Redis the lean client writes the whole transaction at once on one
        connection; a connection lost before EXEC leaves none of it applied."""
        if self.fast is None:
            pipe = self.redis.pipeline(transaction=True)
            for c in commands:
                pipe.execute_command(*c)
            return list(await pipe.execute())
        replies = await self.fast.execute([["MULTI"], *commands, ["EXEC"]])
        done = replies[-1]
        for r in [*replies, *(done or [])]:
            if isinstance(r, Exception):
                raise ResponseError(str(r))
        return list(done)

    async def _send(self, commands: list[Command]) -> list[Any]:
        if self.fast is not None:
            return await self.fast.execute(commands)
        # redis-py: scripts one by one, in their place in the batch (a cluster pipeline
        # refuses them), the other commands in one pipeline after them.
        replies: list[Any] = [None] * len(commands)
        rest = []
        for i, c in enumerate(commands):
            if c[0] == "EVALSHA":
                try:
                    replies[i] = await self.redis.execute_command(*c)
                except ResponseError as e:
                    replies[i] = e
            else:
                rest.append(i)
        if rest:
            pipe = self.redis.pipeline(transaction=False)
            for i in rest:
                pipe.execute_command(*commands[i])
            for i, r in zip(rest, await pipe.execute(raise_on_error=False)):
                replies[i] = r
        return replies

    async def load(self) -> None:
        """Load every script into Redis (after a NOSCRIPT: a restarted or new server)."""
        for script in self.all:
            script.sha = await self.redis.script_load(script.script)


def _noscript(reply: Any) -> bool:
    return isinstance(reply, NoScriptError) or (
        isinstance(reply, resp.ReplyError) and str(reply).startswith("NOSCRIPT"))
