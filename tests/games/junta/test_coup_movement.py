"""JU 27 starting a coup, JU 29 order, JU 31/34 movement, JU 25.1b exile from an embassy,
JU 36 police response, unit bribes (JU 47) (TV-15, 16, 22, 31)."""

from __future__ import annotations

import pytest

from services.junta.constants import AIRBORNE, Status
from services.junta.coup.order import phase_order
from services.junta.data import DATA
from services.kernel.errors import IllegalChoice

from .scenario import Table


def offer(excuse: bool) -> Table:
    """TV-15: 5 players, President S2; S0 and S4 at Headquarters, S1 Home, S3 Bank."""
    t = Table(5).president(2)
    for office, f in (("minister_of_interior", 0), ("general_1st_brigade", 1),
                      ("general_2nd_brigade", 3), ("general_3rd_brigade", 4), ("admiral", 0),
                      ("air_force_commander", 1)):
        t.office(office, f)
    for f, loc in ((0, "headquarters"), (1, "home"), (2, "home"), (3, "bank"),
                   (4, "headquarters")):
        t.location(f, loc)
    return t.set(excuse=excuse).at("coup_offer", order=[3, 4, 0, 1, 2], i=0)


def test_tv15_ju_27_2_3_without_an_excuse_only_headquarters_from_the_presidents_left() -> None:
    from services.junta.coup.start import offer_order
    t = offer(excuse=False)
    assert offer_order(t.state) == [3, 4, 0, 1, 2]  # the President is never asked
    assert [(d.seat, d.kind) for d in t.pending()] == [(4, "junta.start_coup")]
    assert t.options(4) == ["pass", "start"]
    t.act(4, "pass")
    assert t.decision(0).kind == "junta.start_coup"
    t.act(0, "start")
    st = t.state
    assert st.coup is not None and st.coup.leader == 0


def test_tv15_ju_29_3_phase_order_shifts_one_seat_each_phase() -> None:
    t = offer(excuse=False).act(4, "pass").act(0, "start")
    st = t.state
    assert st.coup is not None
    firsts = []
    for k in range(7):
        st.coup.phase = k
        firsts.append(phase_order(st)[0])
    assert firsts == [0, 1, 2, 3, 4, 0, 1]
    st.coup.phase = 0
    assert phase_order(st) == [0, 1, 2, 3, 4]


def test_tv15_with_an_excuse_s3_is_asked_first() -> None:
    t = offer(excuse=True)
    assert [d.seat for d in t.pending()] == [3]


MOVE = ("movement_turn", {"fam": 1, "moved": False, "placed": [], "start": False})


def test_tv16_ju_31_2_one_move_to_an_adjacent_area() -> None:
    t = Table(4).president(0).office("general_1st_brigade", 1)
    t.coup(2, 1, [("barracks_1st_brigade", "infantry_1st_brigade", 1, 6)], MOVE)
    assert t.options(1)[:2] == ["done", "move:barracks_1st_brigade"]
    t.act(1, "move:barracks_1st_brigade")
    assert t.options(1) == [f"take:infantry_1st_brigade:{n}" for n in range(1, 7)]
    t.act(1, "take:infantry_1st_brigade:4")
    opts = t.options(1)
    assert "to:university" in opts and "to:cathedral_square" not in opts
    t.act(1, "to:university")
    coup = t.state.coup
    assert coup is not None
    assert sum(1 for u in coup.units if u.pos == DATA.area_index["university"]) == 4
    assert not any(o.startswith("move:") for o in t.options(1))  # one move a turn


def test_tv16_ju_34_a_drop_is_not_the_move_and_the_dropped_units_may_then_move() -> None:
    t = Table(4).president(0).office("air_force_commander", 1)
    t.coup(2, 1, [("airborne", "paratroop", 1, 1)], MOVE)
    assert "drop:presidential_palace" in t.options(1)
    t.act(1, "drop:presidential_palace")
    t.act(1, "move:presidential_palace").act(1, "take:paratroop:1").act(1, "to:plaza_mayor")
    coup = t.state.coup
    assert coup is not None and coup.units[0].pos == DATA.area_index["plaza_mayor"]
    assert coup.paratroops_dropped and coup.units[0].pos != AIRBORNE


