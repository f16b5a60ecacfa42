"""§1.6-1.7 Support/Opposition, Control and stacking, shared by the COIN games.

Support levels are ints -2..+2 (Active Opposition .. Active Support). Only
populated spaces carry a level; a shift stops at the ends of the scale.
Control: faction f Controls a space when its control count exceeds the other
factions' together (ties and empty spaces are Uncontrolled).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from .pieces import PieceTable
from .state import CoinState

ACTIVE_OPPOSITION: Final = -2
PASSIVE_OPPOSITION: Final = -1
NEUTRAL: Final = 0
PASSIVE_SUPPORT: Final = 1
ACTIVE_SUPPORT: Final = 2
LEVEL_NAMES: Final = {-2: "active_opposition", -1: "passive_opposition", 0: "neutral",
                      1: "passive_support", 2: "active_support"}
LEVEL_OF_NAME: Final = {v: k for k, v in LEVEL_NAMES.items()}
NO_CONTROL: Final = -1


def can_shift(st: CoinState, pop: Sequence[int], space: int, toward: int) -> bool:
    """G.10: whether a 1-level shift toward `toward` (a level) changes anything."""
    if pop[space] <= 0:
        return False
    lvl = st.support[space]
    return lvl != toward


def shift_support(st: CoinState, pop: Sequence[int], space: int, toward: int, n: int = 1) -> int:
    """G.10 Shift n levels toward a level; returns how many levels moved."""
    if pop[space] <= 0:
        return 0
    moved = 0
    for _ in range(n):
        lvl = st.support[space]
        if lvl == toward:
            break
        st.support[space] = lvl + (1 if toward > lvl else -1)
        moved += 1
    return moved


def set_support(st: CoinState, pop: Sequence[int], space: int, level: int) -> bool:
    """Set a populated space directly to a level (Events); never a 0-Population space."""
    if pop[space] <= 0 or st.support[space] == level:
        return False
    st.support[space] = level
    return True


def total_support(st: CoinState, pop: Sequence[int]) -> int:
    """G.9 Total Support = sum of Population x level over spaces at Support."""
    return sum(p * lv for p, lv in zip(pop, st.support, strict=True) if lv > 0)


def total_opposition(st: CoinState, pop: Sequence[int]) -> int:
    """G.9 Total Opposition = sum of Population x |level| over spaces at Opposition."""
    return sum(-p * lv for p, lv in zip(pop, st.support, strict=True) if lv < 0)


@mypyc_attr(allow_interpreted_subclasses=True)
class ControlRule:
    """Who can Control a space, and with which pieces (AA 6.2, CL 1.7).

    weight[kind] says how much each kind counts for its faction (a closed Casino: 0);
    `controllers` are the factions that can hold Control (AA: Govt and FARC only).
    """

    def __init__(self, table: PieceTable, factions: int, controllers: Sequence[int],
                 weight: Sequence[int] | None = None) -> None:
        self.table = table
        self.factions = factions
        self.controllers = tuple(controllers)
        self.weight = tuple(weight) if weight is not None else (1,) * table.n

    def strengths(self, st: CoinState, space: int) -> list[int]:
        """Per faction, the pieces that count for control in the space."""
        out = [0] * self.factions
        base = space * self.table.n
        for k in range(self.table.n):
            out[self.table.faction[k]] += st.pieces[base + k] * self.weight[k]
        return out

    def controller(self, st: CoinState, space: int) -> int:
        """G.7 The faction that outnumbers all others together, or NO_CONTROL."""
        s = self.strengths(st, space)
        total = sum(s)
        for f in self.controllers:
            if s[f] * 2 > total:
                return f
        return NO_CONTROL

    def outnumbers(self, st: CoinState, space: int, faction: int) -> bool:
        """G.6 The faction's pieces exceed all enemies' together."""
        s = self.strengths(st, space)
        return s[faction] * 2 > sum(s)


def base_room(st: CoinState, table: PieceTable, space: int, limit: int = 2) -> int:
    """§1.4.2 How many more Bases the space can hold (all factions together)."""
    return max(0, limit - table.bases_in(st, space))


def stack_room(st: CoinState, table: PieceTable, space: int, kinds: Collection[int],
               limit: int) -> int:
    """§1.4.2 How many more pieces of these kinds (counted together) the space can hold."""
    base = space * table.n
    return max(0, limit - sum(st.pieces[base + k] for k in kinds))
