"""CL 3.3 Insurgent Operations: Rally, March, Attack, Terror (26July, Directorio, Syndicate)
and Construct (Syndicate)."""

from __future__ import annotations

from typing import Any

from services.coin.operations import OpSpec
from services.kernel.flow import Proc

from ..state import CLState

OPS: list[OpSpec[CLState]] = []
PROCS: list[Proc[Any]] = []
