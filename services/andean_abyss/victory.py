"""AA 7 Victory: conditions, margins and the ranking of players (AA 1.5, 7.1-7.3)."""

from __future__ import annotations

from services.kernel.outcome import Outcome, ranked

from . import board as B
from .constants import FACTION_IDS
from .state import AAState


def margins(st: AAState) -> list[int]:
    """AA 7.3 victory margins of Government, FARC, AUC, Cartels."""
    return [
        B.total_support(st) - 60,
        B.opposition_plus_bases(st) - 25,
        B.bases_on_map(st, B.AUC) - B.bases_on_map(st, B.FARC),
        min(B.bases_on_map(st, B.CARTELS) - 10, st.resources[B.CARTELS] - 40),
    ]


def meets(st: AAState) -> list[bool]:
    """AA 7.2 conditions: a margin above 0."""
    return [m > 0 for m in margins(st)]


def winning_seats(st: AAState) -> list[int]:
    """AA 6.1 / 1.5: a seat wins at a check only if every faction it runs meets its condition."""
    ok = meets(st)
    return [seat for seat, fs in enumerate(st.players) if all(ok[f] for f in fs)]


def outcome(st: AAState) -> Outcome:
    """AA 7.1: rank seats by their lowest margin; ties to the seat whose best faction comes
    first in Cartels, AUC, FARC, Government order (AA-R-18)."""
    m = margins(st)
    how = "at a victory check" if st.over == 1 else "after the final Propaganda Round"
    text = ", ".join(f"{FACTION_IDS[f]} {m[f]:+d}" for f in range(4))
    return rank_seats(st.players, m, f"Game ended {how}; margins: {text}.")


def rank_seats(players: list[list[int]], m: list[int], summary: str = "") -> Outcome:
    """AA 7.1 ranking: lowest margin per seat; ties by best faction (Cartels first)."""
    scores = [min(m[f] for f in fs) for fs in players]
    ties = [max(fs) for fs in players]
    return ranked(scores, [ties], summary=summary)
