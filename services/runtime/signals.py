"""Waiting for the signal that stops a server process."""

from __future__ import annotations

import asyncio
import signal


def stop_requested() -> asyncio.Event:
    """An event set when the process gets SIGTERM (an orchestrator) or SIGINT (Ctrl-C).
    Call it before the process announces that it serves, so a stop sent right after the
    announcement finds the handlers in place."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    return stop
