"""JU 9 elections and JU 10-11 roll calls (TV-02, TV-19, TV-29), and the vote events."""

from __future__ import annotations

from services.junta.constants import Status
from services.junta.data import DATA
from services.junta.state import Budget

from .scenario import Table


def commit(t: Table, seat: int, option: str, *cards: str) -> Table:
    """One commit: the option, the cards one at a time, then done (always asked, JU 44)."""
    t.act(seat, f"vote:{option}")
    for c in cards:
        t.act(seat, f"card:{c}")
    return t.act(seat, "done")


def test_tv02_ju_11_4_vote_values_with_partners_placed_by_the_same_commit() -> None:
    """TV-02: socialists 10 (unions up), unions 5, academia 6 (students placed by this
    commit), students 3, black marketeers 3 = 27."""
    t = Table(4).president(0)
    t.face_up(1, "inf_socialists", "inf_unions", "inf_academia")
    t.hand(1, "inf_students", "vote_black_marketeers")
    t.set(budget=Budget(0, [[] for _ in range(4)], [-1] * 4)).at("budget")
    t.act(0, "done")
    assert t.options(0) == ["abstain", "vote:yes", "vote:no"]
    t.act(0, "abstain")
    t.act(1, "vote:yes")
    assert t.options(1) == ["done", "card:inf_socialists", "card:inf_unions",
                            "card:inf_academia", "card:inf_students",
                            "card:vote_black_marketeers"]
    for c in ("inf_socialists", "inf_unions", "inf_academia", "inf_students",
              "vote_black_marketeers"):
        t.act(1, f"card:{c}")
    t.act(1, "done")
    assert t.event("commit").data["votes"] == 27
    assert t.state.vote.commits[-1].votes == 27
    t.act(2, "abstain").act(3, "abstain").pass_all("play_vote_event")
    for seat in (0, 1, 2, 3):
        t.act(seat, "abstain")
    t.pass_all("play_vote_event")
    st = t.state
    assert DATA.card_index["vote_black_marketeers"] in [DATA.instances[i] for i in st.discard]
    assert len(st.families[1].face_up) == 4 and st.families[1].hand == []


def test_tv02_variations_christian_democrats_alone_and_partner_only_face_up() -> None:
    """TV-02: Christian Democrats without The Church 5; Socialists committed alone with
    Unions face up 10."""
    t = Table(4).president(0)
    t.face_up(2, "inf_christian_democrats").face_up(3, "inf_socialists", "inf_unions")
    t.set(budget=Budget(0, [[] for _ in range(4)], [-1] * 4)).at("budget")
    t.act(0, "done").act(0, "abstain").act(1, "abstain")
    commit(t, 2, "yes", "inf_christian_democrats")
    assert t.event("commit").data["votes"] == 5
    commit(t, 3, "no", "inf_socialists")
    assert t.event("commit").data["votes"] == 10


