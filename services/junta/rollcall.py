"""JU 10-11 The Chamber of Deputies and roll-call votes.

A roll call (`st.vote`) has two rounds; in each, in order from the chair, every active family
makes one commit: an option (or abstain) and cards, chosen one at a time (`junta.commit_votes`
then a chain of `card:<design>` ending with `done`). Each card counts once per roll call. After
round 1 Power Failure / Summer Recess may end it; after round 2 Recount may restart it (JU
11.6). Elections (JU 9) run their own turn (nominate, commit, withdraw) in the same frame.
"""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .constants import ALT_BUDGET, BUDGET, ELECTION, MOTION, NO, NOBODY, YES
from .data import DATA, Card
from .decide import ask, done, next_turn, option, parts, take_turn
from .families import active_families, in_order, is_active, must_ask, name
from .hand import design, find, has_face_up, playable
from .state import Commit, JuntaState, RollCall

CHURCH_VOTES: Final = DATA.card("evt_church_looted").params["votes"]
REFORM_MAX: Final = DATA.card("evt_demand_for_reform").params["max_printed_votes"]
FRAUD: Final = "inf_electoral_fraud"
TOPICS: Final = {BUDGET: "the budget", MOTION: "the Incompetence Motion",
                 ALT_BUDGET: "the Alternative Budget", ELECTION: "the presidency"}


def start(st: JuntaState, kind: str, chair: int, options: list[str]) -> None:
    """Open a roll call; the caller pushes "rollcall" and reads `st.vote.result` after."""
    st.vote = RollCall(kind, chair, options)
    push(st, "rollcall")


def option_label(vote: RollCall, opt: str) -> str:
    if vote.kind == ELECTION:
        return f"player {opt}"
    return opt


def vote_label(st: JuntaState, vote: RollCall, opt: str, f: int) -> str:
    """JU 11.3: what a commit's first choice does; the cards follow one at a time."""
    if vote.kind == ELECTION:
        what = "yourself" if int(opt) == f else name(st, int(opt))
        return f"Vote for {what} (next: add the cards whose votes you commit)"
    return f"Vote {opt} (next: add the cards whose votes you commit)"


def totals(vote: RollCall, rounds: tuple[int, ...] = (1, 2)) -> dict[str, int]:
    """Votes per option still standing; commits to withdrawn candidates count for nobody."""
    out = {o: 0 for o in vote.options}
    for c in vote.commits:
        if c.option in out and c.round in rounds:
            out[c.option] += c.votes
    return out


# -- what a commit may contain (JU 11.3) ----------------------------------------------------

def captured(st: JuntaState, f: int) -> list[int]:
    """JU 47 Demand for Reform: other players' face-up influence printed 5 or fewer."""
    if st.reform != f:
        return []
    return [i for g, fam in enumerate(st.families) if g != f for i in fam.face_up
            if design(i).votes <= REFORM_MAX]


def is_captured(st: JuntaState, inst: int) -> bool:
    """Whether a face-up influence card is under another player's Demand for Reform (its
    owner cannot commit it, JU 47)."""
    r = st.reform
    return r != NOBODY and design(inst).votes <= REFORM_MAX and \
        inst not in st.families[r].face_up


def committable(st: JuntaState, f: int) -> list[int]:
    """Cards `f` may still add to a commit in the roll call under way."""
    vote = st.vote
    assert vote is not None
    fam = st.families[f]
    own = [i for i in fam.face_up if not is_captured(st, i)]
    own += [i for i in fam.hand if i in playable(st, f, "rollcall_commit")]
    return [i for i in own + captured(st, f) if i not in vote.used]


def card_value(st: JuntaState, f: int, inst: int, fraud: bool) -> int:
    """JU 11.4: an influence card's votes (its bonus while the partner is face up), a vote
    card's votes (+1 under Electoral Fraud), captured influence at its printed value."""
    c: Card = design(inst)
    if c.kind == "vote":
        return c.votes + (DATA.card(FRAUD).params["bonus_per_vote_card"] if fraud else 0)
    if inst not in st.families[f].face_up and inst not in st.families[f].hand:
        return c.votes  # captured (JU 47)
    if c.bonus_with and has_face_up(st, f, c.bonus_with):
        return c.bonus_votes
    return c.votes


def fraud_committed(st: JuntaState, f: int, cards: list[int]) -> bool:
    vote = st.vote
    assert vote is not None
    fraud = find(st.families[f].face_up + st.families[f].hand, FRAUD)
    return fraud is not None and (fraud in cards or any(
        fraud in c.cards for c in vote.commits if c.family == f))


def commit_value(st: JuntaState, f: int, cards: list[int], church: bool) -> int:
    fraud = fraud_committed(st, f, cards)
    return sum(card_value(st, f, i, fraud) for i in cards) + (CHURCH_VOTES if church else 0)


