"""Matchmaking: one queue per (game, seats, options); atomic matching in Lua.

A ticket waits in its queue until the oldest `seats` tickets form a table, or,
when the oldest allows bots and has waited long enough, the waiting tickets
that allow bots form a table with bots in the other seats. `match.lua` does
the forming in one atomic step, so no ticket lands in two tables however many
gateways run it at once; it also writes a match record so that any gateway
can (re)create a matched table whose creator died before setting it up.

Every ticket has a lifetime: it waits at most its ttl, and once ended (matched,
cancelled, expired) it is still answered for `ticket_keep_ms`, then purged with
everything pointing at it (purge.lua); a queue with nothing left is deleted.
Enqueue is idempotent by its request id, and a player waits in a queue at most
once (enqueue.lua), under the session's ticket quota (quotas.py).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import secrets
from typing import Any

import grpc
from redis.asyncio import Redis
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from services.runtime.status import clip

from . import keys
from .config import Config
from .errors import GatewayError, invalid, not_found
from .quotas import Quotas
from .routing import Router
from .scripts import Scripts
from .sessions import Session, now_ms
from .tables import Tables, new_table_id

log = logging.getLogger("tablero.matchmaking")

STATUS = {"waiting": gw.TICKET_STATUS_WAITING, "matched": gw.TICKET_STATUS_MATCHED,
          "cancelled": gw.TICKET_STATUS_CANCELLED, "expired": gw.TICKET_STATUS_EXPIRED}
MAX_WAIT_MS = 30_000
# How many of a queue's oldest tickets one match step reads (match.lua).
MATCH_WINDOW = 64
# A queue's keys outlive the tickets in them by this much at least (expiry is a backstop:
# purge.lua deletes an idle queue first).
QUEUE_SLACK_MS = 60_000
MAX_TTL_MS = 24 * 3600 * 1000
PURGE_BATCH = 256
REQUEST_ID = re.compile(r"\A[\x21-\x7e]{1,64}\Z")  # printable ASCII, no spaces
TICKET_ID = re.compile(r"\A([0-9a-f]{16})\.[0-9a-f]{16}\Z")


def queue_id(game: str, seats: int, options: dict[str, str]) -> str:
    spec = json.dumps([game, seats, sorted(options.items())])
    return hashlib.sha256(spec.encode()).hexdigest()[:16]


def check_options(info: pb.GameInfo, options: dict[str, str], field: str) -> dict[str, str]:
    """The options with defaults filled in; unknown names or values are INVALID_ARGUMENT."""
    specs = {o.name: o for o in info.options}
    for name, value in options.items():
        if name not in specs:
            raise invalid(field, f"unknown option {clip(name)} for {info.id}")
        if value not in specs[name].values:
            raise invalid(field, f"option {name!r} takes one of {list(specs[name].values)}")
    return {n: options.get(n, o.default_value) for n, o in specs.items()}


async def checked_game(router: Router, game: str, seats: int, options: dict[str, str],
                       private: bool = False) -> dict[str, str]:
    """The game is routed, the seat count in its range and the options its own. A private
    table may have fewer than min_seats seats (the seats a default table has): the game's
    Setup then decides whether its rules allow them (AA 1.5: one player against the
    Non-players)."""
    if not game or len(game) > 64:
        raise invalid("game", "game is required")
    if game not in router.stubs:
        raise not_found(f"game {clip(game)}")
    info = await router.info(game)
    if not (1 if private else info.min_seats) <= seats <= info.max_seats:
        raise invalid("seats", f"{game} takes {info.min_seats}-{info.max_seats} seats")
    return check_options(info, options, "options")


def ticket_pb(ticket_id: str, t: dict[str, Any]) -> gw.Ticket:
    return gw.Ticket(ticket_id=ticket_id, game=t["game"], seats=t["seats"],
                     status=STATUS[t["status"]], table_id=t.get("table", ""),
                     seat=t.get("seat", -1), created_unix_ms=t["created"],
                     expires_unix_ms=t["expires"])


def split_ticket_id(ticket_id: str) -> str:
    """The queue id of a ticket id (`<queue id>.<16 hex>`, as enqueue makes them)."""
    m = TICKET_ID.match(ticket_id)
    if m is None:
        raise invalid("ticket_id", "malformed ticket_id")
    return m[1]


class Matchmaker:
    def __init__(self, redis: Redis, scripts: Scripts, tables: Tables, router: Router,
                 config: Config, quotas: Quotas) -> None:
        self.redis = redis
        self.scripts = scripts
        self.tables = tables
        self.router = router
        self.config = config
        self.quotas = quotas

    async def enqueue(self, session: Session, req: gw.EnqueueRequest) -> gw.Ticket:
        options = await checked_game(self.router, req.game, req.seats, dict(req.options))
        if not 0 <= req.bots_after_ms <= MAX_TTL_MS:
            raise invalid("bots_after_ms", "bots_after_ms must be within 0..86400000")
        if not 0 <= req.ttl_ms <= MAX_TTL_MS:
            raise invalid("ttl_ms", "ttl_ms must be within 0..86400000")
        if req.request_id and not REQUEST_ID.match(req.request_id):
            raise invalid("request_id", "request_id must be 1-64 printable ASCII characters")
        qid = queue_id(req.game, req.seats, options)
        ticket_id = f"{qid}.{secrets.token_hex(8)}"
        now = now_ms()
        wait_ms = req.ttl_ms or self.config.ticket_ttl_ms
        ticket = {"pid": session.player_id, "name": session.name, "status": "waiting",
                  "game": req.game, "seats": req.seats, "created": now,
                  "expires": now + wait_ms, "bots": req.allow_bots,
                  "bots_after": req.bots_after_ms or self.config.bots_after_ms,
                  "rid": req.request_id}
        spec = json.dumps({"game": req.game, "seats": req.seats, "options": options})
        await self.quotas.check_tickets(session.player_id)
        await self.quotas.check_tables(session.player_id, opening=False)  # matched tables
        res = await self.scripts.enqueue(
            keys=keys.queue_keys(qid),
            args=[ticket_id, json.dumps(ticket), now, spec, self.config.max_waiting_per_queue,
                  session.player_id, req.request_id,
                  wait_ms + self.config.ticket_keep_ms + QUEUE_SLACK_MS])
        if res[0] == 0:
            raise GatewayError(grpc.StatusCode.RESOURCE_EXHAUSTED, "this queue is full",
                               "QUEUE_FULL", retry_after_ms=1000)
        if res[0] == 1:  # new; 2 and 3 answer the request's or the player's ticket
            await self.quotas.add_ticket(session.player_id, ticket_id, now + wait_ms)
            await self.redis.sadd(keys.QUEUES, qid)
            await self.match(qid)
        return await self.get(session, res[1].decode())

    async def get(self, session: Session, ticket_id: str, wait_ms: int = 0) -> gw.Ticket:
        qid = split_ticket_id(ticket_id)
        if not 0 <= wait_ms <= MAX_WAIT_MS:
            raise invalid("wait_ms", f"wait_ms must be within 0..{MAX_WAIT_MS}")
        deadline = now_ms() + wait_ms
        while True:
            raw = await self.redis.hget(keys.queue_tickets(qid), ticket_id)
            t = json.loads(raw) if raw else None
            if t is None or t["pid"] != session.player_id:
                raise not_found("ticket")
            if t["status"] == "waiting" and t["expires"] <= now_ms():
                t = json.loads(await self._end(qid, ticket_id, session, "expired"))
            if t["status"] != "waiting" or now_ms() >= deadline:
                break
            await asyncio.sleep(0.05)
        if t["status"] == "matched":
            await self.ensure_table(qid, t["table"])
        return ticket_pb(ticket_id, t)

    async def cancel(self, session: Session, ticket_id: str) -> gw.Ticket:
        qid = split_ticket_id(ticket_id)
        ticket = ticket_pb(ticket_id, json.loads(await self._end(qid, ticket_id, session,
                                                                 "cancelled")))
        await self.quotas.drop_ticket(session.player_id, ticket_id)
        return ticket

    async def _end(self, qid: str, ticket_id: str, session: Session, status: str) -> bytes:
        raw = await self.scripts.cancel(keys=keys.queue_keys(qid),
                                        args=[ticket_id, session.player_id, status, now_ms()])
        if not raw:
            raise not_found("ticket")
        return bytes(raw)

    async def match(self, qid: str) -> None:
        """Form every table the queue can form now."""
        spec_raw = await self.redis.get(keys.queue_spec(qid))
        if spec_raw is None:
            return
        spec = json.loads(spec_raw)
        while True:
            res = await self.scripts.match(
                keys=keys.queue_keys(qid),
                args=[now_ms(), spec["seats"], new_table_id(), MATCH_WINDOW])
            if not res:
                return
            await self.ensure_table(qid, res[0].decode())

    async def ensure_table(self, qid: str, tid: str) -> None:
        """Create a matched table unless it exists (idempotent across gateways); each of
        its players counts it among their tables (quotas)."""
        if await self.redis.exists(keys.table_meta(tid)):
            return
        spec_raw = await self.redis.get(keys.queue_spec(qid))
        record = await self.redis.hget(keys.queue_tickets(qid), f"match:{tid}")
        if spec_raw is None or record is None:
            return  # purged: the table was made (and maybe ended) long ago
        spec = json.loads(spec_raw)
        ids = json.loads(record)
        raws = await self.redis.hmget(keys.queue_tickets(qid), ids)
        tickets = [json.loads(r) for r in raws if r is not None]
        for t in tickets:
            await self.quotas.add_table(t["pid"], tid)
        seats = spec["seats"]
        players = [t["pid"] for t in tickets] + [""] * (seats - len(tickets))
        names = [t["name"] for t in tickets] + ["bot"] * (seats - len(tickets))
        bots = [False] * len(tickets) + [True] * (seats - len(tickets))
        try:
            await self.tables.create(spec["game"], seats, spec["options"], players, names, bots,
                                     tid=tid, listed=True)
        except GatewayError as e:
            if e.reason != "EXISTS":
                raise

    async def match_all(self) -> None:
        """Match and purge every known queue (bot fill-ins, expiries and lifetimes need a
        clock); a queue with nothing left leaves the index."""
        for raw in await self.redis.smembers(keys.QUEUES):
            qid = raw.decode()
            await self.match(qid)
            if await self.purge(qid):
                await self.redis.srem(keys.QUEUES, qid)
                if await self.redis.exists(keys.queue_spec(qid)):  # an Enqueue came between
                    await self.redis.sadd(keys.QUEUES, qid)

    async def purge(self, qid: str) -> bool:
        """Delete the queue's tickets ended over ticket_keep_ms ago; True when the queue
        itself is gone (nothing waits, nothing ended is kept)."""
        while True:
            purged, gone = await self.scripts.purge(
                keys=keys.queue_keys(qid),
                args=[now_ms(), self.config.ticket_keep_ms, PURGE_BATCH])
            if gone or purged < PURGE_BATCH:
                return bool(gone)
