"""Load and validate the Cuba Libre data (map.json, cards.json, setup.json) into frozen tables.

The files in `data/` are copies of the shared game data (DATA.md). They are decoded with typed
msgspec schemas (unknown fields, wrong types or unknown ids stop the import), cross-checked
(`validate`: adjacency, totals, card classes, forces) and turned into index tables: the rules use
space indices (map.json order, west to east), piece kinds and faction numbers; names appear only
here and at the view boundary. A broken file stops the service at start with `DataError`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final, TypeVar

import msgspec

from .constants import (
    CAP_MARKERS,
    CASH_HOLDERS,
    DECEPTION_IDS,
    FACTION_IDS,
    MOM_MARKERS,
    NKINDS,
    POOL,
    PROPAGANDA_FIRST,
    SETUP_PIECES,
    SPACE_TYPE_IDS,
    SUPPORT_LEVEL_IDS,
    TERRAIN_IDS,
    US_ALLIANCE_IDS,
    Cap,
    Mom,
    SpaceType,
    Terrain,
)
from .schema import (
    CardData,
    CardsFile,
    DataError,
    MapFile,
    PropagandaData,
    SetupFile,
    SideData,
    SpaceData,
)

DATA_DIR: Final = Path(__file__).parent / "data"
T = TypeVar("T")


def _decode(name: str, schema: type[T]) -> T:
    try:
        return msgspec.json.decode((DATA_DIR / name).read_bytes(), type=schema)
    except msgspec.ValidationError as e:
        raise DataError(f"{name}: {e}") from None


MAP: Final = _decode("map.json", MapFile)
CARDS_FILE: Final = _decode("cards.json", CardsFile)
SETUP: Final = _decode("setup.json", SetupFile)

# -- map tables (CL 1.3) ----------------------------------------------------------------------

SPACES: Final = MAP.spaces
NAMES: Final[tuple[str, ...]] = tuple(s.id for s in SPACES)
TITLES: Final[tuple[str, ...]] = tuple(s.name for s in SPACES)
INDEX: Final[dict[str, int]] = {n: i for i, n in enumerate(NAMES)}
NS: Final = len(NAMES)
TYPE: Final = tuple(SpaceType(SPACE_TYPE_IDS.index(s.type)) for s in SPACES)
POP: Final = tuple(s.pop for s in SPACES)
ECON: Final = tuple(s.econ or 0 for s in SPACES)
TERRAIN: Final = tuple(Terrain(TERRAIN_IDS.index(s.terrain or "")) for s in SPACES)
HOPS_TO_HAVANA: Final = tuple(s.hops_to_havana for s in SPACES)
HAVANA: Final = INDEX["havana"]
SIERRA_MAESTRA: Final = INDEX["sierra_maestra"]
CITIES: Final = tuple(i for i in range(NS) if TYPE[i] == SpaceType.CITY)
PROVINCES: Final = tuple(i for i in range(NS) if TYPE[i] == SpaceType.PROVINCE)
ECS: Final = tuple(i for i in range(NS) if TYPE[i] == SpaceType.EC)
POPULATED = tuple(i for i in range(NS) if TYPE[i] != SpaceType.EC)  # G.1 Cities and Provinces
IS_EC: Final = tuple(t == SpaceType.EC for t in TYPE)
TOTAL_POP: Final = sum(POP)
TOTAL_ECON: Final = sum(ECON)


def _adjacent(s: SpaceData) -> tuple[int, ...]:
    unknown = [a for a in s.adjacent if a not in INDEX]
    if unknown:
        raise DataError(f"map.json: {s.id} adjacent to unknown spaces {unknown}")
    return tuple(INDEX[a] for a in s.adjacent)


ADJ: Final[tuple[tuple[int, ...], ...]] = tuple(_adjacent(s) for s in SPACES)

# CL 8.2 random City/Province table (substitute, CL-D-04): cell 6 * (green - 1) + (yellow - 1).
RANDOM_SPACE_CELLS: Final[tuple[int, ...]] = tuple(
    INDEX[name] for col in MAP.random_space_table.columns for name in col.rows_yellow_1_to_6)
# CL 8.3 random EC table (substitute, CL-D-05): die face 1-6 -> EC.
RANDOM_EC_DIE: Final[tuple[int, ...]] = tuple(
    INDEX[MAP.random_ec_table.die[str(face)]] for face in range(1, 7))

# -- cards (CL 2.3.2, 5.2-5.4, 8.4.1) ---------------------------------------------------------

EVENTS: Final[dict[int, CardData]] = {c.number: c for c in CARDS_FILE.cards}
EVENT_CARDS: Final[tuple[int, ...]] = tuple(sorted(EVENTS))
PROPAGANDA: Final[dict[int, PropagandaData]] = {
    PROPAGANDA_FIRST + i: p for i, p in enumerate(CARDS_FILE.propaganda_cards)}
PROPAGANDA_CARDS: Final[tuple[int, ...]] = tuple(sorted(PROPAGANDA))
FACTION_ORDER: Final[dict[int, tuple[int, ...]]] = {
    n: tuple(FACTION_IDS.index(f) for f in c.faction_order) for n, c in EVENTS.items()}


def _lasting_sides() -> dict[str, tuple[int, str]]:
    """marker -> (card, side) of every Capability and Momentum side (CL 5.3-5.4)."""
    out: dict[str, tuple[int, str]] = {}
    for n, c in EVENTS.items():
        for side, data in (("unshaded", c.unshaded), ("shaded", c.shaded)):
            if data is not None and data.kind != "event":
                if data.marker in out:
                    raise DataError(f"cards.json: marker {data.marker} used twice")
                out[data.marker] = (n, side)
    return out


LASTING: Final = _lasting_sides()


def _flag_cards(markers: dict[Cap, str] | dict[Mom, str]) -> dict[int, tuple[int, str]]:
    missing = [m for m in markers.values() if m not in LASTING]
    if missing:
        raise DataError(f"cards.json: no lasting side with marker {missing}")
    return {int(flag): LASTING[m] for flag, m in markers.items()}


CAP_CARD: Final[dict[int, tuple[int, str]]] = _flag_cards(CAP_MARKERS)  # Cap -> (card, side)
MOM_CARD: Final[dict[int, tuple[int, str]]] = _flag_cards(MOM_MARKERS)  # Mom -> (card, side)


def card_title(card: int) -> str:
    return EVENTS[card].title if card in EVENTS else "Propaganda"


def is_propaganda(card: int) -> bool:
    return card in PROPAGANDA


# -- setup (CL 1.4 Available Forces, setup block) ---------------------------------------------


def _forces() -> tuple[int, ...]:
    """Available Forces before setup, per pool slot (CL 1.4, setup.json components)."""
    forces = SETUP.components["available_forces_total"]
    out = [0] * NKINDS
    if not isinstance(forces, dict) or sorted(forces) != sorted(FACTION_IDS):
        raise DataError("setup.json: available_forces_total must list the four factions")
    for f, fid in enumerate(FACTION_IDS):
        for piece, count in forces[fid].items():
            if piece not in SETUP_PIECES[f]:
                raise DataError(f"setup.json: unknown {fid} piece {piece!r}")
            out[SETUP_PIECES[f][piece]] = int(count)
    return tuple(out)


FORCES: Final = _forces()


def _no_bot_seatings() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """CL 1.5 seatings without Non-players (4, 3 and 2 players), each seat's factions."""
    opt = SETUP.players.without_bots_option
    return tuple(tuple(tuple(FACTION_IDS.index(f) for f in seat) for seat in seating)
                 for seating in (opt.four, *opt.three["either"], opt.two))


