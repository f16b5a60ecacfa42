"""JU 23 The bank (Phase 7, or after a lunch break), JU 24 the Swiss bank account.

In order from the President, each active family at the Bank deposits and withdraws bills one
at a time (`junta.bank`, ending with `done`); each bill moves at most once per visit, so the
chain is bounded. Counts are public, values are the owner's.
"""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop
from services.kernel.state import Frame

from .constants import Location, Status
from .decide import ask, done, option, parts
from .families import from_president, name, private_to, told
from .money import take, total, value
from .state import JuntaState


def bankers(st: JuntaState) -> list[int]:
    """JU 23.2-23.3: active families who chose the Bank."""
    return from_president(st, lambda s, f: s.families[f].status == Status.ACTIVE
                          and s.families[f].location == Location.BANK)


class BankProc(Proc[JuntaState]):
    name = "bank"

    def options(self, st: JuntaState, fr: Frame) -> list[Option]:
        f = fr.vars["order"][fr.vars["i"]]
        fam = st.families[f]
        moved = set(fr.vars["moved"])
        opts = [done("Leave the bank")]
        for v in sorted({value(b) for b in fam.cash if b not in moved}, reverse=True):
            opts.append(option(f"deposit:{v}", f"Deposit a {v} million bill in your Swiss "
                               "account", value=str(v)))
        for v in sorted({value(b) for b in fam.swiss if b not in moved}, reverse=True):
            opts.append(option(f"withdraw:{v}", f"Withdraw a {v} million bill to cash",
                               value=str(v)))
        return opts

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        if fr.vars["i"] >= len(fr.vars["order"]):
            return []
        opts = self.options(st, fr)
        if len(opts) == 1:
            return []
        f = fr.vars["order"][fr.vars["i"]]
        fam = st.families[f]
        return [ask(st, f, "bank", f"At the bank: cash {total(fam.cash)} million, Swiss "
                    f"account {total(fam.swiss)} million.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["order"][fr.vars["i"]]
        fam = st.families[f]
        verb, *rest = parts(c.option_id)
        if verb == "done":
            fr.vars["i"] += 1
            fr.vars["moved"] = []
            return
        moved = set(fr.vars["moved"])
        src, dst = (fam.cash, fam.swiss) if verb == "deposit" else (fam.swiss, fam.cash)
        avail = [b for b in src if b not in moved]
        [bill] = take(avail, [int(rest[0])])
        src.remove(bill)
        dst.append(bill)
        fr.vars["moved"].append(bill)
        what = "deposits" if verb == "deposit" else "withdraws"
        ctx.emit("junta.banking", f"{name(st, f)} {what} a bill.",
                 {"player": f, "action": verb, "swiss_bills": len(fam.swiss)})
        after = f"{value(bill)} million (Swiss account {total(fam.swiss)} million)."
        ctx.emit("junta.banking_value", told(st, f, f"You {verb} {after}", f"{verb}s {after}"),
                 {"value": value(bill), "swiss": total(fam.swiss)}, seats=private_to(st, f))

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        if fr.vars["i"] >= len(fr.vars["order"]):
            pop(st)
            return
        fr.vars["i"] += 1  # nothing to move
        fr.vars["moved"] = []


def start_banking(st: JuntaState) -> dict[str, object]:
    return {"order": bankers(st), "i": 0, "moved": []}


PROCS: Final[tuple[Proc[JuntaState], ...]] = (BankProc(),)
