"""Cuba as a kernel Game: set-up, flow, outcome, views, bots (RULES.md)."""

from __future__ import annotations

from typing import Any

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Flow, Proc
from services.kernel.game import Game, GameOptionSpec
from services.kernel.outcome import Outcome

from . import (
    buildings,
    decrees,
    end_of_round,
    invariants,
    parliament,
    proposals,
    reference,
    scoring,
    setup,
)
from .actions import PROCS as ACTION_PROCS
from .actions import architect, foreman, mayor, trader, worker
from .bots import HeuristicBot
from .constants import (
    OPTION_FARM_SIDE,
    OPTION_VARIANT,
    SIDE_INDIVIDUAL,
    SIDE_STANDARD,
    VARIANT_HIDDEN_CARD,
    VARIANT_NONE,
)
from .data import DATA
from .state import CubaState
from .views import build_view

ALL_PROCS: tuple[Proc[CubaState], ...] = (
    *setup.PROCS, *proposals.PROCS, *ACTION_PROCS, *worker.PROCS, *trader.PROCS,
    *architect.PROCS, *foreman.PROCS, *mayor.PROCS, *buildings.PROCS, *parliament.PROCS,
    *decrees.PROCS, *end_of_round.PROCS, *scoring.PROCS,
)
FLOW: Flow[CubaState] = Flow(ALL_PROCS)

# CU 3.12 [CU-G-04]: individual farm sides only when the data gives their layouts.
FARM_SIDES: tuple[str, ...] = (SIDE_STANDARD,) + ((SIDE_INDIVIDUAL,) if DATA.farm_individual
                                                  else ())


class Cuba(Game[CubaState]):
    id = "cuba"
    title = "Cuba"
    min_seats = DATA.min_players
    max_seats = DATA.max_players
    rules_version = "1.0.0"
    format_version = 1
    state_type = CubaState
    view_type = "tablero.cuba.v1.CubaView"
    option_specs = (
        GameOptionSpec(OPTION_FARM_SIDE, FARM_SIDES,
                       "Farm board side (CU 3.12); individual sides only when their layouts "
                       "are known."),
        GameOptionSpec(OPTION_VARIANT, (VARIANT_NONE, VARIANT_HIDDEN_CARD),
                       "CU 8: choose the parliament card face down at the start of phase B."),
    )

    def __init__(self) -> None:
        super().__init__()
        self.bots["heuristic"] = HeuristicBot()

    def setup(self, ctx: Ctx, seats: int, options: dict[str, str], seed: int) -> CubaState:
        st = setup.new_state(seats, options, seed)
        setup.begin(ctx, st)
        FLOW.advance(ctx, st)
        return st

    def decisions(self, st: CubaState) -> list[Decision]:
        return FLOW.decisions(st)

    def apply(self, ctx: Ctx, st: CubaState, d: Decision, c: Choice) -> None:
        FLOW.choose(ctx, st, d, c)
        FLOW.advance(ctx, st)

    def outcome(self, st: CubaState) -> Outcome | None:
        return None if st.stack else scoring.outcome(st)

    def view(self, st: CubaState, seat: int | None) -> Any:
        return build_view(st, seat)

    def reference(self) -> Any:
        return reference.reference()

    def check_invariants(self, st: CubaState) -> None:
        invariants.check(st)
