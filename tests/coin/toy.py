"""A toy COIN game used to test services/coin apart from any real game: three factions,
two spaces, one Operation ("act", 1 Resource per space) with one Special Activity, an Event
on every card, and bonus tokens for the free LimOp (the COIN bonus LimOp hook)."""

from __future__ import annotations

from typing import Any

from services.coin.board import Board
from services.coin.every_space import FreeModes, every_space_proc
from services.coin.operations import OperationProc, OpSpec, SaSpec, op_frame
from services.coin.piece_procs import PieceRules, piece_procs
from services.coin.pieces import PieceTable
from services.coin.sequence import GRANTED, CardProc, DeckProc
from services.coin.state import CoinState
from services.coin.support import SpaceStepsProc
from services.coin.words import Words
from services.kernel import rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Decision, Option, decision_id, option
from services.kernel.flow import Flow, Proc, pop, push
from services.kernel.state import Frame

NAMES = ("red", "blue", "green")
SPACES = ("north", "south")
KINDS = ("cube", "blue_u", "blue_a", "blue_base", "green_u", "green_a", "casino", "closed")
TABLE = PieceTable(KINDS, faction=(0, 1, 1, 1, 2, 2, 2, 2), pool=(0, 1, 1, 3, 4, 4, 6, 6),
                   base=(3, 6, 7), cube=(0,), flip={1: 2, 2: 1, 4: 5, 5: 4})
CUBE, BLUE_U, BLUE_A, BLUE_BASE, GREEN_U, GREEN_A, CASINO, CLOSED = range(8)
ORDER = {1: [0, 1, 2], 2: [2, 1, 0], 3: [1, 0, 2], 9: []}
WORDS = Words(("Red", "Blue", "Green"), ("North", "South"), {"act": "Act"}, {"boost": "Boost"},
              {1: "One", 2: "Two", 3: "Three", 9: "Nine"})


class ToyState(CoinState, kw_only=True):
    tokens: list[int] = []  # owner of each bonus token, -1 spent
    log: list[str] = []
    caps: int = 0
    mom: int = 0
    prop_played: int = 0
    final_prop: int = 4
    over: int = 0


class ToyBoard(Board[ToyState]):
    """North and South, adjacent; 1 Base, and apart 2 Casinos, per space (CL 1.4.2 shape)."""

    def adjacent(self, st: ToyState, s: int) -> tuple[int, ...]:
        return (1 - s,)


BOARD = ToyBoard("toy", SPACES, NAMES, (2, 1), TABLE, WORDS,
                 ("Cube", "Blue Guerrilla (Underground)", "Blue Guerrilla (Active)", "Blue Base",
                  "Green Guerrilla (Underground)", "Green Guerrilla (Active)", "Casino",
                  "closed Casino"),
                 ("Cubes", "Blue Guerrillas (Underground)", "Blue Guerrillas (Active)",
                  "Blue Bases", "Green Guerrillas (Underground)", "Green Guerrillas (Active)",
                  "Casinos", "closed Casinos"),
                 stacking=(((BLUE_BASE,), 1), ((CASINO, CLOSED), 2)))


class ToyPieceRules(PieceRules[ToyState]):
    """Every enemy piece may be removed ("any" mode); another faction's removal closes an
    open Casino (CL 1.4.5 shape); removals are logged before and after."""

    def removable(self, st: ToyState, s: int, f: int, mode: str) -> list[int]:
        return [k for k in range(TABLE.n) if TABLE.faction[k] != f and TABLE.count(st, s, k)
                and k != CLOSED]

    def instead_of_removal(self, st: ToyState, s: int, kind: int, by: int) -> int | None:
        return CLOSED if kind == CASINO and by != 2 else None

    def before_remove(self, ctx: Ctx, st: ToyState, s: int, kind: int, capture: str,
                      by: int) -> None:
        st.log.append(f"before {KINDS[kind]} {TABLE.count(st, s, kind)}")

    def after_remove(self, ctx: Ctx, st: ToyState, s: int, kind: int, capture: str,
                     by: int) -> None:
        st.log.append(f"after {KINDS[kind]} {TABLE.count(st, s, kind)}")


class ToyModes(FreeModes[ToyState]):
    """A free "act" where the faction has a piece: logs it."""

    def ok(self, st: ToyState, v: dict[str, Any], s: int, mode: str, g: int) -> bool:
        return TABLE.of_faction(st, s, g) > 0

    def run(self, ctx: Ctx, st: ToyState, v: dict[str, Any], s: int, mode: str,
            g: int) -> None:
        st.log.append(f"free {mode} in {SPACES[s]} by {NAMES[g]}")


class CivicProc(SpaceStepsProc):
    """Red's support step: 2 Resources per step in a space with a Cube, to Active Support."""

    name = "toy.civic"
    board = BOARD
    faction = 0
    kind = "toy.civic"
    prompt = "Civic Action (2 Resources) or done."

    def spaces(self, st: Any, fr: Frame) -> list[int]:
        return [s for s in range(2) if TABLE.count(st, s, CUBE) and st.support[s] < 2]

    def cost(self, st: Any, s: int) -> int:
        return 2

    def label(self, st: Any, s: int) -> str:
        return f"Civic Action in {WORDS.spaces[s]}"

    def act_in(self, ctx: Ctx, st: Any, fr: Frame, s: int) -> None:
        st.support[s] += 1


class Act(OpSpec[ToyState]):
    def __init__(self, f: int) -> None:
        # set here, not in the class body: the compiled base keeps them per object (0015)
        self.name, self.faction = "act", f

    def candidates(self, st: Any, v: dict[str, Any]) -> range:
        return range(2)

    def selectable(self, st: Any, v: dict[str, Any], s: int) -> bool:
        return True

    def cost(self, st: Any, v: dict[str, Any], s: int) -> int:
        return 1

    def select(self, ctx: Ctx, st: Any, v: dict[str, Any], s: int) -> None:
        st.log.append(f"{NAMES[v['f']]} acts in {SPACES[s]}")


class Boost(SaSpec[ToyState]):
    def __init__(self, f: int) -> None:
        self.name, self.faction = "boost", f  # as Act's

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
PIECE_RULES = ToyPieceRules(BOARD)
FLOW: Flow[Any] = Flow([DeckProc(RULES), CardProc(RULES, Sponsor()), OPERATION, BoostProc(),
                        EventProc(), *piece_procs(PIECE_RULES),
                        every_space_proc(BOARD, ToyModes()), CivicProc()])


def toy(cards: list[int], resources: list[int] | None = None) -> ToyState:
    """A toy table whose played pile starts with cards[0]; the rest follow in order."""
    st = ToyState(seats=3, seed=0, rng=rng.seeded(0), seat_of=[0, 1, 2],
                  pieces=[0] * (2 * TABLE.n), avail=[5, 4, 0, 2, 3, 0, 2, 0], support=[0, 0],
                  resources=resources or [5, 5, 5], eligible=[True] * 3,
                  played=[cards[0]], deck=list(reversed(cards[1:])))
    push(st, "coin.deck", ph="play")
    FLOW.advance(Ctx(), st)
    return st
