"""Load and validate Cuba's JSON data (DATA.md) into frozen tables.

The files in `data/` are copies of the shared game data. They are decoded with
typed msgspec schemas, checked (ids, counts, totals, effect fields per kind)
and turned into index-based tables used by the rules. A broken file stops the
service at start with `DataError`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from .constants import (
    CARGO,
    CATEGORY_IDS,
    CATEGORY_INDEX,
    CHARACTER_IDS,
    CROPS,
    FIELD_INDEX,
    GOODS,
    ITEM_IDS,
    ITEM_INDEX,
    N_FIELDS,
    N_ITEMS,
    POSITION_IDS,
    RESOURCES,
    SPACE_IDS,
    BuildingKind,
    FieldClass,
    LawKind,
    SubsidyCounter,
)

DATA_DIR = Path(__file__).parent / "data"
UNLIMITED = 1_000_000


class DataError(ValueError):
    """A data file breaks its schema or a cross-check."""


# -- tables used by the rules -------------------------------------------------


class FieldType(msgspec.Struct, frozen=True):
    id: str
    cls: FieldClass
    yields: int  # item index, or -1


class Building(msgspec.Struct, frozen=True):
    index: int
    id: str
    name: str
    group: str
    cost: tuple[int, ...]  # per item (resources only)
    kind: BuildingKind
    inputs: tuple[int, ...] = ()
    output: int = -1
    max_uses: int = 1
    vp: int = 0
    pesos: int = 0
    items: tuple[int, ...] = ()
    min_units: int = 0
    max_units: int = 0
    same_type: bool = False
    harbor_law: bool = False
    votes: int = 0


class Law(msgspec.Struct, frozen=True):
    index: int
    id: str
    name: str
    category: int
    kind: LawKind
    text: str
    pesos: int = 0
    vp: int = 0
    items: tuple[int, ...] = ()
    count: int = 0
    allowed: tuple[int, ...] = ()
    counter: str = ""
    divisor: int = 1
    max_vp: int = UNLIMITED
    delta: int = 0
    goods: tuple[int, ...] = ()
    base_crop_fields: int = 0


class Ship(msgspec.Struct, frozen=True):
    index: int
    id: str
    slots: tuple[int, ...]  # slot count per cargo type (len 5)


class MarketRow(msgspec.Struct, frozen=True):
    item: int
    prices: tuple[int, ...]
    start: int
    buy_when_empty: int
    sell_when_full: int

    @property
    def capacity(self) -> int:
        return len(self.prices)


class Tables(msgspec.Struct, frozen=True):
    field_types: tuple[FieldType, ...]
    farm_standard: tuple[int, ...]  # field type index per field
    farm_individual: tuple[tuple[int, ...], ...]  # per colour; empty when unknown
    worker_start: int
    buildings: tuple[Building, ...]
    laws: tuple[Law, ...]  # the 24 cards, then the printed starting laws
    deck_laws: tuple[tuple[int, ...], ...]  # per category: the 6 law card indices
    starting_laws: tuple[int, ...]  # per category: law index or -1
    bonus_vp: int
    ships: tuple[Ship, ...]
    market: tuple[MarketRow, ...]  # per cargo item
    berth_vp: tuple[int, ...]  # per berth
    berth_3_leaves: tuple[bool, ...]  # per round 1..6 (index 0 = round 1)
    components: tuple[int, ...]  # token count per item
    start_pesos: int
    start_resources: int
    start_crops: int
    rounds: int
    colours: tuple[str, ...]
    space_rewards: tuple[int, ...]  # per special space: VP, pesos or count
    vp_per_building: int
    total_pesos: int
    min_players: int
    max_players: int

    def building(self, bid: str) -> Building:
        return next(b for b in self.buildings if b.id == bid)

    def law(self, lid: str) -> Law:
        return next(law for law in self.laws if law.id == lid)

    def ship(self, sid: str) -> Ship:
        return next(s for s in self.ships if s.id == sid)


# -- helpers ------------------------------------------------------------------


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise DataError(what)


def _item(name: str, where: str, allowed: tuple[int, ...] = tuple(range(N_ITEMS))) -> int:
    _need(name in ITEM_INDEX and ITEM_INDEX[name] in allowed, f"{where}: bad item {name!r}")
    return ITEM_INDEX[name]


def _vector(counts: Mapping[str, int], where: str) -> tuple[int, ...]:
    vec = [0] * N_ITEMS
    for name, n in counts.items():
        _need(isinstance(n, int) and n >= 0, f"{where}: bad count for {name}")
        vec[_item(name, where)] += n
    return tuple(vec)


def _unique(ids: list[str], what: str) -> None:
    _need(len(ids) == len(set(ids)), f"duplicate {what} ids")


def read(name: str, root: Path = DATA_DIR) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((root / name).read_text(encoding="utf-8"))
    _need(raw.get("game") == "cuba" and raw.get("file") == name, f"{name}: bad header")
    _need(raw.get("schema_version") == 1, f"{name}: unknown schema_version")
    return raw


# -- farm (D4) ----------------------------------------------------------------


def parse_farm(raw: Mapping[str, Any], colours: tuple[str, ...]) -> tuple[
        tuple[FieldType, ...], tuple[int, ...], tuple[tuple[int, ...], ...], int]:
    """D4: field types, the standard layout, individual layouts per colour, worker start."""
    _need(raw["grid"]["rows"] * raw["grid"]["cols"] == N_FIELDS, "farm: grid must be 3 x 4")
    types: list[FieldType] = []
    for tid, spec in raw["field_types"].items():
        cls = FieldClass(spec["class"])
        yields = -1 if spec["yields"] is None else _item(spec["yields"], f"farm {tid}")
        _need((cls is FieldClass.WAREHOUSE) == (yields < 0), f"farm {tid}: yields vs class")
        if cls is FieldClass.CROP:
            _need(yields in CROPS, f"farm {tid}: a crop field yields a crop")
        if cls is FieldClass.RESOURCE:
            _need(yields in RESOURCES, f"farm {tid}: a resource field yields a resource")
        types.append(FieldType(tid, cls, yields))
    index = {t.id: i for i, t in enumerate(types)}
    sides = raw["sides"]
    standard = _layout(sides["standard"], index, types, "standard")
    start = FIELD_INDEX[sides["standard"]["worker_start"]]
    _need(types[standard[start]].cls is FieldClass.WAREHOUSE, "farm: worker starts on warehouse")
    individual: tuple[tuple[int, ...], ...] = ()
    if sides["individual"].get("available"):
        per = sides["individual"]["per_colour"]
        _need(set(per) == set(colours), "farm: individual sides need one layout per colour")
        individual = tuple(_layout(per[c], index, types, c) for c in colours)
    return tuple(types), standard, individual, start


def _layout(side: Mapping[str, Any], index: Mapping[str, int], types: list[FieldType],
            name: str) -> tuple[int, ...]:
    cells = [-1] * N_FIELDS
    for f in side["fields"]:
        fid = FIELD_INDEX[f["id"]]
        _need(f["id"] == f"r{f['row']}c{f['col']}", f"farm {name}: id/row/col mismatch")
        _need(cells[fid] < 0 and f["type"] in index, f"farm {name}: bad field {f['id']}")
        cells[fid] = index[f["type"]]
    _need(min(cells) >= 0, f"farm {name}: every field needs a type")
    counts = {t: sum(1 for c in cells if types[c].id == t) for t in side["counts"]}
    _need(counts == side["counts"], f"farm {name}: counts do not match the fields")
    _need(cells[0] == index["warehouse"], f"farm {name}: the warehouse lies on r0c0")
    _need(sum(1 for c in cells if types[c].cls is FieldClass.WAREHOUSE) == 1,
          f"farm {name}: exactly one warehouse")
    return tuple(cells)


# -- buildings (D1) -----------------------------------------------------------


def parse_buildings(raw: Mapping[str, Any]) -> tuple[Building, ...]:
    items = raw["buildings"]
    _unique([b["id"] for b in items], "building")
    _need(len(items) == raw["totals"]["tiles_described"], "buildings: count vs totals")
    out = [_building(i, b) for i, b in enumerate(items)]
    for group, n in raw["totals"]["by_group_described"].items():
        _need(sum(1 for b in out if b.group == group) == n, f"buildings: group {group} count")
    return tuple(out)


def _building(i: int, b: Mapping[str, Any]) -> Building:
    where = f"building {b['id']}"
    cost = _vector(b["cost"], where)
    _need(all(cost[k] == 0 for k in CARGO), f"{where}: costs are resources only")
    e = b["effect"]
    kind = BuildingKind(e["kind"])
    base: dict[str, Any] = {"index": i, "id": b["id"], "name": b["name_en"], "group": b["group"],
                            "cost": cost, "kind": kind}
    return Building(**base, **_building_effect(kind, e, where))


def _building_effect(kind: BuildingKind, e: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The effect fields each kind needs (DATA.md D1 table)."""
    K = BuildingKind
    maxu = e.get("max_uses", 1)
    uses = UNLIMITED if maxu is None else int(maxu)
    if kind is K.CONVERT_TO_VP:
        return {"inputs": tuple(_item(x, where) for x in e["inputs"]), "vp": e["vp_per_use"],
                "max_uses": uses}
    if kind is K.SELL_TO_SUPPLY:
        return {"inputs": tuple(_item(x, where) for x in e["inputs"]),
                "pesos": e["pesos_per_use"], "max_uses": uses}
    if kind is K.CONVERT_ITEMS:
        return {"inputs": (_item(e["input"], where),), "output": _item(e["output"], where),
                "max_uses": uses}
    if kind is K.GAIN_VP:
        return {"vp": e["vp"]}
    if kind is K.GAIN_PESOS:
        return {"pesos": e["pesos"]}
    if kind is K.GAIN_ITEMS:
        return {"items": _vector(e["items"], where)}
    if kind is K.LOAD_SHIP:
        _need(1 <= e["min_units"] <= e["max_units"], f"{where}: unit bounds")
        return {"min_units": e["min_units"], "max_units": e["max_units"],
                "same_type": bool(e["same_type"]), "harbor_law": bool(e["counts_for_harbor_law"])}
    if kind is K.GAIN_VOTES:
        return {"votes": e["votes"]}
    if kind in (K.EXCHANGE_CROP_GOOD, K.SWAP_SHIP_WITH_SEA):
        return {"max_uses": uses}
    return {}


