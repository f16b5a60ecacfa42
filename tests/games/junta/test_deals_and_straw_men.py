"""JU 43 deals (offers, answers, lapses) and JU 45 straw men (factions, offices, swaps,
defaults)."""

from __future__ import annotations

from services.junta.constants import Location, Status
from services.junta.data import DATA
from services.junta.state import Budget

from .scenario import Table


def test_ju_43_5_a_card_sale_moves_both_halves_at_once() -> None:
    t = Table(4).president(0).hand(1, "asn_professional").cash(2, [2, 1]).stage("phase5")
    t.act(1, "to:2", kind="deal").act(1, "give_card:asn_professional", kind="deal")
    t.act(1, "ask_money", kind="deal").act(1, "ask_money", kind="deal")
    t.act(1, "send", kind="deal")
    assert t.options(2, "accept_trade") == ["decline", "accept:2"]
    t.act(2, "accept:2", kind="accept_trade")
    st = t.state
    assert [DATA.design(i).id for i in st.families[2].hand] == ["asn_professional"]
    assert t.cash_values(1) == [2] and t.cash_values(2) == [1]
    assert st.families[1].offer is None and st.families[1].transfers == 1


def test_ju_43_5_an_offer_lapses_when_its_maker_can_no_longer_deliver() -> None:
    t = Table(4).president(0).hand(1, "asn_professional").stage("phase5")
    t.act(1, "to:2", kind="deal").act(1, "give_card:asn_professional", kind="deal")
    t.act(1, "send", kind="deal")
    t.act(1, "card:asn_professional:3", kind="deal")  # gives the card away meanwhile
    assert t.state.families[1].offer is None and t.event("offer_lapsed")
    assert not t.pending(2, "accept_trade")


def test_ju_43_5_withdraw_and_decline() -> None:
    t = Table(4).president(0).cash(1, [3]).cash(2, [1]).stage("phase5")
    t.act(1, "to:2", kind="deal").act(1, "give_bill:3", kind="deal").act(1, "send", kind="deal")
    assert "withdraw" in t.options(1, "deal")
    t.act(1, "withdraw", kind="deal")
    assert t.state.families[1].offer is None
    t.act(1, "to:2", kind="deal").act(1, "give_bill:3", kind="deal").act(1, "send", kind="deal")
    t.act(2, "decline", kind="accept_trade")
    assert t.cash_values(1) == [3] and t.event("offer_declined")


def test_ju_43_2_no_deals_in_phase_6() -> None:
    t = Table(4).president(0).cash(1, [3]).at("assassination")
    assert not t.pending(1, "deal")


def test_ju_45_1_two_players_play_with_three_straw_men() -> None:
    st = Table(2).st
    assert [f.straw for f in st.families] == [False, False, True, True, True]


def test_ju_45_4_two_player_offices() -> None:
    """The President is also Admiral; the other real player holds the Air Force and one
    brigade; the straw men one office each."""
    t = Table(2).president(0).at("assign", chosen=[], before=[-1] * 6)
    assert t.options(0) == ["assign:minister_of_interior:2", "assign:minister_of_interior:3",
                            "assign:minister_of_interior:4"]
    t.act(0, "assign:minister_of_interior:2")
    assert t.options(0) == ["assign:general_1st_brigade:1", "assign:general_1st_brigade:3",
                            "assign:general_1st_brigade:4"]
    t.act(0, "assign:general_1st_brigade:1")
    assert t.options(0) == ["assign:general_2nd_brigade:3", "assign:general_2nd_brigade:4"]
    t.act(0, "assign:general_2nd_brigade:3").act(0, "assign:general_3rd_brigade:4")
    st = t.state
    assert st.offices[1:] == [2, 1, 3, 4, 0, 1]


def test_ju_45_5_straw_men_factions_by_die_against_the_announced_amount() -> None:
    t = Table(2).president(0).cash(0, [3, 3, 2, 2, 1, 1, 1, 1])
    t.set(drawn=list(t.st.families[0].cash), budget=Budget(0, [[] for _ in range(5)], [-1] * 5))
    t.at("budget").act(0, "give:2:3").act(0, "give:2:2").act(0, "done").act(0, amount=5)
    factions = [e.data for e in t.all_events("faction")]
    assert [f["player"] for f in factions] == [2, 3, 4]
    for f in factions:
        joins = f["die"] <= f["threshold"]
        assert f["leader"] == (0 if joins else 1)
    st = t.state
    assert [st.families[f].leader for f in (2, 3, 4)] == [
        -1 if x["leader"] == 0 else 1 for x in factions]


def test_ju_45_6_a_straw_man_without_an_active_leader_takes_the_defaults() -> None:
    t = Table(2).president(0).status(1, Status.EXILED)
    for f in (2, 3, 4):
        t.st.families[f].leader = 1  # the opposition, led by the exiled S1
    t.stage("phase5")
    assert [d.seat for d in t.pending()] == [0]  # the straw men chose Home by default
    t.act(0, "location:mistress")
    st = t.state
    assert [st.families[f].location for f in (2, 3, 4)] == [Location.HOME] * 3


def test_ju_45_6_one_card_swap_with_each_straw_man_of_the_faction_a_turn() -> None:
    t = Table(2).president(0).hand(0, "vote_peasants").hand(2, "asn_professional")
    t.stage("phase5")
    assert "swap:2:vote_peasants:asn_professional" in t.options(0, "deal")
    t.act(0, "swap:2:vote_peasants:asn_professional", kind="deal")
    st = t.state
    assert [DATA.design(i).id for i in st.families[0].hand] == ["asn_professional"]
    assert not any(o.startswith("swap:2") for o in t.options(0, "deal"))
