"""Phase D, decrees (CU 5.D): laws in force applied in category order I-IV.

Tax (I) and tax in kind (II) are one decision per player in turn order
[CU-G-27]; the subsidy (III) and the market laws (IV) need no decision.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .constants import (
    ITEM_IDS,
    ITEM_INDEX,
    Category,
    FieldClass,
    Item,
    LawKind,
    Phase,
    SubsidyCounter,
    votes_of,
)
from .data import DATA, Law
from .decide import ask, opt, split
from .economy import held, pay, score, spend
from .farm import count_open
from .laws import buildings_owned, in_force, tax_due
from .market import adjust_market
from .state import CubaState
from .words import bundle, bundle_counts, counts_text, plural

DECLINE: Final = "decline"


class DecreesProc(Proc[CubaState]):
    name = "decrees"

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        stage = fr.vars.setdefault("stage", 0)
        fr.vars["stage"] = stage + 1
        if stage == 0:
            st.phase = Phase.DECREES
            for p in st.players:
                p.paid_tax = p.paid_duty = False
            queue(st, "pay_tax", Category.TAX)
        elif stage == 1:
            queue(st, "pay_duty", Category.TAX_IN_KIND)
        elif stage == 2:
            apply_subsidy(ctx, st)
        else:
            apply_market_law(ctx, st)
            pop(st)


def queue(st: CubaState, proc: str, cat: Category) -> None:
    """One decision frame per player, in turn order (pushed in reverse)."""
    if in_force(st, cat) is None:
        return
    for seat in reversed(st.order()):
        push(st, proc, seat=seat)


class PayTaxProc(Proc[CubaState]):
    """CU 5.D.1: pay the tax to the bank for its VP, or not [CU-G-09]."""

    name = "pay_tax"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        tax = current(st, Category.TAX)
        due = tax_due(st, seat, tax)
        if st.players[seat].money < due:
            return []
        options = [opt("pay", f"Pay {plural(due, 'peso')} tax for {tax.vp} VP", pesos=due,
                       vp=tax.vp),
                   opt(DECLINE, "Do not pay the tax (no VP)")]
        return [ask(st, seat, "pay_tax", f"Tax ({tax.name}): pay?", options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        seat = d.seat
        if c.option_id != DECLINE:
            tax = current(st, Category.TAX)
            due = tax_due(st, seat, tax)
            pay(st, seat, due)
            score(st, seat, tax.vp)
            st.players[seat].paid_tax = True
            ctx.emit("cuba.tax_paid", f"Seat {seat} pays {plural(due, 'peso')} tax for "
                     f"{tax.vp} VP.",
                     {"seat": seat, "pesos": due, "vp": tax.vp})
        else:
            ctx.emit("cuba.tax_declined", f"Seat {seat} does not pay the tax.", {"seat": seat})
        pop(st)

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        ctx.emit("cuba.tax_unpaid", f"Seat {fr.vars['seat']} cannot pay the tax.",
                 {"seat": fr.vars["seat"]})
        pop(st)


def current(st: CubaState, cat: Category) -> Law:
    law = in_force(st, cat)
    assert law is not None
    return law


def duty_payments(st: CubaState, seat: int, duty: Law) -> list[tuple[int, ...]]:
    """CU 5.D.2 / CU 10.2: the item bundles this seat can give for the law in force."""
    p = st.players[seat]
    if duty.kind is LawKind.DUTY_ITEMS:
        bundle = tuple(i for i, n in enumerate(duty.items) for _ in range(n))
        return [bundle] if all(held(p, i) >= n for i, n in enumerate(duty.items)) else []
    return [combo for combo, needs in duty_combos(duty.allowed, duty.count)
            if all(held(p, i) >= n for i, n in needs)]


@cache
def duty_combos(allowed: tuple[int, ...], count: int) -> tuple[tuple[tuple[int, ...],
                                                                    tuple[tuple[int, int], ...]],
                                                              ...]:
    """CU 10.2: every bundle of `count` items among `allowed` (repeats allowed), each with
    how many of each item it needs, in the order `duty_payments` offers them."""
    return tuple((combo, tuple((i, combo.count(i)) for i in set(combo)))
                 for combo in combinations_with_replacement(allowed, count))


class PayDutyProc(Proc[CubaState]):
    """CU 5.D.2: give the demanded items to the supply for 2 VP; +1 VP with the tax."""

    name = "pay_duty"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        duty = current(st, Category.TAX_IN_KIND)
        bundles = duty_payments(st, seat, duty)
        if not bundles:
            return []
        base, bonus = duty_vp(st, seat, duty)
        options: list[Option] = [duty_option(b, base, bonus) for b in bundles]
        options.append(opt(DECLINE, "Do not give (no VP)"))
        return [ask(st, seat, "pay_duty", f"Tax in kind ({duty.name}): give?", options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        seat = d.seat
        if c.option_id == DECLINE:
            ctx.emit("cuba.duty_declined", f"Seat {seat} does not give.", {"seat": seat})
            pop(st)
            return
        duty = current(st, Category.TAX_IN_KIND)
        items = split(c.option_id)[1]
        for name in items.split("+"):
            spend(st, seat, ITEM_INDEX[name])
        vp = sum(duty_vp(st, seat, duty))
        st.players[seat].paid_duty = True
        score(st, seat, vp)
        given = counts_text(bundle_counts(ITEM_INDEX[x] for x in items.split("+")))
        ctx.emit("cuba.duty_paid", f"Seat {seat} gives {given} for {vp} VP.",
                 {"seat": seat, "items": items, "vp": vp})
        pop(st)

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        ctx.emit("cuba.duty_unpaid", f"Seat {fr.vars['seat']} cannot give the tax in kind.",
                 {"seat": fr.vars["seat"]})
        pop(st)


@cache
def duty_option(items: tuple[int, ...], base: int, bonus: int) -> Option:
    """CU 5.D.2: giving one bundle, for the tax in kind's VP and the bonus for both taxes."""
    vp = base + bonus
    why = f" ({base} + {bonus} for paying both taxes)" if bonus else ""
    return opt(f"give:{bundle_id(items)}", f"Give {counts_text(bundle_counts(items))} for {vp} "
               f"VP{why}", items=bundle_id(items), vp=vp)