# -- laws (D2) ----------------------------------------------------------------


def parse_laws(raw: Mapping[str, Any]) -> tuple[tuple[Law, ...], tuple[tuple[int, ...], ...],
                                                tuple[int, ...], int]:
    """D2: all laws (cards first, then starting laws), decks per category, start laws, bonus."""
    _need([c["id"] for c in raw["categories"]] == list(CATEGORY_IDS), "laws: categories")
    cards = raw["laws"]
    everything = [*cards, *raw["starting_laws"]]
    _unique([x["id"] for x in everything], "law")
    _need(len(cards) == raw["totals"]["cards"], "laws: card count vs totals")
    laws = tuple(_law(i, x) for i, x in enumerate(everything))
    decks = tuple(tuple(law.index for law in laws[:len(cards)] if law.category == c)
                  for c in range(len(CATEGORY_IDS)))
    for c, cid in enumerate(CATEGORY_IDS):
        _need(len(decks[c]) == raw["totals"]["per_category"][cid], f"laws: deck {cid} size")
    by_id = {law.id: law.index for law in laws}
    starts = []
    for c, cat in enumerate(raw["categories"]):
        sid = cat["starting_law"]
        _need(sid is None or laws[by_id[sid]].category == c, f"laws: start law of {cat['id']}")
        starts.append(-1 if sid is None else by_id[sid])
    bonus = raw["compliance_bonus"]
    _need(bonus["requires"] == ["tax", "tax_in_kind"], "laws: compliance bonus categories")
    return laws, decks, tuple(starts), int(bonus["vp"])


