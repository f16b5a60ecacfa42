"""What the Cuba Libre Operations and Special Activities share: paying for a space as CL-R-09
says, and the vars a free Operation granted by an Event (CL 3.1.2, 5.5) may carry."""

from __future__ import annotations

from typing import Any

from .. import board as B
from ..state import CLState


def coin_cost(st: CLState, v: dict[str, Any]) -> int:
    """CL 3.2, 6.3.1: a COIN Operation costs 2 / 3 / 4 per space by the US Alliance (0 when
    free, CL 3.1.2)."""
    return 0 if v["free"] else B.coin_op_cost(st)
