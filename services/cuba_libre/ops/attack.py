"""CL 3.3.3 Attack (26July and DR) and its Special Activity Ambush (CL 4.3.2 / 4.4.2), chosen
when the Attack space is selected because it replaces the Attack there; card 22 Raúl
(26July rerolls each Attack die once)."""

from __future__ import annotations

from typing import Any, Final

from services.coin import piece_procs as pp
from services.kernel import rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..cash import BOOTY, ask
from ..casinos import pact
from ..constants import FACTION_IDS, GUER_A, GUER_U, Cap, Faction
from ..state import CLState
from .spec import InsurgentOp

GOVT: Final[int] = int(Faction.GOVT)
M26: Final[int] = int(Faction.M26)
DR: Final[int] = int(Faction.DIRECTORIO)
SYNDICATE: Final[int] = int(Faction.SYNDICATE)
ATTACK_REMOVALS: Final = 2  # CL 3.3.3 step 2, 4.3.2


def enemy_pieces(st: CLState, s: int, f: int) -> int:
    """Enemy pieces in s that f's Operations may touch (the Pact of Caracas spares the other
    of 26July and DR, CL-R-23)."""
    return sum(B.pieces_of(st, s, g) for g in range(4) if g != f and not pact(st, f, g))


def reroll_options(roll: int) -> list[Option]:
    return [option("keep", f"Keep the roll of {roll}", roll=str(roll)),
            option("reroll", "Roll again (Raúl): the second roll stands")]


def roll_die(ctx: Ctx, st: CLState, s: int, f: int, what: str) -> int:
    roll = rng.randint(st.rng, 1, 6)
    ctx.emit("cl.die", f"{W.faction(f)} {what} in {W.space(s)}: the die shows {roll}.",
             {"faction": FACTION_IDS[f], "space": D.NAMES[s], "roll": roll, "for": what})
    return roll


def may_reroll(st: CLState, f: int) -> bool:
    """Card 22 Raúl unshaded (Capability): 26July may reroll each Attack and Kidnap die once."""
    return f == M26 and B.has_cap(st, Cap.M26_REROLLS_ATTACK_AND_KIDNAP)


