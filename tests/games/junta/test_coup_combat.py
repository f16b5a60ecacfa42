"""JU 32 combat, JU 33 bombardment, JU 37 retreat, JU 39-41 sides, control, the junta and
executions, JU 40.3 agreements (TV-11, 12, 13, 14, 23, 24, 25, 28)."""

from __future__ import annotations

from typing import Any

from services.junta.coup.units import PALACE, dice
from services.junta.data import DATA
from services.junta.state import Coup, Unit
from services.kernel.state import Frame

from .scenario import Table

PLAZA = "plaza_mayor"


def units(*groups: tuple[str, int]) -> Coup:
    coup = Coup(0, 0, [], [])
    for t, n in groups:
        coup.units += [Unit(DATA.unit_index[t], PALACE, 0) for _ in range(n)]
    return coup


def test_tv11_ju_32_3c_dice_per_player() -> None:
    c = units(("infantry_1st_brigade", 6), ("students", 3))
    assert dice(c, list(range(9)), DATA.area_index[PLAZA]) == 7
    c = units(("palace_guard", 4))
    assert dice(c, [0, 1, 2, 3], PALACE) == 8
    assert dice(c, [0, 1, 2, 3], DATA.area_index[PLAZA]) == 4
    c = units(("mob", 5))
    assert dice(c, list(range(5)), PALACE) == 2
    c = units(("students", 1))
    assert dice(c, [0], PALACE) == 0
    c = units(("rebel_infantry", 3), ("tank", 1))
    assert dice(c, [0, 1, 2, 3], PALACE) == 5


def battle(area: str, **extra: Any) -> tuple[str, dict[str, Any]]:
    return ("battle", {"area": DATA.area_index[area], "ex": 1, "stage": "start", "i": 0,
                       "named": {}, "parts": [], "losses": {}, **extra})


COMBAT_END = ("combat", {"stage": "end"})


def test_tv12_ju_32_3_a_battle_in_the_palace() -> None:
    """TV-12: S2 (6 infantry) attacks S0's 4 guards, who count 2 in the Palace."""
    t = Table(4).president(0).office("general_1st_brigade", 2)
    t.coup(1, 1, [("presidential_palace", "palace_guard", 0, 4),
                  ("presidential_palace", "infantry_1st_brigade", 2, 6)],
           COMBAT_END, battle("presidential_palace"))
    assert [d.seat for d in t.pending()] == [2]  # S2 comes before S0 in phase 1's order
    assert t.options(2) == ["hold", "fire:0"]
    t.act(2, "fire:0")
    assert t.options(0) == ["hold", "fire:2"]
    t.rig(6, 2, 6, 1, 3, 5, 6, 6, 6, 1, 2, 3, 4, 5).act(0, "fire:2")
    hits = [e.data["hits"] for e in t.all_events("dice")]
    assert hits == [2, 3]
    coup = t.state.coup
    assert coup is not None
    on = [u for u in coup.units if u.pos == PALACE]
    assert sum(1 for u in on if u.ctrl == 0) == 2 and sum(1 for u in on if u.ctrl == 2) == 3
    t.act(2, "fire:0")
    t.rig(6, 6, 6, 1, 2, 3, 4).act(0, "fire:2")
    assert [e.data["dice"] for e in t.all_events("dice")] == [[6, 6, 6], [1, 2, 3, 4]]
    coup = t.state.coup
    assert coup is not None
    on = [u for u in coup.units if u.pos == PALACE]
    assert [(u.ctrl, DATA.unit_types[u.type].id) for u in on] == [(2, "infantry_1st_brigade")] * 3
    assert not t.all_events("retreat")


def retreat_table(losses: dict[str, int], parts: list[int]) -> Table:
    """TV-13: A=S1, B=S2, C=S3 fought in plaza_mayor; D=S4 in cathedral_square, E=S5 in
    market, A in chamber_of_deputies, the President S0 in the Palace."""
    t = Table(6).president(0)
    return t.coup(5, 1, [(PLAZA, "infantry_1st_brigade", 1, 2), (PLAZA, "infantry_2nd_brigade",
                                                                 2, 2),
                         (PLAZA, "police", 3, 2), ("cathedral_square", "marine", 4, 1),
                         ("market", "paratroop", 5, 1),
                         ("chamber_of_deputies", "infantry_1st_brigade", 1, 1),
                         ("presidential_palace", "palace_guard", 0, 4)],
                  COMBAT_END, ("retreat", {"area": DATA.area_index[PLAZA], "parts": parts,
                                           "losses": losses}))


