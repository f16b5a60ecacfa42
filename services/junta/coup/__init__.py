"""The coup (JU 27-41): start, deployment, order, movement, combat, retreat, sides, aftermath."""

from . import aftermath, combat, movement, retreat, sides, start

PROCS = (*start.PROCS, *movement.PROCS, *combat.PROCS, *retreat.PROCS, *sides.PROCS,
         *aftermath.PROCS)
