"""CL 8.6.5, 8.7.6 the Pact of Caracas: a Non-player 26July or Directorio executing an
Operation or Event while card 18's Capability is in play, its partner a player meeting its
victory condition, and itself with >= 2 Bases, first removes 2 of its Bases (random_pick
spaces; both may come from 1 space), which cancels the Capability (card 18's text)."""

from __future__ import annotations

from services.coin.bots.driver import NonPlayers
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision

from .. import board as B
from ..casinos import OWN_REMOVALS
from ..constants import BASE, KIND_IDS, Cap
from ..state import CLState
from .boxes import pav
from .options import space_of
from .tables import pick

PARTNER = {B.M26: B.DR, B.DR: B.M26}


def cancels(st: CLState, f: int) -> bool:
    """8.6.5, 8.7.6: the Capability in play, the partner a player at victory, >= 2 Bases."""
    bases = sum(B.n(st, s, BASE[f]) for s in range(len(st.support)))
    return B.has_cap(st, Cap.M26_DR_PACT) and pav(st, PARTNER[f]) and bases >= 2


def base_removal(st: CLState, d: Decision, f: int) -> Choice:
    """One own Base off the map, its space by random_pick."""
    name = KIND_IDS[BASE[f]]
    spaces = {s: o.id for o in d.options if o.args.get("piece") == name
              and (s := space_of(o)) is not None}
    return Choice(d.id, option_id=spaces[pick(st, list(spaces))])


def cancel_pact(np: NonPlayers, ctx: Ctx, st: CLState) -> None:
    """The driver's standing act (run before each Non-player decision)."""
    f = OWN_REMOVALS.executing(st)
    if f not in PARTNER or st.seat_of[f] >= 0 or not cancels(st, f):
        return
    for _ in range(2):
        d = OWN_REMOVALS.decisions(st)[0]
        c = base_removal(st, d, f)
        np.announce(ctx, f, d, c)
        OWN_REMOVALS.apply(ctx, st, d, c)
        st.serial += 1
