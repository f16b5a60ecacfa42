"""CU 5.B.4 Foreman and storage: TV-10 to TV-12, cross vs single, warehouse."""

from __future__ import annotations

from services.cuba.constants import FIELD_INDEX

from .helpers import Table, blank, give, place_building, storage, yard


def tv10() -> Table:
    st = blank()
    for b, f in (("bank", "r1c0"), ("sawmill", "r0c2"), ("guest_house", "r2c2"),
                 ("hotel", "r2c0")):
        place_building(st, 0, b, f)
    st.players[0].worker = FIELD_INDEX["r1c2"]
    give(st, 0, wood=5)
    st.players[0].money, st.players[0].vp = 3, 10
    return Table(st).start("foreman", seat=0)


def test_tv10_options_cross_or_any_single_site() -> None:
    t = tv10()
    assert t.options() == ["cross", "single:r0c0", "single:r0c2", "single:r1c0",
                           "single:r2c0", "single:r2c2"]


def test_tv10_cross_all_used_to_the_maximum() -> None:
    """TV-10: bank +2, sawmill 4 wood -> 4 VP (max 4), guest house +1; hotel not in cross."""
    t = tv10()
    t.choose("cross")
    assert sorted(t.options()) == ["activate:r0c2", "activate:r1c0", "activate:r2c2", "done"]
    t.play("activate:r1c0", "activate:r0c2")
    for _ in range(4):
        assert t.options() == ["use:wood", "done"]
        t.choose("use:wood")
    assert sorted(t.options()) == ["activate:r2c2", "done"]  # max 4 reached, sawmill done
    t.choose("activate:r2c2")
    assert t.finished
    p = t.st.players[0]
    assert (p.money, p.vp, yard(t.st, 0)) == (5, 15, {"wood": 1})


def test_tv10_single_hotel() -> None:
    t = tv10()
    t.choose("single:r2c0")
    assert t.finished
    p = t.st.players[0]
    assert (p.money, p.vp, yard(t.st, 0)) == (3, 12, {"wood": 5})


def test_tv11_warehouse_in_the_cross_stores_all_yard_crops() -> None:
    """TV-11 / CU 5.B.4 [CU-G-14]: crops to storage; resources and goods stay in the yard."""
    st = blank()
    give(st, 0, citrus=2, sugar_cane=1, wood=2, rum=1)
    st.players[0].worker = FIELD_INDEX["r0c1"]
    t = Table(st).start("foreman", seat=0).play("cross")
    assert t.options() == ["activate:r0c0", "done"]
    t.choose("activate:r0c0")
    assert t.finished
    assert storage(st, 0) == {"citrus": 2, "sugar_cane": 1}
    assert yard(st, 0) == {"wood": 2, "rum": 1}


def test_tv12_factory_chain_order_matters() -> None:
    """TV-12: cigar factory 4 -> 4 cigars, cigar bar 3 -> 6 VP, shop 1 -> 6 pesos."""
    st = blank()
    for b, f in (("cigar_factory", "r2c0"), ("cigar_bar", "r2c2"), ("shop", "r2c3")):
        place_building(st, 0, b, f)
    st.players[0].worker = FIELD_INDEX["r2c1"]
    give(st, 0, tobacco=4)
    st.players[0].money = 0
    t = Table(st).start("foreman", seat=0).play("cross", "activate:r2c0")
    for _ in range(4):
        t.choose("use:tobacco")
    assert "use:tobacco" not in t.options()
    t.choose("activate:r2c2")
    for _ in range(3):
        t.choose("use:cigar")
    t.choose("activate:r2c3")
    assert t.options() == ["sell:cigar", "done"]
    t.choose("sell:cigar")
    assert t.finished
    p = st.players[0]
    assert (p.vp, p.money) == (6, 6) and yard(st, 0) == {}


def test_tv12_bar_before_factory_finds_no_cigar() -> None:
    st = blank()
    for b, f in (("cigar_factory", "r2c0"), ("cigar_bar", "r2c2")):
        place_building(st, 0, b, f)
    st.players[0].worker = FIELD_INDEX["r2c1"]
    give(st, 0, tobacco=4)
    t = Table(st).start("foreman", seat=0).play("cross", "activate:r2c2")
    assert t.options() == ["activate:r2c0", "done"]  # the bar had nothing to use


def test_foreman_with_no_building_has_an_empty_cross() -> None:
    """CU-G-26: the Foreman can always be played (no effect)."""
    st = blank()
    st.players[0].worker = FIELD_INDEX["r1c1"]
    t = Table(st).start("foreman", seat=0)
    assert t.options() == ["cross", "single:r0c0"]
    t.choose("cross")
    assert t.finished
