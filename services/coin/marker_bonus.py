"""§2.3.6 a free LimOp paid with a marker (AA Ship: a Shipment; CL Launder: a Cash marker):
a `BonusLimOp` for coin.sequence's card proc. After its paid Operation without a Special
Activity, the faction may spend a marker it owns, or ask another player's faction holding
one, which spends one of its own or refuses; each helper is asked once per faction and card
(§1.5.1); declining ends the window.

A game subclasses `MarkerBonus` with its board, its option verbs and words (`MarkerWords`:
stored ids stay each game's own) and says which markers a faction owns (`tokens`), how one
reads (`label`) and what spending it does (`spend`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import Decision, Option, option

from .board import Board
from .sequence import GRANTED


@dataclass(frozen=True)
@mypyc_attr(allow_interpreted_subclasses=True)
class MarkerWords:
    """The ids and words of one game's marker bonus. Verbs: own (spend one's own marker),
    ask (ask a helper), give (the helper spends one); `arg` names the marker in option args;
    `spend` is the verb of the labels ("Spend", "Remove"); `theirs` what a helper is asked to
    spend ("one of theirs")."""

    phases: tuple[str, str]
    kinds: tuple[str, str]
    own: str
    ask: str
    give: str
    arg: str
    spend: str
    theirs: str


@mypyc_attr(allow_interpreted_subclasses=True)
class MarkerBonus(ABC):
    board: ClassVar[Board[Any]]
    words: ClassVar[MarkerWords]

    def __init__(self) -> None:
        self.phases: tuple[str, ...] = self.words.phases

    @abstractmethod
    def tokens(self, st: Any, f: int) -> list[int]:
        """The markers faction f owns."""

    @abstractmethod
    def label(self, st: Any, token: int) -> str:
        """"the Shipment in Huila"."""

    @abstractmethod
    def spend(self, ctx: Ctx, st: Any, token: int, cur: int) -> None:
        """Spend the marker for faction cur's free LimOp (remove it, tell the log)."""

    def may_use(self, st: Any, cur: int) -> bool:
        """Whether the faction may get the bonus at all (CL 8.1: never a Non-player)."""
        return True

    def may_help(self, st: Any, cur: int, g: int) -> bool:
        """§1.5.1: another player's faction."""
        return bool(st.seat_of[g] != st.seat_of[cur])

    def open(self, st: Any, cur: int, v: dict[str, Any]) -> bool:
        v["asked"] = []  # each faction may ask every helper once, whoever asked before
        if not self.may_use(st, cur):
            return False
        return bool(self.tokens(st, cur) or self.helpers(st, cur, v))

    def helpers(self, st: Any, cur: int, v: dict[str, Any]) -> list[int]:
        """Factions that may help, hold a marker, and were not asked yet on this card."""
        asked = v.get("asked", [])
        return [g for g in range(len(st.eligible)) if g != cur and g not in asked
                and self.may_help(st, cur, g) and self.tokens(st, g)]

    def decision(self, st: Any, v: dict[str, Any]) -> Decision:
        return self.own_decision(st, v) if v["ph"] == self.words.phases[0] else \
            self.help_decision(st, v)

    def own_decision(self, st: Any, v: dict[str, Any]) -> Decision:
        w, cur = self.words, v["cur"]
        opts = [self.token_option(w.own, st, t, "") for t in self.tokens(st, cur)]
        opts += [option(f"{w.ask}:{self.board.faction_ids[g]}", f"Ask the "
                        f"{self.board.faction(g)} to {w.spend.lower()} {w.theirs} for your "
                        "free Limited Operation", faction=self.board.faction_ids[g])
                 for g in self.helpers(st, cur, v)]
        opts.append(option("decline", "No free Limited Operation"))
        return self.board.decide(st, cur, w.kinds[0], f"{w.spend} a marker for a free Limited "
                                 "Operation?", opts)

    def help_decision(self, st: Any, v: dict[str, Any]) -> Decision:
        w, g, name = self.words, v["helper"], self.board.faction(v["cur"])
        opts = [self.token_option(w.give, st, t, f" of the {name}") for t in self.tokens(st, g)]
        opts.append(option("refuse", f"Refuse: keep your markers from the {name}"))
        return self.board.decide(st, g, w.kinds[1], f"Give a marker for a free Limited "
                                 f"Operation of the {name}?", opts)

    def token_option(self, verb: str, st: Any, t: int, whose: str) -> Option:
        w = self.words
        return option(f"{verb}:{t}", f"{w.spend} {self.label(st, t)} for a free Limited "
                      f"Operation{whose}", **{w.arg: str(t)})

    def choose(self, ctx: Ctx, st: Any, v: dict[str, Any], verb: str, arg: str) -> None:
        w = self.words
        if verb in (w.own, w.give):
            self.spend(ctx, st, int(arg), v["cur"])
            st.bonus_used.append(v["cur"])
            v["ph"] = GRANTED
        elif verb == w.ask:
            g = self.board.faction_ids.index(arg)
            v["asked"].append(g)
            v["ph"], v["helper"] = w.phases[1], g
        elif verb == "refuse":
            v["ph"] = w.phases[0]
        elif verb == "decline":
            v["ph"] = "pick"
