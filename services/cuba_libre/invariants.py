"""Invariants of every Cuba Libre state (raised as RulesBug): piece conservation (CL 1.4.1),
stacking (1.4.2), levels only where there is Population (1.6.2), tracks within bounds (1.8,
6.3.1), the marker pool (3.3.4), Cash under a Guerrilla or cube (4.5.2), a consistent deck."""

from __future__ import annotations

from services.kernel.errors import RulesBug

from . import board as B
from . import data as D
from .constants import (
    CASH_MARKERS,
    KIND_IDS,
    MAX_AID,
    MAX_BASES,
    MAX_RESOURCES,
    NKINDS,
    NO_CASH,
    NON_CASINO_BASES,
    POOL,
    UsAlliance,
)
from .state import CLState


def check_invariants(st: CLState) -> None:
    for problem in problems(st):
        raise RulesBug(problem)


def problems(st: CLState) -> list[str]:
    return (_piece_problems(st) + _space_problems(st) + _track_problems(st)
            + _cash_problems(st) + _deck_problems(st))


def _piece_problems(st: CLState) -> list[str]:
    """CL 1.4.1: every piece is on the map or Available, never more than the Forces."""
    if len(st.pieces) != D.NS * NKINDS or any(x < 0 for x in st.pieces + st.avail):
        return ["piece array of the wrong size, or a negative count"]
    totals = list(st.avail)
    for i, x in enumerate(st.pieces):
        totals[POOL[i % NKINDS]] += x
    return [f"{KIND_IDS[k]}: {totals[k]} pieces, the Forces have {D.FORCES[k]}"
            for k in range(NKINDS) if totals[k] != D.FORCES[k]]


def _space_problems(st: CLState) -> list[str]:
    bad: list[str] = []
    for s in range(D.NS):
        name = D.NAMES[s]
        if sum(B.n(st, s, k) for k in NON_CASINO_BASES) > MAX_BASES:
            bad.append(f"more than 2 Bases in {name} (CL 1.4.2)")
        if B.casinos(st, s) > B.casino_limit(st, s):
            bad.append(f"too many Casinos in {name} (CL 1.4.2)")
        occupied = sum(B.bases(st, s, f) for f in range(4)) + abs(st.support[s]) + st.terror[s]
        if D.IS_EC[s] and occupied:
            bad.append(f"a Base, Casino, level or Terror in the EC {name}")
        if not -2 <= st.support[s] <= 2:
            bad.append(f"support level out of range in {name}")
        if B.is_sabotaged(st, s) and not D.IS_EC[s]:
            bad.append(f"Sabotage outside an EC in {name}")
    if st.sabotage >> D.NS or B.markers_left(st) < 0:
        bad.append("more than 20 Terror/Sabotage markers (CL 3.3.4)")
    return bad


def _track_problems(st: CLState) -> list[str]:
    bad: list[str] = []
    if not all(0 <= r <= MAX_RESOURCES for r in st.resources) or not 0 <= st.aid <= MAX_AID:
        bad.append("Resources or Aid outside 0..49 (CL 1.8)")
    if st.us_alliance not in tuple(UsAlliance):
        bad.append("US Alliance out of range")
    nps = [f for f in range(4) if st.non_players >> f & 1]
    if sorted([f for fs in st.players for f in fs] + nps) != [0, 1, 2, 3] or any(
            st.seat_of[f] != seat for seat, fs in enumerate(st.players) for f in fs) or any(
            st.seat_of[f] != -1 - f for f in nps):
        bad.append("seats and factions disagree (CL 1.5, 8.0: a Non-player has no seat)")
    return bad


def _cash_problems(st: CLState) -> list[str]:
    """CL 4.5.2: 4 Cash markers, each in the Cash box or under a Guerrilla or cube."""
    if len(st.cash) != CASH_MARKERS:
        return ["there must be exactly 4 Cash markers"]
    return [f"Cash marker {i} is not under a Guerrilla or cube" for i, c in enumerate(st.cash)
            if c != NO_CASH and not (0 <= c < D.NS * NKINDS and B.may_hold_cash(c % NKINDS)
                                     and st.pieces[c] > 0)]


def _deck_problems(st: CLState) -> list[str]:
    cards = st.deck + st.played
    if len(set(cards)) != len(cards) or not set(cards) <= set(D.EVENTS) | set(D.PROPAGANDA):
        return ["a card twice, or an unknown card, in the deck and played pile"]
    if sum(1 for c in cards if D.is_propaganda(c)) != len(D.PROPAGANDA):
        return ["the 4 Propaganda cards are not all in the deck and played pile"]
    return []
