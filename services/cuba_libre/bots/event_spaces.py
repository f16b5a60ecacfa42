"""CL 8.4.4 item 3: the spaces of a Non-player's Event chosen "to place/remove/replace the
most Bases, then the most other pieces, or to get the largest change of TotalSupport/
TotalOpposition" (in the executing bot's favour, CL-R-37); item 4 `random_pick` for the
ties. Each offered space is tried on a copy of the whole state: the choice, then the
Event's steps that follow it (the Non-players deciding them by the plain guidelines: a dry
run inside a dry run would never end) until the Event asks the same step again (its next
space) or is over."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from services.coin.bots.driver import NonPlayers, copy_state
from services.coin.bots.priorities import is_stop
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision

from .. import board as B
from .. import data as D
from ..constants import BASE, KIND_IDS, Kind
from ..state import CLState
from .options import space_of
from .tables import pick

BASE_KINDS: Final = frozenset((*BASE, Kind.CASINO_CLOSED))
Favour = Callable[[CLState], int]
FAVOUR: Final[dict[int, Favour]] = {  # CL-R-37: the executing bot's side of the two totals
    B.GOVT: lambda st: B.total_support(st) - B.total_opposition(st),
    B.M26: lambda st: B.total_opposition(st) - B.total_support(st),
}


def event_spaces(st: CLState, d: Decision) -> dict[int, str]:
    """The space options of an Event step (one option per space), when it offers 2 or more
    spaces; {} otherwise."""
    if d.kind != "coin.event_step" or not st.stack or st.stack[-1].proc != "coin.effect":
        return {}
    go = [o for o in d.options if not is_stop(o.id)]
    spaces = {s: o.id for o in go if (s := space_of(o)) is not None}
    return spaces if len(spaces) == len(go) and len(spaces) >= 2 else {}


def pieces_moved(before: CLState, after: CLState) -> tuple[int, int]:
    """(Bases, other pieces) placed, removed or replaced on the map: the pieces by which the
    two states differ, space by space (a Casino closed or opened counts as its Base)."""
    bases = others = 0
    for s in range(D.NS):
        for k in range(len(KIND_IDS)):
            n = abs(B.n(after, s, k) - B.n(before, s, k))
            if k in BASE_KINDS:
                bases += n
            else:
                others += n
    return bases, others


def support_change(before: CLState, after: CLState, f: int) -> int:
    """CL-R-37: the change of the totals in f's favour (the Government toward Support,
    26July toward Opposition); DR and the Syndicate, whose goals name neither, the largest
    change of either."""
    if f in FAVOUR:
        return FAVOUR[f](after) - FAVOUR[f](before)
    return abs(B.total_support(after) - B.total_support(before)) + \
        abs(B.total_opposition(after) - B.total_opposition(before))


def outcome(np: NonPlayers, st: CLState, d: Decision, option_id: str) -> CLState:
    """The state after choosing `option_id` and the Event's steps that follow, until the Event
    is over or asks this step again (its next space)."""
    trial: CLState = copy_state(st)
    depth, pc = len(trial.stack), trial.stack[-1].vars.get("pc")
    np.flow.choose(Ctx(), trial, d, Choice(d.id, option_id=option_id))

    def asks_again(s: Any) -> bool:
        if len(s.stack) < depth:
            return True
        top = np.flow.top(s)
        return top is None or (len(s.stack) == depth and s.stack[-1].vars.get("pc") == pc
                               and top[0].waits(s, top[1]))
    np.run_until(Ctx(), trial, asks_again)
    return trial


def choose_space(np: NonPlayers, st: CLState, d: Decision, f: int,
                 spaces: dict[int, str]) -> str:
    """8.4.4 items 3-4: the most Bases, then the most other pieces, then the largest change
    of the totals in the bot's favour; `random_pick` among the ties."""
    scores: dict[int, tuple[int, int, int]] = {}
    for s, oid in spaces.items():
        after = outcome(np, st, d, oid)
        bases, others = pieces_moved(st, after)
        scores[s] = (bases, others, support_change(st, after, f))
    top = max(scores.values())
    return spaces[pick(st, [s for s, k in scores.items() if k == top])]
