"""Cuba bots: the kernel's RandomBot and a heuristic bot that plays to win.

`HeuristicBot` decides from its seat's `CubaView` and the Decision only (plus the
printed game data, which every player knows). Each decision kind has a scorer
that values every offered option in rough VP-equivalents; the best option wins,
ties broken by the bot's own PRNG. The policy: harvest early, build as often
as possible (VP buildings, lined up for the Foreman's cross), work the goods
economy (sugar cane and tobacco into rum and cigars with a distillery or cigar
factory, bars and the shop for them, rum and cigars bought when an outlet pays
more than their price; `bot_values.py`), ship to the berth that pays most for
what is worth shipping, always pay taxes, bid little, pass the laws that favour
its own seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy_extensions import mypyc_attr
from tablero.cuba.v1 import view_pb2 as pb

from services.kernel import rng as prng
from services.kernel.bots import random_choice
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.rng import RngState

from .bot_values import (
    BUILDINGS,
    CROP_IDS,
    GOOD_IDS,
    ITEM_VALUE,
    LAWS,
    PESO_VP,
    RESOURCE_IDS,
    Seen,
    activation_value,
    building_value,
    crop_value,
    good_value,
    item_value,
    keep_value,
    law_value,
    ship_value,
    will_rot,
)
from .constants import COLS, CROSSES, FIELD_INDEX, ITEM_IDS, POSITION_INDEX, BuildingKind, LawKind
from .data import DATA, Building

K = BuildingKind

# -- per-decision scorers ---------------------------------------------------------

Scorer = Callable[[Seen, Decision, Option], float]


def arg_of(o: Option) -> str:
    return o.id.partition(":")[2]


def score_setup_pick(s: Seen, d: Decision, o: Option) -> float:
    item = arg_of(o)
    if item in RESOURCE_IDS:
        return {"wood": 2.0, "stone": 2.0, "water": 0.0}[item] - s.held(item)
    return {"citrus": 2.0, "tobacco": 1.0, "sugar_cane": 1.0}[item] - s.held(item)


def card_value(s: Seen, card: str) -> float:
    """What playing this character now is worth."""
    lap = len(s.me.played) + 1
    if card == "worker":
        return best_worker_field(s)[1] + (2.0 if lap <= 2 else 0.0)
    if card == "trader":
        return max(1.2, best_purchase(s))
    if card == "architect":
        best = max((building_value(s, b) for b in affordable(s)), default=0.0)
        return max(best, forgo_vp(s, "architect_first", "architect_second", 2, 1))
    if card == "foreman":
        return best_foreman(s)[1]
    ships = max((ship_value(s, h) for h in s.berths()), default=0.0)
    return max(ships, PESO_VP * forgo_vp(s, "mayor_first", "mayor_second", 4, 2))


def forgo_vp(s: Seen, first: str, second: str, a: float, b: float) -> float:
    taken = {sp.id for sp in s.v.special_spaces if sp.HasField("taken_by")}
    return a if first not in taken else (b if second not in taken else 0.0)


def score_play(s: Seen, d: Decision, o: Option) -> float:
    return card_value(s, arg_of(o))


def affordable(s: Seen) -> list[Building]:
    available = set(s.v.buildings_available)
    law = s.law(3)
    surcharge = law.pesos if law is not None and law.kind is LawKind.BUILDING_SURCHARGE else 0
    if s.me.money < surcharge:
        return []
    return [b for b in DATA.buildings if b.id in available and
            all(s.held(ITEM_IDS[i]) >= n for i, n in enumerate(b.cost) if n)]


def best_purchase(s: Seen) -> float:
    """The Tradeswoman's worth when a good bought now pays: its value less its price."""
    best = 0.0
    for row in s.v.market:
        if row.item in GOOD_IDS and (row.count or getattr(s.v.supply, row.item)) and \
                s.me.money >= row.buy_price:
            best = max(best, buy_gain(s, row.item, row.buy_price))
    return best


def buy_gain(s: Seen, item: str, price: int) -> float:
    return item_value(s, item) - price * PESO_VP - 0.4


def field_yield_value(s: Seen, target: int) -> float:
    """Worker on `target`: resources + the best crops (base fields) + buildings for a
    Foreman still in hand."""
    farm = s.me.farm
    value, crops = 0.0, []
    for f in CROSSES[target]:
        fld = farm[f]
        if fld.building:
            value += 0.7 if s.has_card("foreman") else 0.0
            continue
        item = FIELD_ITEM.get(fld.type)
        if item in RESOURCE_IDS:
            value += ITEM_VALUE[item] if getattr(s.v.supply, item) else 0.0
        elif item and getattr(s.v.supply, item):
            crops.append(crop_value(s, item))
    base = 1 if s.other_law_is(LawKind.DROUGHT) else 2
    return value + sum(sorted(crops, reverse=True)[:base])


