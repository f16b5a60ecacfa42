"""Sessions: guest login or API key -> an opaque random token in Redis with a TTL.

Every call but Login carries `authorization: Bearer <token>`; auth.lua checks
it (and the session's rate bucket) in one Lua call. The servicer's `guard` runs
it before each handler and hands the session on through a context variable;
Act runs it in the pipeline that loads the table (one round trip for both).
"""

from __future__ import annotations

import contextvars
import secrets
import time
from dataclasses import dataclass
from typing import Any

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
Metadata = tuple[tuple[str, str | bytes], ...] | None
MAX_REMEMBERED = 1_000_000  # tokens -> player ids kept by `Sessions.player_of`


def now_ms() -> int:
    return int(time.time() * 1000)


def valid_name(name: str) -> bool:
    return 1 <= len(name) <= 32 and name.isprintable() and name.strip() == name


class Sessions:
    def __init__(self, redis: Redis, scripts: Scripts, config: Config) -> None:
        self.redis = redis
        self.scripts = scripts
        self.config = config
        self.players: dict[str, str] = {}

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
        # Short until first used (auth.lua then extends it to session_ttl_ms): logins
        # nobody uses do not pile up for a whole session lifetime.
        ttl = self.config.unused_session_ttl_ms
        # One transaction: a session never exists without its lifetime, whatever happens
        # to Redis or to this gateway between the two commands.
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(keys.session(token), mapping={"pid": player_id, "name": name})
        pipe.pexpire(keys.session(token), ttl)
        await pipe.execute()
        self._remember(token, player_id)
        return Session(token, player_id, name), now_ms() + ttl

    def auth_call(self, token: str) -> tuple[list[str], list[int | float]]:
        """Keys and arguments of auth.lua for `token` (run alone, or in a pipeline)."""
        c = self.config
        return ([keys.session(token), keys.session_rate(token)],
                [c.session_ttl_ms, now_ms(), c.rate_per_s, c.rate_burst])

    def checked(self, token: str, reply: list[Any]) -> Session:
        """The session auth.lua's `reply` grants `token`, or the error it means."""
        if reply[0] == 0:
            raise unauthenticated("unknown or expired session token")
        if reply[0] == -1:
            raise GatewayError(grpc.StatusCode.RESOURCE_EXHAUSTED, "rate limit exceeded",
                               "RATE_LIMITED", retry_after_ms=int(reply[1]))
        session = Session(token, reply[1].decode(), reply[2].decode())
        self._remember(token, session.player_id)
        return session

    def _remember(self, token: str, player_id: str) -> None:
        if len(self.players) >= MAX_REMEMBERED:
            self.players.clear()
        self.players[token] = player_id

    def player_of(self, token: str) -> str | None:
        """The player a token was last seen to name here (a token names one player for
        life), so a caller can read per-player keys in the same round trip as auth.lua;
        auth.lua's answer still decides whether the session is valid."""
        return self.players.get(token)

    async def check(self, metadata: Metadata) -> Session:
        return await self.check_token(bearer_token(metadata))

    async def check_token(self, token: str) -> Session:
        [reply] = await self.scripts.execute([self.scripts.call(self.scripts.auth,
                                                                *self.auth_call(token))])
        return self.checked(token, reply)


def bearer_token(metadata: Metadata) -> str:
    for key, value in metadata or ():
        if key == "authorization":
            text = value.decode() if isinstance(value, bytes) else value
            scheme, _, token = text.partition(" ")
            if scheme.lower() == "bearer" and 8 <= len(token) <= 128 and token.isascii():
                return token
            raise unauthenticated("authorization must be 'Bearer <token>'")
    raise unauthenticated("missing authorization metadata")
