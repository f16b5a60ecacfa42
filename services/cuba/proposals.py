"""The round (CU 4) and phase A, proposals (CU 5.A)."""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .constants import CATEGORY_IDS, NO_LAW, NUMERALS, Phase
from .data import DATA
from .state import CubaState


class RoundProc(Proc[CubaState]):
    """CU 4: six rounds of phases A-E; round 6 ends after phase D (CU 6.1 [CU-G-23])."""

    name = "round"

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        if st.round >= DATA.rounds:
            pop(st)
            return
        st.round += 1
        ctx.emit("cuba.round", f"Round {st.round} begins; seat {st.start_player} starts.",
                 {"round": st.round, "start_player": st.start_player})
        push(st, "final_scoring" if st.round == DATA.rounds else "end_of_round")
        push(st, "decrees")
        push(st, "parliament")
        push(st, "actions")
        push(st, "proposals")


class ProposalsProc(Proc[CubaState]):
    """CU 5.A: the top card of each law deck is turned face up as this round's proposal."""

    name = "proposals"

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        st.phase = Phase.PROPOSALS
        for cat, deck in enumerate(st.law_decks):
            st.proposals[cat] = deck.pop(0) if deck else NO_LAW
        shown = {CATEGORY_IDS[c]: DATA.laws[i].id for c, i in enumerate(st.proposals)
                 if i != NO_LAW}
        ctx.emit("cuba.proposals", "Proposals: " + "; ".join(
            f"{NUMERALS[c]} {DATA.laws[i].name}" for c, i in enumerate(st.proposals)
            if i != NO_LAW) + ".", {"round": st.round, "proposals": shown})
        pop(st)


PROCS: Final[tuple[Proc[CubaState], ...]] = (RoundProc(), ProposalsProc())
