"""Outcomes (services/kernel/outcome.py): ranks, shared ranks, tiebreaks, winners."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from services.kernel.outcome import SeatResult, ranked


def table(scores: list[int], tiebreaks: list[list[int]] | None = None) -> list[tuple[int, ...]]:
    return [(r.seat, r.rank, r.score, r.winner) for r in ranked(scores, tiebreaks).results]


def test_plain_ranking() -> None:
    assert table([3, 7, 5]) == [(0, 3, 3, False), (1, 1, 7, True), (2, 2, 5, False)]


def test_ties_share_a_rank_and_the_next_rank_skips() -> None:
    assert table([5, 7, 5, 2]) == [(0, 2, 5, False), (1, 1, 7, True),
                                   (2, 2, 5, False), (3, 4, 2, False)]


def test_tie_for_first_makes_every_tied_seat_a_winner() -> None:
    assert table([4, 4, 1]) == [(0, 1, 4, True), (1, 1, 4, True), (2, 3, 1, False)]


def test_tiebreak_orders_tied_scores() -> None:
    assert table([4, 4, 1], [[0, 2, 9]]) == [(0, 2, 4, False), (1, 1, 4, True),
                                             (2, 3, 1, False)]


def test_second_tiebreak_applies_only_when_the_first_ties() -> None:
    assert table([4, 4, 4], [[1, 1, 0], [0, 5, 9]]) == [
        (0, 2, 4, False), (1, 1, 4, True), (2, 3, 4, False)]
    assert table([4, 4], [[1, 1], [3, 3]]) == [(0, 1, 4, True), (1, 1, 4, True)]


def test_summary_is_kept() -> None:
    out = ranked([1, 0], summary="Most points wins.")
    assert out.summary == "Most points wins."
    assert out.results[0] == SeatResult(0, 1, 1, True)


@given(st.lists(st.integers(-5, 5), min_size=1, max_size=6))
def test_rank_is_one_plus_the_number_of_better_seats(scores: list[int]) -> None:
    out = ranked(scores)
    assert [r.seat for r in out.results] == list(range(len(scores)))
    for r in out.results:
        assert r.rank == 1 + sum(s > r.score for s in scores)
        assert r.winner == (r.score == max(scores))
