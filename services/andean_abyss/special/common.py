"""The shape shared by Special Activities that act space by space (AA 4.1): the COIN
layer's `SpaceLoop` / `LoopSa` (coin.sa_loop) on the Andean Abyss board."""

from __future__ import annotations

from services.coin import sa_loop

from .. import board as B
from ..state import AAState


class SpaceLoop(sa_loop.SpaceLoop[AAState]):
    """An AA Special Activity over up to `max` spaces (frame vars: coin.sa_loop)."""

    board = B.BOARD


class LoopSa(sa_loop.LoopSa[AAState]):
    """An AA Special Activity run by a `SpaceLoop` proc."""