def test_tv13_ju_37_fewest_losses_stay_others_retreat_or_are_eliminated() -> None:
    t = retreat_table({"1": 1, "2": 2, "3": 2}, [1, 2, 3])
    assert t.decision(1).kind == "junta.permit_stay"
    t.act(1, "refuse")  # A makes B retreat
    t.act(1, "allow")  # and lets C stay
    assert t.options(2) == ["to:cathedral_square", "to:chamber_of_deputies", "to:market",
                            "to:presidential_palace"]
    for area, occupant in (("cathedral_square", 4), ("chamber_of_deputies", 1),
                           ("market", 5), ("presidential_palace", 0)):
        t.act(2, f"to:{area}")
        assert t.decision(occupant).kind == "junta.permit_entry"
        t.act(occupant, "refuse")
    assert t.event("retreat_blocked").data == {"player": 2, "area": PLAZA, "units": 2}
    coup = t.state.coup
    assert coup is not None
    assert sum(1 for u in coup.units if u.ctrl == 3 and u.pos == DATA.area_index[PLAZA]) == 2


def test_tv13_d_allows_b_into_cathedral_square_fleeing() -> None:
    t = retreat_table({"1": 1, "2": 2, "3": 2}, [1, 2, 3])
    t.act(1, "refuse").act(1, "allow").act(2, "to:cathedral_square").act(4, "allow")
    assert t.event("retreat").data == {"player": 2, "from": PLAZA, "to": "cathedral_square",
                                       "units": 2}


def test_tv13_variation_equal_losses_of_two_participants_nobody_retreats() -> None:
    t = retreat_table({"1": 1, "2": 1}, [1, 2])
    assert not t.all_events("retreat") and t.state.coup.phase == 2


def test_tv25a_ju_32_0_a_vacant_force_is_attacked_never_fires_never_retreats() -> None:
    t = Table(5).president(0).office("air_force_commander", 4)
    t.coup(1, 2, [("barracks_2nd_brigade", "infantry_2nd_brigade", "general_2nd_brigade", 6),
                  ("barracks_2nd_brigade", "paratroop", 4, 1)],
           COMBAT_END, battle("barracks_2nd_brigade"))
    assert t.options(4) == ["hold", "fire:general_2nd_brigade"]
    t.rig(6).act(4, "fire:general_2nd_brigade")
    t.rig(2).act(4, "fire:general_2nd_brigade")
    t.rig(6).act(4, "fire:general_2nd_brigade")
    coup = t.state.coup
    assert coup is not None
    there = [u for u in coup.units if u.pos == DATA.area_index["barracks_2nd_brigade"]]
    assert sum(1 for u in there if u.ctrl >= 100) == 4 and len(there) == 5
    assert not t.all_events("retreat")


def tv25b(third: str) -> Table:
    t = Table(5).president(0)
    t.coup(0, 1, [(PLAZA, "infantry_1st_brigade", 1, 3), (PLAZA, "infantry_2nd_brigade", 2, 2),
                  (PLAZA, "police", 3, 2)], COMBAT_END, battle(PLAZA))
    for dice_s1, dice_s2, s2_target in (((6, 1, 2), (5, 4), "1"), ((1, 1, 1), (6,), "1"),
                                        ((2, 3), (4,), third)):
        t.act(1, "fire:2")
        t.act(2, f"fire:{s2_target}")
        t.rig(*dice_s1, *dice_s2).act(3, "hold")
    return t


def test_tv25b_ju_37_1_a_bystander_neither_compares_nor_retreats() -> None:
    t = tv25b("1")
    assert not t.all_events("retreat") and not t.pending(3, "permit_stay")


def test_tv25b_variation_named_bystander_becomes_a_participant() -> None:
    t = tv25b("3")
    assert t.decision(3).kind == "junta.permit_stay"  # S3 (0 losses) decides for S1, S2


def sides_table(positions: list[tuple[str, str, int, int]], rebels: tuple[int, ...],
                seats: int = 4) -> Table:
    t = Table(seats).president(0)
    return t.coup(1, 6, positions, rebels=rebels)


