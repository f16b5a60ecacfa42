"""CU 5.B.4 Foreman (4 votes): activate buildings.

Decisions: `cross` (every building and the printed warehouse in the worker's
row and column [CU-G-13], in an order the player picks with `activate:<field>`,
"done" to stop) or `single:<field>` (one building or the warehouse anywhere).
Each activation runs the building's function once (`buildings.py`).
"""

from __future__ import annotations

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import AskProc, Proc, goto, pop
from services.kernel.state import Frame

from ..buildings import activate
from ..constants import FIELD_IDS, FIELD_INDEX, N_FIELDS, NO_BUILDING
from ..data import DATA
from ..decide import DONE, ask, done, opt, split
from ..farm import activatable, activated
from ..state import CubaState, Player


def site_name(p: Player, field: int) -> str:
    b = p.buildings[field]
    return "the warehouse field" if b == NO_BUILDING else f"the {DATA.buildings[b].name}"


class ForemanProc(Proc[CubaState]):
    name = "foreman"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        p = st.players[seat]
        cross = activatable(p, activated(p))
        options = [opt("cross", label=f"Activate the row and column ({len(cross)} sites)")]
        options += [opt("single", FIELD_IDS[f], f"Activate only {site_name(p, f)}")
                    for f in activatable(p, range(N_FIELDS))]
        return [ask(st, seat, "foreman", "Foreman: activate the cross or one building.",
                    options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, arg = split(c.option_id)
        p = st.players[d.seat]
        ctx.emit("cuba.foreman", f"Seat {d.seat}'s foreman activates "
                 + ("the cross." if verb == "cross" else f"{site_name(p, FIELD_INDEX[arg])}."),
                 {"seat": d.seat, "mode": verb, "field": arg})
        if verb == "cross":
            goto(st, "foreman_cross", seat=d.seat, remaining=activatable(p, activated(p)))
            return
        pop(st)
        activate(ctx, st, d.seat, FIELD_INDEX[arg])


class ForemanCrossProc(AskProc[CubaState]):
    """CU 5.B.4 option 1: the player activates the cross's sites in any order."""

    name = "foreman_cross"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        remaining = fr.vars["remaining"]
        if not remaining:
            return []
        seat = fr.vars["seat"]
        p = st.players[seat]
        options = [opt("activate", FIELD_IDS[f], f"Activate {site_name(p, f)}")
                   for f in remaining]
        options.append(done("Activate nothing more"))
        return [ask(st, seat, "foreman_activate", "Foreman: activate the next site.", options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == DONE:
            pop(st)
            return
        field = FIELD_INDEX[split(c.option_id)[1]]
        fr.vars["remaining"].remove(field)
        activate(ctx, st, d.seat, field)



PROCS: tuple[Proc[CubaState], ...] = (ForemanProc(), ForemanCrossProc())
