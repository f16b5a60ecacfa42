"""Derived quantities of the Glossary (RULES.md G.1-G.14): pieces, Control, totals, stacking,
markers, Cash, tracks.

Every query reads the state; nothing here is cached, so Control and the victory tracks always
equal a fresh recount (CL 1.6.3, 1.7, CL-R-03).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from services.coin import spaces as coin_spaces
from services.coin.board import Board
from services.coin.pieces import PieceTable
from services.coin.spaces import ControlRule

from . import data as D
from . import words as W
from .constants import (
    BASE,
    CASH_HOLDERS,
    CASINOS,
    COIN_OP_COST,
    CUBES,
    FACTION_IDS,
    GUER_A,
    GUER_U,
    KIND_FACTION,
    KIND_IDS,
    MARKERS,
    MAX_AID,
    MAX_BASES,
    MAX_CASINOS,
    MAX_RESOURCES,
    NKINDS,
    NO_CASH,
    NO_CONTROL,
    NON_CASINO_BASES,
    POOL,
    Faction,
    Kind,
    Mom,
    Terrain,
    UsAlliance,
)
from .state import CLState

GOVT: Final[int] = int(Faction.GOVT)
M26: Final[int] = int(Faction.M26)
DR: Final[int] = int(Faction.DIRECTORIO)
SYNDICATE: Final[int] = int(Faction.SYNDICATE)

PIECES: Final = PieceTable(
    KIND_IDS, KIND_FACTION, pool=POOL, base=(*NON_CASINO_BASES, *CASINOS), cube=CUBES,
    flip={Kind.M26_U: Kind.M26_A, Kind.M26_A: Kind.M26_U, Kind.DR_U: Kind.DR_A,
          Kind.DR_A: Kind.DR_U, Kind.SYND_U: Kind.SYND_A, Kind.SYND_A: Kind.SYND_U},
    held="cash")  # CL 4.5.2: a Cash marker moves, flips and leaves with its holding piece
# G.3 control counts: every piece counts for its faction except a closed Casino (CL 1.7).
CONTROL: Final = ControlRule(PIECES, 4, controllers=(GOVT, M26, DR, SYNDICATE),
                             weight=[0 if k == Kind.CASINO_CLOSED else 1 for k in range(NKINDS)])


# -- pieces in a space (G.2) ------------------------------------------------------------------


def n(st: CLState, s: int, k: int) -> int:
    return st.pieces[s * NKINDS + k]


def cubes(st: CLState, s: int) -> int:
    """Troops + Police (G.2 cubes)."""
    return n(st, s, Kind.TROOPS) + n(st, s, Kind.POLICE)


def guerrillas(st: CLState, s: int, f: int) -> int:
    """f's Guerrillas, Underground and Active."""
    return n(st, s, GUER_U[f]) + n(st, s, GUER_A[f])


def underground(st: CLState, s: int, f: int) -> int:
    return n(st, s, GUER_U[f])


def active(st: CLState, s: int, f: int) -> int:
    return n(st, s, GUER_A[f])


def bases(st: CLState, s: int, f: int) -> int:
    """f's Bases in s; for the Syndicate its Casinos, open or closed (CL 1.4)."""
    if f == SYNDICATE:
        return casinos(st, s)
    return n(st, s, BASE[f])


def casinos(st: CLState, s: int) -> int:
    return n(st, s, Kind.CASINO_OPEN) + n(st, s, Kind.CASINO_CLOSED)


def close_casino(st: CLState, s: int) -> None:
    """CL 1.4.5: an open Casino in s is closed (it stays on the map, counting for nobody)."""
    PIECES.move(st, s, s, Kind.CASINO_OPEN, 1, Kind.CASINO_CLOSED)


def open_casino(st: CLState, s: int) -> None:
    """CL 3.3.5, 6.2.4, 6.5: a closed Casino in s is opened."""
    PIECES.move(st, s, s, Kind.CASINO_CLOSED, 1, Kind.CASINO_OPEN)


def pieces_of(st: CLState, s: int, f: int) -> int:
    """Every piece of f in s (closed Casinos included: they are still pieces, CL 1.4.5)."""
    return PIECES.of_faction(st, s, f)


# -- Control (CL 1.7, G.3-G.4) ----------------------------------------------------------------


def control_count(st: CLState, s: int, f: int) -> int:
    """G.3 cc(s, f): f's pieces that count for Control (a closed Casino counts for nobody)."""
    return CONTROL.strengths(st, s)[f]


