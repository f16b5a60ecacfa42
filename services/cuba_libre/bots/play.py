"""CL 8.1 the Non-player's action on a card: Event, Operation with a Special Activity, or
Pass; 8.4.2 the side it executes; the dry run of 8.1 item 1c (coin.bots.choice)."""

from __future__ import annotations

from typing import Final

from services.coin.bots import choice
from services.coin.bots.driver import NonPlayers
from services.coin.sequence import card_vars
from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from .. import deck
from ..state import CLState
from .flowchart import Chart
from .options import generic, verb

# 8.1 item 1a: the faction whose being a player keeps a 2nd Eligible Non-player off the Event
PARTNER: Final = {B.GOVT: B.SYNDICATE, B.SYNDICATE: B.GOVT, B.DR: B.M26, B.M26: B.DR}
# 8.4.2: 26July and DR execute the unshaded side, Government and Syndicate the shaded side
SIDE: Final = {B.GOVT: "event:shaded", B.SYNDICATE: "event:shaded", B.M26: "event:unshaded",
               B.DR: "event:unshaded"}
# 8.1 item 1c (CL-R-33): an Event that only changes who is Eligible has no effect
ELIGIBILITY_ONLY: Final = (*choice.BOOKKEEPING, "set_ineligible", "set_eligible")
# 8.1 item 1d (cards.json bot.seed_rules): card 22's shaded side counts as Government Momentum
MOMENTUM_SIDES: Final = frozenset((n, "event:shaded") for n, c in D.EVENTS.items()
                                  if c.shaded is not None and c.shaded.kind == "momentum")


def is_player(st: CLState, f: int) -> bool:
    return st.seat_of[f] >= 0


def second_eligible_declines(st: CLState, f: int) -> bool:
    """8.1 item 1a: as 2nd Eligible, Operation + SA when its partner is a player."""
    v = card_vars(st)
    return v is not None and v["done"] >= 1 and is_player(st, PARTNER[f])


def momentum_declines(st: CLState, f: int, side: str) -> bool:
    """8.1 item 1b: the Government with any Momentum in play; item 1d: a Government Momentum
    side when the upcoming card is a Propaganda card."""
    if f == B.GOVT and st.mom:
        return True
    nxt = deck.upcoming(st)
    return (st.played[-1], side) in MOMENTUM_SIDES and nxt is not None and D.is_propaganda(nxt)


def wants_event(np: NonPlayers, st: CLState, d: Decision, f: int, side: str) -> bool:
    """8.1 item 1 (8.4.1: no special instruction text is known, CL-D-09, CL-R-50): items 1a,
    1b, 1d, then 1c the dry run (the Event must change something)."""
    if second_eligible_declines(st, f) or momentum_declines(st, f, side):
        return False
    return choice.effective(np, st, d, side, ELIGIBILITY_ONLY)


def can_pay(st: CLState, f: int) -> bool:
    """8.1 item 3: one space that is not an EC: the COIN cost for the Government, 1 for an
    Insurgent."""
    return st.resources[f] >= (B.coin_op_cost(st) if f == B.GOVT else 1)


def eligible(np: NonPlayers, chart: Chart[CLState], st: CLState, d: Decision, f: int) -> str:
    """8.1: the Event if offered and wanted; Pass if it cannot pay (item 3); else the
    flowchart's Operation (8.1.1), a full one with an SA (item 2); Pass if no box can act."""
    ids = d.option_ids()
    side = card_side(st, f, ids)
    if side is not None and wants_event(np, st, d, f, side):
        return side
    return operation(chart, st, ids, f)


def card_side(st: CLState, f: int, ids: list[str]) -> str | None:
    """8.4.2 the side of the current card the faction would execute, if offered."""
    if SIDE[f] in ids:
        return SIDE[f]
    sides = [i for i in ids if verb(i) == "event"]
    return sides[0] if len(sides) == 1 and D.EVENTS[st.played[-1]].single_sided else None


def operation(chart: Chart[CLState], st: CLState, ids: list[str], f: int) -> str:
    """8.1 item 3 then 8.1.1: the chart's box among the offered Operations, else Pass. A
    player's seat (coin_np) may be offered LimOps (a Non-player never is, CL-R-34): the
    box's LimOp then, its full Operation where both are offered (item 2)."""
    ops = {i.split(":", 1)[1]: i for i in sorted(ids, key=lambda i: verb(i) == "op")
           if verb(i) in ("op", "limop")}
    op = chart.operation(st, set(ops)) if can_pay(st, f) else None
    if op is not None:
        return ops[op]
    return "pass" if "pass" in ids else next(iter(ops.values()))


def free_op(chart: Chart[CLState], st: CLState, d: Decision, f: int) -> str:
    """8.4.4 item 2: a free Operation an Event grants: the faction's own box, else any
    offered (the generic choice)."""
    ids = d.option_ids()
    ops = {i.split(":", 1)[1]: i for i in ids if verb(i) in ("op", "limop")}
    op = chart.operation(st, set(ops))
    return ops[op] if op is not None else generic(st, d, f)
