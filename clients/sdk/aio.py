"""The asyncio client: `AsyncClient`, over grpc.aio and the generated stubs.

    async with AsyncClient("127.0.0.1:50051") as c:
        await c.login(guest_name="ada")
        ticket = await c.match("duel", seats=2, allow_bots=True)
        outcome = await c.play(ticket.table_id, random_chooser())

Every call but `login` carries the session token. `act` adds an idempotency key
and retries ABORTED/UNAVAILABLE with the same key, so a retried choice applies
once; `watch` resumes from the last event id after a dropped stream.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar

import grpc
from google.protobuf import message
from tablero.v1 import common_pb2, gateway_pb2, gateway_pb2_grpc

from . import core
from .core import RetryPolicy
from .errors import TableroError, from_rpc_error

Resp = TypeVar("Resp", bound=message.Message)

Chooser = Callable[[common_pb2.SeatView, common_pb2.Decision],
                   common_pb2.Choice | Awaitable[common_pb2.Choice]]


class AsyncClient(core.CallPolicy):
    """One session on a gateway. Share a channel between clients with `channel=`."""

    def __init__(self, target: str = core.DEFAULT_TARGET, *, token: str = "",
                 channel: grpc.aio.Channel | None = None,
                 retry: RetryPolicy = core.DEFAULT_RETRY,
                 observer: core.Observer | None = None,
                 timeout_s: float = 30.0, options: Sequence[tuple[str, Any]] = ()) -> None:
        self._own_channel = channel is None
        self.channel = channel or grpc.aio.insecure_channel(target, options=list(options))
        self.stub = gateway_pb2_grpc.GatewayStub(self.channel)
        super().__init__(token, retry, observer, timeout_s)

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        if self._own_channel:
            await self.channel.close(None)

    # -- the call path ----------------------------------------------------------

    async def _unary(self, rpc: str, request: message.Message, resp_type: type[Resp], *,
                     codes: frozenset[grpc.StatusCode] = core.SAFE_CODES,
                     timeout_s: float | None = None) -> Resp:
        method = getattr(self.stub, rpc)
        md = self._metadata(rpc)
        first = time.perf_counter()
        for attempt in range(self.retry.attempts):
            t0 = time.perf_counter()
            try:
                resp = await method(request, metadata=md, timeout=timeout_s or self.timeout_s)
            except grpc.aio.AioRpcError as e:
                await asyncio.sleep(self._retry_delay(rpc, attempt, e, t0, codes, first))
                continue
            self._observe(rpc, t0, grpc.StatusCode.OK)
            assert isinstance(resp, resp_type)
            return resp
        raise AssertionError("unreachable: the retry policy ends the loop")

    # -- session and games ------------------------------------------------------

    async def login(self, guest_name: str | None = None, *, api_key: str | None = None
                    ) -> gateway_pb2.LoginResponse:
        req = core.login_request(guest_name, api_key)
        resp = await self._unary("Login", req, gateway_pb2.LoginResponse)
        self.token = resp.token
        return resp

    async def list_games(self) -> list[common_pb2.GameInfo]:
        req = gateway_pb2.ListGamesRequest()
        resp = await self._unary("ListGames", req, gateway_pb2.ListGamesResponse)
        return list(resp.games)

    async def describe_game(self, game: str) -> common_pb2.GameInfo:
        req = gateway_pb2.DescribeGameRequest(game=game)
        return await self._unary("DescribeGame", req, common_pb2.GameInfo)

    # -- matchmaking ------------------------------------------------------------

    async def enqueue(self, game: str, seats: int, options: Mapping[str, str] | None = None, *,
                      allow_bots: bool = False, bots_after_ms: int = 0, ttl_ms: int = 0
                      ) -> gateway_pb2.Ticket:
        req = core.enqueue_request(game, seats, options, allow_bots=allow_bots,
                                   bots_after_ms=bots_after_ms, ttl_ms=ttl_ms)
        return await self._unary("Enqueue", req, gateway_pb2.Ticket)

    async def get_ticket(self, ticket_id: str, wait_ms: int = 0) -> gateway_pb2.Ticket:
        req = gateway_pb2.GetTicketRequest(ticket_id=ticket_id, wait_ms=wait_ms)
        timeout_s = self.timeout_s + wait_ms / 1000
        return await self._unary("GetTicket", req, gateway_pb2.Ticket, timeout_s=timeout_s)

    async def cancel_ticket(self, ticket_id: str) -> gateway_pb2.Ticket:
        req = gateway_pb2.CancelTicketRequest(ticket_id=ticket_id)
        return await self._unary("CancelTicket", req, gateway_pb2.Ticket)

    async def wait_ticket(self, ticket_id: str, timeout_s: float | None = None
                          ) -> gateway_pb2.Ticket:
        """Long-poll until the ticket leaves WAITING; the MATCHED ticket, or an error.

        On timeout or cancellation the ticket is cancelled (a match that raced the
        cancel is still returned)."""
        end = None if timeout_s is None else time.monotonic() + timeout_s
        try:
            while True:
                left_ms = core.MAX_LONG_POLL_MS if end is None else int(
                    (end - time.monotonic()) * 1000)
                if left_ms <= 0:
                    break
                t = await self.get_ticket(ticket_id, min(left_ms, core.MAX_LONG_POLL_MS))
                if core.ticket_done(t):
                    return core.check_matched(t)
        except asyncio.CancelledError:
            await asyncio.shield(self._cancel_quietly(ticket_id))
            raise
        return core.check_matched(await self.cancel_ticket(ticket_id))

    async def _cancel_quietly(self, ticket_id: str) -> None:
        with contextlib.suppress(TableroError):
            await self.cancel_ticket(ticket_id)

    async def match(self, game: str, seats: int, options: Mapping[str, str] | None = None, *,
                    allow_bots: bool = False, bots_after_ms: int = 0,
                    timeout_s: float | None = None) -> gateway_pb2.Ticket:
        """Enqueue and wait for a table: the MATCHED ticket (table_id, seat)."""
        t = await self.enqueue(game, seats, options, allow_bots=allow_bots,
                               bots_after_ms=bots_after_ms)
        if core.ticket_done(t):
            return core.check_matched(t)
        return await self.wait_ticket(t.ticket_id, timeout_s)

    # -- tables -----------------------------------------------------------------

    async def create_table(self, game: str, seats: int,
                           options: Mapping[str, str] | None = None, *,
                           bot_seats: list[int] | None = None, join: bool = True
                           ) -> gateway_pb2.TableInfo:
        req = core.create_request(game, seats, options, bot_seats=bot_seats, join=join)
        return await self._unary("CreateTable", req, gateway_pb2.TableInfo,
                                      codes=core.UNSAFE_CODES)

    async def join_table(self, invite_code: str) -> gateway_pb2.TableInfo:
        req = gateway_pb2.JoinTableRequest(invite_code=invite_code)
        return await self._unary("JoinTable", req, gateway_pb2.TableInfo)

    async def leave_table(self, table_id: str) -> gateway_pb2.TableInfo:
        req = gateway_pb2.LeaveTableRequest(table_id=table_id)
        return await self._unary("LeaveTable", req, gateway_pb2.TableInfo,
                                      codes=core.UNSAFE_CODES)

    async def get_table(self, table_id: str) -> gateway_pb2.TableInfo:
        req = gateway_pb2.GetTableRequest(table_id=table_id)
        return await self._unary("GetTable", req, gateway_pb2.TableInfo)

    async def list_tables(self, game: str, *, finished: bool = False, page_size: int = 0,
                          page_token: str = "") -> gateway_pb2.ListTablesResponse:
        """One page of a game's matchmade tables, newest first (private ones are not listed)."""
        req = gateway_pb2.ListTablesRequest(game=game, finished=finished, page_size=page_size,
                                            page_token=page_token)
        return await self._unary("ListTables", req, gateway_pb2.ListTablesResponse)

    async def get_view(self, table_id: str) -> common_pb2.SeatView:
        req = gateway_pb2.GetViewRequest(table_id=table_id)
        return await self._unary("GetView", req, common_pb2.SeatView)

    async def suggest(self, table_id: str, decision_id: str = "", policy: str = ""
                      ) -> common_pb2.Choice:
        """A bot's suggestion for one of the caller's decisions (nothing changes)."""
        req = gateway_pb2.SuggestRequest(table_id=table_id, decision_id=decision_id,
                                         policy=policy)
        return await self._unary("Suggest", req, common_pb2.Choice)

    async def act(self, table_id: str, choice: common_pb2.Choice, *,
                  idempotency_key: str | None = None, expected_version: int = 0
                  ) -> gateway_pb2.ActResponse:
        """Answer a decision. One key for every attempt: a retry never applies twice.

        ABORTED is retried only without `expected_version` (with it, the caller
        asked to fail when the table moved)."""
        req = gateway_pb2.ActRequest(
            table_id=table_id, choice=choice, expected_version=expected_version,
            idempotency_key=idempotency_key or core.new_idempotency_key())
        codes = core.SAFE_CODES if expected_version else core.ACT_CODES
        return await self._unary("Act", req, gateway_pb2.ActResponse, codes=codes)

    # -- events -----------------------------------------------------------------

    async def watch(self, table_id: str, after_event_id: str = "", *, resume: bool = True
                    ) -> AsyncIterator[gateway_pb2.TableEvent]:
        """The table's events the caller may see, live until the game ends.

        A broken stream is reopened after the last event received (with back-off);
        the iterator ends after the event carrying the finished outcome."""
        last, attempt, failing_since = after_event_id, 0, 0.0
        while True:
            call = self.stub.Watch(gateway_pb2.WatchRequest(table_id=table_id,
                                                            after_event_id=last),
                                   metadata=core.auth_metadata(self.token))
            try:
                async for ev in call:
                    last, attempt, failing_since = ev.event_id, 0, 0.0
                    yield ev
                    if core.is_finished(ev):
                        return
                return
            except grpc.aio.AioRpcError as e:
                err = from_rpc_error("Watch", e)
                failing_since = failing_since or time.perf_counter()
                delay = self.retry.delay(attempt, err, core.WATCH_RESUME_CODES,
                                         time.perf_counter() - failing_since)
                if not resume or delay is None:
                    raise err from e
                attempt += 1
                await asyncio.sleep(delay)
            finally:
                call.cancel()

    async def play(self, table_id: str, choose: Chooser, *, resync_s: float = 5.0,
                   on_event: Callable[[gateway_pb2.TableEvent], None] | None = None
                   ) -> common_pb2.Outcome:
        """Play the caller's seat to the end: `choose(view, decision)` answers each
        decision the game waits on; other seats' moves arrive through Watch.

        `on_event` sees every event the caller may see, up to the one carrying the
        outcome, before `play` returns. `resync_s` bounds a wait for the next turn
        before the view is read again anyway."""
        view = await self.get_view(table_id)
        watcher = _Watcher(view.seat, on_event)
        task = asyncio.create_task(watcher.run(self, table_id))
        try:
            while not core.is_finished(view):
                mine = core.waiting_decisions(view)
                if not mine:
                    await watcher.wait(view.version, resync_s)
                else:
                    choice = choose(view, mine[0])
                    if inspect.isawaitable(choice):
                        choice = await choice
                    await self._act_checked(table_id, view, choice, watcher, resync_s)
                view = await self.get_view(table_id)
            if on_event is not None:
                await watcher.wait_finished(resync_s)
            return view.outcome
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _act_checked(self, table_id: str, view: common_pb2.SeatView,
                           choice: common_pb2.Choice, watcher: _Watcher, resync_s: float
                           ) -> None:
        """Act; wait for the turn to come back. A stale choice (a deadline played it,
        the table moved) is dropped; an illegal one raises."""
        try:
            resp = await self.act(table_id, choice)
        except TableroError as e:
            if e.code is not grpc.StatusCode.FAILED_PRECONDITION:
                raise
            fresh = await self.get_view(table_id)
            if fresh.version == view.version:
                raise
            return
        if not core.is_finished(resp) and not core.seat_waited_on(resp.pending, view.seat):
            await watcher.wait(resp.version, resync_s)


