"""`tablero loadtest` arguments (filled in next)."""

from __future__ import annotations

from typing import Any


def add_parser(sub: Any) -> None:
    sub.add_parser("loadtest", help="simulated players through the gateway")
