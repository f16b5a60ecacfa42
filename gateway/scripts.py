"""The Lua scripts, one per atomic operation, and the batches that call them.

The hot path (Act, the session check) sends its commands as one batch: on a
single Redis through the lean auto-pipelining client (resp.py), on Redis
Cluster through redis-py (which refuses scripts inside cluster pipelines, so
there a batch holding a script is sent alone).
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
NAMES = ("auth", "commit", "seat", "enqueue", "match", "cancel")

Command = list[resp.Arg]


class Scripts:
    def __init__(self, redis: Redis, fast: resp.Client | None = None) -> None:
        """`fast`: the lean client, on a single Redis (None on Redis Cluster)."""
        self.redis = redis
        self.fast = fast
        loaded = {n: redis.register_script((LUA / f"{n}.lua").read_text()) for n in NAMES}
        self.all = list(loaded.values())
        self.auth: AsyncScript = loaded["auth"]
        self.commit: AsyncScript = loaded["commit"]
        self.seat: AsyncScript = loaded["seat"]
        self.enqueue: AsyncScript = loaded["enqueue"]
        self.match: AsyncScript = loaded["match"]
        self.cancel: AsyncScript = loaded["cancel"]

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

    async def _send(self, commands: list[Command]) -> list[Any]:
        if self.fast is not None:
            return await self.fast.execute(commands)
        if len(commands) == 1:
            try:
                return [await self.redis.execute_command(*commands[0])]
            except ResponseError as e:
                return [e]
        pipe = self.redis.pipeline(transaction=False)
        for c in commands:
            pipe.execute_command(*c)
        return list(await pipe.execute(raise_on_error=False))

    async def load(self) -> None:
        """Load every script into Redis (after a NOSCRIPT: a restarted or new server)."""
        for script in self.all:
            script.sha = await self.redis.script_load(script.script)


def _noscript(reply: Any) -> bool:
    return isinstance(reply, NoScriptError) or (
        isinstance(reply, resp.ReplyError) and str(reply).startswith("NOSCRIPT"))
