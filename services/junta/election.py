"""JU 9 Electing a President (seed l.93, l.95).

An election is a roll call (JU 11) whose options are the standing candidates. In each round,
in order from the chair, every active family takes an election turn: nominate any number of
eligible candidates (`junta.nominate`, one at a time, then `done`), commit
(`junta.commit_votes`), and, if standing, withdraw or stay (`junta.withdraw_candidacy`). After
each round's totals, a withdrawal window; then the vote-event window. Most votes wins; ties
and the default candidate as JU 9.4 says.
"""

from __future__ import annotations

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .constants import ELECTION, FIRST_ELECTION_REPEATS, START_CARDS, STRAW_START_CARDS
from .decide import ask, done, next_turn, option, parts, take_turn
from .families import anchor, clockwise, eligible, in_order, is_eligible, left_of, name
from .hand import discard_all, draw
from .money import draw_aid, value
from .rollcall import record, totals
from .state import JuntaState, RollCall


def standing(vote: RollCall) -> list[int]:
    return [int(o) for o in vote.options]


def nominable(st: JuntaState, vote: RollCall) -> list[int]:
    """JU 9.2a: eligible, not standing, not withdrawn in this election."""
    return [f for f in eligible(st, vote.excluded)
            if str(f) not in vote.options and f not in vote.withdrawn]


def nominate(ctx: Ctx, st: JuntaState, vote: RollCall, by: int, f: int) -> None:
    vote.options.append(str(f))
    vote.options.sort(key=int)
    ctx.emit("junta.nominated", f"{name(st, by)} nominates {name(st, f)}.",
             {"player": by, "candidate": f})


def withdraw(ctx: Ctx, st: JuntaState, vote: RollCall, f: int) -> None:
    """JU 9.3: votes cast for him count for nobody; he cannot be nominated again."""
    vote.options.remove(str(f))
    vote.withdrawn.append(f)
    ctx.emit("junta.withdrew", f"{name(st, f)} withdraws his candidacy.", {"player": f})


def withdraw_decision(st: JuntaState, f: int) -> Decision:
    return ask(st, f, "withdraw_candidacy", "You stand for President: stay or withdraw?",
               [option("stay", "Stay a candidate"),
                option("withdraw", "Withdraw: votes cast for you count for nobody")])


def may_withdraw(vote: RollCall, f: int) -> bool:
    """JU 9.3: a standing candidate, not the only one."""
    return str(f) in vote.options and len(vote.options) > 1


class ElectionTurnProc(Proc[JuntaState]):
    """JU 9.2.1: nominate (a chain), commit, withdraw."""

    name = "election_turn"

    def nominations(self, st: JuntaState, fr: Frame) -> list[Option]:
        vote = st.vote
        assert vote is not None
        return [option(f"nominate:{f}", f"Nominate {name(st, f)} for President", player=str(f))
                for f in nominable(st, vote)]

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        vote = st.vote
        assert vote is not None
        f = fr.vars["fam"]
        stage = fr.vars.get("stage", "nominate")
        if stage == "nominate":
            noms = self.nominations(st, fr)
            if noms:
                return [ask(st, f, "nominate", "Nominate candidates for President, one at a "
                            "time.", [done("Nominate nobody more"), *noms])]
        elif stage == "withdraw" and may_withdraw(vote, f):
            return [withdraw_decision(st, f)]
        return []

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        vote = st.vote
        assert vote is not None
        verb, *rest = parts(c.option_id)
        if verb == "nominate":
            nominate(ctx, st, vote, fr.vars["fam"], int(rest[0]))
        elif verb == "done":
            fr.vars["stage"] = "commit"
        else:
            if verb == "withdraw":
                withdraw(ctx, st, vote, fr.vars["fam"])
            pop(st)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        vote = st.vote
        assert vote is not None
        stage = fr.vars.get("stage", "nominate")
        if stage == "nominate":
            fr.vars["stage"] = "commit"
        elif stage == "commit":
            fr.vars["stage"] = "withdraw"
            if vote.options:
                push(st, "commit", fam=fr.vars["fam"])
            else:  # JU 9.2.1b: nobody stands yet: abstain with no cards
                record(ctx, st, fr.vars["fam"], "", [], False)
        else:
            pop(st)


