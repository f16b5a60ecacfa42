"""AA 8.1.1 running a Non-player flowchart: the shared charts (coin.bots.flowchart) with
Andean Abyss's "if none" arrows (AA-R-23)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from mypy_extensions import mypyc_attr

from services.coin.bots.flowchart import Box, Tiers, first_tier
from services.coin.bots.flowchart import Chart as CoinChart

from ..state import AAState

__all__ = ["PARENT", "Box", "Chart", "Tiers", "first_tier", "unmoved"]

PARENT: Final[Mapping[str, str | None]] = {"attack": "march", "terror": "march", "march": "rally",
                                           "rally": None}  # AA-R-23


@mypyc_attr(native_class=False)  # as its base (decision 0015)
@dataclass(frozen=True)
class Chart(CoinChart[AAState]):
    """A faction's flowchart (8.5-8.7), its arrows AA's."""

    fallback: Mapping[str, str | None] = field(default_factory=lambda: PARENT)


def unmoved(v: dict[str, Any], o: int) -> int:
    """Guerrillas that arrived in o during this March (each moves once, AA 3.3.2)."""
    arrived = v.get("arrived")
    return arrived[o] if arrived else 0
