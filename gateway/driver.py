"""Bots in seats and decision clocks (DESIGN §3 "Clocks", "After a commit ... bot seats act").

A bot seat's decisions are due at once; a person's are due at their deadline.
`Driver.kick(table)` plays every due decision of a table with the rules
service's PlayBots: one round trip plays the bot seats until a person must
decide (a person's decision whose clock ran out is answered first, by a bot),
and the run is committed as one compare-and-set commit of one version per move
(so a person acting at the same time is never overwritten). One gateway drives
a table at a time (a short Redis lock); the sweeper kicks every table whose
earliest deadline has passed, so a gateway dying mid-drive loses nothing.
"""

from __future__ import annotations

import asyncio
import logging
import secrets

import grpc
from redis.asyncio import Redis

from services.runtime.wire import LogLimiter

from . import keys
from .config import Config
from .errors import GatewayError, redis_unavailable
from .sessions import now_ms
from .tables import Table, Tables, due_of

log = logging.getLogger("tablero.driver")

MAX_STEPS_PER_KICK = 5000  # runs of bot moves per kick
MAX_RUN = 100  # bot moves per PlayBots call (and per commit)
LOCK_MS = 10_000
BACKOFF_MS = 5_000
REDIS_AWAY_LOG = LogLimiter()


class Driver:
    def __init__(self, redis: Redis, tables: Tables, config: Config) -> None:
        self.redis = redis
        self.tables = tables
        self.config = config
        self.running: dict[str, asyncio.Task[None]] = {}
        tables.on_commit = self.kick

    def kick(self, tid: str) -> None:
        """Play the table's due decisions in the background (no-op if already doing so)."""
        if tid not in self.running:
            task = asyncio.get_running_loop().create_task(self._drive(tid))
            self.running[tid] = task
            task.add_done_callback(lambda _: self.running.pop(tid, None))

    async def _drive(self, tid: str) -> None:
        """Play the table's due decisions under its drive lock. With Redis away nothing
        can be played or recorded: the table stays due in the deadline index, and the
        sweep drives it once Redis answers again (the lock expires by itself)."""
        try:
            await self._drive_locked(tid)
        except Exception as e:
            if not redis_unavailable(e):
                raise
            if REDIS_AWAY_LOG.allow("drive"):
                log.warning("driving tables: Redis unavailable (%s: %s)", type(e).__name__, e)

    async def _drive_locked(self, tid: str) -> None:
        lock = keys.table_drive_lock(tid)
        token = secrets.token_hex(8)
        if not await self.redis.set(lock, token, nx=True, px=LOCK_MS):
            return
        try:
            await self.play_due(tid)
        except GatewayError as e:
            log.warning("driving table %s: %s %s", tid, e.code.name, e.message)
            await self._back_off(tid)
        except Exception as e:
            if redis_unavailable(e):
                raise
            log.exception("driving table %s", tid)
            await self._back_off(tid)
        finally:
            if await self.redis.get(lock) == token.encode():
                await self.redis.delete(lock)

    async def play_due(self, tid: str) -> None:
        for _ in range(MAX_STEPS_PER_KICK):
            table, state = await self.tables.load(tid)
            if table.status == "finished":  # its bookkeeping may have missed a Redis blip
                await self.tables.finish(tid)
            if table.status != "playing":
                return
            if table.game not in self.tables.router.stubs:
                # Another gateway routes this game (one being added by a rolling deploy): not
                # ours to play, and not ours to back off either, which would stall its bots.
                return
            now = now_ms()
            due = [p for p in table.pending if not p["opt"] and 0 < p["dl"] <= now]
            if not due:
                if await self._park(table):
                    return
                continue
            await self._play(table, state, due[0])
        self.kick_later(tid)

    async def _play(self, table: Table, state: bytes, p: dict[str, object]) -> None:
        """Play the due decision `p` and the bot moves after it in one run."""
        seat = int(p["seat"])  # type: ignore[call-overload]
        clock = not table.bots[seat]  # a person's clock ran out: their decision first
        bots = [s for s, bot in enumerate(table.bots) if bot]
        run = await self.tables.router.play_bots(table.game, state, bots,
                                                 str(p["id"]) if clock else "",
                                                 table.bot_policy, table.bot_seed, MAX_RUN)
        if not run.moves:
            raise GatewayError(grpc.StatusCode.INTERNAL,
                               f"the rules service made no move for due decision {p['id']}",
                               "INTERNAL")
        await self.tables.commit_run(table, run, clock)

    async def _park(self, table: Table) -> bool:
        """Nothing is due: set the table's clock to its next deadline. True when no commit
        slipped in meanwhile (else the caller looks again)."""
        due = due_of(table.pending)
        if due >= 0:
            await self.redis.zadd(keys.DEADLINES, {table.tid: due}, gt=True)
        version = await self.redis.hget(keys.table_meta(table.tid), "version")
        return version is not None and int(version) == table.version

    async def _back_off(self, tid: str) -> None:
        """A table whose bot move failed is tried again later, not on every sweep."""
        await self.redis.zadd(keys.DEADLINES, {tid: now_ms() + BACKOFF_MS}, xx=True)

    def kick_later(self, tid: str) -> None:
        asyncio.get_running_loop().call_later(0.05, self.kick, tid)

    async def sweep(self) -> None:
        """Kick every table whose earliest deadline has passed."""
        for tid in await self.redis.zrangebyscore(keys.DEADLINES, "-inf", now_ms(), 0, 500):
            self.kick(tid.decode())

    async def stop(self, timeout_s: float = 2.0) -> None:
        """Cancel the tables being driven; a commit in flight may finish (the next gateway
        to sweep the table picks up whatever is still due)."""
        tasks = list(self.running.values())
        for t in tasks:
            t.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=timeout_s)
