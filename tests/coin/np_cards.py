"""What the COIN Non-player tests of both games share: a card put in play with the Eligible
factions to ask, the flow run as the rules service runs it (`game.advance`: Non-players
deciding until a player must decide or the card is over), and the Non-players' choices read
back from their public `coin.np_choice` events."""

from __future__ import annotations

from typing import Any

from services.kernel.ctx import Ctx
from services.kernel.events import Event
from services.kernel.flow import push


def play(game: Any, st: Any, card: int, queue: list[int], done: int = 0, first: str = "") -> \
        list[Event]:
    """Put `card` in play and ask the factions in `queue` (coin.card); the events."""
    st.played.append(card)
    push(st, "coin.card", queue=list(queue), done=done, first=first, ph="pick")
    ctx = Ctx()
    game.advance(ctx, st)
    return ctx.events


def np_choices(events: list[Event], kind: str | None = None) -> list[str]:
    """The options the Non-players chose, in order (of decisions of `kind` only, if given)."""
    return [e.data["option"] for e in events if e.kind == "coin.np_choice"
            and (kind is None or e.data["kind"] == kind)]
