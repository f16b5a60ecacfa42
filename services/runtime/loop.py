"""The event loop every Tablero process runs on: uvloop where it is installed.

uvloop's transports cut the per-call cost of the Redis and socket I/O that
dominates the gateway's Act (bench/platform.py measures it); grpc.aio runs on
it unchanged. `TABLERO_LOOP=asyncio` keeps the standard loop (for debugging).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    if os.environ.get("TABLERO_LOOP", "uvloop") == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:  # not on every platform: the standard loop serves too
        return None
    return uvloop.new_event_loop


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run`, on the fastest loop available."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)
