"""CL 3-4 Operations and Special Activities on the COIN operation framework: the registry of
every faction's Operations (ops/) and Special Activities (special/), and how the sequence of
play and the Events start them.

A free Operation (CL 3.1.2, 5.5: an Event's, or Launder's) runs in a `coin.op` frame with
`free=True` (no cost), `sa_ok=False` unless the Event grants a Special Activity, and
`only=[spaces]` where the Event restricts the spaces (coin.operations `affordable`).
"""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import OperationProc, OpSelectProc, op_frame
from services.kernel.flow import Proc, push

from . import board as B
from . import data as D
from .constants import FACTION_IDS, OPS, Mom
from .ops import common, govt, insurgent
from .special import govt as sa_govt
from .special import insurgent as sa_insurgent
from .state import CLState
from .words import WORDS

OPERATION: Final = OperationProc([*govt.OPS, *insurgent.OPS], [*sa_govt.SAS, *sa_insurgent.SAS],
                                 D.NAMES, FACTION_IDS, WORDS)
PROCS: Final[list[Proc[Any]]] = [OPERATION, OpSelectProc(OPERATION), *common.PROCS, *govt.PROCS,
                                 *insurgent.PROCS,
                                 *sa_govt.PROCS, *sa_insurgent.PROCS]


def registered(f: int, op: str) -> bool:
    return (f, op) in OPERATION.ops


def can_start(st: CLState, f: int, op: str, limited: bool, free: bool) -> bool:
    """CL 3.1 item 2: whether the Operation can be executed (and paid for) in at least one
    space now, or after a Special Activity executed first (CL 4.1, CL-R-09)."""
    if not registered(f, op):
        return False
    v = op_frame(f, op, limited, free)
    if not OPERATION.spec(v).needs_space:
        return True
    if OPERATION.can_select_any(st, v):
        return True
    if free or (limited and not lim_sa_ok(st, v)):
        return False
    return any(sa.faction == f and sa.allowed(st, v) and OPERATION.opens(st, v, sa)
               for sa in OPERATION.sas)


def lim_sa_ok(st: CLState, v: dict[str, Any]) -> bool:
    """CL 2.3.5: a LimOp has no Special Activity, except a Government LimOp while card 10
    shaded (Momentum) is in play: it may add 1, free (SAs cost nothing but Bribe)."""
    return v["f"] == B.GOVT and B.has_mom(st, Mom.LIMOP_WITH_FREE_SA)


OPERATION.lim_sa_ok = lim_sa_ok


def begin_op(st: CLState, f: int, op: str, limited: bool, free: bool, **extra: Any) -> None:
    """Start an Operation (`extra`: frame vars of a free Operation, see the module doc)."""
    push(st, "coin.op", **op_frame(f, op, limited, free, **extra))


def faction_ops(f: int) -> tuple[str, ...]:
    return OPS[f]
