"""JU 16 Foreign aid (Phase 3), JU 18 the budget (Phase 4), JU 45.5 straw-men factions, and
the Alternative Budget (JU 47).

The proposal is a chain of "give a bill of value v to player X" decisions from the proposer's
cash (the drawn aid is in it) ending with `done`, then one announced amount per non-empty
stack (at most its value, JU 18.2). Counts and announced amounts are public; stack values
are seen by the proposer, and by each recipient once his stack is received.
"""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .constants import (
    AID_PER_TURN,
    ALT_BUDGET,
    BUDGET,
    MAX_THRESHOLD,
    NO,
    NOBODY,
    TURN_CAP,
    YES,
    Bank,
    Office,
)
from .decide import ask, ask_amount, done, next_turn, option, parts, take_turn
from .dice import roll
from .families import (
    active_families,
    clockwise,
    in_order,
    is_active,
    is_real,
    left_of,
    must_ask,
    name,
    president,
    private_to,
    told,
)
from .hand import design, playable
from .money import bill_id, take, total, value, values_text
from .rollcall import start as start_rollcall
from .state import Budget, JuntaState

ALT_CARD: Final = "evt_alternative_budget"


def game_ends_now(st: JuntaState) -> str:
    """JU 13: at the start of Phase 3, fewer than 8 aid bills, or the turn cap [G 45]."""
    if len(st.aid) < AID_PER_TURN:
        return f"the aid deck holds only {len(st.aid)} bills"
    if st.turn >= TURN_CAP:
        return f"turn {TURN_CAP} is the last"
    return ""


def draw_aid(ctx: Ctx, st: JuntaState) -> None:
    """JU 16: the President draws the top 8 bills; only he sees their values."""
    p = president(st)
    st.drawn = [st.aid.pop() for _ in range(AID_PER_TURN)]
    st.families[p].cash.extend(st.drawn)
    st.budget = Budget(p, [[] for _ in st.families], [-1] * len(st.families))
    ctx.emit("junta.aid_drawn", f"{name(st, p)} draws {AID_PER_TURN} bills of foreign aid "
             f"({len(st.aid)} left).", {"player": p, "bills": AID_PER_TURN,
                                        "aid_deck": len(st.aid)})
    values = sorted((value(b) for b in st.drawn), reverse=True)
    ctx.emit("junta.aid_values", f"The aid you drew: {values_text(values)} "
             f"({sum(values)} million).", {"values": values}, seats=private_to(st, p))


def recipients(st: JuntaState, budget: Budget) -> list[int]:
    """JU 18.2: every other active family (the Alternative Budget includes the President)."""
    return [f for f in active_families(st) if f != budget.proposer]


def pool(st: JuntaState, budget: Budget) -> list[int]:
    return st.families[budget.proposer].cash


def give_label(st: JuntaState, stack: list[int], f: int, v: int) -> str:
    """JU 17.2: one bill into a player's stack, and what the stack holds then."""
    now = total(stack)
    return f"Give {name(st, f)} a {v} million bill (stack {now}→{now + v})"


class ProposeProc(Proc[JuntaState]):
    """JU 18.2: put bills in stacks one at a time, then announce each stack's amount."""

    name = "propose"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        budget = st.budget
        assert budget is not None
        p = budget.proposer
        if not fr.vars.get("announcing"):
            have = sorted({value(b) for b in pool(st, budget)}, reverse=True)
            opts = [done("Stop giving: announce the amounts")]
            opts += [option(f"give:{f}:{v}", give_label(st, budget.stacks[f], f, v),
                            player=str(f), value=str(v))
                     for f in recipients(st, budget) for v in have]
            return [ask(st, p, "propose_budget", "Budget: give bills to players, one at a "
                        "time.", opts)]
        f = self.next_to_announce(st, budget)
        if f is None:
            return []
        worth, n = total(budget.stacks[f]), len(budget.stacks[f])
        return [ask_amount(st, p, "announce_budget", f"Announce the amount of "
                           f"{name(st, f)}'s stack ({n} bill{'s' * (n != 1)} worth "
                           f"{worth} million; you may understate it, never overstate).",
                           0, worth)]

    def next_to_announce(self, st: JuntaState, budget: Budget) -> int | None:
        return next((f for f in recipients(st, budget)
                     if budget.stacks[f] and budget.announced[f] < 0), None)

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        budget = st.budget
        assert budget is not None
        if fr.vars.get("announcing"):
            f = self.next_to_announce(st, budget)
            assert f is not None and c.amount is not None
            budget.announced[f] = c.amount
            return
        p = parts(c.option_id)
        if p[0] == "done":
            fr.vars["announcing"] = True
            return
        f, v = int(p[1]), int(p[2])
        [bill] = take(pool(st, budget), [v])
        budget.stacks[f].append(bill)
        ctx.emit("junta.stack", f"{name(st, budget.proposer)} adds a bill to {name(st, f)}'s "
                 f"stack ({len(budget.stacks[f])} bills).",
                 {"player": f, "bills": len(budget.stacks[f])})

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        budget = st.budget
        assert budget is not None
        for f in recipients(st, budget):
            if not budget.stacks[f]:
                budget.announced[f] = 0
        ctx.emit("junta.budget_proposed", f"{name(st, budget.proposer)} proposes: " + "; ".join(
            f"{name(st, f)} {budget.announced[f]} million ({len(budget.stacks[f])} bills)"
            for f in recipients(st, budget)) + ".",
                 {"proposer": budget.proposer,
                  "announced": {str(f): budget.announced[f] for f in recipients(st, budget)},
                  "bills": {str(f): len(budget.stacks[f]) for f in recipients(st, budget)}})
        pop(st)


