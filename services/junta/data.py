"""Load and validate Junta's JSON data (shared DATA.md) into frozen, index-based tables.

The files in `data/` are copies of the shared game data: `politics_cards.json` (the political
deck, location cards, aid deck), `board.json` (the capital for coups) and `units.json`
(offices and unit types). They are decoded with typed msgspec schemas, checked as DATA.md §5
says, and turned into tables the rules read by index. A broken file stops the service at
start with `DataError`.

Card numbers: the designs of `political_cards`, in file order, are cards 1..56; the card
handlers are registered under these numbers (`cards/`). Card instances (the 67 physical
cards) are numbered 0..66 in file order, copies of one design next to each other. Bills are
`aid_001`..`aid_096` (ids 0..95), values in the order of `aid_deck.bills`.
"""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path
from typing import Any

import msgspec

from .constants import BOXES

DATA_DIR = Path(__file__).parent / "data"
DATA_VERSION = 1

WINDOWS = ("phase1_play", "any_open", "rollcall_commit", "rollcall_after_round1",
           "rollcall_after_round2", "phase2_before_assignment", "budget_rejected",
           "phase6_declaration", "phase6_protection", "before_phase7", "excuse_window",
           "coup_start", "coup_movement")
EFFECTS = ("draw_aid_bill", "influence", "influence_vote_card_bonus", "vote", "assassination",
           "assassination_psychotic", "burglary", "assassination_or_protection",
           "cancel_attempt", "extra_secret_police_attempt", "bribe_units",
           "end_rollcall_after_round1", "restart_rollcall", "capture_small_influence",
           "extra_votes_this_turn", "no_confidence_vote", "alternative_budget",
           "peek_swiss_account", "no_effect", "force_discard_influence", "close_bank_this_turn",
           "coup_excuse", "new_units")
KINDS = ("influence", "vote", "assassin", "bribe", "event", "secret_contribution")


class DataError(ValueError):
    """A data file breaks its schema or a cross-check."""


# -- file schemas ----------------------------------------------------------------------------

class BonusVotes(msgspec.Struct, frozen=True):
    with_influence: str
    votes: int


class CardSpec(msgspec.Struct, frozen=True):
    id: str
    name: str
    kind: str
    count: int
    windows: list[str]
    effect: str
    text: str
    votes: int | None = None
    bonus_votes: BonusVotes | None = None
    cost: int | dict[str, int] = 0
    finance_credit: int = 0
    requires_influence: str | None = None
    forbidden_offices: list[str] = []
    params: dict[str, Any] = {}
    subkind: str | None = None


class LocationSpec(msgspec.Struct, frozen=True):
    id: str
    name: str
    effect: str


class BillSpec(msgspec.Struct, frozen=True):
    value: int
    count: int


class AidSpec(msgspec.Struct, frozen=True):
    total: int
    bills: list[BillSpec]


class CardsFile(msgspec.Struct, frozen=True):
    game: str
    data_version: int
    total_political_cards: int
    political_cards: list[CardSpec]
    location_cards: list[LocationSpec]
    location_cards_per_family: int
    aid_deck: AidSpec


class AreaSpec(msgspec.Struct, frozen=True):
    id: str
    name: str
    type: str
    power_center: bool
    embassy: bool
    coastal: bool
    gunboat_range: bool
    air_strike_allowed: bool
    combat_allowed: bool
    adjacent: list[str]
    grid: list[int | None] = []  # [x, y] on the printed layout (the harbour: [null, 5])


class DeploySpec(msgspec.Struct, frozen=True):
    unit_type: str
    area: str
    count: int
    unless: str | None = None
    only_if: str | None = None


class BoxSpec(msgspec.Struct, frozen=True):
    id: str
    name: str


class BoardFile(msgspec.Struct, frozen=True):
    game: str
    data_version: int
    areas: list[AreaSpec]
    power_centers: list[str]
    off_map_boxes: list[BoxSpec]
    initial_deployment: list[DeploySpec]
    spawn_areas: dict[str, str]


class OfficeSpec(msgspec.Struct, frozen=True):
    id: str
    name: str
    controls: list[str]


