"""Derived quantities of the Glossary (RULES.md G.1-G.14): pieces, Control, totals, markers.

Every query reads the state; nothing here is cached, so Control and the totals
always equal a fresh recount (AA 1.6.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from services.coin import flags
from services.coin import spaces as coin_spaces
from services.coin.board import Board
from services.coin.pieces import PieceTable
from services.coin.spaces import NO_CONTROL, ControlRule

from . import data as D
from . import words as W
from .constants import (
    BASE,
    FACTION_IDS,
    GUER_A,
    GUER_U,
    KIND_FACTION,
    KIND_IDS,
    MARKERS,
    MAX_AID,
    MAX_BASES,
    MAX_RESOURCES,
    NKINDS,
    Faction,
    Kind,
    Terrain,
)
from .state import AAState

PIECES: Final = PieceTable(
    KIND_IDS, KIND_FACTION,
    pool=[k - 1 if k in (Kind.FARC_A, Kind.AUC_A, Kind.CARTELS_A) else k
          for k in range(NKINDS)],
    base=BASE, cube=(Kind.TROOPS, Kind.POLICE),
    flip={Kind.FARC_U: Kind.FARC_A, Kind.FARC_A: Kind.FARC_U, Kind.AUC_U: Kind.AUC_A,
          Kind.AUC_A: Kind.AUC_U, Kind.CARTELS_U: Kind.CARTELS_A, Kind.CARTELS_A: Kind.CARTELS_U})
CONTROL: Final = ControlRule(PIECES, 4, controllers=(Faction.GOVT, Faction.FARC))
GOVT: Final[int] = int(Faction.GOVT)
FARC: Final[int] = int(Faction.FARC)
AUC: Final[int] = int(Faction.AUC)
CARTELS: Final[int] = int(Faction.CARTELS)
NONE = NO_CONTROL


def n(st: AAState, s: int, k: int) -> int:
    return st.pieces[s * NKINDS + k]


def on_map(st: AAState, k: int) -> int:
    """The pieces of kind k on the map (only spaces in play hold any)."""
    return sum(st.pieces[k::NKINDS])


def troops(st: AAState, s: int) -> int:
    return st.pieces[s * NKINDS]


def police(st: AAState, s: int) -> int:
    return st.pieces[s * NKINDS + 1]


def cubes(st: AAState, s: int) -> int:
    return st.pieces[s * NKINDS] + st.pieces[s * NKINDS + 1]


def underground(st: AAState, s: int, f: int) -> int:
    return st.pieces[s * NKINDS + GUER_U[f]]


def active(st: AAState, s: int, f: int) -> int:
    return st.pieces[s * NKINDS + GUER_A[f]]


def guerrillas(st: AAState, s: int, f: int) -> int:
    return st.pieces[s * NKINDS + GUER_U[f]] + st.pieces[s * NKINDS + GUER_A[f]]


def adjacent_bits(st: AAState, s: int) -> int:
    """`adjacent` as a bitmask over space indices."""
    return D.ADJ_BITS[st.extras][s]


def all_guerrillas(st: AAState, s: int) -> int:
    p, b = st.pieces, s * NKINDS
    return p[b + 3] + p[b + 4] + p[b + 6] + p[b + 7] + p[b + 9] + p[b + 10]


def bases(st: AAState, s: int, f: int) -> int:
    return st.pieces[s * NKINDS + BASE[f]]


def pieces_of(st: AAState, s: int, f: int) -> int:
    """G.4 pieces(s, f)."""
    return PIECES.of_faction(st, s, f)


def enemies_of(st: AAState, s: int, f: int) -> int:
    """G.5 others(s, f): every piece in s less f's own (each kind has one owner)."""
    return sum(st.pieces[s * NKINDS:(s + 1) * NKINDS]) - pieces_of(st, s, f)


def outnumbers(st: AAState, s: int, f: int) -> bool:
    """G.6 f outnumbers all enemies in s."""
    return CONTROL.outnumbers(st, s, f)


def is_city(s: int) -> bool:
    return D.IS_CITY[s]


def is_dept(s: int) -> bool:
    return D.IS_DEPT[s]


def is_loc(s: int) -> bool:
    return D.IS_LOC[s]


def in_play(st: AAState, s: int) -> bool:
    """AA 1.3.5 Ecuador and Panamá are spaces only once an Event made them so."""
    return bool(D.IN_PLAY_MASK[st.extras] >> s & 1)


def spaces(st: AAState) -> tuple[int, ...]:
    return D.IN_PLAY[st.extras]


def cities_and_depts(st: AAState) -> tuple[int, ...]:
    """The Cities and Departments in play (every space but LoCs)."""
    return D.CITIES_DEPTS[st.extras]


