"""8.1.1 running a Non-player flowchart, shared by the COIN games (AA 8.1.1, CL 8.1.1).

A faction's chart is data: the first box its entry questions reach, its "IF NONE" arrows
(`fallback`, per faction), and for each Operation box its space selection as tiers (the
box's bullets in order; `random_pick` within a tier), how many spaces it takes, and the SA
boxes that follow it (the first that finds a space).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from mypy_extensions import mypyc_attr

S = TypeVar("S")
Tiers = list[list[int]]
TierFn = Callable[[Any, dict[str, Any]], Tiers]


def no_tiers(st: Any, v: dict[str, Any]) -> Tiers:
    return []


@dataclass(frozen=True)
class Box:
    """An Operation box: its space tiers (given the Operation's frame vars: `spaces`
    selected so far), its most spaces, its SA box and the SA boxes tried after it when it
    finds no space (CL 8.5.5 "if impossible, ..."); `possible`, when given, replaces the
    test that some tier has a space (a box whose first step is not a space choice)."""

    tiers: TierFn
    most: int
    sa: str
    sa_tiers: TierFn = no_tiers
    more_sas: tuple[tuple[str, TierFn], ...] = ()
    possible: Callable[[Any], bool] | None = None

    def sas(self) -> list[tuple[str, TierFn]]:
        """The SA boxes in the order the box tries them."""
        return [(self.sa, self.sa_tiers), *self.more_sas]


@mypyc_attr(native_class=False)  # frozen and generic: a plain class (decision 0015)
@dataclass(frozen=True)
class Chart(Generic[S]):
    """A faction's flowchart: `first(st)` is the box its questions reach; `fallback[box]` the
    box its "IF NONE" arrow names (None: Pass)."""

    faction: int
    first: Callable[[S], str]
    boxes: Mapping[str, Box]
    fallback: Mapping[str, str | None] = field(default_factory=dict)

    def candidates(self, st: S, op: str, v: dict[str, Any]) -> Tiers:
        chosen = set(v.get("spaces", []))
        return [[s for s in tier if s not in chosen] for tier in self.boxes[op].tiers(st, v)]

    def possible(self, st: S, op: str) -> bool:
        """8.1.1 `box_possible`: a space can be selected under the box's rules (the flow
        decides whether it can be paid for)."""
        box = self.boxes.get(op)
        if box is None:
            return False
        if box.possible is not None:
            return box.possible(st)
        return any(self.candidates(st, op, {"spaces": []}))

    def operation(self, st: S, offered: set[str]) -> str | None:
        """8.1.1 the first box reached, or along its "IF NONE" arrows (each box once; a box
        reached so ignores its entry question); None: Pass."""
        op: str | None = self.first(st)
        tried: set[str] = set()
        while op is not None and op not in tried:
            if op in offered and self.possible(st, op):
                return op
            tried.add(op)
            op = self.fallback.get(op)
        return None


def first_tier(tiers: Sequence[Sequence[int]]) -> list[int]:
    return next((list(t) for t in tiers if t), [])
