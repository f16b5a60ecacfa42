"""AA 8.1.1 running a Non-player flowchart: boxes, their "if none" arrows, their SA boxes.

A faction's chart is data: the first box its questions reach, and for each Operation box
its space selection as tiers (the box's bullets in order; `random_pick` within a tier),
how many spaces it takes, and the SA box that follows it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..state import AAState

Tiers = list[list[int]]
TierFn = Callable[[AAState, dict[str, Any]], Tiers]

PARENT = {"attack": "march", "terror": "march", "march": "rally", "rally": None}  # AA-R-23


@dataclass(frozen=True)
class Box:
    """An Operation box: its space tiers (given the Operation's frame vars: `spaces`
    selected so far), its most spaces, and its SA box."""

    tiers: TierFn
    most: int
    sa: str
    sa_tiers: Callable[[AAState, dict[str, Any]], Tiers] = field(
        default=lambda st, v: [])


@dataclass(frozen=True)
class Chart:
    """A faction's flowchart (8.5-8.7): `first(st)` is the box its questions reach."""

    faction: int
    first: Callable[[AAState], str]
    boxes: dict[str, Box]

    def candidates(self, st: AAState, op: str, v: dict[str, Any]) -> Tiers:
        chosen = set(v.get("spaces", []))
        return [[s for s in tier if s not in chosen] for tier in self.boxes[op].tiers(st, v)]

    def possible(self, st: AAState, op: str) -> bool:
        """8.1.1 `box_possible`: a space can be selected under the box's rules (the
        flow decides whether it can be paid for)."""
        return any(self.candidates(st, op, {"spaces": []}))

    def operation(self, st: AAState, offered: set[str]) -> str | None:
        """8.1.1 the first box reached, or up its "if none" arrows; None: Pass."""
        op: str | None = self.first(st)
        while op is not None:
            if op in offered and self.possible(st, op):
                return op
            op = PARENT[op]
        return None


def unmoved(v: dict[str, Any], o: int) -> int:
    """Guerrillas that arrived in o during this March (each moves once, AA 3.3.2)."""
    arrived = v.get("arrived")
    return arrived[o] if arrived else 0


def first_tier(tiers: Tiers) -> list[int]:
    return next((t for t in tiers if t), [])