class _Watcher:
    """Follows a table's events for one seat; `wait` returns when the seat is
    waited on at a newer version, the game ends, or `timeout_s` passes."""

    def __init__(self, seat: int,
                 on_event: Callable[[gateway_pb2.TableEvent], None] | None) -> None:
        self.seat = seat
        self.on_event = on_event
        self.woken_version = -1
        self.finished = False
        self.changed = asyncio.Condition()

    async def run(self, client: AsyncClient, table_id: str) -> None:
        async for ev in client.watch(table_id):
            if self.on_event is not None:
                self.on_event(ev)
            if core.wakes(ev, self.seat, self.woken_version):
                async with self.changed:
                    self.finished = self.finished or core.is_finished(ev)
                    self.woken_version = max(self.woken_version, ev.version)
                    self.changed.notify_all()

    async def wait(self, after_version: int, timeout_s: float) -> None:
        await self._until(lambda: self.finished or self.woken_version > after_version, timeout_s)

    async def wait_finished(self, timeout_s: float) -> None:
        """Until the event with the outcome arrived (so `on_event` saw every event)."""
        await self._until(lambda: self.finished, timeout_s)

    async def _until(self, predicate: Callable[[], bool], timeout_s: float) -> None:
        async with self.changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait_for(predicate), timeout_s)
