"""A toy COIN game used to test services/coin apart from any real game: three factions,
two spaces, one Operation ("act", 1 Resource per space) with one Special Activity, an Event
on every card, and bonus tokens for the free LimOp (the COIN bonus LimOp hook)."""

from __future__ import annotations

from typing import Any

from services.coin.operations import OperationProc, OpSpec, SaSpec, op_frame
from services.coin.pieces import PieceTable
from services.coin.sequence import GRANTED, CardProc, DeckProc
from services.coin.state import CoinState
from services.coin.words import Words
from services.kernel import rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Decision, Option, decision_id, option
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


class Act(OpSpec[ToyState]):
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


class Boost(SaSpec[ToyState]):
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

    def executors_ineligible(self, st: Any) -> bool:
        return True


class Sponsor:
    """The toy's bonus LimOp (the shape of CL 2.3.6): after a paid Operation without a Special
    Activity, the faction may spend one of its tokens (`token:<i>`) for a free LimOp."""

    phases: tuple[str, ...] = ("sponsor",)

    def tokens(self, st: Any, faction: int) -> list[int]:
        return [i for i, o in enumerate(st.tokens) if o == faction]

    def open(self, st: Any, cur: int, v: dict[str, Any]) -> bool:
        return bool(self.tokens(st, cur))

    def decision(self, st: Any, v: dict[str, Any]) -> Decision:
        opts = [option(f"token:{t}", f"Spend token {t} for a free LimOp", token=str(t))
                for t in self.tokens(st, v["cur"])]
        opts.append(option("decline", "No free LimOp"))
        return Decision(decision_id(st.serial, v["cur"]), v["cur"], "toy.sponsor",
                        "Spend a token?", tuple(opts))

    def choose(self, ctx: Ctx, st: Any, v: dict[str, Any], verb: str, arg: str) -> None:
        if verb == "token":
            st.tokens[int(arg)] = -1
            st.bonus_used.append(v["cur"])
            v["ph"] = GRANTED
        else:
            v["ph"] = "pick"


RULES = ToyRules()
OPERATION = OperationProc([Act(f) for f in range(3)], [Boost(f) for f in range(3)], SPACES,
                          NAMES, WORDS)
FLOW: Flow[Any] = Flow([DeckProc(RULES), CardProc(RULES, Sponsor()), OPERATION, BoostProc(),
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
