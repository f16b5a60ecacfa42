"""§2 Sequence of play: card flow, eligibility, 1st/2nd Eligible options, LimOp, Pass, and
the window for a bonus free LimOp after a paid Operation without a Special Activity (AA 2.3.6
Ship, CL 2.3.6 the free LimOp for Cash).

Two procs run on the kernel's flow stack:
- `coin.deck` (§2.2, 2.3.8): plays the current card, then reveals the next one;
- `coin.card` (§2.3.2-2.3.7): asks the Eligible factions in the card's order.
A game supplies its specifics through a `SequenceRules` object, and its bonus LimOp (how it is
paid for, who is asked, the option ids) through a `BonusLimOp` object: the card proc opens
the window, runs the game's decisions in it, and runs the free LimOp the game grants.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final, Protocol

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, decision_id, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .state import CoinState
from .words import Words

FIRST_OP: Final = "op"
FIRST_OP_SA: Final = "op_sa"
FIRST_EVENT: Final = "event"


class SequenceRules(Protocol):
    """What the sequence of play asks of a game. `faction_names` are ids (option args, event
    data); `words` what a player reads (labels, event texts)."""

    faction_names: tuple[str, ...]
    words: Words

    def faction_order(self, st: Any, card: int) -> list[int]: ...
    def is_propaganda(self, card: int) -> bool: ...
    def pass_gain(self, faction: int) -> int: ...
    def pass_reward(self, st: Any, faction: int) -> int: ...
    def event_options(self, st: Any, faction: int) -> list[Option]: ...
    def op_options(self, st: Any, faction: int, limited: bool, free: bool) -> list[Option]: ...
    def begin_op(self, st: Any, faction: int, op: str, limited: bool, free: bool) -> None: ...
    def begin_event(self, st: Any, faction: int, side: str) -> None: ...
    def final_event_card(self, st: Any) -> bool: ...
    def begin_propaganda(self, ctx: Ctx, st: Any) -> None: ...
    def game_over(self, st: Any) -> bool: ...
    def executors_ineligible(self, st: Any) -> bool: ...


class BonusLimOp(Protocol):
    """§2.3.6 a free LimOp a faction may get after its paid Operation without a Special
    Activity, once per card. `open` is asked first (it may keep vars in the card's frame `v`)
    and says whether to offer it, in the card phase `phase`; the game's decisions run in its
    `phases`; a choice that grants the LimOp records the faction in `st.bonus_used` and sets
    `v["ph"] = GRANTED` (the card proc then asks for the free LimOp); one that ends the
    window sets `v["ph"] = "pick"`."""

    phases: tuple[str, ...]

    def open(self, st: Any, cur: int, v: dict[str, Any]) -> bool: ...
    def decision(self, st: Any, v: dict[str, Any]) -> Decision: ...
    def choose(self, ctx: Ctx, st: Any, v: dict[str, Any], verb: str, arg: str) -> None: ...


GRANTED: Final = "bonus_op"  # the card phase in which the granted free LimOp is chosen


def op_option(words: Words, verb: str, op: str, free: bool) -> Option:
    """§2.3.4-2.3.5 an Operation option: `op:<op>` (with or without a Special Activity) or
    `limop:<op>` (1 space, none)."""
    name = words.op(op)
    if verb == "op":
        label = f"{name} (Operation, with or without a Special Activity)"
    else:
        label = f"{'Free ' if free else ''}{name} as a Limited Operation (1 space, no Special " \
                "Activity)"
    return option(f"{verb}:{op}", label, op=op)


def eligible_queue(rules: SequenceRules, st: CoinState, card: int) -> list[int]:
    """§2.3.2 Eligible factions in the card's faction order."""
    return [f for f in rules.faction_order(st, card) if st.eligible[f]]


def card_vars(st: CoinState) -> dict[str, Any] | None:
    """The vars of the Event card being played (the `coin.card` frame), for limits that
    last one card; None outside a card (Propaganda)."""
    return next((f.vars for f in reversed(st.stack) if f.proc == "coin.card"), None)


def adjust_eligibility(st: CoinState, executors_ineligible: bool = True) -> None:
    """§2.3.7 Executors become Ineligible (unless an option says otherwise, AA 2.3.1 B),
    everyone else Eligible; Event overrides last."""
    for f in range(len(st.eligible)):
        st.eligible[f] = not executors_ineligible or f not in st.acted
    for f in st.set_ineligible:
        st.eligible[f] = False
    for f in st.set_eligible:
        st.eligible[f] = True
    st.acted, st.set_ineligible, st.set_eligible, st.bonus_used = [], [], [], []


def draw(ctx: Ctx, st: CoinState) -> None:
    """§2.3.8 the upcoming card becomes the current one."""
    st.played.append(st.deck.pop())


@mypyc_attr(allow_interpreted_subclasses=True)
class DeckProc(Proc[Any]):
    """§2.2, 2.3.8 Play the current card; then make the upcoming card current (`next_card`:
    a game's own way, CL 2.3.8 the sudden Propaganda swap; it must play one card)."""

    name = "coin.deck"

    def __init__(self, rules: SequenceRules,
                 next_card: Callable[[Ctx, Any], None] | None = None) -> None:
        self.rules = rules
        self.next_card = next_card or draw

    def step(self, ctx: Ctx, st: CoinState, fr: Frame) -> None:
        if self.rules.game_over(st):
            pop(st)
            return
        if fr.vars.get("ph") == "next":
            if not st.deck:
                pop(st)
                return
            self.next_card(ctx, st)
            ctx.emit("coin.card", f"Now playing {self.rules.words.card(st.played[-1])}.",
                     {"card": st.played[-1]})
        fr.vars["ph"] = "next"
        card = st.played[-1]
        if self.rules.is_propaganda(card):
            self.rules.begin_propaganda(ctx, st)
        else:
            push(st, "coin.card", queue=eligible_queue(self.rules, st, card), done=0,
                 first="", ph="pick")


@mypyc_attr(allow_interpreted_subclasses=True)
class CardProc(Proc[Any]):
    """§2.3.3-2.3.7 The 1st and 2nd Eligible act on one Event card."""

    name = "coin.card"

    def __init__(self, rules: SequenceRules, bonus: BonusLimOp | None = None) -> None:
        self.rules = rules
        self.bonus = bonus
        self.asking = ("act", GRANTED, *(bonus.phases if bonus else ()))

    # -- automatic steps -------------------------------------------------------

    def step(self, ctx: Ctx, st: CoinState, fr: Frame) -> None:
        v = fr.vars
        ph = v["ph"]
        if ph == "pick":
            if v["done"] >= 2 or not v["queue"]:
                adjust_eligibility(st, self.rules.executors_ineligible(st))
                pop(st)
                return
            v["cur"] = v["queue"].pop(0)
            v["ph"] = "act"
        elif ph == "back_op":
            self._after_op(st, v)
        elif ph == "back_event":
            if v["done"] == 1:
                v["first"] = FIRST_EVENT
            v["ph"] = "pick"
        elif ph == "back_bonus":
            v["ph"] = "pick"

    def _after_op(self, st: CoinState, v: dict[str, Any]) -> None:
        cur = v["cur"]
        if v["done"] == 1:
            v["first"] = FIRST_OP_SA if v.get("sa") else FIRST_OP
        v["ph"] = "pick"
        if v.get("sa") or cur in st.bonus_used or self.bonus is None:
            return
        if self.bonus.open(st, cur, v) and self.rules.op_options(st, cur, True, True):
            v["ph"] = self.bonus.phases[0]

    # -- decisions -------------------------------------------------------------

    def waits(self, st: CoinState, fr: Frame) -> bool:
        return fr.vars["ph"] in self.asking

    def decisions(self, st: CoinState, fr: Frame) -> list[Decision]:
        v = fr.vars
        ph = v["ph"]
        if ph == "act":
            return [self._act_decision(st, v)]
        if ph == GRANTED:
            opts = self.rules.op_options(st, v["cur"], True, True)
            return [self._decision(st, v["cur"], "coin.choose_op", "Choose the free LimOp.", opts)]
        if self.bonus and ph in self.bonus.phases:
            return [self.bonus.decision(st, v)]
        return []

    def _decision(self, st: CoinState, faction: int, kind: str, prompt: str,
                  opts: list[Option]) -> Decision:
        seat = st.seat_of[faction]
        return Decision(decision_id(st.serial, seat), seat, kind,
                        f"{self.rules.words.factions[faction]}: {prompt}", tuple(opts))

    def _act_decision(self, st: CoinState, v: dict[str, Any]) -> Decision:
        cur, first = v["cur"], v["first"]
        final = self.rules.final_event_card(st)
        gain = self.rules.pass_gain(cur)
        opts = [pass_option(gain)]
        if v["done"] == 0:
            role = "1st Eligible"
            opts += self.rules.event_options(st, cur)
            opts += self.rules.op_options(st, cur, final, False)
        else:
            role = "2nd Eligible"
            if first == FIRST_OP_SA:
                opts += self.rules.event_options(st, cur)
            opts += self.rules.op_options(st, cur, final or first != FIRST_EVENT, False)
        return self._decision(st, cur, "coin.eligible", f"{role}: choose an action.", opts)

    def choose(self, ctx: Ctx, st: CoinState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        cur = v["cur"]
        fid, name, words = self.rules.faction_names[cur], self.rules.words.factions[cur], \
            self.rules.words
        if verb == "pass":
            gain = self.rules.pass_reward(st, cur)
            ctx.emit("coin.pass", f"{name} passes (+{gain} Resources).",
                     {"faction": fid, "amount": gain})
            v["ph"] = "pick"
        elif verb == "event":
            self._execute(st, v, cur)
            v["ph"] = "back_event"
            card = st.played[-1]
            ctx.emit("coin.event", f"{name} executes the {arg} Event of {words.card(card)}.",
                     {"faction": fid, "side": arg, "card": card})
            self.rules.begin_event(st, cur, arg)
        elif verb in ("op", "limop") and v["ph"] == "act":
            self._execute(st, v, cur)
            v["ph"], v["sa"] = "back_op", ""
            lim = " as a Limited Operation" if verb == "limop" else ""
            ctx.emit("coin.op", f"{name} executes {words.op(arg)}{lim}.",
                     {"faction": fid, "op": arg, "limited": verb == "limop"})
            self.rules.begin_op(st, cur, arg, verb == "limop", False)
        else:
            self._choose_bonus(ctx, st, v, verb, arg)

    def _execute(self, st: CoinState, v: dict[str, Any], cur: int) -> None:
        v["done"] += 1
        if cur not in st.acted:
            st.acted.append(cur)

    def _choose_bonus(self, ctx: Ctx, st: CoinState, v: dict[str, Any], verb: str,
                      arg: str) -> None:
        """§2.3.6 the free LimOp granted, or a choice in the game's bonus window."""
        cur = v["cur"]
        if verb == "limop" and v["ph"] == GRANTED:
            v["ph"] = "back_bonus"
            ctx.emit("coin.op", f"{self.rules.words.factions[cur]} executes a free "
                     f"{self.rules.words.op(arg)} as a Limited Operation.",
                     {"faction": self.rules.faction_names[cur], "op": arg, "limited": True,
                      "free": True})
            self.rules.begin_op(st, cur, arg, True, True)
        elif self.bonus is not None:
            self.bonus.choose(ctx, st, v, verb, arg)


@functools.cache
def pass_option(gain: int) -> Option:
    """§2.3.3 `pass` (made once per gain: an option is a frozen value)."""
    return option("pass", f"Pass: +{gain} Resource{'s' if gain != 1 else ''}, stay Eligible")
