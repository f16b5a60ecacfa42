"""A table's state at rest (decision 0014).

The rules service returns a GameState message; the gateway stores its bytes under
`t:{id}:state` and hands them back to the rules service as they are. A state over
`DEFLATE_OVER` bytes (Andean Abyss ~1.4 KB, Cuba ~0.7 KB mid-game) is stored deflated,
behind a 0x00 byte: a GameState's bytes never start with one (protobuf has no field 0), so
states stored before this, or small ones (Duel's), read back as they are.
"""

from __future__ import annotations

import zlib

MARK = b"\x00"
DEFLATE_OVER = 512  # bytes: below this a state gains less than the deflate costs
LEVEL = 1  # zlib's fastest: within ~8% of level 9's size on these states, a third the time


def pack(state: bytes) -> bytes:
    """The bytes to store for the GameState bytes `state`."""
    if len(state) <= DEFLATE_OVER:
        return state
    return MARK + zlib.compress(state, LEVEL, -15)


def unpack(stored: bytes) -> bytes:
    """The GameState bytes of what `pack` stored (or a state stored before it)."""
    if stored[:1] != MARK:
        return stored
    return zlib.decompress(memoryview(stored)[1:], -15)
