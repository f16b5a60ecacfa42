"""What the insurgent Special Activities share (CL 4.1): the Operations each may accompany, the
proc that runs it, and the Operation it runs beside — the innermost `coin.op`, or the empty one
`coin.operations.push_sa` gives a free SA granted by an Event (CL 5.5)."""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import SaSpec
from services.kernel.ctx import Ctx
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from ..constants import INSURGENTS
from ..ops.insurgent import Terror
from ..state import CLState

NO_OP: Final[dict[str, Any]] = {"op": "", "spaces": []}


class InsurgentSa(SaSpec[CLState]):
    """An SA that accompanies the Operations `with_ops` (empty: any, CL 4.5.4 Bribe) and runs as
    the proc `cl.<name>`; `can(st, f, op)` says whether it has something to do now."""

    with_ops: tuple[str, ...] = ()

    def __init__(self, faction: int) -> None:
        self.faction = faction

    def can(self, st: CLState, f: int, op: dict[str, Any]) -> bool:
        return False

    def allowed(self, st: CLState, op: dict[str, Any]) -> bool:
        if self.with_ops and op["op"] not in self.with_ops:
            return False
        return self.can(st, self.faction, op)

    def begin(self, ctx: Ctx, st: CLState, op: dict[str, Any]) -> None:
        push(st, f"cl.{self.name}", f=self.faction, sa=self.name)


def op_of(st: CLState, fr: Frame) -> dict[str, Any]:
    """The Operation the SA of frame `fr` accompanies (an Event's free SA: none, `NO_OP`)."""
    if "op" in fr.vars:
        op: dict[str, Any] = fr.vars["op"]
        return op
    return next((f.vars for f in reversed(st.stack) if f.proc == "coin.op"), NO_OP)


class SaProc(Proc[CLState]):
    """The proc of an SA (`cl.<sa>`): with nothing left to choose it ends, handing its name
    to the Operation beside it (`sa`, CL 4.1: one SA per Operation)."""

    sa = ""

    def end(self, st: CLState) -> None:
        pop(st, sa=self.sa)

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        self.end(st)


TERRORS: Final = {int(f): Terror(int(f)) for f in INSURGENTS}


def terror_target(st: CLState, f: int, fr: Frame, s: int) -> int:
    """CL 4.1.1, CL-R-09: whether an SA tied to a Terror space (Kidnap, Assassinate) may be
    executed in s: -1 if not, else what the Terror there still costs (0 once selected): a space
    the Terror has selected, or one it may still select, after the SA. An Event's free SA: its
    spaces (`only`) where the faction has a Guerrilla."""
    op = op_of(st, fr)
    if op["op"] != "terror":
        only = fr.vars.get("only")
        return 0 if (only is None or s in only) and B.guerrillas(st, s, f) else -1
    if s in op["spaces"]:
        return 0
    spec = TERRORS[f]
    if (len(op["spaces"]) >= spec.max_spaces(st, op) or not spec.selectable(st, op, s)
            or (op.get("only") is not None and s not in op["only"])):
        return -1
    return 0 if op["free"] else spec.cost(st, op, s)


def select_terror_after(st: CLState, fr: Frame, s: int) -> None:
    """CL-R-09: the SA ran first in s; the Terror now selects (and pays for) it. Call after the
    SA's frame is popped."""
    op = op_of(st, fr)
    if op["op"] == "terror" and s not in op["spaces"]:
        push(st, "coin.op_select", s=s)
