"""A seeded, serialisable PRNG whose whole state lives in the game state (DESIGN §2).

PCG32 (O'Neill, pcg-random.org, "XSH RR" output): 64-bit state, 32-bit output.
Never the `random` module, never time: a seed plus the choice log reproduces a
game bit for bit.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final, TypeVar

from .state import RngState as RngState

_MASK64: Final = (1 << 64) - 1
_MULT: Final = 6364136223846793005
T = TypeVar("T")


def seeded(seed: int, stream: int = 0) -> RngState:
    """A fresh PRNG state from a seed (pcg32_srandom)."""
    r = RngState(0, ((stream << 1) | 1) & _MASK64)
    next_u32(r)
    r.state = (r.state + (seed & _MASK64)) & _MASK64
    next_u32(r)
    return r


def from_text(text: str) -> RngState:
    """A PRNG state derived from any text, e.g. a seed and a decision id (bot_rng)."""
    digest = hashlib.blake2b(text.encode(), digest_size=16).digest()
    return seeded(int.from_bytes(digest[:8], "little"), int.from_bytes(digest[8:], "little"))


def next_u32(r: RngState) -> int:
    old = r.state
    r.state = (old * _MULT + r.inc) & _MASK64
    xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
    rot = old >> 59
    return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF


def randbelow(r: RngState, n: int) -> int:
    """A uniform integer in [0, n), by rejection (no modulo bias)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    if n == 1:
        return 0
    threshold = (0x100000000 - n) % n
    while True:
        x = next_u32(r)
        if x >= threshold:
            return x % n


def randint(r: RngState, lo: int, hi: int) -> int:
    """A uniform integer in [lo, hi], both included (a die: randint(r, 1, 6))."""
    return lo + randbelow(r, hi - lo + 1)


def choice(r: RngState, items: Sequence[T]) -> T:
    return items[randbelow(r, len(items))]


def shuffle(r: RngState, items: list[T]) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(r, i + 1)
        items[i], items[j] = items[j], items[i]
