"""The per-step context: where a step's events go."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mypy_extensions import mypyc_attr

from .events import Event


@mypyc_attr(allow_interpreted_subclasses=True)
class Ctx:
    """Collects the events of one Setup or Act. Lives only for that call."""

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list[Event] = []

    def emit(self, kind: str, text: str, data: dict[str, Any] | None = None,
             seats: Iterable[int] | None = None) -> None:
        """Record an event; `seats` None = public, else visible to those seats only."""
        self.events.append(
            Event(kind, text, data or {}, None if seats is None else tuple(sorted(set(seats))))
        )
