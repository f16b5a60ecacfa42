"""Dice (JU conventions): every die comes from the game's seeded PRNG, after any dice the
scenario builder has queued in the state (`JuntaState.dice`, empty in play: the way a test
rigs an outcome, as a stacked deck would, without touching the PRNG; JU-R-08)."""

from __future__ import annotations

from services.kernel import rng

from .state import JuntaState


def roll(st: JuntaState) -> int:
    if st.dice:
        return st.dice.pop(0)
    return rng.randint(st.rng, 1, 6)
