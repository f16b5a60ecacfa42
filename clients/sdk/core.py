"""What the sync and asyncio clients share: retries, keys, metadata, choices, views.

Both flavours are thin: every rule about *when* to retry, *how* to build a
choice or *when* a watcher should wake a player lives here, once.
"""

from __future__ import annotations

import dataclasses
import random
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any

import grpc
from google.protobuf import json_format, message, struct_pb2
from tablero.v1 import common_pb2, gateway_pb2

from .errors import TableroError, from_rpc_error

DEFAULT_TARGET = "127.0.0.1:50051"
MAX_LONG_POLL_MS = 30_000

# (rpc name, seconds, status code) for every attempt; the load tester's probe.
Observer = Callable[[str, float, grpc.StatusCode], None]

# UNAVAILABLE: the gateway or its Redis is away for a moment (a restart, a failover).
# CANCELLED that the caller did not ask for comes from a server that dropped the call
# before running it (gRPC core does so to calls an overloaded server left waiting past its
# pending-call limits, or unrequested for 30 s).
# Every RPC that is safe to repeat is retried on these with the same request: reads, the
# login, JoinTable (joining a table one sits at answers the seat), CancelTicket, Act (its
# idempotency key) and Enqueue (its request id: a retry gets the same ticket).
SAFE_CODES = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED})
# CreateTable and LeaveTable are not repeated after a failure the server may have acted on
# (a second table; "not seated"): only a refusal that changed nothing (RESOURCE_EXHAUSTED
# with a retry delay) is waited out.
UNSAFE_CODES: frozenset[grpc.StatusCode] = frozenset()
# Act with an idempotency key is safe to repeat on a lost race as well.
ACT_CODES = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED,
                       grpc.StatusCode.ABORTED})
# A Watch stream that breaks with one of these is resumed from the last event id.
WATCH_RESUME_CODES = frozenset({
    grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN,
    grpc.StatusCode.CANCELLED, grpc.StatusCode.DEADLINE_EXCEEDED,
})


@dataclasses.dataclass(frozen=True)
class RetryPolicy:
    """Jittered exponential back-off: before attempt n+1 a call waits a random time
    between half and all of `initial_s * multiplier**n` (at most `max_s`), or longer when
    the server's RetryInfo asks for it (RESOURCE_EXHAUSTED waits exactly that). A call
    gives up after `attempts` attempts or once `budget_s` seconds have passed since its
    first, whichever comes first: long enough by default to ride out a Redis restart."""

    attempts: int = 30
    initial_s: float = 0.05
    max_s: float = 2.0
    multiplier: float = 2.0
    budget_s: float = 30.0
    honour_rate_limits: bool = True

    def delay(self, attempt: int, err: TableroError, codes: frozenset[grpc.StatusCode],
              elapsed_s: float = 0.0) -> float | None:
        """Seconds to wait before attempt `attempt + 1`, or None to give up."""
        if attempt + 1 >= self.attempts:
            return None
        hint = err.retry_delay
        if err.code is grpc.StatusCode.RESOURCE_EXHAUSTED and self.honour_rate_limits:
            wait = None if hint is None else min(hint, self.max_s * 4)
        elif err.code not in codes:
            return None
        else:
            step = min(self.initial_s * self.multiplier ** attempt, self.max_s)
            wait = max(random.uniform(step / 2, step), hint or 0.0)
        if wait is None or elapsed_s + wait > self.budget_s:
            return None
        return wait


DEFAULT_RETRY = RetryPolicy()


class CallPolicy:
    """What the blocking and the asyncio client do alike on every unary call: the
    session's metadata, timing for the observer, and whether a failure is retried."""

    def __init__(self, token: str, retry: RetryPolicy, observer: Observer | None,
                 timeout_s: float) -> None:
        self.token = token
        self.retry = retry
        self.observer = observer
        self.timeout_s = timeout_s

    def _metadata(self, rpc: str) -> tuple[tuple[str, str], ...] | None:
        return auth_metadata(self.token) if rpc != "Login" else None

    def _observe(self, rpc: str, t0: float, code: grpc.StatusCode) -> None:
        if self.observer is not None:
            self.observer(rpc, time.perf_counter() - t0, code)

    def _retry_delay(self, rpc: str, attempt: int, e: grpc.RpcError, t0: float,
                     codes: frozenset[grpc.StatusCode], first: float) -> float:
        """How long to wait before attempt `attempt + 1` (`t0`: this attempt's start,
        `first`: the first attempt's); raises the TableroError when the failure is not
        to be retried."""
        err = from_rpc_error(rpc, e)
        self._observe(rpc, t0, err.code)
        delay = self.retry.delay(attempt, err, codes, time.perf_counter() - first)
        if delay is None:
            raise err from e
        return delay
NO_RETRY = RetryPolicy(attempts=1)


def new_idempotency_key() -> str:
    """A fresh key for one logical Act or Enqueue (32 hex characters; the gateway takes
    1-64): every retry of that call carries the same one."""
    return uuid.uuid4().hex


