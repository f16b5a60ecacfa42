"""CU 5.B.3 Architect: TV-08, TV-09, field rules."""

from __future__ import annotations

from services.cuba.constants import FIELD_INDEX, Space

from .helpers import Table, Wire, blank, give, place_building, set_law, yard

PAYABLE = {"cement_factory", "sawmill", "monastery", "cigar_bar", "trading_office",
           "large_trading_office", "hotel", "guest_house", "shop", "produce_market",
           "resource_market", "bank", "cigar_factory", "rum_distillery", "dam", "lighthouse",
           "church", "warehouse", "city_hall"}


def test_tv08_affordability_and_building_law() -> None:
    """TV-08 / CU 10.4 building law: 19 payable buildings, 11 legal fields, +2 pesos."""
    st = blank()
    set_law(st, "building_law")
    give(st, 0, wood=2, stone=2, water=1)
    st.players[0].money = 3
    t = Table(st).start("architect", seat=0)
    builds = {o.split(":")[1] for o in t.options() if o.startswith("build:")}
    assert builds == PAYABLE
    assert "forgo" in t.options()
    t.choose("build:cigar_factory")
    fields = t.options()
    assert len(fields) == 11 and "field:r0c0" not in fields
    t.choose("field:r2c0")
    assert t.finished
    assert yard(st, 0) == {"water": 1} and st.players[0].money == 1
    assert st.players[0].buildings[FIELD_INDEX["r2c0"]] >= 0


def test_tv08_building_law_without_money_forbids_building() -> None:
    st = blank()
    set_law(st, "building_law")
    give(st, 0, wood=2, stone=2, water=1)
    st.players[0].money = 1
    assert Table(st).start("architect", seat=0).options() == ["forgo"]


def test_built_tiles_and_occupied_fields_are_not_offered() -> None:
    """CU 2 (each tile once) / CU 5.B.3 (not on the warehouse or another building)."""
    st = blank()
    place_building(st, 1, "bank", "r1c1")
    place_building(st, 0, "hotel", "r2c3")
    give(st, 0, wood=1, stone=1)
    st.players[0].worker = FIELD_INDEX["r1c2"]
    t = Table(st).start("architect", seat=0)
    assert "build:bank" not in t.options() and "build:city_hall" in t.options()
    t.choose("build:city_hall")
    fields = t.options()
    assert "field:r2c3" not in fields and "field:r0c0" not in fields
    assert "field:r1c2" in fields  # under the worker is allowed
    assert "field:r0c2" in fields  # the lake is allowed


def test_tv09_special_use_two_one_nothing() -> None:
    """TV-09 [CU-G-11]: the first two forgoers score 2 and 1 VP."""
    st = blank()
    give(st, 0, wood=1, stone=1)
    Table(st).start("architect", seat=0).play("build:bank", "field:r1c1")
    assert st.markers[Space.ARCHITECT_FIRST] == -1
    for seat, vp in ((1, 2), (2, 1), (3, 0)):
        t = Table(st).start("architect", seat=seat)
        t.choose("forgo")
        assert t.finished and st.players[seat].vp == vp
    assert st.markers[Space.ARCHITECT_FIRST] == 1 and st.markers[Space.ARCHITECT_SECOND] == 2


def test_cu_5_b_3_build_options_give_cost_and_effect() -> None:
    """CU 5.B.3 / CU 7 through engine.act: each building says its cost (the building law's
    2 pesos included) and what an activation does; the field says what it stops yielding."""
    st = blank()
    set_law(st, "building_law")
    give(st, 0, wood=2, stone=2, water=1)
    w = Wire(st, "architect", seat=0)
    opts = w.options()
    assert opts["build:sawmill"].label == ("Build the Sawmill for 2 wood, 1 stone and 2 pesos: "
                                           "when activated, discard 1 wood for 1 VP, up to 4 "
                                           "times")
    assert opts["build:sawmill"].args == {"action": "build", "building": "sawmill",
                                          "cost": "wood+wood+stone", "pesos": "2"}
    assert opts["build:rum_distillery"].label.endswith(
        "when activated, turn 1 sugar cane into 1 rum, as often as you like")
    assert opts["forgo"].label == "Do not build: take the special use for 2 VP"
    assert opts["forgo"].args == {"action": "forgo", "space": "architect_first", "vp": "2"}
    w.choose("build:sawmill")
    field = w.options()["field:r0c1"]
    assert field.label == "Build the Sawmill on r0c1 (citrus field: it stops yielding citrus)"
    w.choose("field:r0c1")
    assert w.st.players[0].money == 8
