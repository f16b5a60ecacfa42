"""JU 47: the political cards in their windows, played through the engine."""

from __future__ import annotations

from services.junta.constants import Bank, Phase, Status
from services.junta.data import DATA
from services.junta.state import Budget

from .scenario import Table


def ids(t: Table, cards: list[int]) -> list[str]:
    return [DATA.design(i).id for i in cards]


def budget_rollcall(t: Table) -> Table:
    """Phase 4, S0's empty proposal, straight to the roll call chaired by S0."""
    t.set(budget=Budget(0, [[] for _ in range(len(t.st.families))], [-1] * len(t.st.families)))
    return t.at("budget").act(0, "done")


def test_ju_17_6_secret_contribution_takes_the_top_aid_bill() -> None:
    t = Table(4).president(0).hand(1, "secret_contribution").stage("phase5")
    top = t.state.aid[-1]
    t.act(1, "play:secret_contribution", kind="deal")
    assert t.state.families[1].cash == [top] and len(t.state.aid) == 95
    assert t.event("took_bill_value").seats == (1,)
    assert t.event("took_bill").seats is None and "value" not in t.event("took_bill").data


def test_ju_47_demand_for_reform_commits_others_small_influence() -> None:
    t = Table(4).president(0).face_up(1, "inf_christian_democrats").face_up(2, "inf_peasants")
    t.face_up(2, "inf_church").hand(1, "evt_demand_for_reform").stage("phase5")
    t.act(1, "play:evt_demand_for_reform", kind="deal")
    assert t.state.reform == 1
    t = Table(4).president(0).face_up(1, "inf_christian_democrats").face_up(2, "inf_peasants")
    t.face_up(2, "inf_church").set(reform=1)
    budget_rollcall(t).act(0, "abstain").act(1, "vote:yes")
    assert t.options(1) == ["done", "card:inf_christian_democrats", "card:inf_peasants"]
    t.act(1, "card:inf_peasants").act(1, "done")
    assert t.event("commit").data["votes"] == 3
    t.act(2, "vote:no")
    assert t.options(2) == ["done", "card:inf_church"]  # Peasants are S1's to commit


def test_ju_47_church_looted_five_more_votes_once_a_roll_call() -> None:
    t = Table(4).president(0).face_up(1, "inf_church").set(looted=[1])
    budget_rollcall(t).act(0, "abstain").act(1, "vote:yes")
    assert t.options(1) == ["done", "card:inf_church", "church"]
    t.act(1, "church").act(1, "done")
    assert t.event("commit").data == {"player": 1, "round": 1, "option": "yes", "votes": 5,
                                      "cards": [], "church": True}


def test_ju_47_electoral_fraud_adds_one_per_vote_card() -> None:
    t = Table(4).president(0).face_up(1, "inf_electoral_fraud").hand(1, "vote_peasants")
    t.hand(1, "vote_middle_class")
    budget_rollcall(t).act(0, "abstain").act(1, "vote:yes")
    for c in ("inf_electoral_fraud", "vote_peasants", "vote_middle_class"):
        t.act(1, f"card:{c}")
    t.act(1, "done")
    assert t.event("commit").data["votes"] == 0 + 3 + 4


def test_ju_11_6_power_failure_ends_the_roll_call_on_round_1() -> None:
    t = Table(4).president(0).face_up(1, "inf_church").hand(2, "evt_power_failure")
    budget_rollcall(t).act(0, "abstain")
    t.act(1, "vote:yes").act(1, "card:inf_church").act(1, "done")
    t.act(2, "abstain").act(3, "abstain")
    t.act(0, "pass").act(1, "pass")
    assert t.options(2) == ["pass", "play:evt_power_failure"]
    t.act(2, "play:evt_power_failure")
    assert t.event("rollcall_result").data["result"] == "yes"
    assert t.state.phase == Phase.LOCATIONS


