"""Sessions: guest login or API key -> an opaque random token in Redis with a TTL.

Every call but Login carries `authorization: Bearer <token>`; the auth
interceptor checks it (and the session's rate bucket) in one Lua call and hands
the session to the handler through a context variable.
"""

from __future__ import annotations

import contextvars
import secrets
import time
from dataclasses import dataclass

import grpc
from redis.asyncio import Redis

from . import keys
from .config import Config
from .errors import GatewayError, invalid, unauthenticated
from .scripts import Scripts


@dataclass(frozen=True)
class Session:
    token: str
    player_id: str
    name: str


current: contextvars.ContextVar[Session] = contextvars.ContextVar("tablero_session")


def now_ms() -> int:
    return int(time.time() * 1000)


def valid_name(name: str) -> bool:
    return 1 <= len(name) <= 32 and name.isprintable() and name.strip() == name


class Sessions:
    def __init__(self, redis: Redis, scripts: Scripts, config: Config) -> None:
        self.redis = redis
        self.scripts = scripts
        self.config = config

    async def login_guest(self, name: str) -> tuple[Session, int]:
        if not valid_name(name):
            raise invalid("guest_name", "guest_name must be 1-32 printable characters")
        return await self._open(f"g-{secrets.token_hex(8)}", name)

    async def login_key(self, api_key: str) -> tuple[Session, int]:
        name = self.config.api_keys.get(api_key) if len(api_key) <= 256 else None
        if name is None:
            raise unauthenticated("unknown API key")
        return await self._open(f"k-{name}", name)

    async def _open(self, player_id: str, name: str) -> tuple[Session, int]:
        token = secrets.token_urlsafe(24)
        ttl = self.config.session_ttl_ms
        await self.redis.hset(keys.session(token), mapping={"pid": player_id, "name": name})
        await self.redis.pexpire(keys.session(token), ttl)
        return Session(token, player_id, name), now_ms() + ttl

    async def check(self, metadata: tuple[tuple[str, str | bytes], ...] | None) -> Session:
        token = bearer_token(metadata)
        c = self.config
        r = await self.scripts.auth(
            keys=[keys.session(token), keys.session_rate(token)],
            args=[c.session_ttl_ms, now_ms(), c.rate_per_s, c.rate_burst])
        if r[0] == 0:
            raise unauthenticated("unknown or expired session token")
        if r[0] == -1:
            raise GatewayError(grpc.StatusCode.RESOURCE_EXHAUSTED, "rate limit exceeded",
                               "RATE_LIMITED", retry_after_ms=int(r[1]))
        return Session(token, r[1].decode(), r[2].decode())


def bearer_token(metadata: tuple[tuple[str, str | bytes], ...] | None) -> str:
    for key, value in metadata or ():
        if key == "authorization":
            text = value.decode() if isinstance(value, bytes) else value
            scheme, _, token = text.partition(" ")
            if scheme.lower() == "bearer" and 8 <= len(token) <= 128 and token.isascii():
                return token
            raise unauthenticated("authorization must be 'Bearer <token>'")
    raise unauthenticated("missing authorization metadata")