def distribute(ctx: Ctx, st: JuntaState) -> None:
    """JU 18.4 / 18.5c forced: each stack goes to its player's cash."""
    budget = st.budget
    assert budget is not None
    for f, stack in enumerate(budget.stacks):
        if not stack:
            continue
        st.families[f].cash.extend(stack)
        values = sorted((value(b) for b in stack), reverse=True)
        what = f"{values_text(values)} ({sum(values)} million)."
        ctx.emit("junta.stack_received", told(st, f, f"Your stack holds {what}",
                                              f"receives {what}"), {"player": f, "values": values,
                                               "bills": [bill_id(b) for b in stack]},
                 seats=private_to(st, f))
    ctx.emit("junta.budget_paid", "The stacks are handed out.", {"proposer": budget.proposer})
    st.budget = None


def keep_all(ctx: Ctx, st: JuntaState) -> None:
    """JU 18.5c not forced: the proposer keeps every stack."""
    budget = st.budget
    assert budget is not None
    for stack in budget.stacks:
        st.families[budget.proposer].cash.extend(stack)
    ctx.emit("junta.budget_kept", f"{name(st, budget.proposer)} keeps every stack.",
             {"player": budget.proposer})
    st.budget = None


def strawmen_factions(ctx: Ctx, st: JuntaState) -> None:
    """JU 45.5: per straw man, the President rolls a die: at most the amount announced for
    it (maximum 5) joins the President's faction for the turn, else the opposition."""
    budget = st.budget
    assert budget is not None
    p = budget.proposer
    lead = opposition_leader(st, p)
    for f in range(st.seats, len(st.families)):
        if not is_active(st, f):
            continue
        die = roll(st)
        threshold = min(max(budget.announced[f], 0), MAX_THRESHOLD)
        joins = die <= threshold or lead == NOBODY
        st.families[f].leader = NOBODY if joins else lead
        ctx.emit("junta.faction", f"{name(st, f)}: die {die} against {threshold}: joins "
                 f"{'the President' if joins else name(st, lead)}'s faction.",
                 {"player": f, "die": die, "threshold": threshold,
                  "leader": p if joins else lead})


def opposition_leader(st: JuntaState, pres: int) -> int:
    """JU 45.5: the other real player (2 players), or the non-President real player with more
    face-up influence votes, ties to the first clockwise from the President (3 players)."""
    others = [f for f in clockwise(st, pres) if is_real(st, f) and f != pres
              and is_active(st, f)]
    if not others:
        return NOBODY
    return max(others, key=lambda f: (sum(design(i).votes for i in st.families[f].face_up),
                                      -others.index(f)))


def minister_decider(st: JuntaState) -> int:
    """JU 18.5b: the Minister; the President if the office is vacant or the brother-in-law's."""
    holder = st.offices[Office.MINISTER]
    return holder if holder != NOBODY else president(st)


class BudgetProc(Proc[JuntaState]):
    """JU 18 (and JU 47 Alternative Budget [G 08]): propose, vote, then pass, force or keep."""

    name = "budget"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        stage = fr.vars.setdefault("stage", "propose")
        if stage == "propose":
            fr.vars["stage"] = "vote"
            push(st, "propose")
        elif stage == "vote":
            budget = st.budget
            assert budget is not None
            if not budget.alternative and len(st.families) > st.seats:
                strawmen_factions(ctx, st)
            fr.vars["stage"] = "result"
            start_rollcall(st, ALT_BUDGET if budget.alternative else BUDGET, budget.proposer,
                           [YES, NO])
        elif stage == "result":
            vote = st.vote
            assert vote is not None
            st.vote = None
            if vote.result == YES:
                settle(ctx, st, Bank.OPEN)
                pop(st)
                return
            if not st.excuse:
                st.excuse = True
                ctx.emit("junta.coup_excuse", "The budget was rejected: there is a coup "
                         "excuse this turn.", {"why": "budget_rejected"})
            fr.vars["stage"] = "force"
            budget = st.budget
            assert budget is not None
            if not budget.alternative:
                p = president(st)
                push(st, "alt_budget_window", order=in_order(st, left_of(st, p)), i=0)
        elif stage == "force":
            fr.vars["stage"] = "done"
            push(st, "force_budget")
        else:
            pop(st)


