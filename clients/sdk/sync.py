"""The blocking client: `Client`, over grpc and the generated stubs.

    with Client("127.0.0.1:50051") as c:
        c.login(guest_name="ada")
        table = c.create_table("duel", seats=2, bot_seats=[1])
        outcome = c.play(table.table_id, random_chooser())

Same behaviour as `AsyncClient` (aio.py): token metadata, idempotent `act` with
retries, `watch` resuming after a dropped stream.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

import grpc
from google.protobuf import message
from tablero.v1 import common_pb2, gateway_pb2, gateway_pb2_grpc

from . import core
from .core import RetryPolicy
from .errors import TableroError, from_rpc_error

Resp = TypeVar("Resp", bound=message.Message)

SyncChooser = Callable[[common_pb2.SeatView, common_pb2.Decision], common_pb2.Choice]


class Client(core.CallPolicy):
    """One session on a gateway. Share a channel between clients with `channel=`."""

    def __init__(self, target: str = core.DEFAULT_TARGET, *, token: str = "",
                 channel: grpc.Channel | None = None,
                 retry: RetryPolicy = core.DEFAULT_RETRY,
                 observer: core.Observer | None = None,
                 timeout_s: float = 30.0, options: Sequence[tuple[str, Any]] = ()) -> None:
        self._own_channel = channel is None
        self.channel = channel or grpc.insecure_channel(target, options=list(options))
        self.stub = gateway_pb2_grpc.GatewayStub(self.channel)
        super().__init__(token, retry, observer, timeout_s)

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._own_channel:
            self.channel.close()

    # -- the call path ----------------------------------------------------------

    def _unary(self, rpc: str, request: message.Message, resp_type: type[Resp], *,
               codes: frozenset[grpc.StatusCode] = core.SAFE_CODES,
               timeout_s: float | None = None) -> Resp:
        method = getattr(self.stub, rpc)
        md = self._metadata(rpc)
        first = time.perf_counter()
        for attempt in range(self.retry.attempts):
            t0 = time.perf_counter()
            try:
                resp = method(request, metadata=md, timeout=timeout_s or self.timeout_s)
            except grpc.RpcError as e:
                time.sleep(self._retry_delay(rpc, attempt, e, t0, codes, first))
                continue
            self._observe(rpc, t0, grpc.StatusCode.OK)
            assert isinstance(resp, resp_type)
            return resp
        raise AssertionError("unreachable: the retry policy ends the loop")

    # -- session and games ------------------------------------------------------

    def login(self, guest_name: str | None = None, *, api_key: str | None = None
              ) -> gateway_pb2.LoginResponse:
        req = core.login_request(guest_name, api_key)
        resp = self._unary("Login", req, gateway_pb2.LoginResponse)
        self.token = resp.token
        return resp

    def list_games(self) -> list[common_pb2.GameInfo]:
        req = gateway_pb2.ListGamesRequest()
        return list(self._unary("ListGames", req, gateway_pb2.ListGamesResponse).games)

    def describe_game(self, game: str) -> common_pb2.GameInfo:
        req = gateway_pb2.DescribeGameRequest(game=game)
        return self._unary("DescribeGame", req, common_pb2.GameInfo)

    # -- matchmaking ------------------------------------------------------------

    def enqueue(self, game: str, seats: int, options: Mapping[str, str] | None = None, *,
                allow_bots: bool = False, bots_after_ms: int = 0, ttl_ms: int = 0
                ) -> gateway_pb2.Ticket:
        req = core.enqueue_request(game, seats, options, allow_bots=allow_bots,
                                   bots_after_ms=bots_after_ms, ttl_ms=ttl_ms)
        return self._unary("Enqueue", req, gateway_pb2.Ticket)

    def get_ticket(self, ticket_id: str, wait_ms: int = 0) -> gateway_pb2.Ticket:
        req = gateway_pb2.GetTicketRequest(ticket_id=ticket_id, wait_ms=wait_ms)
        timeout_s = self.timeout_s + wait_ms / 1000
        return self._unary("GetTicket", req, gateway_pb2.Ticket, timeout_s=timeout_s)

    def cancel_ticket(self, ticket_id: str) -> gateway_pb2.Ticket:
        req = gateway_pb2.CancelTicketRequest(ticket_id=ticket_id)
        return self._unary("CancelTicket", req, gateway_pb2.Ticket)

    def wait_ticket(self, ticket_id: str, timeout_s: float | None = None) -> gateway_pb2.Ticket:
        """Long-poll until the ticket leaves WAITING; the MATCHED ticket, or an error.

        On timeout (or Ctrl-C) the ticket is cancelled; a match that raced the
        cancel is still returned."""
        end = None if timeout_s is None else time.monotonic() + timeout_s
        try:
            while True:
                left_ms = core.MAX_LONG_POLL_MS if end is None else int(
                    (end - time.monotonic()) * 1000)
                if left_ms <= 0:
                    break
                t = self.get_ticket(ticket_id, min(left_ms, core.MAX_LONG_POLL_MS))
                if core.ticket_done(t):
                    return core.check_matched(t)
        except KeyboardInterrupt:
            self.cancel_ticket(ticket_id)
            raise
        return core.check_matched(self.cancel_ticket(ticket_id))

    def match(self, game: str, seats: int, options: Mapping[str, str] | None = None, *,
              allow_bots: bool = False, bots_after_ms: int = 0,
              timeout_s: float | None = None) -> gateway_pb2.Ticket:
        """Enqueue and wait for a table: the MATCHED ticket (table_id, seat)."""
        t = self.enqueue(game, seats, options, allow_bots=allow_bots,
                         bots_after_ms=bots_after_ms)
        if core.ticket_done(t):
            return core.check_matched(t)
        return self.wait_ticket(t.ticket_id, timeout_s)

    # -- tables -----------------------------------------------------------------

    def create_table(self, game: str, seats: int, options: Mapping[str, str] | None = None, *,
                     bot_seats: list[int] | None = None, join: bool = True
                     ) -> gateway_pb2.TableInfo:
        req = core.create_request(game, seats, options, bot_seats=bot_seats, join=join)
        return self._unary("CreateTable", req, gateway_pb2.TableInfo,
                                codes=core.UNSAFE_CODES)

    def join_table(self, invite_code: str) -> gateway_pb2.TableInfo:
        req = gateway_pb2.JoinTableRequest(invite_code=invite_code)
        return self._unary("JoinTable", req, gateway_pb2.TableInfo)

    def leave_table(self, table_id: str) -> gateway_pb2.TableInfo:
        req = gateway_pb2.LeaveTableRequest(table_id=table_id)
        return self._unary("LeaveTable", req, gateway_pb2.TableInfo,
                                codes=core.UNSAFE_CODES)

    def get_table(self, table_id: str) -> gateway_pb2.TableInfo:
        req = gateway_pb2.GetTableRequest(table_id=table_id)
        return self._unary("GetTable", req, gateway_pb2.TableInfo)

    def list_tables(self, game: str, *, finished: bool = False, page_size: int = 0,
                    page_token: str = "") -> gateway_pb2.ListTablesResponse:
        """One page of a game's matchmade tables, newest first (private ones are not listed)."""
        req = gateway_pb2.ListTablesRequest(game=game, finished=finished, page_size=page_size,
                                            page_token=page_token)
        return self._unary("ListTables", req, gateway_pb2.ListTablesResponse)

    def get_view(self, table_id: str) -> common_pb2.SeatView:
        req = gateway_pb2.GetViewRequest(table_id=table_id)
        return self._unary("GetView", req, common_pb2.SeatView)

    def suggest(self, table_id: str, decision_id: str = "", policy: str = ""
                ) -> common_pb2.Choice:
        """A bot's suggestion for one of the caller's decisions (nothing changes)."""
        req = gateway_pb2.SuggestRequest(table_id=table_id, decision_id=decision_id,
                                         policy=policy)
        return self._unary("Suggest", req, common_pb2.Choice)

    def act(self, table_id: str, choice: common_pb2.Choice, *,
            idempotency_key: str | None = None, expected_version: int = 0
            ) -> gateway_pb2.ActResponse:
        """Answer a decision. One key for every attempt: a retry never applies twice.

        ABORTED is retried only without `expected_version`."""
        req = gateway_pb2.ActRequest(
            table_id=table_id, choice=choice, expected_version=expected_version,
            idempotency_key=idempotency_key or core.new_idempotency_key())
        return self._unary("Act", req, gateway_pb2.ActResponse,
                           codes=core.SAFE_CODES if expected_version else core.ACT_CODES)

    # -- events -----------------------------------------------------------------

    def watch(self, table_id: str, after_event_id: str = "", *, resume: bool = True,
              idle_timeout_s: float | None = None) -> Iterator[gateway_pb2.TableEvent]:
        """The table's events the caller may see, live until the game ends.

        A broken stream is reopened after the last event received (with back-off).
        With `idle_timeout_s`, the iterator also ends when a stream stays open that
        long (it ends cleanly; resume with the last event id)."""
        last, attempt, failing_since = after_event_id, 0, 0.0
        while True:
            call = self.stub.Watch(
                gateway_pb2.WatchRequest(table_id=table_id, after_event_id=last),
                metadata=core.auth_metadata(self.token), timeout=idle_timeout_s)
            try:
                for ev in call:
                    last, attempt, failing_since = ev.event_id, 0, 0.0
                    yield ev
                    if core.is_finished(ev):
                        return
                return
            except grpc.RpcError as e:
                err = from_rpc_error("Watch", e)
                if idle_timeout_s is not None and err.code is grpc.StatusCode.DEADLINE_EXCEEDED:
                    return
                failing_since = failing_since or time.perf_counter()
                delay = self.retry.delay(attempt, err, core.WATCH_RESUME_CODES,
                                         time.perf_counter() - failing_since)
                if not resume or delay is None:
                    raise err from e
                attempt += 1
                time.sleep(delay)
            finally:
                call.cancel()

    def play(self, table_id: str, choose: SyncChooser, *, resync_s: float = 5.0,
             on_event: Callable[[gateway_pb2.TableEvent], None] | None = None
             ) -> common_pb2.Outcome:
        """Play the caller's seat to the end (see AsyncClient.play)."""
        view = self.get_view(table_id)
        follow = _Follower(self, table_id, view.seat, resync_s, on_event)
        while not core.is_finished(view):
            mine = core.waiting_decisions(view)
            if not mine:
                follow.wait(view.version)
            else:
                self._act_checked(table_id, view, choose(view, mine[0]), follow)
            view = self.get_view(table_id)
        if on_event is not None and not follow.finished:
            follow.wait(view.version)  # to the event carrying the outcome
        return view.outcome

    def _act_checked(self, table_id: str, view: common_pb2.SeatView,
                     choice: common_pb2.Choice, follow: _Follower) -> None:
        try:
            resp = self.act(table_id, choice)
        except TableroError as e:
            if e.code is not grpc.StatusCode.FAILED_PRECONDITION:
                raise
            if self.get_view(table_id).version == view.version:
                raise
            return
        if not core.is_finished(resp) and not core.seat_waited_on(resp.pending, view.seat):
            follow.wait(resp.version)


class _Follower:
    """Reads a table's events between turns, resuming from the last one seen."""

    def __init__(self, client: Client, table_id: str, seat: int, resync_s: float,
                 on_event: Callable[[gateway_pb2.TableEvent], None] | None) -> None:
        self.client, self.table_id, self.seat = client, table_id, seat
        self.resync_s, self.on_event = resync_s, on_event
        self.last_event_id = ""
        self.finished = False

    def wait(self, after_version: int) -> None:
        """Until the seat is waited on at a newer version, the game ends, or a
        stream stays quiet for `resync_s`."""
        for ev in self.client.watch(self.table_id, self.last_event_id,
                                    idle_timeout_s=self.resync_s):
            self.last_event_id = ev.event_id
            if self.on_event is not None:
                self.on_event(ev)
            if core.wakes(ev, self.seat, after_version):
                self.finished = core.is_finished(ev)
                return
