"""JU 25.3-25.5 Return from exile (Phase 9, step C): each exile may announce his return; the
Minister of the Interior (or the President) lets him in or shoots him."""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Proc, pop
from services.kernel.state import Frame

from .constants import NOBODY, Office, Status
from .death import kill
from .decide import ask, option
from .families import from_president, name, president
from .state import JuntaState


def shooter(st: JuntaState) -> int:
    """JU 25.5: the Minister; the President if the office is vacant or the brother-in-law's;
    nobody without a President either (JU 5.5)."""
    holder = st.offices[Office.MINISTER]
    return holder if holder != NOBODY else president(st)


def exiles(st: JuntaState) -> list[int]:
    return from_president(st, lambda s, f: s.families[f].status == Status.EXILED)


class ReturnProc(Proc[JuntaState]):
    """JU 25.3-25.5: in order from the President, each exile announces his return or stays;
    each announced return is answered at once by the shooter."""

    name = "return_exiles"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        order = fr.vars["order"]
        if fr.vars["i"] >= len(order):
            return []
        f = order[fr.vars["i"]]
        if fr.vars.get("announced"):
            return [ask(st, shooter(st), "shoot_returnee", f"{name(st, f)} returns from exile.",
                        [option("admit", f"Let {name(st, f)} come home"),
                         option("shoot", f"Shoot {name(st, f)} (you take his cash)")])]
        return [ask(st, f, "return_exile", "Return from exile at the end of this turn?",
                    [option("return", "Announce your return (the Minister may shoot you)"),
                     option("stay", "Stay in exile")])]

    def waits(self, st: JuntaState, fr: Frame) -> bool:
        if fr.vars["i"] >= len(fr.vars["order"]):
            return False
        return not fr.vars.get("announced") or shooter(st) != NOBODY

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["order"][fr.vars["i"]]
        if c.option_id == "return":
            ctx.emit("junta.announce_return", f"{name(st, f)} announces his return.",
                     {"player": f})
            fr.vars["announced"] = True
            return
        if c.option_id == "shoot":
            kill(ctx, st, f, shooter(st), "shot on returning from exile")
        elif c.option_id == "admit":
            admit(ctx, st, f)
        fr.vars["announced"] = False
        fr.vars["i"] += 1

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        if fr.vars["i"] >= len(fr.vars["order"]):
            pop(st)
            return
        admit(ctx, st, fr.vars["order"][fr.vars["i"]])  # nobody can shoot (JU 5.5)
        fr.vars["announced"] = False
        fr.vars["i"] += 1


def admit(ctx: Ctx, st: JuntaState, f: int) -> None:
    """JU 25.4: active again from the next turn."""
    st.families[f].returning = True
    ctx.emit("junta.exile_returns", f"{name(st, f)} comes home.", {"player": f, "shot": False})


PROCS: Final[tuple[Proc[JuntaState], ...]] = (ReturnProc(),)