def live_control(st: CLState, s: int) -> int:
    """G.4 the faction whose count exceeds the other three together; ECs never (CL 1.3.4)."""
    if D.IS_EC[s]:
        return NO_CONTROL
    return CONTROL.controller(st, s)


def control(st: CLState, s: int) -> int:
    """Control as the rules read it: the Redeploy phase's snapshot while one is fixed
    (CL 6.4, CL-R-14), else live (CL-R-03)."""
    if st.ctl:
        return st.ctl[s]
    return live_control(st, s)


def outnumbers(st: CLState, s: int, f: int) -> bool:
    """f's control count exceeds all the others' together (any space kind)."""
    return CONTROL.outnumbers(st, s, f)


# -- victory tracks (CL 1.6.3, G.6) -----------------------------------------------------------


def total_support(st: CLState) -> int:
    """G.6 TotalSupport: Population x level over spaces at Support (Active counts double)."""
    return coin_spaces.total_support(st, D.POP)


def total_opposition(st: CLState) -> int:
    return coin_spaces.total_opposition(st, D.POP)


def on_map(st: CLState, kind: int) -> int:
    return PIECES.total_on_map(st, kind, D.NS)


def opposition_plus_bases(st: CLState) -> int:
    """CL 1.6.3 26July track: Total Opposition + 26July Bases on the map."""
    return total_opposition(st) + on_map(st, Kind.M26_BASE)


def dr_pop_plus_bases(st: CLState) -> int:
    """CL 1.6.3 Directorio track: Population of DR-Controlled spaces + DR Bases on the map."""
    return controlled_population(st, DR) + on_map(st, Kind.DR_BASE)


def open_casinos(st: CLState) -> int:
    """CL 1.6.3 Syndicate track: open Casinos on the map."""
    return on_map(st, Kind.CASINO_OPEN)


def controlled_population(st: CLState, f: int) -> int:
    """Population of the Cities and Provinces f Controls (CL 1.6.3)."""
    return sum(D.POP[s] for s in D.POPULATED if control(st, s) == f)


def unsabotaged_econ(st: CLState) -> int:
    """CL 6.2.1: the Econ of the ECs without Sabotage (8 minus the Sabotaged ECs' Econ)."""
    return sum(D.ECON[s] for s in D.ECS if not is_sabotaged(st, s))


# -- stacking (CL 1.4.2) ----------------------------------------------------------------------


def base_room(st: CLState, s: int) -> int:
    """CL 1.4.2: Bases other than Casinos that still fit (2 per City or Province, none in
    ECs)."""
    if D.IS_EC[s]:
        return 0
    return max(0, MAX_BASES - sum(n(st, s, k) for k in (Kind.GOVT_BASE, Kind.M26_BASE,
                                                        Kind.DR_BASE)))


def casino_room(st: CLState, s: int) -> int:
    """CL 1.4.2: Casinos (open or closed) that still fit (2 per City or Province)."""
    if D.IS_EC[s]:
        return 0
    return max(0, MAX_CASINOS - casinos(st, s))


def casino_limit(st: CLState, s: int) -> int:
    """The most Casinos s may hold: the limit, one more where card 46 shaded put one."""
    if D.IS_EC[s]:
        return 0
    return MAX_CASINOS + (st.casino_exempt >> s & 1)


def can_place(st: CLState, s: int, kind: int) -> bool:
    """CL 1.4.1-1.4.2: one more piece of the kind is Available and fits in s."""
    if PIECES.available(st, kind) < 1:
        return False
    if kind in CASINOS:
        return casino_room(st, s) > 0
    if kind in BASE:
        return base_room(st, s) > 0
    return True


# -- markers and tracks -----------------------------------------------------------------------


def is_sabotaged(st: CLState, s: int) -> bool:
    return bool(st.sabotage >> s & 1)


def markers_left(st: CLState) -> int:
    """CL 3.3.4: Terror and Sabotage markers not on the map (20 in all)."""
    return MARKERS - sum(st.terror) - bin(st.sabotage).count("1")


def bounded_change(old: int, amount: int, top: int) -> int:
    """CL 1.8: the part of a change that keeps a track within 0..top (a gain beyond the top is
    lost; a loss takes at most what is there)."""
    return max(0, min(top, old + amount)) - old


def add_resources(st: CLState, f: int, amount: int) -> int:
    """CL 1.8 Resources stay within 0..49; returns the actual change."""
    delta = bounded_change(st.resources[f], amount, MAX_RESOURCES)
    st.resources[f] += delta
    return delta


