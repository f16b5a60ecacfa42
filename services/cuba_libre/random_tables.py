"""CL 8.2-8.3 the Non-players' random City/Province and EC tables (map.json substitutes,
CL-D-04, CL-D-05): the dice give a starting cell; a space that does not qualify passes the
choice on to the next cell ("follow the arrows")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import data as D

CELLS: Final = len(D.RANDOM_SPACE_CELLS)


def space_cell(green: int, yellow: int) -> int:
    """CL 8.2: the cell of a green (column) and yellow (row) die roll."""
    return 6 * (green - 1) + (yellow - 1)


def random_space(green: int, yellow: int, qualifies: Callable[[int], bool]) -> int | None:
    """CL 8.2: the first qualifying City or Province from the rolled cell on, wrapping from
    the last cell to the first; None when no cell qualifies."""
    k = space_cell(green, yellow)
    for i in range(CELLS):
        s = D.RANDOM_SPACE_CELLS[(k + i) % CELLS]
        if qualifies(s):
            return s
    return None


def random_ec(die: int, qualifies: Callable[[int], bool]) -> int | None:
    """CL 8.3: the rolled EC, else the next one west -> central -> east -> west."""
    first = D.ECS.index(D.RANDOM_EC_DIE[die - 1])
    for i in range(len(D.ECS)):
        s = D.ECS[(first + i) % len(D.ECS)]
        if qualifies(s):
            return s
    return None