class BombardSpec(msgspec.Struct, frozen=True):
    dice: int
    hit_on: list[int]


class UnitTypeSpec(msgspec.Struct, frozen=True):
    id: str
    name: str
    owner: dict[str, str]
    count: int
    strength: str | None
    civilian: bool
    move_range: int
    strength_in_area: dict[str, str] = {}
    bombard: BombardSpec | None = None


class UnitsFile(msgspec.Struct, frozen=True):
    game: str
    data_version: int
    offices: list[OfficeSpec]
    brigade_offices: list[str]
    unit_types: list[UnitTypeSpec]
    police_response_triggers: list[str]
    agitator_types: list[str]


# -- tables used by the rules ----------------------------------------------------------------

class Card(msgspec.Struct, frozen=True):
    """One card design; `number` is its registry number (1..56)."""

    index: int
    number: int
    id: str
    name: str
    kind: str
    count: int
    windows: frozenset[str]
    effect: str
    text: str
    votes: int
    bonus_with: str
    bonus_votes: int
    cost: int
    per_unit: bool
    finance_credit: int
    requires: str
    forbidden_offices: tuple[str, ...]
    params: dict[str, Any]


class UnitType(msgspec.Struct, frozen=True):
    index: int
    id: str
    name: str
    office: int  # controlling office index, or -1 for card units
    card: str  # the event card that brings it, or ""
    count: int
    full: int  # whole dice it gives (strength "1" -> 1, "2" -> 2)
    half: bool  # strength "1/2"
    palace_full: int  # whole dice in the Presidential Palace
    move_range: int


class Data(msgspec.Struct, frozen=True):
    cards: tuple[Card, ...]
    card_index: dict[str, int]
    instances: tuple[int, ...]  # instance -> design index
    location_ids: tuple[str, ...]
    location_names: tuple[str, ...]
    bill_values: tuple[int, ...]  # bill id -> value
    area_ids: tuple[str, ...]
    area_names: tuple[str, ...]
    area_index: dict[str, int]
    land: tuple[int, ...]  # land area indices (the harbour excluded)
    adjacent: tuple[tuple[int, ...], ...]  # land neighbours only
    within_two: tuple[tuple[int, ...], ...]  # land areas at land distance 1 or 2
    power_centers: tuple[int, ...]
    embassy: tuple[bool, ...]
    coastal: tuple[bool, ...]
    gunboat_range: tuple[bool, ...]
    air_strike_allowed: tuple[bool, ...]
    combat_allowed: tuple[bool, ...]
    office_ids: tuple[str, ...]
    office_names: tuple[str, ...]
    brigades: tuple[int, ...]
    unit_types: tuple[UnitType, ...]
    unit_index: dict[str, int]
    deployment: tuple[tuple[int, int, int, str], ...]  # (unit type, area, count, condition)
    spawn: dict[str, int]  # card id -> area
    police_triggers: frozenset[int]
    agitators: frozenset[int]
    gunboat_dice: int
    air_strike_dice: int

    def card(self, card_id: str) -> Card:
        return self.cards[self.card_index[card_id]]

    def design(self, instance: int) -> Card:
        return self.cards[self.instances[instance]]


def _read(name: str, schema: type[Any]) -> Any:
    raw = (DATA_DIR / name).read_bytes()
    try:
        doc = msgspec.json.decode(raw, type=schema)
    except msgspec.ValidationError as e:
        raise DataError(f"{name}: {e}") from None
    if doc.game != "junta" or doc.data_version != DATA_VERSION:
        raise DataError(f"{name}: not junta data version {DATA_VERSION}")
    json.loads(raw)  # plain JSON as well (no msgspec-only extensions)
    return doc


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise DataError(what)


def _strength(s: str | None) -> tuple[int, bool]:
    if s is None:
        return 0, False
    if s == "1/2":
        return 0, True
    return int(s), False


