"""CL 1.5.1 Negotiation: Resources handed between factions as standing optional decisions.

Resources may change hands only while the giving or the receiving faction is executing an
Operation, Special Activity or Event (an Operation or Event frame of that faction on the
stack: a Special Activity runs inside one), and never between two factions of one player
(CL 1.5) — except 26July and Directorio of one player while card 18 Pact of Caracas is in
play. Non-players never give (CL 8.1.2); they may receive.

One decision per giver, shared with Andean Abyss (coin.transfers): `n<serial>.<giver>`, kind
`cl.give_resources`, options `give:<receiver>:<amount>` (args faction, amount). Cash moves
between pieces of one space are cash.py's own standing decisions.
"""

from __future__ import annotations

from typing import Final

from services.coin.own_removal import EXECUTING
from services.coin.transfers import ResourceTransfers
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision

from . import board as B
from .constants import MAX_RESOURCES, Cap
from .state import CLState

PACT_PAIR: Final = frozenset((B.M26, B.DR))


def executing(st: CLState) -> set[int]:
    """The factions executing an Operation, Special Activity or Event now."""
    return {int(fr.vars["f"]) for fr in st.stack if fr.proc in EXECUTING}


def may_trade(st: CLState, giver: int, receiver: int) -> bool:
    """CL 1.5: another player's faction; card 18 lets one player's 26July and DR trade."""
    if giver == receiver:
        return False
    if st.seat_of[giver] != st.seat_of[receiver]:
        return True
    return {giver, receiver} == PACT_PAIR and B.has_cap(st, Cap.M26_DR_PACT)


def receivers(st: CLState, giver: int, busy: set[int]) -> tuple[int, ...]:
    """Who the giver may hand Resources to now (the window: giver or receiver executing)."""
    return tuple(r for r in range(4) if may_trade(st, giver, r)
                 and (giver in busy or r in busy))


class Negotiation(ResourceTransfers[CLState]):
    """CL 1.5.1 on the shared transfers: the window and card 18 decide who may receive."""

    def receivers_now(self, st: CLState, giver: int) -> tuple[int, ...]:
        return receivers(st, giver, executing(st))


TRANSFERS: Final = Negotiation(B.BOARD, MAX_RESOURCES, "to another player's faction while it "
                               "or you execute an Operation, Special Activity or Event",
                               letter="n")


def standing(st: CLState) -> list[Decision]:
    if not executing(st):  # the window is shut for everyone
        return []
    serial = str(st.serial)
    return [d for g in range(4) if not st.non_players >> g & 1
            for d in TRANSFERS.decisions(st, g, serial)]


def apply(ctx: Ctx, st: CLState, d: Decision, c: Choice) -> None:
    """Hand the amount over (the receiver's track stops at 49, CL 1.8: the rest is lost)."""
    TRANSFERS.apply(ctx, st, d, c)