def settle(ctx: Ctx, st: JuntaState, bank: int, forced: bool = False) -> None:
    """JU 18.4-18.5: the budget is settled; the bank status follows the outcome."""
    if bank == Bank.HOLIDAY:
        keep_all(ctx, st)
    else:
        distribute(ctx, st)
    st.forced = st.forced or forced
    st.bank = Bank.HOLIDAY if st.bank == Bank.HOLIDAY else bank  # Bank Holiday stands
    ctx.emit("junta.bank_status", f"The bank is {('open', 'at lunch', 'on holiday')[st.bank]} "
             "this turn.", {"bank": ("open", "lunch", "holiday")[st.bank]})


class ForceProc(Proc[JuntaState]):
    """JU 18.5b-c: the Minister forces the rejected budget through (police to the Chamber,
    bank at lunch) or not (the proposer keeps everything, bank holiday)."""

    name = "force_budget"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        budget = st.budget
        assert budget is not None
        return [ask(st, minister_decider(st), "force_budget", f"{name(st, budget.proposer)}'s "
                    "budget was rejected: force it through?",
                    [option("refuse", "Do not force it: the proposer keeps every stack, the "
                            "bank closes for the turn"),
                     option("force", "Force it through: the stacks are paid, the police go "
                            "to the Chamber, the bank goes to lunch")])]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        forced = c.option_id == "force"
        ctx.emit("junta.force", f"The budget is {'forced through' if forced else 'not forced'}.",
                 {"forced": forced})
        settle(ctx, st, Bank.LUNCH if forced else Bank.HOLIDAY, forced)
        pop(st)


class AltBudgetWindowProc(Proc[JuntaState]):
    """JU 18.5a: in order from the President's left, each player is asked once; a holder may
    play Alternative Budget."""

    name = "alt_budget_window"

    def current(self, st: JuntaState, fr: Frame) -> int | None:
        return next_turn(fr, lambda f: f != president(st) and must_ask(st, f, self.holds(st, f)))

    def holds(self, st: JuntaState, f: int) -> bool:
        return any(design(i).id == ALT_CARD for i in playable(st, f, "budget_rejected"))

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = self.current(st, fr)
        if f is None:
            return []
        opts = [option("pass", "Let the Minister decide")]
        if self.holds(st, f):
            opts.append(option(f"play:{ALT_CARD}", "Play Alternative Budget: take 7 of the 8 "
                               "aid bills and propose your own budget", card=ALT_CARD))
        return [ask(st, f, "play_alt_budget", "The budget was rejected: the Alternative Budget "
                    "window.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = take_turn(fr)
        if c.option_id == "pass":
            return
        pop(st)
        from .cards.registry import play_from_hand
        play_from_hand(ctx, st, f, ALT_CARD, {})

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


def alternative_budget(ctx: Ctx, st: JuntaState, player: int) -> None:
    """JU 47 [G 08]: the stacks dissolve; the President keeps one of this turn's 8 aid bills
    (his choice) and gives the other 7 to the player, who proposes a new budget."""
    budget = st.budget
    assert budget is not None
    p = budget.proposer
    for stack in budget.stacks:
        st.families[p].cash.extend(stack)
    st.budget = Budget(player, [[] for _ in st.families], [-1] * len(st.families), True)
    parent = st.stack[-1]
    parent.vars["stage"] = "vote"
    push(st, "propose")
    push(st, "keep_bill", player=player)


class KeepBillProc(Proc[JuntaState]):
    """JU 47 Alternative Budget: the President chooses which drawn bill he keeps."""

    name = "keep_bill"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        p = president(st)
        have = sorted({value(b) for b in st.drawn}, reverse=True)
        return [ask(st, p, "keep_bill", "Alternative Budget: keep one of the 8 aid bills you "
                    "drew; the other 7 go to its player.",
                    [option(f"keep:{v}", f"Keep a {v} million bill", value=str(v))
                     for v in have])]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        keep = int(parts(c.option_id)[1])
        p, player = president(st), fr.vars["player"]
        kept = min(b for b in st.drawn if value(b) == keep)
        given = [b for b in st.drawn if b != kept]
        cash = st.families[p].cash
        for b in given:
            cash.remove(b)
        st.families[player].cash.extend(given)
        ctx.emit("junta.alt_budget_bills", f"{name(st, p)} keeps one aid bill and gives the "
                 f"other {len(given)} to {name(st, player)}.",
                 {"player": player, "bills": len(given)})
        values = sorted((value(b) for b in given), reverse=True)
        ctx.emit("junta.alt_budget_values", told(st, player, f"You receive {values_text(values)}.",
                                                 f"receives {values_text(values)}."),
                 {"values": values}, seats=private_to(st, player))
        pop(st)


def budget_restricts(st: JuntaState) -> bool:
    """JU 17.3 [G 18]: from the aid draw until the budget is settled."""
    return st.budget is not None


PROCS: Final[tuple[Proc[JuntaState], ...]] = (BudgetProc(), ProposeProc(), ForceProc(),
                                              AltBudgetWindowProc(), KeepBillProc())
