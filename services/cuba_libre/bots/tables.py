"""CL chapter 8 tables: `random_pick` over the random City/Province table (8.2) and the
random EC table (8.3) (map.json substitutes, CL-D-04, CL-D-05), the enemy orders, and piece
classes for 8.1.2."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from services.coin.bots.random_pick import die, equal_chance

from .. import board as B
from .. import data as D
from .. import random_tables as RT
from ..constants import KIND_FACTION, KIND_IDS
from ..state import CLState


def pick(st: CLState, candidates: Iterable[int]) -> int:
    """CL 8.0 `random_pick`: Cities/Provinces by the 8.2 table (green, yellow), ECs by the 8.3
    table; a mixed set by 8.2 on its Cities/Provinces; the dice from the game's PRNG."""
    cand = sorted(set(candidates))
    if not cand:
        raise ValueError("random_pick of nothing")
    if len(cand) == 1:
        return cand[0]
    populated = [s for s in cand if not D.IS_EC[s]]
    if populated:
        green, yellow = die(st.rng), die(st.rng)
        got = RT.random_space(green, yellow, lambda s: s in populated)
    else:
        got = RT.random_ec(die(st.rng), lambda s: s in cand)
    assert got is not None
    return got


def pick_order(st: CLState, candidates: Iterable[int]) -> list[int]:
    """8.2 "then roll again for the next space": spaces one at a time by `random_pick`."""
    left = sorted(set(candidates))
    out: list[int] = []
    while left:
        s = pick(st, left)
        out.append(s)
        left.remove(s)
    return out


def pick_one(st: CLState, items: Sequence[str]) -> str:
    """8.0 anything but spaces: a uniform choice by the PRNG in canonical order."""
    return equal_chance(st.rng, list(items))


def klass(kind: str) -> str:
    """8.1.2 the class of a piece kind id: base (Casinos too), police, troops, underground,
    active."""
    if kind.endswith("base") or kind.startswith("casino"):
        return "base"
    return kind.rsplit("_", 1)[-1]


P4_ORDER: Final[tuple[str, ...]] = ("base", "police", "troops", "underground", "active")


def p4_order(took: Sequence[int] = ()) -> tuple[str, ...]:
    """8.1.2 P4 within a faction, by `klass`: Bases, then cubes alternately Police first
    (Police, Troop, Police, ...: Troops first while more Police than Troops are among the
    kinds the removal `took` so far; the other type when one runs out), then Underground
    Guerrillas, then Active ones."""
    taken = [klass(KIND_IDS[k]) for k in took]
    if taken.count("police") > taken.count("troops"):
        return ("base", "troops", "police", "underground", "active")
    return P4_ORDER


REMOVE_OWN: Final[tuple[str, ...]] = ("active", "underground", "troops", "police", "base")
"""8.1.2 P5 removing or replacing own pieces, by `klass`: Active Guerrillas before
Underground ones, Troops before Police (Bases, which P5 does not name, last)."""


def p4_rank(kind: str, within: Sequence[str] = P4_ORDER) -> int:
    """8.1.2 P4: the place of a piece kind id's class in `within` (`P4_ORDER`, `p4_order`)."""
    k = klass(kind)
    return within.index(k) if k in within else len(within)


def owner(kind: str) -> int:
    return KIND_FACTION[KIND_IDS.index(kind)]


def player_factions(st: CLState) -> list[int]:
    return [f for f in range(4) if st.seat_of[f] >= 0]


def enemies(st: CLState, f: int) -> list[int]:
    """8.1.2 "players before bots": the other factions, those a player runs first."""
    others = [g for g in range(4) if g != f]
    return sorted(others, key=lambda g: st.seat_of[g] < 0)


def beneficiaries(st: CLState, f: int) -> list[list[int]]:
    """CL 8.4.4 item 1 (CL-R-37): itself; else another Non-player; else another faction."""
    others = [g for g in range(4) if g != f]
    return [[f], [g for g in others if st.seat_of[g] < 0], others]


GOVT: Final = B.GOVT
M26: Final = B.M26
DR: Final = B.DR
SYNDICATE: Final = B.SYNDICATE