def test_tv19_ju_9_2_nominations_withdrawal_and_a_round_two_nomination() -> None:
    """TV-19: chair S1; S2 withdraws after round 1; S2 nominates S4 in round 2; S3 wins
    13-11-5 and keeps gen_3rd."""
    t = Table(5).status(0, Status.DEAD).set(last_president=0)
    for office, f in (("minister_of_interior", 1), ("general_1st_brigade", 1),
                      ("general_2nd_brigade", 2), ("admiral", 2), ("general_3rd_brigade", 3),
                      ("air_force_commander", 4)):
        t.office(office, f)
    t.face_up(1, "inf_conservatives").hand(2, "vote_black_marketeers", "inf_unions")
    t.face_up(3, "inf_church").hand(3, "vote_graveyard_voters").hand(4, "vote_middle_class")
    t.at("election", phase=None, chair=1, excluded=[], first=False)
    # round 1
    assert t.options(1) == ["done", "nominate:1", "nominate:2", "nominate:3", "nominate:4"]
    t.act(1, "nominate:1").act(1, "nominate:3").act(1, "done")
    commit(t, 1, "1", "inf_conservatives")
    assert t.options(1) == ["stay", "withdraw"]
    t.act(1, "stay")
    t.act(2, "nominate:2").act(2, "done")
    commit(t, 2, "2", "vote_black_marketeers")
    t.act(2, "stay")
    t.act(3, "done")
    commit(t, 3, "3", "inf_church")
    t.act(3, "stay")
    t.act(4, "done")
    commit(t, 4, "1", "vote_middle_class")
    assert t.state.vote is not None
    from services.junta.rollcall import totals
    assert totals(t.state.vote) == {"1": 11, "2": 3, "3": 10}
    # withdrawal window, in order from the chair
    t.act(1, "stay").act(2, "withdraw").act(3, "stay")
    assert totals(t.state.vote) == {"1": 11, "3": 10}
    assert t.options(1) == ["pass"]  # then the Power Failure window: everyone asked once
    t.pass_all("play_vote_event")
    # round 2
    assert t.options(1) == ["done", "nominate:4"]
    t.act(1, "done")
    t.act(1, "vote:1")
    assert t.options(1) == ["done"]  # inf_conservatives is spent for this roll call
    t.act(1, "done").act(1, "stay")
    assert "nominate:2" not in t.options(2)
    t.act(2, "nominate:4")  # nobody is left to nominate: on to his commit
    commit(t, 2, "4", "inf_unions")
    commit(t, 3, "3", "vote_graveyard_voters")
    t.act(3, "stay")
    t.act(4, "vote:4").act(4, "done")
    t.act(4, "stay")
    assert totals(t.state.vote) == {"1": 11, "3": 13, "4": 5}
    t.act(1, "stay").act(3, "stay").act(4, "stay")
    t.pass_all("play_vote_event")  # the Recount window
    st = t.state
    assert st.offices[0] == 3 and st.offices[DATA.office_ids.index("general_3rd_brigade")] == 3
    discarded = {DATA.design(i).id for i in st.discard}
    assert discarded >= {"vote_black_marketeers", "vote_middle_class", "vote_graveyard_voters"}
    assert [DATA.design(i).id for i in st.families[2].face_up] == ["inf_unions"]


def test_tv19_ju_9_3_the_only_standing_candidate_cannot_withdraw() -> None:
    t = Table(5).at("election", phase=None, chair=1, excluded=[], first=False)
    t.act(1, "nominate:1").act(1, "done").act(1, "vote:1").act(1, "done")
    assert t.decision(2).kind == "junta.nominate"  # no withdraw decision for S1


def tie_round(t: Table) -> None:
    """Both rounds of a first election: S0 nominates S0 and S1; S0 and S2 vote S0, S1 and
    S3 vote S1, all with no cards: 0-0."""
    for rnd in (1, 2):
        for seat in range(4):
            if t.pending(seat, "nominate"):
                t.act(seat, "nominate:0" if rnd == 1 and seat == 0 else "done", kind="nominate")
                if rnd == 1 and seat == 0:
                    t.act(0, "nominate:1").act(0, "done")
            t.act(seat, f"vote:{seat % 2}").act(seat, "done")
            if t.pending(seat, "withdraw_candidacy"):
                t.act(seat, "stay")
        t.pass_all("withdraw_candidacy")  # the withdrawal window
        t.pass_all("play_vote_event")  # the vote-event window


def test_tv29_ju_9_4_tied_first_election_repeats_at_most_twice() -> None:
    """TV-29: tie -> discard everything, 5 new cards each, S0 takes the top aid bill; after
    the third tie the tied candidate first clockwise from the chair (S0) wins."""
    t = Table(4)
    t.at("election", phase=None, chair=0, excluded=[], first=True)
    for n in (1, 2):
        tie_round(t)
        st = t.state
        assert st.ties == n and len(st.aid) == 96 - n and len(st.families[0].cash) == n
        assert all(len(f.hand) + len(f.face_up) == 5 for f in st.families)
        assert t.event("election_tied").data == {"tied": [0, 1], "repeat": n}
        assert st.offices[0] == -1
    tie_round(t)
    assert t.state.offices[0] == 0 and t.state.ties == 2
    assert t.event("president").data == {"player": 0, "how": "tie, first clockwise from the "
                                                            "chair"}
