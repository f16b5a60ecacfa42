"""Cuba's static reference (GameInfo.reference, decision 0007): buildings with their
cost and effect (CU 7), every law (CU 10) and the five characters (CU 5.B), in a
player's words. Built once from the data tables; no view repeats it."""

from __future__ import annotations

from typing import Final

from tablero.cuba.v1 import view_pb2 as pb

from .constants import CATEGORY_IDS, CHARACTER_IDS, CROPS, GOODS, ITEM_IDS, BuildingKind, votes_of
from .data import DATA, UNLIMITED, Building

# CU 5.B.1-5.B.5: each character's action, then its special use.
CHARACTER_TEXTS: Final[tuple[str, ...]] = (
    "Move your worker to any field of your farm (or leave it). The 6 fields in its row and "
    "column yield: every forest, mountain and lake 1 wood, stone or water; at most 2 of the "
    "crop fields 1 crop each (1 under the drought law), 1 more crop field per water you "
    "discard. Fields under buildings and the warehouse yield nothing.",
    "Trade at the market: buy and sell crops and goods one at a time, as often as you like "
    "(buy from the cheapest token, sell onto the dearest free space). Or, instead, take a "
    "special use: 1 free resource, or 1 free crop of a kind that is cheapest on the market.",
    "Build one building: pay its cost (and 2 pesos under the building law) and put it on any "
    "field without a building except the warehouse. Or forgo building: the first to do so "
    "this round scores 2 VP, the second 1 VP.",
    "Activate your buildings and the warehouse field in your worker's row and column, or any "
    "one building (or the warehouse) anywhere on your farm. Each building works once a round.",
    "Load crops and goods onto one ship in a berth, each onto a free slot of its kind, for "
    "1, 2 or 3 VP a unit by berth. Or forgo shipping: the first to do so this round takes "
    "4 pesos, the second 2 pesos.",
)


def item_name(item: int) -> str:
    return ITEM_IDS[item].replace("_", " ")


def any_of(items: tuple[int, ...]) -> str:
    """'stone', 'rum or cigar', 'a crop (any)', 'a good (any)'."""
    if tuple(items) == CROPS:
        return "crop (any kind)"
    if tuple(items) == GOODS:
        return "rum or cigar"
    names = [item_name(i) for i in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def how_often(uses: int) -> str:
    if uses >= UNLIMITED:
        return "as often as you like"
    return "once" if uses == 1 else f"up to {uses} times"


def building_text(b: Building) -> str:
    """CU 7.2-7.5: what one activation of `b` does."""
    K = BuildingKind
    if b.kind is K.CONVERT_TO_VP:
        return f"Discard 1 {any_of(b.inputs)} for {b.vp} VP, {how_often(b.max_uses)}."
    if b.kind is K.SELL_TO_SUPPLY:
        return (f"Sell 1 {any_of(b.inputs)} to the supply for {b.pesos} pesos, "
                f"{how_often(b.max_uses)} (the market does not change).")
    if b.kind is K.CONVERT_ITEMS:
        return (f"Turn 1 {item_name(b.inputs[0])} into 1 {item_name(b.output)}, "
                f"{how_often(b.max_uses)}.")
    if b.kind is K.GAIN_VP:
        return f"Score {b.vp} VP."
    if b.kind is K.GAIN_PESOS:
        return f"Take {b.pesos} pesos from the bank."
    if b.kind is K.GAIN_ITEMS:
        gains = ", ".join(f"{n} {item_name(i)}" for i, n in enumerate(b.items) if n)
        return f"Take {gains} from the supply."
    if b.kind is K.LOAD_SHIP:
        units = "1 unit" if b.max_units == 1 else f"1 to {b.max_units} units"
        kind = " of one kind" if b.same_type and b.max_units > 1 else ""
        return (f"Load {units}{kind} onto one ship in a berth, each onto a free slot of its "
                f"kind, and score that berth's VP per unit (the harbour law applies).")
    return OTHER_TEXTS[b.kind].format(b=b)


OTHER_TEXTS: Final = {
    BuildingKind.EXCHANGE_CROP_GOOD: "Once: exchange 1 crop for 1 good of your choice, or 1 good "
                                     "for 1 crop.",
    BuildingKind.SWAP_SHIP_WITH_SEA: "Once: swap a ship in a berth with the ship at sea (the "
                                     "cargo stays on the cards).",
    BuildingKind.STORE_CROPS: "Move every crop in your yard into storage, where it survives the "
                              "end of the round.",
    BuildingKind.GAIN_VETO: "Take the Church tile: veto one proposal in this round's parliament.",
    BuildingKind.GAIN_VOTES: "Take the City Hall tile: {b.votes} more votes in this round's "
                             "parliament.",
}

GROUP_RULES: Final = {"victory_points": "CU 7.2", "income": "CU 7.3",
                      "factories_black_market": "CU 7.4", "power": "CU 7.5"}


def building_info(b: Building) -> pb.BuildingInfo:
    info = pb.BuildingInfo(id=b.id, name=b.name, group=b.group, text=building_text(b),
                           rule=GROUP_RULES[b.group])
    for i, n in enumerate(b.cost):
        if n:
            setattr(info.cost, ITEM_IDS[i], n)
    return info


def reference() -> pb.CubaReference:
    ref = pb.CubaReference(buildings=[building_info(b) for b in DATA.buildings])
    for law in DATA.laws:
        ref.laws.add(id=law.id, category=CATEGORY_IDS[law.category], name=law.name,
                     text=law.text)
    for c, cid in enumerate(CHARACTER_IDS):
        ref.characters.add(id=cid, name=cid.capitalize(), votes=votes_of(c),
                           text=CHARACTER_TEXTS[c])
    return ref
