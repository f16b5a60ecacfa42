"""JU 15 Cabinet assignment (Phase 2), JU 22 the brother-in-law, JU 26 resignation, and the
Incompetence Motion window (JU 47).

The President assigns the six offices one at a time (`junta.assign_offices`, one decision per
office in `units.json` order); only holders that still allow a valid assignment of the rest
are offered (JU 15.2; JU 45.4 in straw-man games).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .constants import CABINET, NOBODY, Office
from .data import DATA
from .decide import ask, next_turn, option, parts
from .election import elect
from .families import (
    eligible,
    in_order,
    is_active,
    left_of,
    must_ask,
    name,
    offices_of,
    president,
)
from .hand import playable
from .money import total
from .state import JuntaState

VACANT: Final = -1
BRIGADES: Final = frozenset(DATA.brigades)


def office_name(o: int) -> str:
    return DATA.office_names[o]


def short_office(o: int) -> str:
    """The office's name without the alternative in brackets, for labels and prompts."""
    return DATA.office_names[o].split(" (")[0]


# -- JU 15.2 / JU 45.4: what a valid assignment is ------------------------------------------

class Quota:
    """Per eligible family (lo, hi, needs a brigade), the exact number of vacant offices,
    and offices fixed by the scheme (JU 45.4: the 2-player President holds the Admiral)."""

    def __init__(self, st: JuntaState) -> None:
        pres = president(st)
        self.fixed: dict[int, int] = {}
        self.limits: dict[int, tuple[int, int, bool]] = {}
        reals = [f for f in range(st.seats) if f != pres]
        straws = list(range(st.seats, len(st.families)))
        if not straws:  # JU 15.2
            fams = [f for f in range(st.seats) if f != pres and is_active(st, f)]
            many = len(fams) >= 3
            self.limits = {f: (1, 2, False) if many else (2, 2, False) for f in fams}
            self.vacant = 0 if many else 6 - 2 * len(fams)
            return
        quota = {f: (2, 2, True) for f in reals} | {f: (1, 1, False) for f in straws}
        if st.seats == 2:  # JU 45.4: the President is also Admiral; the other real player
            self.fixed[Office.ADMIRAL] = pres  # holds the Air Force and one brigade
            self.fixed[Office.AIR_FORCE] = reals[0] if is_active(st, reals[0]) else VACANT
        self.limits = {f: q for f, q in quota.items() if is_active(st, f)}
        # An office the scheme gives to a family that is not active stays vacant.
        self.vacant = 6 - sum(q[0] for q in self.limits.values()) - sum(
            1 for f in self.fixed.values() if f != VACANT and f not in self.limits)

    def feasible(self, chosen: tuple[int, ...]) -> bool:
        """Whether the first len(chosen) offices of CABINET, assigned so, can be completed."""
        fams = tuple(sorted(self.limits))
        return _feasible(tuple((f, *self.limits[f]) for f in fams),
                         tuple(sorted(self.fixed.items())), self.vacant, chosen)

    def choices(self, chosen: tuple[int, ...]) -> list[int]:
        o = CABINET[len(chosen)]
        if o in self.fixed:
            return [self.fixed[o]]
        cands = [*sorted(self.limits), VACANT]
        return [f for f in cands if self.feasible((*chosen, f))]


@lru_cache(maxsize=4096)
def _feasible(limits: tuple[tuple[int, int, int, bool], ...], fixed: tuple[tuple[int, int], ...],
              vacant: int, chosen: tuple[int, ...]) -> bool:
    lim = {f: (lo, hi, need) for f, lo, hi, need in limits}
    fix = dict(fixed)
    count = dict.fromkeys(lim, 0)
    brig = dict.fromkeys(lim, 0)

    def go(i: int, vac: int) -> bool:
        if i == len(CABINET):
            return vac == 0 and all(count[f] >= lim[f][0] and (not lim[f][2] or brig[f])
                                    for f in lim)
        o = CABINET[i]
        options = [fix[o]] if o in fix else [*lim, VACANT]
        if i < len(chosen):
            if chosen[i] not in options:
                return False
            options = [chosen[i]]
        for f in options:
            if f == VACANT:
                if vac > 0 and go(i + 1, vac - 1):
                    return True
                continue
            if f not in lim:  # a fixed office for a family outside the quota (the President)
                if go(i + 1, vac):
                    return True
                continue
            b = o in BRIGADES
            if count[f] >= lim[f][1] or (b and brig[f]):
                continue
            count[f] += 1
            brig[f] += b
            ok = go(i + 1, vac)
            count[f] -= 1
            brig[f] -= b
            if ok:
                return True
        return False

    return go(0, vacant)


