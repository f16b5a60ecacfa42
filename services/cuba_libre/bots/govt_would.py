"""CL 8.0 "hypothetical tests are evaluated by a dry run of the box's own procedure on a copy
of the state": what the Government's Assault or Sweep box would do, found by running it on a
copy of the whole state (the Non-players deciding, as they would) — `assault_pays` (8.8),
the Momentum overrides Armored Cars, Sánchez Mosquera and Rolando Masferrer (8.8.1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from services.coin.bots.driver import copy_state
from services.kernel.ctx import Ctx

from .. import board as B
from .. import data as D
from ..constants import BASE, GUER_U, Mom, Terrain
from ..operations import begin_op
from ..state import CLState
from .govt_common import DR, ENEMIES, GOVT, M26

PAYING_ASSAULT: Final = 3  # CL 8.8 assault_pays: 3+ Guerrillas
BIG_ASSAULT: Final = 4  # CL 8.8.1 Armored Cars, Sánchez Mosquera: a 26July Base or 4+ Guerrillas
MASFERRER_ACTIVATIONS: Final = 4  # CL 8.8.1 Rolando Masferrer
MOUNTAINS: Final = [s for s in D.PROVINCES if D.TERRAIN[s] == Terrain.MOUNTAIN]


@dataclass(frozen=True)
class Result:
    """What an Operation did: spaces it brought under Government Control, 26July and DR
    Bases removed (26July's apart), Guerrillas removed, and Underground Guerrillas no longer
    Underground (Activated, then perhaps removed)."""

    control: int
    bases: int
    m26_bases: int
    guerrillas: int
    activated: int


def bases_of(st: CLState, f: int) -> int:
    return sum(B.n(st, s, BASE[f]) for s in range(D.NS))


def result(before: CLState, after: CLState) -> Result:
    gained = sum(1 for s in D.POPULATED if B.live_control(before, s) != GOVT
                 and B.live_control(after, s) == GOVT)
    m26 = bases_of(before, M26) - bases_of(after, M26)
    dr = bases_of(before, DR) - bases_of(after, DR)
    guer = sum(B.guerrillas(before, s, f) - B.guerrillas(after, s, f)
               for s in range(D.NS) for f in ENEMIES)
    hidden = sum(B.n(before, s, GUER_U[f]) - B.n(after, s, GUER_U[f])
                 for s in range(D.NS) for f in ENEMIES)
    return Result(gained, m26 + dr, m26, guer, hidden)


def can_pay(st: CLState) -> bool:
    return st.resources[GOVT] >= B.coin_op_cost(st)


def dry_run(st: CLState, op: str, **extra: Any) -> Result:
    """The Government's `op` box run on a copy of the state (paid as usual, `extra` the
    Operation's frame vars: no SA, only some spaces), its result."""
    from . import PROCEDURE  # the procedure bound to the flow (bots/__init__)
    np = PROCEDURE.bound()
    trial: CLState = copy_state(st)
    depth = len(trial.stack)
    begin_op(trial, GOVT, op, False, False, **extra)
    np.run_until(Ctx(), trial, lambda s: len(s.stack) <= depth)
    return result(st, trial)


def assault_pays(st: CLState) -> bool:
    """CL 8.8: an Assault without SA within the budget (the box's spaces) gains Government
    Control of a space, removes a 26July or DR Base, or removes 3+ Guerrillas in all."""
    if not can_pay(st):
        return False
    r = dry_run(st, "assault", sa_ok=False)
    return bool(r.control or r.bases or r.guerrillas >= PAYING_ASSAULT)


def big(r: Result) -> bool:
    """CL 8.8.1: a 26July Base or 4+ Guerrillas removed."""
    return r.m26_bases > 0 or r.guerrillas >= BIG_ASSAULT


def armored_cars(st: CLState) -> bool:
    """CL 8.8.1 Armored Cars (card 1 shaded): the Assault box, bringing Troops from anywhere,
    takes a 26July Base or 4+ Guerrillas."""
    return B.has_mom(st, Mom.ASSAULT_BRINGS_TROOPS) and can_pay(st) \
        and big(dry_run(st, "assault", sa_ok=False))


def sanchez_mosquera(st: CLState) -> bool:
    """CL 8.8.1 Sánchez Mosquera (card 6 shaded): so in Mountain Provinces."""
    return B.has_mom(st, Mom.ASSAULT_MOUNTAIN_AS_CITY) and can_pay(st) \
        and big(dry_run(st, "assault", sa_ok=False, only=MOUNTAINS))


def masferrer_pays(st: CLState) -> bool:
    """CL 8.8.1 Rolando Masferrer (card 5 shaded): the Sweep box with the free Assault as its
    SA removes a 26July Base or Activates 4+ Guerrillas."""
    r = dry_run(st, "sweep")
    return r.m26_bases > 0 or r.activated >= MASFERRER_ACTIVATIONS
