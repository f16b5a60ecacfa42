"""Junta as a kernel FlowGame: set-up, flow, standing decisions, outcome, views, bots."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.errors import RulesBug
from services.kernel.flow import Flow, Proc
from services.kernel.game import FlowGame
from services.kernel.outcome import Outcome
from services.kernel.rng import RngState

from . import (
    assassination,
    bank,
    budget,
    cabinet,
    cards,
    coup,
    deals,
    election,
    exile,
    invariants,
    locations,
    money,
    phase1,
    reference,
    rollcall,
    scoring,
    setup,
    turn,
    views,
)
from .bots import HeuristicBot
from .families import AUTO
from .state import JuntaState

ALL_PROCS: Final[tuple[Proc[JuntaState], ...]] = (
    *setup.PROCS, *turn.PROCS, *election.PROCS, *rollcall.PROCS, *phase1.PROCS, *cabinet.PROCS,
    *budget.PROCS, *locations.PROCS, *assassination.PROCS, *bank.PROCS, *exile.PROCS,
    *money.PROCS, *cards.PROCS, *coup.PROCS)
FLOW: Final[Flow[JuntaState]] = Flow(ALL_PROCS)
AUTO_GUARD: Final = 10_000


def default_choice(d: Decision) -> Choice:
    """JU 45.6: a straw man without an active leader takes the first option (or the least
    amount); every decision lists its default first."""
    if d.amount is not None:
        return Choice(d.id, amount=d.amount.min)
    return Choice(d.id, option_id=d.options[0].id)


class Junta(FlowGame[JuntaState]):
    id = "junta"
    title = "Junta"
    min_seats = 2
    max_seats = 7
    rules_version = "1.0.0"
    format_version = 1
    state_type = JuntaState
    view_type = "tablero.junta.v1.JuntaView"
    flow: ClassVar[Flow[Any]] = FLOW
    policies = {"heuristic": HeuristicBot}

    def initial(self, seats: int, options: dict[str, str], r: RngState) -> dict[str, Any]:
        return setup.initial(seats, options, r)

    def begin(self, ctx: Ctx, st: JuntaState, options: dict[str, str]) -> None:
        setup.begin(ctx, st)

    def advance(self, ctx: Ctx, st: JuntaState) -> None:
        self.advance_to(ctx, st, None)

    def advance_to(self, ctx: Ctx, st: JuntaState, serial: int | None) -> None:
        """Run the flow; decisions of straw men without an active leader take their default
        (JU 45.6) until a seat must decide. With the engine's `serial`, what the flow stops
        on is computed once, kept for the engine to offer."""
        for _ in range(AUTO_GUARD):
            FLOW.advance(ctx, st, serial)
            ds = FLOW.decisions(st) if serial is None else FLOW.decisions_at(st, serial)
            auto = next((d for d in ds if d.seat == AUTO), None)
            if auto is None:
                deals.prune_offers(ctx, st)
                return
            FLOW.choose(ctx, st, auto, default_choice(auto))
        raise RulesBug("straw men decided by default too many times in a row")

    def standing(self, st: JuntaState) -> list[Decision]:
        return [] if st.over else deals.standing(st)

    def apply_standing(self, ctx: Ctx, st: JuntaState, d: Decision, c: Choice) -> None:
        deals.apply(ctx, st, d, c)

    def in_play(self, st: JuntaState) -> bool:
        return not st.over

    def score(self, st: JuntaState) -> Outcome:
        return scoring.outcome(st)

    def reference(self) -> Any:
        return reference.reference()

    def view(self, st: JuntaState, seat: int | None) -> Any:
        return views.build_view(st, seat)

    def check_invariants(self, st: JuntaState) -> None:
        invariants.check(st)
