"""CU 5.D decrees and CU 10 laws: TV-21 to TV-24."""

from __future__ import annotations

import pytest

from services.cuba.constants import CHARACTER_INDEX, ITEM_INDEX
from services.cuba.data import DATA
from services.cuba.decrees import subsidy_vp

from .helpers import Table, Wire, blank, give, place_building, set_law, set_market, storage, yard


def test_tv21_tax_and_tax_in_kind() -> None:
    """TV-21: A pays both (+5), B only the citrus (+2), C only the tax (+2), D declines."""
    st = blank(seats=4, start=0)
    for seat, money in enumerate((5, 1, 6, 9)):
        st.bank += st.players[seat].money - money
        st.players[seat].money = money
    give(st, 0, "storage", citrus=1)
    give(st, 1, citrus=2)
    give(st, 3, citrus=3)
    t = Table(st).start("decrees")
    d = t.decision()
    assert (d.seat, d.kind, d.option_ids()) == (0, "cuba.pay_tax", ["pay", "decline"])
    t.choose("pay")
    assert t.decision().seat == 2  # seat 1 cannot pay 2 pesos: no decision
    t.choose("pay")
    t.choose("decline")  # seat 3
    d = t.decision()
    assert (d.seat, d.kind, d.option_ids()) == (0, "cuba.pay_duty", ["give:citrus", "decline"])
    t.choose("give:citrus")
    t.choose("give:citrus")  # seat 1; seat 2 has no citrus
    assert t.decision().seat == 3
    t.choose("decline")
    assert t.finished
    assert [p.vp for p in st.players] == [5, 2, 2, 0]
    assert [p.money for p in st.players] == [3, 1, 4, 9]
    assert storage(st, 0) == {} and yard(st, 1) == {"citrus": 1} and yard(st, 3) == {"citrus": 3}
    assert any(e.kind == "cuba.tax_unpaid" and e.data["seat"] == 1 for e in t.events)


def test_cu_5_d_2_tax_in_kind_label_counts_the_compliance_bonus() -> None:
    """CU 5.D.2: a player who paid the tax scores 2 + 1 VP for the tax in kind, and the
    option says so; one who declined the tax is offered (and scores) 2 VP."""
    st = blank(seats=2, start=0)
    give(st, 0, citrus=1)
    give(st, 1, citrus=1)
    w = Wire(st, "decrees").play("pay", "decline")
    give_0 = w.options(0)["give:citrus"]
    assert give_0.label == "Give 1 citrus for 3 VP (2 + 1 for paying both taxes)"
    assert give_0.args["vp"] == "3"
    w.choose("give:citrus")
    assert w.st.players[0].vp == 2 + 3
    give_1 = w.options(1)["give:citrus"]
    assert give_1.label == "Give 1 citrus for 2 VP" and give_1.args["vp"] == "2"
    w.choose("give:citrus")
    assert w.st.players[1].vp == 2


def test_duty_any_two_offers_every_payable_pair() -> None:
    """CU 10.2 [CU-G-08]: any 2 units of resources/crops, never goods."""
    st = blank(seats=2)
    set_law(st, "duty_any_two_a")
    st.players[0].money = st.players[1].money = 0
    give(st, 0, wood=2, citrus=1, rum=3)
    t = Table(st).start("decrees")
    assert sorted(t.options()) == sorted(["give:wood+wood", "give:citrus+wood", "decline"])
    t.choose("give:citrus+wood")
    assert yard(st, 0) == {"wood": 1, "rum": 3} and st.players[0].vp == 2


