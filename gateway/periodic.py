"""The gateway's background loops (clock sweep, matchmaking sweep) run through `every`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from services.runtime.wire import LogLimiter

from .errors import redis_unavailable

log = logging.getLogger("tablero.gateway")


async def every(interval_s: float, step: Callable[[], Awaitable[None]], what: str,
                halt: asyncio.Event) -> None:
    """Run `step` every `interval_s` seconds until `halt` is set; a failed step is logged
    and the loop goes on. Stopping by an event, not by cancelling the task: a cancellation
    that lands inside a Redis call can be swallowed there (redis-py's timeouts on
    Python 3.11), and the loop would then never end."""
    quiet = LogLimiter()
    while not halt.is_set():
        try:
            await step()
        except Exception as e:
            if not redis_unavailable(e):
                log.exception(what)
            elif quiet.allow(what):  # Redis away: one line a minute, it comes back by itself
                log.warning("%s: Redis unavailable (%s: %s)", what, type(e).__name__, e)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(halt.wait(), interval_s)