def duty_vp(st: CubaState, seat: int, duty: Law) -> tuple[int, int]:
    """CU 5.D.2: the tax in kind's VP and the +1 bonus for a seat that paid the tax too."""
    return duty.vp, DATA.bonus_vp if st.players[seat].paid_tax else 0


def bundle_id(items: tuple[int, ...]) -> str:
    """The option id part of a tax-in-kind payment: `citrus+wood`."""
    return bundle(bundle_counts(items))


def subsidy_counter(st: CubaState, seat: int, counter: str) -> int:
    """CU 10.3: what a subsidy counts for one player."""
    p = st.players[seat]
    C = SubsidyCounter
    counts: dict[str, Callable[[], int]] = {
        C.BUILDINGS: lambda: buildings_owned(st, seat),
        C.OPEN_RESOURCE_FIELDS: lambda: count_open(p, FieldClass.RESOURCE),
        C.OPEN_CROP_FIELDS: lambda: count_open(p, FieldClass.CROP),
        C.WATER_UNITS: lambda: held(p, Item.WATER),
        C.PARLIAMENT_CARD_VALUE: lambda: votes_of(p.parliament_card),
        C.PESOS: lambda: p.money,
    }
    return counts[counter]()


def subsidy_vp(st: CubaState, seat: int, law: Law) -> int:
    """CU 5.D.3: VP = min(counter // divisor, max), counted after taxes are paid."""
    return min(subsidy_counter(st, seat, law.counter) // law.divisor, law.max_vp)


def apply_subsidy(ctx: Ctx, st: CubaState) -> None:
    law = in_force(st, Category.SUBSIDY)
    if law is None:
        return
    gained = {}
    for seat in st.order():
        vp = subsidy_vp(st, seat, law)
        score(st, seat, vp)
        gained[str(seat)] = vp
    ctx.emit("cuba.subsidy", f"{law.name}: " + ", ".join(
        f"seat {s} +{v} VP" for s, v in gained.items()) + ".", {"law": law.id, "vp": gained})


def apply_market_law(ctx: Ctx, st: CubaState) -> None:
    """CU 5.D.4 [CU-G-07]: the market laws act in every decree phase while in force."""
    law = in_force(st, Category.OTHER)
    if law is None or law.kind is not LawKind.MARKET_ADJUST:
        return
    change = adjust_market(st, law.goods, law.delta)
    moved = counts_text({i: abs(k) for i, k in change.items()}, "nothing")
    where = "from the supply onto the market" if law.delta > 0 else "from the market to the supply"
    ctx.emit("cuba.market_law", f"{law.name}: {moved} {where}.",
             {"law": law.id, "change": {ITEM_IDS[i]: k for i, k in change.items()}})


PROCS: Final[tuple[Proc[CubaState], ...]] = (DecreesProc(), PayTaxProc(), PayDutyProc())
