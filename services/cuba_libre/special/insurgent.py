"""CL 4.3-4.5 Insurgent Special Activities: Infiltrate, Ambush, Kidnap (26July); Subvert,
Ambush, Assassinate (Directorio); Profit, Muscle, Bribe (Syndicate)."""

from __future__ import annotations

from typing import Any

from services.coin.operations import SaSpec
from services.kernel.flow import Proc

from ..state import CLState

SAS: list[SaSpec[CLState]] = []
PROCS: list[Proc[Any]] = []
