"""CU 5.C parliament: TV-18 to TV-20, bribery law, rebid limits, variant reveal."""

from __future__ import annotations

import msgspec

from services.cuba.constants import CHARACTER_INDEX, NO_LAW, NO_SEAT, Category
from services.cuba.data import DATA
from services.cuba.state import CubaState
from services.kernel import codec, engine
from services.kernel.decisions import Choice
from services.kernel.sealed import ROUND_VAR
from services.kernel.state import SealedRound

from .helpers import GAME, Table, Wire, blank, set_law

L = {x.id: x.index for x in DATA.laws}


def parliament(cards: list[str], money: list[int], start: int = 0, round: int = 2,
               proposals: tuple[str, ...] = ("tax_4", "duty_water", "subsidy_money",
                                             "harbor_law")) -> Table:
    st = blank(seats=len(cards), start=start, round=round)
    for p, card, m in zip(st.players, cards, money, strict=True):
        c = CHARACTER_INDEX[card]
        p.hand = [c]
        p.played = [x for x in range(5) if x != c][:4]
        st.bank += p.money - m
        p.money = m
    st.proposals = [L[x] for x in proposals]
    return Table(st)


def bids(t: Table, amounts: dict[int, int]) -> None:
    for seat, amount in amounts.items():
        t.choose(amount, seat)


def test_tv18_votes_city_hall_and_bribes() -> None:
    """TV-18 / CU 5.C.1-5.C.5: everybody pays his bid; seat 2 wins with 10."""
    t = parliament(["mayor", "foreman", "worker"], [10, 8, 12])
    t.st.vote_tile = 1
    t.start("parliament")
    ds = t.pending()
    assert [(d.seat, d.kind, d.amount.min, d.amount.max) for d in ds if d.amount] == [
        (0, "cuba.bribe", 0, 10), (1, "cuba.bribe", 0, 8), (2, "cuba.bribe", 0, 12)]
    assert [p.votes for p in t.st.players] == [5, 6, 1]
    bids(t, {0: 2, 1: 0, 2: 9})
    assert [p.votes for p in t.st.players] == [7, 6, 10]
    d = t.decision()
    assert d.seat == 2 and d.kind == "cuba.pass_law"
    assert [p.money for p in t.st.players] == [8, 8, 3]


def test_tv19_tie_and_rebid() -> None:
    """TV-19 / CU 5.C.5 [CU-G-18]: only the tied rebid; all bids are paid."""
    t = parliament(["architect", "mayor"], [10, 10]).start("parliament")
    bids(t, {0: 4, 1: 2})
    ds = t.pending()
    assert [(d.seat, d.kind, d.amount.max) for d in ds if d.amount] == [
        (0, "cuba.rebid", 6), (1, "cuba.rebid", 8)]
    bids(t, {0: 1, 1: 0})
    assert t.decision().seat == 0 and t.st.parliament_winner == 0
    assert [p.money for p in t.st.players] == [5, 8]


def test_rebid_only_for_the_tied_leaders_then_turn_order() -> None:
    """CU 5.C.5: seat 2 is not tied; a second tie goes to turn order from the start player."""
    t = parliament(["architect", "mayor", "worker"], [10, 10, 10], start=1)
    t.start("parliament")
    bids(t, {0: 4, 1: 2, 2: 0})
    assert sorted(d.seat for d in t.pending()) == [0, 1]
    bids(t, {0: 0, 1: 0})
    assert t.st.parliament_winner == 1  # start player wins the tie


def test_bribery_law_no_bids_turn_order_decides() -> None:
    """CU 5.C.4 / CU 10.4: under the bribery law nobody bids; ties go by turn order."""
    t = parliament(["mayor", "mayor", "worker"], [10, 10, 10], start=1)
    set_law(t.st, "bribery_law")
    t.start("parliament")
    d = t.decision()
    assert d.kind == "cuba.pass_law" and d.seat == 1
    assert [p.money for p in t.st.players] == [10, 10, 10]


def test_player_without_money_does_not_bid() -> None:
    t = parliament(["mayor", "worker"], [0, 3]).start("parliament")
    assert [d.seat for d in t.pending()] == [1]


def test_tv20_veto_restriction_and_passing() -> None:
    """TV-20 / CU 5.C.3, 5.C.6 [CU-G-19]."""
    t = parliament(["mayor", "worker", "trader", "foreman"], [0, 0, 0, 0], round=3)
    st = t.st
    for law in ("start_tax_2", "duty_tobacco", "subsidy_votes", "drought"):
        set_law(st, law)
    st.veto_tile = 1
    st.last_veto_round, st.last_veto_category = 2, Category.SUBSIDY
    t.start("parliament")
    d = t.decision()
    assert d.seat == 1 and d.kind == "cuba.veto"
    assert d.option_ids() == ["veto:tax", "veto:tax_in_kind", "veto:other", "none"]
    t.choose("veto:other")
    d = t.decision()  # nobody has money: no bids; seat 0 (mayor) wins
    assert d.seat == 0 and d.option_ids() == ["pass:tax_4", "pass:duty_water",
                                              "pass:subsidy_money"]
    t.play("pass:tax_4", "pass:subsidy_money")
    assert t.finished
    assert [DATA.laws[x].id for x in st.in_force] == ["tax_4", "duty_tobacco", "subsidy_money",
                                                      "drought"]
    assert st.proposals == [NO_LAW] * 4 and st.veto_tile == NO_SEAT and st.vote_tile == NO_SEAT
    # Round 4, Church activated again: IV is now the banned category.
    t = parliament(["mayor", "worker", "trader", "foreman"], [0, 0, 0, 0], round=4)
    t.st.veto_tile = 1
    t.st.last_veto_round, t.st.last_veto_category = st.last_veto_round, st.last_veto_category
    t.start("parliament")
    assert t.options() == ["veto:tax", "veto:tax_in_kind", "veto:subsidy", "none"]


