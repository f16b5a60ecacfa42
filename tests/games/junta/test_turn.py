"""JU 13 the end, JU 14 Phase 1, JU 5.5/9.1e/14.1 a Republic without a President, JU 43.6 the
transfer bound (TV-17, TV-18, TV-21, TV-32)."""

from __future__ import annotations

from services.junta.constants import Phase, Status
from services.junta.data import DATA
from services.junta.state import JuntaState
from services.kernel import engine

from .scenario import Table


def take_total(st: JuntaState, amount: int) -> list[int]:
    """Bills from the aid deck worth exactly `amount` (3s first)."""
    out = []
    for v in (3, 2, 1):
        while amount >= v and any(DATA.bill_values[b] == v for b in st.aid):
            if amount - v == 1 and v == 2 and not any(DATA.bill_values[b] == 1 for b in st.aid):
                break
            b = next(b for b in st.aid if DATA.bill_values[b] == v)
            st.aid.remove(b)
            out.append(b)
            amount -= v
    assert amount == 0
    return out


def test_tv17_ju_13_fewer_than_8_aid_bills_end_the_game_swiss_only_ties_share() -> None:
    t = Table(3).president(0)
    st = t.st
    st.families[0].swiss = take_total(st, 40)
    st.families[1].swiss = take_total(st, 38)
    st.families[2].swiss = take_total(st, 40)
    st.families[1].cash = take_total(st, 15)
    st.families[3].swiss, st.aid = st.aid[7:], st.aid[:7]  # a straw man's: never counts
    t.stage("phase3")
    st = t.state
    assert st.over and len(st.aid) == 7 and st.drawn == []
    out = engine.view(__import__("services.junta", fromlist=["GAME"]).GAME, t.data, 0).outcome
    assert out is not None
    assert [(r.seat, r.score, r.winner) for r in out.results] == [(0, 40, True), (1, 38, False),
                                                                 (2, 40, True)]
    assert t.event("game_end").data == {"why": "the aid deck holds only 7 bills"}


def test_tv18_ju_8_5_14_reshuffle_on_an_empty_deck_and_the_hand_limit() -> None:
    t = Table(4).president(0).status(2, Status.EXILED)
    t.hand(1, "vote_peasants", "vote_middle_class", "evt_carnival")
    t.face_up(1, "inf_church", "inf_unions")
    st = t.st
    st.discard, st.deck = st.deck[1:], st.deck[:1]
    last, pile = st.deck[0], len(st.discard)
    t.stage("phase1_start")
    st = t.state
    assert st.families[0].hand[0] == last  # S0 draws the last card first
    assert t.event("reshuffle").data == {"deck": pile}
    assert len(st.families[2].hand) == 0  # the exile draws nothing
    assert len(st.families[1].hand) + len(st.families[1].face_up) == 7
    for seat in (0, 1, 3):
        t.act(seat, "ready")
    d = t.decision(1)
    assert d.kind == "junta.discard_to_limit"
    assert "discard:inf_church" in d.option_ids() and "discard:vote_peasants" in d.option_ids()
    t.act(1, "discard:inf_unions")
    assert len(t.state.families[1].face_up) == 1 and t.state.phase >= Phase.CABINET


def test_tv21_ju_5_5_everyone_in_exile_two_return_and_elect() -> None:
    t = Table(4).president(0)
    for office, f in (("minister_of_interior", 1), ("general_1st_brigade", 1),
                      ("general_2nd_brigade", 2), ("admiral", 2), ("general_3rd_brigade", 3),
                      ("air_force_commander", 3)):
        t.office(office, f)
    t.set(turn=6).at("locations")
    for seat in range(4):
        t.act(seat, "location:exile")
    for seat in (1, 2, 3, 0):  # Phase 6: every player declares (nothing); exile at the reveal
        t.act(seat, "done")
    st = t.state
    assert all(f.status == Status.EXILED for f in st.families)
    assert st.offices == [-1] * 7 and t.event("no_election")
    assert not any(d.kind == "junta.brother_in_law" for d in t.pending())
    # Phase 9 step C, in order from the last President's seat: S0, S1, S2, S3
    assert t.decision(0).kind == "junta.return_exile"
    t.act(0, "stay").act(1, "return").act(2, "stay").act(3, "return")
    st = t.state
    assert st.turn == 7 and st.families[1].status == Status.ACTIVE
    assert st.families[0].status == Status.EXILED and st.families[2].status == Status.EXILED
    assert t.event("election").data == {"chair": 1}


def test_tv21_variation_nobody_returns_all_come_back_unshot() -> None:
    t = Table(4).president(0).set(turn=6).at("return_exiles", phase=Phase.AFTERMATH,
                                             order=[0, 1, 2, 3], i=0)
    for f in range(4):
        t.edit(lambda st, f=f: setattr(st.families[f], "status", Status.EXILED))
    t.edit(lambda st: st.offices.__setitem__(0, -1))
    for seat in range(4):
        t.act(seat, "stay")
    st = t.state
    assert st.turn == 7 and all(f.status == Status.ACTIVE for f in st.families)
    assert t.event("election").data == {"chair": 1}


def test_tv32_ju_43_6_eight_transfers_a_phase_and_readiness_is_final() -> None:
    t = Table(4).president(0).cash(1, [1] * 9).hand(1, "evt_student_petition").stage(
        "phase1_draw")
    for _ in range(7):
        t.act(1, "bill:1:2", kind="deal")
    assert "play:evt_student_petition" in t.options(1, "deal")
    t.act(1, "bill:1:2", kind="deal")
    assert not t.pending(1, "deal")  # 8 standing actions: no 9th gift, offer or card play
    t.act(1, "ready")
    t.act(2, "to:1", kind="deal").act(2, "give_bill:1", kind="deal")
    t.act(2, "send", kind="deal")
    assert t.options(1, "accept_trade") == ["decline", "accept"]
    t.act(0, "ready").act(2, "ready")
    t.act(3, "ready")  # the last: the window closes and S2's offer lapses
    assert t.state.families[2].offer is None and t.event("offer_lapsed")
    t.act(0, "stay")  # Phase 2: the resignation window
    assert t.state.phase == Phase.CABINET and t.state.families[1].transfers == 0
    assert t.pending(1, "deal")
