"""AA 7 Victory: conditions, margins and the ranking of players (AA 1.5, 7.1-7.3)."""

from __future__ import annotations

from services.coin.bots.seats import non_players
from services.kernel.outcome import Outcome, SeatResult, ranked

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
    """AA 6.1 / 1.5: a seat wins at a check only if every faction it runs meets its condition;
    in a 1-player game the Government never wins at a check (AA 8.8)."""
    ok = meets(st)
    if st.seats == 1 and non_players(st):
        return []
    return [seat for seat, fs in enumerate(st.players) if all(ok[f] for f in fs)]


def winning_non_players(st: AAState) -> list[int]:
    """AA 6.1, 7.1: Non-players meeting their conditions at a check (the game ends)."""
    ok = meets(st)
    return [f for f in non_players(st) if ok[f]]


def outcome(st: AAState) -> Outcome:
    """AA 7.1: rank seats by their lowest margin; ties to the seat whose best faction comes
    first in Cartels, AUC, FARC, Government order (AA-R-18)."""
    m = margins(st)
    how = "at a victory check" if st.over == 1 else "after the final Propaganda Round"
    text = ", ".join(f"{FACTION_IDS[f]} {m[f]:+d}" for f in range(4))
    summary = f"Game ended {how}; margins: {text}."
    nps = non_players(st)
    if st.over == 1 and winning_non_players(st):
        won = ", ".join(FACTION_IDS[f] for f in winning_non_players(st))
        return all_lose(st, m, f"{summary} Non-player {won} won: every player loses (AA 7.1).")
    if st.seats == 1 and nps:
        return solo(st, m, summary)
    if nps and max(m[f] for f in nps) >= max(min(m[f] for f in fs) for fs in st.players):
        return behind(rank_seats(st.players, m, f"{summary} A Non-player ranks first: no "
                                 "player wins (AA 7.1)."))
    return rank_seats(st.players, m, summary)


SOLO_GRADES = ((0, "COIN failure"), (3, "stalemate"), (8, "COIN progress"))


def solo(st: AAState, m: list[int], summary: str) -> Outcome:
    """AA 8.8: the Government's margin minus the best Non-player margin; the player wins
    with the highest margin (ties go to the Non-players, AA 7.1)."""
    score = m[0] - max(m[f] for f in non_players(st))
    grade = next((g for top, g in SOLO_GRADES if score <= top), "COIN triumph")
    return Outcome((SeatResult(0, 1 if score > 0 else 2, score, score > 0),),
                   f"{summary} Solo score {score:+d}: {grade} (AA 8.8).")


def behind(out: Outcome) -> Outcome:
    """AA 7.1: a Non-player ranks 1st (ties go to it): the players keep their relative ranks
    behind it, and none wins."""
    return Outcome(tuple(SeatResult(r.seat, r.rank + 1, r.score, False) for r in out.results),
                   out.summary)


def all_lose(st: AAState, m: list[int], summary: str) -> Outcome:
    """AA 7.1: a Non-player's victory: every player loses equally (rank 2, nobody wins)."""
    return Outcome(tuple(SeatResult(seat, 2, min(m[f] for f in fs), False)
                         for seat, fs in enumerate(st.players)), summary)


def rank_seats(players: list[list[int]], m: list[int], summary: str = "") -> Outcome:
    """AA 7.1 ranking: lowest margin per seat; ties by best faction (Cartels first)."""
    scores = [min(m[f] for f in fs) for fs in players]
    ties = [max(fs) for fs in players]
    return ranked(scores, [ties], summary=summary)
