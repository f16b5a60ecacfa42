"""AA 3-4 Operations and Special Activities on the COIN operation framework."""

from __future__ import annotations

from typing import Any

from services.coin.operations import OperationProc, op_frame
from services.kernel.flow import Proc, push

from . import board as B
from . import data as D
from .constants import FACTION_IDS, OPS
from .ops import common, govt, insurgent
from .special import govt as sa_govt
from .special import insurgent as sa_insurgent
from .state import AAState

OPERATION = OperationProc([*govt.OPS, *insurgent.OPS], sa_govt.SAS + sa_insurgent.SAS, D.NAMES,
                          FACTION_IDS)
PROCS: list[Proc[Any]] = [OPERATION, *common.PROCS, *govt.PROCS, *insurgent.PROCS,
                          *sa_govt.PROCS, *sa_insurgent.PROCS]
INCOME_SAS: dict[int, str] = {B.FARC: "extort", B.AUC: "extort", B.CARTELS: "process"}


def can_start(st: AAState, f: int, op: str, limited: bool, free: bool) -> bool:
    """Whether the Operation can be executed in at least one space now (AA 3.1, 4.1:
    an Insurgent may first earn what it needs with Extort or Process)."""
    v = op_frame(f, op, limited, free)
    spec = OPERATION.spec(v)
    if op == "patrol":
        return free or st.resources[f] >= govt.COST
    if OPERATION.can_select_any(st, v):
        return True
    if limited or free or f not in INCOME_SAS:
        return False
    if not OPERATION.any_sa(st, v, INCOME_SAS[f]):
        return False
    return any(spec.selectable(st, v, s) for s in spec.candidates(st, v))


def begin_op(st: AAState, f: int, op: str, limited: bool, free: bool, **extra: Any) -> None:
    push(st, "coin.op", **op_frame(f, op, limited, free, **extra))


def faction_ops(f: int) -> tuple[str, ...]:
    return OPS[f]
