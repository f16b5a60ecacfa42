"""The Cuba Libre rules module: a kernel `FlowGame` on the COIN flow (DESIGN §6).

The flow: the setup (alternative placement, alt_setup.py), the deck and the card
(sequence.py on coin.sequence), Operations and Special Activities (operations.py), Events
(events/, on coin.effects), Propaganda (propaganda.py); the standing decisions are the
negotiation of CL 1.5.1 (negotiation.py).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from services.coin.bots.driver import NonPlayers
from services.coin.effects import EffectProc
from services.coin.sa_lines import Lines
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Flow
from services.kernel.game import FlowGame, Role
from services.kernel.outcome import Outcome
from services.kernel.rng import RngState
from services.kernel.state import Frame

from . import (
    alt_setup,
    cash,
    casinos,
    events,
    invariants,
    negotiation,
    operations,
    propaganda,
    redeploy,
    reference,
    sequence,
    setup,
    victory,
    views,
)
from . import words as W
from .bots import PROCEDURE, pact, policy
from .constants import FACTION_IDS, FACTION_NAMES
from .state import CLState

FLOW: Final[Flow[CLState]] = Flow([*alt_setup.PROCS, *sequence.PROCS, *operations.PROCS,
                                   *propaganda.PROCS, *redeploy.PROCS, *events.PROCS,
                                   EffectProc(events.PROGRAMS, W.FACTIONS)])
LINES: Final = Lines(FLOW, operations.OPERATION)  # CL 3.1, 4.1: an SA before the 1st space
operations.OPERATION.first_sa_ok = LINES.first_sa_ok
OWN_REMOVALS: Final = casinos.OWN_REMOVALS  # CL 1.4.1, 1.4.5, CL-R-04; 2 own Bases end card 18
NON_PLAYERS: Final[NonPlayers] = NonPlayers(FLOW, PROCEDURE, FACTION_IDS, FACTION_NAMES,  # CL 8
                                            lambda ctx, st: pact.cancel_pact(NON_PLAYERS, ctx, st))
PROCEDURE.bind(NON_PLAYERS)


class CubaLibre(FlowGame[CLState]):
    id = "cuba_libre"
    title = "Cuba Libre"
    min_seats = 2  # a client's default table; the solitaire game (1 seat) is asked for
    max_seats = 4
    # 0.2.0: the rules corrections of 2026-11-29 checked against seed 003 (Cash deposits,
    # Expat Backing, March, Activation targets, 1.4.1 taking back, Pact, Non-players)
    rules_version = "0.2.0"
    format_version = 1
    state_type = CLState
    view_type = "tablero.cuba_libre.v1.CubaLibreView"
    roles = tuple(Role(f, name) for f, name in zip(FACTION_IDS, FACTION_NAMES, strict=True))
    option_specs = setup.OPTION_SPECS
    flow: ClassVar[Flow[Any]] = FLOW
    policies = {policy.POLICY: policy.make}  # CL chapter 8 for a player's faction

    def check_setup(self, seats: int, options: Any) -> dict[str, str]:
        if seats == 1:  # CL 1.5, 8.9: one player against the Non-players
            opts = super().check_setup(2, {"non_players": setup.SOLO_DEFAULT, **options})
        else:
            opts = super().check_setup(seats, options)
        setup.check_options(seats, opts)
        return opts

    def advance(self, ctx: Ctx, st: CLState) -> None:
        """The flow runs on; with Non-players, their decisions are made on the way (CL 8.0)."""
        if st.non_players:
            NON_PLAYERS.advance(ctx, st)
        else:
            FLOW.advance(ctx, st)

    def initial(self, seats: int, options: dict[str, str], r: RngState) -> dict[str, Any]:
        return setup.initial(seats, options)

    def begin(self, ctx: Ctx, st: CLState, options: dict[str, str]) -> None:
        setup.begin(ctx, st, options, play=[Frame("coin.deck", {"ph": "play"})])

    def offered(self, st: CLState, flow_decisions: list[Decision]) -> list[Decision]:
        """CL 3.1, 4.1: only the lines of play that can be finished."""
        return LINES.keep(st, flow_decisions)

    def standing(self, st: CLState) -> list[Decision]:
        """CL 1.5.1 Resources (negotiation.py), CL 4.5.2 Cash moves (cash.py), CL 1.4.1 own
        pieces removed while executing (CL-R-04): the players' only; a Non-player has no seat
        and takes no optional step (CL 8.0, 8.1.2), so none is offered for it."""
        return [d for d in (negotiation.standing(st) + cash.standing(st)
                            + OWN_REMOVALS.decisions(st)) if d.seat >= 0]

    def apply_standing(self, ctx: Ctx, st: CLState, d: Decision, c: Choice) -> None:
        if d.kind == "cl.give_resources":
            negotiation.apply(ctx, st, d, c)
        elif d.kind == OWN_REMOVALS.kind:
            OWN_REMOVALS.apply(ctx, st, d, c)
        else:
            cash.apply_standing(ctx, st, d, c)

    def in_play(self, st: CLState) -> bool:
        return bool(st.stack) and not st.over

    def score(self, st: CLState) -> Outcome:
        return victory.rank(st, victory.summary(st))

    def conceal(self, st: CLState, seat: int) -> None:
        policy.conceal(st, seat)

    def view(self, st: CLState, seat: int | None) -> Any:
        return views.view(st, seat)

    def reference(self) -> Any:
        return reference.reference()

    def check_invariants(self, st: CLState) -> None:
        invariants.check_invariants(st)
