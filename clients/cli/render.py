"""How the terminal client draws a table: a registry of per-game renderers with a
generic fallback that reads any view (a Struct, or any typed message as JSON).

A game registers a renderer under its game id or its view's full type name:

    @register("cuba")
    def cuba(ctx: RenderContext) -> RenderableType: ...

The generic renderer (generic.py) needs no game knowledge.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from tablero.v1 import common_pb2, gateway_pb2

from .generic import render_generic


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
