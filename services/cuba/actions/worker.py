"""CU 5.B.1 Worker (1 vote): move the pawn or not, harvest the row and column.

Decisions: the target field (the current field = stay), then the crop fields
one at a time. The first `base` fields (2; 1 under drought) are free and
compulsory while any is usable; each further field costs 1 water from the yard
(water just harvested from the lake included) and "done" ends the harvest
[CU-G-28, CU-G-32]. This is exactly "use min(base + k, usable) fields for k
discarded water", with water spent only when it buys a field.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import AskProc, Proc, goto, pop
from services.kernel.state import Frame

from ..constants import (
    CROSSES,
    FIELD_IDS,
    FIELD_INDEX,
    ITEM_IDS,
    N_FIELDS,
    N_ITEMS,
    NO_BUILDING,
    FieldClass,
    Item,
)
from ..data import DATA
from ..decide import DONE, ask, done, opt, split
from ..economy import gain, held, spend
from ..farm import field_yield
from ..laws import crop_field_base
from ..state import CubaState
from ..words import bundle, counts_data, counts_text, field_type_name, item_name, plural


class WorkerProc(Proc[CubaState]):
    """CU 5.B.1 items 1-2: choose the worker's field (staying is allowed)."""

    name = "worker"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        return [ask(st, seat, "worker_move", "Worker: move your pawn (or stay).",
                    move_options(st, seat))]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        seat = d.seat
        st.players[seat].worker = FIELD_INDEX[split(c.option_id)[1]]
        crops = harvest_resources(ctx, st, seat)
        goto(st, "worker_harvest", seat=seat, fields=crops, picks=0, base=crop_field_base(st))


def move_options(st: CubaState, seat: int) -> tuple[Option, ...]:
    """CU 5.B.1: the 12 fields the worker may go to. The options depend only on the farm,
    the worker's field, the drought law and the supply as far as one cross can take it, so
    they are built once per such situation (labels are the costly part of a decision)."""
    p = st.players[seat]
    farm = tuple(p.farm)
    cap = cross_cap(farm)
    return _move_options(farm, tuple(p.buildings), p.worker,
                         tuple(min(n, cap) for n in st.supply), crop_field_base(st))


@cache
def cross_cap(farm: tuple[int, ...]) -> int:
    """The most fields of one type in any row and column of this farm: a supply above it
    never limits what a cross yields."""
    return max(max(types.count(t) for t in types)
               for types in ([farm[f] for f in cross] for cross in CROSSES))


@lru_cache(maxsize=4096)
def _move_options(farm: tuple[int, ...], buildings: tuple[int, ...], worker: int,
                  supply: tuple[int, ...], base: int) -> tuple[Option, ...]:
    return tuple(_field_option(f, f == worker, tuple(farm[x] for x in CROSSES[f]),
                               tuple(buildings[x] == NO_BUILDING for x in CROSSES[f]),
                               farm[f], buildings[f], supply, base) for f in range(N_FIELDS))


# A field of a row or column with a building on it: which building is never read there.
BUILT: Final = 0


@lru_cache(maxsize=16384)
def _field_option(target: int, stay: bool, cross_farm: tuple[int, ...],
                  cross_open: tuple[bool, ...], here: int, building: int,
                  supply: tuple[int, ...], base: int) -> Option:
    """`move_option` for a field, from all it reads: the field, its row and column, and
    which of those are open (without a building: only the field's own building is named),
    so a field's option is kept when the worker or a building elsewhere moves on."""
    farm, buildings = [0] * N_FIELDS, [NO_BUILDING] * N_FIELDS
    for f, t, free in zip(CROSSES[target], cross_farm, cross_open, strict=True):
        farm[f], buildings[f] = t, NO_BUILDING if free else BUILT
    farm[target], buildings[target] = here, building
    return move_option(farm, buildings, target if stay else -1, supply, base, target)


