"""CL 3.3 Insurgent Operations: Rally (rally.py), March (march.py), Attack (attack.py), Terror
and Construct (here), for 26July, Directorio and the Syndicate; the registry of their specs and
procs, with the piece procs on Cuba Libre's rules (casinos.RULES) and the Cash procs.

Free Operations (CL 3.1.2, 5.5; Launder 2.3.6) run from a `coin.op` frame with `free=True`;
the vars read here: `only` (the spaces an Event allows), `most` (at most that many spaces),
`sa_ok` (False: no Special Activity, Ambush included), `lim`. Construct is never free."""

from __future__ import annotations

from typing import Any, Final

from services.coin import piece_procs as pp
from services.coin.operations import OpSpec
from services.coin.spaces import ACTIVE_OPPOSITION, NEUTRAL, shift_support
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import cash
from .. import data as D
from .. import words as W
from ..casinos import RULES, pact_freezes
from ..constants import FACTION_IDS, GUER_A, INSURGENTS, Faction, Kind
from ..state import CLState
from .attack import Attack, AttackSpaceProc, FreeAmbushProc
from .march import March, MarchIntoProc
from .rally import Rally, RallySpaceProc, push_expat_backing
from .spec import InsurgentOp

GOVT: Final[int] = int(Faction.GOVT)
M26: Final[int] = int(Faction.M26)
DR: Final[int] = int(Faction.DIRECTORIO)
SYNDICATE: Final[int] = int(Faction.SYNDICATE)
CONSTRUCT_COST: Final = 5  # CL 3.3.5

__all__ = ["OPS", "PROCS", "push_expat_backing", "terror"]


class Terror(InsurgentOp):
    """CL 3.3.4 Terror: 1 Resource per City or Province, 0 per EC, where an own Guerrilla is
    Underground; not (26July, DR) where it would change a level at Opposition under the Pact
    of Caracas (CL-R-23)."""

    name = "terror"

    def candidates(self, st: CLState, v: dict[str, Any]) -> range:
        return range(D.NS)

    def selectable(self, st: CLState, v: dict[str, Any], s: int) -> bool:
        f = self.faction
        toward = ACTIVE_OPPOSITION if f == M26 else NEUTRAL  # CL 3.3.4: the Terror shift
        return B.underground(st, s, f) > 0 and not pact_freezes(st, f, s, toward)

    def cost(self, st: CLState, v: dict[str, Any], s: int) -> int:
        return 0 if D.IS_EC[s] else 1

    def select(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        terror(ctx, st, s, self.faction)


def terror(ctx: Ctx, st: CLState, s: int, f: int) -> None:
    """CL 3.3.4 steps 1-3: Activate 1 Underground Guerrilla; a City or Province gets a Terror
    marker (if one is left, CL-R-08) and shifts 1 level (26July toward Active Opposition, DR
    and Syndicate toward Neutral); an EC gets Sabotage if it has none (if one is left)."""
    B.PIECES.flip_to(st, s, GUER_A[f], 1)
    marker = B.markers_left(st) > 0
    if D.IS_EC[s]:
        placed = marker and not B.is_sabotaged(st, s)
        if placed:
            st.sabotage |= 1 << s
        ctx.emit("cl.terror", f"{W.faction(f)} Terror in {W.space(s)}"
                 f"{': Sabotage' if placed else ''}.",
                 {"faction": FACTION_IDS[f], "space": D.NAMES[s], "sabotage": placed})
        return
    if marker:
        st.terror[s] += 1
    shift_support(st, D.POP, s, ACTIVE_OPPOSITION if f == M26 else NEUTRAL)
    ctx.emit("cl.terror", f"{W.faction(f)} Terror in {W.space(s)}: now "
             f"{W.level(st.support[s])}{', a Terror marker placed' if marker else ''}.",
             {"faction": FACTION_IDS[f], "space": D.NAMES[s], "terror": marker,
              "level": st.support[s]})


def construct_choices(st: CLState, s: int) -> list[str]:
    """CL 3.3.5: place a closed Casino (Available, within stacking) or open a closed one."""
    out = ["place"] if B.BOARD.can_place(st, s, Kind.CASINO_CLOSED) and B.PIECES.available(
        st, Kind.CASINO_CLOSED) else []
    if B.n(st, s, Kind.CASINO_CLOSED):
        out.append("open")
    return out


class Construct(InsurgentOp):
    """CL 3.3.5 Construct: 5 Resources per City or Province Controlled by the Government or the
    Syndicate; never free (not by Event, not by Launder)."""

    name = "construct"

    def candidates(self, st: CLState, v: dict[str, Any]) -> tuple[int, ...]:
        return D.POPULATED

    def selectable(self, st: CLState, v: dict[str, Any], s: int) -> bool:
        return (not v["free"] and B.control(st, s) in (GOVT, SYNDICATE)
                and bool(construct_choices(st, s)))

    def cost(self, st: CLState, v: dict[str, Any], s: int) -> int:
        return CONSTRUCT_COST

    def select(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        push(st, "cl.construct_space", s=s)


class ConstructSpaceProc(Proc[CLState]):
    """One Construct space: place a closed Casino or open one (asked only when both can be)."""

    name = "cl.construct_space"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        s = fr.vars["s"]
        choices = construct_choices(st, s)
        if len(choices) < 2:
            return []
        where = W.space(s)
        opts = [option("place", f"Place a closed Casino in {where}"),
                option("open", f"Open the closed Casino in {where}")]
        return cash.ask(st, SYNDICATE, "cl.construct", f"Construct in {where}:", opts)

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        choices = construct_choices(st, fr.vars["s"])
        pop(st)
        if choices:
            construct(ctx, st, fr.vars["s"], choices[0])

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        pop(st)
        construct(ctx, st, fr.vars["s"], c.option_id or "")


def construct(ctx: Ctx, st: CLState, s: int, how: str) -> None:
    if how == "place":
        B.PIECES.place(st, s, Kind.CASINO_CLOSED)
    else:
        B.open_casino(st, s)
    ctx.emit("cl.construct", f"Syndicate Construct in {W.space(s)}: "
             f"{'a closed Casino placed' if how == 'place' else 'a Casino opened'}.",
             {"space": D.NAMES[s], "how": how})


OPS: Final[list[OpSpec[CLState]]] = [
    *(Rally(int(f)) for f in INSURGENTS), *(March(int(f)) for f in INSURGENTS),
    Attack(M26), Attack(DR), *(Terror(int(f)) for f in INSURGENTS), Construct(SYNDICATE)]
PROCS: Final[list[Proc[Any]]] = [*pp.piece_procs(RULES), *cash.PROCS, RallySpaceProc(),
                                 MarchIntoProc(), AttackSpaceProc(), FreeAmbushProc(),
                                 ConstructSpaceProc()]
