"""JU 15 cabinet assignment, JU 22 the brother-in-law, JU 26 resignation (TV-01, TV-20,
TV-27)."""

from __future__ import annotations

from services.junta.constants import Status
from services.junta.data import DATA

from .scenario import Table

CAB = ["minister_of_interior", "general_1st_brigade", "general_2nd_brigade",
       "general_3rd_brigade", "admiral", "air_force_commander"]


def assigning(seats: int, exiled: tuple[int, ...] = ()) -> Table:
    t = Table(seats).president(0)
    for f in exiled:
        t.status(f, Status.EXILED)
    return t.at("assign", chosen=[], before=[-1] * 6)


def assign(t: Table, holders: list[int]) -> Table:
    for office, f in zip(CAB, holders, strict=False):
        t.act(0, f"assign:{office}:{f}")
    return t


def test_tv01a_ju_15_2_a_valid_five_player_assignment_is_offered_step_by_step() -> None:
    """TV-01a: S1 minister + gen_1st; S2 gen_2nd + admiral; S3 gen_3rd; S4 air force."""
    t = assigning(5)
    d = t.decision(0)
    assert d.kind == "junta.assign_offices"
    assert d.option_ids() == [f"assign:minister_of_interior:{f}" for f in (1, 2, 3, 4)]
    assign(t, [1, 1, 2, 3, 2, 4])
    assert t.state.offices[1:] == [1, 1, 2, 3, 2, 4]
    assert t.event("offices").data["offices"]["admiral"] == 2


def test_tv01b_ju_15_2_no_family_gets_two_brigades() -> None:
    t = assign(assigning(5), [2, 1])
    assert "assign:general_2nd_brigade:1" not in t.options(0)
    assert t.options(0) == ["assign:general_2nd_brigade:2", "assign:general_2nd_brigade:3",
                            "assign:general_2nd_brigade:4"]


def test_tv01c_ju_15_2_every_eligible_family_gets_an_office() -> None:
    t = assign(assigning(5), [1, 1, 2, 3, 2])
    assert t.options(0) == ["assign:air_force_commander:4"]


def test_tv01d_e_the_president_gets_none_and_nothing_is_vacant_with_three_or_more() -> None:
    t = assigning(5)
    for office in CAB:
        opts = t.options(0)
        assert all(o.split(":")[1] == office for o in opts)
        assert not any(o.endswith(":0") for o in opts) and not any(o.startswith("vacant")
                                                                      for o in opts)
        t.act(0, opts[0])


def test_tv01_three_eligible_families_get_exactly_two_each_one_brigade_each() -> None:
    """TV-01: 7 players, 3 of them in exile: E = 3, two offices each, one brigade each."""
    t = assigning(7, exiled=(4, 5, 6))
    assign(t, [1, 1])
    assert t.options(0) == ["assign:general_2nd_brigade:2", "assign:general_2nd_brigade:3"]
    t.act(0, "assign:general_2nd_brigade:2")
    assert t.options(0) == ["assign:general_3rd_brigade:3"]
    t.act(0, "assign:general_3rd_brigade:3")
    assert t.options(0) == ["assign:admiral:2", "assign:admiral:3"]
    t.act(0, "assign:admiral:2")
    assert t.options(0) == ["assign:air_force_commander:3"]


def test_ju_15_2_two_eligible_families_two_offices_each_the_rest_vacant() -> None:
    t = Table(4).president(0).status(3, Status.EXILED).stage("phase2")
    assert t.options(0) == ["stay", "resign"]  # JU 15.1a: the resignation window first
    t.act(0, "stay")
    t.act(1, "pass").act(2, "pass")  # JU 15.1b: the Incompetence Motion window
    opts = t.options(0)
    assert opts == ["assign:minister_of_interior:1", "assign:minister_of_interior:2",
                    "vacant:minister_of_interior"]
    for office, f in zip(CAB, [1, 1, 2, -1, 2, -1], strict=True):
        t.act(0, f"assign:{office}:{f}" if f >= 0 else f"vacant:{office}")
    assert t.state.offices[1:] == [1, 1, 2, -1, 2, -1]
    # JU 22.2: vacancies, so the President chooses the brother-in-law's office next.
    assert t.options(0) == ["office:general_3rd_brigade", "office:air_force_commander"]


