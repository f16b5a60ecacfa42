"""The auth interceptor: every RPC but Login needs a valid session token.

It wraps each handler so the session check (and rate limit) runs first; the
session reaches the handler through `sessions.current`. Interceptor order:
this is the only interceptor; metrics and error mapping happen in the
servicer's `guard` decorator, inside it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc

from .errors import GatewayError
from .sessions import Sessions, current

PUBLIC = {"/tablero.v1.Gateway/Login"}


class AuthInterceptor(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions

    async def intercept_service(
        self, continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        handler = await continuation(details)
        if handler is None or details.method in PUBLIC or not details.method.startswith(
                "/tablero.v1.Gateway/"):
            return handler
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self._unary(handler.unary_unary),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer)
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self._stream(handler.unary_stream),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer)
        return handler

    async def _authenticate(self, ctx: grpc.aio.ServicerContext) -> None:
        try:
            current.set(await self.sessions.check(ctx.invocation_metadata()))
        except GatewayError as e:
            await ctx.abort_with_status(e.status())

    def _unary(self, inner: Any) -> Any:
        async def call(req: Any, ctx: grpc.aio.ServicerContext) -> Any:
            await self._authenticate(ctx)
            return await inner(req, ctx)
        return call

    def _stream(self, inner: Any) -> Any:
        async def call(req: Any, ctx: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            await self._authenticate(ctx)
            async for item in inner(req, ctx):
                yield item
        return call
