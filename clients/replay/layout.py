"""The Redis keys the replay verifier reads, as gateway/keys.py spells them.

Spelled here so the clients package installs without the gateway package;
tests/clients/test_replay.py checks every one against gateway.keys.
"""

from __future__ import annotations

import zlib


def table_meta(tid: str) -> str:
    return f"t:{{{tid}}}:meta"


def table_log(tid: str) -> str:
    return f"t:{{{tid}}}:log"


def table_state(tid: str) -> str:
    return f"t:{{{tid}}}:state"


def state_bytes(stored: bytes) -> bytes:
    """The GameState bytes of a stored state: gateway/stored_state.py keeps a large one
    deflated behind a 0x00 byte (decision 0014)."""
    return zlib.decompress(stored[1:], -15) if stored[:1] == b"\x00" else stored


TABLES_FINISHED = "tables:finished"
