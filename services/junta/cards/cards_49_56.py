"""JU 47 political cards 49-56 (`politics_cards.json` order); docstrings are the card texts."""

from __future__ import annotations

from services.kernel.ctx import Ctx

from ..state import JuntaState
from . import effects
from .registry import Play, card


@card(49)
def evt_peasant_strike(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Play before the coup phase: there is a coup excuse this turn."""
    effects.coup_excuse(ctx, st, p)


@card(50)
def evt_student_riot(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Coup only (may start one): place 4 students in university under your control until the coup
    ends. Triggers police response if played in the rebel phase. Each copy has its own
    counters."""
    effects.new_units(ctx, st, p)


@card(51)
def evt_general_strike(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Coup only (may start one): place 4 strikers in industrial_district under your control until
    the coup ends. Triggers police response if played in the rebel phase. Each copy has its
    own counters."""
    effects.new_units(ctx, st, p)


@card(52)
def evt_slum_riot(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Coup only (may start one): place 6 mob in slums under your control until the coup ends.
    Triggers police response if played in the rebel phase. Each copy has its own counters."""
    effects.new_units(ctx, st, p)


@card(53)
def evt_peasant_uprising(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Coup only (may start one): place 4 peasants in market under your control until the coup
    ends. Triggers police response if played in the rebel phase."""
    effects.new_units(ctx, st, p)


@card(54)
def evt_christian_militia(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Coup only (may start one): place 4 christian_militia in cathedral_square under your control
    until the coup ends. Triggers police response if played in the rebel phase."""
    effects.new_units(ctx, st, p)


@card(55)
def evt_helicopter(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Coup only (may start one): place 1 helicopter in air_base under your control until the coup
    ends."""
    effects.new_units(ctx, st, p)


@card(56)
def evt_provincial_pretender(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """Coup only (may start one): place 3 rebel_infantry, 1 tank in railroad_station under your
    control until the coup ends."""
    effects.new_units(ctx, st, p)