def test_ju_47_recount_discards_vote_cards_and_restarts() -> None:
    t = Table(4).president(0).hand(1, "vote_peasants").hand(3, "evt_recount")
    budget_rollcall(t).act(0, "abstain")
    t.act(1, "vote:yes").act(1, "card:vote_peasants").act(1, "done")
    t.act(2, "abstain").act(3, "abstain").pass_all("play_vote_event")
    for seat in range(4):
        t.act(seat, "abstain")
    t.act(0, "pass").act(1, "pass").act(2, "pass").act(3, "play:evt_recount")
    st = t.state
    assert st.vote is not None and st.vote.round == 1 and st.vote.commits == []
    assert "vote_peasants" in ids(t, st.discard) and "evt_recount" in ids(t, st.discard)


def test_ju_47_incompetence_motion_removes_the_president() -> None:
    t = Table(4).president(0).hand(2, "evt_no_confidence").face_up(2, "inf_church")
    t.stage("phase2").act(0, "stay").act(1, "pass")
    assert t.options(2) == ["pass", "play:evt_no_confidence"]
    t.act(2, "play:evt_no_confidence")
    t.act(2, "vote:yes").act(2, "card:inf_church").act(2, "done")
    for seat in (3, 0, 1):
        t.act(seat, "abstain")
    t.pass_all("play_vote_event")
    for seat in (2, 3, 0, 1):
        t.act(seat, "abstain")
    t.pass_all("play_vote_event")
    assert t.event("removed").data == {"player": 0}
    assert t.event("election").data == {"chair": 2}
    assert "nominate:0" not in t.options(2)  # JU 9.1d: the removed President is not eligible


def test_ju_47_alternative_budget() -> None:
    t = Table(4).president(0).cash(0, [3, 3, 2, 2, 1, 1, 1, 1]).hand(2, "evt_alternative_budget")
    t.set(drawn=list(t.st.families[0].cash), budget=Budget(0, [[] for _ in range(4)], [-1] * 4))
    t.office("minister_of_interior", 1).face_up(3, "inf_church").at("budget")
    t.act(0, "give:1:3").act(0, "done").act(0, amount=3)
    for seat in range(4):  # round 1: S3 votes no with The Church
        if seat == 3:
            t.act(3, "vote:no").act(3, "card:inf_church").act(3, "done")
        else:
            t.act(seat, "abstain")
    t.pass_all("play_vote_event")
    for seat in range(4):
        t.act(seat, "abstain")
    t.pass_all("play_vote_event")
    t.act(1, "pass")
    assert t.options(2) == ["pass", "play:evt_alternative_budget"]
    t.act(2, "play:evt_alternative_budget")
    assert t.options(0) == ["keep:3", "keep:2", "keep:1"]
    t.act(0, "keep:3")
    assert sorted(t.cash_values(2)) == [1, 1, 1, 1, 2, 2, 3] and t.cash_values(0) == [3]
    assert t.decision(2).kind == "junta.propose_budget"
    assert "give:0:3" in t.options(2)  # the President is a recipient now


def test_ju_47_spy_in_switzerland_reports_to_its_player_only() -> None:
    t = Table(4).president(0).face_up(1, "inf_academia").hand(1, "evt_spy_in_switzerland")
    t.cash(2, [3, 3], swiss=True).stage("phase5")
    t.act(1, "play:evt_spy_in_switzerland:2", kind="deal")
    e = t.event("spy_report")
    assert e.seats == (1,) and e.data == {"target": 2, "swiss": 6}


def test_ju_47_coalition_breakup_the_target_chooses_the_card() -> None:
    t = Table(4).president(0).hand(1, "evt_coalition_breakup")
    t.face_up(2, "inf_church", "inf_peasants").stage("phase5")
    t.act(1, "play:evt_coalition_breakup:2", kind="deal")
    assert t.decision(2).kind == "junta.coalition_discard"
    assert t.options(2) == ["discard:inf_church", "discard:inf_peasants"]
    t.act(2, "discard:inf_peasants")
    assert ids(t, t.state.families[2].face_up) == ["inf_church"]