FIELD_ITEM: Final = {"lake": "water", "mountain": "stone", "forest": "wood",
                     "citrus_field": "citrus", "sugar_cane_field": "sugar_cane",
                     "tobacco_field": "tobacco"}


def best_worker_field(s: Seen) -> tuple[int, float]:
    scores = [(f, field_yield_value(s, f)) for f in range(len(s.me.farm))]
    return max(scores, key=lambda x: x[1])


def score_worker_move(s: Seen, d: Decision, o: Option) -> float:
    return field_yield_value(s, FIELD_INDEX[arg_of(o)])


def score_harvest(s: Seen, d: Decision, o: Option) -> float:
    paid = any(x.id == "done" for x in d.options)
    if o.id == "done":
        return 0.0
    item = FIELD_ITEM[s.me.farm[FIELD_INDEX[arg_of(o)]].type]
    return crop_value(s, item) - (ITEM_VALUE["water"] + 0.3 if paid else 0.0)


def score_trader(s: Seen, d: Decision, o: Option) -> float:
    verb, arg = o.id.partition(":")[::2]
    if verb == "free_resource":
        return 1.0 + ITEM_VALUE[arg] - 0.2 * s.held(arg)
    if verb == "free_crop":
        return crop_value(s, arg)
    if verb == "sell":
        return sell_gain(s, arg, o)
    if verb == "buy":
        return buy_gain(s, arg, int(o.args["price"]))
    return 0.0


def sell_gain(s: Seen, item: str, o: Option) -> float:
    """Sell crops that would rot in the yard, or anything when short of tax money."""
    price = int(o.args["price"])
    if item in CROP_IDS and s.in_yard(item) > 0 and will_rot(s, item):
        return price * PESO_VP
    if item in GOOD_IDS:
        short = 0.5 if s.me.money < 4 else -0.3
        return price * PESO_VP - good_value(s, item) + short
    return -1.0


def score_architect(s: Seen, d: Decision, o: Option) -> float:
    if o.id == "forgo":
        return forgo_vp(s, "architect_first", "architect_second", 2, 1)
    return building_value(s, BUILDINGS[arg_of(o)])


