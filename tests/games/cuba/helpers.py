"""Scenario builder for Cuba tests: put a state at a procedure, check offered options,
make choices exactly as the engine would (each choice checked against the options)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from services.cuba import GAME
from services.cuba.constants import (
    FIELD_INDEX,
    ITEM_INDEX,
    NO_BUILDING,
    NO_SHIP,
    OPTION_FARM_SIDE,
    OPTION_VARIANT,
    POSITION_INDEX,
    SIDE_STANDARD,
    VARIANT_NONE,
)
from services.cuba.data import DATA
from services.cuba.game import FLOW, Cuba
from services.cuba.state import CubaState
from services.kernel import codec, engine
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.engine import checked_decision
from services.kernel.events import Event
from services.kernel.state import Frame

OPTIONS = {OPTION_FARM_SIDE: SIDE_STANDARD, OPTION_VARIANT: VARIANT_NONE}


def blank(seats: int = 4, seed: int = 1, start: int = 0, round: int = 2,
          variant: bool = False) -> CubaState:
    """A state after set-up with empty yards (no picks), nothing on the stack."""
    opts = dict(OPTIONS)
    if variant:
        opts[OPTION_VARIANT] = "hidden_parliament_card"
    st = Cuba().new_state(seats, opts, seed)
    st.start_player = start
    st.round = round
    return st


def items(**counts: int) -> list[int]:
    vec = [0] * len(ITEM_INDEX)
    for name, n in counts.items():
        vec[ITEM_INDEX[name]] = n
    return vec


def give(st: CubaState, seat: int, where: str = "yard", **counts: int) -> None:
    """Move tokens from the supply to a player's yard or storage (keeps totals)."""
    for name, n in counts.items():
        i = ITEM_INDEX[name]
        assert st.supply[i] >= n
        st.supply[i] -= n
        getattr(st.players[seat], where)[i] += n


def place_building(st: CubaState, seat: int, building: str, field: str) -> None:
    st.players[seat].buildings[FIELD_INDEX[field]] = DATA.building(building).index


def set_law(st: CubaState, law: str) -> None:
    x = DATA.law(law)
    st.in_force[x.category] = x.index


def set_market(st: CubaState, **counts: int) -> None:
    """Set market rows, moving tokens to/from the supply."""
    for name, n in counts.items():
        i = ITEM_INDEX[name]
        st.supply[i] += st.market[i] - n
        st.market[i] = n


def set_harbor(st: CubaState, **ships: str) -> None:
    """berth_1="ship_07", ...; "" empties; unused cards go back to the deck (in id order)."""
    for pos, sid in ships.items():
        st.harbor[POSITION_INDEX[pos]] = DATA.ship(sid).index if sid else NO_SHIP
    used = set(st.harbor)
    st.ship_deck = [s for s in range(len(DATA.ships)) if s not in used]


def load(st: CubaState, ship: str, **counts: int) -> None:
    idx = DATA.ship(ship).index
    for name, n in counts.items():
        i = ITEM_INDEX[name]
        st.supply[i] -= n
        st.loads[idx][i] += n


def yard(st: CubaState, seat: int) -> dict[str, int]:
    return {n: c for n, c in zip(ITEM_INDEX, st.players[seat].yard, strict=True) if c}


def storage(st: CubaState, seat: int) -> dict[str, int]:
    return {n: c for n, c in zip(ITEM_INDEX, st.players[seat].storage, strict=True) if c}


def only_decision(pending: list[Decision], seat: int | None) -> Decision:
    """The one pending decision (of `seat`, when given)."""
    ds = [d for d in pending if seat is None or d.seat == seat]
    assert len(ds) == 1, f"expected one decision, got {ds}"
    return ds[0]


def choice_for(d: Decision, option: str | int) -> Choice:
    """A choice answering `d`: an option id, or an amount."""
    return (Choice(d.id, amount=option) if isinstance(option, int)
            else Choice(d.id, option_id=option))


class Plays:
    """Several choices in a row, each as `choose` makes it (Table, Wire)."""

    choose: Callable[[str, int | None], object]

    def play(self, *options: str, seat: int | None = None) -> Self:
        for o in options:
            self.choose(o, seat)
        return self


class Table(Plays):
    """Drives a state through the game's flow; every choice is checked like the engine."""

    def __init__(self, st: CubaState) -> None:
        self.st = st
        self.events: list[Event] = []

    def start(self, proc: str, **vars: Any) -> Table:
        self.st.stack = [Frame(proc, dict(vars))]
        self._advance()
        return self

    def _advance(self) -> None:
        ctx = Ctx()
        FLOW.advance(ctx, self.st)
        self.events += ctx.events

    @property
    def finished(self) -> bool:
        return not self.st.stack

    def pending(self) -> list[Decision]:
        return FLOW.decisions(self.st) if self.st.stack else []

    def decision(self, seat: int | None = None) -> Decision:
        return only_decision(self.pending(), seat)

    def options(self, seat: int | None = None) -> list[str]:
        return self.decision(seat).option_ids()

    def choose(self, option: str | int, seat: int | None = None) -> Table:
        d = self.decision(seat)
        c = choice_for(d, option)
        checked_decision(GAME, self.st, d.seat, c)
        ctx = Ctx()
        GAME.apply(ctx, self.st, d, c)
        self.st.serial += 1
        self.events += ctx.events
        return self

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]


def fresh_farm(st: CubaState, seat: int) -> None:
    st.players[seat].buildings = [NO_BUILDING] * 12


class Wire(Plays):
    """Drives a scenario through `engine.act`, the entry point the rules service calls:
    the state travels as bytes, every choice is checked against the decisions offered."""

    def __init__(self, st: CubaState, proc: str, **vars: Any) -> None:
        t = Table(st).start(proc, **vars)
        self.data = codec.encode(t.st)
        self.events: list[Event] = list(t.events)

    @property
    def st(self) -> CubaState:
        return codec.decode(self.data, CubaState)

    def decision(self, seat: int | None = None) -> Decision:
        return only_decision(engine.view(GAME, self.data, None).pending, seat)

    def options(self, seat: int | None = None) -> dict[str, Option]:
        return {o.id: o for o in self.decision(seat).options}

    def choose(self, option: str | int, seat: int | None = None) -> Wire:
        d = self.decision(seat)
        step = engine.act(GAME, self.data, d.seat, choice_for(d, option))
        self.data = step.state
        self.events += step.events
        return self
