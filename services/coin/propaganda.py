"""§6 Propaganda Round skeleton: a fixed list of phases, each a per-game hook.

The proc `coin.propaganda` runs the phases in order; a phase may push its own
procs (decisions) and they finish before the next phase starts. A phase may end
the round early by setting `v["stop"] = True` (victory, or the final round).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

Phase = Callable[[Ctx, Any, dict[str, Any]], None]


@mypyc_attr(allow_interpreted_subclasses=True)
class PropagandaProc(Proc[Any]):
    name = "coin.propaganda"

    def __init__(self, phases: Sequence[tuple[str, Phase]]) -> None:
        self.phases = list(phases)

    def step(self, ctx: Ctx, st: Any, fr: Frame) -> None:
        v = fr.vars
        i = v.get("i", 0)
        if v.get("stop") or i >= len(self.phases):
            pop(st)
            return
        v["i"] = i + 1
        name, run = self.phases[i]
        ctx.emit("coin.phase", f"Propaganda: {name} phase.", {"phase": name})
        run(ctx, st, v)


def begin_round(ctx: Ctx, st: Any, prefix: str, is_propaganda: Callable[[int], bool],
                ended: int) -> None:
    """§2.4, 6.0 a Propaganda card is played (st: prop_played, final_prop, over, played): it
    counts; right after another Propaganda card it brings no Round, and if it is the final
    one the game ends at once (`st.over = ended`); else the Round runs (`coin.propaganda`)."""
    st.prop_played += 1
    prev = st.played[-2] if len(st.played) >= 2 else 0
    ctx.emit(f"{prefix}.propaganda", f"Propaganda card {st.prop_played} of {st.final_prop}.",
             {"played": st.prop_played})
    if prev and is_propaganda(prev):
        if st.prop_played >= st.final_prop:
            st.over = ended
        return
    push(st, "coin.propaganda")
