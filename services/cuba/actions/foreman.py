"""CU 5.B.4 Foreman (4 votes): activate buildings.

Decisions: `cross` (every building and the printed warehouse in the worker's
row and column [CU-G-13], in an order the player picks with `activate:<field>`,
"done" to stop) or `single:<field>` (one building or the warehouse anywhere).
Each activation runs the building's function once (`buildings.py`).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import AskProc, Proc, goto, pop
from services.kernel.state import Frame

from ..buildings import activate
from ..constants import FIELD_IDS, FIELD_INDEX, N_FIELDS, NO_BUILDING
from ..data import DATA
from ..decide import DONE, ask, done, opt, split
from ..farm import activatable, activated
from ..state import CubaState, Player
from ..words import and_list, building_effect


def site_name(p: Player, field: int) -> str:
    return building_site_name(p.buildings[field])


def building_site_name(b: int) -> str:
    """A site by its building, or the printed warehouse (NO_BUILDING)."""
    return "the warehouse" if b == NO_BUILDING else f"the {DATA.buildings[b].name}"


def site_effect(b: int) -> str:
    """CU 5.B.4 / CU 7: what activating the building (or printed warehouse) does."""
    return "store every crop in your yard" if b == NO_BUILDING else \
        building_effect(DATA.buildings[b])


@cache
def site_option(verb: str, field: int, b: int) -> Option:
    """CU 5.B.4: activating the site on `field` (building `b`): `single`, only it (option
    2), or `activate`, the cross's next (option 1). Args: the field and the building id
    ("" for the printed warehouse)."""
    only = "only " if verb == "single" else ""
    return opt(f"{verb}:{FIELD_IDS[field]}", f"Activate {only}{building_site_name(b)} on "
               f"{FIELD_IDS[field]}: {site_effect(b)}", field=FIELD_IDS[field],
               building="" if b == NO_BUILDING else DATA.buildings[b].id)


def cross_option(p: Player) -> Option:
    """CU 5.B.4 option 1: every site in the worker's row and column."""
    sites = activatable(p, activated(p))
    what = and_list(site_name(p, f) for f in sites) if sites else "nothing there to activate"
    return opt("cross", f"Activate your worker's row and column ({FIELD_IDS[p.worker]}): "
               f"{what}", fields="+".join(FIELD_IDS[f] for f in sites), count=len(sites))


class ForemanProc(Proc[CubaState]):
    name = "foreman"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        p = st.players[seat]
        options = [cross_option(p)]
        options += [site_option("single", f, p.buildings[f])
                    for f in activatable(p, range(N_FIELDS))]
        return [ask(st, seat, "foreman", "Foreman: activate the cross or one building.",
                    options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, arg = split(c.option_id)
        p = st.players[d.seat]
        ctx.emit("cuba.foreman", f"Seat {d.seat}'s Foreman activates " + (
            f"the row and column of {FIELD_IDS[p.worker]}." if verb == "cross"
            else f"only {site_name(p, FIELD_INDEX[arg])} on {arg}."),
            {"seat": d.seat, "mode": verb, "field": arg or FIELD_IDS[p.worker]})
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
        options = [site_option("activate", f, p.buildings[f]) for f in remaining]
        options.append(done("Activate nothing more"))
        return [ask(st, seat, "foreman_activate", "Foreman: activate the next site.", options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == DONE:
            pop(st)
            return
        field = FIELD_INDEX[split(c.option_id)[1]]
        fr.vars["remaining"].remove(field)
        activate(ctx, st, d.seat, field)



PROCS: Final[tuple[Proc[CubaState], ...]] = (ForemanProc(), ForemanCrossProc())
