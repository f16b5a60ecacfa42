"""A player's plantation: fields, buildings on them, activation (CU 5.B.1, 5.B.3, 5.B.4)."""

from __future__ import annotations

from .constants import CROSSES, N_FIELDS, NO_BUILDING, FieldClass
from .data import DATA
from .state import Player


def field_class(p: Player, field: int) -> FieldClass:
    return DATA.field_types[p.farm[field]].cls


def field_yield(p: Player, field: int) -> int:
    """The item an open field yields, or -1 (warehouse)."""
    return DATA.field_types[p.farm[field]].yields


def is_warehouse(p: Player, field: int) -> bool:
    return field_class(p, field) is FieldClass.WAREHOUSE


def is_open(p: Player, field: int, cls: FieldClass) -> bool:
    """CU 10.3: a field of this class without a building."""
    return p.buildings[field] == NO_BUILDING and field_class(p, field) is cls


def count_open(p: Player, cls: FieldClass) -> int:
    return sum(1 for f in range(N_FIELDS) if is_open(p, f, cls))


def activated(p: Player) -> tuple[int, ...]:
    """CU 5.B.1 item 2: the worker's row and column."""
    return CROSSES[p.worker]


def buildable_fields(p: Player) -> list[int]:
    """CU 5.B.3: any field but the warehouse and fields that already carry a building."""
    return [f for f in range(N_FIELDS)
            if p.buildings[f] == NO_BUILDING and not is_warehouse(p, f)]


def activatable(p: Player, fields: tuple[int, ...] | range) -> list[int]:
    """CU 5.B.4: the fields among these holding a building or the printed warehouse."""
    return [f for f in fields if p.buildings[f] != NO_BUILDING or is_warehouse(p, f)]
