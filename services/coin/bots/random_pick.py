"""8.2-8.3 Random spaces, random LoCs and the equal-chance roll (AA 8.2-8.3, AA-R-21, AA-R-39).

Everything draws from the game's PRNG (`st.rng`), so a seed and the players' choices
reproduce every Non-player choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from services.kernel import rng
from services.kernel.rng import RngState

T = TypeVar("T")


def die(r: RngState) -> int:
    return rng.randint(r, 1, 6)


def third(face: int) -> int:
    """Faces 1-2, 3-4, 5-6 -> 0, 1, 2 (the chart's columns, boxes and slots)."""
    return (face - 1) // 2


@dataclass(frozen=True)
class SpaceChart:
    """The Random Space chart (8.2): 3 columns x 3 boxes x 3 slots of space indices, walked
    in `order` (down each column, then the next column, cyclically); `extras[box]` are the
    spaces tried first whenever the walk enters that box (AA: Ecuador, Panamá before
    Pasto/Nariño/Chocó)."""

    columns: tuple[tuple[tuple[int, ...], ...], ...]
    extras: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)

    @property
    def order(self) -> list[int]:
        return [s for col in self.columns for box in col for s in box]

    def box_of(self, s: int) -> tuple[int, int]:
        for c, col in enumerate(self.columns):
            for b, box in enumerate(col):
                if s in box:
                    return c, b
        raise ValueError(f"space {s} is not on the chart")

    def cells(self) -> set[int]:
        return set(self.order)


def walk(chart: SpaceChart, start: int) -> list[int]:
    """8.2 the walk from the rolled space, once round the chart; a box with extras puts them
    before its own slot whenever the walk enters the box (by the roll or by shifting into its
    first slot)."""
    order = chart.order
    i = order.index(start)
    out: list[int] = []
    for k in range(len(order)):
        s = order[(i + k) % len(order)]
        box = chart.box_of(s)
        if box in chart.extras and (k == 0 or chart.columns[box[0]][box[1]][0] == s):
            out += [x for x in chart.extras[box] if x not in out]
        out.append(s)
    return out


def rolled(chart: SpaceChart, red: int, yellow: int, green: int) -> int:
    """8.2 the space the three dice name: red the column, yellow the box, green the slot."""
    return chart.columns[third(red)][third(yellow)][third(green)]


def random_space(r: RngState, chart: SpaceChart, qualifies: Callable[[int], bool]) -> int | None:
    """8.2 Roll red, yellow, green; shift along the chart to the first space that qualifies;
    None if none does."""
    start = rolled(chart, die(r), die(r), die(r))
    return next((s for s in walk(chart, start) if qualifies(s)), None)


def equal_chance(r: RngState, items: Sequence[T]) -> T:
    """8.0 (AA-R-21) an equal-chance pick among items in their canonical order: one die split
    evenly when there are 2, 3 or 6 of them, else a uniform draw."""
    n = len(items)
    if n == 0:
        raise ValueError("equal_chance of nothing")
    if n == 1:
        return items[0]
    if n in (2, 3, 6):
        return items[(die(r) - 1) * n // 6]
    return items[rng.randbelow(r, n)]


@dataclass(frozen=True)
class Geography:
    """What the random picks need of a map: the chart, which spaces are LoCs and Cities,
    their Econ and adjacency (all by space index)."""

    chart: SpaceChart
    is_loc: Callable[[int], bool]
    is_city: Callable[[int], bool]
    econ: Callable[[int], int]
    adjacent: Callable[[int], Sequence[int]]


def random_loc(r: RngState, geo: Geography, candidates: Sequence[int]) -> int:
    """8.3 Highest Econ; then a random City (8.2) adjacent to some of them; then equal chance."""
    top = max(geo.econ(s) for s in candidates)
    c = sorted(s for s in candidates if geo.econ(s) == top)
    if len(c) > 1:
        city = random_space(r, geo.chart, lambda s: geo.is_city(s) and any(
            s in geo.adjacent(loc) for loc in c))
        if city is not None:
            c = [loc for loc in c if city in geo.adjacent(loc)]
    return equal_chance(r, c)


def random_pick(r: RngState, geo: Geography, candidates: Sequence[int]) -> int:
    """8.0 (AA-R-21): Cities/Departments by the chart walk, LoCs by 8.3, a mixed set by an
    equal-chance roll in space order."""
    cand = sorted(set(candidates))
    if not cand:
        raise ValueError("random_pick of nothing")
    if len(cand) == 1:
        return cand[0]
    cells = geo.chart.cells() | {x for xs in geo.chart.extras.values() for x in xs}
    if all(s in cells for s in cand):
        s = random_space(r, geo.chart, lambda s: s in cand)
        assert s is not None
        return s
    if all(geo.is_loc(s) for s in cand):
        return random_loc(r, geo, cand)
    return equal_chance(r, cand)


def pick_order(r: RngState, geo: Geography, candidates: Sequence[int]) -> list[int]:
    """8.2: spaces one at a time by `random_pick`, each pick excluding those already taken
    (AA-R-36: the order in which "every space" steps are paid for)."""
    left = list(candidates)
    out: list[int] = []
    while left:
        s = random_pick(r, geo, left)
        out.append(s)
        left.remove(s)
    return out