def load_cards(f: CardsFile) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    ids = [c.id for c in f.political_cards]
    _check(len(set(ids)) == len(ids), "politics_cards.json: card ids are not unique")
    _check(sum(c.count for c in f.political_cards) == f.total_political_cards,
           "politics_cards.json: total_political_cards is not the sum of counts")
    influence = {c.id for c in f.political_cards if c.kind == "influence"}
    cards = []
    for i, c in enumerate(f.political_cards):
        _check(c.kind in KINDS, f"card {c.id}: unknown kind {c.kind}")
        _check(c.effect in EFFECTS, f"card {c.id}: unknown effect {c.effect}")
        _check(set(c.windows) <= set(WINDOWS), f"card {c.id}: unknown window")
        _check(c.requires_influence in (None, *influence), f"card {c.id}: bad requirement")
        _check(c.bonus_votes is None or c.bonus_votes.with_influence in influence,
               f"card {c.id}: bad bonus_votes")
        per_unit = isinstance(c.cost, dict)
        _check(not per_unit or c.cost == {"per_unit": 1}, f"card {c.id}: bad cost")
        cards.append(Card(
            i, i + 1, c.id, c.name, c.kind, c.count, frozenset(c.windows), c.effect, c.text,
            c.votes or 0, c.bonus_votes.with_influence if c.bonus_votes else "",
            c.bonus_votes.votes if c.bonus_votes else 0, c.cost if isinstance(c.cost, int) else 1,
            per_unit, c.finance_credit, c.requires_influence or "",
            tuple(c.forbidden_offices), dict(c.params)))
    instances = tuple(i for i, c in enumerate(cards) for _ in range(c.count))
    return tuple(cards), instances


def _distances(adj: list[list[int]], start: int) -> dict[int, int]:
    seen = {start: 0}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b in adj[a]:
            if b not in seen:
                seen[b] = seen[a] + 1
                todo.append(b)
    return seen


def load_board(b: BoardFile) -> dict[str, Any]:
    ids = [a.id for a in b.areas]
    index = {a: i for i, a in enumerate(ids)}
    _check(len(index) == len(ids), "board.json: area ids are not unique")
    for a in b.areas:
        for n in a.adjacent:
            _check(n in index, f"board.json: {a.id} is adjacent to unknown {n}")
            _check(a.id in b.areas[index[n]].adjacent, f"board.json: {a.id}-{n} not symmetric")
    land = [i for i, a in enumerate(b.areas) if a.type != "sea"]
    adj = [[index[n] for n in a.adjacent if b.areas[index[n]].type != "sea"] for a in b.areas]
    _check(set(_distances(adj, land[0])) == set(land), "board.json: land is not connected")
    _check(len(b.power_centers) == 5 and set(b.power_centers) <= set(ids),
           "board.json: there must be 5 known power centres")
    for a in b.areas:
        if a.type == "sea":
            continue
        near_coast = a.coastal or any(b.areas[index[n]].coastal for n in a.adjacent)
        _check(a.gunboat_range == (near_coast and not a.embassy),
               f"board.json: gunboat_range of {a.id}")
    boxes = {x.id for x in b.off_map_boxes}
    for d in b.initial_deployment:
        _check(d.area in index or (d.area in boxes and d.area in BOXES),
               f"board.json: deployment to {d.area}")
    within_two = []
    for i in range(len(ids)):
        dist = _distances(adj, i) if i in land else {}
        within_two.append(tuple(j for j in land if 0 < dist.get(j, 99) <= 2))
    return {"ids": ids, "index": index, "land": land, "adj": adj, "within_two": within_two}


def load_units(uf: UnitsFile, cards: tuple[Card, ...]) -> list[UnitType]:
    """units.json: owners are offices or unit cards; a card's units are its count x copies."""
    card_index = {c.id: c.index for c in cards}
    offices = [o.id for o in uf.offices]
    _check(offices[0] == "president" and len(offices) == 7, "units.json: seven offices")
    _check(set(uf.brigade_offices) <= set(offices), "units.json: brigade offices")
    types = []
    for i, u in enumerate(uf.unit_types):
        office, card = u.owner.get("office", ""), u.owner.get("card", "")
        _check((office in offices) != (card != ""), f"units.json: owner of {u.id}")
        if card:
            _check(card in card_index and cards[card_index[card]].effect == "new_units",
                   f"units.json: {u.id} comes from an unknown card {card}")
            per_card = sum(x["count"] for x in cards[card_index[card]].params["units"]
                           if x["type"] == u.id)
            _check(u.count == per_card * cards[card_index[card]].count,
                   f"units.json: count of {u.id}")
        full, half = _strength(u.strength)
        palace = _strength(u.strength_in_area.get("presidential_palace", u.strength))[0]
        types.append(UnitType(i, u.id, u.name, offices.index(office) if office else -1, card,
                              u.count, full, half, palace, u.move_range))
    return types


