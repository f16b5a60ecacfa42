"""§1.4.1 (CL 1.4.1, 1.4.5, CL-R-04) a faction may remove its own pieces to Available at any
step of its own execution (an Operation, Special Activity or Event): a standing optional
decision for the executing faction's seat, `o<serial>.<faction>` of kind
`<prefix>.remove_own`, options `own:<space>:<kind>`. The removal goes through the game's
`PieceRules.remove_piece` (removed by its owner: CL's Syndicate closes its own Casino only
when it says so, through `instead_of_removal`).
"""

from __future__ import annotations

from typing import Final, Generic

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option

from .board import S
from .piece_procs import PieceRules

# the frames whose `f` is the executing faction (an Operation, its SA, an Event)
EXECUTING: Final[tuple[str, ...]] = ("coin.op", "coin.effect")


@mypyc_attr(allow_interpreted_subclasses=True)
class OwnRemovals(Generic[S]):
    """The standing own-piece removal of one game. `executing` says who executes now."""

    def __init__(self, rules: PieceRules[S]) -> None:
        self.rules, self.board = rules, rules.board
        self.kind = rules.board.name("remove_own")

    def executing(self, st: S) -> int | None:
        """The faction executing now: the innermost Operation or Event frame's."""
        return next((int(f.vars["f"]) for f in reversed(st.stack) if f.proc in EXECUTING),
                    None)

    def removable(self, st: S, f: int, s: int, kind: int) -> bool:
        """Whether the faction may take this piece off now (a game may forbid some)."""
        return True

    def decisions(self, st: S) -> list[Decision]:
        f = self.executing(st)
        if f is None:
            return []
        b, t = self.board, self.board.table
        opts = [option(f"own:{b.space_ids[s]}:{t.names[k]}",
                       f"Remove {b.pieces(k, 1)} from {b.space(s)} to Available",
                       space=b.space_ids[s], piece=t.names[k])
                for s in b.spaces(st) for k in t.kinds_of[f]
                if t.count(st, s, k) and self.removable(st, f, s, k)]
        if not opts:
            return []
        return [Decision(f"o{st.serial}.{f}", st.seat_of[f], self.kind,
                         f"{b.faction(f)}: remove one of your pieces (optional, while you "
                         "execute).", tuple(opts), optional=True)]

    def apply(self, ctx: Ctx, st: S, d: Decision, c: Choice) -> None:
        f = int(d.id.split(".")[1])
        _, space, kind = (c.option_id or "").split(":")
        self.rules.remove_piece(ctx, st, self.board.index[space], self.board.table.index[kind],
                                "", f)
