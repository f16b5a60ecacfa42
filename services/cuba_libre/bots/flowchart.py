"""CL 8.1.1 running a Non-player flowchart: the shared charts (coin.bots.flowchart) on the
Cuba Libre state. Each faction's `Chart` carries its own "IF NONE" arrows (8.5-8.8), and
each faction module its `HANDLERS`: decision kind -> the box that answers it."""

from __future__ import annotations

from collections.abc import Callable

from services.coin.bots.flowchart import Box, Chart, TierFn, Tiers, first_tier
from services.kernel.decisions import Decision

from ..state import CLState

__all__ = ["Box", "Chart", "Handler", "TierFn", "Tiers", "first_tier"]

Handler = Callable[[CLState, Decision, int], str]
