"""Fixtures of the fault tests: a Redis that keeps its data in an append-only file (so it
can be SIGKILLed and restarted on the same port and directory), and gateways on it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from deploy.processes import Proc, free_port, start_gateway, start_redis, target

from ..conftest import FAST_ENV


@dataclass
class Store:
    """A persistent Redis that a test may crash and bring back."""

    data_dir: Path
    port: int
    proc: Proc
    fsync: str = "everysec"

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def crash(self) -> None:
        self.proc.kill()

    def restart(self) -> None:
        """On the same port and directory: every key the append-only file holds is back."""
        self.proc = start_redis(self.port, self.data_dir, fsync=self.fsync)


def new_store(tmp_path: Path, fsync: str = "everysec") -> Store:
    data = tmp_path / "redis"
    proc = start_redis(free_port(), data, fsync=fsync)
    return Store(data, proc.port, proc, fsync)


@pytest.fixture
def durable_store(tmp_path: Path) -> Iterator[Store]:
    """Append-only, fsync on every write: a crash loses nothing Redis acknowledged. With
    fsync every second (`make run`'s trade-off, decision 0006), Redis may acknowledge a
    write it has not yet written out (while a slow fsync is in progress, as on a loaded
    machine) and lose it in a crash: these tests check that nothing acknowledged is lost,
    so they run on this one."""
    s = new_store(tmp_path, fsync="always")
    yield s
    s.proc.stop()


@pytest.fixture
def store(durable_store: Store) -> Store:
    """The crashable store of the fault tests (see durable_store)."""
    return durable_store


@pytest.fixture
def gateway(store: Store, duel_replicas: list[Proc], log_dir: Path) -> Iterator[Proc]:
    """A gateway on the crashable store, routing the test game."""
    proc = start_gateway(store.url, {"duel": target(duel_replicas)}, log_dir=log_dir,
                         env=FAST_ENV)
    yield proc
    proc.stop()
