"""CU 7: every building's function, run by a single Foreman activation."""

from __future__ import annotations

import pytest

from services.cuba.constants import ITEM_INDEX, Position
from services.cuba.data import DATA

from .helpers import Table, blank, give, load, set_harbor, set_law, storage, yard


def activate(building: str, *choices: str, seat: int = 0, **held: int) -> Table:
    st = blank()
    st.players[seat].buildings[5] = DATA.building(building).index  # r1c1
    give(st, seat, **held)
    st.players[seat].money = 0
    return Table(st).start("foreman", seat=seat).play("single:r1c1", *choices)


# (building, held items, choices, expected VP, expected money, expected yard after)
SIMPLE = [
    ("cement_factory", {"stone": 5}, ["use:stone"] * 4, 4, 0, {"stone": 1}),  # CU 7.2.1
    ("golf_course", {"water": 2}, ["use:water"] * 2, 2, 0, {}),  # CU 7.2.3
    ("monastery", {"citrus": 1, "tobacco": 2}, ["use:citrus", "use:tobacco"], 2, 0,
     {"tobacco": 1}),  # CU 7.2.4
    ("rum_bar", {"rum": 4}, ["use:rum"] * 3, 6, 0, {"rum": 1}),  # CU 7.2.5
    ("cigar_bar", {"cigar": 1}, ["use:cigar"], 2, 0, {}),  # CU 7.2.6
    ("hotel", {}, [], 2, 0, {}),  # CU 7.2.9
    ("guest_house", {}, [], 1, 0, {}),  # CU 7.2.10
    ("shop", {"rum": 1, "cigar": 1}, ["sell:cigar"], 0, 6, {"rum": 1}),  # CU 7.3.1
    ("produce_market", {"sugar_cane": 2}, ["sell:sugar_cane"], 0, 4,
     {"sugar_cane": 1}),  # CU 7.3.2
    ("resource_market", {"wood": 1, "water": 2}, ["sell:water", "sell:wood"], 0, 4,
     {"water": 1}),  # CU 7.3.3
    ("bank", {}, [], 0, 2, {}),  # CU 7.3.4
    ("large_bank", {}, [], 0, 4, {}),  # CU 7.3.5
    ("cigar_factory", {"tobacco": 6}, ["use:tobacco"] * 6, 0, 0, {"cigar": 6}),  # CU 7.4.1
    ("rum_distillery", {"sugar_cane": 2}, ["use:sugar_cane", "done"], 0, 0,
     {"sugar_cane": 1, "rum": 1}),  # CU 7.4.2
    ("black_market", {"tobacco": 1}, ["exchange:tobacco:rum"], 0, 0, {"rum": 1}),  # CU 7.4.3
    ("black_market", {"cigar": 1}, ["exchange:cigar:citrus"], 0, 0, {"citrus": 1}),
    ("dam", {}, [], 0, 0, {"water": 2}),  # CU 7.4.4
]


@pytest.mark.parametrize(("building", "held", "choices", "vp", "money", "after"), SIMPLE)
def test_building_function(building: str, held: dict[str, int], choices: list[str], vp: int,
                           money: int, after: dict[str, int]) -> None:
    t = activate(building, *choices, **held)
    assert t.finished
    p = t.st.players[0]
    assert (p.vp, p.money, yard(t.st, 0)) == (vp, money, after)


def test_max_uses_bound_the_options() -> None:
    """CU 7.3.1 "max 1": after one sale the shop offers nothing more."""
    t = activate("shop", rum=2)
    t.choose("sell:rum")
    assert t.finished and t.st.players[0].money == 6


def test_black_market_offers_each_direction_once() -> None:
    """CU 7.4.3: 1 crop -> any good or 1 good -> any crop, at most once."""
    t = activate("black_market", tobacco=1, rum=1)
    assert sorted(t.options()) == sorted(
        ["exchange:tobacco:rum", "exchange:tobacco:cigar", "exchange:rum:citrus",
         "exchange:rum:sugar_cane", "exchange:rum:tobacco", "done"])
    t.choose("exchange:rum:tobacco")
    assert t.finished and yard(t.st, 0) == {"tobacco": 2}


def test_converter_inputs_may_come_from_storage() -> None:
    """CU 0.3 / CU 7.1: inputs from the yard or storage."""
    st = blank()
    st.players[0].buildings[5] = DATA.building("monastery").index
    give(st, 0, "storage", citrus=1)
    Table(st).start("foreman", seat=0).play("single:r1c1", "use:citrus")
    assert storage(st, 0) == {} and st.players[0].vp == 1


def test_dam_gives_what_the_supply_has() -> None:
    """CU 2.1: one water left -> the dam gives one."""
    st = blank()
    st.players[0].buildings[5] = DATA.building("dam").index
    w = ITEM_INDEX["water"]
    st.players[1].yard[w] += st.supply[w] - 1
    st.supply[w] = 1
    Table(st).start("foreman", seat=0).play("single:r1c1")
    assert yard(st, 0) == {"water": 1}


