"""CU 5.B.1 Worker: TV-01 to TV-04 and supply exhaustion (CU 2.1, CU-G-28, CU-G-32)."""

from __future__ import annotations

from services.cuba.constants import FIELD_IDS, FIELD_INDEX, ITEM_INDEX

from .helpers import Table, Wire, blank, give, place_building, set_law, yard


def worker_to(t: Table, field: str) -> Table:
    assert t.options() == [f"field:{f}" for f in FIELD_IDS]  # 12 fields, staying included
    return t.choose(f"field:{field}")


def test_tv01_seed_example_two_of_three_crops() -> None:
    """TV-01 / CU 5.B.1 item 5: r1c3 gives 2 wood, 1 stone and exactly 2 of 3 crops."""
    st = blank()
    supply = list(st.supply)
    t = worker_to(Table(st).start("worker", seat=0), "r1c3")
    assert yard(st, 0) == {"wood": 2, "stone": 1}
    assert sorted(t.options()) == ["field:r0c3", "field:r1c2", "field:r2c3"]  # no "done"
    t.choose("field:r2c3")
    assert sorted(t.options()) == ["field:r0c3", "field:r1c2"]
    t.choose("field:r0c3")
    assert t.finished  # no water: the harvest ends after the 2 free fields
    assert yard(st, 0) == {"wood": 2, "stone": 1, "citrus": 1, "tobacco": 1}
    assert st.players[0].worker == FIELD_INDEX["r1c3"]
    for name, n in {"wood": 2, "stone": 1, "citrus": 1, "tobacco": 1}.items():
        assert supply[ITEM_INDEX[name]] - st.supply[ITEM_INDEX[name]] == n


def test_tv02_lake_water_buys_a_third_field() -> None:
    """TV-02: resources first, so the lake's water can pay for a third crop field."""
    st = blank()
    water_supply = st.supply[ITEM_INDEX["water"]]
    t = worker_to(Table(st).start("worker", seat=0), "r0c2")
    assert yard(st, 0) == {"water": 1, "stone": 1}
    t.play("field:r0c1", "field:r0c3")
    assert sorted(t.options()) == ["done", "field:r1c2"]  # k = 1 is legal now
    t.choose("field:r1c2")
    assert t.finished
    assert yard(st, 0) == {"stone": 1, "citrus": 1, "sugar_cane": 1, "tobacco": 1}
    assert st.supply[ITEM_INDEX["water"]] == water_supply  # net unchanged


def test_tv02_without_water_spent() -> None:
    """TV-02 with k = 0: stone 1, water 1 and exactly 2 of the 3 crops."""
    st = blank()
    t = worker_to(Table(st).start("worker", seat=0), "r0c2")
    t.play("field:r0c1", "field:r1c2", "done")
    assert t.finished
    assert yard(st, 0) == {"stone": 1, "water": 1, "citrus": 1, "sugar_cane": 1}


def test_tv03_drought_one_free_field_then_water() -> None:
    """TV-03 / CU 10.4 drought [CU-G-32]: base 1, each water buys one more field."""
    st = blank()
    set_law(st, "drought")
    give(st, 0, water=2)
    t = worker_to(Table(st).start("worker", seat=0), "r1c3")
    assert "done" not in t.options()  # the one free field is compulsory
    t.choose("field:r2c3")
    assert sorted(t.options()) == ["done", "field:r0c3", "field:r1c2"]
    t.play("field:r0c3", "done")
    assert yard(st, 0) == {"wood": 2, "stone": 1, "citrus": 1, "tobacco": 1, "water": 1}


def test_tv03_drought_all_three_with_two_water() -> None:
    st = blank()
    set_law(st, "drought")
    give(st, 0, water=2)
    t = worker_to(Table(st).start("worker", seat=0), "r1c3")
    t.play("field:r2c3", "field:r0c3", "field:r1c2")
    assert t.finished
    assert yard(st, 0) == {"wood": 2, "stone": 1, "citrus": 1, "tobacco": 1, "sugar_cane": 1}


