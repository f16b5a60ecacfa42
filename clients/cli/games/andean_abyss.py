"""Andean Abyss in the terminal (tablero.andean_abyss.v1.AndeanAbyssView and
AndeanAbyssReference): the current and next card with their text, the tracks, the
factions, capabilities and momentum, then the spaces grouped by region (cities, the
departments by terrain, the LoCs) with support, control and pieces. `? #28` or
`? <title>` shows a card, `? <space>` a space."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..render import RenderContext, register, register_lookup
from . import coin_board
from .coin_board import SUPPORT, cards, deciding_event, pack, region_grid, spaces_info

GAME = "andean_abyss"
FACTIONS = {"govt": "Govt", "farc": "FARC", "auc": "AUC", "cartels": "Cartels"}
CONTROL = {"govt": "G", "farc": "F"}
PIECES = {"troops": "T", "police": "P", "govt_base": "Gb",
          "farc_underground": "Fu", "farc_active": "Fa", "farc_base": "Fb",
          "auc_underground": "Au", "auc_active": "Aa", "auc_base": "Ab",
          "cartels_underground": "Cu", "cartels_active": "Ca", "cartels_base": "Cb"}
LEGEND = ("T troops P police Gb base · F FARC A AUC C Cartels: u underground, a active "
          "Guerrillas, b base · [support control] !terror $shipment")
REGIONS = (("Cities", lambda s: s["type"] == "city"),
           ("Mountain", lambda s: s["terrain"] == "mountain"),
           ("Grassland", lambda s: s["terrain"] == "grassland"),
           ("Forest", lambda s: s["terrain"] == "forest"),
           ("LoCs", lambda s: s["type"] == "loc"))
PRESIDENTS = {"samper": "Samper", "pastrana": "Pastrana", "uribe": "Uribe"}


def side_text(ctx: RenderContext, card: dict[str, Any], side: str) -> str:
    """A side's text in the table's edition (option card_text_edition)."""
    revised = card.get(f"second_edition_{side}", {})
    if ctx.options.get("card_text_edition") == "second" and revised.get("text"):
        return str(revised["text"])
    return str(card.get(side, {}).get("text", ""))


def card_title(ctx: RenderContext, view_card: dict[str, Any]) -> Text:
    order = " ".join(FACTIONS.get(f, f) for f in view_card.get("faction_order", []))
    text = Text(f"#{view_card['number']} {view_card['title']}", style="bold")
    return text.append(f" ({view_card['kind']}{'; ' + order if order else ''})")


def card_block(ctx: RenderContext, label: str, view_card: dict[str, Any], texts: bool,
               clip: int | None = None) -> Text:
    """A card's title, and with `texts` its sides' texts; with `clip`, each text cut to that
    many lines, ended by '… ? #n'."""
    block = Text(f"{label} ").append(card_title(ctx, view_card))
    card = cards(ctx).get(int(view_card["number"]))
    if not texts or card is None:
        return block
    for side in ("unshaded", "shaded"):
        text = side_text(ctx, card, side)
        if text:
            caption = card.get(side, {}).get("caption", "")
            lead = f"  {side}" + (f" {caption}: " if caption and card.get("shaded") else ": ")
            block.append(f"\n{lead}", style="italic")
            block.append(coin_board.clipped(lead, text, clip, ctx.width, card["number"]))
    return block


def tracks(ctx: RenderContext, short: bool) -> Text:
    d = ctx.data
    president = PRESIDENTS.get(d["president"], d["president"])
    if short:
        return Text(f"Aid {d['aid']} · {president} · Support {d['total_support']} · "
                    f"Opp+Bases {d['opposition_plus_bases']} · deck {d['deck_remaining']} · "
                    f"Propaganda {d['propaganda_played']}/{d['final_propaganda']}")
    return Text(f"Aid {d['aid']} · El Presidente {president} · Support {d['total_support']} · "
                f"Opposition+Bases {d['opposition_plus_bases']} · deck {d['deck_remaining']} · "
                f"Propaganda {d['propaganda_played']}/{d['final_propaganda']} · markers "
                f"{d['markers_available']}" + (" · control fixed" if d["control_fixed"] else ""))


def factions(ctx: RenderContext, short: bool) -> RenderableType:
    """Each faction's player, Resources, eligibility, victory margin (and pieces available)."""
    t = Table.grid(padding=(0, 1))
    for _ in range(5):
        t.add_column(no_wrap=True)
    cells = []
    for f in ctx.data["factions"]:
        who = (ctx.seat_names[f["seat"]] if 0 <= f["seat"] < ctx.seats
               else "Non-player" if f.get("non_player") else "")  # AA 8.0: no seat
        avail = " ".join(f"{PIECES[p['kind']]}{p['count']}" for p in f["available"])
        elig = "eligible" if f["eligible"] else "ineligible"
        t.add_row(Text(FACTIONS[f["id"]], style="bold"), f"({who})", f"{f['resources']} Res",
                  elig, f"margin {f['victory_margin']:+d} · avail {avail}")
        cells.append(Text(FACTIONS[f["id"]], style="bold").append(
            f" {who}: {f['resources']} Res, {f['victory_margin']:+d}"
            + ("" if f["eligible"] else " inelig.")))
    if not short:
        return t
    cells[0] = Text("Resources, margin: ", style="dim").append(cells[0])
    return Group(*pack(cells, ctx.width))


