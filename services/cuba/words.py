"""Cuba in a player's words: the names and phrases labels and event texts share
(docs/decisions/0004: labels say what will happen; texts carry no reprs or ids).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from .constants import CHARACTER_IDS, ITEM_IDS, N_ITEMS, POSITION_IDS, BuildingKind
from .data import UNLIMITED, Building

ITEM_NAMES: Final[tuple[str, ...]] = tuple(i.replace("_", " ") for i in ITEM_IDS)
CHARACTER_NAMES: Final[tuple[str, ...]] = ("Worker", "Tradeswoman", "Architect", "Foreman", "Mayor")
POSITION_NAMES: Final[tuple[str, ...]] = ("berth 1", "berth 2", "berth 3", "the sea")
assert len(CHARACTER_NAMES) == len(CHARACTER_IDS) and len(POSITION_NAMES) == len(POSITION_IDS)


def item_name(item: int) -> str:
    return ITEM_NAMES[item]


def count_text(n: int, item: int) -> str:
    """`2 wood`, `1 sugar cane`."""
    return f"{n} {ITEM_NAMES[item]}"


def counts_text(counts: Iterable[int] | Mapping[int, int], empty: str = "nothing") -> str:
    """Counts per item (a vector or {item: n}) as `2 wood, 1 stone`; zeros left out."""
    pairs = counts.items() if isinstance(counts, Mapping) else enumerate(counts)
    parts = [count_text(n, i) for i, n in pairs if n]
    return ", ".join(parts) if parts else empty


def counts_data(counts: Iterable[int] | Mapping[int, int]) -> dict[str, int]:
    """Counts per item for Event.data: {"wood": 2, "stone": 1}; zeros left out."""
    pairs = counts.items() if isinstance(counts, Mapping) else enumerate(counts)
    return {ITEM_IDS[i]: n for i, n in pairs if n}


def bundle_counts(items: Iterable[int]) -> list[int]:
    """A list of item indices (repeats allowed) as counts per item."""
    out = [0] * N_ITEMS
    for i in items:
        out[i] += 1
    return out


def seats_text(seats: Iterable[int]) -> str:
    """`seat 2`, `seats 0 and 3`, `seats 0, 1 and 3`."""
    s = [str(x) for x in seats]
    if len(s) == 1:
        return f"seat {s[0]}"
    return "seats " + ", ".join(s[:-1]) + " and " + s[-1]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def or_list(names: Iterable[str]) -> str:
    """`citrus, sugar cane or tobacco`."""
    s = list(names)
    return "".join(s) if len(s) <= 1 else ", ".join(s[:-1]) + " or " + s[-1]


def and_list(names: Iterable[str]) -> str:
    """`the Bank, the Hotel and the warehouse`."""
    s = list(names)
    return "".join(s) if len(s) <= 1 else ", ".join(s[:-1]) + " and " + s[-1]


def times(n: int) -> str:
    return "once" if n == 1 else ("twice" if n == 2 else f"up to {n} times")


def building_effect(b: Building) -> str:
    """What one Foreman activation of the building does (CU 7, buildings.json)."""
    K = BuildingKind
    inputs = or_list(ITEM_NAMES[i] for i in b.inputs)
    if b.kind is K.CONVERT_TO_VP:
        return f"discard 1 {inputs} for {b.vp} VP, {times(b.max_uses)}"
    if b.kind is K.SELL_TO_SUPPLY:
        return f"sell 1 {inputs} to the supply for {b.pesos} pesos, {times(b.max_uses)}"
    if b.kind is K.CONVERT_ITEMS:
        limit = "as often as you like" if b.max_uses >= UNLIMITED else times(b.max_uses)
        return f"turn 1 {inputs} into 1 {ITEM_NAMES[b.output]}, {limit}"
    if b.kind is K.GAIN_VP:
        return f"+{b.vp} VP"
    if b.kind is K.GAIN_PESOS:
        return f"+{b.pesos} pesos"
    if b.kind is K.GAIN_ITEMS:
        return "+" + counts_text(b.items)
    if b.kind is K.EXCHANGE_CROP_GOOD:
        return "exchange 1 crop for 1 rum or cigar, or 1 rum or cigar for 1 crop, once"
    if b.kind is K.LOAD_SHIP:
        units = "1 unit" if b.max_units == 1 else f"1 to {b.max_units} units of one kind"
        return f"load {units} onto a ship in a berth for that berth's VP each"
    if b.kind is K.SWAP_SHIP_WITH_SEA:
        return "swap a ship in a berth with the ship at sea"
    if b.kind is K.STORE_CROPS:
        return "store every crop in your yard"
    if b.kind is K.GAIN_VETO:
        return "take the veto tile for this round's parliament"
    return f"+{b.votes} votes in this round's parliament"


# CU 5.B.1-5.B.5: what each character's action does, for the card options.
CHARACTER_ACTIONS: Final[tuple[str, ...]] = (
    "move your worker (or stay) and harvest its row and column",
    "buy and sell at the market, or take a free resource or the cheapest crop",
    "build one building, or forgo building for VP",
    "activate the buildings in your worker's row and column, or one building",
    "load cargo onto one ship, or forgo shipping for pesos",
)
# CU 5.B.6: the special-use spaces, in SPACE_IDS order.
SPACE_NAMES: Final[tuple[str, ...]] = (
    "the Tradeswoman's resource", "the Tradeswoman's cheapest crop", "the Architect's first",
    "the Architect's second", "the Mayor's first", "the Mayor's second",
)


def character_name(card: int) -> str:
    return CHARACTER_NAMES[card]


def bundle(counts: Iterable[int]) -> str:
    """Counts per item as an option arg: item ids in item order, repeated, joined by "+"
    (`wood+wood+stone`); "" when empty. The tax in kind's option ids use the same form."""
    return "+".join(ITEM_IDS[i] for i, n in enumerate(counts) for _ in range(n))


def field_type_name(type_id: str) -> str:
    """farm.json field type id in words: `citrus field`, `lake`."""
    return type_id.replace("_", " ")
