"""The Lua scripts, one per atomic operation, loaded once with register_script."""

from __future__ import annotations

from pathlib import Path

from redis.asyncio import Redis
from redis.commands.core import AsyncScript

LUA = Path(__file__).parent / "lua"
NAMES = ("auth", "commit", "seat", "enqueue", "match", "cancel")


class Scripts:
    def __init__(self, redis: Redis) -> None:
        loaded = {n: redis.register_script((LUA / f"{n}.lua").read_text()) for n in NAMES}
        self.auth: AsyncScript = loaded["auth"]
        self.commit: AsyncScript = loaded["commit"]
        self.seat: AsyncScript = loaded["seat"]
        self.enqueue: AsyncScript = loaded["enqueue"]
        self.match: AsyncScript = loaded["match"]
        self.cancel: AsyncScript = loaded["cancel"]