def lasting(ctx: RenderContext, short: bool) -> Text | None:
    """AA 5.3-5.4: capabilities and momentum in force, by card and side."""
    known = cards(ctx)
    parts = []
    for marker in ctx.data["capabilities"] + ctx.data["momentum"]:
        _, number, side = marker.split("_")
        title = "" if short else " " + known.get(int(number), {}).get("title", "")
        parts.append(f"#{number}{title} ({'U' if side == 'unshaded' else 'S'})")
    if not parts:
        return None
    return Text("In force: ", style="bold").append(" · ".join(parts))


def short_name(name: str, width: int) -> str:
    """A name cut to `width`; a LoC's ends cut each ('Cúcut–Arauc')."""
    ends = name.split(" (")[0].split("–")
    cut = max(3, (width - len(ends) + 1) // len(ends))
    return "–".join(e if len(e) <= cut else e[:cut] for e in ends)


def space_cell(ctx: RenderContext, space: dict[str, Any], name_width: int) -> Text:
    """'Bogotá [AS G] T3 P2 Fu1 !1 $F': support, control, pieces, terror, shipments."""
    info = spaces_info(ctx).get(space["id"], {})
    text = Text(short_name(info.get("name", space["id"]), name_width), style="bold")
    marks = " ".join(x for x in (SUPPORT.get(space["support"], ""),
                                 CONTROL.get(space.get("control", ""), "")) if x)
    if marks:
        text.append(f" [{marks}]")
    tokens = [f"{PIECES[p['kind']]}{p['count']}" for p in space.get("pieces", [])]
    tokens += [f"!{space['terror']}"] if space.get("terror") else []
    tokens += ["sabotage"] if space.get("sabotage") else []
    tokens += ["FARC Zone"] if space.get("farc_zone") else []
    tokens += [f"${FACTIONS[s['owner']][0]}" for s in ctx.data.get("shipments", [])
               if s["space"] == space["id"]]
    return text.append(" " + " ".join(tokens) if tokens else "")


def is_empty(ctx: RenderContext, space: dict[str, Any]) -> bool:
    return not (space.get("pieces") or space.get("terror") or space.get("sabotage")
                or space.get("farc_zone") or SUPPORT.get(space["support"])
                or any(s["space"] == space["id"] for s in ctx.data.get("shipments", [])))


def region_cells(ctx: RenderContext, member: Callable[[dict[str, Any]], bool], name_width: int,
                 skip_empty: bool) -> list[Text]:
    info = spaces_info(ctx)
    here = [s for s in ctx.data["spaces"]
            if member(info.get(s["id"], {"type": "", "terrain": ""}))]
    shown = [s for s in here if not (skip_empty and is_empty(ctx, s))]
    cells = [space_cell(ctx, s, name_width) for s in shown]
    if len(shown) < len(here) and name_width >= 30:
        cells.append(Text(f"+{len(here) - len(shown)} empty", style="dim"))
    return cells


def regions(ctx: RenderContext, name_width: int, skip_empty: bool) -> RenderableType:
    """The spaces grouped by region, packed into lines; empty ones (no pieces, marker or
    support) only counted when `skip_empty`, left out unseen with short names, when the
    regions' names also move into the lines."""
    if name_width < 30:
        lines: list[Text] = []
        for region, member in REGIONS:
            cells = region_cells(ctx, member, name_width, skip_empty)
            if cells:
                cells[0] = Text(f"{region}: ", style="dim").append(cells[0])
                lines += pack(cells, ctx.width, first_fit=True)
        return Group(*lines)
    return region_grid(((region, region_cells(ctx, member, name_width, skip_empty))
                        for region, member in REGIONS), ctx.width)


@register(GAME)
def board(ctx: RenderContext) -> RenderableType:
    """Cards, tracks, factions and the map, compacted until it fits the room given: the
    current card's text goes last when an Event can be chosen, first otherwise, and is cut
    short ('… ? #n') only when even the most compact board is too tall with it whole."""
    d = ctx.data

    def layout(texts: str, name_width: int, skip_empty: bool, clip: int | None = None) -> Group:
        parts: list[RenderableType | None] = []
        if d.get("current_card"):
            parts.append(card_block(ctx, "Now", d["current_card"], texts in ("now", "both"),
                                    clip))
        if d.get("upcoming_card"):
            parts.append(card_block(ctx, "Next", d["upcoming_card"], texts == "both"))
        short = name_width < 30
        parts += [tracks(ctx, short), factions(ctx, short), lasting(ctx, short),
                  regions(ctx, name_width, skip_empty),
                  None if short else Text(LEGEND, style="dim")]
        return Group(*(p for p in parts if p is not None))

    keep = "now" if deciding_event(ctx) else "none"
    return ctx.first_fitting(
        lambda: layout("both", 30, False), lambda: layout("now", 30, True),
        lambda: layout(keep, 30, True), lambda: layout(keep, 11, True),
        *(functools.partial(layout, keep, 8, True, clip) for clip in coin_board.CLIPS))


@register_lookup(GAME)
def lookup(ctx: RenderContext, term: str) -> RenderableType | None:
    """`? #28`, `? <card title>` (a card's both sides), `? <space>` (a space's facts)."""
    t = term.lower().lstrip("#")
    known = cards(ctx)
    if t.isdigit():
        card = known.get(int(t))
        return card_entry(ctx, card) if card else None
    found: list[RenderableType] = [card_entry(ctx, c) for c in known.values()
                                   if str(c["title"]).lower().startswith(t)]
    for s in ctx.reference.get("spaces", []):
        if s["id"].startswith(t.replace(" ", "_")) or str(s["name"]).lower().startswith(t):
            found.append(space_entry(ctx, s))
    return Group(*found) if found else None


def card_entry(ctx: RenderContext, card: dict[str, Any]) -> Text:
    return card_block(ctx, "Card", card, True)


def space_entry(ctx: RenderContext, s: dict[str, Any]) -> Text:
    facts = [s["type"], f"population {s['population']}"]
    facts += [s["terrain"]] if s.get("terrain") else []
    facts += [f"{s['loc_kind']}, Econ {s['econ']}"] if s.get("loc_kind") else []
    return coin_board.space_entry(ctx, s, facts, space_cell)