NO_BOT_SEATINGS: Final = _no_bot_seatings()
# The faction pairs one player may run (CL 1.5): the seats of the 2-player seating.
PAIRS: Final[tuple[tuple[int, ...], ...]] = NO_BOT_SEATINGS[-1]
STANDARD: Final = SETUP.standard
DECK: Final = SETUP.deck_preparation


def setup_kind(f: int, piece: str) -> int:
    """The piece kind a setup.json piece name stands for, for faction f."""
    try:
        return SETUP_PIECES[f][piece]
    except KeyError:
        raise DataError(f"setup.json: unknown {FACTION_IDS[f]} piece {piece!r}") from None


def standard_pieces() -> tuple[tuple[int, int, int], ...]:
    """(space, kind, count) of the standard setup (setup.json `standard.pieces`)."""
    out: list[tuple[int, int, int]] = []
    for space, by_faction in STANDARD.pieces.items():
        if space not in INDEX:
            raise DataError(f"setup.json: unknown space {space!r}")
        for fid, counts in by_faction.items():
            f = FACTION_IDS.index(fid)
            out += [(INDEX[space], setup_kind(f, p), n) for p, n in counts.items()]
    return tuple(out)


STANDARD_PIECES: Final = standard_pieces()


def deception_kinds() -> tuple[str, ...]:
    kinds = SETUP.options["deception"]["counter_kinds"]
    return tuple(str(k) for k in kinds) if isinstance(kinds, list) else ()


