"""coin.bots 8.1 Event-or-Operation (AA 8.1, CL 8.1) and the 8.1.1-8.1.2 guidelines, on a
card table given as data."""

from __future__ import annotations

from services.coin.bots import priorities as P
from services.coin.bots.choice import CardSymbols, wants_event
from services.coin.bots.seats import is_np_seat, np_faction, np_seat

CARDS = CardSymbols(leftmost=lambda card: card % 4, second_ops=lambda card: card >= 10,
                    never_event=frozenset({7}))


def test_aa_8_1_rule_1_first_eligible_needs_the_leftmost_symbol() -> None:
    """AA 8.1 rule 1: 1st Eligible: the Event only if its symbol is printed leftmost."""
    first = {"done": 0, "first": ""}
    assert wants_event(CARDS, 1, first, 5)
    assert not wants_event(CARDS, 2, first, 5)
    assert not wants_event(CARDS, 3, first, 7)  # a card instruction: never (AA card 63)


def test_aa_8_1_rule_2_second_eligible_after_op_and_sa_without_gray_symbol() -> None:
    """AA 8.1 rule 2: 2nd Eligible: the Event after the 1st's Op + SA unless "2nd: Ops";
    after an Op only or the Event: Operations."""
    assert wants_event(CARDS, 2, {"done": 1, "first": "op_sa"}, 5)
    assert not wants_event(CARDS, 2, {"done": 1, "first": "op_sa"}, 13)
    assert not wants_event(CARDS, 2, {"done": 1, "first": "op"}, 5)
    assert not wants_event(CARDS, 2, {"done": 1, "first": "event"}, 5)


def test_aa_8_1_1_maximum_and_8_1_2_orders() -> None:
    """AA 8.1.1: stop options only when nothing else is offered; 8.1.2 P1 Bases first, P3
    Bases, Police, Troops, Underground, Active within the faction order, P4 Active first."""
    assert P.maximum(["done", "space:a", "space:b"]) == ["space:a", "space:b"]
    assert P.maximum(["done", "decline"]) == ["done", "decline"]
    assert P.rank(P.PLACE, "base") < P.rank(P.PLACE, "underground")
    assert [k for k in sorted(P.REMOVE_ENEMY, key=lambda k: P.rank(P.REMOVE_ENEMY, k))] == \
        ["base", "police", "troops", "underground", "active"]
    assert P.rank(P.REMOVE_OWN, "active") < P.rank(P.REMOVE_OWN, "underground")
    keys = {(g, k): P.by_faction_then_class((2, 0), P.REMOVE_ENEMY, g, k)
            for g in (0, 2, 3) for k in ("base", "active")}
    assert min(keys, key=lambda x: keys[x]) == (2, "base")
    assert keys[(0, "base")] < keys[(3, "base")]
    assert P.best([3, 1, 2, 1], lambda x: x) == [1, 1]


def test_aa_8_0_non_player_seat_codes() -> None:
    """AA 8.0: a Non-player faction's seat code is negative and names the faction."""
    assert [np_seat(f) for f in range(4)] == [-1, -2, -3, -4]
    assert all(is_np_seat(np_seat(f)) and np_faction(np_seat(f)) == f for f in range(4))
    assert not is_np_seat(0)