def test_tv20_ju_26_resignation_default_candidate_offices_and_cash() -> None:
    """TV-20: S2 resigns; nobody nominates, all abstain: the default candidate is S3 (first
    eligible clockwise from the chair, S2 excluded); S2 takes S3's offices and S3 S2's cash;
    no second resignation this turn."""
    t = Table(5).president(2).cash(2, [3, 2]).office("general_2nd_brigade", 3)
    t.office("admiral", 3).office("minister_of_interior", 1)
    t.at("resign", phase=None)
    assert t.options(2) == ["stay", "resign"]
    t.act(2, "resign")
    for _ in range(2):  # two rounds: nobody nominates, everybody abstains
        for seat in (2, 3, 4, 0, 1):
            assert t.decision(seat).kind == "junta.nominate"
            assert "nominate:2" not in t.options(seat)
            t.act(seat, "done")  # JU 9.2.1b: nobody stands: the commit is abstain, unasked
            last = t.all_events("commit")[-1].data
            assert (last["player"], last["option"], last["votes"]) == (seat, "", 0)
        t.pass_all("play_vote_event")
    st = t.state
    assert st.offices[0] == 3
    assert st.offices[DATA.office_ids.index("general_2nd_brigade")] == 2
    assert st.offices[DATA.office_ids.index("admiral")] == 2
    # (the same act ran on into Phase 3: S3 has also drawn the 8 aid bills)
    own = [DATA.bill_values[b] for b in st.families[3].cash if b not in st.drawn]
    assert sorted(own, reverse=True) == [3, 2] and t.cash_values(2) == []
    assert t.event("resignation_settled").data == {
        "player": 2, "successor": 3, "offices": ["general_2nd_brigade", "admiral"], "bills": 2}
    assert st.resigned
    from services.junta.cabinet import can_resign
    assert not can_resign(st)


def test_tv20_ju_45_no_resignation_without_another_eligible_candidate() -> None:
    """TV-20 variation: 2 players + straw men, S1 in exile: S0 is not offered to resign."""
    from services.junta.cabinet import can_resign
    t = Table(2).president(0).status(1, Status.EXILED)
    assert not can_resign(t.st)
    t.status(1, Status.ACTIVE)
    assert can_resign(t.st)


def test_tv27_ju_20_6_election_before_the_brother_in_law() -> None:
    """TV-27: S0 (President) and S3 die in Phase 6; S2 is elected and keeps gen_1st +
    admiral; S2 then picks the brother-in-law's office among gen_2nd and air force."""
    t = Table(5).president(0).cash(0, [3, 3, 1])
    for office, f in zip(CAB, [1, 2, 3, 4, 2, 3], strict=True):
        t.office(office, f)
    t.hand(4, "asn_professional").cash(4, [2])
    t.location(0, "bank").location(3, "nightclub").location(1, "home").location(2, "home")
    t.location(4, "home")
    t.at("assassination")
    t.act(1, "police:0:bank").act(1, "done").act(2, "done").act(3, "done")
    t.act(4, "card:asn_professional:3:nightclub").act(4, "pay:2").act(4, "done")
    t.act(0, "done")
    t.act(0, "pass").act(3, "pass")  # the protection window: neither can protect himself
    st = t.state
    assert st.families[0].status == Status.DEAD and st.families[3].status == Status.DEAD
    assert t.cash_values(1) == [3, 3, 1]
    assert st.excuse and st.sp_bank_now
    # the election, chaired by S1: S1 nominates S2, everyone votes S2 with nothing
    t.act(1, "nominate:2")
    t.act(1, "done")
    for _ in range(2):
        for seat in (1, 2, 4):
            if t.decision(seat).kind == "junta.nominate":
                t.act(seat, "done")
            t.act(seat, "vote:2").act(seat, "done")
            if t.pending(seat, "withdraw_candidacy"):
                t.act(seat, "stay")
        t.pass_all("withdraw_candidacy").pass_all("play_vote_event")
    st = t.state
    assert st.offices[0] == 2 and st.offices[2] == 2 and st.offices[5] == 2
    assert t.decision(2).kind == "junta.brother_in_law"
    assert t.options(2) == ["office:general_2nd_brigade", "office:air_force_commander"]
    t.act(2, "office:air_force_commander")
    assert t.state.bil == DATA.office_ids.index("air_force_commander")