def auth_metadata(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


def make_choice(decision: common_pb2.Decision | str, option: str | int | None = None,
                amount: int | None = None) -> common_pb2.Choice:
    """A Choice for a decision: an option id (or its index in the decision), or an amount."""
    did = decision if isinstance(decision, str) else decision.id
    if (option is None) == (amount is None):
        raise ValueError("give exactly one of option and amount")
    if amount is not None:
        return common_pb2.Choice(decision_id=did, amount=amount)
    if isinstance(option, int):
        if isinstance(decision, str):
            raise ValueError("an option index needs the Decision, not its id")
        option = decision.options[option].id
    return common_pb2.Choice(decision_id=did, option_id=str(option))


def enqueue_request(game: str, seats: int, options: Mapping[str, str] | None = None, *,
                    allow_bots: bool = False, bots_after_ms: int = 0,
                    ttl_ms: int = 0, request_id: str | None = None
                    ) -> gateway_pb2.EnqueueRequest:
    """With a fresh request id unless one is given: retries of it get the same ticket."""
    return gateway_pb2.EnqueueRequest(game=game, seats=seats, options=dict(options or {}),
                                      allow_bots=allow_bots, bots_after_ms=bots_after_ms,
                                      ttl_ms=ttl_ms,
                                      request_id=request_id or new_idempotency_key())


def create_request(game: str, seats: int, options: Mapping[str, str] | None = None, *,
                   bot_seats: list[int] | None = None, join: bool = True
                   ) -> gateway_pb2.CreateTableRequest:
    return gateway_pb2.CreateTableRequest(game=game, seats=seats, options=dict(options or {}),
                                          bot_seats=list(bot_seats or []), join=join)


def login_request(guest_name: str | None, api_key: str | None) -> gateway_pb2.LoginRequest:
    if (guest_name is None) == (api_key is None):
        raise ValueError("give exactly one of guest_name and api_key")
    if api_key is not None:
        return gateway_pb2.LoginRequest(api_key=api_key)
    return gateway_pb2.LoginRequest(guest_name=str(guest_name))


def ticket_done(t: gateway_pb2.Ticket) -> bool:
    return t.status != gateway_pb2.TICKET_STATUS_WAITING


def check_matched(t: gateway_pb2.Ticket) -> gateway_pb2.Ticket:
    """The ticket if MATCHED; a NOT_FOUND-like error if it was cancelled or expired."""
    if t.status == gateway_pb2.TICKET_STATUS_MATCHED:
        return t
    name = gateway_pb2.TicketStatus.Name(t.status)
    raise TableroError("GetTicket", grpc.StatusCode.DEADLINE_EXCEEDED,
                       f"ticket {t.ticket_id} ended {name} without a table")


def waiting_decisions(view: common_pb2.SeatView) -> list[common_pb2.Decision]:
    """The caller's decisions the game waits on (standing optional ones left out)."""
    return [d for d in view.decisions if not d.optional]


def is_finished(view_or_response: Any) -> bool:
    return bool(view_or_response.HasField("outcome") and view_or_response.outcome.finished)


def seat_waited_on(pending: Any, seat: int) -> bool:
    return any(p.seat == seat and not p.optional for p in pending)


def wakes(ev: gateway_pb2.TableEvent, seat: int, after_version: int) -> bool:
    """Whether a watched event means `seat` should look again: the game ended,
    or a commit newer than `after_version` waits on the seat."""
    if ev.HasField("outcome") and ev.outcome.finished:
        return True
    return ev.version > after_version and seat_waited_on(ev.pending, seat)


def unpack_view(view: common_pb2.SeatView) -> message.Message | None:
    """The typed game view: a Struct, or any message whose type is in the default
    descriptor pool (import the game's generated module first); None when unknown."""
    if not view.HasField("view"):
        return None
    if view.view.Is(struct_pb2.Struct.DESCRIPTOR):
        s = struct_pb2.Struct()
        view.view.Unpack(s)
        return s
    from .typed import message_for_any
    return message_for_any(view.view)


def view_dict(view: common_pb2.SeatView) -> dict[str, Any]:
    """The typed game view as plain JSON-like data ({} when its type is unknown)."""
    msg = unpack_view(view)
    if msg is None:
        return {}
    return dict(json_format.MessageToDict(msg, preserving_proto_field_name=True))


def random_choice(decision: common_pb2.Decision, rng: random.Random) -> common_pb2.Choice:
    """Uniformly random among the offered options, or an amount uniform in range."""
    if decision.options:
        return make_choice(decision, rng.choice(decision.options).id)
    return make_choice(decision, amount=rng.randint(decision.amount.min, decision.amount.max))


def random_chooser(seed: int | None = None
                   ) -> Callable[[common_pb2.SeatView, common_pb2.Decision], common_pb2.Choice]:
    """A `play` chooser picking uniformly random legal choices (client-side RNG)."""
    rng = random.Random(seed)
    return lambda _view, decision: random_choice(decision, rng)