def adjacent(st: AAState, s: int) -> tuple[int, ...]:
    """AA 1.3.6 adjacency (map.json), counting Ecuador/Panamá only once in play."""
    return D.ADJ[st.extras][s]


def is_zone(st: AAState, s: int) -> bool:
    return bool(st.zones >> s & 1)


def is_sabotaged(st: AAState, s: int) -> bool:
    return bool(st.sabotage >> s & 1)


def is_forest(s: int) -> bool:
    return D.TERRAIN[s] == Terrain.FOREST


def is_mountain(s: int) -> bool:
    return D.TERRAIN[s] == Terrain.MOUNTAIN


def control(st: AAState, s: int) -> int:
    """G.7 Control: the Propaganda snapshot while one is fixed, else live (AA-R-02)."""
    if is_loc(s):
        return NONE
    if st.ctl:
        return st.ctl[s]
    return CONTROL.controller(st, s)


def live_control(st: AAState, s: int) -> int:
    return NONE if is_loc(s) else CONTROL.controller(st, s)


def total_support(st: AAState) -> int:
    return coin_spaces.total_support(st, D.POP)


def total_opposition(st: AAState) -> int:
    return coin_spaces.total_opposition(st, D.POP)


def bases_on_map(st: AAState, f: int) -> int:
    return on_map(st, BASE[f])


def opposition_plus_bases(st: AAState) -> int:
    """AA 1.6.3 Total Opposition + FARC Bases on the map."""
    return total_opposition(st) + bases_on_map(st, FARC)


def markers_used(st: AAState) -> int:
    """AA 3.3.4 Terror and Sabotage markers on the map (40 exist)."""
    return sum(st.terror) + bin(st.sabotage).count("1")


def markers_left(st: AAState) -> int:
    return MARKERS - markers_used(st)


def base_room(st: AAState, s: int) -> int:
    """AA 1.4.2 Bases that still fit (never on a LoC; Ecuador 2 per faction elsewhere)."""
    if is_loc(s):
        return 0
    return coin_spaces.base_room(st, PIECES, s, MAX_BASES)


def faction_room(st: AAState, s: int, f: int) -> int:
    """AA 1.4.2 step 4: Ecuador holds at most 2 pieces of each faction."""
    if s == D.ECUADOR:
        return max(0, 2 - pieces_of(st, s, f))
    return 99


def can_place(st: AAState, s: int, kind: int) -> bool:
    """AA 1.4.2 stacking for one more piece of a kind (availability aside)."""
    f = KIND_FACTION[kind]
    if not in_play(st, s) or faction_room(st, s, f) < 1:
        return False
    if f == GOVT and is_zone(st, s):
        return False
    return kind not in BASE or base_room(st, s) > 0


def add_resources(st: AAState, f: int, amount: int) -> int:
    """AA 1.7 Resources stay within 0..99; returns the actual change."""
    new = max(0, min(MAX_RESOURCES, st.resources[f] + amount))
    delta = new - st.resources[f]
    st.resources[f] = new
    return delta


def add_aid(st: AAState, amount: int) -> int:
    new = max(0, min(MAX_AID, st.aid + amount))
    delta = new - st.aid
    st.aid = new
    return delta


def ship_space(code: int) -> int:
    return code // 4


def ship_owner(code: int) -> int:
    return code % 4


def ships_at(st: AAState, s: int, f: int | None = None) -> list[int]:
    """Indices of the Shipments held in a space (by one faction's Guerrillas if given)."""
    return [i for i, c in enumerate(st.ships)
            if c >= 0 and c // 4 == s and (f is None or c % 4 == f)]


has_cap = flags.has_cap  # AA 5.3 (constants.Cap)
has_mom = flags.has_mom  # AA 5.4 (constants.Mom)


class AABoard(Board[AAState]):
    """The Andean Abyss board for the COIN layer's procs: Ecuador and Panamá in play only once
    an Event says so (AA 1.3.5), stacking with FARC Zones and Ecuador's limits (AA 1.4.2)."""

    def in_play(self, st: AAState, s: int) -> bool:
        return in_play(st, s)

    def spaces(self, st: AAState) -> Sequence[int]:
        return spaces(st)

    def adjacent(self, st: AAState, s: int) -> Sequence[int]:
        return adjacent(st, s)

    def can_place(self, st: AAState, s: int, kind: int) -> bool:
        return can_place(st, s, kind)


BOARD: Final[AABoard] = AABoard("aa", D.NAMES, FACTION_IDS, D.POP, PIECES, W.WORDS, W.KINDS,
                                W.KINDS_PLURAL, MAX_BASES)
