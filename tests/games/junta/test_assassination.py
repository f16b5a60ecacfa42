"""JU 17.4 paying, JU 20 assassinations, JU 21 death (TV-06, 07, 08, 09, 10, 26, 30)."""

from __future__ import annotations

import pytest

from services.junta.constants import Status
from services.junta.data import DATA
from services.junta.money import payments
from services.junta.turn import clean_up
from services.kernel.ctx import Ctx

from .scenario import Table

TV03_OFFICES = (("minister_of_interior", 1), ("general_2nd_brigade", 1),
                ("general_1st_brigade", 2), ("admiral", 2), ("general_3rd_brigade", 3),
                ("air_force_commander", 3))


def four_players() -> Table:
    t = Table(4).president(0)
    for office, f in TV03_OFFICES:
        t.office(office, f)
    return t


def test_tv06_ju_20_21_professional_assassin_cost_cash_cards_offices() -> None:
    t = four_players().cash(2, [3, 1, 1]).cash(3, [2, 2, 3]).face_up(3, "inf_radicals")
    t.hand(3, "vote_peasants", "vote_middle_class", "evt_carnival").hand(2, "asn_professional")
    t.cash(3, [2], swiss=True)
    for f, loc in ((0, "home"), (1, "home"), (2, "home"), (3, "nightclub")):
        t.location(f, loc)
    t.at("assassination")
    assert t.decision(1).kind == "junta.declare_attempts"
    t.act(1, "done")  # the Minister does not use his free attempt
    opts = t.options(2)
    assert opts[0] == "done" and "card:asn_professional:3:nightclub" in opts
    assert not any(o.startswith("police") for o in opts)
    t.act(2, "card:asn_professional:3:nightclub")
    assert t.options(2) == ["pay:3", "pay:1+1"]  # JU 17.4: no change
    t.act(2, "pay:1+1").act(2, "done")
    t.act(3, "done").act(0, "done")  # every player has a declaration turn (JU 20.1)
    assert t.options(3) == ["pass"]  # the protection window asks the target, who has nothing
    t.act(3, "pass")
    assert t.event("aid_bottom").data == {"values": [1, 1], "aid_deck": len(t.state.aid)}
    st = t.state
    assert st.families[3].status == Status.DEAD
    assert t.cash_values(2) == [3, 3, 2, 2] and sum(t.cash_values(2)) == 10
    assert len(t.event("discarded_all").data["cards"]) == 4
    assert st.excuse and st.offices[4] == -1 and st.offices[6] == -1
    assert t.swiss_values(3) == [2]
    assert t.options(0) == ["office:general_3rd_brigade", "office:air_force_commander"]


@pytest.mark.parametrize("die", [3, 5])
def test_tv07_ju_20_5_amateur_assassin_needs_4_to_6(die: int) -> None:
    """TV-07: die 3: no effect, the 1 paid stays under the aid deck, no excuse; die 5: S0
    dies, his cash goes to S2, and the election is chaired by S1."""
    t = Table(5).president(0).hand(2, "asn_amateur").cash(2, [1]).cash(0, [3])
    for f in range(5):
        t.location(f, "home")
    t.at("assassination").rig(die).until(2, "declare_attempts")
    t.act(2, "card:asn_amateur:0:home").act(2, "pay:1").act(2, "done")
    t.until(0, "protect").act(0, "pass")
    st = t.state
    assert t.aid_bottom(1) == [1]
    if die == 3:
        assert st.families[0].status == Status.ACTIVE and not st.excuse
        assert st.attempts[0].outcome == "missed"
    else:
        assert st.families[0].status == Status.DEAD and st.excuse
        assert t.cash_values(2) == [3]
        assert t.event("election").data == {"chair": 1}
        assert t.decision(1).kind == "junta.nominate"


def test_tv08_ju_20_2_secret_police_may_not_name_the_bank_two_turns_running() -> None:
    t = Table(4).president(0).office("minister_of_interior", 1).hand(1, "asn_professional")
    t.cash(1, [2]).set(sp_bank_last=True).at("assassination")
    opts = t.options(1)
    assert not any(o.startswith("police:") and o.endswith(":bank") for o in opts)
    assert "police:2:home" in opts and "card:asn_professional:2:bank" in opts
    # turn 5 named the Bank: turn 6 may not; turn 6 names home: turn 7 may again
    st = t.state
    st.sp_bank_last, st.sp_bank_now = False, True
    clean_up(Ctx(), st)
    assert st.sp_bank_last
    clean_up(Ctx(), st)
    assert not st.sp_bank_last


