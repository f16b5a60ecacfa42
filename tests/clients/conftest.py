"""Fixtures of the client tests: the real platform (tests/conftest.py) plus a breakable proxy."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ..support import Platform
from .proxy import Proxy


@pytest.fixture
def gateway(platform: Platform) -> str:
    return platform.gateway.endpoint


@pytest.fixture
def rules_target(platform: Platform) -> str:
    return platform.rules[0].endpoint


@pytest.fixture
def proxy(platform: Platform) -> Iterator[Proxy]:
    p = Proxy(platform.gateway.endpoint)
    yield p
    p.close()
