"""The deck: preparation (CL 2.1, TV-D-08), start (2.2), the next card and the sudden
Propaganda option (2.3.8, TV-R-09), the final Event card (2.3.9) and Propaganda cards in a row
(6.0, TV-R-08)."""

from __future__ import annotations

from services.cuba_libre import data as D
from services.cuba_libre import deck, setup
from services.cuba_libre.state import CLState
from services.kernel.ctx import Ctx

from .helpers import standard

P1, P2, P3, P4 = D.PROPAGANDA_CARDS


def prepared(seed: int, short: bool = False) -> CLState:
    st = setup.new_state(4, seed, {**setup.OPTION_DEFAULTS, "short_game": str(short).lower()})
    deck.prepare_deck(st)
    return st


def test_tv_d_08_standard_deck() -> None:
    """TV-D-08 (CL 2.1, CL-D-15): 48 Events in 4 piles of 12, one Propaganda card shuffled into
    each: 52 cards, one Propaganda card in each quarter of 13."""
    for seed in range(30):
        cards = list(reversed(prepared(seed).deck))  # top of the deck first
        assert len(cards) == 52 and sorted(cards) == list(range(1, 53))
        for q in range(4):
            assert sum(1 for c in cards[13 * q:13 * (q + 1)] if D.is_propaganda(c)) == 1


def test_tv_d_08_short_game_deck() -> None:
    """TV-D-08 (CL 2.1 short game): 8 Events boxed unseen, piles of 10 + 1: 44 cards, one
    Propaganda card in each quarter of 11."""
    decks = set()
    for seed in range(30):
        cards = list(reversed(prepared(seed, short=True).deck))
        assert len(cards) == 44 and len(set(cards)) == 44
        assert sum(1 for c in cards if D.is_propaganda(c)) == 4
        for q in range(4):
            assert sum(1 for c in cards[11 * q:11 * (q + 1)] if D.is_propaganda(c)) == 1
        decks.add(frozenset(cards))
    assert len(decks) > 1  # which 8 Events are boxed depends on the shuffle


def test_cl_2_2_start_reveals_current_and_upcoming() -> None:
    """CL 2.2: the top card is the current card (first of the played pile); the next one lies
    face up on the deck as the upcoming card."""
    st = prepared(3)
    top, second = st.deck[-1], st.deck[-2]
    ctx = Ctx()
    deck.start(ctx, st)
    assert st.played == [top] and deck.upcoming(st) == second and len(st.deck) == 51
    assert [(e.kind, e.data) for e in ctx.events] == [("coin.card", {"card": top}),
                                                      ("cl.upcoming", {"card": second})]


def rigged(sudden: bool, top_down: list[int], played: list[int]) -> CLState:
    st = standard(sudden_propaganda=str(sudden).lower())
    rest = [c for c in st.deck + st.played if c not in top_down + played]
    st.deck = rest + list(reversed(top_down))
    st.played = played
    return st


def test_tv_r_09_sudden_propaganda_swaps_the_revealed_card() -> None:
    """TV-R-09 (CL 2.3.8 option, CL-R-20): E1 played; deck E2 (upcoming), P, E3. Next card: E2
    goes to the played pile, P is revealed and swapped with it: P is the current card, E2 the
    upcoming one. After the round E2 is played and E3 revealed."""
    st = rigged(True, [5, P1, 7], [3])
    ctx = Ctx()
    deck.next_card(ctx, st)
    assert st.played == [3, P1] and deck.upcoming(st) == 5
    assert [e.kind for e in ctx.events] == ["cl.upcoming", "cl.sudden_propaganda"]
    deck.next_card(Ctx(), st)
    assert st.played == [3, P1, 5] and deck.upcoming(st) == 7
    assert not deck.final_event_card(st)  # CL 2.3.9 is not used with the option


def test_without_the_option_a_propaganda_card_waits_as_upcoming() -> None:
    """CL 2.3.8: without the option the revealed Propaganda card is the upcoming card."""
    st = rigged(False, [5, P1, 7], [3])
    deck.next_card(Ctx(), st)
    assert st.played == [3, 5] and deck.upcoming(st) == P1


def test_tv_r_08_propaganda_in_a_row() -> None:
    """TV-R-08 A (CL 6.0, CL-R-21): a Propaganda card right after another (no Event card
    between them) gives no round; a first card that is Propaganda gives a normal one."""
    st = rigged(False, [P3, 9], [4, P1, 6, P2])
    assert not deck.propaganda_in_a_row(st)
    deck.next_card(Ctx(), st)
    assert deck.propaganda_in_a_row(st)
    st = rigged(False, [9], [P1])
    assert not deck.propaganda_in_a_row(st)


def test_tv_r_08_final_event_card() -> None:
    """TV-R-08 B (CL 2.3.9): the Event card played while the upcoming card is the 4th
    Propaganda card is the final Event card."""
    st = rigged(False, [P4, 12], [4, P1, 6, P2, 8, P3, 10])
    st.prop_played = 3
    assert deck.final_event_card(st)
    st.prop_played = 2
    assert not deck.final_event_card(st)
    st = rigged(True, [P4, 12], [4, P1, 6, P2, 8, P3, 10])
    st.prop_played = 3
    assert not deck.final_event_card(st)
