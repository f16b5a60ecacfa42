"""8.1.2 Priority guidelines as orderings, and the "maximum" guideline (AA 8.1.1-8.1.2).

A game names each piece kind's class: `base`, `police`, `troops`, `underground`,
`active` (COIN pieces); the orderings below rank option piece kinds by class.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

REMOVE_ENEMY: Final[tuple[str, ...]] = ("base", "police", "troops", "underground", "active")  # P3
PLACE = ("base", "underground", "active", "police", "troops")         # P1: Bases first
REMOVE_OWN: Final[tuple[str, ...]] = ("active", "underground", "base")                         # P4
STOP_WORDS = ("done", "decline", "refuse", "none", "pass")             # ending a step


def rank(order: Sequence[str], klass: str) -> int:
    return order.index(klass) if klass in order else len(order)


def by_faction_then_class(factions: Sequence[int], order: Sequence[str],
                          faction: int, klass: str) -> tuple[int, int]:
    """P3 with a faction priority ("FARC, then Govt"): faction order first, then the piece
    order within a faction; factions not named come last."""
    fi = list(factions).index(faction) if faction in factions else len(factions)
    return fi, rank(order, klass)


def best(items: Sequence[T], key: Callable[[T], object]) -> list[T]:
    """The items sharing the best (lowest) key, in their given order."""
    if not items:
        return []
    keys = [key(x) for x in items]
    low = min(keys)  # type: ignore[type-var]
    return [x for x, k in zip(items, keys, strict=True) if k == low]


def is_stop(option_id: str) -> bool:
    """An option that ends a step early: the maximum guideline takes it only when nothing
    else is offered (AA 8.1.1)."""
    return option_id.split(":", 1)[0] in STOP_WORDS


def maximum(option_ids: Sequence[str]) -> list[str]:
    """AA 8.1.1 "as fully as possible": every option that goes on, else the stop options."""
    go = [o for o in option_ids if not is_stop(o)]
    return go or list(option_ids)
