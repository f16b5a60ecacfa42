"""§2 Sequence of play: card flow, eligibility, 1st/2nd Eligible options, LimOp, Pass, and
the bonus free LimOp paid with a marker (AA 2.3.6 Ship, CL 2.3.6 Launder).

Two procs run on the kernel's flow stack:
- `coin.deck` (§2.2, 2.3.8): plays the current card, then reveals the next one;
- `coin.card` (§2.3.2-2.3.7): asks the Eligible factions in the card's order.
A game supplies its specifics through a `SequenceRules` object.
"""

from __future__ import annotations

from typing import Any, Protocol

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, decision_id, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .state import CoinState
from .words import Words

FIRST_OP, FIRST_OP_SA, FIRST_EVENT = "op", "op_sa", "event"


class SequenceRules(Protocol):
    """What the sequence of play asks of a game. `faction_names` are ids (option args, event
    data); `words` what a player reads (labels, event texts)."""

    faction_names: tuple[str, ...]
    words: Words

    def faction_order(self, st: Any, card: int) -> list[int]: ...
    def is_propaganda(self, card: int) -> bool: ...
    def pass_gain(self, faction: int) -> int: ...
    def pass_reward(self, st: Any, faction: int) -> int: ...
    def bonus_token_label(self, st: Any, token: int) -> str: ...
    def event_options(self, st: Any, faction: int) -> list[Option]: ...
    def op_options(self, st: Any, faction: int, limited: bool, free: bool) -> list[Option]: ...
    def begin_op(self, st: Any, faction: int, op: str, limited: bool, free: bool) -> None: ...
    def begin_event(self, st: Any, faction: int, side: str) -> None: ...
    def final_event_card(self, st: Any) -> bool: ...
    def begin_propaganda(self, ctx: Ctx, st: Any) -> None: ...
    def game_over(self, st: Any) -> bool: ...
    def bonus_tokens(self, st: Any, faction: int) -> list[int]: ...
    def spend_bonus_token(self, ctx: Ctx, st: Any, token: int) -> None: ...
    def may_help(self, st: Any, helper: int, faction: int) -> bool: ...
    def executors_ineligible(self, st: Any) -> bool: ...


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


class DeckProc(Proc[Any]):
    """§2.2, 2.3.8 Play the current card; then make the upcoming card current."""

    name = "coin.deck"

    def __init__(self, rules: SequenceRules) -> None:
        self.rules = rules

    def step(self, ctx: Ctx, st: CoinState, fr: Frame) -> None:
        if self.rules.game_over(st):
            pop(st)
            return
        if fr.vars.get("ph") == "next":
            if not st.deck:
                pop(st)
                return
            st.played.append(st.deck.pop())
            ctx.emit("coin.card", f"Now playing {self.rules.words.card(st.played[-1])}.",
                     {"card": st.played[-1]})
        fr.vars["ph"] = "next"
        card = st.played[-1]
        if self.rules.is_propaganda(card):
            self.rules.begin_propaganda(ctx, st)
        else:
            push(st, "coin.card", queue=eligible_queue(self.rules, st, card), done=0,
                 first="", ph="pick")


