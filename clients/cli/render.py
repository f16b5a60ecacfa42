"""How the terminal client draws a table: a small registry of per-game renderers, with a
generic fallback that reads any view (a Struct, or any typed message as data).

A game plugs in with a module in `clients/cli/games/` (loaded by `load_games()`) that
registers, under its game id or its view's full type name, a board renderer and,
optionally, a lookup for the `?` command:

    @register("cuba")
    def board(ctx: RenderContext) -> RenderableType: ...      # fit ctx.width x ctx.height

    @register_lookup("cuba")
    def lookup(ctx: RenderContext, term: str) -> RenderableType | None: ...

The generic renderer (generic.py) needs no game knowledge.
"""

from __future__ import annotations

import dataclasses
import importlib
import io
import pkgutil
import re
from collections.abc import Callable, Iterable
from typing import Any

from google.protobuf import json_format
from rich import box
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from tablero.v1 import common_pb2, gateway_pb2

from .generic import compact, is_plain, label, render_generic


@dataclasses.dataclass
class RenderContext:
    """Everything a renderer may use: the seat view, its game view and the game's static
    reference as data, the table's players and options, and the room it may take."""

    game: str
    view: common_pb2.SeatView
    data: dict[str, Any]
    type_name: str
    seat_names: list[str]
    reference: dict[str, Any] = dataclasses.field(default_factory=dict)
    options: dict[str, str] = dataclasses.field(default_factory=dict)
    width: int = 80
    # Lines the board may take (inside the frame); None = as many as it needs.
    height: int | None = None

    @property
    def seats(self) -> int:
        return len(self.seat_names)

    @property
    def you(self) -> int:
        return self.view.seat

    def fits(self, renderable: RenderableType) -> bool:
        return self.height is None or lines(renderable, self.width) <= self.height

    def first_fitting(self, *layouts: Callable[[], RenderableType]) -> RenderableType:
        """The first layout that fits the room given, else the last (the most compact)."""
        for make in layouts[:-1]:
            board = make()
            if self.fits(board):
                return board
        return layouts[-1]()


# Event kinds the log does not print: the gateway's per-commit marker.
QUIET_KINDS = frozenset({"tablero.committed"})

Renderer = Callable[[RenderContext], RenderableType]
Lookup = Callable[[RenderContext, str], RenderableType | None]
_RENDERERS: dict[str, Renderer] = {}
_LOOKUPS: dict[str, Lookup] = {}


def register(key: str) -> Callable[[Renderer], Renderer]:
    """Register a board renderer for a game id or a view's full message name."""
    def deco(fn: Renderer) -> Renderer:
        _RENDERERS[key] = fn
        return fn
    return deco


def register_lookup(key: str) -> Callable[[Lookup], Lookup]:
    """Register what `? TERM` shows for a game: a card, building, law or space, or None."""
    def deco(fn: Lookup) -> Lookup:
        _LOOKUPS[key] = fn
        return fn
    return deco


def renderer_for(game: str, type_name: str) -> Renderer:
    return _RENDERERS.get(game) or _RENDERERS.get(type_name) or render_generic


def lookup_for(game: str, type_name: str) -> Lookup | None:
    return _LOOKUPS.get(game) or _LOOKUPS.get(type_name)


def load_games() -> None:
    """Import every game module of clients/cli/games (each registers itself)."""
    from . import games

    for mod in pkgutil.iter_modules(games.__path__):
        importlib.import_module(f"{games.__name__}.{mod.name}")


def lines(renderable: RenderableType, width: int) -> int:
    """How many terminal lines `renderable` takes at `width` columns."""
    return len(plain(renderable, width).splitlines())


def plain(renderable: RenderableType, width: int) -> str:
    """`renderable` as the plain text it shows at `width` columns."""
    c = Console(width=width, file=io.StringIO(), record=True, color_system=None,
                highlight=False, force_terminal=False)
    c.print(renderable)
    return c.export_text()


def seat_names(table: gateway_pb2.TableInfo | None, seats: int) -> list[str]:
    """Display names by seat: "seat 2" for an empty one, "bot 2" for a bot seat, and
    "<name> (left, bot played)" for a seat whose player left (gateway.proto SeatInfo)."""
    names = [f"seat {s}" for s in range(seats)]
    for s in table.seats if table is not None else ():
        if not 0 <= s.seat < seats:
            continue
        if s.bot:
            left = s.display_name not in ("", "bot")
            names[s.seat] = f"{s.display_name} (left, bot played)" if left else f"bot {s.seat}"
        else:
            names[s.seat] = s.display_name or f"seat {s.seat}"
    return names


def view_panel(ctx: RenderContext) -> Panel:
    """The board in a frame; the renderer gets the room inside the frame."""
    inner = dataclasses.replace(ctx, width=ctx.width - 4,
                                height=None if ctx.height is None else ctx.height - 2)
    who = "spectator" if ctx.you < 0 else f"seat {ctx.you}: {ctx.seat_names[ctx.you]}"
    body = renderer_for(ctx.game, ctx.type_name)(inner)
    return Panel(body, title=f"{ctx.game} · {who}", title_align="left", box=box.ROUNDED,
                 width=ctx.width)


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


# "Seat 2" (Cuba, Andean Abyss) or "Player 2" (Junta, whose players are its seats).
SEAT_WORD = re.compile(r"\b(?:[Ss]eat|Player) (\d+)(?:'s)?")


def event_seats(data: dict[str, Any]) -> set[int]:
    """The seats an event's data names (decision 0004 vocabulary: seat, seats, player…)."""
    found: set[int] = set()
    for key in ("seat", "seats", "player", "winner", "by", "to", "from", "target", "killer",
                "proposer", "president"):
        value = data.get(key)
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, int | float) and not isinstance(v, bool):
                found.add(int(v))
    return found


def facts(data: dict[str, Any]) -> str:
    """Event data in words, by name (a Struct has no order): 'seat 0 · yard: stone 1, wood 2'."""
    def told(v: Any) -> str:
        return compact(dict(sorted(v.items())) if isinstance(v, dict) else v)
    return " · ".join(f"{label(k)} {told(v)}" if is_plain(v) else f"{label(k)}: {told(v)}"
                      for k, v in sorted(data.items()))


def event_text(ev: common_pb2.Event, names: list[str]) -> str:
    """An event in a player's words: its text with the seats its data names shown by
    player name; an event without text is told from its data."""
    data = json_format.MessageToDict(ev.data) if ev.HasField("data") else {}
    if not ev.text:
        what = ev.kind.split(".", 1)[-1].replace("_", " ").replace(".", " ")
        return f"{what}: {facts(data)}" if data else what
    named = event_seats(data)

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        if seat not in named or not 0 <= seat < len(names):
            return m.group(0)
        return names[seat] + ("'s" if m.group(0).endswith("'s") else "")

    return SEAT_WORD.sub(name, ev.text)


def event_line(ev: gateway_pb2.TableEvent, you: int, names: Iterable[str] = ()) -> Text:
    """One log line: the event in a player's words, private ones marked."""
    vis = ev.event.visibility
    private = not vis.public and list(vis.seats) == [you] and you >= 0
    line = Text(f"  v{ev.version:<4} ", style="dim")
    line.append(event_text(ev.event, list(names)), style="italic" if private else "")
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
