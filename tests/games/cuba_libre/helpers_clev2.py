"""What the tests of cards 25-48 add to events A's tables (helpers_clev1)."""

from __future__ import annotations

from .helpers_clev1 import Table


def options(t: Table) -> list[str]:
    """The options offered now, sorted."""
    return sorted(t.offered())
