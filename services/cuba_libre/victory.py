"""CL 7 Victory: conditions (7.2), margins (7.3), the Victory phase test (6.1, CL 1.5) and the
ranking of seats with its ties (7.1, CL-R-15) and Secret Plans (7.3 option, CL-R-16)."""

from __future__ import annotations

from services.kernel.outcome import Outcome, SeatResult

from . import board as B
from . import data as D
from .constants import (
    CASINO_GOAL,
    DR_GOAL,
    FACTION_NAMES,
    GOVT_SUPPORT_GOAL,
    M26_GOAL,
    SYNDICATE_RESOURCES_GOAL,
    TIE_RANK,
    Deception,
)
from .state import CLState

ACTIVE_SUPPORT = 2


def margins(st: CLState) -> list[int]:
    """CL 7.3 victory margins of Government, 26July, Directorio, Syndicate."""
    return [
        B.total_support(st) - GOVT_SUPPORT_GOAL,
        B.opposition_plus_bases(st) - M26_GOAL,
        B.dr_pop_plus_bases(st) - DR_GOAL,
        min(B.open_casinos(st) - CASINO_GOAL,
            st.resources[B.SYNDICATE] - SYNDICATE_RESOURCES_GOAL),
    ]


def meets(st: CLState) -> list[bool]:
    """CL 7.2: a margin above 0; the Government also needs every City at Active Support
    (CL-R-02)."""
    ok = [m > 0 for m in margins(st)]
    ok[B.GOVT] = ok[B.GOVT] and all(st.support[c] == ACTIVE_SUPPORT for c in D.CITIES)
    return ok


def is_player_seat(st: CLState, seat: int) -> bool:
    return not st.non_players >> st.players[seat][0] & 1


def solitaire(st: CLState) -> bool:
    """CL 8.9: one player, every other faction a Non-player."""
    return sum(1 for seat in range(st.seats) if is_player_seat(st, seat)) == 1 and bool(
        st.non_players)


def victory_phase_winners(st: CLState) -> list[int]:
    """CL 6.1 / 1.5: seats every faction of which meets its condition; the solitaire player
    never wins in a Victory phase (CL 8.9)."""
    ok = meets(st)
    return [seat for seat, fs in enumerate(st.players) if all(ok[f] for f in fs)
            and not (solitaire(st) and is_player_seat(st, seat))]


def secret_plans(st: CLState, seat: int) -> int:
    """CL 7.3 option: +1 to the seat's final margin per Secret Plan counter (CL-R-16)."""
    if not st.deception:
        return 0
    return sum(1 for c in st.deception[seat] if c.kind == Deception.SECRET_PLAN)


def rank(st: CLState, summary: str = "") -> Outcome:
    """CL 7.1 / 7.3 the final ranking of the seats (see `rank_seats`). A game ended in a
    Victory phase is never won by the solitaire player (CL 8.9)."""
    barred = [st.over == 1 and solitaire(st) and is_player_seat(st, s) for s in range(st.seats)]
    bonus = [secret_plans(st, s) for s in range(st.seats)]
    return rank_seats(st.players, st.non_players, margins(st), bonus, barred, summary)


def rank_seats(players: list[list[int]], non_players: int, m: list[int], bonus: list[int],
               barred: list[bool], summary: str = "") -> Outcome:
    """CL 7.3: a seat scores its lowest faction margin (plus its Secret Plans, CL-R-16); the
    highest score wins. CL 7.1 ties: a Non-player first, then Syndicate, Directorio, 26July,
    Government (a two-faction seat by its better-placed faction, CL-R-15). A barred seat ranks
    below every other."""
    scores = [min(m[f] for f in fs) + bonus[seat] for seat, fs in enumerate(players)]
    keys = [(not barred[s], scores[s], bool(non_players >> fs[0] & 1),
             max(TIE_RANK[f] for f in fs)) for s, fs in enumerate(players)]
    order = sorted(range(len(players)), key=lambda s: keys[s], reverse=True)
    results = sorted((SeatResult(s, i + 1, scores[s], i == 0) for i, s in enumerate(order)),
                     key=lambda r: r.seat)
    return Outcome(tuple(results), summary)


def summary(st: CLState) -> str:
    m = margins(st)
    return "Margins: " + ", ".join(f"{FACTION_NAMES[f]} {m[f]:+d}" for f in range(4)) + "."
