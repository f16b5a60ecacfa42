"""Data checks: map.json, cards.json, setup.json (DATA.md, TEST_VECTORS-data.md TV-D-nn)."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from services.cuba_libre import data as D
from services.cuba_libre import random_tables as R
from services.cuba_libre.constants import FACTION_IDS, PASS_GAIN, Cap, Mom, SpaceType, Terrain
from services.cuba_libre.schema import CardsFile, MapFile

S = D.INDEX
GOVT, M26, DR, SYNDICATE = 0, 1, 2, 3


def names(spaces: object) -> list[str]:
    return sorted(D.NAMES[s] for s in spaces)  # type: ignore[attr-defined]


def test_data_validates() -> None:
    assert D.validate() == []


def test_tv_d_01_map_totals() -> None:
    """TV-D-01 (CL 1.3.1-1.3.4, 6.2.1): 3 Cities, 7 Provinces, 3 ECs; Population 17 (Cities 8,
    Provinces 9), so at most 34 Total Support; Econ 8; 15 adjacency pairs."""
    assert names(D.CITIES) == ["camaguey_city", "havana", "santiago_de_cuba"]
    assert [D.POP[S[c]] for c in ("havana", "camaguey_city", "santiago_de_cuba")] == [6, 1, 1]
    assert {D.NAMES[p]: D.POP[p] for p in D.PROVINCES} == {
        "pinar_del_rio": 1, "la_habana": 1, "matanzas": 1, "las_villas": 2,
        "camaguey_province": 1, "oriente": 2, "sierra_maestra": 1}
    assert {D.NAMES[e]: D.ECON[e] for e in D.ECS} == {"ec_west": 3, "ec_central": 3, "ec_east": 2}
    assert sum(D.POP[c] for c in D.CITIES) == 8 and sum(D.POP[p] for p in D.PROVINCES) == 9
    assert D.TOTAL_POP == 17 and 2 * D.TOTAL_POP == 34 and D.TOTAL_ECON == 8
    assert all(D.POP[e] == 0 for e in D.ECS)
    assert sum(len(a) for a in D.ADJ) // 2 == 15


def test_tv_d_02_adjacency() -> None:
    """TV-D-02 (CL 1.3, CL-D-01): Cities touch only their Province; the pairs the unverified
    source added are absent; each EC touches exactly two Provinces; symmetric, irreflexive."""
    assert [D.NAMES[a] for a in D.ADJ[S["havana"]]] == ["la_habana"]
    assert [D.NAMES[a] for a in D.ADJ[S["santiago_de_cuba"]]] == ["sierra_maestra"]
    assert [D.NAMES[a] for a in D.ADJ[S["camaguey_city"]]] == ["camaguey_province"]
    for a, b in (("havana", "matanzas"), ("oriente", "santiago_de_cuba"),
                 ("camaguey_province", "sierra_maestra"), ("las_villas", "camaguey_city"),
                 ("ec_west", "havana")):
        assert S[b] not in D.ADJ[S[a]] and S[a] not in D.ADJ[S[b]]
    assert {S["camaguey_province"], S["sierra_maestra"]} <= set(D.ADJ[S["oriente"]])
    assert {D.NAMES[e]: names(D.ADJ[e]) for e in D.ECS} == {
        "ec_west": ["la_habana", "pinar_del_rio"],
        "ec_central": ["camaguey_province", "las_villas"],
        "ec_east": ["oriente", "sierra_maestra"]}
    for e in D.ECS:
        assert all(D.TYPE[a] == SpaceType.PROVINCE for a in D.ADJ[e])
    for s in range(D.NS):
        for a in D.ADJ[s]:
            assert s in D.ADJ[a] and a != s


def test_terrain_of_provinces() -> None:
    """CL 1.3.2, CL-D-02: forest, grassland and mountain Provinces as printed."""
    by = {t: names(p for p in D.PROVINCES if D.TERRAIN[p] == t) for t in Terrain if t}
    assert by == {Terrain.FOREST: ["camaguey_province", "oriente", "pinar_del_rio"],
                  Terrain.GRASSLAND: ["la_habana", "matanzas"],
                  Terrain.MOUNTAIN: ["las_villas", "sierra_maestra"]}
    assert all(D.TERRAIN[s] == Terrain.NONE for s in D.CITIES + D.ECS)


def test_tv_d_04_distance_to_havana() -> None:
    """TV-D-04 (map hops_to_havana; CL 8.6.3, 8.7.3): distances and one step toward Havana."""
    by_hops: dict[int, list[str]] = {}
    for s in range(D.NS):
        by_hops.setdefault(D.HOPS_TO_HAVANA[s], []).append(D.NAMES[s])
    assert {h: sorted(v) for h, v in by_hops.items()} == {
        0: ["havana"], 1: ["la_habana"], 2: ["ec_west", "matanzas", "pinar_del_rio"],
        3: ["las_villas"], 4: ["camaguey_province", "ec_central"],
        5: ["camaguey_city", "oriente"], 6: ["ec_east", "sierra_maestra"],
        7: ["santiago_de_cuba"]}
    toward = {"santiago_de_cuba": "sierra_maestra", "sierra_maestra": "oriente",
              "ec_east": "oriente", "oriente": "camaguey_province",
              "camaguey_province": "las_villas", "matanzas": "la_habana", "la_habana": "havana"}
    for a, b in toward.items():
        hops = D.HOPS_TO_HAVANA[S[a]]
        closer = [D.NAMES[x] for x in D.ADJ[S[a]] if D.HOPS_TO_HAVANA[x] == hops - 1]
        assert closer == [b]


def test_tv_d_09_faction_order() -> None:
    """TV-D-09 (CL 2.3.2): the 1st and 2nd Eligible read from the card's symbols, skipping the
    Ineligible."""
    def first_two(card: int, ineligible: set[int]) -> list[int]:
        return [f for f in D.FACTION_ORDER[card] if f not in ineligible][:2]

    assert D.FACTION_ORDER[3] == (GOVT, M26, SYNDICATE, DR)
    assert first_two(3, {GOVT}) == [M26, SYNDICATE]
    assert D.FACTION_ORDER[17] == (M26, DR, SYNDICATE, GOVT)  # printed order, CL-D-08
    assert first_two(17, {M26}) == [DR, SYNDICATE]
    assert D.FACTION_ORDER[41] == (SYNDICATE, M26, GOVT, DR)
    # the Syndicate passes (+1 Resource, CL 2.3.3): the next two in the order take the roles
    assert PASS_GAIN[SYNDICATE] == 1 and PASS_GAIN[GOVT] == 3
    assert first_two(41, {SYNDICATE}) == [M26, GOVT]


def test_cards_first_faction_blocks() -> None:
    """DATA.md D3.3: Government heads cards 1-12, 26July 13-24, Directorio 25-36, Syndicate
    37-48; 48 Events and 4 Propaganda cards."""
    assert tuple(range(1, 49)) == D.EVENT_CARDS and len(D.PROPAGANDA_CARDS) == 4
    for n in D.EVENT_CARDS:
        assert D.FACTION_ORDER[n][0] == (n - 1) // 12
    assert all(D.PROPAGANDA[p].phases == ("victory", "resources", "support", "redeploy", "reset")
               for p in D.PROPAGANDA_CARDS)


def test_tv_d_10_card_classes() -> None:
    """TV-D-10 (CL 5.2-5.4, 8.4.1): single Events, Capability and Momentum sides, outlines."""
    assert [n for n in D.EVENT_CARDS if D.EVENTS[n].single_sided] == [11, 13, 18, 19, 35]
    assert sorted(D.CAP_CARD.values()) == [(2, "unshaded"), (13, "unshaded"), (18, "unshaded"),
                                           (22, "unshaded"), (28, "unshaded"), (30, "unshaded"),
                                           (43, "shaded"), (48, "shaded")]
    assert sorted(D.MOM_CARD.values()) == [(n, "shaded") for n in (1, 2, 4, 5, 6, 10, 22)]
    for n in (1, 6, 5, 4, 2, 22):  # the CL 8.8.1 / 8.1 Momentum cards
        shaded = D.EVENTS[n].shaded
        assert shaded is not None and shaded.kind == "momentum"
    assert D.CAP_CARD[Cap.UNDERGROUND_SYNDICATE_STOPS_SKIM] == (48, "shaded")
    assert D.CAP_CARD[Cap.SYNDICATE_ASSASSINATES] == (43, "shaded")
    assert D.CAP_CARD[Cap.M26_RALLY_HIDES_ALL] == (30, "unshaded")
    assert D.CAP_CARD[Cap.DR_MARCHES_TWO_SPACES] == (28, "unshaded")
    assert D.MOM_CARD[Mom.ASSAULT_MOUNTAIN_AS_CITY] == (6, "shaded")
    assert sorted(D.EVENTS[12].bot.outlined) == sorted(FACTION_IDS)
    assert D.EVENTS[4].bot.outlined == ()
    assert D.EVENTS[1].bot.outlined == ("m26", "directorio")
    assert sum(1 for c in D.EVENTS.values() if c.bot.outlined) == 36
    assert sum(len(c.bot.outlined) for c in D.EVENTS.values()) == 78


def test_non_player_data_is_kept() -> None:
    """CL 8.4.1 (CL-D-09): the outlined symbols and the seed rules stay as data for the bots."""
    card = D.EVENTS[1]
    assert card.bot.instruction_text is None
    assert any("8.8.1" in r for r in card.bot.seed_rules)


def test_tv_d_18_random_tables() -> None:
    """TV-D-18 (CL 8.2-8.3, substitutes CL-D-04/05): cells, follow the arrows, random EC."""
    for (g, y), cell, name in (((1, 3), 2, "havana"), ((2, 1), 6, "camaguey_city"),
                               ((3, 4), 15, "camaguey_province"), ((4, 5), 22, "havana"),
                               ((6, 6), 35, "camaguey_province")):
        assert R.space_cell(g, y) == cell
        assert R.random_space(g, y, lambda s: True) == S[name]
    empty_province = {S["matanzas"], S["oriente"]}
    assert R.random_space(2, 1, lambda s: s in empty_province) == S["oriente"]
    assert R.random_space(2, 1, lambda s: False) is None
    assert R.random_ec(4, lambda s: True) == S["ec_central"]
    assert R.random_ec(6, lambda s: s != S["ec_east"]) == S["ec_west"]


def corrupt(path: str, edit: Any) -> bytes:
    doc = json.loads((D.DATA_DIR / path).read_text(encoding="utf-8"))
    edit(doc)
    return json.dumps(doc).encode()


def test_schema_rejects_an_unknown_field() -> None:
    """A data file with a field the code does not know fails to load, with its path."""
    bad = corrupt("map.json", lambda d: d["spaces"][0].update(capital=True))
    with pytest.raises(msgspec.ValidationError, match="capital"):
        msgspec.json.decode(bad, type=MapFile)


def test_schema_rejects_an_unknown_side_kind() -> None:
    bad = corrupt("cards.json", lambda d: d["cards"][0]["shaded"].update(kind="trick"))
    with pytest.raises(msgspec.ValidationError, match="kind"):
        msgspec.json.decode(bad, type=CardsFile)
