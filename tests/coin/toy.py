"""A toy COIN game used to test services/coin apart from any real game: three factions,
two spaces, one Operation ("act", 1 Resource per space) with one Special Activity, an Event
on every card, and bonus tokens for the free LimOp (Ship / Launder)."""

from __future__ import annotations

from typing import Any

from services.coin.operations import OperationProc, OpSpec, SaSpec, op_frame
from services.coin.pieces import PieceTable
from services.coin.sequence import CardProc, DeckProc
from services.coin.state import CoinState
from services.coin.words import Words
from services.kernel import rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option
from services.kernel.flow import Flow, Proc, pop, push
from services.kernel.state import Frame

NAMES = ("red", "blue", "green")
SPACES = ("north", "south")
TABLE = PieceTable(("cube", "blue_u", "blue_a", "blue_base", "green_u", "green_a"),
                   faction=(0, 1, 1, 1, 2, 2), pool=(0, 1, 1, 3, 4, 4), base=(3,), cube=(0,),
                   flip={1: 2, 2: 1, 4: 5, 5: 4})
ORDER = {1: [0, 1, 2], 2: [2, 1, 0], 3: [1, 0, 2], 9: []}
WORDS = Words(("Red", "Blue", "Green"), ("North", "South"), {"act": "Act"}, {"boost": "Boost"},
              {1: "One", 2: "Two", 3: "Three", 9: "Nine"})


class ToyState(CoinState, kw_only=True):
    tokens: list[int] = []  # owner of each bonus token, -1 spent
    log: list[str] = []


class Act(OpSpec):
    name = "act"

    def __init__(self, f: int) -> None:
        self.faction = f

    def candidates(self, st: Any, v: dict[str, Any]) -> range:
        return range(2)

    def selectable(self, st: Any, v: dict[str, Any], s: int) -> bool:
        return True

    def cost(self, st: Any, v: dict[str, Any], s: int) -> int:
        return 1

    def select(self, ctx: Ctx, st: Any, v: dict[str, Any], s: int) -> None:
        st.log.append(f"{NAMES[v['f']]} acts in {SPACES[s]}")


class Boost(SaSpec):
    name = "boost"

    def __init__(self, f: int) -> None:
        self.faction = f

    def allowed(self, st: Any, op: dict[str, Any]) -> bool:
        return True

    def begin(self, ctx: Ctx, st: Any, op: dict[str, Any]) -> None:
        push(st, "toy.boost")


class BoostProc(Proc[Any]):
    name = "toy.boost"

    def step(self, ctx: Ctx, st: Any, fr: Frame) -> None:
        st.resources[0] += 0
        st.log.append("boost")
        pop(st, sa="boost")


class EventProc(Proc[Any]):
    name = "toy.event"

    def step(self, ctx: Ctx, st: Any, fr: Frame) -> None:
        st.log.append(f"{NAMES[fr.vars['f']]} event {fr.vars['side']}")
        pop(st)


class ToyRules:
    faction_names: tuple[str, ...] = NAMES
    words = WORDS

    def faction_order(self, st: Any, card: int) -> list[int]:
        return ORDER[card]

    def is_propaganda(self, card: int) -> bool:
        return card == 9

    def pass_gain(self, faction: int) -> int:
        return 2

    def pass_reward(self, st: Any, faction: int) -> int:
        st.resources[faction] += 2
        return 2

    def bonus_token_label(self, st: Any, token: int) -> str:
        return f"token {token}"

    def event_options(self, st: Any, faction: int) -> list[Option]:
        return [option("event:unshaded", "The Event", side="unshaded")]

    def op_options(self, st: Any, faction: int, limited: bool, free: bool) -> list[Option]:
        if not free and st.resources[faction] < 1:
            return []
        verb = "limop" if limited else "op"
        return [option(f"{verb}:act", f"Act ({verb})", op="act")]

    def begin_op(self, st: Any, faction: int, op: str, limited: bool, free: bool) -> None:
        push(st, "coin.op", **op_frame(faction, op, limited, free))

    def begin_event(self, st: Any, faction: int, side: str) -> None:
        push(st, "toy.event", f=faction, side=side)

    def final_event_card(self, st: Any) -> bool:
        return False

    def begin_propaganda(self, ctx: Ctx, st: Any) -> None:
        st.log.append("propaganda")

    def game_over(self, st: Any) -> bool:
        return False

    def bonus_tokens(self, st: Any, faction: int) -> list[int]:
        return [i for i, o in enumerate(st.tokens) if o == faction]

    def spend_bonus_token(self, ctx: Ctx, st: Any, token: int) -> None:
        st.tokens[token] = -1

    def may_help(self, st: Any, helper: int, faction: int) -> bool:
        return True

    def executors_ineligible(self, st: Any) -> bool:
        return True


RULES = ToyRules()
OPERATION = OperationProc([Act(f) for f in range(3)], [Boost(f) for f in range(3)], SPACES,
                          NAMES, WORDS)
FLOW: Flow[Any] = Flow([DeckProc(RULES), CardProc(RULES), OPERATION, BoostProc(),
                        EventProc()])


def toy(cards: list[int], resources: list[int] | None = None) -> ToyState:
    """A toy table whose played pile starts with cards[0]; the rest follow in order."""
    st = ToyState(seats=3, seed=0, rng=rng.seeded(0), seat_of=[0, 1, 2],
                  pieces=[0] * (2 * TABLE.n), avail=[5, 4, 0, 2, 3, 0], support=[0, 0],
                  resources=resources or [5, 5, 5], eligible=[True] * 3,
                  played=[cards[0]], deck=list(reversed(cards[1:])))
    push(st, "coin.deck", ph="play")
    FLOW.advance(Ctx(), st)
    return st