def _law(i: int, x: Mapping[str, Any]) -> Law:
    where = f"law {x['id']}"
    _need(x["category"] in CATEGORY_INDEX, f"{where}: category")
    e = x["effect"]
    kind = LawKind(e["kind"])
    base: dict[str, Any] = {"index": i, "id": x["id"], "name": x["name_en"], "text": x["text"],
                            "category": CATEGORY_INDEX[x["category"]], "kind": kind}
    return Law(**base, **_law_effect(kind, e, where))


def _law_effect(kind: LawKind, e: Mapping[str, Any], where: str) -> dict[str, Any]:
    K = LawKind
    if kind is K.TAX_PESOS:
        return {"pesos": e["pesos"], "vp": e["vp"]}
    if kind is K.TAX_PESOS_PER_BUILDING:
        return {"pesos": e["pesos_per_building"], "vp": e["vp"]}
    if kind is K.DUTY_ITEMS:
        return {"items": _vector(e["items"], where), "vp": e["vp"]}
    if kind is K.DUTY_ANY:
        allowed = tuple(_item(a, where, CROPS + RESOURCES) for a in e["allowed"])
        return {"count": e["count"], "allowed": allowed, "vp": e["vp"]}
    if kind is K.SUBSIDY:
        cap = e["max_vp"]
        return {"counter": SubsidyCounter(e["counter"]).value, "divisor": e["divisor"],
                "max_vp": UNLIMITED if cap is None else cap}
    if kind is K.MARKET_ADJUST:
        return {"delta": e["delta"], "goods": tuple(_item(g, where, CROPS) for g in e["goods"])}
    if kind is K.DROUGHT:
        return {"base_crop_fields": e["base_crop_fields"]}
    if kind is K.BUILDING_SURCHARGE:
        return {"pesos": e["pesos"]}
    return {}


