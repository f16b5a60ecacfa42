"""Imports every event card module so that each registers its sides."""

from __future__ import annotations

from . import cards_01_12, cards_13_24, cards_25_36, cards_37_48, cards_49_60, cards_61_72

MODULES = (cards_01_12, cards_13_24, cards_25_36, cards_37_48, cards_49_60, cards_61_72)
