"""Cuba's fixed vocabulary (RULES.md CU 0, DATA.md D0).

Items, characters, law categories, harbour positions and special spaces are
small ints in the state (hot representation); their string ids appear only at
the data, option-id, event and view boundaries. Every id here must match the
JSON data (checked by `data.py` at load).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Final


class Item(IntEnum):
    """CU 0.1: crops 0-2, goods 3-4 (together: cargo), resources 5-7."""

    CITRUS = 0
    SUGAR_CANE = 1
    TOBACCO = 2
    RUM = 3
    CIGAR = 4
    WOOD = 5
    STONE = 6
    WATER = 7


ITEM_IDS: Final[tuple[str, ...]] = (
    "citrus", "sugar_cane", "tobacco", "rum", "cigar", "wood", "stone", "water",
)
ITEM_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(ITEM_IDS)}
N_ITEMS: Final = len(ITEM_IDS)
CROPS: Final[tuple[int, ...]] = (Item.CITRUS, Item.SUGAR_CANE, Item.TOBACCO)
GOODS: Final[tuple[int, ...]] = (Item.RUM, Item.CIGAR)
CARGO: Final[tuple[int, ...]] = CROPS + GOODS
RESOURCES: Final[tuple[int, ...]] = (Item.WOOD, Item.STONE, Item.WATER)


class Character(IntEnum):
    """CU 0.5: the card value (votes) is the index + 1."""

    WORKER = 0
    TRADER = 1
    ARCHITECT = 2
    FOREMAN = 3
    MAYOR = 4


CHARACTER_IDS: Final[tuple[str, ...]] = ("worker", "trader", "architect", "foreman", "mayor")
CHARACTER_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(CHARACTER_IDS)}


def votes_of(card: int) -> int:
    """CU 0.5: a character card's value = its votes in parliament."""
    return card + 1


class Category(IntEnum):
    """CU 3.8: law categories I-IV, in decree order."""

    TAX = 0
    TAX_IN_KIND = 1
    SUBSIDY = 2
    OTHER = 3


CATEGORY_IDS: Final[tuple[str, ...]] = ("tax", "tax_in_kind", "subsidy", "other")
CATEGORY_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(CATEGORY_IDS)}
NUMERALS: Final[tuple[str, ...]] = ("I", "II", "III", "IV")


class Position(IntEnum):
    """CU 3.6-3.7: the three berths (1/2/3 VP per unit) and the sea position."""

    BERTH_1 = 0
    BERTH_2 = 1
    BERTH_3 = 2
    SEA = 3


POSITION_IDS: Final[tuple[str, ...]] = ("berth_1", "berth_2", "berth_3", "sea")
POSITION_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(POSITION_IDS)}
BERTHS: Final[tuple[int, ...]] = (Position.BERTH_1, Position.BERTH_2, Position.BERTH_3)
NO_SHIP: Final = -1


class Space(IntEnum):
    """CU 5.B.6: the six black-marker spaces."""

    TRADER_RESOURCE = 0
    TRADER_CROP = 1
    ARCHITECT_FIRST = 2
    ARCHITECT_SECOND = 3
    MAYOR_FIRST = 4
    MAYOR_SECOND = 5


SPACE_IDS: Final[tuple[str, ...]] = (
    "trader_resource", "trader_crop", "architect_first", "architect_second",
    "mayor_first", "mayor_second",
)


class FieldClass(StrEnum):
    """farm.json field_types[].class."""

    WAREHOUSE = "warehouse"
    RESOURCE = "resource"
    CROP = "crop"


class BuildingKind(StrEnum):
    """buildings.json effect.kind (DATA.md D1)."""

    CONVERT_TO_VP = "convert_to_vp"
    GAIN_VP = "gain_vp"
    GAIN_PESOS = "gain_pesos"
    GAIN_ITEMS = "gain_items"
    SELL_TO_SUPPLY = "sell_to_supply"
    CONVERT_ITEMS = "convert_items"
    EXCHANGE_CROP_GOOD = "exchange_crop_good"
    LOAD_SHIP = "load_ship"
    SWAP_SHIP_WITH_SEA = "swap_ship_with_sea"
    STORE_CROPS = "store_crops"
    GAIN_VETO = "gain_veto"
    GAIN_VOTES = "gain_votes"


class LawKind(StrEnum):
    """laws.json effect.kind (DATA.md D2)."""

    TAX_PESOS = "tax_pesos"
    TAX_PESOS_PER_BUILDING = "tax_pesos_per_building"
    DUTY_ITEMS = "duty_items"
    DUTY_ANY = "duty_any"
    SUBSIDY = "subsidy"
    MARKET_ADJUST = "market_adjust"
    DROUGHT = "drought"
    BUILDING_SURCHARGE = "building_surcharge"
    HARBOR_IMMEDIATE_DEPARTURE = "harbor_immediate_departure"
    NO_BRIBES = "no_bribes"


class SubsidyCounter(StrEnum):
    """laws.json subsidy counters (CU 10.3)."""

    BUILDINGS = "buildings"
    OPEN_RESOURCE_FIELDS = "open_resource_fields"
    OPEN_CROP_FIELDS = "open_crop_fields"
    WATER_UNITS = "water_units"
    PARLIAMENT_CARD_VALUE = "parliament_card_value"
    PESOS = "pesos"


class Phase(IntEnum):
    """Where the round is (for views and events)."""

    SETUP = 0
    PROPOSALS = 1
    ACTIONS = 2
    PARLIAMENT = 3
    DECREES = 4
    END_OF_ROUND = 5
    GAME_OVER = 6


PHASE_IDS: Final[tuple[str, ...]] = (
    "setup", "proposals", "actions", "parliament", "decrees", "end_of_round", "game_over",
)

# CU 5.B.1 farm grid: 3 rows x 4 columns; field index = row * COLS + col.
ROWS: Final = 3
COLS: Final = 4
N_FIELDS: Final = ROWS * COLS
NO_BUILDING: Final = -1
NO_CARD: Final = -1
NO_SEAT: Final = -1
NO_LAW: Final = -1
LAPS: Final = 4

# Table options (Game.option_specs).
OPTION_FARM_SIDE: Final = "farm_side"
OPTION_VARIANT: Final = "variant"
SIDE_STANDARD: Final = "standard"
SIDE_INDIVIDUAL: Final = "individual"
VARIANT_NONE: Final = "none"
VARIANT_HIDDEN_CARD: Final = "hidden_parliament_card"


def field_id(field: int) -> str:
    """DATA.md D0: `r<row>c<col>`."""
    return f"r{field // COLS}c{field % COLS}"


FIELD_IDS: Final[tuple[str, ...]] = tuple(field_id(f) for f in range(N_FIELDS))
FIELD_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(FIELD_IDS)}


def cross_of(field: int) -> tuple[int, ...]:
    """CU 5.B.1 item 2: the 6 fields in the field's row and column (itself once)."""
    row, col = divmod(field, COLS)
    cells = {row * COLS + c for c in range(COLS)} | {r * COLS + col for r in range(ROWS)}
    return tuple(sorted(cells))


CROSSES: Final[tuple[tuple[int, ...], ...]] = tuple(cross_of(f) for f in range(N_FIELDS))
