"""A Duel rules server on port 0 in the test's own event loop, and a channel to it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest

from services.runtime.serve import start
from tests.duel import GAME

MAX_MESSAGE = 1024  # small, so the size limit itself can be tested


@pytest.fixture
async def channel() -> AsyncIterator[grpc.aio.Channel]:
    server, port, _ = await start(GAME, port=0, max_message=MAX_MESSAGE)
    ch = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    yield ch
    await ch.close()
    await server.stop(None)
