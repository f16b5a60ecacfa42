"""§6.3-6.4 Support phase steps taken space by space (Civic Action, Agitation): the faction
picks a space where one more step is allowed, pays, and acts, until it says done or none is
left. A game subclasses `SpaceStepsProc` per step with its board, faction, decision kind and
prompt, and says where a step may be taken (requirements: `spaces`), what it costs (`cost`),
what it does (`act_in`) and how it reads (`label`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import AskProc, pop
from services.kernel.state import Frame

from .board import Board
from .state import CoinState


@mypyc_attr(allow_interpreted_subclasses=True)
class SpaceStepsProc(AskProc[Any], ABC):
    """A Support-phase step taken space by space until `done`."""

    board: ClassVar[Board[Any]]
    faction: ClassVar[int]
    kind: ClassVar[str]
    prompt: ClassVar[str]

    @abstractmethod
    def spaces(self, st: Any, fr: Frame) -> list[int]:
        """Where the next step may be taken, paid for (none: the phase step ends)."""

    @abstractmethod
    def act_in(self, ctx: Ctx, st: Any, fr: Frame, s: int) -> None:
        """Take (and pay for) one step in space `s`."""

    @abstractmethod
    def label(self, st: Any, s: int) -> str:
        """What one step in s does."""

    def cost(self, st: Any, s: int) -> int:
        """Resources one step in s costs, paid by the layer before `act_in` (CL 6.3.2 Civic
        Action 4 per step, 6.3.3 Agitation 1); a space costing more than the faction has
        is not offered. 0: the game pays in `act_in` itself."""
        return 0

    def decisions(self, st: CoinState, fr: Frame) -> list[Decision]:
        b = self.board
        res = st.resources[self.faction]
        opts = [option(f"space:{b.space_ids[s]}", self.label(st, s), space=b.space_ids[s])
                for s in self.spaces(st, fr) if self.cost(st, s) <= res]
        if not opts:
            return []
        done = option("done", f"No more {self.prompt.split(' (')[0]}")
        return [b.decide(st, self.faction, self.kind, self.prompt, opts + [done])]

    def choose(self, ctx: Ctx, st: CoinState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == "done":
            pop(st)
            return
        s = self.board.index[(c.option_id or "").split(":")[1]]
        st.resources[self.faction] -= self.cost(st, s)
        self.act_in(ctx, st, fr, s)
