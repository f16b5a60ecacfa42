"""CL chapter 8: the Non-player Government, Syndicate, Directorio and 26July (BOTS.md).

`PROCEDURE.choose(st, d, f)` answers a decision the flow addresses to Non-player `f`: the
8.1 card decision (play), then the deciding faction's own handlers (its chart's boxes, in
government / syndicate / directorio / m26), the shared ones, and the generic guidelines
otherwise (options). The game binds it to its flow (`bind`), which the Event dry runs of
8.1 item 1c need.
"""

from __future__ import annotations

from services.coin.bots.driver import NonPlayers
from services.kernel.decisions import Choice, Decision
from services.kernel.errors import RulesBug

from ..constants import Faction
from ..state import CLState
from . import boxes, cash, directorio, event_spaces, government, m26, play, syndicate
from .flowchart import Chart, Handler
from .options import generic

GOVT: int = int(Faction.GOVT)
M26: int = int(Faction.M26)
DR: int = int(Faction.DIRECTORIO)
SYNDICATE: int = int(Faction.SYNDICATE)
CHARTS: dict[int, Chart[CLState]] = {GOVT: government.CHART, M26: m26.CHART,
                                     DR: directorio.CHART, SYNDICATE: syndicate.CHART}
FACTION_HANDLERS: dict[int, dict[str, Handler]] = {
    GOVT: government.HANDLERS, M26: m26.HANDLERS, DR: directorio.HANDLERS,
    SYNDICATE: syndicate.HANDLERS}
PLANS: dict[int, boxes.Plan] = {M26: m26.march_plan, DR: directorio.march_plan,
                                SYNDICATE: syndicate.march_plan}
HANDLERS: dict[str, Handler] = {
    "coin.choose_op": lambda st, d, f: play.free_op(CHARTS[f], st, d, f),
    "coin.op_space": lambda st, d, f: boxes.op_space(CHARTS, st, d, f),
    "cl.march_from": lambda st, d, f: boxes.march_from(PLANS, st, d, f),
    "cl.march_u": lambda st, d, f: boxes.march_count(PLANS, st, d, f),
    "cl.march_a": lambda st, d, f: boxes.march_count(PLANS, st, d, f),
    "cl.cash_deposit": boxes.cash_deposit,
    "cl.cash_rescue": cash.cash_rescue,  # CL 8.1.2 P6
    "cl.cash_follow": cash.cash_follow,  # CL 8.1.2 P8
}


def handler(d: Decision, f: int) -> Handler:
    """The deciding faction's own handler for this kind, else the shared one, else generic."""
    return FACTION_HANDLERS.get(f, {}).get(d.kind) or HANDLERS.get(d.kind, generic)


class CLProcedure:
    """The coin.bots `Procedure` of Cuba Libre."""

    def __init__(self) -> None:
        self.np: NonPlayers | None = None
        self.trying = False  # inside an 8.4.4 item 3 dry run: no dry run within it

    def bind(self, np: NonPlayers) -> None:
        self.np = np

    def bound(self) -> NonPlayers:
        if self.np is None:
            raise RulesBug("the Non-player procedure is not bound to a flow")
        return self.np

    def defers(self, st: CLState, d: Decision, faction: int) -> bool:
        """CL has no Insurgent Discord: a Non-player's decisions are all its own (8.0)."""
        return False

    def choose(self, st: CLState, d: Decision, faction: int) -> Choice:
        if d.amount is not None and not d.options:
            return Choice(d.id, amount=d.amount.max)  # CL 8.1.1 maximum
        if d.kind == "coin.eligible":
            return Choice(d.id, option_id=play.eligible(self.bound(), CHARTS[faction], st, d,
                                                        faction))
        spaces = {} if self.trying else event_spaces.event_spaces(st, d)
        if spaces:
            return Choice(d.id, option_id=self.event_space(st, d, faction, spaces))
        return Choice(d.id, option_id=handler(d, faction)(st, d, faction))

    def event_space(self, st: CLState, d: Decision, f: int, spaces: dict[int, str]) -> str:
        """CL 8.4.4 item 3 by dry runs (event_spaces), none nested."""
        self.trying = True
        try:
            return event_spaces.choose_space(self.bound(), st, d, f, spaces)
        finally:
            self.trying = False


PROCEDURE = CLProcedure()
