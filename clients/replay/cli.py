"""`tablero replay` arguments (filled in with the verifier)."""

from __future__ import annotations

from typing import Any


def add_parser(sub: Any) -> None:
    sub.add_parser("replay", help="re-run finished tables and compare final states")
