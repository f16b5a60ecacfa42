"""CU 5.B.1 Worker (1 vote): move the pawn or not, harvest the row and column.

Decisions: the target field (the current field = stay), then the crop fields
one at a time. The first `base` fields (2; 1 under drought) are free and
compulsory while any is usable; each further field costs 1 water from the yard
(water just harvested from the lake included) and "done" ends the harvest
[CU-G-28, CU-G-32]. This is exactly "use min(base + k, usable) fields for k
discarded water", with water spent only when it buys a field.
"""

from __future__ import annotations

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import AskProc, Proc, goto, pop
from services.kernel.state import Frame

from ..constants import FIELD_IDS, FIELD_INDEX, ITEM_IDS, NO_BUILDING, FieldClass, Item
from ..decide import DONE, ask, done, opt, split
from ..economy import gain, held, spend
from ..farm import activated, field_class, field_yield
from ..laws import crop_field_base
from ..state import CubaState


class WorkerProc(Proc[CubaState]):
    """CU 5.B.1 items 1-2: choose the worker's field (staying is allowed)."""

    name = "worker"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        here = st.players[seat].worker
        options = [opt("field", fid, "Stay on " + fid if f == here else "Move to " + fid)
                   for f, fid in enumerate(FIELD_IDS)]
        return [ask(st, seat, "worker_move", "Worker: move your pawn (or stay).", options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        seat = d.seat
        st.players[seat].worker = FIELD_INDEX[split(c.option_id)[1]]
        crops = harvest_resources(ctx, st, seat)
        goto(st, "worker_harvest", seat=seat, fields=crops, picks=0, base=crop_field_base(st))


def harvest_resources(ctx: Ctx, st: CubaState, seat: int) -> list[int]:
    """CU 5.B.1 items 3-4: every open resource field in the cross yields first; returns
    the open crop fields in the cross."""
    p = st.players[seat]
    got: dict[str, int] = {}
    crops = []
    for f in activated(p):
        if p.buildings[f] != NO_BUILDING:
            continue
        cls = field_class(p, f)
        if cls is FieldClass.RESOURCE:
            item = field_yield(p, f)
            if gain(st, seat, item):
                got[ITEM_IDS[item]] = got.get(ITEM_IDS[item], 0) + 1
        elif cls is FieldClass.CROP:
            crops.append(f)
    ctx.emit("cuba.worker", f"Seat {seat}'s worker on {FIELD_IDS[p.worker]} yields {got}.",
             {"seat": seat, "field": FIELD_IDS[p.worker], "items": got})
    return crops


class WorkerHarvestProc(AskProc[CubaState]):
    """CU 5.B.1 items 3-4: choose the activated crop fields to use, one at a time."""

    name = "worker_harvest"

    def _usable(self, st: CubaState, fr: Frame) -> list[int]:
        p = st.players[fr.vars["seat"]]
        return [f for f in fr.vars["fields"] if st.supply[field_yield(p, f)] > 0]

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        usable = self._usable(st, fr)
        if not usable:
            return []
        p = st.players[seat]
        free = fr.vars["picks"] < fr.vars["base"]
        if not free and held(p, Item.WATER) == 0:
            return []
        cost = "" if free else " (discard 1 water)"
        options = [opt("field", FIELD_IDS[f], f"Take {ITEM_IDS[field_yield(p, f)]} from "
                       f"{FIELD_IDS[f]}{cost}") for f in usable]
        if not free:
            options.append(done("Stop harvesting"))
        return [ask(st, seat, "worker_harvest", "Worker: choose a crop field to harvest.",
                    options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == DONE:
            pop(st)
            return
        seat = d.seat
        f = FIELD_INDEX[split(c.option_id)[1]]
        water = fr.vars["picks"] >= fr.vars["base"]
        if water:
            spend(st, seat, Item.WATER)
        item = field_yield(st.players[seat], f)
        gain(st, seat, item)
        fr.vars["fields"].remove(f)
        fr.vars["picks"] += 1
        ctx.emit("cuba.harvest", f"Seat {seat} harvests {ITEM_IDS[item]} from {FIELD_IDS[f]}"
                 + (" for 1 water." if water else "."),
                 {"seat": seat, "field": FIELD_IDS[f], "item": ITEM_IDS[item], "water": water})



PROCS: tuple[Proc[CubaState], ...] = (WorkerProc(), WorkerHarvestProc())
