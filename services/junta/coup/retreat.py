"""JU 37 Retreat [G 35]: after a battle the participants with the fewest losses stay; every
other participant with units left there retreats unless all who stay let him stay
(`junta.permit_stay`); a retreating player names adjacent land areas one at a time
(`junta.retreat`), each entered only if empty of other players or all of them allow it
(`junta.permit_entry`); with nowhere to go his units there are eliminated. Retreated units
flee until the end of the combat segment.
"""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Proc, pop
from services.kernel.state import Frame

from ..constants import REMOVED
from ..data import DATA
from ..decide import ask, option, parts
from ..families import name
from ..state import JuntaState
from .order import coup_of, phase_order
from .units import area_name, forces, is_vacant


def units_of(st: JuntaState, f: int, area: int) -> list[int]:
    coup = coup_of(st)
    return [i for i, u in enumerate(coup.units) if u.ctrl == f and u.pos == area]


def occupants(st: JuntaState, f: int, area: int) -> list[int]:
    fs = forces(coup_of(st), area, fleeing=True)
    return [g for g in phase_order(st) if g in fs and g != f]


def closed(st: JuntaState, area: int) -> bool:
    """JU 37.4: an area holding a vacant force is closed."""
    return any(is_vacant(g) for g in forces(coup_of(st), area, fleeing=True))


class RetreatProc(Proc[JuntaState]):
    """vars: area, parts, losses; then stage, must, stayers, r, s, named, occ, o."""

    name = "retreat"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        v = fr.vars
        stage = v.setdefault("stage", "init")
        if stage == "init":
            self.init(st, fr)
        elif stage == "permit":
            if v["r"] >= len(v["order"]):
                v.update(stage="move", r=0)
        elif stage == "move":
            if v["r"] >= len(v["must"]):
                pop(st)
                return
            m = v["must"][v["r"]]
            if not units_of(st, m, v["area"]):
                v["r"] += 1
            elif not self.destinations(st, fr):
                self.eliminate(ctx, st, m, v["area"])
                v.update(r=v["r"] + 1, named=[])
        elif stage == "entry" and v["o"] >= len(v["occ"]):
            self.retreat_to(ctx, st, fr, v["pending"])

    def init(self, st: JuntaState, fr: Frame) -> None:
        """JU 37.1-37.3."""
        v = fr.vars
        losses = {f: v["losses"].get(str(f), 0) for f in v["parts"]}
        if len(losses) < 2 or len(set(losses.values())) == 1:
            pop(st)
            return
        least = min(losses.values())
        stayers = [f for f in phase_order(st) if losses.get(f) == least]
        order = [f for f in phase_order(st) if f in losses and f not in stayers
                 and units_of(st, f, v["area"])]
        v.update(stage="permit", stayers=stayers, order=order, must=[], r=0, s=0, named=[])

    def destinations(self, st: JuntaState, fr: Frame) -> list[int]:
        v = fr.vars
        return [a for a in DATA.adjacent[v["area"]]
                if a not in v["named"] and not closed(st, a)]

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        v = fr.vars
        stage = v.get("stage")
        area = area_name(v["area"]) if "area" in v else ""
        if stage == "permit" and v["r"] < len(v["order"]):
            r, s = v["order"][v["r"]], v["stayers"][v["s"]]
            return [ask(st, s, "permit_stay", f"{name(st, r)} lost more than you in {area}.",
                        [option("refuse", f"Make {name(st, r)} retreat"),
                         option("allow", f"Let {name(st, r)} stay in {area}")])]
        if stage == "move" and v["r"] < len(v["must"]):
            m = v["must"][v["r"]]
            dests = self.destinations(st, fr)
            if not units_of(st, m, v["area"]) or not dests:
                return []
            return [ask(st, m, "retreat", f"Retreat your units from {area}.",
                        [option(f"to:{DATA.area_ids[a]}", f"Retreat to {area_name(a)}"
                                + (" (ask its occupants)" if occupants(st, m, a) else ""),
                                area=DATA.area_ids[a]) for a in dests])]
        if stage == "entry" and v["o"] < len(v["occ"]):
            m, g = v["must"][v["r"]], v["occ"][v["o"]]
            dest = area_name(v["pending"])
            return [ask(st, g, "permit_entry", f"{name(st, m)} wants to retreat into {dest}.",
                        [option("refuse", f"Keep {name(st, m)} out of {dest}"),
                         option("allow", f"Let {name(st, m)} into {dest}")])]
        return []

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        p = parts(c.option_id)
        if v["stage"] == "permit":
            r = v["order"][v["r"]]
            if p[0] == "allow" and v["s"] + 1 < len(v["stayers"]):
                v["s"] += 1
                return
            if p[0] == "refuse":
                v["must"].append(r)
            else:
                ctx.emit("junta.may_stay", f"{name(st, r)} may stay in {area_name(v['area'])}.",
                         {"player": r})
            v.update(r=v["r"] + 1, s=0)
        elif v["stage"] == "move":
            a = DATA.area_index[p[1]]
            v["named"].append(a)
            occ = occupants(st, v["must"][v["r"]], a)
            if occ:
                v.update(stage="entry", occ=occ, o=0, pending=a)
            else:
                self.retreat_to(ctx, st, fr, a)
        elif p[0] == "allow":
            v["o"] += 1
        else:
            v["stage"] = "move"

    def retreat_to(self, ctx: Ctx, st: JuntaState, fr: Frame, dest: int) -> None:
        """JU 37.4-37.5: all his units there move, and flee until the segment ends."""
        v = fr.vars
        m = v["must"][v["r"]]
        coup = coup_of(st)
        moved = units_of(st, m, v["area"])
        for i in moved:
            coup.units[i].pos = dest
            coup.units[i].fleeing = True
        ctx.emit("junta.retreat", f"{name(st, m)} retreats {len(moved)} unit(s) from "
                 f"{area_name(v['area'])} to {area_name(dest)}.",
                 {"player": m, "from": DATA.area_ids[v["area"]], "to": DATA.area_ids[dest],
                  "units": len(moved)})
        v.update(stage="move", r=v["r"] + 1, named=[])

    def eliminate(self, ctx: Ctx, st: JuntaState, f: int, area: int) -> None:
        lost = units_of(st, f, area)
        for i in lost:
            coup_of(st).units[i].pos = REMOVED
        ctx.emit("junta.retreat_blocked", f"{name(st, f)} cannot retreat from "
                 f"{area_name(area)}: {len(lost)} unit(s) eliminated.",
                 {"player": f, "area": DATA.area_ids[area], "units": len(lost)})


PROCS: Final[tuple[Proc[JuntaState], ...]] = (RetreatProc(),)
