"""Fixtures of the fault tests: a Redis that keeps its data in an append-only file (so it
can be SIGKILLed and restarted on the same port and directory), and gateways on it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from deploy.processes import Proc, free_port, start_redis


@dataclass
class Store:
    """A persistent Redis that a test may crash and bring back."""

    data_dir: Path
    port: int
    proc: Proc

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def crash(self) -> None:
        self.proc.kill()

    def restart(self) -> None:
        """On the same port and directory: every key the append-only file holds is back."""
        self.proc = start_redis(self.port, self.data_dir)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "redis", 0, start_redis(free_port(), tmp_path / "redis"))
    s.port = s.proc.port
    yield s
    s.proc.stop()
