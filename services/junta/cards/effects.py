"""JU 47 card effects shared by several cards (the handlers in `cards_*.py` call these)."""

from __future__ import annotations

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from ..constants import MOTION, NO, NO_LOCATION, NOBODY, YES, Bank, Office
from ..data import DATA
from ..decide import ask, option, parts
from ..election import elect
from ..families import controller, name, president, private_to, told
from ..hand import design, discard_from, place_face_up
from ..money import draw_aid, total, value
from ..rollcall import start as start_rollcall
from ..state import Attempt, JuntaState
from .registry import Play


def take_aid_bill(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 17.6: the top aid bill into cash (nothing when the deck is empty)."""
    bill = draw_aid(st)
    if bill is None:
        ctx.emit("junta.aid_empty", "The aid deck is empty: nothing to take.", {})
        return
    st.families[p.fam].cash.append(bill)
    ctx.emit("junta.took_bill", f"{name(st, p.fam)} takes the top aid bill ({len(st.aid)} "
             "left).", {"player": p.fam, "aid_deck": len(st.aid)})
    ctx.emit("junta.took_bill_value", told(st, p.fam, f"You take a {value(bill)} million bill.",
                                           f"takes a {value(bill)} million bill."),
             {"player": p.fam, "value": value(bill)}, seats=private_to(st, p.fam))


def influence(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 8.3: face up, where it stays (in a roll call the commit counts it, JU 11.3)."""
    place_face_up(ctx, st, p.fam, p.inst)


def vote(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 11.3, 11.7: committed; set aside until the roll call ends, then discarded."""
    assert st.vote is not None
    st.families[p.fam].hand.remove(p.inst)
    st.vote.committed.append(p.inst)


def attempt(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 20.1: an attempt on the named player at the named location (Burglars: none)."""
    from ..assassination import declare
    loc = p.args.get("location")
    declare(ctx, st, Attempt(p.fam, int(p.args["player"]),
                             DATA.location_ids.index(loc) if loc else NO_LOCATION,
                             design(p.inst).id))


def protection(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 20.3: cancel the attempt declared against the player."""
    from ..assassination import cancel
    cancel(ctx, st, int(p.args["attempt"]), f"{name(st, p.fam)} played {design(p.inst).name}")


def attempt_or_protection(ctx: Ctx, st: JuntaState, p: Play) -> None:
    (protection if "attempt" in p.args else attempt)(ctx, st, p)


def bribe_units(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 47 [G 12]: one die per named unit, in the order named: 4-6 and it is his."""
    from ..coup.movement import bribe
    bribe(ctx, st, p.fam, design(p.inst), p.args)


def new_units(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 35: the card's counters in its area, under the player's control until the coup
    ends."""
    from ..coup.units import spawn
    spawn(ctx, st, p.fam, design(p.inst))


def demand_for_reform(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 47: in force until the end of the turn; a second one replaces the first."""
    st.reform = p.fam
    ctx.emit("junta.reform", f"Until the end of the turn {name(st, p.fam)} commits the other "
             "players' small influence cards.", {"player": p.fam})


def church_looted(ctx: Ctx, st: JuntaState, p: Play) -> None:
    st.looted.append(p.fam)


def coup_excuse(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 27.1: a coup excuse this turn."""
    st.excuse = True
    ctx.emit("junta.coup_excuse", "There is a coup excuse this turn.",
             {"why": design(p.inst).id})


def bank_holiday(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 23.1: bank status holiday for the whole turn."""
    st.bank = Bank.HOLIDAY
    ctx.emit("junta.bank_status", "The bank is on holiday this turn.", {"bank": "holiday"})


def spy(ctx: Ctx, st: JuntaState, p: Play) -> None:
    """JU 24, 47: the player alone sees the total of one Swiss account."""
    t = int(p.args["player"])
    ctx.emit("junta.spied", f"{name(st, p.fam)} has a spy look at {name(st, t)}'s Swiss "
             "account.", {"player": p.fam, "target": t})
    seen = private_to(st, p.fam)  # a straw man's spy reports to its leader only
    ctx.emit("junta.spy_report", f"{name(st, t)}'s Swiss account holds "
             f"{total(st.families[t].swiss)} million.",
             {"target": t, "swiss": total(st.families[t].swiss)},
             seats=seen if seen is not None else [controller(st, p.fam)])


def coalition_breakup(ctx: Ctx, st: JuntaState, p: Play) -> None:
    push(st, "coalition_discard", fam=int(p.args["player"]))


class CoalitionDiscardProc(Proc[JuntaState]):
    """JU 47 Coalition Breakup: the named player discards one face-up influence card of his
    choice."""

    name = "coalition_discard"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = fr.vars["fam"]
        cards = sorted(st.families[f].face_up)
        if not cards:
            return []
        return [ask(st, f, "coalition_discard", "Coalition Breakup: discard one of your face-up "
                    "influence cards.", [option(f"discard:{design(i).id}",
                                                f"Discard {design(i).name}", card=design(i).id)
                                         for i in cards])]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["fam"]
        inst = next(i for i in st.families[f].face_up if design(i).id == parts(c.option_id)[1])
        discard_from(ctx, st, f, inst, "discards (Coalition Breakup)")
        pop(st)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


def incompetence_motion(ctx: Ctx, st: JuntaState, p: Play) -> None:
    push(st, "motion", mover=p.fam)


class MotionProc(Proc[JuntaState]):
    """JU 47 Incompetence Motion: a yes/no roll call chaired by its player; passed, the
    President is removed and an election follows (JU 9.1d: he is not eligible)."""

    name = "motion"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        if st.vote is None:
            start_rollcall(st, MOTION, fr.vars["mover"], [YES, NO])
            return
        passed = st.vote.result == YES
        st.vote = None
        pop(st)
        if passed:
            old = president(st)
            st.offices[Office.PRESIDENT] = NOBODY
            ctx.emit("junta.removed", f"{name(st, old)} is removed from the presidency.",
                     {"player": old})
            elect(st, fr.vars["mover"], [old])


PROCS: tuple[Proc[JuntaState], ...] = (CoalitionDiscardProc(), MotionProc())
