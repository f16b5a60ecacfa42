"""CL 4.4 Directorio Special Activities: Subvert (4.4.1) and Assassinate (4.4.3), which the
Syndicate may also use under card 43 Mafia Offensive shaded; Ambush (4.4.2) is chosen with its
Attack space (ops/attack.py)."""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import SaSpec
from services.coin.spaces import NEUTRAL, set_support
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import Proc
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..cash import SEIZURE, ask
from ..casinos import RULES, pact_freezes, removable
from ..constants import FACTION_IDS, KIND_IDS, Cap, Faction, Kind
from ..state import CLState
from .common import InsurgentSa, SaProc, select_terror_after, terror_target

GOVT: Final[int] = int(Faction.GOVT)
M26: Final[int] = int(Faction.M26)
DR: Final[int] = int(Faction.DIRECTORIO)
SYNDICATE: Final[int] = int(Faction.SYNDICATE)

# -- CL 4.4.1 Subvert ---------------------------------------------------------------------------


def subvert_spaces(st: CLState) -> list[int]:
    """A DR-Controlled Province (not at Opposition under the Pact of Caracas, CL-R-23)."""
    return [s for s in D.PROVINCES if B.control(st, s) == DR and not pact_freezes(st, DR, s)]


class Subvert(InsurgentSa):
    name = "subvert"
    with_ops: tuple[str, ...] = ("rally", "march")

    def reach(self, op: str) -> int:
        return 0  # it only adds Resources

    def can(self, st: CLState, f: int, op: dict[str, Any]) -> bool:
        return bool(subvert_spaces(st))


class SubvertProc(SaProc):
    """`cl.subvert`: DR gains the Province's Population; the Province is set to Neutral."""

    name = "cl.subvert"
    sa = "subvert"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        opts = [option(f"space:{D.NAMES[s]}", f"Subvert {W.space(s)}: +{D.POP[s]} Resources, "
                       "set to Neutral", space=D.NAMES[s]) for s in subvert_spaces(st)]
        return ask(st, DR, "cl.subvert", "Subvert: which Province?", opts)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        s = D.INDEX[(c.option_id or "").split(":")[1]]
        self.end(st)
        got = B.add_resources(st, DR, D.POP[s])
        set_support(st, D.POP, s, NEUTRAL)
        ctx.emit("cl.subvert", f"Directorio Subvert {W.space(s)}: +{got} Resources, now Neutral.",
                 {"space": D.NAMES[s], "amount": got})


# -- CL 4.4.3 Assassinate -----------------------------------------------------------------------


def assassin_ok(st: CLState, s: int, f: int) -> bool:
    """DR Guerrillas outnumber Police there; card 43 shaded: the Syndicate needs no majority."""
    if f == SYNDICATE:
        return B.guerrillas(st, s, f) > 0
    return B.guerrillas(st, s, f) > B.n(st, s, Kind.POLICE)


def assassinate_choices(st: CLState, f: int, fr: Frame) -> list[tuple[int, int]]:
    """(space, kind): a Terror space of the Operation, or one it can still select and pay for
    after the Assassination (CL 4.1.1); an Event's free one: its spaces."""
    return [(s, k) for s in range(D.NS) if 0 <= terror_target(st, f, fr, s) <= st.resources[f]
            and assassin_ok(st, s, f) for k in removable(st, s, f, "assassinate")]


class Assassinate(InsurgentSa):
    name = "assassinate"
    with_ops: tuple[str, ...] = ("terror",)

    def can(self, st: CLState, f: int, op: dict[str, Any]) -> bool:
        if f == SYNDICATE and not B.has_cap(st, Cap.SYNDICATE_ASSASSINATES):
            return False
        return bool(assassinate_choices(st, f, Frame("cl.assassinate", {"op": op})))


class AssassinateProc(SaProc):
    """`cl.assassinate` vars f: remove 1 enemy piece (a Base regardless of its faction's other
    pieces) or close 1 open Casino in a Terror space; Seizure takes the piece's Cash."""

    name = "cl.assassinate"
    sa = "assassinate"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        f = fr.vars["f"]
        opts = [option(f"piece:{D.NAMES[s]}:{KIND_IDS[k]}", f"Assassinate: "
                       f"{'close' if k == Kind.CASINO_OPEN else 'remove'} {W.pieces(k, 1)} in "
                       f"{W.space(s)}", space=D.NAMES[s], piece=KIND_IDS[k])
                for s, k in assassinate_choices(st, f, fr)]
        return ask(st, f, "cl.assassinate", "Assassinate: whom?", opts)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["f"]
        _, space, kind = (c.option_id or "").split(":")
        self.end(st)
        s = D.INDEX[space]
        select_terror_after(st, fr, s)  # runs after the Cash rescue the removal may push
        RULES.remove_piece(ctx, st, s, KIND_IDS.index(kind), SEIZURE, f)
        ctx.emit("cl.assassinate", f"{W.faction(f)} Assassinate in {W.space(s)}.",
                 {"faction": FACTION_IDS[f], "space": space, "piece": kind})


SAS: Final[list[SaSpec[CLState]]] = [Subvert(DR), Assassinate(DR), Assassinate(SYNDICATE)]
PROCS: Final[list[Proc[Any]]] = [SubvertProc(), AssassinateProc()]
