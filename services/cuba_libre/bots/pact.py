"""CL 8.6.5, 8.7.6 the Pact of Caracas: a Non-player 26July or Directorio, at the start of
executing an Operation or Event while card 18's Capability is in play, its partner a player
meeting its victory condition, and itself with >= 2 Bases, first removes 2 of its Bases
(random_pick spaces; both may come from 1 space), which cancels the Capability (card 18's
text). The same act is the `coin_np` answer to a player's own-removal decision (0012)."""

from __future__ import annotations

from typing import Final

from services.coin.bots.driver import NonPlayers
from services.coin.own_removal import EXECUTING
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.state import Frame

from .. import board as B
from ..casinos import OWN_REMOVALS
from ..constants import BASE, KIND_IDS, Cap
from ..state import CLState
from .boxes import pav
from .options import space_of
from .tables import pick

PARTNER: Final = {B.M26: B.DR, B.DR: B.M26}
BASES: Final = 2  # 8.6.5, 8.7.6: two own Bases off the map


def executing(st: CLState) -> Frame | None:
    """The innermost Operation or Event frame (its `f` executes)."""
    return next((fr for fr in reversed(st.stack) if fr.proc in EXECUTING), None)


def at_start(fr: Frame) -> bool:
    """"At the start of executing": an Operation with no space and no SA yet, an Event before
    its first step (the Pact's own Base removals aside)."""
    v = fr.vars
    if fr.proc == "coin.effect":
        return bool(v.get("pc", 0) == 0)
    return not v.get("spaces") and not v.get("sa")


def cancels(st: CLState, f: int) -> bool:
    """8.6.5, 8.7.6: the Capability in play, the partner a player at victory, >= 2 Bases (or
    the 2nd Base of the act to go)."""
    fr = executing(st)
    if f not in PARTNER or fr is None or fr.vars.get("f") != f or not at_start(fr) \
            or not B.has_cap(st, Cap.M26_DR_PACT) or not pav(st, PARTNER[f]):
        return False
    bases = sum(B.n(st, s, BASE[f]) for s in range(len(st.support)))
    return bool(bases >= BASES - fr.vars.get("own_bases", 0))


def base_removal(st: CLState, d: Decision, f: int) -> Choice:
    """One own Base off the map, its space by random_pick."""
    name = KIND_IDS[BASE[f]]
    spaces = {s: o.id for o in d.options if o.args.get("piece") == name
              and (s := space_of(o)) is not None}
    return Choice(d.id, option_id=spaces[pick(st, list(spaces))])


def cancel_pact(np: NonPlayers, ctx: Ctx, st: CLState) -> None:
    """The driver's standing act, run when a Non-player's decision is applied and before the
    next: at the start of a Non-player 26July's or DR's execution, both Bases at once."""
    f = OWN_REMOVALS.executing(st)
    if f is None or st.seat_of[f] >= 0:
        return
    fr = executing(st)
    while fr is not None and fr.vars.get("own_bases", 0) < BASES and cancels(st, f):
        d = OWN_REMOVALS.decisions(st)[0]
        c = base_removal(st, d, f)
        np.announce(ctx, f, d, c)
        OWN_REMOVALS.apply(ctx, st, d, c)
        st.serial += 1


def suggest(st: CLState, d: Decision, f: int) -> Choice | None:
    """`coin_np` for a player's 26July or DR asked about its own-removal decision: the Pact's
    Base removal where 8.6.5 / 8.7.6 would make it (None otherwise)."""
    if d.kind != OWN_REMOVALS.kind or not cancels(st, f):
        return None
    return base_removal(st, d, f)