def add_aid(st: CLState, amount: int) -> int:
    """CL 1.8 Aid stays within 0..49; returns the actual change."""
    delta = bounded_change(st.aid, amount, MAX_AID)
    st.aid += delta
    return delta


def move_us_alliance(st: CLState, steps: int) -> int:
    """CL 6.3.1 / CL-D-12: move the US Alliance `steps` boxes down (toward Embargoed; negative =
    up, toward Firm), stopping at the end boxes; returns the boxes moved. Aid is not touched."""
    moved = bounded_change(st.us_alliance, steps, UsAlliance.EMBARGOED)
    st.us_alliance += moved
    return moved


def coin_op_cost(st: CLState) -> int:
    """CL 6.3.1: a COIN Operation costs 2 / 3 / 4 per space by the US Alliance."""
    return COIN_OP_COST[st.us_alliance]


def has_cap(st: CLState, cap: int) -> bool:
    return bool(st.caps >> cap & 1)


def has_mom(st: CLState, mom: int) -> bool:
    return bool(st.mom >> mom & 1)


# -- Cash (CL 4.5.2, G.14) --------------------------------------------------------------------


def cash_code(s: int, kind: int) -> int:
    """The `cash` entry of a marker held by a piece of `kind` in s."""
    return s * NKINDS + kind


def cash_space(code: int) -> int:
    return code // NKINDS


def cash_holder(code: int) -> int:
    """The kind of the piece holding the marker."""
    return code % NKINDS


def cash_owner(code: int) -> int:
    """CL 4.5.2: the holding piece's faction owns the Cash."""
    return KIND_FACTION[code % NKINDS]


def cash_in(st: CLState, s: int, f: int | None = None) -> list[int]:
    """Indices of the Cash markers in s (owned by f if given)."""
    return [i for i, c in enumerate(st.cash)
            if c != NO_CASH and cash_space(c) == s and (f is None or cash_owner(c) == f)]


def cash_in_box(st: CLState) -> int:
    return sum(1 for c in st.cash if c == NO_CASH)


def may_hold_cash(kind: int) -> bool:
    return kind in CASH_HOLDERS


# -- terrain in COIN Operations (CL 3.2.3-3.2.4) ----------------------------------------------


def sweep_activations(st: CLState, s: int) -> int:
    """CL 3.2.3 step 2: Guerrillas a Sweep may Activate in s: 1 per cube, 1 per 2 cubes in a
    Forest Province."""
    c = cubes(st, s)
    return c // 2 if D.TERRAIN[s] == Terrain.FOREST else c


def assault_removals(st: CLState, s: int) -> int:
    """CL 3.2.4: enemy pieces an Assault may remove in s: 1 per cube in a City or EC, 1 per 2
    Troops in a Mountain Province, 1 per Troop in other Provinces. Card 4 shaded (Momentum):
    Police count as Troops; card 6 shaded (Momentum): Mountain counts as a City."""
    troops = n(st, s, Kind.TROOPS)
    if has_mom(st, Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS):
        troops += n(st, s, Kind.POLICE)
    mountain = D.TERRAIN[s] == Terrain.MOUNTAIN
    if D.IS_EC[s] or s in D.CITIES or (mountain and has_mom(st, Mom.ASSAULT_MOUNTAIN_AS_CITY)):
        return cubes(st, s)
    return troops // 2 if mountain else troops


# -- the board the COIN layer's procs read ----------------------------------------------------


class CLBoard(Board[CLState]):
    """The Cuba Libre board for the COIN layer: adjacency from map.json, stacking with 2 Bases
    and, apart, 2 Casinos per City or Province, none in ECs (CL 1.4.2). The Casino card 46
    shaded places above the limit is placed by that Event itself: the exemption never makes
    room for another placement or move (CL-I-8)."""

    def adjacent(self, st: CLState, s: int) -> Sequence[int]:
        return D.ADJ[s]

    def can_place(self, st: CLState, s: int, kind: int) -> bool:
        if kind in CASINOS:
            return casino_room(st, s) > 0
        if kind in NON_CASINO_BASES:
            return base_room(st, s) > 0
        return True


BOARD: Final[CLBoard] = CLBoard("cl", D.NAMES, FACTION_IDS, D.POP, PIECES, W.WORDS, W.KINDS,
                                W.KINDS_PLURAL, MAX_BASES,
                                stacking=((NON_CASINO_BASES, MAX_BASES), (CASINOS, MAX_CASINOS)))
