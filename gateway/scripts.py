"""The Lua scripts, one per atomic operation, loaded once with register_script."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from redis.asyncio import Redis
from redis.commands.core import AsyncScript

LUA = Path(__file__).parent / "lua"
NAMES = ("auth", "commit", "seat", "enqueue", "match", "cancel")


class Scripts:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        loaded = {n: redis.register_script((LUA / f"{n}.lua").read_text()) for n in NAMES}
        self.all = list(loaded.values())
        self.auth: AsyncScript = loaded["auth"]
        self.commit: AsyncScript = loaded["commit"]
        self.seat: AsyncScript = loaded["seat"]
        self.enqueue: AsyncScript = loaded["enqueue"]
        self.match: AsyncScript = loaded["match"]
        self.cancel: AsyncScript = loaded["cancel"]

    @staticmethod
    def queue(pipe: Any, script: AsyncScript, keys: Sequence[str],
              args: Sequence[Any]) -> None:
        """Add a script call to a pipeline by its SHA (redis-py's own pipelined scripts
        cost a SCRIPT EXISTS round trip per execute). A Redis that has not seen the
        script answers NOSCRIPT: call `load` and run the pipeline again."""
        pipe.evalsha(script.sha, len(keys), *keys, *args)

    async def load(self) -> None:
        """Load every script into Redis (after a NOSCRIPT: a restarted or new server)."""
        for script in self.all:
            script.sha = await self.redis.script_load(script.script)