def load_deployment(bf: BoardFile, index: dict[str, int], types: list[UnitType]
                    ) -> list[tuple[int, int, int, str]]:
    """JU 28: (unit type, area or box, count, condition); each office's units all placed."""
    unit_index = {u.id: u.index for u in types}
    deploy: list[tuple[int, int, int, str]] = []
    for d in bf.initial_deployment:
        cond = "unless" if d.unless else ("only_if" if d.only_if else "")
        deploy.append((unit_index[d.unit_type], index[d.area] if d.area in index else BOXES[d.area],
                       d.count, cond))
    for ut in types:
        if ut.office >= 0 and ut.id != "air_strike":
            placed = {c: sum(d[2] for d in deploy if d[0] == ut.index and d[3] != c)
                      for c in ("unless", "only_if")}
            _check(placed["unless"] == placed["only_if"] == ut.count,
                   f"units.json: deployment of {ut.id} does not match its count")
    return deploy


def load() -> Data:
    cf: CardsFile = _read("politics_cards.json", CardsFile)
    bf: BoardFile = _read("board.json", BoardFile)
    uf: UnitsFile = _read("units.json", UnitsFile)
    cards, instances = load_cards(cf)
    card_index = {c.id: c.index for c in cards}
    _check(sum(x.count for x in cf.aid_deck.bills) == cf.aid_deck.total,
           "politics_cards.json: aid deck counts do not add up")
    _check(len(cf.location_cards) == cf.location_cards_per_family == 5,
           "politics_cards.json: five location cards")
    board = load_board(bf)
    index = board["index"]
    types = load_units(uf, cards)
    unit_index = {u.id: u.index for u in types}
    deploy = load_deployment(bf, index, types)
    for card_id, area in bf.spawn_areas.items():
        _check(card_id in card_index and area in index, f"board.json: spawn area of {card_id}")
    _check(all(c.id in bf.spawn_areas for c in cards if c.effect == "new_units"),
           "board.json: a unit event card has no spawn area")
    bombard = {u.id: u.bombard for u in uf.unit_types if u.bombard}
    areas, offices = bf.areas, [o.id for o in uf.offices]
    return Data(
        cards=cards, card_index=card_index, instances=instances,
        location_ids=tuple(x.id for x in cf.location_cards) + ("exile",),
        location_names=tuple(x.name for x in cf.location_cards) + ("Exile",),
        bill_values=tuple(x.value for x in cf.aid_deck.bills for _ in range(x.count)),
        area_ids=tuple(board["ids"]), area_names=tuple(a.name for a in areas), area_index=index,
        land=tuple(board["land"]), adjacent=tuple(tuple(a) for a in board["adj"]),
        within_two=tuple(board["within_two"]),
        power_centers=tuple(index[p] for p in bf.power_centers),
        embassy=tuple(a.embassy for a in areas), coastal=tuple(a.coastal for a in areas),
        gunboat_range=tuple(a.gunboat_range for a in areas),
        air_strike_allowed=tuple(a.air_strike_allowed for a in areas),
        combat_allowed=tuple(a.combat_allowed for a in areas),
        office_ids=tuple(offices), office_names=tuple(o.name for o in uf.offices),
        brigades=tuple(offices.index(o) for o in uf.brigade_offices),
        unit_types=tuple(types), unit_index=unit_index, deployment=tuple(deploy),
        spawn={c: index[a] for c, a in bf.spawn_areas.items()},
        police_triggers=frozenset(unit_index[t] for t in uf.police_response_triggers),
        agitators=frozenset(unit_index[t] for t in uf.agitator_types),
        gunboat_dice=bombard["gunboat"].dice, air_strike_dice=bombard["air_strike"].dice)


DATA = load()
