"""AA 6.4.4 FARC Zones: placement by the Government, Control refresh, redeploying Govt pieces."""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from . import board as B
from . import data as D
from . import words as W
from .constants import Kind
from .ops.common import decide
from .state import AAState

GOVT: Final = B.GOVT
FARC: Final = B.FARC


def troop_dests(st: AAState) -> list[int]:
    """AA 6.5.1 / AA-R-13: Govt-Controlled Cities or spaces with a Govt Base (no FARC Zone);
    Bogotá if none."""
    out = [s for s in B.spaces(st)
           if (B.bases(st, s, GOVT) or (B.is_city(s) and B.control(st, s) == GOVT))
           and not B.is_zone(st, s) and B.faction_room(st, s, GOVT) > 0]
    return out or [D.BOGOTA]


def police_dests(st: AAState) -> list[int]:
    """AA 6.5.3: any LoC or Govt-Controlled space."""
    return [s for s in B.spaces(st) if not B.is_zone(st, s) and B.faction_room(st, s, GOVT) > 0
            and (B.is_loc(s) or B.control(st, s) == GOVT)]


def zone_candidates(st: AAState, allowed: list[int] | None = None) -> list[int]:
    """AA 6.4.4: Departments (not already Zones) with the most FARC pieces."""
    cands = [s for s in range(D.NS) if B.is_dept(s) and B.in_play(st, s)
             and not B.is_zone(st, s) and (allowed is None or s in allowed)]
    if not cands:
        return []
    most = max(B.pieces_of(st, s, FARC) for s in cands)
    return [s for s in cands if B.pieces_of(st, s, FARC) == most]


def place_zone(st: AAState, allowed: list[int] | None = None) -> None:
    """Push the Government's FARC Zone placement (optionally among `allowed` Departments)."""
    if zone_candidates(st, allowed):
        push(st, "aa.zone", allowed=allowed, s=-1)


class ZoneProc(Proc[AAState]):
    """Choose the Zone; refresh Control; move out every Govt cube; remove Govt Bases."""

    name = "aa.zone"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        s = v["s"]
        if s < 0:
            opts = [option(f"space:{D.NAMES[c]}", f"Place the FARC Zone in {W.space(c)}",
                           space=D.NAMES[c]) for c in zone_candidates(st, v["allowed"])]
            return [decide(st, GOVT, "aa.farc_zone", "place a FARC Zone in:", opts)]
        k = Kind.TROOPS if B.troops(st, s) else Kind.POLICE
        if not B.n(st, s, k):
            return []
        dests = troop_dests(st) if k == Kind.TROOPS else police_dests(st)
        what = "Troops" if k == Kind.TROOPS else "Police"
        return [decide(st, GOVT, "aa.zone_redeploy", f"{what} leave the FARC Zone in "
                       f"{W.space(s)} to:", [option(f"to:{D.NAMES[d]}", f"Move 1 {what} from "
                                                    f"{W.space(s)} to {W.space(d)}",
                                                    space=D.NAMES[d]) for d in dests])]

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        s = fr.vars["s"]
        if B.bases(st, s, GOVT):
            B.PIECES.remove(st, s, Kind.GOVT_BASE, B.bases(st, s, GOVT))
        pop(st)

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "space":
            s = v["s"] = D.INDEX[arg]
            st.zones |= 1 << s
            if st.ctl:
                st.ctl = [B.live_control(st, x) for x in range(D.NS)]
            ctx.emit("aa.farc_zone", f"FARC Zone in {W.space(s)}.", {"space": arg})
        else:
            s = v["s"]
            k = Kind.TROOPS if B.troops(st, s) else Kind.POLICE
            B.PIECES.move(st, s, D.INDEX[arg], k)