def test_tv16_ju_31_2_a_helicopter_alone_flies_two_areas() -> None:
    t = Table(4).president(0)
    t.coup(2, 1, [("air_base", "helicopter", 1, 1), ("air_base", "infantry_1st_brigade", 1, 1)],
           MOVE)
    t.act(1, "move:air_base").act(1, "take:helicopter:1")
    assert "to:police_precinct_north" in t.options(1)
    t.act(1, "take:infantry_1st_brigade:1")
    assert "to:police_precinct_north" not in t.options(1)


def test_tv16_ju_34_1_marines_land_only_on_the_coast() -> None:
    t = Table(4).president(0).office("admiral", 1)
    t.coup(2, 1, [("afloat", "marine", 1, 1)], MOVE)
    opts = t.options(1)
    assert "land:waterfront" in opts and "land:presidential_palace" not in opts
    with pytest.raises(IllegalChoice):
        t.act(1, "land:presidential_palace")


def test_tv22_ju_25_1b_the_president_flees_into_exile_from_an_embassy() -> None:
    t = Table(5).president(0).cash(0, [3, 3])
    t.coup(2, 3, [("waterfront", "palace_guard", 0, 4),
                  ("radio_station", "infantry_2nd_brigade", 2, 2)],
           ("movement_turn", {"fam": 0, "moved": False, "placed": [], "start": False}),
           rebels=(2,))
    t.act(0, "move:waterfront").act(0, "take:palace_guard:4").act(0, "to:mexican_embassy")
    assert "exile" in t.options(0)
    t.act(0, "exile")
    st = t.state
    assert st.offices[0] == -1 and st.families[0].status == Status.EXILED
    assert st.coup is not None and all(u.pos < 0 for u in st.coup.units if u.type == 0)
    assert t.cash_values(0) == [3, 3]


def test_tv31_ju_36_police_response_by_the_minister_and_a_bribe_paid_once() -> None:
    t = Table(5).president(0).office("minister_of_interior", 1)
    t.hand(2, "evt_student_riot").hand(3, "brb_police").cash(3, [2])
    t.coup(2, 0, [("police_precinct_north", "police", 1, 2),
                  ("police_precinct_south", "police", 1, 2)],
           ("movement_turn", {"fam": 3, "moved": False, "placed": [], "start": False}),
           ("movement_turn", {"fam": 2, "moved": False, "placed": [], "start": True}))
    assert t.options(2) == ["play:evt_student_riot"]  # the starting action (JU 27.4)
    t.act(2, "play:evt_student_riot").act(2, "done")
    t.act(3, "bribe:brb_police").act(3, "area:police_precinct_south")
    t.act(3, "try:police:1").act(3, "try:police:1").act(3, "done")
    assert t.options(3) == ["pay:2"]  # 2 units tried: cost 2, paid once (JU 47 [G 12])
    t.rig(5, 2).act(3, "pay:2")
    assert [e.data["won"] for e in t.all_events("bribe_die")] == [True, False]
    assert t.aid_bottom(1) == [2]
    st = t.state
    assert st.coup is not None and 3 in st.coup.rebels and 2 in st.coup.rebels
    t.act(3, "done")
    # through the rebel phase's combat (nothing to fight) to coup phase 1's police response
    for _ in range(10):
        if t.pending(1, "police_response"):
            break
        d = t.pending()[0]
        t.act(d.seat, d.option_ids()[0])
    assert t.options(1) == ["done", "place:university"]
    for _ in range(3):
        t.act(1, "place:university")
    coup = t.state.coup
    assert coup is not None
    uni = DATA.area_index["university"]
    assert sum(1 for u in coup.units if u.pos == uni and u.ctrl == 1) == 3
    south = DATA.area_index["police_precinct_south"]
    assert [u.ctrl for u in coup.units if u.pos == south] == [3]