def test_factory_stops_when_the_output_supply_is_empty() -> None:
    """CU 2.1: no cigar in the supply -> the cigar factory cannot convert."""
    st = blank()
    st.players[0].buildings[5] = DATA.building("cigar_factory").index
    give(st, 0, tobacco=2)
    c = ITEM_INDEX["cigar"]
    st.players[1].yard[c] += st.supply[c] - 1
    st.supply[c] = 1
    t = Table(st).start("foreman", seat=0).play("single:r1c1", "use:tobacco")
    assert t.finished and yard(st, 0) == {"tobacco": 1, "cigar": 1}


def test_power_buildings_take_the_tiles_and_warehouse_stores() -> None:
    """CU 7.5.1-7.5.3."""
    t = activate("church", seat=2)
    assert t.st.veto_tile == 2
    t = activate("city_hall", seat=1)
    assert t.st.vote_tile == 1
    t = activate("warehouse", citrus=2, wood=1)
    assert storage(t.st, 0) == {"citrus": 2} and yard(t.st, 0) == {"wood": 1}


def harbour_state() -> Table:
    st = blank()
    set_harbor(st, berth_1="ship_07", berth_2="ship_09", berth_3="ship_01", sea="ship_12")
    return Table(st)


def test_trading_office_loads_one_unit() -> None:
    """CU 7.2.7: one unit onto a berth ship, that berth's VP."""
    t = harbour_state()
    st = t.st
    st.players[0].buildings[5] = DATA.building("trading_office").index
    give(st, 0, tobacco=2, rum=1)
    t.start("foreman", seat=0).choose("single:r1c1")
    assert sorted(t.options()) == sorted(
        ["load:berth_1:tobacco", "load:berth_1:rum", "load:berth_2:tobacco", "load:berth_2:rum",
         "load:berth_3:tobacco", "load:berth_3:rum", "done"])
    t.choose("load:berth_3:tobacco")
    assert t.finished and st.players[0].vp == 3


def test_large_trading_office_two_of_one_type_same_ship() -> None:
    """CU 7.2.8: 1-2 units of one type onto one ship."""
    t = harbour_state()
    st = t.st
    st.players[0].buildings[5] = DATA.building("large_trading_office").index
    give(st, 0, tobacco=2, rum=1)
    t.start("foreman", seat=0).play("single:r1c1", "load:berth_1:tobacco")
    assert t.options() == ["load:berth_1:tobacco", "done"]  # ship_07: 2 tobacco slots
    t.choose("load:berth_1:tobacco")
    assert t.finished and st.players[0].vp == 2


def test_trading_office_triggers_the_harbor_law() -> None:
    """CU 5.B.5 / CU 7.2.7 [CU-G-25]: a ship made full by a trading office leaves at once."""
    t = harbour_state()
    st = t.st
    set_law(st, "harbor_law")
    load(st, "ship_07", sugar_cane=1, tobacco=2, rum=1)
    st.players[0].buildings[5] = DATA.building("large_trading_office").index
    give(st, 0, cigar=2)
    t.start("foreman", seat=0).play("single:r1c1", "load:berth_1:cigar")
    assert t.finished  # the ship left: no second unit onto it
    assert DATA.ship("ship_07").index in st.ship_deck
    assert st.players[0].vp == 1


def test_lighthouse_swaps_a_berth_ship_with_the_sea_ship() -> None:
    """CU 7.4.5 [CU-G-17]: cargo stays on the cards."""
    t = harbour_state()
    st = t.st
    load(st, "ship_09", citrus=1)
    st.players[0].buildings[5] = DATA.building("lighthouse").index
    t.start("foreman", seat=0).choose("single:r1c1")
    assert t.options() == ["swap:berth_1", "swap:berth_2", "swap:berth_3", "done"]
    t.choose("swap:berth_2")
    assert t.finished
    assert st.harbor[Position.BERTH_2] == DATA.ship("ship_12").index
    assert st.harbor[Position.SEA] == DATA.ship("ship_09").index
    assert st.loads[DATA.ship("ship_09").index][ITEM_INDEX["citrus"]] == 1


def test_lighthouse_cannot_swap_into_an_empty_berth() -> None:
    st = blank(round=1)
    st.players[0].buildings[5] = DATA.building("lighthouse").index
    t = Table(st).start("foreman", seat=0).play("single:r1c1")
    assert t.options() == ["swap:berth_1", "swap:berth_2", "done"]


def test_every_described_building_has_a_test() -> None:
    """CU 7: all 23 tiles are exercised in this file."""
    covered = {row[0] for row in SIMPLE} | {
        "sawmill", "trading_office", "large_trading_office", "lighthouse", "church",
        "city_hall", "warehouse"}
    assert covered == {b.id for b in DATA.buildings}


def test_reference_cites_each_buildings_own_section() -> None:
    """The reference (GetReference) cites each building's section of CU 7: victory-point
    buildings 7.2, income 7.3, factories and the black market 7.4, power 7.5."""
    from services.cuba import reference
    by_group: dict[str, set[str]] = {}
    for b in reference.reference().buildings:
        by_group.setdefault(b.group, set()).add(b.rule)
    assert by_group == {"victory_points": {"CU 7.2"}, "income": {"CU 7.3"},
                        "factories_black_market": {"CU 7.4"}, "power": {"CU 7.5"}}
