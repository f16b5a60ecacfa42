"""JU 27 Starting a coup (Phase 8), JU 28 initial deployment, JU 29 the seven coup phases."""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from ..constants import COUP_PHASES, NOBODY, Location, Side
from ..decide import ask, next_turn, option, take_turn
from ..families import in_order, is_active, left_of, must_ask, name, offices_of, president
from ..state import Coup, JuntaState
from .order import coup_of, phase_order
from .units import deploy


def offered(st: JuntaState, f: int) -> bool:
    """JU 27.2: an active player other than the President; without an excuse only one at
    Headquarters (public facts: whether he is asked tells nothing hidden, JU 44)."""
    if not is_active(st, f) or f == president(st):
        return False
    return st.excuse or st.families[f].location == Location.HEADQUARTERS


def may_start(st: JuntaState, f: int) -> bool:
    """JU 27.2, 27.4 (JU-R-07): offered, and with a starting action: an office with units, or
    a unit card."""
    if not offered(st, f):
        return False
    from ..hand import design, playable
    cards = [i for i in playable(st, f, "coup_start") if design(i).effect == "new_units"]
    return bool(offices_of(st, f) or cards)


def offer_order(st: JuntaState) -> list[int]:
    """JU 27.3: from the President's left."""
    p = president(st)
    return [] if p == NOBODY else in_order(st, left_of(st, p))


class CoupOfferProc(Proc[JuntaState]):
    """JU 27.3 [G 39]: in order from the President's left, each eligible player is asked
    once; the first who starts is the Rebel Leader."""

    name = "coup_offer"

    def current(self, st: JuntaState, fr: Frame) -> int | None:
        if president(st) == NOBODY:  # JU 5.5: no coup without a President
            return None
        return next_turn(fr, lambda f: offered(st, f) and must_ask(st, f, may_start(st, f)))

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = self.current(st, fr)
        if f is None:
            return []
        opts = [option("pass", "Do not start a coup")]
        if may_start(st, f):
            opts.append(option("start", "Start a coup: you become the Rebel Leader"))
        return [ask(st, f, "start_coup", "Phase 8: start a coup?", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = take_turn(fr)
        if c.option_id == "start":
            pop(st)
            ctx.emit("junta.coup", f"{name(st, f)} starts a coup!", {"player": f})
            push(st, "coup", leader=f)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


class CoupProc(Proc[JuntaState]):
    """JU 28-41: deployment, the rebel phase and coup phases 1-6, sides, control, aftermath."""

    name = "coup"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        stage = fr.vars.setdefault("stage", "deploy")
        if stage == "deploy":
            st.coup = Coup(fr.vars["leader"], president(st), deploy(st),
                           [Side.NONE] * len(st.families))
            why = " (the police in the Chamber: the budget was forced)" if st.forced else ""
            ctx.emit("junta.deployment", f"Units deploy{why}.", {"forced": st.forced})
            fr.vars.update(stage="phase", k=0)
        elif stage == "phase":
            k = fr.vars["k"]
            if k > COUP_PHASES:
                fr.vars["stage"] = "sides"
                return
            fr.vars["k"] += 1
            coup_of(st).phase = k
            push(st, "coup_phase")
        elif stage == "sides":
            fr.vars["stage"] = "result"
            push(st, "choose_sides", order=in_order(st, coup_of(st).leader), i=0)
        else:
            from .sides import decide_coup
            decide_coup(ctx, st)  # JU 41, the aftermath, is Phase 9 step A
            pop(st)


class CoupPhaseProc(Proc[JuntaState]):
    """JU 29.2: one phase: (police response,) movement segment, combat segment."""

    name = "coup_phase"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        from ..deals import new_phase
        coup = coup_of(st)
        stage = fr.vars.setdefault("stage", "start")
        if stage == "start":
            new_phase(ctx, st)
            coup.gunboat_used = coup.strike_used = False
            coup.proposed = []
            ctx.emit("junta.coup_phase", "The rebel phase begins." if coup.phase == 0 else
                     f"Coup phase {coup.phase} begins.", {"phase": coup.phase})
            fr.vars.update(stage="movement", order=phase_order(st), i=0, placed=[])
            if coup.phase == 1 and coup.triggers:
                push(st, "police_response", placed=[])
        elif stage == "movement":
            order = fr.vars["order"]
            if fr.vars["i"] >= len(order):
                fr.vars["stage"] = "combat"
                return
            f = order[fr.vars["i"]]
            fr.vars["i"] += 1
            if is_active(st, f):
                push(st, "movement_turn", fam=f, moved=False, placed=fr.vars["placed"],
                     start=coup.phase == 0 and f == coup.leader)
        elif stage == "combat":
            fr.vars["stage"] = "end"
            push(st, "combat")
        else:
            pop(st)


PROCS: Final[tuple[Proc[JuntaState], ...]] = (CoupOfferProc(), CoupProc(), CoupPhaseProc())
