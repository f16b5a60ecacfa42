"""The generic view renderer: any game's view, read as plain data, with no game knowledge.

- plain values (and lists or maps of plain values) go in a key/value grid;
- lists as long as the table has seats are per-seat: plain ones become columns of
  the seats table; lists of records (one per seat, e.g. `players`) contribute their
  plain fields as columns and their nested fields as per-seat lines;
- other lists of records (a market, a harbour) become small tables of their own;
- anything deeper is compact JSON. Nothing is cut: long cells fold.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from .render import RenderContext


def label(key: str) -> str:
    return key.replace("_", " ")


def is_plain(v: Any) -> bool:
    return isinstance(v, bool | int | float | str) or v is None


def is_flat(v: Any) -> bool:
    """Plain, or a list or map of plain values: fits in one cell."""
    if isinstance(v, list):
        return all(is_plain(x) for x in v)
    if isinstance(v, dict):
        return all(is_plain(x) for x in v.values())
    return is_plain(v)


def is_records(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def compact(value: Any) -> str:
    """One cell of text: numbers without ".0", lists joined, maps as "k v" pairs
    without their empty entries (a yard of "wood 1, water 2", not eight zeros)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if is_plain(value):
        return "—" if value is None else str(value)
    if isinstance(value, dict) and is_flat(value):
        return ", ".join(f"{label(k)} {compact(v)}" for k, v in value.items() if v) or "—"
    if isinstance(value, list) and is_flat(value):
        return ", ".join(compact(v) for v in value) or "—"
    if is_records(value) and all(is_flat(r) for r in value):
        return "; ".join(" ".join(compact(x) for x in r.values() if x != "") for r in value)
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def render_generic(ctx: RenderContext) -> RenderableType:
    per_seat = {k: v for k, v in ctx.data.items()
                if isinstance(v, list) and ctx.seats > 1 and len(v) == ctx.seats}
    rest = {k: v for k, v in ctx.data.items() if k not in per_seat}
    parts: list[RenderableType] = [grid({k: v for k, v in rest.items() if is_flat(v)})]
    parts.append(seats_table(ctx, per_seat))
    parts.extend(seat_details(ctx, per_seat))
    for k, v in rest.items():
        if not is_flat(v):
            parts.append(records_table(k, v) if is_records(v) else grid({k: v}))
    return Group(*parts)


def grid(fields: dict[str, Any]) -> Table:
    g = Table.grid(padding=(0, 2))
    g.add_column(style="bold", no_wrap=True)
    g.add_column(overflow="fold")
    for k, v in fields.items():
        g.add_row(label(k), compact(v))
    return g


def seat_columns(per_seat: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """Per-seat columns: flat per-seat lists, and the flat fields of per-seat records."""
    cols: dict[str, list[Any]] = {}
    for k, v in per_seat.items():
        if not is_records(v):
            cols[k] = v
            continue
        for field in dict.fromkeys(f for rec in v for f in rec):
            if field != "seat" and all(is_flat(rec.get(field)) for rec in v):
                cols[field] = [rec.get(field) for rec in v]
    return cols


def seats_table(ctx: RenderContext, per_seat: dict[str, list[Any]]) -> Table:
    """One column per seat, one row per per-seat field: fits however many fields."""
    t = Table(box=box.SIMPLE, show_edge=False, pad_edge=False)
    t.add_column("", style="bold", no_wrap=True)
    for s in range(ctx.seats):
        you = " (you)" if s == ctx.view.seat else ""
        t.add_column(f"{s}: {ctx.seat_names[s]}{you}", overflow="fold")
    for k, values in seat_columns(per_seat).items():
        t.add_row(label(k), *(compact(v) for v in values))
    return t


def seat_details(ctx: RenderContext, per_seat: dict[str, list[Any]]) -> list[Text]:
    """The nested fields of per-seat records (a farm, a hand of cards), one line each."""
    lines = []
    for v in per_seat.values():
        if not is_records(v):
            continue
        for s, rec in enumerate(v):
            for field, value in rec.items():
                if not is_flat(value):
                    line = Text(f"seat {s} {label(field)}: ", style="bold")
                    lines.append(line.append(compact(value), style=""))
    return lines


def records_table(key: str, records: list[dict[str, Any]]) -> Table:
    t = Table(title=label(key), title_justify="left", box=box.SIMPLE, show_edge=False,
              pad_edge=False)
    fields = list(dict.fromkeys(f for rec in records for f in rec))
    for f in fields:
        t.add_column(label(f), overflow="fold")
    for rec in records:
        t.add_row(*(compact(rec[f]) if f in rec else "" for f in fields))
    return t
