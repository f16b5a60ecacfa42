"""Waiting for the signal that stops a server process."""

from __future__ import annotations

import asyncio
import signal
from typing import Any

TICK_S = 0.25
_ticks: set[asyncio.Task[None]] = set()


def stop_requested() -> asyncio.Event:
    """An event set when the process gets SIGTERM (an orchestrator) or SIGINT (Ctrl-C).

    Call it before the process announces that it serves, so a stop sent right after the
    announcement finds the handlers in place. The handlers are plain Python ones, run by
    the main thread, and a slow tick keeps the main thread running bytecode: with uvloop,
    a signal taken by one of gRPC's threads could otherwise go unnoticed by an idle loop
    (seen: one of two gateway workers stopped at once never stopped)."""
    stop = asyncio.Event()

    def on_signal(signum: int, frame: Any) -> None:
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, on_signal)

    async def tick() -> None:
        while not stop.is_set():
            await asyncio.sleep(TICK_S)

    task = asyncio.get_running_loop().create_task(tick())
    _ticks.add(task)
    task.add_done_callback(_ticks.discard)
    return stop


async def until_stopped() -> None:
    """Return when the process gets SIGTERM or SIGINT."""
    await stop_requested().wait()
