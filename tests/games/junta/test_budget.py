"""JU 16-18 foreign aid and the budget, JU 17.3 no change with the President (TV-03, TV-04,
TV-05, TV-26)."""

from __future__ import annotations

import pytest

from services.junta.constants import Bank, Phase
from services.junta.data import DATA
from services.junta.state import Budget
from services.kernel.errors import IllegalChoice

from .scenario import Table

AID = [3, 3, 2, 2, 1, 1, 1, 1]


def tv03() -> Table:
    """TV-03: 4 players; S0 President (no cash) drew 3,3,2,2,1,1,1,1; S1 minister + gen_2nd;
    S2 gen_1st + admiral; S3 gen_3rd + air force; S0 has The Church face up, S2
    Conservatives, S3 holds Peasant Vote."""
    t = Table(4).president(0).cash(0, AID)
    for office, f in (("minister_of_interior", 1), ("general_2nd_brigade", 1),
                      ("general_1st_brigade", 2), ("admiral", 2), ("general_3rd_brigade", 3),
                      ("air_force_commander", 3)):
        t.office(office, f)
    t.face_up(0, "inf_church").face_up(2, "inf_conservatives").hand(3, "vote_peasants")
    t.set(drawn=list(t.st.families[0].cash), budget=Budget(0, [[] for _ in range(4)],
                                                             [-1] * 4))
    return t.at("budget")


def propose_tv03(t: Table) -> Table:
    assert t.decision(0).kind == "junta.propose_budget"
    assert t.options(0) == ["done", "give:1:3", "give:1:2", "give:1:1", "give:2:3", "give:2:2",
                            "give:2:1", "give:3:3", "give:3:2", "give:3:1"]
    t.act(0, "give:1:3").act(0, "give:1:1").act(0, "give:2:1").act(0, "done")
    d = t.decision(0)
    assert d.kind == "junta.announce_budget" and (d.amount.min, d.amount.max) == (0, 4)
    t.act(0, amount=4)
    d = t.decision(0)
    assert (d.amount.min, d.amount.max) == (0, 1)
    t.act(0, amount=1)
    assert t.event("budget_proposed").data == {
        "proposer": 0, "announced": {"1": 4, "2": 1, "3": 0}, "bills": {"1": 2, "2": 1, "3": 0}}
    return t


def tied_vote(t: Table) -> Table:
    """TV-03 roll call: yes 10 (S0 Church, S1 nothing), no 10 (S2 Conservatives 8, S3 Peasant
    Vote 2); nobody commits in round 2."""
    t.act(0, "vote:yes").act(0, "card:inf_church").act(0, "done")
    t.act(1, "vote:yes")
    assert t.options(1) == ["done"]  # asked all the same (JU 44: hands stay hidden)
    t.act(1, "done")
    t.act(2, "vote:no").act(2, "card:inf_conservatives").act(2, "done")
    t.act(3, "vote:no").act(3, "card:vote_peasants").act(3, "done")
    assert t.event("rollcall_totals").data == {"round": 1, "totals": {"yes": 10, "no": 10}}
    assert [d.seat for d in t.pending()] == [0]
    t.pass_all("play_vote_event")  # JU 11.6: everyone is asked once, nobody plays
    for seat in range(4):
        t.act(seat, "abstain")
    t.pass_all("play_vote_event")
    assert t.event("rollcall_result").data["result"] == "no"
    for seat in (1, 2, 3):  # JU 18.5a: the Alternative Budget window, from S0's left
        assert t.options(seat) == ["pass"]
        t.act(seat, "pass")
    return t


def test_tv03_ju_18_5_a_tie_fails_and_the_minister_forces_it_through() -> None:
    t = tied_vote(propose_tv03(tv03()))
    st = t.state
    assert st.excuse and st.budget is not None
    assert t.decision(1).kind == "junta.force_budget"
    assert t.options(1) == ["refuse", "force"]
    t.act(1, "force")
    assert t.cash_values(1) == [3, 1] and t.cash_values(2) == [1]
    assert t.cash_values(0) == [3, 2, 2, 1, 1] and sum(t.cash_values(0)) == 9
    st = t.state
    assert st.bank == Bank.LUNCH and st.forced and st.phase == Phase.LOCATIONS
    assert DATA.card_index["vote_peasants"] in [DATA.instances[i] for i in st.discard]
    assert [DATA.design(i).id for i in st.families[2].face_up] == ["inf_conservatives"]
    assert [DATA.design(i).id for i in st.families[0].face_up] == ["inf_church"]
    from services.junta.coup.units import deploy
    police = [u.pos for u in deploy(st) if DATA.unit_types[u.type].id == "police"]
    assert police == [DATA.area_index["chamber_of_deputies"]] * 4


