"""CL 4.3 26July Special Activities: Infiltrate (4.3.1) and Kidnap (4.3.3); Ambush (4.3.2) is
chosen with its Attack space (ops/attack.py)."""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import SaSpec
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import Proc
from services.kernel.state import Frame

from .. import board as B
from .. import cash
from .. import data as D
from .. import words as W
from ..cash import SEIZURE, ask
from ..casinos import RULES
from ..constants import FACTION_IDS, Cap, Faction, Kind, Mom
from ..ops.attack import may_reroll, reroll_options, roll_die
from ..state import CLState
from .common import InsurgentSa, SaProc, select_terror_after, terror_target

GOVT: Final[int] = int(Faction.GOVT)
M26: Final[int] = int(Faction.M26)
DR: Final[int] = int(Faction.DIRECTORIO)
SYNDICATE: Final[int] = int(Faction.SYNDICATE)

# -- CL 4.3.1 Infiltrate ------------------------------------------------------------------------


def infiltrate_spaces(st: CLState) -> list[int]:
    """A space without Support with a cube, and an Underground 26July Guerrilla in or next to
    it."""
    return [s for s in range(D.NS) if st.support[s] <= 0 and B.cubes(st, s)
            and any(B.underground(st, x, M26) for x in (s, *D.ADJ[s]))]


class Infiltrate(InsurgentSa):
    name = "infiltrate"
    with_ops: tuple[str, ...] = ("rally", "march")

    def can(self, st: CLState, f: int, op: dict[str, Any]) -> bool:
        return bool(infiltrate_spaces(st))


class InfiltrateProc(SaProc):
    """`cl.infiltrate`: remove 1 Police (else 1 Troop) or replace it with a 26July Guerrilla;
    Seizure takes its Cash (CL 4.3.1)."""

    name = "cl.infiltrate"
    sa = "infiltrate"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        opts = []
        for s in infiltrate_spaces(st):
            cube, where = W.pieces(infiltrated(st, s), 1), W.space(s)
            opts.append(option(f"remove:{D.NAMES[s]}", f"Remove {cube} in {where}",
                               space=D.NAMES[s]))
            if B.PIECES.available(st, Kind.M26_U):
                opts.append(option(f"replace:{D.NAMES[s]}", f"Replace {cube} in {where} with "
                                   "a 26July Guerrilla", space=D.NAMES[s]))
        if not opts:
            return []
        return ask(st, M26, "cl.infiltrate", "Infiltrate: where?", opts)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, _, space = (c.option_id or "").partition(":")
        s = D.INDEX[space]
        self.end(st)
        RULES.remove_piece(ctx, st, s, infiltrated(st, s), SEIZURE, M26)
        if verb == "replace":
            B.PIECES.place(st, s, Kind.M26_U)


def infiltrated(st: CLState, s: int) -> int:
    """CL 4.3.1: the cube Infiltrate takes: a Police if any, else a Troop."""
    return Kind.POLICE if B.n(st, s, Kind.POLICE) else Kind.TROOPS


# -- CL 4.3.3 Kidnap ----------------------------------------------------------------------------


def kidnap_targets(st: CLState, s: int) -> list[int]:
    """The Government in a City or EC (card 2 unshaded: Sierra Maestra counts as a City), the
    Syndicate where a Casino is open; only where 26July Guerrillas outnumber Police."""
    if B.guerrillas(st, s, M26) <= B.n(st, s, Kind.POLICE):
        return []
    city = s in D.CITIES or D.IS_EC[s] or (
        s == D.SIERRA_MAESTRA and B.has_cap(st, Cap.KIDNAP_SIERRA_MAESTRA_AS_CITY))
    return ([GOVT] if city else []) + ([SYNDICATE] if B.n(st, s, Kind.CASINO_OPEN) else [])


def ransom(st: CLState, s: int, g: int) -> bool:
    """CL 4.3.3 step 1 (CL-R-11): the target owns Cash in the space."""
    return bool(B.cash_in(st, s, g))


def least_gain(st: CLState, s: int, g: int) -> int:
    """CL-R-09: Kidnap's guaranteed proceeds: 1 if the target has Resources and no Ransom."""
    return 0 if ransom(st, s, g) or st.resources[g] < 1 else 1


