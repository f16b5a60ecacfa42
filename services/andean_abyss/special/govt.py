"""AA 4.2 Government Special Activities: Air Lift, Air Strike, Eradicate."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from services.coin.operations import SaSpec
from services.coin.spaces import ACTIVE_OPPOSITION, shift_support
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import GUER_U, Cap, Kind, Mom
from ..ops.common import decide, push_remove, removable
from ..state import AAState
from .common import LoopSa, SpaceLoop

GOVT: Final = B.GOVT


def sa_space_ok(st: AAState, s: int) -> bool:
    """Card 27 shaded (momentum): no Government SA in a space holding a Guerrilla."""
    return not (B.has_mom(st, Mom.M27) and B.all_guerrillas(st, s))


def air_lift_max(st: AAState) -> int:
    """AA 4.2.1: up to 3 Troops (card 10: any number / only 1)."""
    if B.has_cap(st, Cap.C10_U):
        return 99
    return 1 if B.has_cap(st, Cap.C10_S) else 3


def air_lift_origins(st: AAState) -> list[int]:
    return list(each_air_lift_origin(st))


def each_air_lift_origin(st: AAState) -> Iterator[int]:
    """AA 4.2.1: the spaces Troops may be Air Lifted out of (to some other space)."""
    dests = air_lift_dests(st, -1)
    return (s for s in B.spaces(st) if B.troops(st, s) and sa_space_ok(st, s)
            and any(d != s for d in dests))


def air_lift_most(st: AAState, o: int, d: int) -> int:
    """AA 4.2.1: the most Troops one Air Lift can take from o to d."""
    return min(air_lift_max(st), B.troops(st, o), B.faction_room(st, d, GOVT))


def air_lift_dests(st: AAState, o: int) -> list[int]:
    return [s for s in B.spaces(st) if s != o and not B.is_zone(st, s) and sa_space_ok(st, s)
            and B.faction_room(st, s, GOVT) > 0]


class AirLift(SaSpec[AAState]):
    """AA 4.2.1 Air Lift: move Troops from one space to one other space (any distance)."""

    name = "air_lift"
    faction = GOVT

    def reach(self, op: str) -> int:
        """Troops leave one space and enter one; a Sweep's spaces depend on their
        neighbours' Troops too (not known: searched)."""
        return -1 if op == "sweep" else 2

    def allowed(self, st: Any, op: dict[str, Any]) -> bool:
        return next(each_air_lift_origin(st), None) is not None

    def begin(self, ctx: Ctx, st: Any, op: dict[str, Any]) -> None:
        push(st, "aa.air_lift")


