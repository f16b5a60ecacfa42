"""The fields every game state carries, and the flow frame (DESIGN §6).

A game's state subclasses `KernelState` (a msgspec Struct of plain data: ints,
strings, lists, dicts). No closures, no log, no undo: events leave through the
`Ctx` of each step.
"""

from __future__ import annotations

from typing import Any

import msgspec


class RngState(msgspec.Struct, array_like=True, gc=False):
    """The PRNG state: `state` advances; `inc` (odd) selects the stream."""

    state: int = 0
    inc: int = 1


class Frame(msgspec.Struct, array_like=True, gc=False):
    """One half-finished procedure on the decision stack: which proc, and its locals (plain
    data, never in a reference cycle: not tracked by the garbage collector, as the records
    of kernel/records.py)."""

    proc: str
    vars: dict[str, Any] = {}


class KernelState(msgspec.Struct, kw_only=True):
    """Base of every game state.

    seats:  number of seats (0..seats-1).
    seed:   the table's seed; with the choice log it reproduces the game.
    rng:    the game's PRNG state; all randomness comes from here.
    serial: number of choices applied; part of every ordinary decision id.
    stack:  the decision stack (kernel.flow).
    """

    seats: int
    seed: int
    rng: RngState
    serial: int = 0
    stack: list[Frame] = []


class SealedRound(msgspec.Struct, array_like=True):
    """One round of sealed commitments.

    serial:  fixes the decision ids for the round (use the state's serial at opening).
    seats:   the seats that must commit.
    mins/maxs: amount bounds per listed seat (amount rounds).
    options: option ids per listed seat (option rounds); empty for amount rounds.
    values:  committed values per listed seat; None until committed.
    """

    key: str
    kind: str
    prompt: str
    serial: int
    seats: list[int]
    mins: list[int] = []
    maxs: list[int] = []
    options: list[list[str]] = []
    values: list[int | str | None] = []
