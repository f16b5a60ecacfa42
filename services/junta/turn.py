"""JU 12 A turn in the life of the Republic: the nine political phases, JU 13 the end of the
game, JU 42 the end of the turn (lunch banking, returns from exile, clean-up)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.flow import Proc, push
from services.kernel.state import Frame

from .bank import start_banking
from .budget import draw_aid, game_ends_now
from .cabinet import can_resign, start_assignment
from .constants import NOBODY, PHASE_IDS, Bank, Phase, Status
from .coup.start import offer_order
from .deals import new_phase
from .election import elect, vacancy_chair
from .exile import exiles
from .families import president
from .phase1 import draw_cards, family_returns, hand_limit_order
from .state import JuntaState


def enter(ctx: Ctx, st: JuntaState, phase: Phase) -> None:
    st.phase = phase
    new_phase(ctx, st)
    ctx.emit("junta.phase", f"Turn {st.turn}, phase {int(phase)}: {PHASE_IDS[phase]}.",
             {"turn": st.turn, "phase": int(phase), "name": PHASE_IDS[phase]})


def phase1_start(ctx: Ctx, st: JuntaState) -> None:
    """JU 14.1: the dead and (if nobody is eligible) the exiles come back; a vacant
    presidency is filled (JU 9.1e)."""
    st.turn += 1
    enter(ctx, st, Phase.DRAW)
    family_returns(ctx, st)
    if president(st) == NOBODY:
        elect(st, vacancy_chair(st))


def phase1_draw(ctx: Ctx, st: JuntaState) -> None:
    """JU 14.2-14.3: draw, then the open window closed by readiness."""
    draw_cards(ctx, st)
    push(st, "ready")


def phase1_limit(ctx: Ctx, st: JuntaState) -> None:
    push(st, "hand_limit", order=hand_limit_order(st), i=0)


def phase2(ctx: Ctx, st: JuntaState) -> None:
    """JU 15.1 [G 47]: resignation, then the Incompetence Motion, then the assignment."""
    enter(ctx, st, Phase.CABINET)
    push(st, "brother_in_law")
    push(st, "assign_start")
    push(st, "motion_window")
    if can_resign(st):
        push(st, "resign")


def phase3(ctx: Ctx, st: JuntaState) -> None:
    """JU 13, JU 16."""
    enter(ctx, st, Phase.AID)
    why = game_ends_now(st)
    if why:
        st.phase = Phase.OVER
        st.over = True
        st.stack.clear()
        ctx.emit("junta.game_end", f"The game ends: {why} (JU 13).", {"why": why})
        return
    draw_aid(ctx, st)


def phase4(ctx: Ctx, st: JuntaState) -> None:
    enter(ctx, st, Phase.BUDGET)
    push(st, "budget")


def phase5(ctx: Ctx, st: JuntaState) -> None:
    enter(ctx, st, Phase.LOCATIONS)
    push(st, "locations")


def phase6(ctx: Ctx, st: JuntaState) -> None:
    enter(ctx, st, Phase.ASSASSINATION)
    push(st, "assassination")


def phase7(ctx: Ctx, st: JuntaState) -> None:
    """JU 23 banking if the bank is open; then the resignation window (JU 26)."""
    enter(ctx, st, Phase.BANK)
    if can_resign(st):
        push(st, "resign")
    if st.bank == Bank.OPEN:
        push(st, "bank", **start_banking(st))


def phase8(ctx: Ctx, st: JuntaState) -> None:
    """JU 27. The excuse window (DATA.md §3) closes with the first coup offer, which is put
    as Phase 8 begins: excuses are played by the end of Phase 7."""
    enter(ctx, st, Phase.COUP)
    st.offered = True
    push(st, "coup_offer", order=offer_order(st), i=0)


def phase9(ctx: Ctx, st: JuntaState) -> None:
    """JU 41-42 [G 43]: A the coup aftermath, B banking after a lunch break, C returns from
    exile (pushed in reverse: A runs first)."""
    enter(ctx, st, Phase.AFTERMATH)
    push(st, "return_start")
    if st.bank == Bank.LUNCH:
        push(st, "bank_start")
    if st.coup is not None:
        push(st, "aftermath")


def clean_up(ctx: Ctx, st: JuntaState) -> None:
    """JU 42 D: the coup's units go, turn effects end, the secret-police Bank marker is set
    for next turn, returning exiles are active again."""
    for fam in st.families:
        if fam.returning:
            fam.status = Status.ACTIVE
            fam.returning = False
        fam.location = -1
        fam.swapped = []
    st.coup = None
    st.bil = -1
    st.bank = Bank.OPEN
    st.forced = st.excuse = st.resigned = st.revealed = st.resolved6 = st.offered = False
    st.sp_bank_last, st.sp_bank_now = st.sp_bank_now, False
    st.reform = NOBODY
    st.looted, st.credits, st.drawn, st.attempts = [], [], [], []


STAGES: Final[tuple[Callable[[Ctx, JuntaState], None], ...]] = (
    phase1_start, phase1_draw, phase1_limit, phase2, phase3, phase4, phase5, phase6, phase7,
    phase8, phase9, clean_up)


class TurnProc(Proc[JuntaState]):
    """The turn, stage by stage; each stage pushes the procs of its phase."""

    name = "turn"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        i = fr.vars.get("i", 0)
        fr.vars["i"] = (i + 1) % len(STAGES)
        STAGES[i](ctx, st)


class BankStartProc(Proc[JuntaState]):
    """JU 42 B: the lunch break's banking, for those still active then."""

    name = "bank_start"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        st.stack.pop()
        push(st, "bank", **start_banking(st))


class ReturnStartProc(Proc[JuntaState]):
    """JU 42 C: returns from exile, in order from the President once step A is over."""

    name = "return_start"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        st.stack.pop()
        push(st, "return_exiles", order=exiles(st), i=0)


class AssignStartProc(Proc[JuntaState]):
    """JU 15.2: the assignment starts once the windows before it are over (a resignation or
    motion may have changed the President)."""

    name = "assign_start"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        st.stack.pop()
        if president(st) != NOBODY:
            start_assignment(st)


PROCS: Final[tuple[Proc[JuntaState], ...]] = (TurnProc(), AssignStartProc(), BankStartProc(),
                                              ReturnStartProc())
