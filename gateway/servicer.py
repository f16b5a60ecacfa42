"""The Gateway gRPC servicer: validates requests and delegates to the domain modules."""

from __future__ import annotations

import asyncio
import functools
import logging
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
from services.runtime.status import clip
from services.runtime.wire import LogLimiter, client_of

from . import streams
from .config import Config
from .driver import Driver
from .errors import (
    GatewayError,
    invalid,
    not_found,
    redis_unavailable,
    unavailable,
)
from .limits import TokenBuckets
from .matchmaking import Matchmaker
from .notify import Notifier
from .routing import Router
from .seating import Seating
from .sessions import Sessions, bearer_token, current
from .tables import Tables

log = logging.getLogger("tablero.gateway")

RPC_SECONDS = Histogram("tablero_gateway_rpc_seconds", "Gateway RPC latency", ["method"],
                        buckets=(.001, .002, .005, .01, .02, .05, .1, .25, 1, 5, 30))
RPC_TOTAL = Counter("tablero_gateway_rpc_total", "Gateway RPCs by status", ["method", "code"])
METRICS = RpcMetrics(RPC_SECONDS, RPC_TOTAL)


# Redis being away is logged once a minute per RPC at most, not once per call.
REDIS_AWAY_LOG = LogLimiter()


def status_of(method: str, ctx: grpc.aio.ServicerContext, e: Exception
              ) -> tuple[str, grpc.Status | None]:
    """What an RPC that raised `e` answers: the code it is counted under, and the status
    to abort with (None: it was aborted on purpose already; `e` goes on). GatewayError ->
    its status; Redis away (refused, lost, timed out, loading) -> UNAVAILABLE with
    RetryInfo, so clients retry; anything else -> a generic INTERNAL (the detail goes to
    the log, never to the client)."""
    if isinstance(e, GatewayError):
        return e.code.name, e.status()
    if ctx.code() is not None:  # aborted on purpose
        return ctx.code().name, None
    if redis_unavailable(e):
        if REDIS_AWAY_LOG.allow(method):
            log.warning("%s: Redis unavailable (%s: %s); answering UNAVAILABLE", method,
                        type(e).__name__, e)
        return "UNAVAILABLE", unavailable().status()
    log.error("unexpected error in %s", method, exc_info=e)
    return "INTERNAL", GatewayError(grpc.StatusCode.INTERNAL, "internal error",
                                    "INTERNAL").status()


class Answered:
    """`async with Answered(method, ctx)`: count and time an RPC, and answer what it
    raises as `status_of` says. A plain class, not `contextlib.asynccontextmanager`:
    that costs a generator and several microseconds more on every Act."""

    __slots__ = ("method", "ctx", "start")

    def __init__(self, method: str, ctx: grpc.aio.ServicerContext) -> None:
        self.method = method
        self.ctx = ctx
        self.start = time.perf_counter()

    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, kind: type[BaseException] | None, e: BaseException | None,
                        tb: Any) -> bool:
        code = "OK"
        try:
            if isinstance(e, asyncio.CancelledError):
                code = "CANCELLED"
            elif isinstance(e, Exception):
                code, status = status_of(self.method, self.ctx, e)
                if status is not None:
                    await self.ctx.abort_with_status(status)  # raises, in place of `e`
            return False
        finally:
            METRICS.observe(self.method, code, time.perf_counter() - self.start)


Handler = Callable[..., Awaitable[Any]]


def guard(authenticate: bool = True) -> Callable[[Handler], Handler]:
    """A unary RPC `Answered`; with `authenticate`, the caller's session is checked
    first (auth.lua) and handed on in `sessions.current`."""

    def wrap(fn: Handler) -> Handler:
        method = fn.__name__

        @functools.wraps(fn)
        async def call(self: GatewayServicer, req: Any, ctx: grpc.aio.ServicerContext) -> Any:
            async with Answered(method, ctx):
                if authenticate:
                    current.set(await self.sessions.check(ctx.invocation_metadata()))
                return await fn(self, req, ctx)

        return call

    return wrap


class GatewayServicer(gateway_pb2_grpc.GatewayServicer):
    def __init__(self, redis: Redis, sessions: Sessions, router: Router, tables: Tables,
                 matchmaker: Matchmaker, seating: Seating, driver: Driver, config: Config,
                 notifier: Notifier | None = None) -> None:
        self.redis = redis
        self.sessions = sessions
        self.router = router
        self.tables = tables
        self.matchmaker = matchmaker
        self.seating = seating
        self.driver = driver
        self.config = config
        self.notifier = notifier  # None on Redis Cluster: watchers block on XREAD instead
        self.watches: Tally[str] = Tally()
        self.logins = TokenBuckets(config.login_rate_per_s, config.login_burst)

    # -- sessions and games -------------------------------------------------------

    @guard(authenticate=False)
    async def Login(self, req: gw.LoginRequest, ctx: Any) -> gw.LoginResponse:
        wait_ms = self.logins.take(client_of(ctx.peer()))
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
            raise not_found(f"game {clip(req.game)}")
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
        return await self.seating.create(current.get(), req)

    @guard()
    async def JoinTable(self, req: gw.JoinTableRequest, ctx: Any) -> gw.TableInfo:
        return await self.seating.join(current.get(), req.invite_code)

    @guard()
    async def LeaveTable(self, req: gw.LeaveTableRequest, ctx: Any) -> gw.TableInfo:
        return await self.seating.leave(current.get(), req.table_id)

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
        async with Answered("Watch", ctx):
            s = await self.sessions.check(ctx.invocation_metadata())
            if self.watches[s.token] >= self.config.max_watches_per_session:
                raise GatewayError(grpc.StatusCode.RESOURCE_EXHAUSTED, "too many watches for "
                                   "this session", "TOO_MANY_WATCHES", retry_after_ms=1000)
            self.watches[s.token] += 1
            try:
                async for ev in streams.watch(self.redis, self.tables, s, req.table_id,
                                              req.after_event_id, self.notifier,
                                              self.config.watch_recheck_s):
                    yield ev
            finally:
                self.watches[s.token] -= 1
                if self.watches[s.token] <= 0:
                    del self.watches[s.token]
