"""CU 5.B.2 Tradeswoman / Trader (2 votes): trade at the market, or a special use.

One decision repeated: buy one unit, sell one unit, or "done". Before the
first transaction the free special uses are offered too (CU 5.B.6 [CU-G-33]):
`free_resource:<resource>` (space trader_resource) and `free_crop:<crop>`
(space trader_crop, cheapest crops only [CU-G-12]); taking one ends the action.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop
from services.kernel.state import Frame

from ..constants import CARGO, ITEM_IDS, ITEM_INDEX, NO_SEAT, RESOURCES, SPACE_IDS, Space
from ..decide import DONE, ask, done, opt, split
from ..economy import gain, held
from ..market import buy, buy_price, can_buy, cheapest_crops, row_full, sell, sell_price
from ..state import CubaState
from ..words import item_name
from . import mark_space

FREE_RESOURCE: Final = "free_resource"
FREE_CROP: Final = "free_crop"


class TraderProc(Proc[CubaState]):
    name = "trader"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        options = trade_options(st, seat)
        traded = fr.vars.get("traded")
        if not traded:
            options += special_options(st)
        options.append(done("Stop trading" if traded else "Do nothing with the Tradeswoman"))
        return [ask(st, seat, "trader", "Trader: buy, sell, take a special use, or done.",
                    options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == DONE:
            pop(st)
            return
        verb, arg = split(c.option_id)
        item = ITEM_INDEX[arg]
        seat = d.seat
        if verb == "buy":
            price = buy(st, seat, item)
            fr.vars["traded"] = True
            ctx.emit("cuba.bought", f"Seat {seat} buys 1 {item_name(item)} for {price} pesos.",
                     {"seat": seat, "item": arg, "price": price})
        elif verb == "sell":
            price = sell(st, seat, item)
            fr.vars["traded"] = True
            ctx.emit("cuba.sold", f"Seat {seat} sells 1 {item_name(item)} for {price} pesos.",
                     {"seat": seat, "item": arg, "price": price})
        else:
            space = Space.TRADER_RESOURCE if verb == FREE_RESOURCE else Space.TRADER_CROP
            gain(st, seat, item)
            mark_space(ctx, st, seat, space, f"1 {item_name(item)}", {"item": arg})
            pop(st)


def trade_options(st: CubaState, seat: int) -> list[Option]:
    """CU 5.B.2: every buy the seat can afford and every sell of cargo it holds."""
    p = st.players[seat]
    out = [trade_option("buy", i, buy_price(st, i), "at the market" if st.market[i]
                        else "from the supply") for i in CARGO if can_buy(st, seat, i)]
    out += [trade_option("sell", i, sell_price(st, i), "to the supply" if row_full(st, i)
                         else "at the market") for i in CARGO if held(p, i) > 0]
    return out


@cache
def trade_option(verb: str, item: int, price: int, where: str) -> Option:
    """One buy or sale: the item, where it goes or comes from, and its price."""
    return opt(f"{verb}:{ITEM_IDS[item]}", f"{verb.capitalize()} 1 {item_name(item)} {where} "
               f"for {price} pesos", item=ITEM_IDS[item], price=price)


def special_options(st: CubaState) -> list[Option]:
    """CU 5.B.2 special use: a free resource, or a free cheapest crop, if the space is free."""
    out = []
    if st.markers[Space.TRADER_RESOURCE] == NO_SEAT:
        out += [free_resource_option(r) for r in RESOURCES if st.supply[r] > 0]
    if st.markers[Space.TRADER_CROP] == NO_SEAT:
        out += [free_crop_option(c, buy_price(st, c)) for c in cheapest_crops(st)]
    return out


@cache
def free_resource_option(r: int) -> Option:
    """CU 5.B.2 special use: one resource from the supply, free."""
    return opt(f"{FREE_RESOURCE}:{ITEM_IDS[r]}", f"Special use instead of trading: take "
               f"1 {item_name(r)} free", item=ITEM_IDS[r], space=SPACE_IDS[Space.TRADER_RESOURCE])


@cache
def free_crop_option(c: int, price: int) -> Option:
    """CU 5.B.2 special use [CU-G-12]: one of the cheapest crops (at `price`), free."""
    return opt(f"{FREE_CROP}:{ITEM_IDS[c]}", f"Special use instead of trading: take 1 "
               f"{item_name(c)} free (cheapest crop at {price} pesos)", item=ITEM_IDS[c],
               space=SPACE_IDS[Space.TRADER_CROP])


PROCS: Final[tuple[Proc[CubaState], ...]] = (TraderProc(),)
