"""The Redis keys the replay verifier reads, as gateway/keys.py spells them.

Spelled here so the clients package installs without the gateway package;
tests/clients/test_replay.py checks every one against gateway.keys.
"""

from __future__ import annotations


def table_meta(tid: str) -> str:
    return f"t:{{{tid}}}:meta"


def table_log(tid: str) -> str:
    return f"t:{{{tid}}}:log"


def table_state(tid: str) -> str:
    return f"t:{{{tid}}}:state"


TABLES_FINISHED = "tables:finished"
