"""§1.5.1 Resources handed between factions as standing optional decisions: whenever a
faction has Resources, its seat may give some to another player's faction, never blocking
the game. Who may receive now is one hook (`receivers_now`): by default another player's
faction, at any time (AA); a game with a window or exceptions overrides it (CL 1.5.1: only
while the giver or the receiver executes an Operation, Special Activity or Event; card 18
lets 26July and DR trade). A game may add its own standing transfers beside these (AA
Shipments, CL Cash).

One decision per giver (issue 15): `<letter><serial>.<giver>`, kind
`<prefix>.give_resources`, an option `give:<receiver>:<amount>` (args faction, amount) per
receiver and amount 1..the giver's Resources. The options of one (receivers, most) are
made once and shared.

Before, there was one amount decision per (giver, receiver), `t<serial>.<giver>.<receiver>`.
Stored choice logs name those: `legacy` turns such a choice into its option of today, so
that they replay as they were played (the engine asks only for a choice whose decision is
not pending).
"""

from __future__ import annotations

from typing import Generic

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option_of

from .board import Board, S
from .words import resources


@mypyc_attr(allow_interpreted_subclasses=True)
class ResourceTransfers(Generic[S]):
    """The standing Resources transfers of one game (most: the Resources track's top; when:
    how the prompt says who may receive and when; letter: the first letter of the
    decisions' ids)."""

    def __init__(self, board: Board[S], most: int,
                 when: str = "to another player's faction, at any time",
                 letter: str = "t") -> None:
        self.board, self.most, self.letter = board, most, letter
        self.kind = board.name("give_resources")
        self.ids = board.faction_ids
        fw = board.words.factions
        self.prompts = tuple(f"{fw[g]}: give Resources (optional, {when})."
                             for g in range(len(fw)))
        self._to: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
        # per receivers: the options for each most (index), made when first asked
        self._options: dict[tuple[int, ...], list[tuple[Option, ...] | None]] = {}

    def receivers_now(self, st: S, giver: int) -> tuple[int, ...]:
        """§1.5.1 the factions the giver may hand Resources to now: another player's, at any
        time (AA 1.5.1)."""
        return self.receivers(giver, tuple(st.seat_of))

    def decisions(self, st: S, giver: int, serial: str) -> list[Decision]:
        """The giver's standing decision now, if any (`serial`: str(st.serial))."""
        have = st.resources[giver]
        if have <= 0:
            return []
        to = self.receivers_now(st, giver)
        return [self.offer(serial, giver, st.seat_of[giver], have, to)] if to else []

    def offer(self, serial: str, giver: int, seat: int, have: int,
              to: tuple[int, ...]) -> Decision:
        """The decision of a giver on `seat` holding `have` (> 0) Resources, who may give to
        the factions `to` (not empty)."""
        return Decision(f"{self.letter}{serial}.{giver}", seat, self.kind, self.prompts[giver],
                        self.options(to, have), optional=True)

    def options(self, to: tuple[int, ...], most: int) -> tuple[Option, ...]:
        """`give:<receiver>:<amount>` for each receiver in `to` and amount 1..most."""
        table = self._options.get(to)
        if table is None:
            table = self._options[to] = [None] * (self.most + 1)
        if most >= len(table):  # never above the track's top (kept general all the same)
            table.extend([None] * (most + 1 - len(table)))
        opts = table[most]
        if opts is None:
            fw, ids = self.board.words.factions, self.ids
            opts = table[most] = tuple(
                option_of(f"give:{ids[r]}:{n}", f"Give {resources(n)} to the {fw[r]}",
                          {"faction": ids[r], "amount": str(n)})
                for r in to for n in range(1, most + 1))
        return opts

    def receivers(self, giver: int, seat_of: tuple[int, ...]) -> tuple[int, ...]:
        """§1.5.1 another player's factions, the default `receivers_now` (kept by seating)."""
        key = (giver, seat_of)
        to = self._to.get(key)
        if to is None:
            seat = seat_of[giver]
            to = self._to[key] = tuple(r for r, other in enumerate(seat_of) if other != seat)
        return to

    def apply(self, ctx: Ctx, st: S, d: Decision, c: Choice) -> None:
        """Hand over the amount chosen (the receiver's track stops at `most`: the rest is
        lost; the event says what was given, `amount`, and what arrived, `received`)."""
        giver = int(d.id.split(".")[1])
        _, to, amount = (c.option_id or "").split(":")
        recv, n = self.ids.index(to), int(amount)
        st.resources[giver] -= n
        got = min(self.most, st.resources[recv] + n) - st.resources[recv]
        st.resources[recv] += got
        fw = self.board.words.factions
        ctx.emit(self.board.name("transfer"), f"The {fw[giver]} give {resources(n)} to the "
                 f"{fw[recv]}.", {"from": self.ids[giver], "to": to, "amount": n,
                                  "received": got})

    def legacy(self, c: Choice) -> Choice | None:
        """A choice of a stored log answering a per-pair decision
        `<letter><serial>.<giver>.<receiver>` with an amount, as the option of the giver's
        decision that it is now; None when `c` is not one."""
        parts = c.decision_id.split(".")
        if (len(parts) != 3 or c.amount is None or c.option_id is not None
                or not parts[0].startswith(self.letter)):
            return None
        serial, giver, recv = parts[0][len(self.letter):], parts[1], parts[2]
        if not all(x.isascii() and x.isdigit() for x in (serial, giver, recv)) \
                or int(recv) >= len(self.ids):
            return None
        return Choice(f"{self.letter}{serial}.{giver}",
                      option_id=f"give:{self.ids[int(recv)]}:{c.amount}")
