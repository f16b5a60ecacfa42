"""CL 7 Victory: conditions (7.2), margins (7.3), the Victory phase test (6.1, CL 1.5) and the
ranking of seats with its ties (7.1, CL-R-15) and Secret Plans (7.3 option, CL-R-16)."""

from __future__ import annotations

from typing import Final

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

ACTIVE_SUPPORT: Final = 2


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


def non_player_factions(st: CLState) -> list[int]:
    """CL 8.0: the factions the Non-player procedures run (no seat at the table)."""
    return [f for f in range(4) if st.non_players >> f & 1]


def solitaire(st: CLState) -> bool:
    """CL 8.9: one player, every other faction a Non-player."""
    return st.seats == 1 and bool(st.non_players)


def victory_phase_winners(st: CLState) -> list[int]:
    """CL 6.1 / 1.5: seats every faction of which meets its condition; the solitaire player
    never wins in a Victory phase (CL 8.9)."""
    if solitaire(st):
        return []
    ok = meets(st)
    return [seat for seat, fs in enumerate(st.players) if all(ok[f] for f in fs)]


def victory_phase_non_players(st: CLState) -> list[int]:
    """CL 6.1, 8.9 (CL-R-15): Non-players meeting their conditions (the game ends)."""
    ok = meets(st)
    return [f for f in non_player_factions(st) if ok[f]]


def secret_plans(st: CLState, seat: int) -> int:
    """CL 7.3 option: +1 to the seat's final margin per Secret Plan counter (CL-R-16)."""
    if not st.deception:
        return 0
    return sum(1 for c in st.deception[seat] if c.kind == Deception.SECRET_PLAN)


def rank(st: CLState, summary: str = "") -> Outcome:
    """CL 7.1 / 7.3 the final ranking of the seats among the Non-players (`rank_seats`). A
    game ended in a Victory phase is never won by the solitaire player (CL 8.9)."""
    barred = [st.over == 1 and solitaire(st)] * st.seats
    bonus = [secret_plans(st, s) for s in range(st.seats)]
    out = rank_seats(st.players, st.non_players, margins(st), bonus, barred, summary)
    if solitaire(st):
        grade = solo_grade(margins(st), st.players[0], non_player_factions(st), st.over == 1,
                           victory_phase_non_players(st))
        return Outcome(out.results, f"{out.summary} {grade}".strip())
    return out


def rank_seats(players: list[list[int]], non_players: int, m: list[int], bonus: list[int],
               barred: list[bool], summary: str = "") -> Outcome:
    """CL 7.3: a seat scores its lowest faction margin (plus its Secret Plans, CL-R-16), a
    Non-player its margin (CL 8.0: no seat, but it ranks); the highest score wins. CL 7.1
    ties: a Non-player first, then Syndicate, Directorio, 26July, Government (a two-faction
    seat by its better-placed faction, CL-R-15). A barred seat ranks below every other. A seat
    ranks 1 + the seats and Non-players ahead of it; a Non-player first: no seat wins."""
    keys = [(not barred[s], min(m[f] for f in fs) + bonus[s], False,
             max(TIE_RANK[f] for f in fs)) for s, fs in enumerate(players)]
    rivals = keys + [(True, m[f], True, TIE_RANK[f]) for f in range(4) if non_players >> f & 1]
    results = []
    for s, key in enumerate(keys):
        ahead = sum(1 for i, k in enumerate(rivals) if i != s and k > key)
        results.append(SeatResult(s, ahead + 1, key[1], ahead == 0))
    return Outcome(tuple(results), summary)


SOLO_WORDS = ("model counterinsurgency", "revolutionary success", "freedom and justice",
              "gangster paradise")  # CL 8.9, per faction (Government, 26July, DR, Syndicate)


NON_PLAYER_WORDS = ("Hail the dictator!", "Castro's triumph!", "The students' revolution!",
                    "Viva Lansky!")  # CL 8.9, a Non-player's win, per faction as SOLO_WORDS


def solo_grade(m: list[int], player: list[int], nps: list[int], in_victory_phase: bool,
               meeting: list[int] | None = None) -> str:
    """CL 8.9: the solitaire player's lead over the best Non-player (its lower margin if it
    runs two factions): 1-4 "the struggle continues", 5 or more the faction's decisive
    outcome; else (ties too, or a Victory phase) a Non-player wins: the one with the highest
    margin (in a Victory phase, of those in `meeting` their condition; ties to Syndicate,
    DR, 26July, Government), named with its faction's words."""
    lead = min(m[f] for f in player) - max(m[f] for f in nps)
    if in_victory_phase or lead <= 0:
        pool = (meeting if in_victory_phase else None) or nps
        f = max(pool, key=lambda f: (m[f], TIE_RANK[f]))
        return (f"Non-player {FACTION_NAMES[f]} wins: {NON_PLAYER_WORDS[f]} "
                f"(CL 8.9; the player's lead {lead:+d}).")
    if lead < 5:
        return f"The player leads by {lead}: the struggle continues (CL 8.9)."
    return f"The player leads by {lead}: {SOLO_WORDS[min(player, key=lambda f: m[f])]} (CL 8.9)."


def summary(st: CLState) -> str:
    m = margins(st)
    return "Margins: " + ", ".join(f"{FACTION_NAMES[f]} {m[f]:+d}" for f in range(4)) + "."
