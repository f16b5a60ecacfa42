"""JU 20 Assassinations (Phase 6): declarations in order from the Minister, the protection
window, the reveal of locations (JU 20.4), resolution in declaration order (JU 20.5), and the
end of the phase (JU 20.6: excuse, election, brother-in-law).

A declaration turn is a chain (`junta.declare_attempts`): the Minister's free secret police
attempt `police:<player>:<location>`, assassin cards `card:<card>:<player>:<location>`
(Burglars name no location), Secret Police Bonus `play:brb_secret_police_bonus`, then `done`.
"""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from . import dice
from .constants import BURGLARY, NO_LOCATION, NOBODY, Location, Office, Status
from .data import DATA
from .death import go_into_exile, kill
from .decide import ask, done, option, parts
from .families import in_order, is_active, must_ask, name, president, wielder
from .hand import design, playable
from .locations import location_id
from .money import can_afford, pay
from .state import Attempt, JuntaState

POLICE: Final = "police"
BONUS: Final = "brb_secret_police_bonus"
BURGLARS: Final = "asn_burglars"
PROTECTIONS: Final[tuple[str, ...]] = ("brb_assassin", "asn_monarchist")
KILLERS = ("assassination", "assassination_psychotic", "assassination_or_protection")


def minister(st: JuntaState) -> int:
    """Who holds the Minister's powers (JU 20.1): the holder, or the President for the
    brother-in-law's office."""
    return wielder(st, Office.MINISTER)


def declaration_order(st: JuntaState) -> list[int]:
    """JU 20.1: in order from the Minister (the President when the office is the
    brother-in-law's or vacant)."""
    m = minister(st)
    start = m if m != NOBODY else president(st)
    return in_order(st, start if start != NOBODY else 0)


def police_locations(st: JuntaState) -> list[int]:
    """JU 20.2 [G 25]: not the Bank if a secret police attempt named it last turn."""
    return [loc for loc in range(Location.EXILE)
            if not (loc == Location.BANK and st.sp_bank_last)]


def targets(st: JuntaState, f: int) -> list[int]:
    return [t for t in range(len(st.families)) if t != f and is_active(st, t)]


