"""JU 47: the political cards, registered by number in files of twelve."""

from services.kernel.flow import Proc

from ..state import JuntaState
from . import cards_01_12, cards_13_24, cards_25_36, cards_37_48, cards_49_56, effects, registry
from .registry import CARDS

PROCS: tuple[Proc[JuntaState], ...] = (*registry.PROCS, *effects.PROCS)

__all__ = ["CARDS", "PROCS", "cards_01_12", "cards_13_24", "cards_25_36", "cards_37_48",
           "cards_49_56"]
