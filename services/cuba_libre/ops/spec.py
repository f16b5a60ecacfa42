"""CL 3.3 what every insurgent Operation spec shares: it belongs to one faction, costs 1 per
space unless its rule says otherwise, and takes one space as a LimOp (CL 2.3.5) or at most
`most` spaces when an Event's free Operation says so (CL 5.5)."""

from __future__ import annotations

from typing import Any

from services.coin.operations import OpSpec

from ..state import CLState


class InsurgentOp(OpSpec[CLState]):
    def __init__(self, faction: int) -> None:
        self.faction = faction

    def cost(self, st: CLState, v: dict[str, Any], s: int) -> int:
        return 1

    def max_spaces(self, st: CLState, v: dict[str, Any]) -> int:
        return int(v.get("most", 1 if v["lim"] else 99))
