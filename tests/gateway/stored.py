"""A table's event log as Redis holds it: its archive's chunks, then its stream."""

from __future__ import annotations

from typing import Any

from gateway import archive, keys


def stored_entries(redis: Any, tid: str) -> list[tuple[bytes, dict[bytes, bytes]]]:
    """Every stored entry of the table, oldest first: (stream id, fields)."""
    return (archive.unpacked(redis.hgetall(keys.table_archive(tid)))
            + list(redis.xrange(keys.table_events(tid))))
