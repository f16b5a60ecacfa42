"""Typed schemas of the Cuba Libre data files (DATA.md D2-D4).

Decoding a file with these msgspec schemas validates it: a missing or unknown field, a wrong
type or an id outside its Literal stops the import with `DataError`. Cross-checks between the
files are `data.validate`.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from .constants import FactionId

Level = Literal["active_support", "passive_support", "neutral", "passive_opposition",
                "active_opposition"]
Confidence = Literal["high", "medium", "low"]


class DataError(ValueError):
    """A data file breaks its schema or a cross-check."""


class Schema(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of the file schemas: frozen, and no field the code does not know."""


# -- map.json (DATA.md D2) --------------------------------------------------------------------


class SpaceData(Schema, frozen=True):
    id: str
    name: str
    name_ru: str | None
    type: Literal["city", "province", "ec"]
    pop: int
    terrain: Literal["forest", "grassland", "mountain"] | None
    econ: int | None
    has_support_level: bool
    bases_allowed: bool
    adjacent: tuple[str, ...]
    hops_to_havana: int
    aliases: tuple[str, ...]
    map_note: str = ""


class TownData(Schema, frozen=True):
    id: str
    name: str
    in_space: str
    is_space: bool
    note: str = ""


class RandomColumn(Schema, frozen=True):
    green: int
    rows_yellow_1_to_6: tuple[str, ...]


class RandomSpaceTable(Schema, frozen=True):
    rule: str
    published: bool
    status: str
    dice: str
    cell_formula: str
    order: tuple[str, ...]
    columns: tuple[RandomColumn, ...]
    follow_arrows: str
    frequencies: dict[str, tuple[str, ...]]


class RandomEcTable(Schema, frozen=True):
    rule: str
    published: bool
    status: str
    die: dict[str, str]
    follow: str


class MapTotals(Schema, frozen=True):
    spaces: int
    cities: int
    provinces: int
    economic_centers: int
    pop_cities: int
    pop_provinces: int
    pop_total: int
    max_total_support: int
    econ_total: int
    adjacency_pairs: int
    terrain: dict[str, tuple[str, ...]]


class MapFile(Schema, frozen=True):
    game: Literal["cuba_libre"]
    file: str
    schema_version: Literal[1]
    sources: tuple[str, ...]
    conventions: dict[str, str]
    totals: MapTotals
    spaces: tuple[SpaceData, ...]
    towns: tuple[TownData, ...]
    random_space_table: RandomSpaceTable
    random_ec_table: RandomEcTable


# -- cards.json (DATA.md D3) ------------------------------------------------------------------


class SideData(Schema, frozen=True):
    """One Event of a card: its kind, implementable text, and lasting marker (CL 5.2-5.4)."""

    kind: Literal["event", "capability", "momentum"]
    effect: str
    lasting: Literal["rest_of_game", "until_next_reset"] | None
    marker: str = ""


class BotData(Schema, frozen=True):
    """Non-player data kept for the bots (CL 8.4.1): outlined symbols, seed rules."""

    outlined: tuple[FactionId, ...]
    instruction_text: str | None
    instruction_text_status: str
    seed_rules: tuple[str, ...]


class CardConfidence(Schema, frozen=True):
    card_text: Confidence
    faction_order: Confidence
    bot_outline: Confidence
    interpretation: Confidence


class CardData(Schema, frozen=True):
    number: int
    id: str
    title: str
    seed_names_ru: tuple[str, ...]
    card_type: Literal["event"]
    faction_order: tuple[FactionId, ...]
    single_sided: bool
    lasting_kinds: tuple[Literal["capability", "momentum"], ...]
    unshaded: SideData
    shaded: SideData | None
    bot: BotData
    confidence: CardConfidence
    text_sources_agree: tuple[str, ...]
    notes: tuple[str, ...]
    discrepancies: tuple[str, ...]


class PropagandaData(Schema, frozen=True):
    id: str
    card_type: Literal["propaganda"]
    count_index: int
    phases: tuple[Literal["victory", "resources", "support", "redeploy", "reset"], ...]
    rule: str
    reminder: str


class CardCounts(Schema, frozen=True):
    event_cards: int
    propaganda_cards: int
    total: int
    single_sided: tuple[int, ...]
    capability_sides: tuple[tuple[int, Literal["unshaded", "shaded"]], ...]
    momentum_sides: tuple[tuple[int, Literal["unshaded", "shaded"]], ...]
    cards_with_outlined_symbols: int
    outlined_symbols_total: int
    outlined_by_faction: dict[FactionId, tuple[int, ...]]
    first_faction_blocks: dict[FactionId, str]


class CardsFile(Schema, frozen=True):
    game: Literal["cuba_libre"]
    file: str
    schema_version: Literal[1]
    sources: tuple[str, ...]
    conventions: dict[str, object]
    counts: CardCounts
    cards: tuple[CardData, ...]
    propaganda_cards: tuple[PropagandaData, ...]


# -- setup.json (DATA.md D4): the parts the rules read ----------------------------------------


class DeckSize(Schema, frozen=True):
    events_used: int
    pile_size: int
    deck_size: int
    events_removed_unseen: int = 0


class DeckPreparation(Schema, frozen=True):
    rule: str
    steps: tuple[str, ...]
    standard: DeckSize
    short_game: DeckSize


class StandardSetup(Schema, frozen=True):
    us_alliance: Literal["firm", "reluctant", "embargoed"]
    aid: int
    resources: dict[FactionId, int]
    eligibility: dict[FactionId, Literal["eligible", "ineligible"]]
    declared_tracks: dict[str, int]
    support: dict[str, Level]
    declared_control: dict[str, FactionId]
    uncontrolled: tuple[str, ...]
    pieces: dict[str, dict[FactionId, dict[str, int]]]
    piece_state_at_setup: str
    cash_on_map: int
    terror_markers: int
    sabotage_markers: int
    capabilities_in_play: tuple[str, ...]
    momentum_in_play: tuple[str, ...]
    propaganda_cards_played: int


class AltStep(Schema, frozen=True):
    step: int
    who: Literal["bots", "syndicate", "directorio", "m26", "govt", "all"]
    do: str
    if_: str = msgspec.field(default="", name="if")


class AlternativeSetup(Schema, frozen=True):
    rule: str
    steps: tuple[AltStep, ...]
    piece_totals_same_as_standard: dict[FactionId, dict[str, int]]


class NoBotsSeating(Schema, frozen=True):
    """CL 1.5 option without Non-players: the factions of each player, by player count (3
    players: either of two seatings)."""

    rule: str
    four: tuple[tuple[FactionId, ...], ...] = msgspec.field(name="4")
    three: dict[Literal["either"], tuple[tuple[tuple[FactionId, ...], ...], ...]] = (
        msgspec.field(name="3"))
    two: tuple[tuple[FactionId, ...], ...] = msgspec.field(name="2")


class PlayersData(Schema, frozen=True):
    with_bots: str
    without_bots_option: NoBotsSeating


class SetupFile(msgspec.Struct, frozen=True):
    """setup.json: the sections the rules read are typed; the rest is documentation."""

    game: Literal["cuba_libre"]
    schema_version: Literal[1]
    factions: tuple[FactionId, ...]
    components: dict[str, object]
    players: PlayersData
    deck_preparation: DeckPreparation
    options: dict[str, dict[str, object]]
    standard: StandardSetup
    alternative: AlternativeSetup
    derived_at_start: dict[str, object]
