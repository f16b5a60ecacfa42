"""Run a gateway: `python -m gateway` (configuration from the environment, see README).

Health checking (SERVING once Redis and every game answered), reflection (with every
game's view and reference types, game_types.py),
Prometheus metrics (GATEWAY_METRICS_PORT), message-size limits, and a graceful
drain on SIGTERM/SIGINT.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import sys
from dataclasses import dataclass

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection, reflection_pb2
from prometheus_client import start_http_server
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from tablero.v1 import gateway_pb2

from services.runtime import loop, wire
from services.runtime.serve import PENDING_LIMITS
from services.runtime.signals import stop_requested

from . import game_types, gauges, resp, workers
from .config import Config
from .driver import Driver
from .matchmaking import Matchmaker
from .notify import Notifier
from .periodic import every
from .quotas import Quotas
from .routing import Router
from .scripts import Scripts
from .seating import Seating
from .servicer import METRICS, GatewayServicer
from .sessions import Sessions
from .tables import Tables

log = logging.getLogger("tablero.gateway")
TRIM_INTERVAL_S = 10.0  # or half the retention of finished tables, when shorter


@dataclass
class Gateway:
    server: grpc.aio.Server
    port: int
    health: health.aio.HealthServicer
    redis: Redis
    router: Router
    driver: Driver
    loops: list[asyncio.Task[None]]
    halt: asyncio.Event  # ends the background loops
    fast: resp.Client | None
    notifier: Notifier | None

    async def stop(self, grace: float = 2.0) -> None:
        await self.health.enter_graceful_shutdown()
        self.halt.set()
        await self.server.stop(grace)
        await self.driver.stop()
        await asyncio.gather(*self.loops, return_exceptions=True)
        await self.router.close()
        if self.notifier is not None:
            await self.notifier.close()
        await self.redis.aclose()
        if self.fast is not None:
            await self.fast.close()


def connect_redis(config: Config) -> Redis:
    """A Redis client; with REDIS_CLUSTER, a cluster client (every atomic step of the
    gateway stays in one slot, so the same code runs on Redis Cluster)."""
    # The socket timeout must outlast Watch's blocking reads (streams.BLOCK_MS). A command
    # that finds its pooled connection dead (Redis restarted) is sent again at once on a
    # new one, once: a Redis still away fails the call fast (UNAVAILABLE; the client
    # retries with back-off) instead of holding it through redis-py's default back-off.
    opts = {"max_connections": 10_000, "socket_timeout": 30, "socket_connect_timeout": 2,
            "retry": Retry(NoBackoff(), 1)}
    if config.redis_password is not None:
        opts["password"] = config.redis_password
    if config.redis_cluster:
        return RedisCluster.from_url(config.redis_url, **opts)
    return Redis.from_url(config.redis_url, **opts)


def listen(server: grpc.aio.Server, config: Config) -> int:
    """The public port: TLS when a certificate and key are configured, else plaintext
    (`make run` on loopback)."""
    address = f"{config.host}:{config.port}"
    if not config.tls_cert_file:
        return int(server.add_insecure_port(address))
    with open(config.tls_key_file, "rb") as k, open(config.tls_cert_file, "rb") as c:
        creds = grpc.ssl_server_credentials([(k.read(), c.read())])
    return int(server.add_secure_port(address, creds))


async def start(config: Config) -> Gateway:
    redis = connect_redis(config)
    await redis.ping()
    fast = None if config.redis_cluster else resp.Client(config.redis_url,
                                                          password=config.redis_password)
    scripts = Scripts(redis, fast)
    router = Router(config.games)
    await router.describe_all()
    sessions = Sessions(redis, scripts, config)
    tables = Tables(redis, scripts, sessions, router, config)
    driver = Driver(redis, tables, config)
    quotas = Quotas(redis, config, scripts)
    matchmaker = Matchmaker(redis, scripts, tables, router, config, quotas)
    seating = Seating(tables, driver, quotas)
    notifier = Notifier(redis) if scripts.single_redis else None
    servicer = GatewayServicer(redis, sessions, router, tables, matchmaker, seating, driver,
                               config, notifier)
    server = grpc.aio.server(
        options=[("grpc.max_receive_message_length", config.max_message_bytes),
                 ("grpc.max_send_message_length", 16 * 1024 * 1024),
                 ("grpc.so_reuseport", 1 if config.reuseport else 0),
                 *PENDING_LIMITS])
    wire.add_service(server, servicer, gateway_pb2.DESCRIPTOR.services_by_name["Gateway"],
                     wire.Rejecter(METRICS, log))
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    names = (gateway_pb2.DESCRIPTOR.services_by_name["Gateway"].full_name,
             health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME)
    await game_types.enable(server, names, (gateway_pb2.DESCRIPTOR, health_pb2.DESCRIPTOR,
                                            reflection_pb2.DESCRIPTOR), router)
    port = listen(server, config)
    await server.start()
    for name in ("", names[0]):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    await gauges.file_unfiled(redis)
    halt = asyncio.Event()
    every_sweep = functools.partial(every, config.sweep_interval_s, halt=halt)
    loops = [asyncio.create_task(every_sweep(driver.sweep, "clock sweep")),
             asyncio.create_task(every_sweep(matchmaker.match_all, "matchmaking sweep")),
             asyncio.create_task(every(min(TRIM_INTERVAL_S, config.finished_ttl_s / 2),
                                       tables.trim_indexes, "index trim", halt=halt)),
             asyncio.create_task(every(gauges.INTERVAL_S,
                                       functools.partial(gauges.sample, redis, router.stubs),
                                       "gauge sampling", halt=halt))]
    return Gateway(server, port, health_servicer, redis, router, driver, loops, halt, fast,
                   notifier)


async def serve(config: Config) -> None:
    stop = stop_requested()
    gw = await start(config)
    print(f"gateway {config.host}:{gw.port}", flush=True)
    await stop.wait()
    log.info("stopping: draining calls for up to 2 s")
    await gw.stop()
    log.info("stopped")


def main() -> None:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(process)d %(name)s %(levelname)s %(message)s")
    config = Config.from_env()
    if config.workers > 1:
        workers.supervise(config)
        return
    if config.port and not config.reuseport:
        try:
            workers.check_port_free(config.host, config.port)
        except workers.PortTaken as e:
            log.error("%s", e)
            sys.exit(1)
    if config.metrics_port >= 0:
        start_http_server(config.metrics_port, addr=config.host)
    loop.run(serve(config))
