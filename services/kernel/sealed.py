"""Simultaneous secret decisions: one procedure for every game (DESIGN §6).

- each seat's decision id is fixed for the round (`s<round>.<seat>`), so one
  seat committing never makes another's choice stale;
- a commitment is sealed: a private event to the committing seat carries the
  value, the public event says only that the seat has committed;
- when the last seat commits, one public reveal event carries every value, and
  the caller resolves in seat order, never arrival order;
- nothing random may be drawn between the first and the last commitment
  (the caller draws nothing while `is_open`).

The round's record lives in the game state (a `SealedRound` field).
"""

from __future__ import annotations

import msgspec

from .ctx import Ctx
from .decisions import AmountRange, Decision, Option
from .errors import RulesBug


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


def open_amounts(key: str, kind: str, prompt: str, serial: int,
                 bounds: dict[int, tuple[int, int]]) -> SealedRound:
    """A round where each listed seat commits one amount in its bounds."""
    seats = sorted(bounds)
    return SealedRound(key, kind, prompt, serial, seats,
                       [bounds[s][0] for s in seats], [bounds[s][1] for s in seats],
                       [], [None] * len(seats))


def open_options(key: str, kind: str, prompt: str, serial: int,
                 options: dict[int, list[str]]) -> SealedRound:
    """A round where each listed seat commits one of its own options."""
    seats = sorted(options)
    return SealedRound(key, kind, prompt, serial, seats, [], [],
                       [options[s] for s in seats], [None] * len(seats))


def sealed_id(rnd: SealedRound, seat: int) -> str:
    return f"s{rnd.serial}.{seat}"


def is_open(rnd: SealedRound) -> bool:
    return any(v is None for v in rnd.values)


def decisions(rnd: SealedRound) -> list[Decision]:
    """The decisions of every seat that has not committed yet."""
    out = []
    for i, seat in enumerate(rnd.seats):
        if rnd.values[i] is not None:
            continue
        if rnd.options:
            opts = tuple(Option(o, o) for o in rnd.options[i])
            out.append(Decision(sealed_id(rnd, seat), seat, rnd.kind, rnd.prompt, opts))
        else:
            rng = AmountRange(rnd.mins[i], rnd.maxs[i])
            out.append(Decision(sealed_id(rnd, seat), seat, rnd.kind, rnd.prompt, amount=rng))
    return out


def commit(ctx: Ctx, rnd: SealedRound, seat: int, value: int | str) -> bool:
    """Seal one seat's value; True when every seat has committed (then `reveal`)."""
    i = rnd.seats.index(seat)
    if rnd.values[i] is not None:
        raise RulesBug(f"seat {seat} committed twice in {rnd.key}")
    rnd.values[i] = value
    ctx.emit(f"{rnd.key}.sealed", f"You committed {value}.", {"seat": seat, "value": value},
             seats=[seat])
    ctx.emit(f"{rnd.key}.committed", f"Seat {seat} has committed.", {"seat": seat})
    return not is_open(rnd)


def reveal(ctx: Ctx, rnd: SealedRound) -> dict[int, int | str]:
    """Publish every value at once; returns them by seat, in seat order."""
    if is_open(rnd):
        raise RulesBug(f"reveal of {rnd.key} before every seat committed")
    values = {seat: v for seat, v in zip(rnd.seats, rnd.values) if v is not None}
    shown = ", ".join(f"seat {s}: {v}" for s, v in values.items())
    ctx.emit(f"{rnd.key}.revealed", f"Revealed: {shown}.",
             {"values": {str(s): v for s, v in values.items()}})
    return values