def move_option(farm: Sequence[int], buildings: Sequence[int], worker: int,
                supply: Sequence[int], base: int, target: int) -> Option:
    """CU 5.B.1: moving to (or staying on) a field, saying what its row and column yield."""
    fid = FIELD_IDS[target]
    resources, crops = cross_yield(farm, buildings, supply, target)
    free = min(base, sum(crops))
    what = [f"get {counts_text(resources)}"] if sum(resources) else []
    if sum(crops):
        more = ", more for 1 water each" if sum(crops) > free else ""
        what.append(f"pick {free} of {plural(sum(crops), 'crop field')} "
                    f"({counts_text(crops)}){more}")
    where = field_type_name(DATA.field_types[farm[target]].id)
    if buildings[target] != NO_BUILDING:
        where += f" under the {DATA.buildings[buildings[target]].name}"
    verb = "Stay on" if target == worker else "Move to"
    return opt(f"field:{fid}", f"{verb} {fid} ({where}): " + ("; ".join(what) or "nothing"),
               field=fid, field_type=DATA.field_types[farm[target]].id,
               resources=bundle(resources), crops=bundle(crops), free_crops=free)


def cross_yield(farm: Sequence[int], buildings: Sequence[int], supply: Sequence[int],
                target: int) -> tuple[list[int], list[int]]:
    """CU 5.B.1 items 2-3: with the worker on `target`, the resources the open resource
    fields yield (as far as the supply has them) and the crops of the usable crop fields."""
    resources, crops = [0] * N_ITEMS, [0] * N_ITEMS
    for _, cls, item in open_cross(farm, buildings, target):
        if cls is FieldClass.RESOURCE and resources[item] < supply[item]:
            resources[item] += 1
        elif cls is FieldClass.CROP and supply[item] > 0:
            crops[item] += 1
    return resources, crops


def open_cross(farm: Sequence[int], buildings: Sequence[int],
               target: int) -> list[tuple[int, FieldClass, int]]:
    """CU 5.B.1 items 2-3: the activated fields without a building: (field, class, item)."""
    types = [DATA.field_types[farm[f]] for f in CROSSES[target]]
    return [(f, t.cls, t.yields) for f, t in zip(CROSSES[target], types, strict=True)
            if buildings[f] == NO_BUILDING]


def harvest_resources(ctx: Ctx, st: CubaState, seat: int) -> list[int]:
    """CU 5.B.1 items 3-4: every open resource field in the cross yields first; returns
    the open crop fields in the cross."""
    p = st.players[seat]
    got = [0] * N_ITEMS
    crops = []
    for f, cls, item in open_cross(p.farm, p.buildings, p.worker):
        if cls is FieldClass.RESOURCE:
            got[item] += gain(st, seat, item)
        elif cls is FieldClass.CROP:
            crops.append(f)
    ctx.emit("cuba.worker", f"Seat {seat}'s worker on {FIELD_IDS[p.worker]} yields "
             f"{counts_text(got)}.",
             {"seat": seat, "field": FIELD_IDS[p.worker], "items": counts_data(got)})
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
        options = [harvest_option(f, field_yield(p, f), free) for f in usable]
        if not free:
            options.append(done("Stop harvesting (keep your water)"))
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
        ctx.emit("cuba.harvest", f"Seat {seat} harvests 1 {item_name(item)} from {FIELD_IDS[f]}"
                 + (" for 1 water." if water else "."),
                 {"seat": seat, "field": FIELD_IDS[f], "item": ITEM_IDS[item], "water": water})



@cache
def harvest_option(field: int, item: int, free: bool) -> Option:
    """CU 5.B.1 item 4: one crop field's crop, free or for 1 water."""
    cost = "" if free else " for 1 water"
    return opt(f"field:{FIELD_IDS[field]}", f"Take 1 {item_name(item)} from {FIELD_IDS[field]}"
               f"{cost}", field=FIELD_IDS[field], item=ITEM_IDS[item], water=0 if free else 1)


PROCS: Final[tuple[Proc[CubaState], ...]] = (WorkerProc(), WorkerHarvestProc())
