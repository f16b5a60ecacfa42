"""Cuba as a kernel Game: set-up, flow, outcome, views, bots (RULES.md)."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from services.kernel import sealed
from services.kernel.ctx import Ctx
from services.kernel.flow import Flow, Proc
from services.kernel.game import FlowGame, GameOptionSpec
from services.kernel.outcome import Outcome
from services.kernel.rng import RngState

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

ALL_PROCS: Final[tuple[Proc[CubaState], ...]] = (
    *setup.PROCS, *proposals.PROCS, *ACTION_PROCS, *worker.PROCS, *trader.PROCS,
    *architect.PROCS, *foreman.PROCS, *mayor.PROCS, *buildings.PROCS, *parliament.PROCS,
    *decrees.PROCS, *end_of_round.PROCS, *scoring.PROCS,
)
FLOW: Final[Flow[CubaState]] = Flow(ALL_PROCS)

# CU 3.12 [CU-G-04]: individual farm sides only when the data gives their layouts.
FARM_SIDES: Final[tuple[str, ...]] = (SIDE_STANDARD,) + ((SIDE_INDIVIDUAL,) if DATA.farm_individual
                                                         else ())


class Cuba(FlowGame[CubaState]):
    id = "cuba"
    title = "Cuba"
    min_seats = DATA.min_players
    max_seats = DATA.max_players
    rules_version = "1.0.0"
    format_version = 1
    state_type = CubaState
    flow = FLOW
    policies = {"heuristic": HeuristicBot}
    view_type = "tablero.cuba.v1.CubaView"
    option_specs = (
        GameOptionSpec(OPTION_FARM_SIDE, FARM_SIDES,
                       "Farm board side (CU 3.12); individual sides only when their layouts "
                       "are known."),
        GameOptionSpec(OPTION_VARIANT, (VARIANT_NONE, VARIANT_HIDDEN_CARD),
                       "CU 8: choose the parliament card face down at the start of phase B."),
    )

    def initial(self, seats: int, options: dict[str, str], r: RngState) -> dict[str, Any]:
        return setup.initial(seats, options, r)

    def begin(self, ctx: Ctx, st: CubaState, options: dict[str, str]) -> None:
        setup.begin(ctx, st)

    def upgrade(self, st: CubaState) -> None:
        """States written before the sealed rounds ran as kernel SealedProcs held an open
        round in `st.sealed`; it moves into the frame of the proc running it."""
        if st.sealed is not None:
            st.stack[-1].vars[sealed.ROUND_VAR] = msgspec.to_builtins(st.sealed)
            st.sealed = None

    def score(self, st: CubaState) -> Outcome:
        return scoring.outcome(st)

    def view(self, st: CubaState, seat: int | None) -> Any:
        return build_view(st, seat)

    def reference(self) -> Any:
        return reference.reference()

    def check_invariants(self, st: CubaState) -> None:
        invariants.check(st)