class Attack(InsurgentOp):
    """CL 3.3.3 Attack: 1 Resource per space with own Guerrillas and an enemy piece."""

    name = "attack"

    def candidates(self, st: CLState, v: dict[str, Any]) -> range:
        return range(D.NS)

    def selectable(self, st: CLState, v: dict[str, Any], s: int) -> bool:
        f = self.faction
        return B.guerrillas(st, s, f) > 0 and enemy_pieces(st, s, f) > 0

    def select(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        f = self.faction
        may_ambush = not v["lim"] and v.get("sa_ok", True) and not v["sa"]
        push(st, "cl.attack_space", s=s, f=f, ambush=may_ambush and B.underground(st, s, f) > 0)


class AttackSpaceProc(Proc[CLState]):
    """Attack or Ambush in one space, then the die (vars s, f, ambush, roll, rerolled)."""

    name = "cl.attack_space"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        where = W.space(v["s"])
        if "roll" in v:
            if v["rerolled"] or not may_reroll(st, v["f"]):
                return []
            return ask(st, v["f"], "cl.reroll", f"Attack in {where}: keep the die?",
                       reroll_options(v["roll"]))
        if not v["ambush"]:
            return []
        opts: list[Option] = [
            option("attack", f"Attack in {where}: Activate your Guerrillas there and roll"),
            option("ambush", f"Ambush in {where} (Special Activity): Activate 1 Underground "
                   "Guerrilla, no roll, remove up to 2 enemy pieces, place 1 Guerrilla")]
        return ask(st, v["f"], "cl.attack_mode", f"Attack in {where}: roll or Ambush?",
                   opts)

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        v = fr.vars
        s, f = v["s"], v["f"]
        if "roll" not in v:  # CL 3.3.3 step 1: every own Guerrilla there is Activated
            B.PIECES.flip_to(st, s, GUER_A[f], B.underground(st, s, f))
            v["roll"], v["rerolled"] = roll_die(ctx, st, s, f, "Attack"), False
            return
        pop(st)
        resolve_attack(ctx, st, s, f, v["roll"])

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        if c.option_id == "ambush":
            pop(st, sa="ambush")
            ambush(ctx, st, v["s"], v["f"])
        elif c.option_id == "attack":
            v["ambush"] = False
        elif c.option_id == "reroll":
            v["roll"], v["rerolled"] = roll_die(ctx, st, v["s"], v["f"], "Attack (reroll)"), True
        else:
            v["rerolled"] = True


def resolve_attack(ctx: Ctx, st: CLState, s: int, f: int, roll: int) -> None:
    """CL 3.3.3 steps 2-4: a roll at most the Guerrillas there removes up to 2 enemy pieces
    (Booty); a 1 also places a Guerrilla."""
    hit = roll <= B.guerrillas(st, s, f)
    ctx.emit("cl.attack", f"{W.faction(f)} Attack in {W.space(s)}: "
             f"{'success' if hit else 'failure'}.",
             {"faction": FACTION_IDS[f], "space": D.NAMES[s], "roll": roll, "success": hit})
    if hit:
        pp.push_remove(B.BOARD, st, s, f, ATTACK_REMOVALS, "attack", BOOTY)
    if roll == 1:  # placed before the removals (or its taking back, CL 1.4.1, asked first)
        pp.place_or_take_back(B.BOARD, st, s, ((GUER_U[f], 1),), f)


def ambush(ctx: Ctx, st: CLState, s: int, f: int, active_ok: bool = False) -> None:
    """CL 4.3.2 / 4.4.2 Ambush: Activate exactly 1 Underground Guerrilla; no roll; remove up
    to 2 enemy pieces as an Attack would (Booty); place 1 Guerrilla as on a roll of 1.
    `active_ok`: an Event lets an Active Guerrilla ambush (cards 1, 44): nothing is flipped
    when one is there."""
    if not (active_ok and B.active(st, s, f)):
        B.PIECES.flip_to(st, s, GUER_A[f], 1)
    ctx.emit("cl.ambush", f"{W.faction(f)} Ambush in {W.space(s)}.",
             {"faction": FACTION_IDS[f], "space": D.NAMES[s]})
    pp.push_remove(B.BOARD, st, s, f, ATTACK_REMOVALS, "attack", BOOTY)
    pp.place_or_take_back(B.BOARD, st, s, ((GUER_U[f], 1),), f)  # as on a roll of 1, asked first


def ambush_spaces(st: CLState, f: int, only: list[int] | None = None,
                  active_ok: bool = False) -> list[int]:
    """Where a free Ambush (an Event's, CL 5.5) may go: an own Underground Guerrilla (any own
    Guerrilla when the Event says so) and an enemy piece."""
    guerrillas = B.guerrillas if active_ok else B.underground
    return [s for s in range(D.NS) if (only is None or s in only)
            and guerrillas(st, s, f) and enemy_pieces(st, s, f)]


class FreeAmbushProc(Proc[CLState]):
    """`cl.ambush`: a free Ambush granted by an Event (coin.operations.push_sa; vars f, only =
    the spaces the Event allows or None, active_ok = an Active Guerrilla may ambush)."""

    name = "cl.ambush"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        f = fr.vars["f"]
        opts = [option(f"space:{D.NAMES[s]}", f"Ambush in {W.space(s)}", space=D.NAMES[s])
                for s in ambush_spaces(st, f, fr.vars.get("only"), fr.vars.get("active_ok", False))]
        if not opts:
            return []
        return ask(st, f, "cl.ambush", "Ambush (free): where?", opts)

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        pop(st, sa="ambush")

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        f, active_ok = fr.vars["f"], fr.vars.get("active_ok", False)
        pop(st, sa="ambush")
        ambush(ctx, st, D.INDEX[(c.option_id or "").split(":")[1]], f, active_ok)
