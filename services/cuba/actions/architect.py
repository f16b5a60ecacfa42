"""CU 5.B.3 Architect (3 votes): build one building, or forgo building.

Decisions: `build:<building>` (affordable, unbuilt) or `forgo`; after a build,
`field:<field>` where it goes. Forgoing takes the next free Architect space
(2 VP, then 1 VP, then nothing) [CU-G-11].
"""

from __future__ import annotations

from functools import cache
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, goto, pop
from services.kernel.state import Frame

from ..constants import FIELD_IDS, FIELD_INDEX, NO_BUILDING, RESOURCES, Space
from ..data import DATA, Building
from ..decide import ask, opt, split
from ..economy import held, pay, score, spend
from ..farm import buildable_fields
from ..laws import building_surcharge
from ..state import CubaState, Player
from ..words import (
    building_effect,
    bundle,
    counts_data,
    counts_text,
    field_type_name,
    item_name,
)
from . import forgo, forgo_option

ARCHITECT_SPACES: Final[tuple[int, ...]] = (Space.ARCHITECT_FIRST, Space.ARCHITECT_SECOND)


def built_buildings(st: CubaState) -> set[int]:
    """Building tiles already on some farm (each tile exists once, CU 2)."""
    return {b for p in st.players for b in p.buildings if b != NO_BUILDING}


def can_afford(st: CubaState, seat: int, b: Building) -> bool:
    """CU 5.B.3: the resource cost from yard/storage, plus the building law's pesos."""
    p = st.players[seat]
    if p.money < building_surcharge(st):
        return False
    return all(held(p, r) >= b.cost[r] for r in RESOURCES)


def buildable(st: CubaState, seat: int) -> list[Building]:
    """CU 5.B.3: the buildings not yet on a farm that the seat can afford (`can_afford`: the
    building law's pesos checked once for all), while a field is left to build on."""
    p = st.players[seat]
    if not buildable_fields(p) or p.money < building_surcharge(st):
        return []
    taken = built_buildings(st)
    have = [(r, held(p, r)) for r in RESOURCES]
    return [b for b in DATA.buildings
            if b.index not in taken and all(n >= b.cost[r] for r, n in have)]


class ArchitectProc(Proc[CubaState]):
    name = "architect"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        surcharge = building_surcharge(st)
        options = [build_option(b, surcharge) for b in buildable(st, seat)]
        options.append(forgo_option(st, ARCHITECT_SPACES, "build", "VP"))
        return [ask(st, seat, "architect", "Architect: build, or forgo building.", options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, arg = split(c.option_id)
        if verb == "build":
            goto(st, "architect_field", seat=d.seat, building=DATA.building(arg).index)
            return
        # CU 5.B.3 special use: the first forgoer scores 2 VP, the second 1 VP.
        forgo(ctx, st, d.seat, ARCHITECT_SPACES, "build", "VP", score)
        pop(st)


@cache
def build_option(b: Building, surcharge: int) -> Option:
    """CU 5.B.3 / CU 7: a building with its cost (and the building law's pesos) and effect."""
    cost = counts_text(b.cost) + (f" and {surcharge} pesos" if surcharge else "")
    return opt(f"build:{b.id}", f"Build the {b.name} for {cost}: when activated, "
               f"{building_effect(b)}", building=b.id, cost=bundle(b.cost), pesos=surcharge)


def field_option(p: Player, b: Building, field: int) -> Option:
    """CU 5.B.3: where the building goes; a covered field no longer yields."""
    fid = FIELD_IDS[field]
    ftype = DATA.field_types[p.farm[field]]
    loses = f": it stops yielding {item_name(ftype.yields)}" if ftype.yields >= 0 else ""
    return opt(f"field:{fid}", f"Build the {b.name} on {fid} ({field_type_name(ftype.id)}"
               f"{loses})", field=fid, field_type=ftype.id, building=b.id)


class ArchitectFieldProc(Proc[CubaState]):
    name = "architect_field"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        b = DATA.buildings[fr.vars["building"]]
        p = st.players[seat]
        options = [field_option(p, b, f) for f in buildable_fields(p)]
        return [ask(st, seat, "architect_field", f"Where does the {b.name} go?", options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        build(ctx, st, d.seat, fr.vars["building"], FIELD_INDEX[split(c.option_id)[1]])
        pop(st)


def build(ctx: Ctx, st: CubaState, seat: int, building: int, field: int) -> None:
    """CU 5.B.3: pay the cost (and the building law's pesos), place the tile."""
    b = DATA.buildings[building]
    for r in RESOURCES:
        if b.cost[r]:
            spend(st, seat, r, b.cost[r])
    surcharge = building_surcharge(st)
    if surcharge:
        pay(st, seat, surcharge)
    st.players[seat].buildings[field] = building
    paid = counts_text(b.cost) + (f" and {surcharge} pesos" if surcharge else "")
    ctx.emit("cuba.built", f"Seat {seat} builds the {b.name} on {FIELD_IDS[field]} for {paid}.",
             {"seat": seat, "building": b.id, "field": FIELD_IDS[field],
              "cost": counts_data(b.cost), "pesos": surcharge})


PROCS: Final[tuple[Proc[CubaState], ...]] = (ArchitectProc(), ArchitectFieldProc())
