"""CL 6 Propaganda Rounds: Victory (6.1), Resources (6.2), Support (6.3), Redeploy (6.4),
Reset (6.5); the final round ends after its Support phase (6.3.5); a Propaganda card right
after another brings no round, and ends the game at once if it is the final one (6.0,
CL-R-21)."""

from __future__ import annotations

from typing import Any

from services.coin.propaganda import PropagandaProc, begin_round
from services.kernel.ctx import Ctx
from services.kernel.flow import Proc

from . import board as B
from . import data as D
from .constants import GUER_A, GUER_U, INSURGENTS, NO_CASH, Kind
from .state import CLState
from .victory import victory_phase_winners

GAME_WON, GAME_FINAL, GAME_TWO_IN_A_ROW = 1, 2, 3  # CLState.over


def begin_propaganda(ctx: Ctx, st: CLState) -> None:
    """CL 2.4, 6.0: a Propaganda card starts a round, unless it follows another (CL-R-21)."""
    begin_round(ctx, st, "cl", D.is_propaganda, GAME_TWO_IN_A_ROW)


def is_final_round(st: CLState) -> bool:
    """CL 2.4.1: the fourth Propaganda card's round is the final one."""
    return st.prop_played >= st.final_prop


def victory_phase(ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
    """CL 6.1: the game ends if every faction of one seat meets its condition (CL 7.2; the
    solitaire player never wins here, CL 8.9)."""
    winners = victory_phase_winners(st)
    if winners:
        st.over, v["stop"] = GAME_WON, True
        ctx.emit("cl.victory", "Victory phase: the game ends.", {"seats": winners})


def game_end(ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
    """CL 6.3.5: the final round ends after its Support phase."""
    if is_final_round(st):
        st.over, v["stop"] = GAME_FINAL, True
        ctx.emit("cl.game_end", "The final Propaganda Round ends the game (CL 6.3.5).", {})


def reset_phase(ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
    """CL 6.5: every faction Eligible; Terror and Sabotage removed; Momentum discarded; every
    Guerrilla Underground and every Casino open; the next card follows (coin.deck)."""
    st.eligible = [True] * 4
    st.terror = [0] * D.NS
    st.sabotage = 0
    st.mom = 0
    for s in range(D.NS):
        for f in INSURGENTS:
            B.PIECES.flip_to(st, s, GUER_U[f], B.active(st, s, f))
        while B.n(st, s, Kind.CASINO_CLOSED):
            B.open_casino(st, s)
    # Cash under a flipped Guerrilla stays under it (CL 4.5.2)
    st.cash = [c if c == NO_CASH or B.cash_holder(c) not in GUER_A else
               B.cash_code(B.cash_space(c), GUER_U[GUER_A.index(B.cash_holder(c))])
               for c in st.cash]
    ctx.emit("cl.reset", "Reset: all factions Eligible, markers removed, Momentum ended, "
             "Guerrillas Underground, Casinos open.", {})


PHASES = [("Victory", victory_phase), ("Game end", game_end), ("Reset", reset_phase)]
PROCS: list[Proc[Any]] = [PropagandaProc(PHASES)]