def test_tv05_ju_18_5c_not_forced_the_president_keeps_every_stack() -> None:
    t = tied_vote(propose_tv03(tv03())).act(1, "refuse")
    assert t.cash_values(0) == AID and sum(t.cash_values(0)) == 14
    st = t.state
    assert st.bank == Bank.HOLIDAY and st.excuse and not st.forced
    from services.junta.coup.units import deploy
    police = sorted(u.pos for u in deploy(st) if DATA.unit_types[u.type].id == "police")
    assert police == sorted([DATA.area_index["police_precinct_north"]] * 2
                            + [DATA.area_index["police_precinct_south"]] * 2)
    # JU 23.4: S3 chose the Bank, but nobody banks in Phase 7 (nor after lunch)
    t.edit(lambda s: setattr(s.families[3], "location", 3)).stage("phase7")
    assert t.state.phase != Phase.BANK or not t.pending(3, "bank")


def test_tv04_ju_18_2_announced_amounts_may_understate_never_overstate() -> None:
    t = Table(4).president(0).cash(0, [3, 3, 2, 2, 2, 1, 1, 1])
    t.set(budget=Budget(0, [[] for _ in range(4)], [-1] * 4)).at("budget")
    t.act(0, "give:1:3").act(0, "give:1:2").act(0, "give:2:2").act(0, "give:3:1")
    t.act(0, "give:3:1").act(0, "done")
    d = t.decision(0)
    assert (d.amount.min, d.amount.max) == (0, 5)  # [3,2] announced 5: valid
    t.act(0, amount=5)
    d = t.decision(0)
    assert (d.amount.min, d.amount.max) == (0, 2)  # [2] announced 1: valid
    t.act(0, amount=1)
    with pytest.raises(IllegalChoice):  # [1,1] announced 3: invalid
        t.act(0, amount=3)
    t.act(0, amount=2)


def test_tv26_ju_17_3_no_bill_moves_between_the_president_and_anyone_during_the_budget() -> None:
    t = Table(4).president(0).cash(0, [3]).cash(0, AID).cash(2, [1, 1, 1, 2]).cash(1, [1, 1])
    t.hand(2, "vote_peasants")
    t.set(drawn=list(t.st.families[0].cash[1:]), budget=Budget(0, [[] for _ in range(4)],
                                                                  [-1] * 4))
    t.at("budget")
    gift2 = t.options(2, "deal")
    assert not any(o.startswith("bill:") and o.endswith(":0") for o in gift2)
    assert "card:vote_peasants:0" in gift2 and "bill:2:1" in gift2
    assert not any(o.startswith("bill:") for o in t.options(0, "deal"))
    t.act(2, "to:0", kind="deal")
    assert not any(o.startswith("give_bill") or o == "ask_money"
                   for o in t.options(2, "deal"))
    t.act(2, "drop", kind="deal")
    t.act(2, "card:vote_peasants:0", kind="deal")
    assert DATA.card_index["vote_peasants"] in [DATA.instances[i] for i in t.state.families[0].hand]
    # S2 trades his 2 for S1's 1+1
    t.act(2, "to:1", kind="deal").act(2, "give_bill:2", kind="deal")
    t.act(2, "ask_money", kind="deal").act(2, "ask_money", kind="deal")
    t.act(2, "send", kind="deal")
    assert t.options(1, "accept_trade") == ["decline", "accept:1+1"]
    t.act(1, "accept:1+1", kind="accept_trade")
    assert t.cash_values(1) == [2] and t.cash_values(2) == [1, 1, 1, 1, 1]
    assert t.event("trade").seats is None and t.event("trade_contents").seats == (1, 2)


def test_tv26_in_phase_5_the_president_may_trade_bills_again() -> None:
    t = Table(4).president(0).cash(0, [3]).cash(2, [1, 1, 1]).at("locations")
    t.act(2, "to:0", kind="deal")
    for _ in range(3):
        t.act(2, "give_bill:1", kind="deal")
    for _ in range(3):
        t.act(2, "ask_money", kind="deal")
    t.act(2, "send", kind="deal")
    assert t.options(0, "accept_trade") == ["decline", "accept:3"]
    t.act(0, "accept:3", kind="accept_trade")
    assert t.cash_values(0) == [1, 1, 1] and t.cash_values(2) == [3]