def score_architect_field(s: Seen, d: Decision, o: Option) -> float:
    """Line buildings up in one row/column, avoid the lake and good fields."""
    f = FIELD_INDEX[arg_of(o)]
    mine = [FIELD_INDEX[x] for x in s.owned()]
    row, col = divmod(f, COLS)
    lined = sum(1 for m in mine if m // COLS == row or m % COLS == col)
    loss = {"lake": 0.6, "mountain": 0.9, "forest": 0.9}.get(s.me.farm[f].type, 0.5)
    return lined - loss + (0.5 if f in CROSSES[FIELD_INDEX[s.me.worker_field]] else 0.0)


def best_foreman(s: Seen) -> tuple[str, float]:
    farm = s.me.farm
    here = FIELD_INDEX[s.me.worker_field]
    cross = sum(activation_value(s, farm[f].building) for f in CROSSES[here]
                if farm[f].building or farm[f].type == "warehouse")
    singles = [(f.id, activation_value(s, f.building)) for f in farm
               if f.building or f.type == "warehouse"]
    best_single = max(singles, key=lambda x: x[1], default=("", 0.0))
    return ("cross", cross) if cross >= best_single[1] else best_single


def score_foreman(s: Seen, d: Decision, o: Option) -> float:
    farm = s.me.farm
    if o.id == "cross":
        here = FIELD_INDEX[s.me.worker_field]
        return sum(activation_value(s, farm[f].building) for f in CROSSES[here]
                   if farm[f].building or farm[f].type == "warehouse") + 0.01
    return activation_value(s, farm[FIELD_INDEX[arg_of(o)]].building)


ORDER: Final = {K.CONVERT_ITEMS: 5, K.EXCHANGE_CROP_GOOD: 4, K.CONVERT_TO_VP: 3, K.LOAD_SHIP: 3,
                K.SELL_TO_SUPPLY: 2}


def score_activate(s: Seen, d: Decision, o: Option) -> float:
    if o.id == "done":
        return 0.05
    bid = s.me.farm[FIELD_INDEX[arg_of(o)]].building
    if not bid:
        return 1.0  # the warehouse last among the useful ones
    b = BUILDINGS[bid]
    return 0.0 if b.kind is K.SWAP_SHIP_WITH_SEA else 1.0 + ORDER.get(b.kind, 2)


def score_building_use(s: Seen, d: Decision, o: Option) -> float:
    if o.id == "done":
        return 0.0
    verb, arg = o.id.partition(":")[::2]
    if verb == "use":
        return 1.0
    if verb == "load":
        pos, item = arg.split(":")
        return DATA.berth_vp[POSITION_INDEX[pos]] - keep_value(s, item)
    if verb == "sell":
        keep = arg in RESOURCE_IDS and arg != "water"
        return -1.0 if keep else 0.5
    if verb == "exchange":
        src, dst = arg.split(":")
        return item_value(s, dst) - item_value(s, src) + (0.3 if src in CROP_IDS else -0.5)
    return -1.0


def score_mayor(s: Seen, d: Decision, o: Option) -> float:
    if o.id == "forgo":
        return PESO_VP * forgo_vp(s, "mayor_first", "mayor_second", 4, 2)
    h = next(h for h in s.v.harbor if h.position == arg_of(o))
    return ship_value(s, h)


def score_mayor_load(s: Seen, d: Decision, o: Option) -> float:
    if o.id == "done":
        return 0.0
    return int(o.args["vp"]) - keep_value(s, arg_of(o))


def score_veto(s: Seen, d: Decision, o: Option) -> float:
    if o.id == "none":
        return 0.0
    cat = ["tax", "tax_in_kind", "subsidy", "other"].index(arg_of(o))
    new = LAWS[s.v.proposals[cat].law_id]
    return law_value(s, s.law(cat)) - law_value(s, new) - 0.5


def score_pass(s: Seen, d: Decision, o: Option) -> float:
    new = LAWS[arg_of(o)]
    return law_value(s, new) - law_value(s, s.law(new.category))


def score_pay_tax(s: Seen, d: Decision, o: Option) -> float:
    return 1.0 if o.id == "pay" else 0.0


def score_pay_duty(s: Seen, d: Decision, o: Option) -> float:
    if o.id == "decline":
        return 0.0
    return 3.0 - sum(item_value(s, i) for i in arg_of(o).split("+")) * 0.5


def score_parliament_card(s: Seen, d: Decision, o: Option) -> float:
    """Variant: keep the card the bot needs least (the Trader), else the Mayor's votes."""
    return {"trader": 2.0, "mayor": 1.0}.get(arg_of(o), 0.0)


SCORERS: Final[dict[str, Scorer]] = {
    "cuba.setup_pick": score_setup_pick, "cuba.play_character": score_play,
    "cuba.worker_move": score_worker_move, "cuba.worker_harvest": score_harvest,
    "cuba.trader": score_trader, "cuba.architect": score_architect,
    "cuba.architect_field": score_architect_field, "cuba.foreman": score_foreman,
    "cuba.foreman_activate": score_activate, "cuba.building_use": score_building_use,
    "cuba.mayor": score_mayor, "cuba.mayor_load": score_mayor_load, "cuba.veto": score_veto,
    "cuba.pass_law": score_pass, "cuba.pay_tax": score_pay_tax,
    "cuba.pay_duty": score_pay_duty, "cuba.parliament_card": score_parliament_card,
}


def bid_amount(s: Seen, d: Decision) -> int:
    """Bids: small and only from money the tax will not need."""
    assert d.amount is not None
    tax = s.law(0)
    reserve = 0 if tax is None else (tax.pesos if tax.kind is LawKind.TAX_PESOS
                                     else len(s.owned()))
    spare = s.me.money - reserve - 2
    want = 1 if d.kind == "cuba.rebid" else 2
    return max(d.amount.min, min(d.amount.max, want if spare >= 6 else 0))


@mypyc_attr(allow_interpreted_subclasses=True)  # a test spies on it
class HeuristicBot:
    """Plays to win from its own view (see the module docstring)."""

    def choose(self, view: pb.CubaView, decision: Decision, r: RngState) -> Choice:
        s = Seen(view)
        if decision.amount is not None:
            return Choice(decision.id, amount=bid_amount(s, decision))
        scorer = SCORERS.get(decision.kind)
        if scorer is None:
            return random_choice(decision, r)
        scored = [(scorer(s, decision, o), o.id) for o in decision.options]
        top = max(x[0] for x in scored)
        best = [oid for value, oid in scored if value >= top - 1e-9]
        return Choice(decision.id, option_id=best[prng.randbelow(r, len(best))])

