"""The Gateway gRPC servicer: validates requests and delegates to the domain modules."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import time
from collections import Counter as Tally
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc
from prometheus_client import Counter, Histogram
from redis.asyncio import Redis
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw
from tablero.v1 import gateway_pb2_grpc

from services.runtime.metrics import RpcMetrics

from . import keys, streams
from .config import Config
from .driver import Driver
from .errors import GatewayError, invalid, not_found, precondition
from .limits import TokenBuckets, peer_host
from .matchmaking import Matchmaker, checked_game
from .notify import Notifier
from .routing import Router
from .sessions import Session, Sessions, bearer_token, current, now_ms
from .tables import Tables

log = logging.getLogger("tablero.gateway")

RPC_SECONDS = Histogram("tablero_gateway_rpc_seconds", "Gateway RPC latency", ["method"],
                        buckets=(.001, .002, .005, .01, .02, .05, .1, .25, 1, 5, 30))
RPC_TOTAL = Counter("tablero_gateway_rpc_total", "Gateway RPCs by status", ["method", "code"])
METRICS = RpcMetrics(RPC_SECONDS, RPC_TOTAL)


def new_invite_code() -> str:
    """12 lowercase letters and digits (60 bits): easy to read out, never mistaken for a
    command-line flag."""
    return "".join(secrets.choice(INVITE_ALPHABET) for _ in range(12))


INVITE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


@contextlib.asynccontextmanager
async def status_mapping(method: str, ctx: grpc.aio.ServicerContext) -> AsyncIterator[None]:
    """Count and time an RPC; GatewayError -> its status; anything else -> a generic
    INTERNAL (the detail goes to the log, never to the client)."""
    start = time.perf_counter()
    code = "OK"
    try:
        yield
    except GatewayError as e:
        code = e.code.name
        await ctx.abort_with_status(e.status())
    except asyncio.CancelledError:
        code = "CANCELLED"
        raise
    except Exception:
        if ctx.code() is not None:  # aborted on purpose above
            code = ctx.code().name
            raise
        code = "INTERNAL"
        log.exception("unexpected error in %s", method)
        await ctx.abort_with_status(GatewayError(
            grpc.StatusCode.INTERNAL, "internal error", "INTERNAL").status())
    finally:
        METRICS.observe(method, code, time.perf_counter() - start)


Handler = Callable[..., Awaitable[Any]]


def guard(authenticate: bool = True) -> Callable[[Handler], Handler]:
    """A unary RPC under `status_mapping`; with `authenticate`, the caller's session is
    checked first (auth.lua) and handed on in `sessions.current`."""

    def wrap(fn: Handler) -> Handler:
        @functools.wraps(fn)
        async def call(self: GatewayServicer, req: Any, ctx: grpc.aio.ServicerContext) -> Any:
            async with status_mapping(fn.__name__, ctx):
                if authenticate:
                    current.set(await self.sessions.check(ctx.invocation_metadata()))
                return await fn(self, req, ctx)

        return call

    return wrap


class GatewayServicer(gateway_pb2_grpc.GatewayServicer):
    def __init__(self, redis: Redis, sessions: Sessions, router: Router, tables: Tables,
                 matchmaker: Matchmaker, driver: Driver, config: Config,
                 notifier: Notifier | None = None) -> None:
        self.redis = redis
        self.sessions = sessions
        self.router = router
        self.tables = tables
        self.matchmaker = matchmaker
        self.driver = driver
        self.config = config
        self.notifier = notifier  # None on Redis Cluster: watchers block on XREAD instead
        self.watches: Tally[str] = Tally()
        self.logins = TokenBuckets(config.login_rate_per_s, config.login_burst)

    # -- sessions and games -------------------------------------------------------

    @guard(authenticate=False)
    async def Login(self, req: gw.LoginRequest, ctx: Any) -> gw.LoginResponse:
        wait_ms = self.logins.take(peer_host(ctx.peer()))
        if wait_ms:
            raise GatewayError(grpc.StatusCode.RESOURCE_EXHAUSTED, "too many logins from this "
                               "address", "RATE_LIMITED", retry_after_ms=wait_ms)
        which = req.WhichOneof("credential")
        if which == "guest_name":
            s, expires = await self.sessions.login_guest(req.guest_name)
        elif which == "api_key":
            s, expires = await self.sessions.login_key(req.api_key)
        else:
            raise invalid("credential", "give guest_name or api_key")
        return gw.LoginResponse(token=s.token, player_id=s.player_id, display_name=s.name,
                                expires_unix_ms=expires)

    @guard()
    async def ListGames(self, req: gw.ListGamesRequest, ctx: Any) -> gw.ListGamesResponse:
        out = gw.ListGamesResponse()
        for game in sorted(self.router.stubs):
            try:
                info = await self.router.info(game)
            except GatewayError:
                log.warning("game %s is unavailable", game)
                continue
            out.games.add().CopyFrom(info)
            out.games[-1].ClearField("reference")  # DescribeGame carries it (common.proto)
        return out

    @guard()
    async def DescribeGame(self, req: gw.DescribeGameRequest, ctx: Any) -> pb.GameInfo:
        if req.game not in self.router.stubs:
            raise not_found(f"game {req.game!r}")
        return await self.router.info(req.game)

    # -- matchmaking --------------------------------------------------------------

    @guard()
    async def Enqueue(self, req: gw.EnqueueRequest, ctx: Any) -> gw.Ticket:
        return await self.matchmaker.enqueue(current.get(), req)

    @guard()
    async def GetTicket(self, req: gw.GetTicketRequest, ctx: Any) -> gw.Ticket:
        return await self.matchmaker.get(current.get(), req.ticket_id, req.wait_ms)

    @guard()
    async def CancelTicket(self, req: gw.CancelTicketRequest, ctx: Any) -> gw.Ticket:
        return await self.matchmaker.cancel(current.get(), req.ticket_id)

    # -- private tables -----------------------------------------------------------

    @guard()
    async def CreateTable(self, req: gw.CreateTableRequest, ctx: Any) -> gw.TableInfo:
        s = current.get()
        options = await checked_game(self.router, req.game, req.seats, dict(req.options))
        bots = [False] * req.seats
        for b in req.bot_seats:
            if not 0 <= b < req.seats or bots[b]:
                raise invalid("bot_seats", "bot_seats must be distinct seats of the table")
            bots[b] = True
        players = [""] * req.seats
        names = ["bot" if b else "" for b in bots]
        seat = -1
        if req.join:
            seat = next((i for i, b in enumerate(bots) if not b), -1)
            if seat < 0:
                raise invalid("join", "every seat is a bot seat; nothing to join")
            players[seat], names[seat] = s.player_id, s.name
        invite = new_invite_code()
        if len(req.bot_policy) > 32:
            raise invalid("bot_policy", "bot_policy is too long")
        table = await self.tables.create(req.game, req.seats, options, players, names, bots,
                                         invite=invite, bot_policy=req.bot_policy)
        info = table.info(seat)
        info.invite_code = invite
        return info

    @guard()
    async def JoinTable(self, req: gw.JoinTableRequest, ctx: Any) -> gw.TableInfo:
        if not 1 <= len(req.invite_code) <= 32:
            raise invalid("invite_code", "invite_code is required")
        raw = await self.redis.get(keys.invite(req.invite_code))
        if raw is None:
            raise not_found("invite code")
        return await self._seat_change(current.get(), raw.decode(), "join")

    @guard()
    async def LeaveTable(self, req: gw.LeaveTableRequest, ctx: Any) -> gw.TableInfo:
        await self.tables.load(req.table_id, with_state=False)  # validates the id
        return await self._seat_change(current.get(), req.table_id, "leave")

    async def _seat_change(self, s: Session, tid: str, op: str) -> gw.TableInfo:
        r = await self.tables.scripts.seat(
            keys=[keys.table_meta(tid)],
            args=[op, s.player_id, s.name, now_ms()])
        if r[0] == 0:
            reason = r[1].decode()
            if reason == "not_found":
                raise not_found("table")
            raise precondition(f"cannot {op}: {reason.replace('_', ' ')}", reason.upper())
        due = int(r[3])
        if due >= 0:
            await self.redis.zadd(keys.DEADLINES, {tid: due})
            if due <= now_ms():
                self.driver.kick(tid)
        table, _ = await self.tables.load(tid, with_state=False)
        return table.info(table.seat_of(s.player_id))

    @guard()
    async def GetTable(self, req: gw.GetTableRequest, ctx: Any) -> gw.TableInfo:
        table, _ = await self.tables.load(req.table_id, with_state=False)
        return table.info(table.seat_of(current.get().player_id))

    @guard()
    async def ListTables(self, req: gw.ListTablesRequest, ctx: Any) -> gw.ListTablesResponse:
        return await self.tables.list(current.get(), req)

    # -- play ---------------------------------------------------------------------

    @guard()
    async def GetView(self, req: gw.GetViewRequest, ctx: Any) -> pb.SeatView:
        return await self.tables.view(current.get(), req.table_id)

    @guard(authenticate=False)  # Act checks the session in its first Redis round trip
    async def Act(self, req: gw.ActRequest, ctx: Any) -> gw.ActResponse:
        return await self.tables.act(bearer_token(ctx.invocation_metadata()), req)

    @guard()
    async def Suggest(self, req: gw.SuggestRequest, ctx: Any) -> pb.Choice:
        return await self.tables.suggest(current.get(), req)

    async def Watch(self, req: gw.WatchRequest,
                    ctx: grpc.aio.ServicerContext) -> AsyncIterator[gw.TableEvent]:
        async with status_mapping("Watch", ctx):
            s = await self.sessions.check(ctx.invocation_metadata())
            if self.watches[s.token] >= self.config.max_watches_per_session:
                raise GatewayError(grpc.StatusCode.RESOURCE_EXHAUSTED, "too many watches for "
                                   "this session", "TOO_MANY_WATCHES", retry_after_ms=1000)
            self.watches[s.token] += 1
            try:
                async for ev in streams.watch(self.redis, self.tables, s, req.table_id,
                                              req.after_event_id, self.notifier):
                    yield ev
            finally:
                self.watches[s.token] -= 1
                if self.watches[s.token] <= 0:
                    del self.watches[s.token]
