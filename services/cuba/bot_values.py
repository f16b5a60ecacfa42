"""What things are worth to the heuristic bot, in rough VP-equivalents, read from its own
`CubaView` and the printed game data (`bots.py` scores the options with these).

The goods economy (issue 10 item 12): a rum or cigar is worth its best outlet — a free
goods slot on a berth ship (the berth's VP, now if a Mayor or trading office is still to
come this round, else a discounted guess at next round's berth), a Rum/Cigar Bar (2 VP),
the Shop (6 pesos) or the market; sugar cane and tobacco are worth at least the good a
Rum Distillery / Cigar Factory turns them into; factories and bars are worth more to a
player who owns the other half of the chain.
"""

from __future__ import annotations

from typing import Final

from tablero.cuba.v1 import view_pb2 as pb

from .constants import ITEM_IDS, BuildingKind, LawKind
from .data import DATA, Building, Law

K = BuildingKind
CROP_IDS: Final = ITEM_IDS[:3]
GOOD_IDS: Final = ITEM_IDS[3:5]
RESOURCE_IDS: Final = ITEM_IDS[5:]
CARGO_IDS: Final = ITEM_IDS[:5]
BUILDINGS: Final = {b.id: b for b in DATA.buildings}
LAWS: Final = {x.id: x for x in DATA.laws}
ITEM_VALUE: Final = {"wood": 1.0, "stone": 1.1, "water": 0.5, "citrus": 0.6, "sugar_cane": 0.6,
                     "tobacco": 0.6, "rum": 1.0, "cigar": 1.0}
# VP-equivalent of one activation of a building (per round), before inputs are checked.
ACTIVATION_VALUE: Final = {
    "hotel": 2.0, "guest_house": 1.0, "large_bank": 2.0, "bank": 1.0, "sawmill": 1.5,
    "cement_factory": 1.5, "golf_course": 1.0, "monastery": 1.0, "rum_bar": 1.5,
    "cigar_bar": 1.5, "trading_office": 2.0, "large_trading_office": 3.0, "shop": 1.5,
    "produce_market": 1.0, "resource_market": 0.8, "cigar_factory": 1.0, "rum_distillery": 1.0,
    "black_market": 0.5, "dam": 0.6, "lighthouse": 0.1, "church": 0.3, "warehouse": 0.8,
    "city_hall": 0.5,
}
PESO_VP: Final = 0.5
# CU 7.4.1-2 / 7.2.5-6 / 7.3.1: each good's factory, its input crop and its bar.
CHAINS: Final = {"rum": ("rum_distillery", "sugar_cane", "rum_bar"),
                 "cigar": ("cigar_factory", "tobacco", "cigar_bar")}
LATER: Final = 0.6  # a chance next round is worth this share of the same chance now


class Seen:
    """What the bot reads from its own view, with small helpers."""

    def __init__(self, view: pb.CubaView) -> None:
        self.v = view
        self.me = view.players[view.viewer]
        self.mine = {f.building for f in self.me.farm if f.building}

    def held(self, item: str) -> int:
        return int(getattr(self.me.yard, item) + getattr(self.me.storage, item))

    def in_yard(self, item: str) -> int:
        return int(getattr(self.me.yard, item))

    def has_card(self, card: str) -> bool:
        return card in self.me.hand

    def owns(self, building: str) -> bool:
        return building in self.mine

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

    def berths(self) -> list[pb.HarborPosition]:
        return [h for h in self.v.harbor if h.ship_id and h.vp_per_unit]

    def can_activate(self) -> bool:
        """A Foreman still to play this round, or a round still to come."""
        return self.has_card("foreman") or self.rounds_left() > 0


# -- items ----------------------------------------------------------------------


def free_slots(h: pb.HarborPosition, item: str) -> int:
    return int(getattr(h.slots, item) - getattr(h.loaded, item))


def free_berth_slots(s: Seen, item: str) -> int:
    return sum(free_slots(h, item) for h in s.berths())


def can_ship_now(s: Seen) -> bool:
    """A Mayor still in hand, or a trading office and a Foreman to activate it."""
    offices = s.owns("trading_office") or s.owns("large_trading_office")
    return s.has_card("mayor") or (offices and s.has_card("foreman"))


def shipping_value(s: Seen, item: str) -> float:
    """VP for shipping one unit: the best berth with a free slot for it, this round when
    it can still ship, else next round (the ship one berth further on) discounted."""
    best_now = max((h.vp_per_unit for h in s.berths() if free_slots(h, item) > 0), default=0)
    if best_now and can_ship_now(s):
        return float(best_now)
    if s.rounds_left() == 0:
        return 0.0
    later = [min(3, h.vp_per_unit + 1) for h in s.v.harbor if h.ship_id and
             h.position != "berth_3" and free_slots(h, item) > 0]
    return LATER * max(later, default=0)


def good_value(s: Seen, good: str) -> float:
    """CU 7.2.5-6, 7.3.1, 5.B.5: one rum or cigar is worth its best outlet."""
    outlets = [ITEM_VALUE[good], shipping_value(s, good)]
    if s.owns(CHAINS[good][2]) and s.can_activate():
        outlets.append(float(BUILDINGS[CHAINS[good][2]].vp))
    if s.owns("shop") and s.can_activate():
        outlets.append(BUILDINGS["shop"].pesos * PESO_VP)
    return max(outlets)


