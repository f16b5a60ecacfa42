"""CU 5.B.2 Trader: TV-05 to TV-07, market ladders and special uses."""

from __future__ import annotations

from services.cuba.constants import ITEM_INDEX, Space

from .helpers import Table, Wire, blank, give, set_market, storage, yard

CIT, TOB, RUM = ITEM_INDEX["citrus"], ITEM_INDEX["tobacco"], ITEM_INDEX["rum"]


def test_tv05_buying_down_the_ladder_into_the_supply() -> None:
    """TV-05: 4 + 5 + 6 from the market, then 7 from the supply."""
    st = blank()
    st.players[0].money = 25
    supply = st.supply[CIT]
    t = Table(st).start("trader", seat=0)
    labels = {o.id: o.label for o in t.decision().options}
    assert labels["buy:citrus"] == "Buy 1 citrus at the market for 4 pesos"
    for _ in range(4):
        t.choose("buy:citrus")
    assert st.players[0].money == 3
    assert yard(st, 0) == {"citrus": 4}
    assert st.market[CIT] == 0 and st.supply[CIT] == supply - 1
    labels = {o.id: o.label for o in t.decision().options}
    assert labels["sell:citrus"] == "Sell 1 citrus at the market for 6 pesos"
    assert "buy:citrus" not in labels  # 7 > 3 pesos
    t.choose("done")
    assert t.finished


def test_tv06_selling_up_to_full_and_into_the_supply() -> None:
    """TV-06: tobacco 3, 2, then 1 to the supply; rum 4, then 3 to the supply."""
    st = blank()
    st.players[0].money = 0
    give(st, 0, tobacco=3, rum=2)
    sup_t, sup_r = st.supply[TOB], st.supply[RUM]
    t = Table(st).start("trader", seat=0)
    t.play("sell:tobacco", "sell:tobacco", "sell:tobacco", "sell:rum", "sell:rum", "done")
    assert st.players[0].money == 13
    assert st.market[TOB] == 5 and st.market[RUM] == 3
    assert st.supply[TOB] == sup_t + 1 and st.supply[RUM] == sup_r + 1


def test_selling_from_storage() -> None:
    """CU 0.3: stored crops can be sold."""
    st = blank()
    give(st, 0, "storage", citrus=1)
    t = Table(st).start("trader", seat=0)
    assert "sell:citrus" in t.options()
    t.play("sell:citrus", "done")
    assert storage(st, 0) == {} and st.players[0].money == 13


def test_tv07_special_uses_one_marker_each() -> None:
    """TV-07 / CU 5.B.6 [CU-G-33]: two spaces, each once per round."""
    st = blank(round=1)
    t = Table(st).start("trader", seat=0)
    opts = t.options()
    assert {"free_resource:wood", "free_resource:stone", "free_resource:water"} <= set(opts)
    assert {"free_crop:citrus", "free_crop:sugar_cane", "free_crop:tobacco"} <= set(opts)
    t.choose("free_resource:stone")
    assert t.finished and yard(st, 0) == {"stone": 1}
    assert st.markers[Space.TRADER_RESOURCE] == 0
    t = Table(st).start("trader", seat=1)
    assert not any(o.startswith("free_resource") for o in t.options())
    market = list(st.market)
    t.choose("free_crop:sugar_cane")
    assert yard(st, 1) == {"sugar_cane": 1} and st.market == market
    t = Table(st).start("trader", seat=2)
    assert not any(o.startswith("free_") for o in t.options())
    assert "done" in t.options()


def test_tv07_cheapest_crop_only() -> None:
    """TV-07 second check [CU-G-12]: citrus costs 6, sugar cane 3, tobacco 7 -> sugar cane."""
    st = blank()
    set_market(st, citrus=1, sugar_cane=4, tobacco=0)
    t = Table(st).start("trader", seat=0)
    assert [o for o in t.options() if o.startswith("free_crop")] == ["free_crop:sugar_cane"]


def test_cu_5_b_2_free_crop_is_the_cheapest_crop_the_supply_has() -> None:
    """CU 5.B.2 special use [CU-G-12]: sugar cane is cheapest (3) but the supply has none, so
    the cheapest crop the supply still has is offered: citrus at 4 (tobacco costs 6)."""
    st = blank()
    set_market(st, citrus=3, sugar_cane=4, tobacco=1)
    give(st, 1, "storage", sugar_cane=st.supply[ITEM_INDEX["sugar_cane"]])
    w = Wire(st, "trader", seat=0)
    free = [o for o in w.options() if o.startswith("free_crop")]
    assert free == ["free_crop:citrus"]
    market, supply = list(w.st.market), w.st.supply[CIT]
    w.choose("free_crop:citrus")
    after = w.st
    assert yard(after, 0) == {"citrus": 1} and after.supply[CIT] == supply - 1
    assert after.market == market and after.markers[Space.TRADER_CROP] == 0


def test_special_use_not_after_trading() -> None:
    """CU 5.B.2: trade or special use, not both."""
    st = blank()
    t = Table(st).start("trader", seat=0)
    t.choose("buy:citrus")
    assert not any(o.startswith("free_") for o in t.options())


def test_goods_row_buy_prices_and_empty_supply() -> None:
    """CU 5.B.2: rum starts at n = 2 (buy 5); an empty row with an empty supply sells nothing."""
    st = blank()
    t = Table(st).start("trader", seat=0)
    labels = {o.id: o.label for o in t.decision().options}
    assert labels["buy:rum"] == "Buy 1 rum at the market for 5 pesos"
    set_market(st, cigar=0)
    cig = ITEM_INDEX["cigar"]
    st.players[1].yard[cig] += st.supply[cig]
    st.supply[cig] = 0
    assert "buy:cigar" not in Table(st).start("trader", seat=0).options()
