"""CL 8.8.6 Civic Action in the Support phase and 8.8.2 step 4 (inside Train): the purchases
(each 4 Resources: a Terror marker removed, else a shift toward Active Support) that raise
TotalSupport the most while keeping 9 Resources (the final round ignores the floor); an exact
small search over the spaces (CL-R-52), ties: fewer Resources, then `random_pick`."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from services.coin.spaces import ACTIVE_SUPPORT

from .. import data as D
from ..ops.govt import CIVIC_ACTION_COST, civic_ok
from ..propaganda import is_final_round
from ..state import CLState
from .govt_common import BUDGET, GOVT
from .tables import pick


def gain(pop: int, level: int, terror: int, steps: int) -> int:
    """TotalSupport gained by `steps` Civic Action steps in one space (Terror removed first,
    then 1 level each, up to Active Support; only levels above Neutral count, G.6)."""
    shifts = max(0, steps - terror)
    new = min(ACTIVE_SUPPORT, level + shifts)
    return pop * (max(0, new) - max(0, level))


def useful_steps(level: int, terror: int) -> int:
    """The most steps that can still change something in a space."""
    return terror + (ACTIVE_SUPPORT - level)


def steps_affordable(st: CLState, floor: int) -> int:
    return max(0, (st.resources[GOVT] - floor) // CIVIC_ACTION_COST)


def support_floor(st: CLState) -> int:
    """CL 8.8.6: keep 9 Resources, except in the final Propaganda Round."""
    return 0 if is_final_round(st) else BUDGET


Spot = tuple[int, int, int]  # (Population, level, Terror) of a space


def best(spots: tuple[Spot, ...], steps: int) -> tuple[int, int]:
    """The largest TotalSupport gain with at most `steps` steps over the spots, and the fewest
    steps that reach it (an exact search: 13 spaces, a dozen steps at most)."""
    return _best(spots, steps)


@lru_cache(maxsize=4096)
def _best(spots: tuple[Spot, ...], steps: int) -> tuple[int, int]:
    if not spots or steps <= 0:
        return 0, 0
    (pop, level, terror), rest = spots[0], spots[1:]
    top, used = _best(rest, steps)
    for j in range(1, min(steps, useful_steps(level, terror)) + 1):
        g = gain(pop, level, terror, j)
        if g <= 0:
            continue
        rg, ru = _best(rest, steps - j)
        if (g + rg, -(j + ru)) > (top, -used):
            top, used = g + rg, j + ru
    return top, used


def spot(st: CLState, s: int) -> Spot:
    return D.POP[s], st.support[s], st.terror[s]


def next_step(st: CLState, spaces: Sequence[int], floor: int) -> int | None:
    """The space of the next Civic Action step of a best plan over `spaces` (where Civic Action
    is allowed), or None when no purchase raises TotalSupport: a space qualifies when one step
    there still leaves the best gain reachable with as few steps (`random_pick` among them)."""
    ok = [s for s in spaces if civic_ok(st, s)]
    steps = steps_affordable(st, floor)
    spots = tuple(spot(st, s) for s in ok)
    top, used = best(spots, steps)
    if top <= 0:
        return None
    firsts = []
    for i, s in enumerate(ok):
        pop, level, terror = spots[i]
        if useful_steps(level, terror) < 1:
            continue
        after = (pop, level + (0 if terror else 1), max(0, terror - 1))
        now = gain(pop, level, terror, 1)
        rg, ru = best((*spots[:i], after, *spots[i + 1:]), steps - 1)
        if (now + rg, ru + 1) == (top, used):
            firsts.append(s)
    return pick(st, firsts) if firsts else None


def train_space(st: CLState, spaces: Sequence[int]) -> int | None:
    """CL 8.8.2 step 4: the one Train space where Civic Action raises TotalSupport the most
    with the steps 9 Resources leave (`random_pick` on ties)."""
    steps = steps_affordable(st, BUDGET)
    scored = {s: best((spot(st, s),), steps)[0] for s in spaces if civic_ok(st, s)}
    top = max(scored.values(), default=0)
    if top <= 0:
        return None
    return pick(st, [s for s, g in scored.items() if g == top])