def will_rot(s: Seen, crop: str) -> bool:
    """CU 5.E.1: a crop in the yard with no Foreman (warehouse, factory) or Mayor left to
    use it this round, and not wanted as tax in kind, is discarded at the end of the round."""
    return not (s.has_card("foreman") or s.has_card("mayor") or crop in s.duty_items())


def crop_value(s: Seen, crop: str) -> float:
    """A crop is worth more if it can be shipped, paid as duty, or turned into a good;
    next to nothing if it will rot."""
    if will_rot(s, crop):
        return 0.1
    ship = shipping_value(s, crop)
    value = max(ITEM_VALUE[crop] + 0.8 * (ship > 0), 0.8 * ship)
    if crop in s.duty_items() and s.held(crop) == 0:
        value += 1.5
    for good, (factory, source, _) in CHAINS.items():
        if crop == source and s.owns(factory) and s.can_activate():
            value = max(value, good_value(s, good) - 0.2)
    return value


def item_value(s: Seen, item: str) -> float:
    if item in CROP_IDS:
        return crop_value(s, item)
    return good_value(s, item) if item in GOOD_IDS else ITEM_VALUE[item]


def keep_value(s: Seen, item: str) -> float:
    """What a unit is worth if not shipped now: goods keep their other outlets; crops are
    duty or factory input, or rot in the yard at the end of the round."""
    if item in GOOD_IDS:
        outlets = [BUILDINGS[CHAINS[item][2]].vp if s.owns(CHAINS[item][2]) else 0.0,
                   BUILDINGS["shop"].pesos * PESO_VP if s.owns("shop") else 0.0]
        return max(outlets) if s.can_activate() else 0.0
    if item in s.duty_items() and s.held(item) == 1:
        return 2.5
    for good, (factory, source, _) in CHAINS.items():
        if item == source and s.owns(factory) and s.can_activate():
            return good_value(s, good) - 0.2
    return 0.0


def ship_value(s: Seen, h: pb.HarborPosition) -> float:
    """VP of loading onto this berth ship every unit that fits and is worth shipping."""
    value = 0.0
    for item in CARGO_IDS:
        gain = h.vp_per_unit - keep_value(s, item)
        if gain > 0:
            value += min(s.held(item), free_slots(h, item)) * gain
    return value


# -- buildings ------------------------------------------------------------------


def chain_inputs(s: Seen, b: Building) -> int:
    """Units a building could take at its next activation, counting the goods its own
    factory can make first."""
    n = sum(s.held(ITEM_IDS[i]) for i in b.inputs)
    for good, (factory, source, _) in CHAINS.items():
        if s.owns(factory) and good in (ITEM_IDS[i] for i in b.inputs):
            n += s.held(source)
    return n


def activation_value(s: Seen, bid: str) -> float:
    """One activation of one of my buildings, given what I hold now."""
    if not bid:
        crops = sum(s.in_yard(c) for c in CROP_IDS)
        return 0.3 * crops if s.v.round < s.v.rounds else 0.0
    b = BUILDINGS[bid]
    if b.kind is K.CONVERT_ITEMS:
        crop, good = ITEM_IDS[b.inputs[0]], ITEM_IDS[b.output]
        gain = good_value(s, good) - ITEM_VALUE[crop] - 0.8 * (shipping_value(s, crop) > 0)
        return min(b.max_uses, s.held(crop)) * max(0.0, gain)
    if b.kind in (K.CONVERT_TO_VP, K.SELL_TO_SUPPLY):
        n = min(b.max_uses, chain_inputs(s, b))
        return n * (b.vp if b.kind is K.CONVERT_TO_VP else b.pesos * PESO_VP)
    if b.kind is K.LOAD_SHIP:
        best = max((h.vp_per_unit for h in s.berths()
                    if any(s.held(i) and free_slots(h, i) for i in CARGO_IDS)), default=0)
        return float(best * b.max_units)
    if b.kind is K.GAIN_PESOS:
        return b.pesos * PESO_VP
    return ACTIVATION_VALUE[bid] if b.kind is not K.GAIN_VP else float(b.vp)


def chain_factor(s: Seen, b: Building) -> float:
    """Factories, bars and the shop pay when the other half of their chain is owned (or
    the harbour takes goods); alone, a bar must buy its goods."""
    for good, (factory, _, bar) in CHAINS.items():
        if b.id == factory:
            outlet = s.owns(bar) or s.owns("shop")
            return 2.2 if outlet else 1.4 + 0.2 * (free_berth_slots(s, good) > 0)
        if b.id == bar:
            return 2.0 if s.owns(factory) else 0.6
    if b.id == "shop":
        return 1.5 if any(s.owns(c[0]) for c in CHAINS.values()) else 0.8
    return 1.0


def building_value(s: Seen, b: Building) -> float:
    """Worth of building this tile now: final 2 VP plus expected activations."""
    per = ACTIVATION_VALUE[b.id] * chain_factor(s, b)
    cost = sum(b.cost) * 0.3
    return DATA.vp_per_building + 0.6 * per * s.rounds_left() - cost


# -- laws -----------------------------------------------------------------------


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
