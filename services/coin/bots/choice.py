"""8.1 the Non-player's action on an Event card, shared by the COIN games (AA 8.1, CL 8.1):
whether it wants the Event (its symbol leftmost when 1st Eligible; as 2nd Eligible after the
1st's Operation + Special Activity unless the card's gray "2nd: Ops" symbol says otherwise;
never where a card instruction forbids it), and whether the Event would do anything (the
dry run of rule 4 on a copy of the whole state). A game gives its cards' symbols as data."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision

from ..sequence import FIRST_OP_SA
from .driver import NonPlayers, changed, copy_state
from .priorities import is_stop
from .seats import is_np_seat

# 8.1 rule 4: the card's own bookkeeping, the flow and the PRNG are not an Event's effect
BOOKKEEPING = ("seats", "seed", "rng", "serial", "stack", "acted", "eligible")


@dataclass(frozen=True)
class CardSymbols:
    """A game's Non-player card data: the faction whose symbol is leftmost, the gray
    "2nd: Ops" symbol, and the cards a Non-player never executes (instructions)."""

    leftmost: Callable[[int], int]
    second_ops: Callable[[int], bool]
    never_event: frozenset[int] = frozenset()


def wants_event(cards: CardSymbols, f: int, v: dict[str, Any], card: int) -> bool:
    """8.1 rules 1-2 given the card frame's vars (`done`: factions that acted, `first`: what
    the 1st Eligible did)."""
    if card in cards.never_event:
        return False
    if v["done"] == 0:
        return cards.leftmost(card) == f
    return v["first"] == FIRST_OP_SA and not cards.second_ops(card)


def effective(np: NonPlayers, st: Any, d: Decision, event_option: str,
              ignore: tuple[str, ...] = BOOKKEEPING) -> bool:
    """8.1 rule 4: execute the Event on a copy of the whole state (PRNG included), the
    Non-player deciding, until the Event is over (the stack back to its depth) or a player
    must decide; effective if anything but `ignore` changed, or if the Event, still under
    way, has a player choose something to do (AA card 36: the Government places the Zone).
    The copy's PRNG draws go with it: a real execution repeats them."""
    trial = copy_state(st)
    depth = len(trial.stack)
    np.flow.choose(Ctx(), trial, d, Choice(d.id, option_id=event_option))
    base = st
    if np.before is not None:  # a standing act at the start (CL 8.6.5) is not the Event's
        serial = trial.serial
        np.before(Ctx(), trial)
        base = copy_state(trial) if trial.serial != serial else st
    np.run_until(Ctx(), trial, lambda s: len(s.stack) <= depth)
    return changed(base, trial, ignore) or (len(trial.stack) > depth
                                           and player_acts(np.flow.decisions(trial)))


def player_acts(ds: list[Decision]) -> bool:
    """A player's waited-on decision offering something to do (not only stopping)."""
    return any(not d.optional and not is_np_seat(d.seat)
               and (d.amount is not None or any(not is_stop(o) for o in d.option_ids()))
               for d in ds)
