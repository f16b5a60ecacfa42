"""§1.5.1 Resources handed between factions as standing optional decisions: whenever a
faction has Resources, its seat may give some to another player's faction (an amount
decision `t<serial>.<giver>.<receiver>`, kind `<prefix>.give_resources`), never blocking the
game. A game says when the window is open (`window`: AA any time; CL 1.5.1 only while the
giver or the receiver executes an Operation, Special Activity or Event) and who may give to
whom (`allowed`: another player's faction; CL card 18 lets 26July and DR trade), and may
add its own standing transfers beside these (AA Shipments, CL Cash).

One decision per (giver, receiver) pair keeps the ids of stored games; a single decision per
giver (receiver as an option) is the cheaper shape the performance issue asks for, and would
be a new decision kind beside this one, so that old logs still replay.
"""

from __future__ import annotations

import functools
from typing import Generic

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import AmountRange, Choice, Decision

from .board import Board, S


@functools.cache
def _amount(most: int) -> AmountRange:
    """1..most (a frozen value, shared)."""
    return AmountRange(1, most)


@mypyc_attr(allow_interpreted_subclasses=True)
class ResourceTransfers(Generic[S]):
    """The standing Resources transfers of one game (most: the Resources track's top; when:
    how the prompt says the window)."""

    def __init__(self, board: Board[S], most: int, when: str = "at any time") -> None:
        self.board, self.most = board, most
        self.kind = board.name("give_resources")
        n = len(board.words.factions)
        fw = board.words.factions
        self.prompts = tuple(tuple(f"{fw[g]}: give Resources to the {fw[r]} (optional, {when})."
                                   for r in range(n)) for g in range(n))
        self.tails = tuple(tuple(f".{g}.{r}" for r in range(n)) for g in range(n))
        self._to: dict[tuple[int, tuple[int, ...]], tuple[tuple[str, str], ...]] = {}
        cls = type(self)
        self.plain = (cls.window is ResourceTransfers.window
                      and cls.allowed is ResourceTransfers.allowed)

    def window(self, st: S, giver: int, receiver: int) -> bool:
        """Whether Resources may change hands now (AA 1.5.1: at any time)."""
        return True

    def allowed(self, st: S, giver: int, receiver: int) -> bool:
        """§1.5.1: never between two factions of one player."""
        return st.seat_of[receiver] != st.seat_of[giver]

    def decisions(self, st: S, giver: int, serial: str) -> list[Decision]:
        """The giver's standing decisions now (`serial`: str(st.serial), computed once)."""
        have = st.resources[giver]
        if have <= 0:
            return []
        if self.plain:  # asked at every step: the default hooks inlined, by seating
            to = self.receivers(giver, tuple(st.seat_of))
        else:
            to = tuple((self.tails[giver][r], self.prompts[giver][r])
                       for r in range(len(self.tails))
                       if self.allowed(st, giver, r) and self.window(st, giver, r))
        return self.offers(serial, st.seat_of[giver], have, to)

    def offers(self, serial: str, seat: int, have: int,
               to: tuple[tuple[str, str], ...]) -> list[Decision]:
        """The decisions of a giver on `seat` holding `have` (> 0) Resources, one per (id
        tail, prompt) of `to`."""
        amount, kind = _amount(have), self.kind
        return [Decision(f"t{serial}{tail}", seat, kind, prompt, (), amount, True)
                for tail, prompt in to]

    def receivers(self, giver: int, seat_of: tuple[int, ...]) -> tuple[tuple[str, str], ...]:
        """§1.5.1 the (id tail, prompt) of each faction the giver may give to with the default
        hooks: another player's (kept by seating)."""
        key = (giver, seat_of)
        to = self._to.get(key)
        if to is None:
            seat = seat_of[giver]
            to = self._to[key] = tuple((self.tails[giver][r], self.prompts[giver][r])
                                       for r, other in enumerate(seat_of) if other != seat)
        return to

    def apply(self, ctx: Ctx, st: S, d: Decision, c: Choice) -> None:
        """Hand over the amount chosen (as much as the giver still has; the receiver's track
        stops at `most`)."""
        giver, recv = (int(x) for x in d.id.split(".")[1:3])
        amount = min(c.amount or 0, st.resources[giver])
        st.resources[giver] -= amount
        got = min(self.most, st.resources[recv] + amount) - st.resources[recv]
        st.resources[recv] += got
        fw, ids = self.board.words.factions, self.board.faction_ids
        ctx.emit(self.board.name("transfer"), f"The {fw[giver]} give {amount} Resources to "
                 f"the {fw[recv]}.", {"from": ids[giver], "to": ids[recv], "amount": got})