def record(ctx: Ctx, st: JuntaState, f: int, opt: str, cards: list[int], church: bool) -> None:
    """Make the commit: hand influence goes face up, vote cards are set aside, the votes are
    counted (after placing, so a partner placed by this commit counts, JU 11.4). A card given
    away while the commit was being put together is no longer in it."""
    from .cards.registry import Play, run
    vote = st.vote
    assert vote is not None
    fam = st.families[f]
    cards = [i for i in cards if i in committable(st, f)]
    for i in cards:
        if i in fam.hand:  # influence goes face up, vote cards are set aside (JU 11.3)
            run(ctx, st, Play(f, i, {}))
    votes = commit_value(st, f, cards, church) if opt else 0
    own = [i for i in cards if i in fam.face_up or i in vote.committed]
    vote.commits.append(Commit(f, vote.round, opt, votes, own,
                               [i for i in cards if i not in own], church))
    vote.used.extend(cards)
    if church:
        vote.church.append(f)
    names = [design(i).name for i in cards] + (["Church Looted"] if church else [])
    what = f"{votes} votes for {option_label(vote, opt)}" if opt else "abstains"
    ctx.emit("junta.commit", f"{name(st, f)} {what}" + (f" ({', '.join(names)})." if names
                                                           else "."),
             {"player": f, "round": vote.round, "option": opt, "votes": votes,
              "cards": [design(i).id for i in cards], "church": church})


def card_label(st: JuntaState, f: int, inst: int, votes: int) -> str:
    """JU 11.3: what adding a card to a commit does to it."""
    c, fam = design(inst), st.families[f]
    if inst in fam.face_up:
        return f"Add {c.name} (face up, {votes} votes)"
    if inst not in fam.hand:
        return f"Add {c.name} (Demand for Reform, {votes} votes)"
    if c.kind == "influence":
        return f"Add {c.name} from your hand ({votes} votes; it goes face up)"
    return f"Add {c.name} ({votes} votes; discarded after the vote)"