# -- ships, market, harbour, setup (D3, D5, D6, D7) ---------------------------


def parse_ships(raw: Mapping[str, Any]) -> tuple[Ship, ...]:
    _unique([s["id"] for s in raw["ships"]], "ship")
    ships = []
    for i, s in enumerate(raw["ships"]):
        slots = [0] * len(CARGO)
        for t in s["slots"]:
            slots[_item(t, s["id"], CARGO)] += 1
        _need(sum(slots) == 5, f"ship {s['id']}: 5 slots")
        _need(sum(slots[g] for g in GOODS) == s["goods_slots"], f"ship {s['id']}: goods slots")
        ships.append(Ship(i, s["id"], tuple(slots)))
    _need(len(ships) == raw["totals"]["ships"], "ships: count")
    for t, n in raw["totals"]["slots_by_type"].items():
        _need(sum(s.slots[ITEM_INDEX[t]] for s in ships) == n, f"ships: {t} slot total")
    _need(len({s.slots for s in ships}) == len(ships), "ships: two cards are identical")
    return tuple(ships)


def parse_market(raw: Mapping[str, Any]) -> tuple[MarketRow, ...]:
    rows = {_item(r["good"], "market", CARGO): r for r in raw["rows"]}
    _need(sorted(rows) == list(CARGO), "market: one row per cargo type")
    out = []
    for item in CARGO:
        r = rows[item]
        prices = tuple(r["prices"])
        _need(list(prices) == sorted(prices, reverse=True), "market: prices fall along a row")
        _need(len(prices) == r["capacity"] and 0 <= r["start_count"] <= len(prices),
              f"market {r['good']}: capacity/start")
        out.append(MarketRow(item, prices, r["start_count"], r["supply_buy_price_when_empty"],
                             r["supply_sell_price_when_full"]))
    return tuple(out)