TV14 = [("presidential_palace", "palace_guard", 0, 2),
        ("chamber_of_deputies", "infantry_1st_brigade", 1, 3),
        ("radio_station", "infantry_2nd_brigade", 2, 2),
        ("railroad_station", "infantry_1st_brigade", 1, 1),
        ("railroad_station", "infantry_3rd_brigade", 3, 1)]


def declare_sides(t: Table, sides: dict[int, str]) -> Table:
    for seat, side in sides.items():
        if t.pending(seat, "choose_side"):
            t.act(seat, side, kind="choose_side")
    return t


def test_tv14_ju_40_control_the_president_holds_three() -> None:
    t = sides_table(TV14, rebels=(1, 2))
    t.edit(lambda st: st.stack[1].vars.update(stage="sides"))
    t.edit(lambda st: st.stack.pop())  # the coup phase is over
    t.run_stack()
    declare_sides(t, {1: "side:rebels", 2: "side:rebels", 3: "side:president"})
    e = t.event("coup_result")
    assert e.data["winner"] == "president"
    assert e.data["control"] == {"presidential_palace": "president",
                                 "chamber_of_deputies": "rebels", "national_bank": "president",
                                 "radio_station": "rebels", "railroad_station": "president"}


def test_tv14_variation_s3_for_the_rebels_gives_them_three() -> None:
    t = sides_table(TV14, rebels=(1, 2))
    t.edit(lambda st: st.stack[1].vars.update(stage="sides"))
    t.edit(lambda st: st.stack.pop())
    t.run_stack()
    declare_sides(t, {1: "side:rebels", 2: "side:rebels", 3: "side:rebels"})
    assert t.event("coup_result").data["winner"] == "rebels"


TV23 = [("chamber_of_deputies", "infantry_1st_brigade", 2, 1),
        ("radio_station", "infantry_2nd_brigade", 4, 1),
        ("railroad_station", "infantry_3rd_brigade", 5, 1),
        ("american_embassy", "police", 1, 1)]


def junta_table(sides: dict[int, str], positions: list[tuple[str, str, int, int]] = TV23
                ) -> Table:
    """TV-23: 6 players, President S0, Rebel Leader S2, rebels S2, S3, S5."""
    t = Table(6).president(0).cash(0, [3, 2])
    t.coup(2, 6, positions, rebels=(2, 3, 5))
    t.edit(lambda st: st.stack[1].vars.update(stage="sides"))
    t.edit(lambda st: st.stack.pop())
    t.run_stack()
    return declare_sides(t, sides)


def test_tv23_ju_41_2_the_junta_is_the_rebels_who_declared_for_the_rebels() -> None:
    t = junta_table({2: "side:rebels", 3: "side:president", 4: "side:rebels",
                     5: "side:rebels", 0: "side:president", 1: "exile"})
    assert t.event("coup_result").data["winner"] == "rebels"
    assert t.decision(2).kind == "junta.junta_vote"
    assert t.options(2) == ["vote:2", "vote:5"]
    t.act(2, "vote:2").act(5, "vote:5")
    assert t.decision(2).kind == "junta.break_tie" and t.options(2) == ["player:2", "player:5"]
    t.act(2, "player:5")
    st = t.state
    assert st.offices[0] == 5 and t.cash_values(5) == [3, 2]
    assert t.options(5) == ["nobody", "execute:0", "execute:1", "execute:2", "execute:3",
                            "execute:4"]
    t.act(5, "execute:1")  # JU 41.5: an exile can be executed by a junta's President
    assert t.event("death").data == {"player": 1, "killer": 5, "how": "executed"}


def test_tv23_variation_a_a_single_member_is_president_without_a_vote() -> None:
    t = junta_table({2: "side:president", 3: "side:president", 4: "side:rebels",
                     5: "side:rebels", 0: "side:president", 1: "exile"},
                    [("chamber_of_deputies", "infantry_1st_brigade", 4, 1), *TV23[1:]])
    assert t.state.offices[0] == 5 and t.decision(5).kind == "junta.execute"


def test_tv23_variation_b_the_leader_breaks_the_tie_without_being_a_member() -> None:
    t = junta_table({2: "side:president", 3: "side:rebels", 4: "side:rebels",
                     5: "side:rebels", 0: "side:president", 1: "exile"},
                    [("chamber_of_deputies", "infantry_1st_brigade", 3, 1), *TV23[1:]])
    t.act(3, "vote:3").act(5, "vote:5")
    assert t.decision(2).kind == "junta.break_tie" and t.options(2) == ["player:3", "player:5"]