def kidnap_choices(st: CLState, fr: Frame) -> list[tuple[int, int]]:
    """(space, target) pairs: a Terror space of the Operation, or one it may still select and
    pay for with the Kidnap's proceeds first (CL-R-09); an Event's free Kidnap: its spaces."""
    out = []
    for s in range(D.NS):
        cost = terror_target(st, M26, fr, s)
        out += [(s, g) for g in kidnap_targets(st, s)
                if 0 <= cost <= st.resources[M26] + least_gain(st, s, g)]
    return out


class Kidnap(InsurgentSa):
    name = "kidnap"
    with_ops: tuple[str, ...] = ("terror",)

    def can(self, st: CLState, f: int, op: dict[str, Any]) -> bool:
        return bool(kidnap_choices(st, Frame("cl.kidnap", {"op": op})))


class KidnapProc(SaProc):
    """`cl.kidnap` vars: f, s, g (target), roll, rerolled."""

    name = "cl.kidnap"
    sa = "kidnap"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if "roll" in v:
            if v["rerolled"] or not may_reroll(st, M26):
                return []
            return ask(st, M26, "cl.reroll", f"Kidnap in {W.space(v['s'])}: keep the die?",
                       reroll_options(v["roll"]))
        if "s" in v:
            return []
        opts = [option(f"kidnap:{D.NAMES[s]}:{FACTION_IDS[g]}", f"Kidnap from the "
                       f"{W.faction(g)} in {W.space(s)}{kidnap_note(st, s, g)}",
                       space=D.NAMES[s], faction=FACTION_IDS[g])
                for s, g in kidnap_choices(st, fr)]
        return ask(st, M26, "cl.kidnap", "Kidnap: where, and whom?", opts)

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        v = fr.vars
        if "s" not in v:
            self.end(st)
        elif "roll" not in v and not ransom(st, v["s"], v["g"]):
            v["roll"], v["rerolled"] = roll_die(ctx, st, v["s"], M26, "Kidnap"), False
        else:
            s = v["s"]
            self.end(st)
            kidnap(ctx, st, s, v["g"], v.get("roll", 0))
            select_terror_after(st, fr, s)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        if c.option_id == "reroll":
            v["roll"], v["rerolled"] = roll_die(ctx, st, v["s"], M26, "Kidnap (reroll)"), True
        elif c.option_id == "keep":
            v["rerolled"] = True
        else:
            _, space, target = (c.option_id or "").split(":")
            v["s"], v["g"] = D.INDEX[space], FACTION_IDS.index(target)


def kidnap_note(st: CLState, s: int, g: int) -> str:
    return " (Ransom: 1 of its Cash there)" if ransom(st, s, g) else " (roll a die)"


def kidnap(ctx: Ctx, st: CLState, s: int, g: int, roll: int) -> None:
    """CL 4.3.3 steps 1-3: Ransom takes 1 of the target's Cash there, else the die's worth of
    its Resources (card 22 shaded: Aid + twice the gain); then 1 open Casino there closes."""
    if ransom(st, s, g):
        i = B.cash_in(st, s, g)[0]
        cash.put(st, i, s, cash.own_guerrilla_kind(st, s, M26))
        ctx.emit("cl.kidnap", f"26July Kidnap in {W.space(s)}: Ransom, 1 {W.faction(g)} Cash.",
                 {"space": D.NAMES[s], "faction": FACTION_IDS[g], "ransom": True})
    else:
        taken = min(roll, st.resources[g])
        st.resources[g] -= taken
        got = B.add_resources(st, M26, taken)
        if B.has_mom(st, Mom.KIDNAP_RAISES_AID):
            B.add_aid(st, 2 * got)
        ctx.emit("cl.kidnap", f"26July Kidnap in {W.space(s)}: {taken} Resources from the "
                 f"{W.faction(g)}.", {"space": D.NAMES[s], "faction": FACTION_IDS[g],
                                      "amount": taken, "ransom": False})
    if B.n(st, s, Kind.CASINO_OPEN):
        B.close_casino(st, s)


SAS: Final[list[SaSpec[CLState]]] = [Infiltrate(M26), Kidnap(M26)]
PROCS: Final[list[Proc[Any]]] = [InfiltrateProc(), KidnapProc()]
