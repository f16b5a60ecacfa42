"""Reading offered options for the AA Non-player procedures and the generic choice: the
shared readers (coin.bots.options) over Andean Abyss's vocabulary (AA-R-03: never own
removal; AA-R-24 the enemy orders)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from services.coin.bots.options import OptionReader, Vocabulary, count_of, removing, verb
from services.kernel.decisions import Decision, Option

from .. import data as D
from ..constants import FACTION_IDS, KIND_IDS
from ..state import AAState
from .tables import ENEMIES, klass, owner, pick

__all__ = ["by_space", "count_of", "faction_of", "generic", "kind_of", "pick_in_tiers",
           "piece_key", "removing", "space_of", "verb"]

READER: Final = OptionReader(Vocabulary(
    index=D.INDEX, kind_ids=KIND_IDS, klass=klass, owner=owner, faction_ids=FACTION_IDS,
    enemies=lambda st, f: ENEMIES.get(f, ()), pop=lambda s: D.POP[s], pick=pick,
    never=("reclaim",)))

space_of = READER.space_of
kind_of = READER.kind_of
faction_of = READER.faction_of
by_space = READER.by_space
pick_in_tiers = READER.pick_in_tiers


def piece_key(f: int, removing: bool, o: Option) -> tuple[int, int]:
    return READER.piece_key(None, f, removing, o)


def generic(st: AAState, d: Decision, f: int,
            impact: Callable[[str], int] | None = None) -> str:
    """8.1.1-8.1.2, 8.4.2-8.4.3 for any decision no box names; `impact`: an option's change
    of Total Support + Total Opposition (8.4.3)."""
    return READER.generic(st, d, f, impact)
