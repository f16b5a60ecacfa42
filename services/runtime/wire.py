"""Request bodies from the wire: a body that does not parse is INVALID_ARGUMENT (DESIGN §2).

grpc's generated registration parses each request before the servicer runs and
answers a body that does not parse with UNKNOWN, echoing the exception and
logging a traceback per call. `add_service` registers a servicer with a parser
that hands the handler a `Malformed` marker instead; the handler's wrapper
answers it with INVALID_ARGUMENT ("MALFORMED_REQUEST"), counts it in the RPC
metrics, and logs at most one line per client per interval. Nothing else runs
for such a call: no session check, no Redis, no rules.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import grpc
from google.protobuf import message_factory
from google.protobuf.descriptor import ServiceDescriptor
from google.protobuf.message import DecodeError, Message

from .metrics import RpcMetrics
from .status import make_status

MAX_TRACKED = 10_000
LOG_INTERVAL_S = 60.0


class Malformed:
    """What a handler receives in place of a request body that did not parse."""

    __slots__ = ("type_name",)

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name


def client_of(peer: str) -> str:
    """`ipv4:127.0.0.1:5000` / `ipv6:[::1]:5000` -> the address without the port."""
    return peer.rsplit(":", 1)[0]


class LogLimiter:
    """At most one log line per client per `interval_s`; the least recent clients are
    forgotten past MAX_TRACKED, so the table stays bounded whatever clients do."""

    def __init__(self, interval_s: float = LOG_INTERVAL_S) -> None:
        self.interval_s = interval_s
        self.last: dict[str, float] = {}

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        seen = self.last.get(client)
        if seen is not None and now - seen < self.interval_s:
            return False
        self.last.pop(client, None)
        self.last[client] = now
        if len(self.last) > MAX_TRACKED:
            del self.last[next(iter(self.last))]
        return True


def lenient_parser(cls: type[Message]) -> Callable[[bytes], Message | Malformed]:
    name = cls.DESCRIPTOR.full_name

    def parse(data: bytes) -> Message | Malformed:
        try:
            return cls.FromString(data)
        except DecodeError:
            return Malformed(name)

    return parse


class Rejecter:
    """Answers malformed bodies for one server: metrics, a rate-limited log line, status."""

    def __init__(self, metrics: RpcMetrics, log: logging.Logger,
                 interval_s: float = LOG_INTERVAL_S) -> None:
        self.metrics = metrics
        self.log = log
        self.limiter = LogLimiter(interval_s)

    async def reject(self, method: str, bad: Malformed, ctx: grpc.aio.ServicerContext) -> None:
        self.metrics.observe(method, grpc.StatusCode.INVALID_ARGUMENT.name, 0.0)
        client = client_of(ctx.peer())
        if self.limiter.allow(client):
            self.log.warning("malformed %s body from %s (more from this client are not logged "
                             "for %g s)", method, client, self.limiter.interval_s)
        await ctx.abort_with_status(make_status(
            grpc.StatusCode.INVALID_ARGUMENT, f"the request body is not a valid {bad.type_name}",
            "MALFORMED_REQUEST"))


Handler = Callable[[Any, grpc.aio.ServicerContext], Any]


def _unary(method: str, fn: Handler, rejecter: Rejecter) -> Handler:
    async def call(req: Any, ctx: grpc.aio.ServicerContext) -> Any:
        if isinstance(req, Malformed):
            await rejecter.reject(method, req, ctx)
        return await fn(req, ctx)

    return call


def _streaming(method: str, fn: Handler, rejecter: Rejecter) -> Handler:
    async def call(req: Any, ctx: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
        if isinstance(req, Malformed):
            await rejecter.reject(method, req, ctx)
        async for item in fn(req, ctx):
            yield item

    return call


def add_service(server: grpc.aio.Server, servicer: object, service: ServiceDescriptor,
                rejecter: Rejecter) -> None:
    """Register `servicer`'s methods for `service` (unary and server-streaming), each
    parsing its request leniently (see the module docstring)."""
    handlers: dict[str, grpc.RpcMethodHandler] = {}
    for m in service.methods:
        fn = getattr(servicer, m.name)
        parse = lenient_parser(message_factory.GetMessageClass(m.input_type))
        out = message_factory.GetMessageClass(m.output_type).SerializeToString
        if m.client_streaming:
            raise ValueError(f"{m.full_name}: client streaming is not supported here")
        if m.server_streaming:
            handlers[m.name] = grpc.unary_stream_rpc_method_handler(
                _streaming(m.name, fn, rejecter), request_deserializer=parse,
                response_serializer=out)
        else:
            handlers[m.name] = grpc.unary_unary_rpc_method_handler(
                _unary(m.name, fn, rejecter), request_deserializer=parse,
                response_serializer=out)
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service.full_name,
                                                                          handlers),))
    server.add_registered_method_handlers(service.full_name, handlers)
