"""JU 47 The political cards: the registry of card handlers by card number, and the one path
by which a card is played.

Each card design (numbers 1..56, `data.py`) has one handler, registered with `@card(n)` in
`cards_01_12.py` .. `cards_49_56.py`; its docstring is the card's text in
`politics_cards.json` (a test checks they agree). Where a card may be played is the data's
`windows` (DATA.md §3), read where each window opens; what it does when played is its
handler. `play_from_hand` puts the card face up (influence) or on the discard pile, pays its
cost (a decision when there is a choice, JU 17.4, with the finance credit), then runs the
handler.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from services.kernel.ctx import Ctx
from services.kernel.errors import RulesBug
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from ..data import DATA, Card
from ..families import name
from ..hand import design, find
from ..money import pay
from ..state import JuntaState


class Play(NamedTuple):
    """A card being played: by which family, which instance, with which option args."""

    fam: int
    inst: int
    args: dict[str, str]


Handler = Callable[[Ctx, JuntaState, Play], None]
CARDS: dict[int, Handler] = {}


def card(number: int) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        if number in CARDS or not 1 <= number <= len(DATA.cards):
            raise ValueError(f"card {number} registered twice or unknown")
        CARDS[number] = fn
        return fn
    return register


def cost_of(c: Card, args: dict[str, str]) -> int:
    """JU 17.4, JU 47: the printed cost; unit bribes cost 1 per unit tried, as one total."""
    return c.cost * int(args.get("count", "1")) if c.per_unit else c.cost


def play_from_hand(ctx: Ctx, st: JuntaState, fam: int, card_id: str,
                   args: dict[str, str]) -> None:
    """Play the family's card of this design: out of the hand, its cost paid, its effect."""
    inst = find(st.families[fam].hand, card_id)
    if inst is None:
        raise RulesBug(f"{name(st, fam)} plays {card_id}, which he does not hold")
    c = design(inst)
    if c.kind != "influence":
        st.families[fam].hand.remove(inst)
        st.discard.append(inst)
        ctx.emit("junta.card_played", f"{name(st, fam)} plays {c.name}.",
                 {"player": fam, "card": c.id})
    acted(ctx, st, fam)
    cost = cost_of(c, args)
    if cost:
        push(st, "card_effect", fam=fam, inst=inst, args=args)
        pay(st, fam, cost, c.name)
    else:
        run(ctx, st, Play(fam, inst, args))


def acted(ctx: Ctx, st: JuntaState, fam: int) -> None:
    """JU 30.1: playing a card in the rebel phase makes a rebel."""
    from ..coup.order import make_rebel
    if st.coup is not None:
        make_rebel(ctx, st, fam)


def run(ctx: Ctx, st: JuntaState, p: Play) -> None:
    CARDS[DATA.design(p.inst).number](ctx, st, p)


class CardEffectProc(Proc[JuntaState]):
    """The effect of a card whose cost has just been paid."""

    name = "card_effect"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)
        run(ctx, st, Play(fr.vars["fam"], fr.vars["inst"], dict(fr.vars["args"])))


PROCS: tuple[Proc[JuntaState], ...] = (CardEffectProc(),)