def test_tv04_buildings_cover_fields_and_are_not_activated() -> None:
    """TV-04 / CU 5.B.3: covered fields yield nothing; the Worker activates no building."""
    st = blank()
    place_building(st, 0, "bank", "r1c1")
    place_building(st, 0, "hotel", "r2c3")
    st.players[0].worker = FIELD_INDEX["r1c3"]
    st.players[0].money = 5
    t = worker_to(Table(st).start("worker", seat=0), "r1c3")
    assert sorted(t.options()) == ["field:r0c3", "field:r1c2"]
    t.play("field:r0c3", "field:r1c2")
    assert t.finished
    assert yard(st, 0) == {"wood": 2, "sugar_cane": 1, "tobacco": 1}
    assert st.players[0].money == 5 and st.players[0].vp == 0


def test_cu_2_1_exhausted_supply_gives_what_is_there() -> None:
    """CU 2.1 [CU-G-28]: no wood left -> forests yield nothing; a crop field whose crop
    is exhausted is not usable (so the free fields come from the others)."""
    st = blank()
    wood, citrus = ITEM_INDEX["wood"], ITEM_INDEX["citrus"]
    st.players[1].yard[wood] += st.supply[wood]
    st.supply[wood] = 0
    st.players[1].yard[citrus] += st.supply[citrus]
    st.supply[citrus] = 0
    t = worker_to(Table(st).start("worker", seat=0), "r1c3")
    assert yard(st, 0) == {"stone": 1}
    assert sorted(t.options()) == ["field:r0c3", "field:r1c2"]
    t.play("field:r0c3", "field:r1c2")
    assert t.finished and yard(st, 0) == {"stone": 1, "tobacco": 1, "sugar_cane": 1}


def test_last_unit_of_a_crop_makes_the_twin_field_unusable() -> None:
    """CU 2.1: r0c0 activates citrus r0c1 and tobacco r0c3, r2c0 (two tobacco fields);
    with 1 tobacco in the supply only one tobacco field can be used."""
    st = blank()
    tob = ITEM_INDEX["tobacco"]
    st.players[1].yard[tob] += st.supply[tob] - 1
    st.supply[tob] = 1
    t = worker_to(Table(st).start("worker", seat=0), "r0c0")
    t.choose("field:r0c3")
    assert t.options() == ["field:r0c1"]
    t.choose("field:r0c1")
    assert t.finished
    assert yard(st, 0) == {"water": 1, "wood": 1, "citrus": 1, "tobacco": 1}


def test_cu_5_b_1_worker_moves_say_what_the_row_and_column_yield() -> None:
    """CU 5.B.1 (TV-01's field) through engine.act: the r1c3 option says 2 wood, 1 stone and
    2 of 3 crop fields, in words and in args; a built-over field yields nothing."""
    st = blank()
    place_building(st, 0, "bank", "r1c1")
    w = Wire(st, "worker", seat=0)
    o = w.options()["field:r1c3"]
    assert o.label == ("Move to r1c3 (forest): get 2 wood; pick 2 of 3 crop fields (1 citrus, "
                       "1 sugar cane, 1 tobacco), more for 1 water each")
    assert o.args == {"action": "field", "field": "r1c3", "field_type": "forest",
                      "resources": "wood+wood", "crops": "citrus+sugar_cane+tobacco",
                      "free_crops": "2"}
    here = w.options()["field:r0c0"]
    assert here.label == ("Stay on r0c0 (warehouse): get 1 wood, 1 water; pick 2 of 3 crop "
                          "fields (1 citrus, 2 tobacco), more for 1 water each")
    assert w.options()["field:r1c1"].label == (
        "Move to r1c1 (mountain under the Bank): get 2 wood; pick 2 of 3 crop fields "
        "(1 citrus, 2 sugar cane), more for 1 water each")
    w.choose("field:r1c3")
    assert yard(w.st, 0) == {"wood": 2}
    assert [o.label for o in w.decision().options] == [
        "Take 1 tobacco from r0c3", "Take 1 sugar cane from r1c2", "Take 1 citrus from r2c3"]
