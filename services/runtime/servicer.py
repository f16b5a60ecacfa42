"""One generic Rules servicer for any game module: decode -> kernel -> encode, nothing else."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, NoReturn, TypeVar

import grpc
from prometheus_client import Counter, Histogram
from tablero.v1 import common_pb2 as pb
from tablero.v1 import rules_pb2, rules_pb2_grpc

from services.kernel import engine
from services.kernel.errors import BadRequest, KernelError, RulesBug
from services.kernel.game import Game

from . import convert
from .metrics import RpcMetrics
from .status import InvalidState, clip, kernel_status, make_status
from .wire import LogLimiter

log = logging.getLogger("tablero.rules")

RPC_SECONDS = Histogram("tablero_rules_rpc_seconds", "Rules RPC latency", ["game", "method"],
                        buckets=(.0005, .001, .002, .005, .01, .02, .05, .1, .25, 1, 5))
RPC_TOTAL = Counter("tablero_rules_rpc_total", "Rules RPCs by status", ["game", "method", "code"])
INVALID_STATES = Counter("tablero_rules_invalid_states_total",
                         "States refused because they broke the rules code", ["game", "method"])

T = TypeVar("T")
Req = TypeVar("Req")
Resp = TypeVar("Resp")
Handler = Callable[[Any, Req, grpc.aio.ServicerContext], Awaitable[Resp]]


# Logged at most once a minute per method: a client can send many bad states.
INVALID_STATE_LOG = LogLimiter()


def rpc(method: str) -> Callable[[Handler[Req, Resp]], Handler[Req, Resp]]:
    """Time the call, count it by status, and map kernel errors to statuses."""

    def wrap(fn: Handler[Req, Resp]) -> Handler[Req, Resp]:
        @functools.wraps(fn)
        async def call(self: RulesServicer, req: Req, ctx: grpc.aio.ServicerContext) -> Resp:
            start = time.perf_counter()
            code = "OK"
            try:
                return await fn(self, req, ctx)
            except KernelError as e:
                status = kernel_status(e)
                code = status.code.name
                await ctx.abort_with_status(status)
                raise  # unreachable: abort raises
            except Exception:
                if ctx.code() is not None:  # already aborted on purpose
                    code = ctx.code().name
                    raise
                code = "INTERNAL"
                log.exception("unexpected error in %s", method)
                await ctx.abort_with_status(make_status(
                    grpc.StatusCode.INTERNAL, "internal error in the rules service", "INTERNAL"))
                raise
            finally:
                self.metrics.observe(method, code, time.perf_counter() - start)

        return call

    return wrap


class RulesServicer(rules_pb2_grpc.RulesServicer):
    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.info = convert.game_info_pb(game)
        self.metrics = RpcMetrics(RPC_SECONDS, RPC_TOTAL, game.id)

    def _state_bytes(self, state: pb.GameState) -> bytes:
        if state.game != self.game.id:
            raise InvalidState(
                f"state is for game {clip(state.game)}, this service runs {self.game.id!r}")
        if state.format_version != self.game.format_version:
            raise InvalidState(f"state format {state.format_version} is not "
                               f"{self.game.format_version}")
        if not state.data:
            raise InvalidState("state.data is empty")
        return state.data

    def _on_state(self, method: str, run: Callable[[], T]) -> T:
        """Run an engine call on a caller's state. An error the kernel did not raise on
        purpose, or a broken rules invariant, means the state is not one this game
        produced (forged or damaged: bad UTF-8, a value out of range, a flow with no
        way on): INVALID_ARGUMENT, never INTERNAL. The gateway reports such an answer
        about a state from its own store as an internal error (it is a rules bug there).
        One warning line a minute per method at most, without traceback (a caller can
        send many)."""
        try:
            return run()
        except KernelError as e:
            if not isinstance(e, RulesBug):
                raise
            return self._invalid_state(method, e)
        except Exception as e:
            return self._invalid_state(method, e)

    def _invalid_state(self, method: str, e: Exception) -> NoReturn:
        INVALID_STATES.labels(self.game.id, method).inc()
        if INVALID_STATE_LOG.allow(method):
            log.warning("%s: a state broke the rules code (%s: %s); from a gateway's store "
                        "this is a rules bug", method, type(e).__name__, clip(str(e), 200))
        raise InvalidState(f"state is not a valid {self.game.id} state") from None

    def _transition(self, step: engine.Step, events: bool = True) -> pb.Transition:
        t = pb.Transition(state_hash=step.state_hash)
        t.state.game = self.game.id
        t.state.format_version = self.game.format_version
        t.state.rules_version = self.game.rules_version
        t.state.data = step.state
        for e in step.events if events else ():
            convert.event_pb(e, t.events.add())
        convert.add_pending(t.pending, step.decisions)
        convert.outcome_pb(step.outcome, t.outcome)
        return t

    @rpc("Describe")
    async def Describe(self, req: rules_pb2.RulesDescribeRequest,
                       ctx: grpc.aio.ServicerContext) -> pb.GameInfo:
        return self.info

    @rpc("Setup")
    async def Setup(self, req: rules_pb2.RulesSetupRequest,
                    ctx: grpc.aio.ServicerContext) -> pb.Transition:
        return self._transition(engine.setup(self.game, req.seats, dict(req.options), req.seed))

    @rpc("Act")
    async def Act(self, req: rules_pb2.RulesActRequest,
                  ctx: grpc.aio.ServicerContext) -> pb.Transition:
        if not req.HasField("choice"):
            raise BadRequest("choice is required")
        data = self._state_bytes(req.state)
        choice = convert.choice_from_pb(req.choice)
        step = self._on_state("Act", lambda: engine.act(self.game, data, req.seat, choice))
        return self._transition(step)

    @rpc("View")
    async def View(self, req: rules_pb2.RulesViewRequest,
                   ctx: grpc.aio.ServicerContext) -> pb.SeatView:
        seat = None if req.spectator else req.seat
        data = self._state_bytes(req.state)
        return self._on_state("View", lambda: self._seat_view(data, seat))

    def _seat_view(self, data: bytes, seat: int | None) -> pb.SeatView:
        sv = engine.view(self.game, data, seat)
        msg = pb.SeatView(seat=-1 if seat is None else seat,
                          outcome=convert.outcome_pb(sv.outcome))
        msg.decisions.extend(convert.decision_pb(d) for d in sv.decisions)
        convert.add_pending(msg.pending, sv.pending)
        msg.view.CopyFrom(convert.pack_view(sv.view))
        return msg

    @rpc("Suggest")
    async def Suggest(self, req: rules_pb2.RulesSuggestRequest,
                      ctx: grpc.aio.ServicerContext) -> pb.Choice:
        data = self._state_bytes(req.state)
        choice = self._on_state("Suggest", lambda: engine.suggest(
            self.game, data, req.seat, req.decision_id, req.policy, bot_seed=req.bot_seed))
        return convert.choice_pb(choice)

    @rpc("PlayBots")
    async def PlayBots(self, req: rules_pb2.RulesPlayBotsRequest,
                       ctx: grpc.aio.ServicerContext) -> rules_pb2.RulesPlayBotsResponse:
        data = self._state_bytes(req.state)
        if len(set(req.bot_seats)) != len(req.bot_seats):
            raise BadRequest("bot_seats names a seat twice")
        run = self._on_state("PlayBots", lambda: engine.play_bots(
            self.game, data, req.bot_seats, req.policy, req.bot_seed, req.max_steps,
            req.first_decision_id))
        out = rules_pb2.RulesPlayBotsResponse(final=self._transition(run.final, events=False))
        for m in run.moves:
            move = out.moves.add(seat=m.seat, choice=convert.choice_pb(m.choice),
                                 state_hash=m.step.state_hash)
            for e in m.step.events:
                convert.event_pb(e, move.events.add())
        return out