def test_tv09_ju_20_5_resolution_order_and_a_dead_assassin() -> None:
    t = Table(5).president(0).office("minister_of_interior", 1)
    t.cash(3, [2, 2, 1]).hand(3, "asn_professional").cash(4, [3, 1])
    for f, loc in ((0, "home"), (1, "home"), (2, "home"), (3, "home"), (4, "bank")):
        t.location(f, loc)
    t.at("assassination")
    t.act(1, "police:3:home").act(1, "done").act(2, "done")
    t.act(3, "card:asn_professional:4:bank")
    assert t.options(3) == ["pay:2"]  # either 2: one way to pay
    t.act(3, "pay:2").act(3, "done")
    t.until(3, "protect").act(3, "pass").act(4, "pass")
    st = t.state
    assert st.families[3].status == Status.DEAD and st.families[4].status == Status.DEAD
    assert t.cash_values(1) == [2, 1]
    assert t.aid_bottom(3) == [2, 1, 3]
    assert st.excuse and not st.sp_bank_now


def test_tv10_ju_17_4_payments_without_change() -> None:
    from services.junta.data import DATA as D
    ones = [b for b in range(96) if D.bill_values[b] == 1]
    twos = [b for b in range(96) if D.bill_values[b] == 2]
    threes = [b for b in range(96) if D.bill_values[b] == 3]
    assert payments([threes[0], twos[0]], 1) == [(3,), (2,)]
    assert payments([ones[0]], 2) == []
    assert payments([threes[0], twos[0], ones[0]], 3) == [(3,), (2, 1)]


def test_tv10_ju_47_finance_credit_once_per_turn_per_card() -> None:
    """TV-10: Bankers face up: the Professional Assassin costs 1 with the credit; cost 2
    with cash [1] cannot be played without it."""
    t = Table(4).president(0).face_up(2, "inf_bankers").hand(2, "asn_professional")
    t.cash(2, [3, 2]).at("assassination").until(2, "declare_attempts")
    t.act(2, "card:asn_professional:3:home")
    assert t.options(2) == ["pay:3", "pay:2", "pay:3:inf_bankers", "pay:2:inf_bankers"]
    t.act(2, "pay:2:inf_bankers")
    assert t.aid_bottom(1) == [2] and t.state.credits == [DATA.card_index["inf_bankers"]]
    t2 = Table(4).president(0).hand(2, "asn_professional").cash(2, [1]).at("assassination")
    assert t2.until(2, "declare_attempts").options(2) == ["done"]  # cost 2 with cash [1]


def test_tv26_the_aid_deck_view_after_a_payment_is_its_count_only() -> None:
    t = Table(4).president(0).hand(3, "asn_amateur").cash(3, [1])
    t.at("assassination").until(3, "declare_attempts")
    before = len(t.state.aid)
    t.act(3, "card:asn_amateur:0:home").act(3, "pay:1")
    e = t.event("aid_bottom")
    assert e.seats is None and e.data["values"] == [1]
    from services.junta import GAME
    for seat in range(4):
        v = GAME.view(t.state, seat)
        assert v.aid_deck == before + 1
        assert [f.name for f, _ in v.ListFields() if "aid" in f.name] == ["aid_deck"]


def test_tv30_ju_8_4_5_a_target_still_declares_and_may_only_protect() -> None:
    t = Table(5).president(0).office("minister_of_interior", 1)
    t.cash(3, [2, 1]).hand(3, "asn_amateur", "brb_assassin", "evt_carnival")
    for f in range(5):
        t.location(f, "home")
    t.at("assassination")
    t.act(1, "police:3:home").act(1, "done").act(2, "done")
    assert "card:asn_amateur:1:bank" in t.options(3)
    t.act(3, "card:asn_amateur:1:bank")
    assert t.options(3) == ["pay:2", "pay:1"]
    t.act(3, "pay:1").act(3, "done").act(4, "done").act(0, "done")
    assert t.decision(3).kind == "junta.protect"
    assert t.options(3) == ["pass", "play:brb_assassin"]
    t.act(3, "play:brb_assassin").act(3, "pay:2")
    t.act(1, "pass")  # S3's attempt on S1: S1 has no protection
    st = t.state
    assert t.aid_bottom(2) == [1, 2] and st.families[3].cash == []
    assert st.attempts[0].cancelled and st.families[3].status == Status.ACTIVE
    assert st.attempts[1].outcome == "missed"  # S1 was at home, not at the Bank