def test_tv22_building_and_field_subsidies_and_tax_per_building() -> None:
    """TV-22 / CU 10.3: 3 buildings, 3 open resource fields, 5 open crop fields; tax 3."""
    st = blank()
    place_building(st, 0, "bank", "r1c1")
    place_building(st, 0, "warehouse", "r2c0")
    place_building(st, 0, "hotel", "r0c2")
    expect = {"subsidy_buildings": 3, "subsidy_open_resource_fields": 3,
              "subsidy_open_crop_fields": 5}
    for law, vp in expect.items():
        assert subsidy_vp(st, 0, DATA.law(law)) == vp
    assert subsidy_vp(st, 1, DATA.law("subsidy_open_resource_fields")) == 5
    assert subsidy_vp(st, 1, DATA.law("subsidy_open_crop_fields")) == 6
    set_law(st, "tax_per_building")
    t = Table(st).start("decrees")
    assert t.decision().option_ids() == ["pay", "decline"]
    t.choose("pay")
    assert st.players[0].money == 7 and st.players[0].vp == 2


def test_tax_per_building_with_no_building_pays_zero_and_scores() -> None:
    """CU-G-09."""
    st = blank(seats=2)
    set_law(st, "tax_per_building")
    st.players[0].money = 0
    t = Table(st).start("decrees")
    t.choose("pay")
    assert st.players[0].vp == 2 and st.players[0].money == 0


@pytest.mark.parametrize(("water", "vp"), [(9, 7), (4, 4)])
def test_tv23_water_subsidy(water: int, vp: int) -> None:
    st = blank()
    give(st, 0, water=water)
    assert subsidy_vp(st, 0, DATA.law("subsidy_water")) == vp


@pytest.mark.parametrize(("money", "vp"), [(20, 6), (23, 7), (30, 7), (2, 0)])
def test_tv23_money_subsidy(money: int, vp: int) -> None:
    st = blank()
    st.players[0].money = money
    assert subsidy_vp(st, 0, DATA.law("subsidy_money")) == vp


def test_tv23_votes_subsidy_counts_the_card_only() -> None:
    st = blank()
    p = st.players[0]
    p.parliament_card, p.votes, p.bribe = CHARACTER_INDEX["foreman"], 11, 5
    assert subsidy_vp(st, 0, DATA.law("subsidy_votes")) == 4


def test_subsidy_counts_money_after_the_tax() -> None:
    """CU 5.D.3 [CU-G-27]: 9 pesos, tax 2 paid -> 7 pesos -> 2 VP from subsidy_money."""
    st = blank(seats=2)
    set_law(st, "subsidy_money")
    st.players[0].money = 9
    st.players[1].money = 0
    t = Table(st).start("decrees").play("pay")
    assert t.finished
    assert st.players[0].vp == 2 + 2 and st.players[1].vp == 0


def test_tv24_market_surplus() -> None:
    st = blank()
    set_law(st, "market_surplus")
    set_market(st, citrus=3, sugar_cane=4, tobacco=1)
    tob = ITEM_INDEX["tobacco"]
    st.players[3].yard[tob] += st.supply[tob] - 1
    st.supply[tob] = 1
    for p in st.players:
        p.money = 0
    before = list(st.supply)
    goods = (st.market[3], st.market[4])
    Table(st).start("decrees")
    assert st.market[:3] == [5, 5, 2] and (st.market[3], st.market[4]) == goods
    assert [before[i] - st.supply[i] for i in range(3)] == [2, 1, 1]


def test_tv24_market_shortage() -> None:
    st = blank()
    set_law(st, "market_shortage")
    set_market(st, citrus=3, sugar_cane=1, tobacco=0)
    for p in st.players:
        p.money = 0
    before = list(st.supply)
    Table(st).start("decrees")
    assert st.market[:3] == [1, 0, 0]
    assert [st.supply[i] - before[i] for i in range(3)] == [2, 1, 0]


def test_other_laws_do_nothing_in_phase_d() -> None:
    """CU 5.D.4: drought, building, harbor and bribery laws act in phases B/C only."""
    for law in ("drought", "building_law", "harbor_law", "bribery_law"):
        st = blank(seats=2)
        set_law(st, law)
        for p in st.players:
            p.money = 0
        market, supply = list(st.market), list(st.supply)
        t = Table(st).start("decrees")
        assert t.finished and st.market == market and st.supply == supply
