"""CL 8.8.5 the Non-player Government's Assault box: which spaces (by what an Assault would
take in each, tried on a copy of its pieces), and which pieces each removal takes. Whether
the whole box would pay (8.8, 8.8.1) is a dry run of the Operation: govt_would."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..casinos import RULES
from ..constants import BASE, GUER_A, NKINDS, Kind, Mom
from ..ops.govt import assault_ok
from ..state import CLState
from .cash import releases_cash
from .govt_common import (
    ENEMIES,
    GOVT,
    M26,
    SYNDICATE,
    cheap_copy,
    frame_vars,
    pav,
    removal_key,
    spare,
    target_order,
)

Tiers = list[list[int]]


@dataclass
class Removal:
    """What a dry-run Assault (or Air Strike) takes in one space."""

    guerrillas: int = 0
    m26_guerrillas: int = 0
    bases: int = 0  # 26July and DR Bases
    m26_bases: int = 0
    casinos: int = 0  # open Casinos closed
    cash: int = 0  # Cash the Government takes (Confiscation)
    control: bool = False  # Government Control gained

    @property
    def total(self) -> int:
        return self.guerrillas + self.bases + self.casinos


def assault_order(st: CLState) -> tuple[Sequence[int], bool]:
    """CL 8.8.5: pieces of 26July, then DR, then the Syndicate; open Casinos first when the
    Syndicate is a player at victory (step 2)."""
    return ENEMIES, pav(st, SYNDICATE)


def base_target(st: CLState, s: int, f: int) -> bool:
    """Air Strike (CL 8.8.3) first test: f's Base, or an open Casino, with no f Guerrilla."""
    if B.guerrillas(st, s, f):
        return False
    return bool(B.n(st, s, Kind.CASINO_OPEN)) if f == SYNDICATE else bool(B.n(st, s, BASE[f]))


def active_by_cube(st: CLState, s: int, f: int) -> bool:
    return B.active(st, s, f) > 0 and B.cubes(st, s) > 0


def last_active(st: CLState, s: int, f: int) -> bool:
    return B.active(st, s, f) == 1 and B.underground(st, s, f) == 0


STRIKE_TESTS = (base_target, active_by_cube, last_active)  # CL 8.8.3 Air Strike, in order


def strike_kind(st: CLState, s: int, kinds: Sequence[int]) -> int | None:
    """CL 8.8.3 Air Strike (CL-R-45): the piece the test that names s takes: a Base or Casino,
    else an Active Guerrilla where a cube is, else a faction's last Active Guerrilla; factions
    `pav`, 26July, DR, Syndicate."""
    for test in STRIKE_TESTS:
        for f in target_order(st):
            if test(st, s, f):
                k = (Kind.CASINO_OPEN if f == SYNDICATE else BASE[f]) if test is base_target \
                    else GUER_A[f]
                if k in kinds:
                    return k
    return None


def pick_removal(st: CLState, s: int, kinds: Sequence[int], mode: str) -> int:
    """The kind the Government removes next in s (CL 8.1.2 P4 with the box's faction order;
    an Air Strike by the test that chose its space)."""
    if mode == "air_strike":
        k = strike_kind(st, s, kinds)
        if k is not None:
            return k
    order, casinos = (target_order(st), False) if mode == "air_strike" else assault_order(st)
    return min(kinds, key=lambda k: removal_key(st, s, k, order, casinos))


def sim_removals(st: CLState, s: int, n: int, mode: str = "assault", extra_troops: int = 0) \
        -> Removal:
    """A dry run of n removals in s, piece by piece as the box takes them."""
    c = cheap_copy(st)
    if extra_troops:
        c.pieces[s * NKINDS + Kind.TROOPS] += extra_troops
        n = B.assault_removals(c, s)
    before = B.live_control(c, s)
    r = Removal()
    for _ in range(n):
        kinds = RULES.removable(c, s, GOVT, mode)
        if not kinds:
            break
        k = pick_removal(c, s, kinds, mode)
        if releases_cash(c, s, k):
            r.cash += len([i for i in B.cash_in(c, s) if B.cash_holder(c.cash[i]) == k])
        if k == Kind.CASINO_OPEN:
            B.close_casino(c, s)
            r.casinos += 1
            continue
        B.PIECES.remove(c, s, k)
        if k in (BASE[M26], BASE[B.DR]):
            r.bases += 1
            r.m26_bases += k == BASE[M26]
        else:
            r.guerrillas += 1
            r.m26_guerrillas += k == GUER_A[M26]
    r.control = before != GOVT and B.live_control(c, s) == GOVT
    return r


def removable_count(st: CLState, s: int) -> int:
    """Every enemy piece an Assault could take in s with cubes enough (Active Guerrillas;
    Bases and open Casinos of factions with no Guerrilla there)."""
    n = 0
    for f in ENEMIES:
        n += B.active(st, s, f)
        if not B.guerrillas(st, s, f):
            n += B.n(st, s, Kind.CASINO_OPEN) if f == SYNDICATE else B.n(st, s, BASE[f])
    return n


def troops_pool(st: CLState, s: int, v: dict[str, Any]) -> int:
    """Card 1 shaded: Troops that could come from other spaces, none losing Control."""
    return sum(spare(st, o, Kind.TROOPS) for o in range(D.NS)
               if o != s and o not in v.get("spaces", []))


def capacity(st: CLState, s: int, v: dict[str, Any]) -> Removal:
    """The dry run of the Assault in s (card 1 shaded: with the Troops it would bring)."""
    if B.has_mom(st, Mom.ASSAULT_BRINGS_TROOPS):
        return sim_removals(st, s, 0, extra_troops=troops_needed(st, s, troops_pool(st, s, v)))
    return sim_removals(st, s, B.assault_removals(st, s))


def troops_needed(st: CLState, s: int, most: int) -> int:
    """Troops to bring (at most `most`) so that the Assault can take every enemy piece."""
    c = cheap_copy(st)
    i = s * NKINDS + Kind.TROOPS
    n = 0
    while n < most and B.assault_removals(c, s) < removable_count(c, s):
        c.pieces[i] += 1
        n += 1
    return n


def grouped(scores: dict[int, int]) -> Tiers:
    """Spaces by score, highest first (scores above 0)."""
    return [[s for s, g in scores.items() if g == top]
            for top in sorted({g for g in scores.values() if g > 0}, reverse=True)]


def assault_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """CL 8.8.5 steps 2-3: the most open Casinos closed (Syndicate a player at victory); the
    most 26July or DR Bases; Cash taken; the most Guerrillas."""
    chosen = v.get("spaces", [])
    cands = [s for s in range(D.NS) if s not in chosen and assault_ok(st, v, s)]
    runs = {s: capacity(st, s, v) for s in cands}
    tiers: Tiers = []
    if pav(st, SYNDICATE):
        tiers += grouped({s: r.casinos for s, r in runs.items()})
    tiers += grouped({s: r.bases for s, r in runs.items()})
    tiers.append([s for s, r in runs.items() if r.cash])
    tiers += grouped({s: r.guerrillas for s, r in runs.items()})
    return tiers


def remove_piece(st: CLState, d: Decision, f: int) -> str | None:
    """The piece an Assault or Air Strike of the Government removes (None: another rule's
    removal, for the generic choice)."""
    v = frame_vars(st, "cl.remove")
    if v.get("mode") not in ("assault", "air_strike"):
        return None
    kinds = {}
    for o in d.options:
        name = o.args.get("piece")
        if name is not None:
            kinds[B.PIECES.index[name]] = o.id
    if not kinds:
        return None
    return kinds[pick_removal(st, v["s"], list(kinds), v["mode"])]

