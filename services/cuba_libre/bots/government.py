"""CL 8.8 the Non-player Government (clgov's module): its chart and its handlers.

Until its boxes are written the chart has none, so the Government Non-player Passes
(8.1.1: no box possible)."""

from __future__ import annotations

from ..constants import Faction
from ..state import CLState
from .flowchart import Chart, Handler


def first_box(st: CLState) -> str:
    """8.8: Momentum overrides, then Train, Garrison, Sweep, Assault."""
    return "train"


CHART: Chart[CLState] = Chart(int(Faction.GOVT), first_box, {})
HANDLERS: dict[str, Handler] = {}