class WithdrawWindowProc(Proc[JuntaState]):
    """JU 9.3: after each round's totals, in order from the chair, each standing candidate
    once withdraws or stays (never the last one standing)."""

    name = "withdraw_window"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        vote = st.vote
        assert vote is not None
        f = next_turn(fr, lambda f: may_withdraw(vote, f))
        return [] if f is None else [withdraw_decision(st, f)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        vote = st.vote
        assert vote is not None
        f = take_turn(fr)
        if c.option_id == "withdraw":
            withdraw(ctx, st, vote, f)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


def result(st: JuntaState) -> list[int]:
    """JU 9.4: the standing candidates with the most votes (several when tied); the default
    candidate when nobody stands."""
    vote = st.vote
    assert vote is not None
    if not vote.options:
        return [default_candidate(st, vote.chair, vote.excluded)]
    t = totals(vote, (1,) if vote.ended else (1, 2))
    best = max(t.values())
    return [int(o) for o in vote.options if t[o] == best]


def default_candidate(st: JuntaState, chair: int, excluded: list[int]) -> int:
    """JU 9.4: the first eligible candidate clockwise starting with the chair."""
    return next(f for f in clockwise(st, chair) if is_eligible(st, f, excluded))


def first_clockwise(st: JuntaState, chair: int, tied: list[int]) -> int:
    """JU 9.4 [G 05]: in a later election the tied candidate first clockwise from the chair."""
    return next(f for f in clockwise(st, chair) if f in tied)


def install(ctx: Ctx, st: JuntaState, f: int, how: str) -> None:
    """JU 9.5: he takes the presidency at once and keeps his offices this turn; the
    brother-in-law's office passes with the presidency (JU 22.2)."""
    st.offices[0] = f
    st.last_president = f
    ctx.emit("junta.president", f"{name(st, f)} is President ({how}).",
             {"player": f, "how": how})


class ElectionProc(Proc[JuntaState]):
    """JU 9.1: hold an election if anybody is eligible; one eligible candidate is elected at
    once; ties as JU 9.4 (the first election's ties repeat it, at most twice)."""

    name = "election"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        excluded = fr.vars.get("excluded", [])
        if st.vote is None:
            cands = eligible(st, excluded)
            if not cands:  # JU 5.5: the presidency stays vacant
                ctx.emit("junta.no_election", "Nobody can be elected: the presidency stays "
                         "vacant.", {})
                pop(st)
            elif len(cands) == 1:
                install(ctx, st, cands[0], "the only eligible candidate")
                pop(st)
            else:
                ctx.emit("junta.election", f"Election of a President, chaired by "
                         f"{name(st, fr.vars['chair'])}.", {"chair": fr.vars["chair"]})
                st.vote = RollCall(ELECTION, fr.vars["chair"], excluded=list(excluded),
                                   first=fr.vars.get("first", False))
                push(st, "rollcall")
            return
        self.conclude(ctx, st, fr)

    def conclude(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        vote = st.vote
        assert vote is not None
        winners = result(st)
        st.vote = None
        if len(winners) == 1:
            how = "elected" if vote.options else "the default candidate, nobody stood"
            install(ctx, st, winners[0], how)
            pop(st)
        elif vote.first and st.ties < FIRST_ELECTION_REPEATS:
            st.ties += 1
            first_election_tie(ctx, st, winners)
        else:
            install(ctx, st, first_clockwise(st, vote.chair, winners), "tie, first clockwise "
                    "from the chair")
            pop(st)


def first_election_tie(ctx: Ctx, st: JuntaState, tied: list[int]) -> None:
    """JU 9.4 [G 05]: everyone discards all political cards and is dealt new ones, seat 0
    takes the top aid bill, and the election is held again; an empty aid deck ends the game."""
    who = ", ".join(name(st, f) for f in tied)
    ctx.emit("junta.election_tied", f"The first election is tied ({who}): new cards for "
             "everyone, and a new vote.", {"tied": tied, "repeat": st.ties})
    for f in range(len(st.families)):
        discard_all(ctx, st, f, "tied first election")
    for f in range(len(st.families)):
        for _ in range(STRAW_START_CARDS if len(st.families) > st.seats else START_CARDS):
            draw(ctx, st, f)
    bill = draw_aid(st)
    if bill is None:
        st.over = True
        st.stack.clear()
        ctx.emit("junta.game_end", "The aid deck is empty: the game ends (JU 13).", {})
        return
    st.families[0].cash.append(bill)
    ctx.emit("junta.took_bill", f"{name(st, 0)} takes the top aid bill.", {"player": 0})
    ctx.emit("junta.took_bill_value", f"You take a {value(bill)} million bill.",
             {"player": 0, "value": value(bill)}, seats=[0])


def elect(st: JuntaState, chair: int, excluded: list[int] | None = None,
          first: bool = False) -> None:
    """Push an election (JU 9.1)."""
    push(st, "election", chair=chair, excluded=list(excluded or []), first=first)


def vacancy_chair(st: JuntaState) -> int:
    """JU 9.1b/e: the first active player clockwise from (after) the last President's seat
    (JU-R-09, TV-21: S1 chairs although S0, the last President, has come back)."""
    order = in_order(st, left_of(st, anchor(st)))
    return order[0] if order else anchor(st)


PROCS: tuple[Proc[JuntaState], ...] = (ElectionTurnProc(), WithdrawWindowProc(), ElectionProc())
