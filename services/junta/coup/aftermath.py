"""JU 41 After the coup (Phase 9, step A) [G 38]: the President's execution of a rebel, or the
junta's vote, the new President's cash and execution; the end-of-coup checkpoint (JU 41.7)."""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Proc, pop
from services.kernel.state import Frame

from ..constants import NOBODY, Office, Side, Status
from ..death import kill
from ..decide import ask, option, parts
from ..election import elect, install, vacancy_chair
from ..families import clockwise, in_order, is_active, is_real, name, president
from ..state import JuntaState
from .order import coup_of


def executable_rebels(st: JuntaState) -> list[int]:
    """JU 41.1 (seed l.324, l.376): rebel-phase rebels, alive and not in exile, whatever
    side they declared."""
    return [f for f in coup_of(st).rebels if is_active(st, f)]


def junta_members(st: JuntaState) -> list[int]:
    """JU 41.2 (seed l.340-344): rebels who declared for the Rebels (not gone into exile)."""
    coup = coup_of(st)
    return [f for f in coup.rebels if coup.sides[f] == Side.REBELS and is_active(st, f)]


class ExecuteProc(Proc[JuntaState]):
    """JU 41.1, 41.5-41.6: one decision: a player from the list, or nobody."""

    name = "execute"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        by, victims = fr.vars["by"], fr.vars["victims"]
        if not victims or by == NOBODY or not is_active(st, by):
            return []
        opts = [option("nobody", "Execute nobody")]
        opts += [option(f"execute:{v}", f"Execute {name(st, v)}", player=str(v))
                 for v in victims if st.families[v].status != Status.DEAD]
        return [ask(st, by, "execute", "You may execute one player.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        p = parts(c.option_id)
        if p[0] == "execute":
            kill(ctx, st, int(p[1]), fr.vars["by"], "executed")
        pop(st)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


class JuntaVoteProc(Proc[JuntaState]):
    """JU 41.3 (seed l.330): in order from the Rebel Leader's seat each member votes for a
    candidate (one vote, no cards); most votes wins; the Rebel Leader breaks a tie."""

    name = "junta_vote"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        v = fr.vars
        cands = v["candidates"]
        if v["i"] < len(v["voters"]):
            f = v["voters"][v["i"]]
            return [ask(st, f, "junta_vote", "Junta: vote for the new President.",
                        [option(f"vote:{c}", f"Vote for {name(st, c)}", player=str(c))
                         for c in cands])]
        tied = self.tied(fr)
        leader = coup_of(st).leader
        if len(tied) > 1 and is_active(st, leader):
            return [ask(st, leader, "break_tie", "The junta is tied: choose the President.",
                        [option(f"player:{c}", f"Make {name(st, c)} President", player=str(c))
                         for c in tied])]
        return []

    def tied(self, fr: Frame) -> list[int]:
        votes = fr.vars["votes"]
        best = max(votes.values())
        return [c for c in fr.vars["candidates"] if votes[str(c)] == best]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        p = parts(c.option_id)
        if p[0] == "vote":
            f = fr.vars["voters"][fr.vars["i"]]
            fr.vars["votes"][p[1]] += 1
            fr.vars["i"] += 1
            ctx.emit("junta.junta_vote", f"{name(st, f)} votes for {name(st, int(p[1]))}.",
                     {"player": f, "candidate": int(p[1])})
            return
        self.elect(ctx, st, fr, int(p[1]))

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        tied = self.tied(fr)
        leader = coup_of(st).leader
        # A tie with the leader in exile: the tied candidate first clockwise from his seat.
        winner = tied[0] if len(tied) == 1 else next(
            f for f in clockwise(st, leader) if f in tied)
        self.elect(ctx, st, fr, winner)

    def elect(self, ctx: Ctx, st: JuntaState, fr: Frame, new: int) -> None:
        pop(st)
        junta_president(ctx, st, new)


def junta_president(ctx: Ctx, st: JuntaState, new: int) -> None:
    """JU 41.4-41.5: the old President's cash goes to the new one (unless he fled into exile:
    then he is no longer President); the new President may execute anyone else."""
    old = president(st)
    if old != NOBODY and old != new:
        cash = st.families[old].cash
        st.families[new].cash.extend(cash)
        st.families[old].cash = []
        ctx.emit("junta.deposed", f"{name(st, old)} is deposed; his cash ({len(cash)} bills) "
                 f"goes to {name(st, new)}.", {"player": old, "to": new, "bills": len(cash)})
    st.offices[Office.PRESIDENT] = NOBODY
    install(ctx, st, new, "chosen by the junta")
    victims = [f for f in range(len(st.families)) if f != new
               and st.families[f].status != Status.DEAD]
    from services.kernel.flow import push
    push(st, "execute", by=new, victims=victims)


class AftermathProc(Proc[JuntaState]):
    """JU 41: the outcome of the coup, then the end-of-coup checkpoint (JU 41.7)."""

    name = "aftermath"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        from services.kernel.flow import push
        stage = fr.vars.setdefault("stage", "outcome")
        coup = coup_of(st)
        if stage == "outcome":
            fr.vars["stage"] = "checkpoint"
            if coup.winner == Side.PRESIDENT:
                push(st, "execute", by=president(st), victims=executable_rebels(st))
                return
            members = junta_members(st)
            cands = [f for f in members if is_real(st, f)]
            if not cands:  # JU 41.2a, 45.8: no junta can be formed
                ctx.emit("junta.empty_junta", "No junta can be formed: the President stays.",
                         {})
                return
            if len(cands) == 1:
                junta_president(ctx, st, cands[0])
                return
            voters = in_order(st, coup.leader, lambda s, f: f in members)
            push(st, "junta_vote", voters=voters, candidates=cands, i=0,
                 votes={str(c): 0 for c in cands})
        else:
            pop(st)
            if president(st) == NOBODY:  # JU 41.7 [G 44]
                elect(st, vacancy_chair(st))


PROCS: Final[tuple[Proc[JuntaState], ...]] = (ExecuteProc(), JuntaVoteProc(), AftermathProc())
