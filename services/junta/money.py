"""JU 17 Money: bills, paying costs without change, the bottom of the aid deck.

Bills are ids (`aid_001`.. are ids 0..); their values come from the data. A payment is named
by the values it uses ("3", "1+1"); the bills taken are the payer's lowest ids of those values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .constants import NOBODY
from .data import DATA
from .decide import ask, option
from .families import is_alive, must_ask, name, parties
from .state import JuntaState

VALUES: Final[tuple[int, ...]] = (1, 2, 3)


def value(bill: int) -> int:
    return DATA.bill_values[bill]


def total(bills: Iterable[int]) -> int:
    return sum(DATA.bill_values[b] for b in bills)


def bill_id(bill: int) -> str:
    return f"aid_{bill + 1:03d}"


def values_text(values: Sequence[int]) -> str:
    return "+".join(str(v) for v in values) if values else "none"


def counts(bills: Iterable[int]) -> dict[int, int]:
    out = {v: 0 for v in VALUES}
    for b in bills:
        out[value(b)] += 1
    return out


def payments(cash: Iterable[int], cost: int) -> list[tuple[int, ...]]:
    """JU 17.4: every way to pay `cost` from `cash` with no bill to spare: a set of bills
    covering the cost from which no bill could be removed with the rest still covering it
    (removing the smallest is the test). Largest bills first; empty when cash is short."""
    if cost <= 0:
        return [()]
    have = counts(cash)
    out = []
    for n3, n2, n1 in product(range(have[3] + 1), range(have[2] + 1), range(have[1] + 1)):
        paid = 3 * n3 + 2 * n2 + n1
        if paid < cost:
            continue
        smallest = 1 if n1 else 2 if n2 else 3
        if paid - smallest < cost:
            out.append((3,) * n3 + (2,) * n2 + (1,) * n1)
    out.sort(key=lambda p: (len(p), [-v for v in p]))
    return out


def take(bills: list[int], values: Iterable[int]) -> list[int]:
    """Remove bills of the given values from `bills` (lowest ids first); return them."""
    taken = []
    for v in values:
        b = min(x for x in bills if value(x) == v)
        bills.remove(b)
        taken.append(b)
    return taken


def to_aid_bottom(ctx: Ctx, st: JuntaState, bills: list[int], why: str) -> None:
    """JU 17.5: face up under the aid deck, lowest value first (equal values: lower id first);
    the values are shown to every seat in this event only [G 19]."""
    placed = sorted(bills, key=lambda b: (value(b), b))
    for b in placed:
        st.aid.insert(0, b)
    if placed:
        values = [value(b) for b in placed]
        ctx.emit("junta.aid_bottom", f"{why}: {values_text(values)} million placed face up "
                 f"under the aid deck ({len(st.aid)} bills in it).",
                 {"values": values, "aid_deck": len(st.aid)})


def pay_cost(ctx: Ctx, st: JuntaState, fam: int, values: Sequence[int], what: str) -> None:
    """JU 17.4: pay the chosen bills; costs go to the bottom of the aid deck face up."""
    bills = take(st.families[fam].cash, values)
    to_aid_bottom(ctx, st, bills, f"{name(st, fam)} pays for {what}")


def draw_aid(st: JuntaState) -> int | None:
    """The top bill of the aid deck, or None when it is empty."""
    return st.aid.pop() if st.aid else None


# -- the payment decision (JU 17.4, JU 47 finance credit) -------------------------------------

def payment_options(st: JuntaState, fam: int, cost: int, credit: bool) -> list[Option]:
    """Every legal payment of `cost`: `pay:<values>`, or with a finance credit
    `pay:<values>:<card>` (JU 47 [G 16]: one credit takes 1 off the cost, no bill moves)."""
    from .hand import credits
    cash = st.families[fam].cash
    opts = [option(f"pay:{values_text(p)}", paid(p, cost), bills=values_text(p))
            for p in payments(cash, cost)]
    if credit and cost > 0:
        for card in credits(st, fam):
            label = DATA.card(card).name
            opts += [option(f"pay:{values_text(p)}:{card}", f"Use the {label} credit: "
                            + paid(p, cost - 1).lower(), bills=values_text(p), credit=card)
                     for p in payments(cash, cost - 1)]
    return opts


def paid(bills: Sequence[int], cost: int) -> str:
    """JU 17.4: which bills pay `cost`, and that no change is given for an overpayment."""
    if not bills:
        return "Pay nothing"
    what = (f"a {bills[0]} million bill" if len(bills) == 1 else
            f"bills of {values_text(bills)} million")
    over = sum(bills) - cost
    return f"Pay with {what}" + (f" ({over} million over: no change is given)" if over > 0
                                 else "")


def can_afford(st: JuntaState, fam: int, cost: int, credit: bool = True) -> bool:
    """Whether some payment exists: cash covers the cost (less one credit, JU 47)."""
    from .hand import credits
    discount = 1 if credit and cost > 0 and credits(st, fam) else 0
    return total(st.families[fam].cash) >= cost - discount


class PayProc(Proc[JuntaState]):
    """JU 17.4: the payer picks the bills (no change); with one way to pay it is made at once.
    vars: fam, cost, what, to (a family, or NOBODY for the aid deck), credit."""

    name = "pay"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        v = fr.vars
        opts = payment_options(st, v["fam"], v["cost"], v["credit"])
        if not opts:  # JU 20.5 Burglars: all his cash if he has less
            cash = sorted((value(b) for b in st.families[v["fam"]].cash), reverse=True)
            opts = [option(f"pay:{values_text(cash)}", f"Pay all you have ({sum(cash)} "
                           "million)", bills=values_text(cash))]
        if not must_ask(st, v["fam"], len(opts) > 1):
            return []
        return [ask(st, v["fam"], "pay", f"Pay {v['cost']} million for {v['what']}.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        self.apply(ctx, st, fr, c.option_id or "")

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        v = fr.vars
        opts = payment_options(st, v["fam"], v["cost"], v["credit"])
        if opts:
            self.apply(ctx, st, fr, opts[0].id)
        else:  # JU 20.5 Burglars: he pays all his cash if he has less
            self.transfer(ctx, st, fr, [value(b) for b in st.families[v["fam"]].cash])

    def apply(self, ctx: Ctx, st: JuntaState, fr: Frame, option_id: str) -> None:
        p = option_id.split(":")
        values = [] if p[1] == "none" else [int(x) for x in p[1].split("+")]
        if len(p) > 2:
            st.credits.append(DATA.card_index[p[2]])
            ctx.emit("junta.credit", f"{name(st, fr.vars['fam'])} uses the "
                     f"{DATA.card(p[2]).name} finance credit.",
                     {"player": fr.vars["fam"], "card": p[2]})
        self.transfer(ctx, st, fr, values)

    def transfer(self, ctx: Ctx, st: JuntaState, fr: Frame, values: list[int]) -> None:
        v = fr.vars
        if v["to"] == NOBODY or not is_alive(st, v["to"]):
            pay_cost(ctx, st, v["fam"], values, v["what"])
        else:
            bills = take(st.families[v["fam"]].cash, values)
            st.families[v["to"]].cash.extend(bills)
            ctx.emit("junta.paid", f"{name(st, v['fam'])} pays {name(st, v['to'])} "
                     f"{len(bills)} bills for {v['what']}.",
                     {"player": v["fam"], "to": v["to"], "bills": len(bills)})
            ctx.emit("junta.paid_values", f"{values_text(values)} million change hands.",
                     {"values": values}, seats=parties(st, v["fam"], v["to"]))
        pop(st)


def pay(st: JuntaState, fam: int, cost: int, what: str, to: int = NOBODY,
        credit: bool = True) -> None:
    """Push a payment (decided or automatic)."""
    push(st, "pay", fam=fam, cost=cost, what=what, to=to, credit=credit)


PROCS: Final[tuple[Proc[JuntaState], ...]] = (PayProc(),)
