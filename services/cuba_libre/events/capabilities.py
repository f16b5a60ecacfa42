"""CL 5.3-5.4 Capabilities and Momentum: which card side sets each flag, how long it lasts,
and the rule (and owner module) that reads it. The flags are bits of `st.caps` / `st.mom`
(constants.Cap / Mom, data.CAP_CARD / MOM_CARD tie them to the cards' markers); every
Momentum is the Government's and ends at the next Reset (CL 6.5, coin.flags.end_momentum).

| flag | card / side | lasts | read in |
|---|---|---|---|
| Mom.ASSAULT_BRINGS_TROOPS | 1 shaded | to Reset | ops/govt.py Assault (CL 3.2.4) |
| Cap.KIDNAP_SIERRA_MAESTRA_AS_CITY | 2 unshaded | game | special/m26.py Kidnap (4.3.3) |
| Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED | 2 shaded | to Reset | special/govt.py Air Strike |
| Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS | 4 shaded | to Reset | ops/govt.py Sweep, board.py |
| Mom.SWEEP_WITH_FREE_ASSAULT | 5 shaded | to Reset | special/govt.py (3.2.3) |
| Mom.ASSAULT_MOUNTAIN_AS_CITY | 6 shaded | to Reset | board.assault_removals (3.2.4) |
| Mom.LIMOP_WITH_FREE_SA | 10 shaded | to Reset | operations.py lim_sa_ok (2.3.5) |
| Cap.M26_FIRST_MARCH_GROUP_HIDES | 13 unshaded | game | ops/march.py (3.3.2) |
| Cap.M26_DR_PACT | 18 unshaded | until cancelled | casinos.py, cash.py, negotiation.py |
| Cap.M26_REROLLS_ATTACK_AND_KIDNAP | 22 unshaded | game | ops/attack.py, special/m26.py |
| Mom.KIDNAP_RAISES_AID | 22 shaded | to Reset | special/m26.py Kidnap (4.3.3) |
| Cap.DR_MARCHES_TWO_SPACES | 28 unshaded | game | ops/march.py (CL-D-13) |
| Cap.M26_RALLY_HIDES_ALL | 30 unshaded | game | ops/rally.py (3.3.1) |
| Cap.SYNDICATE_ASSASSINATES | 43 shaded | game | special/dr.py Assassinate (4.4.3) |
| Cap.UNDERGROUND_SYNDICATE_STOPS_SKIM | 48 shaded | game | propaganda.py Skim (6.2.3) |

Card 18 is cancelled by `own_bases_removed` (called by casinos.own_piece_removed for the
standing own-piece removal and for a piece taken back to place it, CL 1.4.1).
"""

from __future__ import annotations

from services.coin import flags
from services.coin.effects import Do
from services.kernel.ctx import Ctx

from .. import board as B
from .. import data as D
from ..constants import Cap, Mom
from ..state import CLState


def capability(cap: Cap) -> Do:
    """CL 5.3 an Insurgent Capability of this card's side, for the rest of the game."""
    return flags.capability(B.BOARD, cap, D.CAP_CARD[cap][1])


def momentum(mom: Mom) -> Do:
    """CL 5.4 a Government Momentum, until the next Reset phase."""
    return flags.momentum(B.BOARD, mom, side=D.MOM_CARD[mom][1])


def own_bases_removed(ctx: Ctx, st: CLState, f: int, bases: int) -> None:
    """Card 18 (Pact of Caracas): 26July or Directorio removing 2 of its own Bases at once
    (one Operation, Special Activity or Event, CL 1.4.1) cancels the Capability."""
    if bases >= 2 and f in (1, 2) and B.has_cap(st, Cap.M26_DR_PACT):
        st.caps &= ~(1 << Cap.M26_DR_PACT)
        card = D.CAP_CARD[Cap.M26_DR_PACT][0]
        ctx.emit("cl.capability_cancelled", f"{D.card_title(card)} is cancelled: "
                 "2 of its own Bases were removed at once.", {"card": card})