def parse_harbor(raw: Mapping[str, Any], rounds: int) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    pos = {p["id"]: p for p in raw["positions"]}
    _need(sorted(pos) == sorted(POSITION_IDS), "harbor: positions")
    _need(raw["advance_order"] == ["berth_3", "berth_2", "berth_1", "sea"], "harbor: order")
    _need(raw["setup"]["draw_order"] == ["berth_1", "berth_2", "sea"], "harbor: setup draws")
    berth_vp = tuple(int(pos[p]["vp_per_unit"]) for p in POSITION_IDS[:3])
    eor = raw["end_of_round"]
    _need(sorted(eor, key=int) == [str(r) for r in range(1, rounds + 1)], "harbor: rounds")
    return berth_vp, tuple(bool(eor[str(r)].get("berth_3_leaves_regardless")) for r in
                           range(1, rounds + 1))


def parse_setup(raw: Mapping[str, Any]) -> dict[str, Any]:
    _need([c["id"] for c in raw["characters"]] == list(CHARACTER_IDS), "setup: characters")
    _need([c["votes"] for c in raw["characters"]] == [1, 2, 3, 4, 5], "setup: card values")
    _need([s["id"] for s in raw["special_spaces"]] == list(SPACE_IDS), "setup: special spaces")
    _need(raw["black_markers"] == len(SPACE_IDS), "setup: one black marker per space")
    comp = raw["components"]
    counts = {**comp["crops"], **comp["goods"], **comp["resources"]}
    _need(sorted(counts) == sorted(ITEM_IDS), "setup: a component count per item")
    coins = comp["coins"]
    _need(sum(int(d) * n for d, n in coins["denominations"].items()) == coins["total_pesos"],
          "setup: coin total")
    rewards = []
    for s in raw["special_spaces"]:
        r = s["reward"]
        rewards.append(int(r.get("vp", r.get("pesos", r.get("count", 0)))))
    start = raw["per_player_start"]
    _need(start["hand"] == list(CHARACTER_IDS), "setup: start hand")
    return {"components": _vector(counts, "setup"), "start_pesos": start["pesos"],
            "start_resources": start["choose_resources"], "start_crops": start["choose_crops"],
            "rounds": raw["rounds"], "colours": tuple(raw["players"]["colours"]),
            "space_rewards": tuple(rewards),
            "vp_per_building": raw["scoring"]["vp_per_building_at_end"],
            "total_pesos": coins["total_pesos"],
            "min_players": raw["players"]["min"], "max_players": raw["players"]["max"]}


def load(root: Path = DATA_DIR) -> Tables:
    """Read every file, validate, and build the tables."""
    setup = parse_setup(read("setup.json", root))
    types, standard, individual, start = parse_farm(read("farm.json", root), setup["colours"])
    laws, decks, starts, bonus = parse_laws(read("laws.json", root))
    berth_vp, b3 = parse_harbor(read("harbor.json", root), setup["rounds"])
    market = parse_market(read("market.json", root))
    for row in market:
        _need(row.start <= setup["components"][row.item], "market: start exceeds components")
    _need(setup["max_players"] <= len(setup["colours"]), "setup: a colour per player")
    return Tables(field_types=types, farm_standard=standard, farm_individual=individual,
                  worker_start=start, buildings=parse_buildings(read("buildings.json", root)),
                  laws=laws, deck_laws=decks, starting_laws=starts, bonus_vp=bonus,
                  ships=parse_ships(read("ships.json", root)), market=market, berth_vp=berth_vp,
                  berth_3_leaves=b3, **setup)


DATA: Tables = load()
