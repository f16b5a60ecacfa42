"""Routing by game: one gRPC channel per game's rules-service target.

gRPC's own name resolution and load balancing do the work (DESIGN §3):
`round_robin` over every address the target resolves to, and a retry policy
that moves a call to another replica when one answers UNAVAILABLE (e.g. killed
mid-game). Rules calls are pure, so retrying them is always safe.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable
from typing import TypeVar

import grpc
from google.protobuf.message import Message
from tablero.v1 import common_pb2 as pb
from tablero.v1 import rules_pb2, rules_pb2_grpc

from services.runtime.status import clip

from .errors import RETRY_AFTER_MS, GatewayError, not_found

log = logging.getLogger("tablero.routing")
T = TypeVar("T")

SERVICE_CONFIG = json.dumps({
    "loadBalancingConfig": [{"round_robin": {}}],
    "methodConfig": [{
        "name": [{"service": "tablero.v1.Rules"}],
        "timeout": "30s",
        "waitForReady": True,
        "retryPolicy": {
            "maxAttempts": 5,
            "initialBackoff": "0.01s",
            "maxBackoff": "0.5s",
            "backoffMultiplier": 2,
            "retryableStatusCodes": ["UNAVAILABLE"],
        },
    }],
})


def channel_options(max_message: int) -> list[tuple[str, object]]:
    return [
        ("grpc.service_config", SERVICE_CONFIG),
        ("grpc.enable_retries", 1),
        ("grpc.max_receive_message_length", max_message),
        ("grpc.max_send_message_length", max_message),
        ("grpc.initial_reconnect_backoff_ms", 100),
        ("grpc.max_reconnect_backoff_ms", 1000),
    ]


def varint(n: int) -> bytes:
    out = bytearray()
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def with_state(state: bytes, rest: Message) -> bytes:
    """A Rules request's bytes: the stored GameState bytes as field 1, as they are (no
    parse and re-encode of a state the gateway never reads), then the other fields."""
    return b"\x0a" + varint(len(state)) + state + rest.SerializeToString()


class Router:
    """The rules-service stub of every configured game, and their GameInfo."""

    def __init__(self, games: dict[str, str], max_message: int = 16 * 1024 * 1024) -> None:
        self.targets = dict(games)
        self.channels = {g: grpc.aio.insecure_channel(t, options=channel_options(max_message))
                         for g, t in games.items()}
        self.stubs = {g: rules_pb2_grpc.RulesStub(c) for g, c in self.channels.items()}
        self.infos: dict[str, pb.GameInfo] = {}
        # Calls that carry a stored state take pre-serialised request bytes.
        self.raw = {g: {
            "Act": c.unary_unary("/tablero.v1.Rules/Act",
                                 response_deserializer=pb.Transition.FromString),
            "View": c.unary_unary("/tablero.v1.Rules/View",
                                  response_deserializer=pb.SeatView.FromString),
            "Suggest": c.unary_unary("/tablero.v1.Rules/Suggest",
                                     response_deserializer=pb.Choice.FromString),
            "PlayBots": c.unary_unary(
                "/tablero.v1.Rules/PlayBots",
                response_deserializer=rules_pb2.RulesPlayBotsResponse.FromString),
        } for g, c in self.channels.items()}

    def _raw(self, game: str, method: str) -> grpc.aio.UnaryUnaryMultiCallable:
        if game not in self.raw:
            raise not_found(f"game {clip(game)}")
        return self.raw[game][method]

    async def act(self, game: str, state: bytes, seat: int, choice: pb.Choice) -> pb.Transition:
        rest = rules_pb2.RulesActRequest(seat=seat, choice=choice)
        return await call(self._raw(game, "Act")(with_state(state, rest)))

    async def view(self, game: str, state: bytes, seat: int) -> pb.SeatView:
        rest = rules_pb2.RulesViewRequest(seat=max(seat, 0), spectator=seat < 0)
        return await call(self._raw(game, "View")(with_state(state, rest)))

    async def suggest(self, game: str, state: bytes, seat: int, decision_id: str,
                      policy: str, bot_seed: int) -> pb.Choice:
        rest = rules_pb2.RulesSuggestRequest(seat=seat, decision_id=decision_id, policy=policy,
                                             bot_seed=bot_seed)
        return await call(self._raw(game, "Suggest")(with_state(state, rest)))

    async def play_bots(self, game: str, state: bytes, bot_seats: list[int], first: str,
                        policy: str, bot_seed: int, max_steps: int
                        ) -> rules_pb2.RulesPlayBotsResponse:
        rest = rules_pb2.RulesPlayBotsRequest(bot_seats=bot_seats, first_decision_id=first,
                                              policy=policy, bot_seed=bot_seed,
                                              max_steps=max_steps)
        return await call(self._raw(game, "PlayBots")(with_state(state, rest)))

    def rules(self, game: str) -> rules_pb2_grpc.RulesStub:
        stub = self.stubs.get(game)
        if stub is None:
            raise not_found(f"game {clip(game)}")
        return stub

    async def info(self, game: str) -> pb.GameInfo:
        if game not in self.infos:
            req = rules_pb2.RulesDescribeRequest()
            self.infos[game] = await call(self.rules(game).Describe(req))
        return self.infos[game]

    async def describe_all(self, timeout: float = 30.0) -> None:
        """Fetch every game's GameInfo (waits for the rules services to come up)."""
        await asyncio.wait_for(asyncio.gather(*(self.info(g) for g in self.stubs)), timeout)

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self.channels.values()))


async def call(coro: Awaitable[T]) -> T:
    """Await a rules-service call; its error becomes a GatewayError with the same status."""
    try:
        return await coro
    except grpc.aio.AioRpcError as e:
        code = e.code()
        if code in (grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN):
            log.error("rules service error: %s", e.details())
            raise GatewayError(code, "internal error in the rules service", "INTERNAL") from None
        reason = code.name
        for key, value in e.trailing_metadata() or ():
            if key == "grpc-status-details-bin":
                reason = _reason(value) or reason
        if reason == "INVALID_STATE":  # a state from our own store: never the client's fault
            log.error("the rules service refused a stored state: %s", e.details())
            raise GatewayError(grpc.StatusCode.INTERNAL, "internal error in the rules service",
                               "INTERNAL") from None
        retry = RETRY_AFTER_MS if code == grpc.StatusCode.UNAVAILABLE else None
        raise GatewayError(code, e.details() or code.name, reason,
                           retry_after_ms=retry) from None


def _reason(details: bytes) -> str | None:
    from google.rpc import error_details_pb2, status_pb2

    st = status_pb2.Status.FromString(details)
    for d in st.details:
        info = error_details_pb2.ErrorInfo()
        if d.Unpack(info):
            return str(info.reason)
    return None
