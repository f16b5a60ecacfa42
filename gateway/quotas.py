"""Per-session quotas (DESIGN §3 "Limits"): open tables, active tables, waiting tickets.

What a session may hold at once is bounded, so nothing one client does grows the
store without bound. A guest session is one player; the sessions of one API key
share its player and get `key_quota_factor` times every quota (load testers).

Each player has two small sorted sets under its own hash tag: the tables it made
or sat at (by time) and its tickets (by expiry). They are pruned as they are
read (ended tables and tickets leave), so each holds about one quota's worth of
entries, and they expire with the session. Counting reads the statuses of those
few tables or tickets: a check costs one or two round trips, and only CreateTable,
JoinTable and Enqueue pay it (never Act). Quotas are a bound, not an exact count:
two calls racing each other may both pass at the limit.
"""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis

from . import keys
from .config import Config
from .errors import over_quota
from .scripts import Scripts
from .sessions import now_ms


@dataclass(frozen=True)
class Limits:
    open_tables: int
    active_tables: int
    tickets: int


def is_key_player(player_id: str) -> bool:
    """API-key sessions name their player `k-<name>` (sessions.py)."""
    return player_id.startswith("k-")


class Quotas:
    def __init__(self, redis: Redis, config: Config, scripts: Scripts) -> None:
        """Tables' quotas go through `scripts` batches (the lean client on one Redis:
        every CreateTable and JoinTable pays them)."""
        self.redis = redis
        self.config = config
        self.scripts = scripts

    def limits(self, player_id: str) -> Limits:
        c = self.config
        f = c.key_quota_factor if is_key_player(player_id) else 1
        return Limits(c.quota_open_tables * f, c.quota_active_tables * f, c.quota_tickets * f)

    @property
    def lifetime_ms(self) -> int:
        return self.config.session_ttl_ms

    # -- tables -------------------------------------------------------------------

    async def tables_held(self, player_id: str) -> tuple[int, int]:
        """(open, active) tables of the player; open ones count as active too. Tables
        that ended or expired are pruned on the way."""
        key = keys.player_tables(player_id)
        [held] = await self.scripts.execute([["ZRANGE", key, 0, -1]])
        tids = [t.decode() for t in held]
        if not tids:
            return 0, 0
        statuses = await self.scripts.execute([["HGET", keys.table_meta(tid), "status"]
                                               for tid in tids])
        gone = [t for t, s in zip(tids, statuses) if s not in (b"open", b"playing")]
        if gone:
            await self.scripts.execute([["ZREM", key, *gone]])
        opened = sum(1 for s in statuses if s == b"open")
        return opened, len(tids) - len(gone)

    async def check_tables(self, player_id: str, opening: bool) -> None:
        """Over quota -> RESOURCE_EXHAUSTED; `opening`: the call leaves a table open."""
        lim = self.limits(player_id)
        opened, active = await self.tables_held(player_id)
        if opening and opened >= lim.open_tables:
            raise over_quota("open_tables", lim.open_tables, "open tables")
        if active >= lim.active_tables:
            raise over_quota("active_tables", lim.active_tables, "open or playing tables")

    async def add_table(self, player_id: str, tid: str) -> None:
        key = keys.player_tables(player_id)
        await self.scripts.atomic([["ZADD", key, "NX", now_ms(), tid],
                                   ["PEXPIRE", key, self.lifetime_ms]])

    # -- tickets ------------------------------------------------------------------

    async def check_tickets(self, player_id: str) -> None:
        """Waiting tickets at the quota -> RESOURCE_EXHAUSTED. Expired entries leave by
        their score; at the limit, the statuses are read and ended tickets leave too."""
        lim = self.limits(player_id)
        key = keys.player_tickets(player_id)
        await self.redis.zremrangebyscore(key, "-inf", now_ms())
        held = [t.decode() for t in await self.redis.zrange(key, 0, -1)]
        if len(held) < lim.tickets:
            return
        ended = [t for t, waiting in zip(held, await self._waiting(held)) if not waiting]
        if ended:
            await self.redis.zrem(key, *ended)
        if len(held) - len(ended) >= lim.tickets:
            raise over_quota("tickets", lim.tickets, "waiting tickets")

    async def _waiting(self, ticket_ids: list[str]) -> list[bool]:
        pipe = self.redis.pipeline(transaction=False)
        for t in ticket_ids:
            pipe.zscore(keys.queue(t.partition(".")[0]), t)
        return [score is not None for score in await pipe.execute()]

    async def drop_ticket(self, player_id: str, ticket_id: str) -> None:
        """A ticket ended by its player no longer counts (an empty set is deleted)."""
        await self.redis.zrem(keys.player_tickets(player_id), ticket_id)

    async def add_ticket(self, player_id: str, ticket_id: str, expires_ms: int) -> None:
        key = keys.player_tickets(player_id)
        pipe = self.redis.pipeline(transaction=True)
        pipe.zadd(key, {ticket_id: expires_ms})
        pipe.pexpire(key, max(self.lifetime_ms, expires_ms - now_ms()))
        await pipe.execute()
