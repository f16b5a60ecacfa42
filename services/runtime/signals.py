"""Waiting for the signal that stops a server process."""

from __future__ import annotations

import asyncio
import signal


async def until_stopped() -> None:
    """Return when the process gets SIGTERM (an orchestrator) or SIGINT (Ctrl-C)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
