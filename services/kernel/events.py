"""Visibility-tagged events (DESIGN §2): public, or visible to listed seats only."""

from __future__ import annotations

from typing import Any

import msgspec

PUBLIC: None = None


class Event(msgspec.Struct, frozen=True, gc=False):
    """Something that happened. `seats` None = public; else only those seats see it."""

    kind: str
    text: str
    data: dict[str, Any] = {}
    seats: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether a seat (None = spectator) may see this event."""
        if self.seats is None:
            return True
        return seat is not None and seat in self.seats