class CardProc(Proc[Any]):
    """§2.3.3-2.3.7 The 1st and 2nd Eligible act on one Event card."""

    name = "coin.card"

    def __init__(self, rules: SequenceRules) -> None:
        self.rules = rules

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
        if v.get("sa") or cur in st.bonus_used:
            return
        v["asked"] = []  # each faction may ask every helper once, whoever asked before
        # a marker to spend (own or a helper's), then a free LimOp to spend it on
        if not (self.rules.bonus_tokens(st, cur) or self._helpers(st, cur, v)):
            return
        if self.rules.op_options(st, cur, True, True):
            v["ph"] = "bonus"

    def _helpers(self, st: CoinState, cur: int, v: dict[str, Any]) -> list[int]:
        asked = v.get("asked", [])
        return [g for g in range(len(st.eligible)) if g != cur and g not in asked
                and self.rules.bonus_tokens(st, g) and self.rules.may_help(st, g, cur)]

    # -- decisions -------------------------------------------------------------

    def waits(self, st: CoinState, fr: Frame) -> bool:
        return fr.vars["ph"] in ("act", "bonus", "help", "bonus_op")

    def decisions(self, st: CoinState, fr: Frame) -> list[Decision]:
        v = fr.vars
        ph = v["ph"]
        if ph == "act":
            return [self._act_decision(st, v)]
        if ph == "bonus":
            return [self._bonus_decision(st, v)]
        if ph == "help":
            return [self._help_decision(st, v)]
        if ph == "bonus_op":
            opts = self.rules.op_options(st, v["cur"], True, True)
            return [self._decision(st, v["cur"], "coin.choose_op", "Choose the free LimOp.", opts)]
        return []

    def _bonus_decision(self, st: CoinState, v: dict[str, Any]) -> Decision:
        """§2.3.6 Ship: spend an own marker or ask a helper for one."""
        cur, words = v["cur"], self.rules.words
        opts = [option(f"ship:{t}", f"Spend {self.rules.bonus_token_label(st, t)} for a free "
                       "Limited Operation", shipment=str(t))
                for t in self.rules.bonus_tokens(st, cur)]
        opts += [option(f"ask:{self.rules.faction_names[g]}", f"Ask the {words.factions[g]} to "
                        "spend one of theirs for your free Limited Operation",
                        faction=self.rules.faction_names[g])
                 for g in self._helpers(st, cur, v)]
        opts.append(option("decline", "No free Limited Operation"))
        return self._decision(st, cur, "coin.bonus_limop",
                              "Spend a marker for a free Limited Operation?", opts)

    def _help_decision(self, st: CoinState, v: dict[str, Any]) -> Decision:
        g, name = v["helper"], self.rules.words.factions[v["cur"]]
        opts = [option(f"give:{t}", f"Spend {self.rules.bonus_token_label(st, t)} for a free "
                       f"Limited Operation of the {name}", shipment=str(t))
                for t in self.rules.bonus_tokens(st, g)]
        opts.append(option("refuse", f"Refuse: keep your markers from the {name}"))
        return self._decision(st, g, "coin.bonus_help",
                              f"Give a marker for a free Limited Operation of the {name}?", opts)

    def _decision(self, st: CoinState, faction: int, kind: str, prompt: str,
                  opts: list[Option]) -> Decision:
        seat = st.seat_of[faction]
        return Decision(decision_id(st.serial, seat), seat, kind,
                        f"{self.rules.words.factions[faction]}: {prompt}", tuple(opts))

    def _act_decision(self, st: CoinState, v: dict[str, Any]) -> Decision:
        cur, first = v["cur"], v["first"]
        final = self.rules.final_event_card(st)
        gain = self.rules.pass_gain(cur)
        opts = [option("pass", f"Pass: +{gain} Resource{'s' if gain != 1 else ''}, stay "
                       "Eligible")]
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
        """§2.3.6 Ship: a marker removed by the executor or a helper buys one free LimOp."""
        cur = v["cur"]
        if verb in ("ship", "give"):
            self.rules.spend_bonus_token(ctx, st, int(arg))
            st.bonus_used.append(cur)
            v["ph"] = "bonus_op"
        elif verb == "ask":
            g = self.rules.faction_names.index(arg)
            v["asked"].append(g)
            v["ph"], v["helper"] = "help", g
        elif verb == "refuse":
            v["ph"] = "bonus"
        elif verb == "decline":
            v["ph"] = "pick"
        elif verb == "limop":
            v["ph"] = "back_bonus"
            ctx.emit("coin.op", f"{self.rules.words.factions[cur]} executes a free "
                     f"{self.rules.words.op(arg)} as a Limited Operation.",
                     {"faction": self.rules.faction_names[cur], "op": arg, "limited": True,
                      "free": True})
            self.rules.begin_op(st, cur, arg, True, True)
