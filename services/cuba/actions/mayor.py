"""CU 5.B.5 Mayor (5 votes): ship cargo onto one berth ship, or forgo shipping.

Decisions: `ship:<berth>` (a berth ship that takes something the player holds)
or `forgo` (next free Mayor space: 4 pesos, then 2, then nothing); after a ship
is chosen, `load:<cargo>` one unit at a time (at least one), then "done". Under
the harbor law a ship made full leaves at once and ends the loading.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import AskProc, Proc, goto, pop
from services.kernel.state import Frame

from ..constants import BERTHS, ITEM_IDS, ITEM_INDEX, POSITION_IDS, POSITION_INDEX, Space
from ..data import DATA
from ..decide import DONE, ask, done, opt, split
from ..economy import receive
from ..harbor import (
    fitting_units,
    harbor_law_departure,
    load_option,
    load_unit,
    loadable_items,
    ship_name,
)
from ..state import CubaState
from ..words import POSITION_NAMES, plural
from . import forgo, forgo_option

MAYOR_SPACES: Final[tuple[int, ...]] = (Space.MAYOR_FIRST, Space.MAYOR_SECOND)


class MayorProc(Proc[CubaState]):
    name = "mayor"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        options = [ship_option(st, seat, pos) for pos in BERTHS if loadable_items(st, seat, pos)]
        options.append(forgo_option(st, MAYOR_SPACES, "ship", "pesos"))
        return [ask(st, seat, "mayor", "Mayor: choose a ship to load, or forgo shipping.",
                    options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, arg = split(c.option_id)
        if verb == "ship":
            goto(st, "mayor_load", seat=d.seat, pos=POSITION_INDEX[arg], loaded=0)
            return
        # CU 5.B.5 special use: the first forgoer receives 4 pesos, the second 2.
        forgo(ctx, st, d.seat, MAYOR_SPACES, "ship", "pesos", receive)
        pop(st)


def ship_option(st: CubaState, seat: int, pos: int) -> Option:
    """CU 5.B.5: one berth ship, with how many of the seat's units fit and their VP."""
    return berth_option(st.harbor[pos], pos, fitting_units(st, seat, pos))


@cache
def berth_option(ship: int, pos: int, units: int) -> Option:
    """`ship_option` for the ship in the berth `pos` and the seat's units that fit."""
    vp = DATA.berth_vp[pos]
    return opt(f"ship:{POSITION_IDS[pos]}", f"Load {ship_name(ship)} at {POSITION_NAMES[pos]}, "
               f"{vp} VP per unit ({plural(units, 'unit')} of yours fit{'s' if units == 1 else ''}"
               f": up to {units * vp} VP)", position=POSITION_IDS[pos],
               ship=DATA.ships[ship].id, vp=vp, units=units)


class MayorLoadProc(AskProc[CubaState]):
    name = "mayor_load"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat, pos = fr.vars["seat"], fr.vars["pos"]
        items = loadable_items(st, seat, pos)
        if not items:
            return []
        options = [load_option(f"load:{ITEM_IDS[i]}", st, pos, i) for i in items]
        if fr.vars["loaded"]:
            options.append(done("Stop loading"))
        return [ask(st, seat, "mayor_load", f"Mayor: load onto {ship_name(st.harbor[pos])} at "
                    f"{POSITION_NAMES[pos]}.", options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == DONE:
            pop(st)
            return
        pos = fr.vars["pos"]
        load_unit(ctx, st, d.seat, pos, ITEM_INDEX[split(c.option_id)[1]])
        fr.vars["loaded"] += 1
        if harbor_law_departure(ctx, st, pos):
            pop(st)



PROCS: Final[tuple[Proc[CubaState], ...]] = (MayorProc(), MayorLoadProc())
