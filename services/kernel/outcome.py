"""Game outcomes: ranks, scores, winners."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec


class SeatResult(msgspec.Struct, frozen=True, array_like=True):
    seat: int
    rank: int
    score: int
    winner: bool


class Outcome(msgspec.Struct, frozen=True):
    results: tuple[SeatResult, ...]
    summary: str = ""


def ranked(scores: Sequence[int], tiebreaks: Sequence[Sequence[int]] | None = None,
           summary: str = "") -> Outcome:
    """Rank seats by score, then by each tiebreak in turn (higher is better).

    Seats equal on score and every tiebreak share a rank; every seat of rank 1 wins.
    """
    keys = [
        (scores[s], *(tb[s] for tb in (tiebreaks or ()))) for s in range(len(scores))
    ]
    order = sorted(range(len(scores)), key=lambda s: keys[s], reverse=True)
    results: list[SeatResult] = []
    rank = 0
    for i, s in enumerate(order):
        if i == 0 or keys[s] != keys[order[i - 1]]:
            rank = i + 1
        results.append(SeatResult(s, rank, scores[s], rank == 1))
    results.sort(key=lambda r: r.seat)
    return Outcome(tuple(results), summary)
