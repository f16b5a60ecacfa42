"""What the terminal boards of the COIN games (Andean Abyss, Cuba Libre) share: the support
levels' marks, cells packed into lines, the map's regions as a grid, and whether the viewer
may choose the current card's Event. Registers no game."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable
from typing import Any

from rich.table import Table
from rich.text import Text

from ..render import RenderContext

SUPPORT = {"active_support": "AS", "passive_support": "PS", "neutral": "",
           "passive_opposition": "PO", "active_opposition": "AO"}


def cards(ctx: RenderContext) -> dict[int, dict[str, Any]]:
    """The reference's cards by number."""
    return {int(c["number"]): c for c in ctx.reference.get("cards", [])}


def spaces_info(ctx: RenderContext) -> dict[str, dict[str, Any]]:
    """The reference's spaces by id."""
    return {s["id"]: s for s in ctx.reference.get("spaces", [])}


def pack(cells: list[Text], width: int, first_fit: bool = False) -> list[Text]:
    """Cells in lines of at most `width` columns, never split ("a · b · c"): in order, or
    with `first_fit` each in the first line with room (fewer lines, order kept roughly)."""
    out: list[Text] = []
    for cell in cells:
        room = [line for line in (out if first_fit else out[-1:])
                if line.cell_len + 3 + cell.cell_len <= width]
        if room:
            room[0].append(" · ", style="dim").append(cell)
        else:
            out.append(cell.copy())
    return out


def region_grid(regions: Iterable[tuple[str, list[Text]]], width: int) -> Table:
    """Each region's name in a dim column, its spaces' cells packed beside it."""
    t = Table.grid(padding=(0, 1))
    t.add_column(style="dim", no_wrap=True, width=9)
    t.add_column(no_wrap=True)
    for region, cells in regions:
        for i, line in enumerate(pack(cells, width - 10)):
            t.add_row(region if i == 0 else "", line)
    return t


def clipped(head: str, text: str, lines: int | None, width: int, number: int) -> str:
    """An Event's `text`, written after `head`, cut to what fits `lines` lines of `width`
    columns and ended by where to read the rest ('… ? #12'); whole where it fits or
    `lines` is None."""
    wrapped = textwrap.wrap(head + text, width)
    if lines is None or len(wrapped) <= lines:
        return text
    tail = f" … ? #{number}"
    kept = wrapped[:lines]
    while len(kept[-1]) + len(tail) > width and " " in kept[-1]:
        kept[-1] = kept[-1].rsplit(" ", 1)[0]
    return " ".join(kept)[len(head):] + tail


CLIPS = (6, 4, 3, 2, 1)
"""Lines an Event's text may keep, tried in turn, when the board is too tall with it whole."""


def deciding_event(ctx: RenderContext) -> bool:
    """Whether a decision of the viewer offers the current card's Event."""
    return any(o.args.get("action") == "event" or o.id.startswith("event:")
               for d in ctx.view.decisions for o in d.options)


def space_entry(ctx: RenderContext, s: dict[str, Any], facts: list[str],
                cell: Callable[[RenderContext, dict[str, Any], int], Text]) -> Text:
    """A `?` entry for the reference space `s`: its name and printed `facts`, how it stands
    now (the game's `cell`), and its neighbours by name."""
    info = spaces_info(ctx)
    text = Text(s["name"], style="bold").append(f"  {', '.join(facts)}", style="dim")
    now = next((x for x in ctx.data.get("spaces", []) if x["id"] == s["id"]), None)
    if now is not None:
        text.append("\n  now: ").append(cell(ctx, now, 40))
    adjacent = ", ".join(info.get(a, {}).get("name", a) for a in s.get("adjacent", []))
    return text.append(f"\n  adjacent: {adjacent}")