def test_tv23_variation_c_an_empty_junta_the_president_stays() -> None:
    t = junta_table({2: "side:president", 3: "side:president", 4: "side:rebels",
                     5: "side:president", 0: "side:president", 1: "side:president"},
                    [("chamber_of_deputies", "infantry_1st_brigade", 4, 1),
                     ("radio_station", "infantry_2nd_brigade", 4, 1),
                     ("railroad_station", "infantry_3rd_brigade", 4, 1)])
    assert t.event("coup_result").data["winner"] == "rebels"
    assert t.event("empty_junta") and t.state.offices[0] == 0
    assert not t.pending(0, "execute")


def test_tv24_ju_41_1_who_can_be_executed_after_the_president_wins() -> None:
    t = Table(5).president(0)
    t.coup(1, 6, [("presidential_palace", "palace_guard", 0, 4)], rebels=(1, 2, 3))
    t.edit(lambda st: st.stack[1].vars.update(stage="sides"))
    t.edit(lambda st: st.stack.pop())
    t.run_stack()
    declare_sides(t, {1: "side:rebels", 2: "side:president", 3: "side:president",
                      4: "side:rebels"})
    assert t.event("coup_result").data["winner"] == "president"
    assert t.options(0) == ["nobody", "execute:1", "execute:2", "execute:3"]


def test_tv28_ju_40_3_an_agreement_proposal_pauses_the_coup() -> None:
    t = Table(5).president(0)
    t.coup(1, 2, [(PLAZA, "infantry_1st_brigade", 1, 2), (PLAZA, "infantry_2nd_brigade", 3, 2)],
           COMBAT_END, battle(PLAZA, ex=3, stage="name"))
    assert "propose:rebels" in t.options(3, "deal")
    t.act(3, "propose:rebels", kind="deal")
    waited = t.pending()
    assert sorted(d.seat for d in waited) == [0, 1, 2, 4]
    assert all(d.kind == "junta.accept_agreement" and d.option_ids() == ["reject", "accept"]
               for d in waited)
    assert not any(o.startswith("propose") for d in t.pending(4, "deal")
                   for o in d.option_ids())  # one proposal at a time
    t.act(1, "accept").act(2, "accept").act(4, "accept")
    assert not t.all_events("agreement_proposed.revealed")
    t.act(0, "reject")
    assert t.event("agreement_rejected")
    assert t.decision(3).kind == "junta.choose_target"  # exchange 3 resumes
    assert not any(o.startswith("propose") for d in t.pending(3, "deal")
                   for o in d.option_ids())
    assert "propose:president" in t.options(4, "deal")


def test_tv28_unanimous_acceptance_ends_the_coup_for_the_proposed_side() -> None:
    t = Table(5).president(0)
    t.coup(1, 3, [("presidential_palace", "palace_guard", 0, 4)], rebels=(1,))
    t.edit(lambda st: st.stack.pop())
    t.edit(lambda st: st.stack.append(Frame("coup_phase", {"stage": "start"}))).run_stack()
    t.act(3, "propose:rebels", kind="deal")
    for seat in (0, 1, 2, 4):
        t.act(seat, "accept")
    assert t.event("agreement").data == {"side": "rebels"}
    declare_sides(t, {1: "side:rebels", 2: "side:president", 3: "side:president",
                      4: "side:president"})
    e = t.event("coup_result")
    assert e.data["winner"] == "rebels" and e.data["agreed"]
    assert t.state.offices[0] == 1  # JU 41.2-41.3: the junta is S1 alone


def test_ju_40_3_no_agreement_before_the_rebel_leaders_starting_action() -> None:
    t = Table(4).president(0).office("general_1st_brigade", 1).office("general_2nd_brigade", 2)
    t.coup(1, 0, [("barracks_1st_brigade", "infantry_1st_brigade", 1, 6)],
           ("movement_turn", {"fam": 1, "moved": False, "placed": [], "start": True}))
    assert not any(o.startswith("propose") for d in t.pending(2, "deal") for o in d.option_ids())
    t.act(1, "move:barracks_1st_brigade").act(1, "take:infantry_1st_brigade:6")
    t.act(1, "to:university")
    assert "propose:rebels" in t.options(2, "deal")