def test_ju_47_bank_holiday_petition_and_excuses() -> None:
    t = Table(4).president(0).face_up(1, "inf_bankers")
    t.hand(1, "evt_bank_holiday", "evt_student_petition", "evt_carnival").stage("phase5")
    for card in ("evt_bank_holiday", "evt_student_petition", "evt_carnival"):
        t.act(1, f"play:{card}", kind="deal")
    st = t.state
    assert st.bank == Bank.HOLIDAY and st.excuse and st.families[1].hand == []
    assert st.families[1].transfers == 3  # standing plays count (JU-R-03)


def test_ju_47_psychotic_assassin_backfires_on_6_then_4_to_6() -> None:
    t = Table(4).president(0).hand(2, "asn_psychotic").cash(2, [3])
    t.at("assassination").until(2, "declare_attempts")
    t.act(2, "card:asn_psychotic:1:home").act(2, "done").rig(6, 5)
    t.until(1, "protect").act(1, "pass")
    assert t.event("death").data == {"player": 2, "killer": -1,
                                     "how": "killed by his own Psychotic Assassin"}
    assert t.aid_bottom(1) == [3]


def test_ju_47_burglars_take_2_from_a_player_away_from_home() -> None:
    t = Table(4).president(0).hand(2, "asn_burglars").cash(1, [3, 1])
    t.location(1, "nightclub").at("assassination").until(2, "declare_attempts")
    t.act(2, "card:asn_burglars:1").act(2, "done")
    t.until(1, "pay")
    assert t.options(1) == ["pay:3"]  # no change: a 3 (the 1 alone is short)
    t.act(1, "pay:3")
    assert t.cash_values(2) == [3] and t.cash_values(1) == [1]


def test_ju_47_secret_police_bonus_one_more_police_attempt() -> None:
    t = Table(4).president(0).office("minister_of_interior", 1)
    t.hand(1, "brb_secret_police_bonus").cash(1, [2]).at("assassination")
    t.act(1, "police:2:home")
    assert "play:brb_secret_police_bonus" in t.options(1)
    t.act(1, "play:brb_secret_police_bonus").act(1, "pay:2")
    assert any(o.startswith("police:") for o in t.options(1))


def test_ju_47_foreign_assassin_not_for_the_president_or_the_minister() -> None:
    t = Table(4).president(0).office("minister_of_interior", 1).hand(1, "asn_foreign")
    t.cash(1, [1]).at("assassination")
    assert not any(o.startswith("card:asn_foreign") for o in t.options(1))
    t = Table(4).president(0).hand(2, "asn_foreign").cash(2, [1]).at("assassination")
    assert "card:asn_foreign:1:home" in t.until(2, "declare_attempts").options(2)


def test_ju_20_3_monarchist_assassin_as_protection() -> None:
    t = Table(4).president(0).hand(2, "asn_professional").cash(2, [2])
    t.face_up(1, "inf_monarchists").hand(1, "asn_monarchist").location(1, "home")
    t.at("assassination").until(2, "declare_attempts")
    t.act(2, "card:asn_professional:1:home").act(2, "pay:2").act(2, "done")
    t.until(1, "protect")
    assert t.options(1) == ["pass", "play:asn_monarchist"]
    t.act(1, "play:asn_monarchist")
    st = t.state
    assert st.attempts[0].cancelled and st.families[1].status == Status.ACTIVE


def test_ju_35_provincial_pretender_brings_infantry_and_a_tank() -> None:
    t = Table(4).president(0).hand(1, "evt_provincial_pretender")
    t.coup(1, 1, [], ("movement_turn", {"fam": 1, "moved": False, "placed": [], "start": False}))
    t.act(1, "play:evt_provincial_pretender")
    coup = t.state.coup
    assert coup is not None
    rail = DATA.area_index["railroad_station"]
    assert sorted(DATA.unit_types[u.type].id for u in coup.units if u.pos == rail) == [
        "rebel_infantry"] * 3 + ["tank"]