class AssignProc(Proc[JuntaState]):
    """JU 15.2-15.3: the President gives each office in turn to an eligible family (or
    leaves it vacant when the rules allow); he may keep or change any previous holder."""

    name = "assign"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        chosen = tuple(fr.vars["chosen"])
        if len(chosen) == len(CABINET):
            return []
        o = CABINET[len(chosen)]
        quota = Quota(st)
        if o in quota.fixed:
            return []
        choices = quota.choices(chosen)
        before = fr.vars["before"][len(chosen)]
        if before != NOBODY:
            choices.sort(key=lambda f: f != before)  # keeping the holder comes first
        opts: list[Option] = []
        for f in choices:
            if f == VACANT:
                opts.append(option(f"vacant:{DATA.office_ids[o]}",
                                   f"Leave {short_office(o)} vacant", office=DATA.office_ids[o]))
            else:
                opts.append(option(f"assign:{DATA.office_ids[o]}:{f}",
                                   f"Make {name(st, f)} {short_office(o)}",
                                   office=DATA.office_ids[o], player=str(f)))
        return [ask(st, president(st), "assign_offices", f"Assign the office of "
                    f"{short_office(o)}.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        p = parts(c.option_id)
        fr.vars["chosen"].append(VACANT if p[0] == "vacant" else int(p[2]))

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        chosen = fr.vars["chosen"]
        if len(chosen) < len(CABINET):  # a fixed office (JU 45.4)
            chosen.append(Quota(st).choices(tuple(chosen))[0])
            return
        assign(ctx, st, chosen)
        pop(st)


def assign(ctx: Ctx, st: JuntaState, chosen: list[int]) -> None:
    for o, f in zip(CABINET, chosen, strict=True):
        st.offices[o] = NOBODY if f == VACANT else f
    if st.bil != -1 and st.offices[st.bil] != NOBODY:
        st.bil = -1
    holders = {DATA.office_ids[o]: st.offices[o] for o in CABINET}
    ctx.emit("junta.offices", "Offices: " + "; ".join(
        f"{office_name(o)}: {name(st, st.offices[o]) if st.offices[o] != NOBODY else 'vacant'}"
        for o in CABINET) + ".", {"offices": holders})


def start_assignment(st: JuntaState) -> None:
    push(st, "assign", chosen=[], before=[st.offices[o] for o in CABINET])


# -- JU 22 the brother-in-law ---------------------------------------------------------------

def vacant_offices(st: JuntaState) -> list[int]:
    return [o for o in CABINET if st.offices[o] == NOBODY]


def needs_brother_in_law(st: JuntaState) -> bool:
    """JU 22.2: a vacant office, no brother-in-law yet, and a President."""
    return president(st) != NOBODY and st.bil == -1 and bool(vacant_offices(st))


class BrotherInLawProc(Proc[JuntaState]):
    """JU 22.2 (seed l.263): the President takes over one vacant office of his choice for
    the rest of the turn."""

    name = "brother_in_law"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        if not needs_brother_in_law(st):
            return []
        opts = [option(f"office:{DATA.office_ids[o]}", f"Your brother-in-law takes "
                       f"{short_office(o)} (you use its powers and units this turn)",
                       office=DATA.office_ids[o]) for o in vacant_offices(st)]
        return [ask(st, president(st), "brother_in_law", "Choose the vacant office your "
                    "brother-in-law takes over.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        st.bil = DATA.office_ids.index(parts(c.option_id)[1])
        ctx.emit("junta.brother_in_law", f"The President's brother-in-law takes over "
                 f"{office_name(st.bil)}.", {"office": DATA.office_ids[st.bil]})
        pop(st)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


# -- JU 26 resignation ----------------------------------------------------------------------

def can_resign(st: JuntaState) -> bool:
    """JU 26.1: once per turn for the table, and only if someone else could be elected."""
    p = president(st)
    return p != NOBODY and not st.resigned and bool(eligible(st, [p]))


class ResignProc(Proc[JuntaState]):
    """JU 26: the President may resign; an election follows (chair: the resigning
    President, not a candidate); the new President's offices pass to the former one, and the
    former President's cash to the new one."""

    name = "resign"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        if "old" in fr.vars or not can_resign(st):
            return []
        p = president(st)
        return [ask(st, p, "resign", "Resign the presidency?", [
            option("stay", "Stay President"),
            option("resign", f"Resign: an election follows, your successor takes your "
                   f"{total(st.families[p].cash)} million cash and you take his offices")])]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == "stay":
            pop(st)
            return
        old = president(st)
        st.resigned = True
        st.offices[Office.PRESIDENT] = NOBODY
        fr.vars["old"] = old
        ctx.emit("junta.resigned", f"{name(st, old)} resigns the presidency.", {"player": old})
        elect(st, old, [old])

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        if "old" in fr.vars:
            succeed_resignation(ctx, st, fr.vars["old"], president(st))
        pop(st)


def succeed_resignation(ctx: Ctx, st: JuntaState, old: int, new: int) -> None:
    """JU 26.3-26.4 (seed l.131)."""
    moved = offices_of(st, new)
    for o in moved:
        st.offices[o] = old
    cash = st.families[old].cash
    st.families[new].cash.extend(cash)
    st.families[old].cash = []
    ctx.emit("junta.resignation_settled", f"{name(st, old)} takes over "
             f"{', '.join(office_name(o) for o in moved) or 'no office'}; his cash "
             f"({len(cash)} bills) goes to {name(st, new)}.",
             {"player": old, "successor": new, "offices": [DATA.office_ids[o] for o in moved],
              "bills": len(cash)})


# -- JU 47 Incompetence Motion (Phase 2, before assignment) ----------------------------------

MOTION_CARD: Final = "evt_no_confidence"


class MotionWindowProc(Proc[JuntaState]):
    """JU 15.1b [G 47]: in order from the left of the President, each active player is asked
    once; a holder of the Incompetence Motion may play it (not when nobody else is
    eligible, [G 09])."""

    name = "motion_window"

    def current(self, st: JuntaState, fr: Frame) -> int | None:
        p = president(st)
        if p == NOBODY or not eligible(st, [p]):
            return None
        order = in_order(st, left_of(st, p))  # the President may have just changed
        return next_turn(fr, lambda f: f != p and must_ask(st, f, self.holds(st, f)), order)

    def holds(self, st: JuntaState, f: int) -> bool:
        return any(DATA.design(i).id == MOTION_CARD
                   for i in playable(st, f, "phase2_before_assignment"))

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = self.current(st, fr)
        if f is None:
            return []
        opts = [option("pass", "Let the President be")]
        if self.holds(st, f):
            opts.append(option(f"play:{MOTION_CARD}", "Play the Incompetence Motion: a roll "
                               "call; two thirds of the votes remove the President",
                               card=MOTION_CARD))
        return [ask(st, f, "play_motion", "Phase 2: the Incompetence Motion window.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = self.current(st, fr)
        assert f is not None
        fr.vars["i"] += 1
        if c.option_id != "pass":
            pop(st)
            from .cards.registry import play_from_hand
            play_from_hand(ctx, st, f, MOTION_CARD, {})

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


PROCS: Final[tuple[Proc[JuntaState], ...]] = (AssignProc(), BrotherInLawProc(), ResignProc(),
                                              MotionWindowProc())
