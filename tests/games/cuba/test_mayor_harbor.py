"""CU 5.B.5 Mayor and the harbour (CU 3.6-3.7, 5.E.3-5.E.4): TV-13 to TV-16."""

from __future__ import annotations

from services.cuba.constants import ITEM_INDEX, NO_SHIP, Position, Space
from services.cuba.data import DATA
from services.cuba.game import Cuba

from .helpers import OPTIONS, Table, blank, give, load, set_harbor, set_law, yard

S = {s.id: s.index for s in DATA.ships}


def tv13() -> Table:
    st = blank(round=2)
    set_harbor(st, berth_1="ship_07", berth_2="ship_09", berth_3="ship_01", sea="ship_12")
    load(st, "ship_09", citrus=1)
    give(st, 0, tobacco=2, rum=1, sugar_cane=1)
    return Table(st).start("mayor", seat=0)


def test_tv13_ship_options_exclude_the_sea() -> None:
    t = tv13()
    assert t.options() == ["ship:berth_1", "ship:berth_2", "ship:berth_3", "forgo"]


def test_tv13_best_load_on_ship_01() -> None:
    """TV-13: ship_01 takes sugar cane, tobacco, rum (one tobacco slot) -> 9 VP."""
    t = tv13()
    t.choose("ship:berth_3")
    assert "done" not in t.options()  # at least one unit
    assert sorted(t.options()) == ["load:rum", "load:sugar_cane", "load:tobacco"]
    t.play("load:sugar_cane", "load:tobacco")
    assert sorted(t.options()) == ["done", "load:rum"]
    t.choose("load:rum")
    assert t.finished  # nothing more fits
    assert t.st.players[0].vp == 9 and yard(t.st, 0) == {"tobacco": 1}
    assert t.st.loads[S["ship_01"]] == [0, 1, 1, 1, 0]


def test_tv13_other_ships_values() -> None:
    """TV-13: ship_07 would give 4 VP, ship_09 6 VP (the deck of CU-R-11: ship_09 now takes
    sugar cane, tobacco and rum where the CU-G-02 card took 2 tobacco and rum)."""
    t = tv13()
    t.play("ship:berth_1", "load:sugar_cane", "load:tobacco", "load:tobacco", "load:rum")
    assert t.finished and t.st.players[0].vp == 4
    t = tv13()
    t.play("ship:berth_2", "load:sugar_cane", "load:tobacco", "load:rum")
    assert t.finished and t.st.players[0].vp == 6


def tv14(harbor_law: bool) -> Table:
    st = blank(round=3)
    if harbor_law:
        set_law(st, "harbor_law")
    set_harbor(st, berth_1="ship_02", berth_2="ship_05", berth_3="ship_06", sea="ship_10")
    st.ship_deck.remove(S["ship_11"])
    st.ship_deck.remove(S["ship_13"])
    st.ship_deck[:0] = [S["ship_11"], S["ship_13"]]
    load(st, "ship_02", citrus=1, sugar_cane=2, tobacco=1)
    give(st, 0, cigar=1)
    return Table(st).start("mayor", seat=0)


def test_tv14_harbor_law_immediate_departure_and_refill() -> None:
    t = tv14(True)
    st = t.st
    supply = list(st.supply)
    t.play("ship:berth_1", "load:cigar")
    assert t.finished and st.players[0].vp == 1
    gained = {n: st.supply[i] - supply[i] for n, i in ITEM_INDEX.items()
              if st.supply[i] != supply[i]}
    assert gained == {"citrus": 1, "sugar_cane": 2, "tobacco": 1, "cigar": 1}
    assert st.ship_deck[-1] == S["ship_02"] and st.ship_deck[0] == S["ship_13"]
    assert st.harbor == [S["ship_10"], S["ship_05"], S["ship_06"], S["ship_11"]]
    assert st.loads[S["ship_02"]] == [0, 0, 0, 0, 0]


def test_tv14_without_harbor_law_the_full_ship_stays() -> None:
    t = tv14(False)
    t.play("ship:berth_1", "load:cigar")
    assert t.finished
    assert t.st.harbor[Position.BERTH_1] == S["ship_02"] and sum(t.st.loads[S["ship_02"]]) == 5


def test_tv15_mayor_special_use_four_two_nothing() -> None:
    """TV-15 / CU 5.B.6."""
    st = blank()
    give(st, 1, citrus=1)
    for seat, choice, money in ((0, "forgo", 14), (1, "ship:berth_1", 10), (2, "forgo", 12),
                                (3, "forgo", 10)):
        t = Table(st).start("mayor", seat=seat)
        t.choose(choice)
        if choice.startswith("ship"):
            t.choose("load:citrus")
        assert t.finished and st.players[seat].money == money
    assert st.markers[Space.MAYOR_FIRST] == 0 and st.markers[Space.MAYOR_SECOND] == 2


def test_tv16_departures_round_1_then_round_2() -> None:
    """TV-16 / CU 3.6-3.7, 5.E.3-5.E.4."""
    st = Cuba().new_state(4, OPTIONS, 1)
    order = ["ship_04", "ship_08", "ship_12", "ship_01", "ship_15", "ship_07"]
    rest = [s.index for s in DATA.ships if s.id not in order]
    st.harbor = [S["ship_04"], S["ship_08"], NO_SHIP, S["ship_12"]]
    st.ship_deck = [S[x] for x in order[3:]] + rest
    assert len(st.ship_deck) == 12
    st.round = 1
    load(st, "ship_08", citrus=1, sugar_cane=1, tobacco=1, cigar=2)
    load(st, "ship_04", citrus=1, tobacco=1)
    Table(st).start("end_of_round")
    assert st.harbor == [S["ship_01"], S["ship_12"], S["ship_04"], S["ship_15"]]
    assert st.ship_deck[0] == S["ship_07"] and st.ship_deck[-1] == S["ship_08"]
    supply = list(st.supply)
    st.round = 2
    Table(st).start("end_of_round")
    assert st.harbor == [S["ship_15"], S["ship_01"], S["ship_12"], S["ship_07"]]
    assert st.supply[ITEM_INDEX["citrus"]] == supply[ITEM_INDEX["citrus"]] + 1
    assert st.supply[ITEM_INDEX["tobacco"]] == supply[ITEM_INDEX["tobacco"]] + 1
    assert st.ship_deck[-1] == S["ship_04"]


def test_full_ship_at_sea_leaves_too() -> None:
    """CU-G-16: a full ship at sea (after a lighthouse swap) leaves in phase E."""
    st = blank(round=3)
    set_harbor(st, berth_1="ship_02", berth_2="ship_05", berth_3="ship_06", sea="ship_10")
    load(st, "ship_10", citrus=1, sugar_cane=2, rum=1, cigar=1)
    Table(st).start("end_of_round")
    assert S["ship_10"] in st.ship_deck and S["ship_06"] in st.ship_deck
    assert st.harbor[Position.BERTH_3] == S["ship_05"]


def test_mayor_without_cargo_can_only_forgo() -> None:
    st = blank()
    assert Table(st).start("mayor", seat=0).options() == ["forgo"]


def test_sea_ship_cannot_be_loaded_round_1_berth_3_empty() -> None:
    """CU 3.6: berth_3 is empty in round 1."""
    st = blank(round=1)
    give(st, 0, citrus=1, sugar_cane=1, tobacco=1, rum=1, cigar=1)
    opts = Table(st).start("mayor", seat=0).options()
    assert "ship:berth_3" not in opts and not any("sea" in o for o in opts)
