"""Reading offered options for the CL Non-player procedures and the generic choice: the
shared readers (coin.bots.options) over Cuba Libre's vocabulary (8.1.2: players before
bots)."""

from __future__ import annotations

from typing import Final

from services.coin.bots.options import OptionReader, Vocabulary, count_of, verb
from services.kernel.decisions import Decision

from .. import data as D
from ..constants import FACTION_IDS, KIND_IDS
from ..state import CLState
from .tables import REMOVE_OWN, beneficiaries, enemies, klass, owner, pick

__all__ = ["READER", "by_space", "count_of", "generic", "pick_in_tiers", "space_of", "verb"]

READER: Final = OptionReader(Vocabulary(
    index=D.INDEX, kind_ids=KIND_IDS, klass=klass, owner=owner, faction_ids=FACTION_IDS,
    enemies=enemies, pop=lambda s: D.POP[s], pick=pick,
    never=("reclaim",),  # CL 1.4.1: no piece taken back from the map while others remain
    beneficiaries=beneficiaries, remove_own=REMOVE_OWN))

space_of = READER.space_of
by_space = READER.by_space
pick_in_tiers = READER.pick_in_tiers


def generic(st: CLState, d: Decision, f: int) -> str:
    """CL 8.1.1-8.1.2, 8.4.3-8.4.4 for any decision no box names."""
    return READER.generic(st, d, f)