class DeclareProc(Proc[JuntaState]):
    """JU 20.1: one family's declaration turn. vars: fam, police (secret police attempts
    left to the Minister)."""

    name = "declare"

    def options(self, st: JuntaState, fr: Frame) -> list[Option]:
        f = fr.vars["fam"]
        opts = [done("Declare no more attempts")]
        if fr.vars["police"] > 0:
            opts += [option(f"police:{t}:{location_id(loc)}", f"Secret police: attempt on "
                            f"{name(st, t)} at {DATA.location_names[loc]}", player=str(t),
                            location=location_id(loc))
                     for t in targets(st, f) for loc in police_locations(st)]
        for inst in playable(st, f, "phase6_declaration"):
            c = design(inst)
            if not can_afford(st, f, c.cost):
                continue
            if c.id == BONUS:
                if minister(st) == f:
                    opts.append(option(f"play:{c.id}", f"Play {c.name}: pay {c.cost} for one "
                                       "more secret police attempt", card=c.id))
            elif c.id == BURGLARS:
                opts += [option(f"card:{c.id}:{t}", f"Send the Burglars to {name(st, t)} "
                                f"({BURGLARY} million from him unless he is at Home)",
                                card=c.id, player=str(t)) for t in targets(st, f)]
            elif c.effect in KILLERS:
                opts += [option(f"card:{c.id}:{t}:{location_id(loc)}", f"{c.name}"
                                f"{f' (pay {c.cost})' if c.cost else ''}: attempt on "
                                f"{name(st, t)} at {DATA.location_names[loc]}", card=c.id,
                                player=str(t), location=location_id(loc))
                         for t in targets(st, f) for loc in range(Location.EXILE)]
        return opts

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        opts = self.options(st, fr)
        if not is_active(st, fr.vars["fam"]) or not must_ask(st, fr.vars["fam"], len(opts) > 1):
            return []
        return [ask(st, fr.vars["fam"], "declare_attempts", "Phase 6: declare assassination "
                    "attempts, one at a time.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["fam"]
        p = parts(c.option_id)
        if p[0] == "done":
            pop(st)
        elif p[0] == POLICE:
            fr.vars["police"] -= 1
            declare(ctx, st, Attempt(f, int(p[1]), DATA.location_ids.index(p[2]), POLICE))
        else:
            from .cards.registry import play_from_hand
            args = {"player": p[2]} if p[0] == "card" else {}
            if len(p) > 3:
                args["location"] = p[3]
            play_from_hand(ctx, st, f, p[1], args)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


def declare(ctx: Ctx, st: JuntaState, a: Attempt) -> None:
    st.attempts.append(a)
    where = f" at {DATA.location_names[a.location]}" if a.location != NO_LOCATION else ""
    what = "secret police" if a.source == POLICE else DATA.card(a.source).name
    ctx.emit("junta.attempt", f"{name(st, a.by)} declares an attempt on {name(st, a.target)}"
             f"{where} ({what}).", {"player": a.by, "target": a.target, "card": a.source,
                                    "location": location_id(a.location)
                                    if a.location != NO_LOCATION else ""})
    if a.source == POLICE and a.location == Location.BANK:
        st.sp_bank_now = True


def extra_police_attempt(st: JuntaState) -> None:
    """JU 47 Secret Police Bonus: one more secret police attempt this turn."""
    for fr in reversed(st.stack):
        if fr.proc == "declare":
            fr.vars["police"] += 1
            return


class ProtectProc(Proc[JuntaState]):
    """JU 20.3 [G 24]: for each attempt in declaration order, its target may cancel it with
    Bribe the Assassin (pay 2) or Monarchist Assassin; Burglars cannot be cancelled."""

    name = "protect"

    def current(self, st: JuntaState, fr: Frame) -> tuple[int, list[int]] | None:
        while fr.vars["i"] < len(st.attempts):
            a = st.attempts[fr.vars["i"]]
            if not a.cancelled and a.source != BURGLARS and is_active(st, a.target):
                cards = [i for i in playable(st, a.target, "phase6_protection")
                         if design(i).id in PROTECTIONS and can_afford(st, a.target,
                                                                       design(i).cost)]
                if must_ask(st, a.target, bool(cards)):
                    return a.target, cards
            fr.vars["i"] += 1
        return None

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        cur = self.current(st, fr)
        if cur is None:
            return []
        t, cards = cur
        a = st.attempts[fr.vars["i"]]
        opts = [option("pass", "Take your chances")]
        opts += [option(f"play:{design(i).id}", f"Play {design(i).name} to cancel the attempt "
                        f"by {name(st, a.by)}", card=design(i).id) for i in cards]
        return [ask(st, t, "protect", f"{name(st, a.by)} has declared an attempt on you.",
                    opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        i = fr.vars["i"]
        fr.vars["i"] += 1
        p = parts(c.option_id)
        if p[0] == "play":
            from .cards.registry import play_from_hand
            play_from_hand(ctx, st, st.attempts[i].target, p[1], {"attempt": str(i)})

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


def cancel(ctx: Ctx, st: JuntaState, i: int, why: str) -> None:
    a = st.attempts[i]
    a.cancelled = True
    a.outcome = "cancelled"
    ctx.emit("junta.attempt_cancelled", f"The attempt by {name(st, a.by)} on "
             f"{name(st, a.target)} is cancelled ({why}).",
             {"attempt": i, "player": a.by, "target": a.target, "why": why})


def reveal(ctx: Ctx, st: JuntaState) -> None:
    """JU 20.4: every location and exile choice at once; exile takes effect now, and the
    exiles' own attempts are cancelled."""
    st.revealed = True
    shown = {str(f): location_id(fam.location) for f, fam in enumerate(st.families)
             if fam.location != NO_LOCATION}
    ctx.emit("junta.locations", "Locations: " + "; ".join(
        f"{name(st, int(f))} {DATA.location_names[DATA.location_ids.index(loc)]}"
        for f, loc in shown.items()) + ".", {"locations": shown})
    for f, fam in enumerate(st.families):
        if fam.location == Location.EXILE and fam.status == Status.ACTIVE:
            go_into_exile(ctx, st, f, "chose exile")
    for i, a in enumerate(st.attempts):
        if not a.cancelled and st.families[a.by].location == Location.EXILE:
            cancel(ctx, st, i, "its declarer went into exile")


def roll(ctx: Ctx, st: JuntaState, why: str) -> int:
    die = dice.roll(st)
    ctx.emit("junta.die", f"Die for {why}: {die}.", {"die": die, "why": why})
    return die


class ResolveProc(Proc[JuntaState]):
    """JU 20.5: in declaration order, even if the declarer has died meanwhile."""

    name = "resolve_attempts"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        i = fr.vars.setdefault("i", 0)
        if i >= len(st.attempts):
            pop(st)
            return
        fr.vars["i"] += 1
        a = st.attempts[i]
        if a.cancelled:
            return
        if not is_active(st, a.target):
            a.outcome = "no effect"
            return
        resolve(ctx, st, i)


def resolve(ctx: Ctx, st: JuntaState, i: int) -> None:
    a = st.attempts[i]
    there = st.families[a.target].location == a.location
    if a.source == BURGLARS:
        a.outcome = "burgled" if st.families[a.target].location != Location.HOME else "at home"
        ctx.emit("junta.burglary", f"The Burglars visit {name(st, a.target)}: "
                 f"{'he is at Home' if a.outcome == 'at home' else 'he is out and pays'}.",
                 {"attempt": i, "target": a.target, "paid": a.outcome == "burgled"})
        if a.outcome == "burgled":
            pay(st, a.target, BURGLARY, "the Burglars", a.by, credit=False)
        return
    card = DATA.card(a.source) if a.source != POLICE else None
    success = there
    if card is not None and card.effect == "assassination_psychotic":
        first = roll(ctx, st, "the Psychotic Assassin")
        params = card.params
        success = there and first in params["first_roll"]["attempt_on"]
        if first in params["first_roll"]["reroll_on"] and roll(
                ctx, st, "the Psychotic Assassin again") in params["second_roll"]["backfire_on"]:
            a.outcome = "backfired"
            kill(ctx, st, a.by, NOBODY, "killed by his own Psychotic Assassin")
            return
    elif card is not None and card.params.get("roll") and there:
        success = roll(ctx, st, card.name) in card.params["roll"]["success_on"]
    a.outcome = "killed" if success else "missed"
    if success:
        kill(ctx, st, a.target, a.by, "assassinated")
    else:
        ctx.emit("junta.attempt_failed", f"The attempt on {name(st, a.target)} fails.",
                 {"attempt": i, "target": a.target})


class AssassinationProc(Proc[JuntaState]):
    """JU 20: declarations, protection, reveal, resolution, then JU 20.6."""

    name = "assassination"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        stage = fr.vars.setdefault("stage", "declare")
        if stage == "declare":
            fr.vars["stage"] = "protect"
            m = minister(st)
            for f in reversed(declaration_order(st)):
                push(st, "declare", fam=f, police=1 if f == m else 0)
        elif stage == "protect":
            fr.vars["stage"] = "reveal"
            push(st, "protect", i=0)
        elif stage == "reveal":
            reveal(ctx, st)
            fr.vars["stage"] = "after"
            push(st, "resolve_attempts")
        else:
            pop(st)
            after_attempts(ctx, st)


def after_attempts(ctx: Ctx, st: JuntaState) -> None:
    """JU 20.6 [G 47]: (a) a death gives a coup excuse; (b) elect if the presidency is vacant;
    (c) then the brother-in-law (pushed so that the election runs first)."""
    from .election import elect, vacancy_chair
    st.resolved6 = True
    if any(a.outcome in ("killed", "backfired") for a in st.attempts) and not st.excuse:
        st.excuse = True
        ctx.emit("junta.coup_excuse", "An assassination succeeded: there is a coup excuse "
                 "this turn.", {"why": "assassination"})
    push(st, "brother_in_law")
    if president(st) == NOBODY:
        elect(st, vacancy_chair(st))


PROCS: Final[tuple[Proc[JuntaState], ...]] = (DeclareProc(), ProtectProc(), ResolveProc(),
                                              AssassinationProc())