# -- validation -------------------------------------------------------------------------------


def _map_problems() -> list[str]:
    bad: list[str] = []
    for s in range(NS):
        for a in ADJ[s]:
            if s not in ADJ[a]:
                bad.append(f"adjacency {NAMES[s]}->{NAMES[a]} not symmetric")
            if a == s:
                bad.append(f"{NAMES[s]} adjacent to itself")
        sp = SPACES[s]
        is_ec = TYPE[s] == SpaceType.EC
        if (sp.pop > 0) == is_ec or sp.has_support_level == is_ec or sp.bases_allowed == is_ec:
            bad.append(f"{NAMES[s]}: Population/support/bases do not fit its type")
        if (sp.econ is not None) != is_ec or (sp.terrain is not None) != (
                TYPE[s] == SpaceType.PROVINCE):
            bad.append(f"{NAMES[s]}: Econ or terrain do not fit its type")
    t = MAP.totals
    counts = [len(CITIES), len(PROVINCES), len(ECS)]
    if counts != [t.cities, t.provinces, t.economic_centers] or t.spaces != NS:
        bad.append(f"space counts {counts}")
    if (sum(POP[c] for c in CITIES), sum(POP[p] for p in PROVINCES), TOTAL_POP, TOTAL_ECON) != (
            t.pop_cities, t.pop_provinces, t.pop_total, t.econ_total):
        bad.append("Population or Econ totals differ from map.json totals")
    if t.max_total_support != 2 * TOTAL_POP:
        bad.append("max_total_support is not twice the Population")
    if sum(len(a) for a in ADJ) // 2 != t.adjacency_pairs:
        bad.append("adjacency pair count")
    table = MAP.random_space_table
    order = tuple(INDEX[name] for name in table.order)
    formula = tuple(order[k % len(order)] for k in range(36))  # map.json cell_formula
    greens = [c.green for c in table.columns]
    if formula != RANDOM_SPACE_CELLS or sorted(order) != sorted(POPULATED) or greens != [
            1, 2, 3, 4, 5, 6]:
        bad.append("random space table does not follow its cell formula over the 10 spaces")
    if sorted(set(RANDOM_EC_DIE)) != list(ECS):
        bad.append("random EC table must name the 3 ECs")
    return bad + _distance_problems()


def _distance_problems() -> list[str]:
    """hops_to_havana is the breadth-first distance to Havana (map.json conventions)."""
    dist = {HAVANA: 0}
    queue = [HAVANA]
    for s in queue:
        for a in ADJ[s]:
            if a not in dist:
                dist[a] = dist[s] + 1
                queue.append(a)
    return [f"{NAMES[s]}: hops_to_havana {HOPS_TO_HAVANA[s]} != {dist.get(s)}"
            for s in range(NS) if dist.get(s) != HOPS_TO_HAVANA[s]]


