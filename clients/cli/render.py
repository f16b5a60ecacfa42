"""How the terminal client draws a table: a registry of per-game renderers with a
generic fallback that reads any view (a Struct, or any typed message as JSON).

A game registers a renderer under its game id or its view's full type name:

    @register("cuba")
    def cuba(ctx: RenderContext) -> RenderableType: ...

The generic renderer needs no game knowledge: lists as long as the table has
seats become columns of a seats table, plain values a key/value grid, and
anything else compact JSON.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from tablero.v1 import common_pb2, gateway_pb2


@dataclasses.dataclass
class RenderContext:
    """Everything a renderer may use: the seat view, its game view as data, the table."""

    game: str
    view: common_pb2.SeatView
    data: dict[str, Any]
    type_name: str
    seat_names: list[str]

    @property
    def seats(self) -> int:
        return len(self.seat_names)


# Event kinds the log does not print: the gateway's per-commit marker.
QUIET_KINDS = frozenset({"tablero.committed"})

Renderer = Callable[[RenderContext], RenderableType]
_RENDERERS: dict[str, Renderer] = {}


def register(key: str) -> Callable[[Renderer], Renderer]:
    """Register a renderer for a game id or a view's full message name."""
    def deco(fn: Renderer) -> Renderer:
        _RENDERERS[key] = fn
        return fn
    return deco


def renderer_for(game: str, type_name: str) -> Renderer:
    return _RENDERERS.get(game) or _RENDERERS.get(type_name) or render_generic


def seat_names(table: gateway_pb2.TableInfo | None, seats: int) -> list[str]:
    """Display names by seat ("seat 2" for an empty one, "(bot)" marked)."""
    names = [f"seat {s}" for s in range(seats)]
    for s in table.seats if table is not None else ():
        if 0 <= s.seat < seats:
            label = s.display_name or f"seat {s.seat}"
            names[s.seat] = f"{label} (bot)" if s.bot else label
    return names


def label(key: str) -> str:
    return key.replace("_", " ")


def compact(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, bool | int | float | str):
        return str(value)
    if isinstance(value, list) and all(not isinstance(v, dict | list) for v in value):
        return ", ".join(compact(v) for v in value) or "—"
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def render_generic(ctx: RenderContext) -> RenderableType:
    """Any view: a key/value grid, a per-seat table, the rest as compact JSON."""
    per_seat = {k: v for k, v in ctx.data.items()
                if isinstance(v, list) and ctx.seats > 1 and len(v) == ctx.seats}
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    for k, v in ctx.data.items():
        if k not in per_seat:
            grid.add_row(label(k), compact(v))
    parts: list[RenderableType] = [grid]
    if per_seat or ctx.seats:
        parts.append(seats_table(ctx, per_seat))
    return Group(*parts)


def seats_table(ctx: RenderContext, columns: dict[str, list[Any]]) -> Table:
    t = Table(box=box.SIMPLE, show_edge=False, pad_edge=False)
    t.add_column("seat")
    t.add_column("player")
    for k in columns:
        t.add_column(label(k), justify="right")
    for s in range(ctx.seats):
        you = " (you)" if s == ctx.view.seat else ""
        t.add_row(str(s), ctx.seat_names[s] + you, *(compact(v[s]) for v in columns.values()))
    return t


def view_panel(ctx: RenderContext) -> Panel:
    who = "spectator" if ctx.view.seat < 0 else f"seat {ctx.view.seat}"
    body = renderer_for(ctx.game, ctx.type_name)(ctx)
    return Panel(body, title=f"{ctx.game} · {who} · version {ctx.view.version}",
                 title_align="left", box=box.ROUNDED)


def outcome_table(outcome: common_pb2.Outcome, names: list[str]) -> Table:
    t = Table(title="Game over", box=box.SIMPLE_HEAD, title_justify="left")
    for col in ("rank", "seat", "player", "score", ""):
        t.add_column(col)
    for r in sorted(outcome.results, key=lambda r: (r.rank, r.seat)):
        name = names[r.seat] if r.seat < len(names) else f"seat {r.seat}"
        t.add_row(str(r.rank), str(r.seat), name, str(r.score), "winner" if r.winner else "")
    if outcome.summary:
        t.caption = outcome.summary
    return t


def event_line(ev: gateway_pb2.TableEvent, you: int) -> Text:
    """One log line: the event's text, private ones marked."""
    vis = ev.event.visibility
    private = not vis.public and list(vis.seats) == [you] and you >= 0
    line = Text(f"  v{ev.version:<4} ", style="dim")
    line.append(ev.event.text or ev.event.kind, style="italic" if private else "")
    if private:
        line.append("  (only you)", style="dim")
    return line


def tables_table(tables: list[gateway_pb2.TableInfo], finished: bool) -> Table:
    game = tables[0].game if tables else ""
    t = Table(title=f"{'Finished' if finished else 'Live'} {game} tables", title_justify="left",
              box=box.SIMPLE_HEAD)
    t.add_column("table", no_wrap=True, min_width=32)
    for col in ("version", "players", "result" if finished else "waiting on"):
        t.add_column(col)
    for info in tables:
        names = seat_names(info, len(info.seats))
        if finished:
            last = info.outcome.summary or ("finished" if info.outcome.finished else "")
        else:
            last = ", ".join(sorted({names[p.seat] for p in info.pending if not p.optional}))
        t.add_row(info.table_id, str(info.version), ", ".join(names), last)
    if not tables:
        t.caption = "none"
    return t
