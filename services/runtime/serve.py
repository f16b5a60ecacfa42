"""Serve a game module as a Rules service: `python -m services.<game> --port N`.

The server has gRPC health checking (SERVING only once started, NOT_SERVING
while draining), server reflection (the game's view and reference types
included), Prometheus metrics (optional HTTP port), message-size limits, and
drains gracefully on SIGTERM/SIGINT: enter_graceful_shutdown, then stop(grace).
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

import grpc
from google.protobuf import descriptor_pool
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from prometheus_client import start_http_server
from tablero.v1 import rules_pb2

from services.kernel.game import Game

from . import loop, wire
from .servicer import RulesServicer
from .signals import stop_requested

DEFAULT_MAX_MESSAGE = 4 * 1024 * 1024
log = logging.getLogger("tablero.rules")


# gRPC core answers CANCELLED, at once, to calls that arrive while more than 1,000
# (soft limit, by chance) or 3,000 (hard limit) calls wait for the Python server to take
# them up. A busy Python server (thousands of tables, Watch streams) passes those
# defaults in bursts: 2,000 load-test tables saw 26,000 such rejections. Waiting calls
# cost little; their deadlines still bound them.
PENDING_LIMITS: list[tuple[str, Any]] = [
    ("grpc.server.max_pending_requests", 100_000),
    ("grpc.server.max_pending_requests_hard_limit", 200_000),
]


def server_options(max_message: int) -> list[tuple[str, Any]]:
    return [
        *PENDING_LIMITS,
        ("grpc.max_receive_message_length", max_message),
        ("grpc.max_send_message_length", max_message),
        ("grpc.so_reuseport", 0),
        # Clients re-resolve dns:/// targets only when a connection ends: ending each one
        # after a few minutes lets gateways find replicas an autoscaler added.
        ("grpc.max_connection_age_ms", 5 * 60 * 1000),
        ("grpc.max_connection_age_grace_ms", 30 * 1000),
    ]


def check_reflected_types(game: Game[Any]) -> None:
    """Reflection serves the default descriptor pool: the game's view and reference types
    must be in it (their generated modules imported), or no client could unpack them."""
    reference = game.reference()
    names = [game.view_type] + ([] if reference is None else [reference.DESCRIPTOR.full_name])
    for name in names:
        try:
            descriptor_pool.Default().FindMessageTypeByName(name)
        except KeyError:
            raise RuntimeError(f"{game.id}: type {name} is not in the descriptor pool; import "
                               "its generated module") from None


async def start(game: Game[Any], host: str = "127.0.0.1", port: int = 0,
                max_message: int = DEFAULT_MAX_MESSAGE,
                ) -> tuple[grpc.aio.Server, int, health.aio.HealthServicer]:
    """Start a Rules server for `game`; returns the server, its bound port, its health servicer."""
    server = grpc.aio.server(options=server_options(max_message))
    servicer = RulesServicer(game)
    wire.add_service(server, servicer, rules_pb2.DESCRIPTOR.services_by_name["Rules"],
                     wire.Rejecter(servicer.metrics, log))
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    service_names = (
        rules_pb2.DESCRIPTOR.services_by_name["Rules"].full_name,
        health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
        reflection.SERVICE_NAME,
    )
    check_reflected_types(game)
    reflection.enable_server_reflection(service_names, server)
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    for name in ("", service_names[0]):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return server, bound, health_servicer


async def serve(game: Game[Any], host: str, port: int, max_message: int, grace: float) -> None:
    stop = stop_requested()
    server, bound, health_servicer = await start(game, host, port, max_message)
    print(f"rules {game.id} {host}:{bound}", flush=True)
    await stop.wait()
    await health_servicer.enter_graceful_shutdown()
    await server.stop(grace)


def main(game: Game[Any]) -> None:
    p = argparse.ArgumentParser(description=f"Tablero rules service for {game.title}")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=0, help="0 picks a free port")
    p.add_argument("--metrics-port", type=int, default=-1, help="Prometheus HTTP port; -1 = off")
    p.add_argument("--max-message-bytes", type=int, default=DEFAULT_MAX_MESSAGE)
    p.add_argument("--grace", type=float, default=5.0, help="seconds to drain on shutdown")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if args.metrics_port >= 0:
        start_http_server(args.metrics_port, addr=args.host)
    loop.run(serve(game, args.host, args.port, args.max_message_bytes, args.grace))