def _card_problems() -> list[str]:
    bad: list[str] = []
    k = CARDS_FILE.counts
    if tuple(range(1, 49)) != EVENT_CARDS or len(PROPAGANDA) != k.propaganda_cards != 4:
        bad.append("cards: 48 Events numbered 1-48 and 4 Propaganda cards expected")
    for n, c in EVENTS.items():
        if sorted(FACTION_ORDER[n]) != [0, 1, 2, 3]:
            bad.append(f"card {n}: faction order is not the four factions")
        if (c.shaded is None) != c.single_sided:
            bad.append(f"card {n}: single_sided does not match the shaded side")
        kinds = {s.kind for s in (c.unshaded, c.shaded) if s is not None} - {"event"}
        if kinds != set(c.lasting_kinds):
            bad.append(f"card {n}: lasting_kinds do not match its sides")
        for side in (c.unshaded, c.shaded):
            if side is not None and (side.kind == "event") != (side.lasting is None):
                bad.append(f"card {n}: a side's kind and duration disagree")
    if tuple(n for n, c in EVENTS.items() if c.single_sided) != k.single_sided:
        bad.append("single-sided cards differ from counts.single_sided")
    caps = sorted(v for v in LASTING.values() if _side(v).kind == "capability")
    moms = sorted(v for v in LASTING.values() if _side(v).kind == "momentum")
    if caps != sorted(k.capability_sides) or moms != sorted(k.momentum_sides):
        bad.append("Capability/Momentum sides differ from counts")
    if sorted(CAP_CARD.values()) != caps or sorted(MOM_CARD.values()) != moms:
        bad.append("the Cap/Mom enums do not cover every lasting side once")
    for fid, cards in k.outlined_by_faction.items():
        if tuple(n for n, c in EVENTS.items() if fid in c.bot.outlined) != cards:
            bad.append(f"outlined symbols of {fid} differ from counts")
    return bad


def _side(where: tuple[int, str]) -> SideData:
    c = EVENTS[where[0]]
    side = c.unshaded if where[1] == "unshaded" else c.shaded
    assert side is not None
    return side


def _setup_problems() -> list[str]:
    bad: list[str] = []
    if SETUP.factions != FACTION_IDS:
        bad.append("setup.json factions are not govt, m26, directorio, syndicate")
    if sum(FORCES) != SETUP.components["total_pieces"]:
        bad.append("Available Forces do not add up to total_pieces")
    placed = [0] * NKINDS
    for s, kind, n in STANDARD_PIECES:
        placed[POOL[kind]] += n
        if IS_EC[s] and kind not in CASH_HOLDERS:
            bad.append(f"standard setup puts a Base or Casino in the EC {NAMES[s]}")
    if any(placed[k] > FORCES[k] for k in range(NKINDS)):
        bad.append("standard setup places more pieces than the Available Forces")
    if sorted(STANDARD.support) != sorted(NAMES[s] for s in POPULATED):
        bad.append("standard support must give every City and Province a level")
    if STANDARD.us_alliance not in US_ALLIANCE_IDS:
        bad.append("standard US Alliance")
    if any(level not in SUPPORT_LEVEL_IDS for level in STANDARD.support.values()):
        bad.append("standard support level")
    if deception_kinds() != DECEPTION_IDS:
        bad.append("Deception counter kinds differ from constants.DECEPTION_IDS")
    if (DECK.standard.events_used, DECK.standard.pile_size) != (48, 12) or (
            DECK.short_game.events_used, DECK.short_game.pile_size) != (40, 10):
        bad.append("deck preparation sizes")
    return bad


def validate() -> list[str]:
    """Every data check (map symmetry and totals, card classes, setup); the problems found."""
    return _map_problems() + _card_problems() + _setup_problems()


_PROBLEMS: Final = validate()
if _PROBLEMS:
    raise DataError("cuba_libre data invalid: " + "; ".join(_PROBLEMS))
