"""Cuba bots: the kernel's RandomBot and a heuristic bot that plays to win.

`HeuristicBot` decides from its seat's `CubaView` and the Decision only (plus the
printed game data, which every player knows). Each decision kind has a scorer
that values every offered option in rough VP-equivalents; the best option wins,
ties broken by the bot's own PRNG. The policy: harvest early, build as often
as possible (VP buildings, lined up for the Foreman's cross), ship to the best
berth, always pay taxes, bid little, pass the laws that favour its own seat.
"""

from __future__ import annotations

from collections.abc import Callable

from tablero.cuba.v1 import view_pb2 as pb

from services.kernel import rng as prng
from services.kernel.bots import random_choice
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.rng import RngState

from .constants import (
    COLS,
    CROSSES,
    FIELD_INDEX,
    ITEM_IDS,
    POSITION_INDEX,
    BuildingKind,
    LawKind,
)
from .data import DATA, Building, Law

K = BuildingKind
CROP_IDS = ITEM_IDS[:3]
GOOD_IDS = ITEM_IDS[3:5]
RESOURCE_IDS = ITEM_IDS[5:]
CARGO_IDS = ITEM_IDS[:5]
BUILDINGS = {b.id: b for b in DATA.buildings}
LAWS = {x.id: x for x in DATA.laws}
ITEM_VALUE = {"wood": 1.0, "stone": 1.1, "water": 0.5, "citrus": 0.6, "sugar_cane": 0.6,
              "tobacco": 0.6, "rum": 1.3, "cigar": 1.3}
# VP-equivalent of one activation of a building (per round), before inputs are checked.
ACTIVATION_VALUE = {
    "hotel": 2.0, "guest_house": 1.0, "large_bank": 2.0, "bank": 1.0, "sawmill": 1.5,
    "cement_factory": 1.5, "golf_course": 1.0, "monastery": 1.0, "rum_bar": 1.5,
    "cigar_bar": 1.5, "trading_office": 2.0, "large_trading_office": 3.0, "shop": 1.5,
    "produce_market": 1.0, "resource_market": 0.8, "cigar_factory": 1.0, "rum_distillery": 1.0,
    "black_market": 0.5, "dam": 0.6, "lighthouse": 0.1, "church": 0.3, "warehouse": 0.8,
    "city_hall": 0.5,
}
PESO_VP = 0.5


class Seen:
    """What the bot reads from its own view, with small helpers."""

    def __init__(self, view: pb.CubaView) -> None:
        self.v = view
        self.me = view.players[view.viewer]

    def held(self, item: str) -> int:
        return int(getattr(self.me.yard, item) + getattr(self.me.storage, item))

    def in_yard(self, item: str) -> int:
        return int(getattr(self.me.yard, item))

    def has_card(self, card: str) -> bool:
        return card in self.me.hand

    def owned(self) -> dict[str, str]:
        """field id -> building id."""
        return {f.id: f.building for f in self.me.farm if f.building}

    def law(self, cat: int) -> Law | None:
        lid = self.v.laws_in_force[cat].law_id
        return LAWS[lid] if lid else None

    def other_law_is(self, kind: LawKind) -> bool:
        law = self.law(3)
        return law is not None and law.kind is kind

    def rounds_left(self) -> int:
        return max(0, self.v.rounds - self.v.round)

    def duty_items(self) -> set[str]:
        duty = self.law(1)
        if duty is None or duty.kind is not LawKind.DUTY_ITEMS:
            return set()
        return {ITEM_IDS[i] for i, n in enumerate(duty.items) if n}


# -- valuations -----------------------------------------------------------------


def crop_value(s: Seen, crop: str) -> float:
    """A crop is worth more if it can be shipped now, fed to a factory, or paid as duty."""
    value = ITEM_VALUE[crop]
    if free_berth_slots(s, crop):
        value += 0.8
    owned = set(s.owned().values())
    if (crop == "tobacco" and "cigar_factory" in owned) or \
            (crop == "sugar_cane" and "rum_distillery" in owned):
        value += 0.6
    if crop in s.duty_items() and s.held(crop) == 0:
        value += 1.5
    return value


def item_value(s: Seen, item: str) -> float:
    return crop_value(s, item) if item in CROP_IDS else ITEM_VALUE[item]


def free_berth_slots(s: Seen, item: str) -> int:
    return sum(int(getattr(h.slots, item) - getattr(h.loaded, item)) for h in s.v.harbor
               if h.ship_id and h.vp_per_unit)


def ship_value(s: Seen, h: pb.HarborPosition) -> float:
    """VP of loading everything that fits onto this berth ship."""
    units = sum(min(s.held(i), int(getattr(h.slots, i) - getattr(h.loaded, i)))
                for i in CARGO_IDS)
    return float(units * h.vp_per_unit)


def activation_value(s: Seen, bid: str) -> float:
    """One activation of one of my buildings, given what I hold now."""
    if not bid:
        crops = sum(s.in_yard(c) for c in CROP_IDS)
        return 0.3 * crops if s.v.round < s.v.rounds else 0.0
    b = BUILDINGS[bid]
    if b.kind in (K.CONVERT_TO_VP, K.SELL_TO_SUPPLY, K.CONVERT_ITEMS):
        n = min(b.max_uses, sum(s.held(ITEM_IDS[i]) for i in b.inputs))
        per = b.vp if b.kind is K.CONVERT_TO_VP else (
            b.pesos * PESO_VP if b.kind is K.SELL_TO_SUPPLY else 0.6)
        return n * per
    if b.kind is K.LOAD_SHIP:
        best = max((h.vp_per_unit for h in s.v.harbor if h.ship_id and h.vp_per_unit and
                    any(s.held(i) and getattr(h.slots, i) > getattr(h.loaded, i)
                        for i in CARGO_IDS)), default=0)
        return float(best * b.max_units)
    if b.kind is K.GAIN_PESOS:
        return b.pesos * PESO_VP
    return ACTIVATION_VALUE[bid] if b.kind is not K.GAIN_VP else float(b.vp)


