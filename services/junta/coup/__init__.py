"""The coup (JU 27-41): start, deployment, order, movement, combat, retreat, sides, aftermath."""

from services.kernel.flow import Proc

from ..state import JuntaState
from . import aftermath, combat, movement, retreat, sides, start

PROCS: tuple[Proc[JuntaState], ...] = (*start.PROCS, *movement.PROCS, *combat.PROCS,
                                       *retreat.PROCS, *sides.PROCS, *aftermath.PROCS)
