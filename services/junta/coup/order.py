"""JU 29 Coup order: participants, the phase order (anchored to the Rebel Leader's seat, JU
29.6), and JU 30 who is a rebel."""

from __future__ import annotations

from services.kernel.ctx import Ctx

from ..families import in_order, left_of, name, president
from ..state import Coup, JuntaState


def coup_of(st: JuntaState) -> Coup:
    assert st.coup is not None
    return st.coup


def participants(st: JuntaState) -> list[int]:
    """JU 29.3: the active families (exiles and the dead are skipped)."""
    return in_order(st, coup_of(st).leader)


def phase_order(st: JuntaState) -> list[int]:
    """JU 29.3: the rebel phase from the Rebel Leader; coup phase k from the k-th participant
    clockwise after him; then clockwise."""
    coup = coup_of(st)
    if coup.phase == 0:
        return in_order(st, coup.leader)
    after = in_order(st, left_of(st, coup.leader))
    if not after:
        return []
    return in_order(st, after[(coup.phase - 1) % len(after)])


def may_act(st: JuntaState, f: int) -> bool:
    """JU 30.2: in the rebel phase the President may not act."""
    return coup_of(st).phase != 0 or f != president(st)


def make_rebel(ctx: Ctx, st: JuntaState, f: int) -> None:
    """JU 30.1 [G 46]: acting in the rebel phase makes a rebel (recorded for JU 41)."""
    coup = st.coup
    if coup is None or coup.phase != 0 or f == president(st) or f in coup.rebels:
        return
    coup.rebels.append(f)
    coup.rebels.sort()
    ctx.emit("junta.rebel", f"{name(st, f)} acts in the rebel phase: he is a rebel.",
             {"player": f})