def building_value(s: Seen, b: Building) -> float:
    """Worth of building this tile now: final 2 VP plus expected activations."""
    owned = set(s.owned().values())
    per = ACTIVATION_VALUE[b.id]
    if b.id in ("cigar_bar", "cigar_factory") and not ({"cigar_bar", "cigar_factory"} & owned):
        per *= 0.6
    if b.id in ("rum_bar", "rum_distillery") and not ({"rum_bar", "rum_distillery"} & owned):
        per *= 0.6
    cost = sum(b.cost) * 0.3
    return DATA.vp_per_building + 0.6 * per * s.rounds_left() - cost


def law_value(s: Seen, law: Law | None) -> float:
    """How good a law is for this seat, relative to the others (rough VP per round)."""
    if law is None:
        return 0.0
    if law.kind is LawKind.TAX_PESOS:
        return 2.5 - law.pesos * 0.6
    if law.kind is LawKind.TAX_PESOS_PER_BUILDING:
        return 2.5 - len(s.owned()) * 0.6
    if law.kind is LawKind.DUTY_ITEMS:
        return 1.5 if any(s.held(ITEM_IDS[i]) for i, n in enumerate(law.items) if n) else -0.5
    if law.kind is LawKind.DUTY_ANY:
        return 1.0 if sum(s.held(ITEM_IDS[i]) for i in law.allowed) >= 2 else -0.5
    if law.kind is LawKind.SUBSIDY:
        return subsidy_edge(s, law)
    return {LawKind.DROUGHT: -0.8, LawKind.BUILDING_SURCHARGE: -1.0,
            LawKind.NO_BRIBES: -0.3}.get(law.kind, 0.0)


def subsidy_edge(s: Seen, law: Law) -> float:
    """My subsidy VP minus the others' average, from the public view."""
    def vp(p: pb.PlayerView) -> float:
        buildings = sum(1 for f in p.farm if f.building)
        counts = {
            "buildings": buildings,
            "open_resource_fields": sum(1 for f in p.farm if not f.building and
                                        f.type in ("lake", "mountain", "forest")),
            "open_crop_fields": sum(1 for f in p.farm if not f.building and
                                    f.type.endswith("_field")),
            "water_units": p.yard.water,
            "parliament_card_value": 3,
            "pesos": p.money,
        }
        return float(min(counts[law.counter] // law.divisor, law.max_vp))
    others = [vp(p) for p in s.v.players if p.seat != s.me.seat]
    return vp(s.me) - sum(others) / max(1, len(others))


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
        return 1.2
    if card == "architect":
        best = max((building_value(s, b) for b in affordable(s)), default=0.0)
        return max(best, forgo_vp(s, "architect_first", "architect_second", 2, 1))
    if card == "foreman":
        return best_foreman(s)[1]
    ships = max((ship_value(s, h) for h in s.v.harbor if h.ship_id and h.vp_per_unit),
                default=0.0)
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


FIELD_ITEM = {"lake": "water", "mountain": "stone", "forest": "wood",
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
        price = int(o.args["price"])
        gain = crop_value(s, arg) if arg in CROP_IDS else ITEM_VALUE[arg]
        return gain + (1.5 if free_berth_slots(s, arg) and s.has_card("mayor") else 0.0) \
            - price * PESO_VP - 0.6
    return 0.0


def sell_gain(s: Seen, item: str, o: Option) -> float:
    """Sell crops that would rot in the yard, or anything when short of tax money."""
    price = int(o.args["price"])
    rots = item in CROP_IDS and s.in_yard(item) > 0 and not s.has_card("foreman") and \
        not s.has_card("mayor") and item not in s.duty_items()
    if rots:
        return price * PESO_VP
    if s.me.money < 4 and item in GOOD_IDS and not free_berth_slots(s, item):
        return price * PESO_VP - ITEM_VALUE[item] + 0.5
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


ORDER = {K.CONVERT_ITEMS: 5, K.EXCHANGE_CROP_GOOD: 4, K.CONVERT_TO_VP: 3, K.LOAD_SHIP: 3,
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
        return float(DATA.berth_vp[POSITION_INDEX[arg.split(":")[0]]])
    if verb == "sell":
        keep = arg in RESOURCE_IDS and arg != "water"
        return -1.0 if keep else 0.5
    if verb == "exchange":
        src, dst = arg.split(":")
        return ITEM_VALUE[dst] - item_value(s, src) + (0.3 if src in CROP_IDS else -0.5)
    return -1.0


def score_mayor(s: Seen, d: Decision, o: Option) -> float:
    if o.id == "forgo":
        return PESO_VP * forgo_vp(s, "mayor_first", "mayor_second", 4, 2)
    h = next(h for h in s.v.harbor if h.position == arg_of(o))
    return ship_value(s, h)


def score_mayor_load(s: Seen, d: Decision, o: Option) -> float:
    if o.id == "done":
        return 0.0
    item = arg_of(o)
    keep = item in s.duty_items() and s.held(item) == 1 and s.me.money >= 2
    return 0.5 if keep else 3.0 - ITEM_VALUE[item] * 0.1


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


SCORERS: dict[str, Scorer] = {
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

