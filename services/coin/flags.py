"""§5.3-5.4 Capabilities and Momentum: one bit per flag in the state's `caps` / `mom` ints.

A Capability lasts the rest of the game; Momentum lasts until the next Reset phase (§6.6),
which clears every Momentum bit. The game keeps the table of its flags (which card and side
sets each, which rule reads it) beside its events; the event steps and queries are these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from services.kernel.ctx import Ctx

from .board import Board
from .effects import Do, Vars


class Flagged(Protocol):
    caps: int
    mom: int
    played: list[int]


def has_cap(st: Flagged, cap: int) -> bool:
    return bool(st.caps >> cap & 1)


def has_mom(st: Flagged, mom: int) -> bool:
    return bool(st.mom >> mom & 1)


def capability(board: Board[Any], cap: int, side: str) -> Do:
    """§5.3 a Capability of the current card's side, for the rest of the game."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        st.caps |= 1 << cap
        card = st.played[-1]
        ctx.emit(board.name("capability"), f"Capability in force for the rest of the game: "
                 f"{board.words.cards[card]} ({side}).", {"card": card, "side": side})
    return Do(fn)


def momentum(board: Board[Any], mom: int, then: Callable[[Any, Vars], None] | None = None,
             side: str = "shaded") -> Do:
    """§5.4 Momentum until the next Reset phase; `then` records what the card also
    remembers (AA card 42: who played it)."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        st.mom |= 1 << mom
        if then is not None:
            then(st, v)
        card = st.played[-1]
        ctx.emit(board.name("momentum"), f"Momentum in force until the next Propaganda "
                 f"Round: {board.words.cards[card]}.", {"card": card, "side": side})
    return Do(fn)


def end_momentum(st: Flagged) -> None:
    """§6.6 Reset: every Momentum ends."""
    st.mom = 0