class CommitProc(Proc[JuntaState]):
    """JU 11.2-11.4: one commit: choose the option, then add cards one at a time."""

    name = "commit"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        vote = st.vote
        assert vote is not None
        f = fr.vars["fam"]
        topic = TOPICS[vote.kind]
        if "option" not in fr.vars:
            opts = [option("abstain", "Abstain: commit no votes")]
            opts += [option(f"vote:{o}", vote_label(st, vote, o, f), option=o)
                     for o in vote.options]
            return [ask(st, f, "commit_votes", f"Roll call on {topic}, round {vote.round}: "
                        "your vote.", opts)]
        return [ask(st, f, "commit_votes", f"Roll call on {topic}: add cards to your "
                    f"{option_label(vote, fr.vars['option'])} vote "
                    f"({commit_value(st, f, fr.vars['cards'], fr.vars['church'])} so far).",
                    self.card_options(st, fr))]

    def card_options(self, st: JuntaState, fr: Frame) -> list[Option]:
        f = fr.vars["fam"]
        chosen = fr.vars["cards"]
        opts = [done("Commit these votes")]
        for i in committable(st, f):
            if i not in chosen:
                c = design(i)
                votes = card_value(st, f, i, fraud_committed(st, f, chosen + [i]))
                opts.append(option(f"card:{c.id}", card_label(st, f, i, votes), card=c.id))
        vote = st.vote
        assert vote is not None
        if f in st.looted and f not in vote.church and not fr.vars["church"]:
            opts.append(option("church", f"Add the {CHURCH_VOTES} votes of Church Looted"))
        return opts

    def waits(self, st: JuntaState, fr: Frame) -> bool:
        if "option" not in fr.vars:
            return True
        return must_ask(st, fr.vars["fam"], len(self.card_options(st, fr)) > 1)

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, *rest = parts(c.option_id)
        f = fr.vars["fam"]
        if verb == "abstain":
            record(ctx, st, f, "", [], False)
            pop(st)
        elif verb == "vote":
            fr.vars.update(option=rest[0], cards=[], church=False)
        elif verb == "card":
            inst = next(i for i in committable(st, f) if design(i).id == rest[0])
            fr.vars["cards"].append(inst)
        elif verb == "church":
            fr.vars["church"] = True
        else:
            self.finish(ctx, st, fr)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        self.finish(ctx, st, fr)  # nothing left to add

    def finish(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        record(ctx, st, fr.vars["fam"], fr.vars["option"], fr.vars["cards"], fr.vars["church"])
        pop(st)


def window_prompt(window: str, holds: bool) -> str:
    """JU 11.6: which cards the window after a round's totals is for; every seat is asked,
    holder or not (JU 44), and is told whether it holds one."""
    names = " or ".join(c.name for c in DATA.cards if window in c.windows)
    after = "first" if window == "rollcall_after_round1" else "second"
    return (f"After the {after} round's totals: play {names}?" + ("" if holds else
            " (you hold none: let the roll call go on)"))


class VoteWindowProc(Proc[JuntaState]):
    """JU 11.6: after round-1 totals, Power Failure / Summer Recess; after round 2, Recount.
    In order from the chair each active holder is asked once."""

    name = "vote_window"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        window = fr.vars["window"]
        f = next_turn(fr, lambda f: is_active(st, f) and must_ask(
            st, f, bool(playable(st, f, window))))
        if f is None:
            return []
        cards = playable(st, f, window)
        opts = [option("pass", "Let the roll call go on")]
        for i in cards:
            c = design(i)
            opts.append(option(f"play:{c.id}", f"Play {c.name}: {c.text}", card=c.id))
        return [ask(st, f, "play_vote_event", window_prompt(window, bool(cards)), opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, *rest = parts(c.option_id)
        f = take_turn(fr)
        if verb == "play":
            play_vote_event(ctx, st, f, rest[0])
            pop(st)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


def play_vote_event(ctx: Ctx, st: JuntaState, f: int, card_id: str) -> None:
    from .cards.registry import play_from_hand
    play_from_hand(ctx, st, f, card_id, {})


def end_after_round1(ctx: Ctx, st: JuntaState) -> None:
    """JU 47 Power Failure, Summer Recess: the roll call ends on round-1 totals."""
    assert st.vote is not None
    st.vote.ended = True
    ctx.emit("junta.rollcall_ended", "The roll call ends on the round-1 totals.", {})


def restart(ctx: Ctx, st: JuntaState) -> None:
    """JU 47 Recount: committed vote cards are discarded, commitments cleared, round 1."""
    vote = st.vote
    assert vote is not None
    st.discard.extend(vote.committed)
    vote.committed, vote.commits, vote.used, vote.church = [], [], [], []
    vote.round = 0  # the roll-call proc starts round 1 next
    ctx.emit("junta.recount", "Recount: every commitment is cleared; the roll call starts "
             "again at round 1.", {})


class RollCallProc(Proc[JuntaState]):
    """JU 11: two rounds of commits in order from the chair, each followed by its window."""

    name = "rollcall"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        vote = st.vote
        assert vote is not None
        stage = fr.vars.setdefault("stage", "round")
        if stage == "round":
            order = fr.vars.setdefault("order", in_order(st, vote.chair))
            i = fr.vars.setdefault("i", 0)
            if i < len(order):
                fr.vars["i"] += 1
                push(st, "election_turn" if vote.kind == ELECTION else "commit", fam=order[i])
                return
            announce_totals(ctx, st)
            fr.vars["stage"] = "windows"
            window = "rollcall_after_round1" if vote.round == 1 else "rollcall_after_round2"
            push(st, "vote_window", window=window, order=in_order(st, vote.chair), i=0)
            if vote.kind == ELECTION:
                push(st, "withdraw_window", order=in_order(st, vote.chair), i=0)
        elif vote.ended or vote.round == 2:
            finish(ctx, st)
            pop(st)
        else:
            vote.round += 1
            fr.vars.update(stage="round", i=0)
            fr.vars.pop("order")


def announce_totals(ctx: Ctx, st: JuntaState) -> None:
    vote = st.vote
    assert vote is not None
    t = totals(vote)
    shown = ", ".join(f"{option_label(vote, o)} {v}" for o, v in t.items()) or "no option"
    ctx.emit("junta.rollcall_totals", f"Round {vote.round} totals: {shown}.",
             {"round": vote.round, "totals": t})


def finish(ctx: Ctx, st: JuntaState) -> None:
    """JU 11.7-11.8: vote cards to the discard pile; the result."""
    vote = st.vote
    assert vote is not None
    st.discard.extend(vote.committed)
    vote.committed = []
    t = totals(vote, (1,) if vote.ended else (1, 2))
    if vote.kind in (BUDGET, ALT_BUDGET):
        vote.result = YES if t[YES] > t[NO] else NO
    elif vote.kind == MOTION:
        num, den = DATA.card("evt_no_confidence").params["fraction"]
        yes, no = t[YES], t[NO]
        vote.result = YES if yes >= 1 and den * yes >= num * (yes + no) else NO
    if vote.kind != ELECTION:
        ctx.emit("junta.rollcall_result", f"The roll call on {TOPICS[vote.kind]} ends: "
                 f"yes {t[YES]}, no {t[NO]}: {'passed' if vote.result == YES else 'failed'}.",
                 {"kind": vote.kind, "totals": t, "result": vote.result})


def voters(st: JuntaState) -> list[int]:
    return active_families(st)


PROCS: Final[tuple[Proc[JuntaState], ...]] = (RollCallProc(), CommitProc(), VoteWindowProc())