class AirLiftProc(Proc[AAState]):
    name = "aa.air_lift"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if "o" not in v:
            opts = [option(f"from:{D.NAMES[s]}", f"Air Lift Troops out of {W.space(s)}",
                           space=D.NAMES[s]) for s in air_lift_origins(st)]
            return [decide(st, GOVT, "aa.air_lift_from", "Air Lift Troops from:", opts)]
        if "d" not in v:
            opts = [option(f"to:{D.NAMES[s]}", f"Air Lift Troops from {W.space(v['o'])} to "
                           f"{W.space(s)}", space=D.NAMES[s]) for s in air_lift_dests(st, v["o"])]
            return [decide(st, GOVT, "aa.air_lift_to", "Air Lift Troops to:", opts)]
        most = air_lift_most(st, v["o"], v["d"])
        opts = [option(f"n:{k}", f"Air Lift {k} Troops from {W.space(v['o'])} to "
                       f"{W.space(v['d'])}", count=str(k)) for k in range(1, most + 1)]
        return [decide(st, GOVT, "aa.air_lift_n", "how many Troops?", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "from":
            v["o"] = D.INDEX[arg]
        elif verb == "to":
            v["d"] = D.INDEX[arg]
        else:
            B.PIECES.move(st, v["o"], v["d"], Kind.TROOPS, int(arg))
            ctx.emit("aa.air_lift", f"Air Lift: {arg} Troops from {W.space(v['o'])} to "
                     f"{W.space(v['d'])}.", {"from": D.NAMES[v["o"]], "to": D.NAMES[v["d"]],
                                             "count": int(arg)})
            pop(st, sa="air_lift")


def strikable(st: AAState, s: int) -> bool:
    """AA 4.2.2: a Department or LoC with an exposed enemy piece (card 27 shaded aside)."""
    return not B.is_city(s) and sa_space_ok(st, s) and bool(removable(st, s, GOVT, "air_strike"))


def eradicable(st: AAState, s: int) -> bool:
    """AA 4.2.3: a Department with a Cartels piece (card 27 shaded aside)."""
    return B.is_dept(s) and bool(B.pieces_of(st, s, B.CARTELS)) and sa_space_ok(st, s)


class AirStrikeLoop(SpaceLoop):
    """AA 4.2.2 Air Strike: one Department or LoC; remove 1 exposed piece (card 12 forbids)."""

    name = "aa.air_strike"
    prompt = "strike a Department or LoC"

    def spaces(self, st: AAState, v: dict[str, Any]) -> list[int]:
        return [s for s in B.spaces(st) if strikable(st, s)]

    def any_space(self, st: AAState, v: dict[str, Any]) -> bool:
        return any(strikable(st, s) for s in B.spaces(st))

    def label(self, st: AAState, v: dict[str, Any], s: int) -> str:
        return f"Air Strike in {W.space(s)}: remove 1 exposed enemy piece"

    def apply(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        push_remove(st, s, GOVT, 1, "air_strike", must=True)


class AirStrike(LoopSa):
    def allowed(self, st: Any, op: dict[str, Any]) -> bool:
        return not B.has_mom(st, Mom.M12) and super().allowed(st, op)


def eradicate_shifts(st: AAState, s: int) -> list[int]:
    """AA 4.2.3 step 3: that Department or an adjacent one that can shift (AA-R-08)."""
    return [d for d in (s, *B.adjacent(st, s)) if B.is_dept(d) and D.POP[d] > 0
            and st.support[d] > ACTIVE_OPPOSITION]


class EradicateLoop(SpaceLoop):
    """AA 4.2.3 Eradicate: a Department with a Cartels piece: Aid +4, remove all Cartels
    Bases, shift it or an adjacent Department toward Opposition, else place a FARC Guerrilla."""

    name = "aa.eradicate"
    prompt = "eradicate in a Department with Cartels pieces"

    def spaces(self, st: AAState, v: dict[str, Any]) -> list[int]:
        return [s for s in B.spaces(st) if eradicable(st, s)]

    def any_space(self, st: AAState, v: dict[str, Any]) -> bool:
        return any(eradicable(st, s) for s in B.spaces(st))

    def label(self, st: AAState, v: dict[str, Any], s: int) -> str:
        return (f"Eradicate in {W.space(s)}: Aid +4, remove its Cartels Bases, shift it or a "
                "neighbouring Department toward Opposition")

    def apply(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        B.add_aid(st, 4)
        nb = B.bases(st, s, B.CARTELS)
        if nb:
            B.PIECES.remove(st, s, Kind.CARTELS_BASE, nb)
        if eradicate_shifts(st, s):
            push(st, "aa.eradicate_shift", s=s)
        elif B.can_place(st, s, GUER_U[B.FARC]):
            B.PIECES.place(st, s, GUER_U[B.FARC])


class EradicateShiftProc(Proc[AAState]):
    name = "aa.eradicate_shift"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        opts = [option(f"shift:{D.NAMES[d]}", f"Shift {W.space(d)} 1 level toward Active "
                       "Opposition", space=D.NAMES[d]) for d in eradicate_shifts(st, fr.vars["s"])]
        return [decide(st, GOVT, "aa.eradicate_shift", "shift toward Active Opposition:", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        shift_support(st, D.POP, D.INDEX[(c.option_id or "").split(":")[1]], ACTIVE_OPPOSITION)
        pop(st)


AIR_STRIKE: Final = AirStrikeLoop()
ERADICATE: Final = EradicateLoop()
# AA-I-16 reach of one unit: Air Strike removes 1 piece in its space; Eradicate removes the
# Cartels Bases or places a FARC Guerrilla in its space (its shift elsewhere only adds
# something for Civic Action to do).
SAS: Final[list[SaSpec[AAState]]] = [
    AirLift(), AirStrike("air_strike", GOVT, AIR_STRIKE, 1, ("patrol", "sweep", "assault"),
                         reach=1),
    LoopSa("eradicate", GOVT, ERADICATE, 1, reach=1)]
PROCS: Final[list[Proc[AAState]]] = [AirLiftProc(), AIR_STRIKE, ERADICATE, EradicateShiftProc()]
