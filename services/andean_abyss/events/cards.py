"""Imports every event card module so that each registers its sides."""

from __future__ import annotations

from . import cards_01_12

MODULES = (cards_01_12,)
