"""Building functions (CU 7, buildings.json) run by a Foreman activation (CU 5.B.4).

Functions without a choice happen at once. The others are a chain of single
uses (`use:`, `sell:`, `exchange:`, `load:`, `swap:`) with "done", up to the
building's maximum; 0 uses are allowed (CU 5.B.4). Inputs come from the yard or
storage and go to the supply; outputs come from the supply (CU 7.1, CU 2.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import AskProc, Proc, pop, push
from services.kernel.state import Frame

from .constants import (
    BERTHS,
    CROPS,
    FIELD_IDS,
    GOODS,
    ITEM_IDS,
    ITEM_INDEX,
    NO_SHIP,
    POSITION_IDS,
    POSITION_INDEX,
    BuildingKind,
    Position,
)
from .data import DATA, Building
from .decide import DONE, ask, done, opt, split
from .economy import gain, held, receive, score, spend, store_crops
from .farm import is_warehouse
from .harbor import (
    harbor_law_departure,
    load_option,
    load_unit,
    loadable_items,
    ship_name,
    swap_with_sea,
    swappable_berths,
)
from .state import CubaState
from .words import POSITION_NAMES, counts_data, counts_text, item_name, plural

K = BuildingKind
CHAIN_KINDS: Final = frozenset({K.CONVERT_TO_VP, K.SELL_TO_SUPPLY, K.CONVERT_ITEMS,
                                K.EXCHANGE_CROP_GOOD, K.LOAD_SHIP, K.SWAP_SHIP_WITH_SEA})


def activate(ctx: Ctx, st: CubaState, seat: int, field: int) -> None:
    """CU 5.B.4: run the function of the building (or printed warehouse) on a field."""
    p = st.players[seat]
    if is_warehouse(p, field):
        stored = store_crops(p)
        ctx.emit("cuba.stored", f"Seat {seat} stores {plural(stored, 'crop')} in the "
                 "warehouse.", {"seat": seat, "field": FIELD_IDS[field], "crops": stored})
        return
    b = DATA.buildings[p.buildings[field]]
    if b.kind in CHAIN_KINDS:
        push(st, "building_use", seat=seat, building=b.index, uses=0, ship=NO_SHIP, item=-1)
        return
    instant_effect(ctx, st, seat, b)


def instant_effect(ctx: Ctx, st: CubaState, seat: int, b: Building) -> None:
    """CU 7.2.9-10, 7.3.4-5, 7.4.4, 7.5.1-3: functions without a choice."""
    data: dict[str, object]
    if b.kind is K.GAIN_VP:
        score(st, seat, b.vp)
        what, data = f"+{b.vp} VP", {"vp": b.vp}
    elif b.kind is K.GAIN_PESOS:
        receive(st, seat, b.pesos)
        what, data = f"+{b.pesos} pesos", {"pesos": b.pesos}
    elif b.kind is K.GAIN_ITEMS:
        got = [gain(st, seat, i, n) if n else 0 for i, n in enumerate(b.items)]
        what, data = "+" + counts_text(got), {"items": counts_data(got)}
    elif b.kind is K.STORE_CROPS:
        stored = store_crops(st.players[seat])
        what, data = f"{plural(stored, 'crop')} stored", {"crops": stored}
    elif b.kind is K.GAIN_VETO:
        st.veto_tile = seat
        what, data = "takes the veto tile", {"tile": "veto"}
    else:  # K.GAIN_VOTES
        st.vote_tile = seat
        what, data = f"takes the {b.votes}-vote tile", {"tile": "votes", "votes": b.votes}
    ctx.emit("cuba.building", f"Seat {seat}'s {b.name}: {what}.",
             {"seat": seat, "building": b.id, "result": what, **data})


class BuildingUseProc(AskProc[CubaState]):
    """One activated building with a choice: single uses until its maximum or "done"."""

    name = "building_use"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        b = DATA.buildings[fr.vars["building"]]
        limit = b.max_units if b.kind is K.LOAD_SHIP else b.max_uses
        if fr.vars["uses"] >= limit:
            return []
        options = USE_OPTIONS[b.kind](st, fr, b)
        if not options:
            return []
        options.append(done(f"Stop using the {b.name}" if fr.vars["uses"]
                            else f"Do not use the {b.name}"))
        return [ask(st, fr.vars["seat"], "building_use", f"{b.name}: use it once more, or stop.",
                    options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == DONE:
            pop(st)
            return
        b = DATA.buildings[fr.vars["building"]]
        fr.vars["uses"] += 1
        APPLY_USE[b.kind](ctx, st, fr, b, split(c.option_id)[1])



# -- options per kind ---------------------------------------------------------


OptionsFn = Callable[[CubaState, Frame, Building], list[Option]]


def input_options(verb: str) -> OptionsFn:
    """Uses that hand in one input item (CU 7.2.1-6, 7.3.1-3, 7.4.1-2)."""
    def options(st: CubaState, fr: Frame, b: Building) -> list[Option]:
        p = st.players[fr.vars["seat"]]
        ok = [i for i in b.inputs if held(p, i) > 0]
        if b.kind is K.CONVERT_ITEMS:
            ok = [i for i in ok if st.supply[b.output] > 0]
        return [use_option(verb, b, i) for i in ok]
    return options


def use_option(verb: str, b: Building, item: int) -> Option:
    """One use handing in 1 `item`: what it gives (VP, pesos or the output item)."""
    oid, name = f"{verb}:{ITEM_IDS[item]}", item_name(item)
    if b.kind is K.CONVERT_TO_VP:
        return opt(oid, f"Discard 1 {name} for {b.vp} VP", building=b.id, item=ITEM_IDS[item],
                   vp=b.vp)
    if b.kind is K.SELL_TO_SUPPLY:
        return opt(oid, f"Sell 1 {name} to the supply for {b.pesos} pesos", building=b.id,
                   item=ITEM_IDS[item], pesos=b.pesos)
    return opt(oid, f"Turn 1 {name} into 1 {item_name(b.output)}", building=b.id,
               item=ITEM_IDS[item], output=ITEM_IDS[b.output])


def exchange_options(st: CubaState, fr: Frame, b: Building) -> list[Option]:
    """CU 7.4.3: 1 crop -> any 1 good, or 1 good -> any 1 crop."""
    p = st.players[fr.vars["seat"]]
    out = []
    for src_kind, dst_kind in ((CROPS, GOODS), (GOODS, CROPS)):
        for src in src_kind:
            if held(p, src) == 0:
                continue
            out += [opt(f"exchange:{ITEM_IDS[src]}:{ITEM_IDS[dst]}",
                        f"Exchange 1 {item_name(src)} for 1 {item_name(dst)}", building=b.id,
                        **{"from": ITEM_IDS[src], "to": ITEM_IDS[dst]})
                    for dst in dst_kind if st.supply[dst] > 0]
    return out


def load_options(st: CubaState, fr: Frame, b: Building) -> list[Option]:
    """CU 7.2.7-8: a unit onto one berth ship; further units of the same type, same ship."""
    seat = fr.vars["seat"]
    out = []
    for pos in BERTHS:
        if fr.vars["ship"] != NO_SHIP and st.harbor[pos] != fr.vars["ship"]:
            continue
        for item in loadable_items(st, seat, pos):
            if fr.vars["item"] >= 0 and b.same_type and item != fr.vars["item"]:
                continue
            out.append(load_option(f"load:{POSITION_IDS[pos]}:{ITEM_IDS[item]}", st, pos, item,
                                   building=b.id))
    return out


def swap_options(st: CubaState, fr: Frame, b: Building) -> list[Option]:
    """CU 7.4.5 [CU-G-17]."""
    sea = st.harbor[Position.SEA]
    return [opt(f"swap:{POSITION_IDS[pos]}", f"Swap {ship_name(st.harbor[pos])} at "
                f"{POSITION_NAMES[pos]} with {ship_name(sea)} at sea (cargo stays aboard)",
                building=b.id, position=POSITION_IDS[pos], ship=DATA.ships[st.harbor[pos]].id,
                sea_ship=DATA.ships[sea].id)
            for pos in swappable_berths(st)]


USE_OPTIONS: Final[dict[BuildingKind, OptionsFn]] = {
    K.CONVERT_TO_VP: input_options("use"),
    K.SELL_TO_SUPPLY: input_options("sell"),
    K.CONVERT_ITEMS: input_options("use"),
    K.EXCHANGE_CROP_GOOD: exchange_options,
    K.LOAD_SHIP: load_options,
    K.SWAP_SHIP_WITH_SEA: swap_options,
}


# -- applying one use ---------------------------------------------------------


def apply_convert_to_vp(ctx: Ctx, st: CubaState, fr: Frame, b: Building, arg: str) -> None:
    seat = fr.vars["seat"]
    spend(st, seat, ITEM_INDEX[arg])
    score(st, seat, b.vp)
    _used(ctx, seat, b, f"1 {item_name(ITEM_INDEX[arg])} for {b.vp} VP",
          {"item": arg, "vp": b.vp})


def apply_sell(ctx: Ctx, st: CubaState, fr: Frame, b: Building, arg: str) -> None:
    seat = fr.vars["seat"]
    spend(st, seat, ITEM_INDEX[arg])
    receive(st, seat, b.pesos)
    _used(ctx, seat, b, f"1 {item_name(ITEM_INDEX[arg])} sold for {b.pesos} pesos",
          {"item": arg, "pesos": b.pesos})


def apply_convert(ctx: Ctx, st: CubaState, fr: Frame, b: Building, arg: str) -> None:
    seat = fr.vars["seat"]
    spend(st, seat, ITEM_INDEX[arg])
    gain(st, seat, b.output)
    _used(ctx, seat, b, f"1 {item_name(ITEM_INDEX[arg])} into 1 {item_name(b.output)}",
          {"from": arg, "to": ITEM_IDS[b.output]})


def apply_exchange(ctx: Ctx, st: CubaState, fr: Frame, b: Building, arg: str) -> None:
    seat = fr.vars["seat"]
    src, dst = arg.split(":")
    spend(st, seat, ITEM_INDEX[src])
    gain(st, seat, ITEM_INDEX[dst])
    _used(ctx, seat, b, f"1 {item_name(ITEM_INDEX[src])} for 1 {item_name(ITEM_INDEX[dst])}",
          {"from": src, "to": dst})


def apply_load(ctx: Ctx, st: CubaState, fr: Frame, b: Building, arg: str) -> None:
    """CU 7.2.7-8; the harbor law applies to trading offices [CU-G-25]."""
    seat = fr.vars["seat"]
    pos_id, item_id = arg.split(":")
    pos = POSITION_INDEX[pos_id]
    fr.vars["ship"] = st.harbor[pos]
    fr.vars["item"] = ITEM_INDEX[item_id]
    load_unit(ctx, st, seat, pos, ITEM_INDEX[item_id])
    if b.harbor_law and harbor_law_departure(ctx, st, pos):
        fr.vars["uses"] = b.max_units


def apply_swap(ctx: Ctx, st: CubaState, fr: Frame, b: Building, arg: str) -> None:
    swap_with_sea(ctx, st, fr.vars["seat"], POSITION_INDEX[arg])


def _used(ctx: Ctx, seat: int, b: Building, what: str, data: dict[str, object]) -> None:
    ctx.emit("cuba.building", f"Seat {seat}'s {b.name}: {what}.",
             {"seat": seat, "building": b.id, "result": what, **data})


ApplyFn = Callable[[Ctx, CubaState, Frame, Building, str], None]
APPLY_USE: Final[dict[BuildingKind, ApplyFn]] = {
    K.CONVERT_TO_VP: apply_convert_to_vp,
    K.SELL_TO_SUPPLY: apply_sell,
    K.CONVERT_ITEMS: apply_convert,
    K.EXCHANGE_CROP_GOOD: apply_exchange,
    K.LOAD_SHIP: apply_load,
    K.SWAP_SHIP_WITH_SEA: apply_swap,
}

assert set(USE_OPTIONS) == set(APPLY_USE) == CHAIN_KINDS

PROCS: Final[tuple[Proc[CubaState], ...]] = (BuildingUseProc(),)