def test_veto_two_rounds_ago_is_no_restriction() -> None:
    t = parliament(["mayor", "worker"], [0, 0], round=4)
    t.st.veto_tile = 0
    t.st.last_veto_round, t.st.last_veto_category = 2, Category.TAX
    t.start("parliament")
    assert t.options() == ["veto:tax", "veto:tax_in_kind", "veto:subsidy", "veto:other", "none"]


def test_passing_replaces_the_printed_law() -> None:
    """CU 5.C.6: a passed law replaces the law in force, including a printed one."""
    t = parliament(["mayor", "worker"], [0, 0]).start("parliament")
    assert t.options() == ["pass:tax_4", "pass:duty_water", "pass:subsidy_money",
                           "pass:harbor_law"]
    t.play("pass:duty_water", "pass:harbor_law")
    assert DATA.laws[t.st.in_force[Category.TAX_IN_KIND]].id == "duty_water"
    assert DATA.laws[t.st.in_force[Category.TAX]].id == "start_tax_2"


def test_reveal_event_lists_every_card() -> None:
    t = parliament(["mayor", "worker"], [0, 0]).start("parliament")
    ev = next(e for e in t.events if e.kind == "cuba.parliament_cards")
    assert ev.seats is None and ev.data["cards"] == {"0": "mayor", "1": "worker"}


def test_cu_5_c_5_a_tie_says_how_it_was_resolved() -> None:
    """CU 5.C.5 [CU-G-18] through engine.act: a tie opens a rebid among the tied, and a tie
    that survives it goes to turn order from the start player; the events say so."""
    t = parliament(["architect", "mayor", "worker"], [10, 10, 10], start=1)
    w = Wire(t.st, "parliament")
    for seat, amount in {0: 4, 1: 2, 2: 0}.items():
        w.choose(amount, seat)
    tie = next(e for e in w.events if e.kind == "cuba.parliament_tie")
    assert tie.text == "Seats 1 and 0 tie on 7 votes: they bid again, sealed."
    assert tie.data == {"seats": [1, 0], "votes": 7, "rebid": True}
    w.choose(0, 0).choose(0, 1)
    won = next(e for e in w.events if e.kind == "cuba.parliament_winner")
    assert won.text == ("Seats 1 and 0 are still tied on 7 votes; seat 1 wins as the first of "
                        "them in turn order from the start player (seat 1).")
    assert won.data["resolved_by"] == "turn_order" and won.data["tied"] == [1, 0]
    assert w.decision().seat == 1 and w.decision().kind == "cuba.pass_law"


def test_cu_5_c_5_bribery_law_tie_says_there_is_no_rebid() -> None:
    """CU 5.C.4-5.C.5 / CU 10.4 through engine.act: no bribes, no rebid, turn order."""
    t = parliament(["mayor", "mayor", "worker"], [10, 10, 10], start=1)
    set_law(t.st, "bribery_law")
    w = Wire(t.st, "parliament")
    texts = [e.text for e in w.events if e.kind.startswith("cuba.parliament_")]
    assert "Seats 1 and 0 tie on 5 votes: no rebid under the bribery law." in texts
    assert ("Seats 1 and 0 are tied on 5 votes; seat 1 wins as the first of them in turn "
            "order from the start player (seat 1).") in texts
    assert w.options(1)["pass:tax_4"].label == (
        "Pass I, Tax: 4 pesos, replacing Tax: 2 pesos (printed on the board): Decree phase: "
        "each player may pay 4 pesos to the bank; a payer scores 2 VP.")


def test_a_bribe_round_stored_by_the_old_build_goes_on_after_a_deploy() -> None:
    """CU 5.C.4 through engine.act: a table stored mid-bribe by a build that held the open
    sealed round in `st.sealed` (before the kernel SealedProc) is upgraded when read: the
    same decisions, the committed bid kept, and the round resolves as it would have."""
    t = parliament(["mayor", "foreman", "worker"], [10, 8, 12])
    t.st.vote_tile = 1
    t.start("parliament")
    t.choose(2, 0)
    new = codec.encode(t.st)
    old = codec.decode(new, CubaState)
    old.sealed = msgspec.convert(old.stack[-1].vars.pop(ROUND_VAR), SealedRound)
    assert old.sealed.values == [2, None, None]
    old_bytes = codec.encode(old)
    assert old_bytes != new
    for seat in (None, 0, 1, 2):
        assert engine.view(GAME, old_bytes, seat) == engine.view(GAME, new, seat)
    for data in (old_bytes, new):
        step = engine.act(GAME, data, 1, Choice(pending_id(data, 1), amount=0))
        step = engine.act(GAME, step.state, 2, Choice(pending_id(step.state, 2), amount=9))
        st = codec.decode(step.state, CubaState)
        assert [p.votes for p in st.players] == [7, 6, 10]
        assert [p.money for p in st.players] == [8, 8, 3] and st.sealed is None


def pending_id(data: bytes, seat: int) -> str:
    return next(d.id for d in engine.view(GAME, data, seat).decisions)
