"""Game end (CU 6): +2 VP per building, most VP wins, ties on money, then shared."""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.flow import Proc, pop
from services.kernel.outcome import Outcome, ranked
from services.kernel.state import Frame

from .constants import Phase
from .data import DATA
from .economy import score
from .laws import buildings_owned
from .state import CubaState


class FinalScoringProc(Proc[CubaState]):
    """CU 6.1-6.2: after phase D of round 6, each building tile scores 2 VP."""

    name = "final_scoring"

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        st.phase = Phase.GAME_OVER
        bonus = {}
        for seat in range(st.seats):
            vp = DATA.vp_per_building * buildings_owned(st, seat)
            score(st, seat, vp)
            bonus[str(seat)] = vp
        ctx.emit("cuba.final_scoring", f"Buildings score {DATA.vp_per_building} VP each: "
                 + ", ".join(f"seat {s} +{v} VP" for s, v in bonus.items()) + ".",
            {"building_vp": bonus, "vp": {str(s): p.vp for s, p in enumerate(st.players)},
             "money": {str(s): p.money for s, p in enumerate(st.players)}})
        pop(st)


def outcome(st: CubaState) -> Outcome:
    """CU 6.3 [CU-G-20]: rank by VP, then pesos; still tied -> shared rank."""
    return ranked([p.vp for p in st.players], [[p.money for p in st.players]],
                  summary="Most VP wins; ties go to the most pesos.")


PROCS: Final[tuple[Proc[CubaState], ...]] = (FinalScoringProc(),)
