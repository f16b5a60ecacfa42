"""CU 5.E end of round and CU 6 game end (TV-11 end, TV-26)."""

from __future__ import annotations

from services.cuba import GAME
from services.cuba.constants import NO_SEAT, Phase, Space
from services.cuba.scoring import outcome

from .helpers import Table, blank, give, place_building, storage, yard


def test_tv11_unstored_crops_are_discarded() -> None:
    """TV-11 / CU 5.E.1-5.E.2."""
    st = blank(round=2)
    give(st, 0, "storage", citrus=2, sugar_cane=1)
    give(st, 0, tobacco=1, wood=2, rum=1)
    give(st, 1, citrus=2)
    Table(st).start("end_of_round")
    assert yard(st, 0) == {"wood": 2, "rum": 1}
    assert storage(st, 0) == {"citrus": 2, "sugar_cane": 1}
    assert yard(st, 1) == {}


def test_cu_5_e_5_markers_cleared_cards_back() -> None:
    """CU 5.E.5 (TV-09: next round both Architect spaces are free again)."""
    st = blank(round=2)
    st.markers[Space.ARCHITECT_FIRST] = 1
    st.markers[Space.MAYOR_SECOND] = 3
    st.players[0].hand, st.players[0].played = [4], [0, 1, 2, 3]
    Table(st).start("end_of_round")
    assert st.markers == [NO_SEAT] * 6
    assert st.players[0].hand == [0, 1, 2, 3, 4] and st.players[0].played == []


def test_tv26_final_scoring_and_money_tiebreak() -> None:
    """TV-26 / CU 6.2-6.3: A 60+8, B 62+6, C 67+0; B beats A on pesos."""
    st = blank(seats=3, round=6)
    owned = {0: ("bank", "hotel", "sawmill", "dam"), 1: ("shop", "church", "warehouse"), 2: ()}
    for seat, (vp, money) in enumerate(((60, 3), (62, 7), (67, 20))):
        st.players[seat].vp = vp
        st.bank += st.players[seat].money - money
        st.players[seat].money = money
        for b, f in zip(owned[seat], ("r0c1", "r0c2", "r0c3", "r1c0"), strict=False):
            place_building(st, seat, b, f)
    t = Table(st).start("final_scoring")
    assert t.finished and st.phase == Phase.GAME_OVER
    assert [p.vp for p in st.players] == [68, 68, 67]
    out = outcome(st)
    assert [(r.seat, r.rank, r.winner) for r in out.results] == [(0, 2, False), (1, 1, True),
                                                                 (2, 3, False)]
    assert GAME.outcome(st) == out


def test_tie_on_vp_and_money_is_shared() -> None:
    """CU 6.3 [CU-G-20]."""
    st = blank(seats=2)
    out = outcome(st)
    assert all(r.rank == 1 and r.winner for r in out.results)
