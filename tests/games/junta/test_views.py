"""The typed view tablero.junta.v1.JuntaView (JU 44): what each seat and a spectator see."""

from __future__ import annotations

from tablero.junta.v1 import view_pb2 as pb

from services.junta import GAME
from services.junta.state import Budget

from .scenario import Table


def view(t: Table, seat: int | None) -> pb.JuntaView:
    return GAME.view(t.state, seat)


def test_ju_44_hands_cash_and_swiss_are_the_owners_counts_are_public() -> None:
    t = Table(4).president(0).hand(1, "asn_professional", "inf_church").cash(1, [3, 1])
    t.cash(1, [2, 2], swiss=True).face_up(2, "inf_bankers").stage("phase5")
    own, other, spectator = view(t, 1), view(t, 2), view(t, None)
    me = own.families[1]
    assert list(me.hand) == ["inf_church", "asn_professional"]
    assert list(me.cash) == [3, 1] and me.cash_total == 4 and me.swiss_total == 4
    for v in (other, spectator):
        f = v.families[1]
        assert (f.hand_size, f.cash_bills, f.swiss_bills) == (2, 2, 2)
        assert not f.hand and not f.cash and not f.HasField("cash_total")
        assert not f.HasField("swiss_total")
        assert list(v.families[2].face_up) == ["inf_bankers"]
    assert not spectator.HasField("viewer") and own.viewer == 1
    assert own.phase == "locations" and own.president == 0


def test_ju_44_locations_are_the_owners_until_the_reveal() -> None:
    t = Table(4).president(0).stage("phase5")
    for seat in range(4):
        t.act(seat, "location:nightclub" if seat == 2 else "location:home")
    assert view(t, 2).families[2].location == "nightclub"
    assert view(t, 1).families[2].location == "" and view(t, None).families[2].location == ""
    for seat in (0, 1, 2, 3):  # Phase 6: nobody declares; the reveal makes them public
        if t.pending(seat, "declare_attempts"):
            t.act(seat, "done")
    v = view(t, 1)
    assert v.locations_revealed and v.families[2].location == "nightclub"


def test_ju_44_the_sealed_round_shows_who_has_committed_and_only_ones_own_choice() -> None:
    t = Table(4).president(0).stage("phase5").act(3, "location:bank")
    v0, v3 = view(t, 0), view(t, 3)
    assert v0.sealed.kind == "junta.choose_location"
    assert list(v0.sealed.committed) == [False, False, False, True]
    assert list(v0.sealed.own) == ["", "", "", ""]
    assert list(v3.sealed.own) == ["", "", "", "location:bank"]


def test_ju_44_budget_stack_values_are_the_proposers_counts_and_amounts_public() -> None:
    t = Table(4).president(0).cash(0, [3, 3, 2, 2, 1, 1, 1, 1])
    t.set(drawn=list(t.st.families[0].cash), budget=Budget(0, [[] for _ in range(4)], [-1] * 4))
    t.at("budget").act(0, "give:1:3").act(0, "give:1:1").act(0, "done").act(0, amount=3)
    p, s1 = view(t, 0), view(t, 1)
    assert [(x.player, x.bills, x.announced, list(x.values)) for x in p.budget.stacks] == [
        (1, 2, 3, [3, 1]), (2, 0, 0, []), (3, 0, 0, [])]
    assert [(x.player, x.bills, x.announced, list(x.values)) for x in s1.budget.stacks] == [
        (1, 2, 3, []), (2, 0, 0, []), (3, 0, 0, [])]
    assert list(p.drawn_aid) == [3, 3, 2, 2, 1, 1, 1, 1] and not s1.drawn_aid


def test_ju_45_2_straw_men_hands_are_public() -> None:
    t = Table(2).president(0).hand(3, "asn_professional").cash(3, [2]).stage("phase5")
    for seat in (0, 1, None):
        f = view(t, seat).families[3]
        assert f.straw_man and list(f.hand) == ["asn_professional"] and list(f.cash) == [2]


def test_ju_43_5_an_offers_contents_are_the_parties_others_see_counts() -> None:
    t = Table(4).president(0).cash(2, [2]).cash(1, [1]).stage("phase5")
    t.act(2, "to:1", kind="deal").act(2, "give_bill:2", kind="deal")
    t.act(2, "ask_money", kind="deal")
    assert view(t, 2).families[2].draft.give_bills == [2]
    assert not view(t, 1).families[2].HasField("draft")
    t.act(2, "send", kind="deal")
    for seat, shown in ((1, True), (2, True), (0, False), (3, False), (None, False)):
        o = view(t, seat).families[2].offer
        assert o.to == 1 and o.give_bill_count == 1 and o.shown == shown
        assert list(o.give_bills) == ([2] if shown else []) and o.want_money == (1 if shown
                                                                               else 0)
