"""AA 5.3-5.4 Capability and Momentum flags: card, side, duration, and where each is read.

| flag | card / side | lasts | consulted in |
|---|---|---|---|
| Cap.C1_U / C1_S | 1 unshaded / shaded | game | ops/govt.civic_ok, propaganda.CivicProc |
| Cap.C2_U / C2_S | 2 | game | ops/govt.Sweep cost / one_space_per_card |
| Cap.C3_U / C3_S | 3 | game | ops/govt.Assault cost / one_space_per_card |
| Cap.C7_U / C7_S | 7 | game | propaganda.control_phase, sabotage_candidates |
| Cap.C9_U / C9_S | 9 | game | ops/govt.assault_rate |
| Cap.C10_U / C10_S | 10 | game | special/govt.air_lift_max |
| Cap.C11_U / C11_S | 11 | game | ops/govt.SweepMoveProc, sweep_rate |
| Cap.C13_U / C13_S | 13 | game | ops/govt.PatrolAssaultProc |
| Mom.M12 | 12 shaded | to Reset | special/govt.AirStrike, ops/govt.Patrol.finish |
| Mom.M17 | 17 shaded | to Reset | ops/govt.Sweep, Assault |
| Mom.M22 | 22 shaded | to Reset | propaganda.agitation_ok |
| Mom.M27 | 27 shaded | to Reset | special/govt.sa_space_ok |
| Mom.SEIZE | 42 shaded | to Reset | ops/common.protected |
| Mom.M67 | 67 shaded | to Reset | propaganda.resources_phase |
"""

from __future__ import annotations

from services.coin import flags
from services.coin.effects import Do, Vars

from .. import board as B
from ..constants import Cap, Mom
from ..state import AAState


def capability(cap: Cap) -> Do:
    """AA 5.3 a Government Capability for the rest of the game."""
    return flags.capability(B.BOARD, cap, "unshaded" if cap.name.endswith("_U") else "shaded")


def momentum(mom: Mom) -> Do:
    """AA 5.4 Insurgent Momentum until the next Reset phase (card 42 remembers its player)."""
    return flags.momentum(B.BOARD, mom, _seize if mom == Mom.SEIZE else None)


def _seize(st: AAState, v: Vars) -> None:
    st.mom_seize = v["f"]
