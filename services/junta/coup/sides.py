"""JU 39 Choosing sides, JU 40 control of the five power centres, JU 40.3 ending a coup by
agreement (a standing proposal answered by the others in a kernel sealed round)."""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop
from services.kernel.sealed import open_options
from services.kernel.state import Frame, SealedRound

from ..constants import SIDE_IDS, Side
from ..data import DATA
from ..decide import FamilyRound, ask, next_turn, option, parts, take_turn
from ..families import in_order, is_active, name, president
from ..state import JuntaState
from .movement import exile_in_coup, in_embassy
from .order import coup_of, participants
from .units import area_name, forces, is_vacant

AGREEMENT: Final = "junta.agreement"


class ChooseSidesProc(Proc[JuntaState]):
    """JU 39: in order from the Rebel Leader's seat, each participant declares for the
    President or the Rebels, or goes into exile from an embassy; the President is always
    for the President."""

    name = "choose_sides"

    def current(self, st: JuntaState, fr: Frame) -> int | None:
        return next_turn(fr, lambda f: is_active(st, f))

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = self.current(st, fr)
        if f is None:
            return []
        opts = [option("side:president", "Declare for the President", side="president")]
        if f != president(st):
            opts.append(option("side:rebels", "Declare for the Rebels", side="rebels"))
        if in_embassy(st, f):
            opts.append(option("exile", "Go into exile from the embassy"))
        if len(opts) == 1:
            return []
        return [ask(st, f, "choose_side", "The coup is over: choose your side.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = take_turn(fr)
        p = parts(c.option_id)
        if p[0] == "exile":
            coup_of(st).sides[f] = Side.EXILE
            exile_in_coup(ctx, st, f)
            return
        declare(ctx, st, f, Side.PRESIDENT if p[1] == "president" else Side.REBELS)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        if self.current(st, fr) is None:
            pop(st)
            return
        declare(ctx, st, take_turn(fr), Side.PRESIDENT)  # the President, with no embassy unit


def declare(ctx: Ctx, st: JuntaState, f: int, side: int) -> None:
    coup_of(st).sides[f] = side
    ctx.emit("junta.side", f"{name(st, f)} declares for the {SIDE_IDS[side].capitalize()}.",
             {"player": f, "side": SIDE_IDS[side]})


def control(st: JuntaState) -> dict[int, int]:
    """JU 40.1: a power centre is the Rebels' if it holds units and every one of them is a
    Rebel-side player's; else the President's (empty, a President-side unit, a vacant
    office's unit)."""
    coup = coup_of(st)
    out: dict[int, int] = {}
    for a in DATA.power_centers:
        fs = forces(coup, a, fleeing=True)
        rebels = bool(fs) and all(not is_vacant(g) and coup.sides[g] == Side.REBELS
                                  for g in fs)
        out[a] = Side.REBELS if rebels else Side.PRESIDENT
    return out


def decide_coup(ctx: Ctx, st: JuntaState) -> None:
    """JU 40.2: the side holding 3 of the 5 power centres wins (or the agreed side)."""
    coup = coup_of(st)
    held = control(st)
    rebels = sum(1 for s in held.values() if s == Side.REBELS)
    if coup.agreed != Side.NONE:
        coup.winner = coup.agreed
    else:
        coup.winner = Side.REBELS if rebels >= 3 else Side.PRESIDENT
    ctx.emit("junta.coup_result", "Power centres: " + "; ".join(
        f"{area_name(a)} {SIDE_IDS[s]}" for a, s in held.items()) + f". The "
             f"{'Rebels' if coup.winner == Side.REBELS else 'President'} "
             f"win{'s' if coup.winner == Side.PRESIDENT else ''} the coup"
             f"{' by agreement' if coup.agreed != Side.NONE else ''}.",
             {"control": {DATA.area_ids[a]: SIDE_IDS[s] for a, s in held.items()},
              "winner": SIDE_IDS[coup.winner], "agreed": coup.agreed != Side.NONE})


# -- JU 40.3 agreement ----------------------------------------------------------------------

def may_propose(st: JuntaState, f: int) -> bool:
    """JU 40.3 [G 37, G 45]: a participant, once per coup phase, while the coup waits on a
    decision, from the Rebel Leader's starting action until JU 39, no proposal pending."""
    coup = st.coup
    if coup is None or coup.sides[f] != Side.NONE or f in coup.proposed or not is_active(st, f):
        return False
    if any(fr.proc in ("agreement", "choose_sides") or (fr.proc == "movement_turn"
                                                        and fr.vars.get("start"))
           for fr in st.stack):
        return False
    return any(fr.proc == "coup_phase" for fr in st.stack)


def proposal_options(st: JuntaState, f: int) -> list[Option]:
    return [option(f"propose:{s}", f"Propose to end the coup now: the {s.capitalize()} win "
                   "(everyone else must accept)", side=s) for s in ("president", "rebels")]


def propose(ctx: Ctx, st: JuntaState, f: int, side: str) -> None:
    from services.kernel.flow import push
    coup = coup_of(st)
    coup.proposed.append(f)
    ctx.emit("junta.agreement_proposed", f"{name(st, f)} proposes to end the coup: the "
             f"{side.capitalize()} win.", {"player": f, "side": side})
    push(st, "agreement", by=f, side=side)


class AgreementProc(FamilyRound):
    """JU 40.3: every other participant accepts or rejects, secretly and simultaneously; all
    accept and the coup ends at once (sides are still declared; the proposed side wins)."""

    name = "agreement"

    def open(self, st: JuntaState, fr: Frame) -> SealedRound | None:
        others = [g for g in participants(st) if g != fr.vars["by"]]
        return open_options(AGREEMENT, "junta.accept_agreement", f"End the coup now with the "
                            f"{fr.vars['side'].capitalize()} winning?", st.serial,
                            {g: ["reject", "accept"] for g in others})

    def describe(self, st: JuntaState, fr: Frame, member: int, option_id: str) -> Option:
        side = fr.vars["side"].capitalize()
        if option_id == "accept":
            return option("accept", f"Accept: the coup ends and the {side} win")
        return option("reject", "Reject: the coup goes on")

    def reveal_text(self, st: JuntaState, values: dict[int, int | str]) -> str:
        return "Answers: " + "; ".join(f"{name(st, g)} {v}" for g, v in values.items()) + "."

    def resolve(self, ctx: Ctx, st: JuntaState, fr: Frame, values: dict[int, int | str]) -> None:
        if not all(v == "accept" for v in values.values()):
            ctx.emit("junta.agreement_rejected", "The proposal is rejected: the coup goes on.",
                     {})
            return
        coup = coup_of(st)
        coup.agreed = Side.REBELS if fr.vars["side"] == "rebels" else Side.PRESIDENT
        ctx.emit("junta.agreement", "Everyone accepts: the coup ends now.",
                 {"side": fr.vars["side"]})
        i = max(j for j, f in enumerate(st.stack) if f.proc == "coup")
        del st.stack[i + 1:]
        st.stack[i].vars["stage"] = "sides"
        coup.combat = False
        for u in coup.units:
            u.fleeing = False


def sides_order(st: JuntaState) -> list[int]:
    return in_order(st, coup_of(st).leader, lambda s, f: True)


PROCS: Final[tuple[Proc[JuntaState], ...]] = (ChooseSidesProc(), AgreementProc())
