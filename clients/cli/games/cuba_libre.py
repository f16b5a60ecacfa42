"""Cuba Libre in the terminal (tablero.cuba_libre.v1.CubaLibreView and CubaLibreReference):
the current and next card with their texts, the Sequence-of-Play record, the tracks and
victory totals, the factions, capabilities and momentum, Cash, then the spaces grouped
(Cities, Provinces by terrain, ECs) with support, control, pieces and markers.
`? #28` or `? <title>` shows a card, `? <space>` a space."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..render import RenderContext, register, register_lookup
from . import coin_board
from .coin_board import SUPPORT, cards, deciding_event, pack, region_grid, spaces_info

GAME = "cuba_libre"
FACTIONS = {"govt": "Govt", "m26": "26July", "directorio": "DR", "syndicate": "Synd"}
CONTROL = {"govt": "G", "m26": "26J", "directorio": "DR", "syndicate": "Synd"}
PIECES = {"troops": "T", "police": "P", "govt_base": "Gb",
          "m26_underground": "Mu", "m26_active": "Ma", "m26_base": "Mb",
          "directorio_underground": "Du", "directorio_active": "Da", "directorio_base": "Db",
          "syndicate_underground": "Su", "syndicate_active": "Sa",
          "casino_open": "Co", "casino_closed": "Cc"}
LEGEND = ("T troops P police Gb base · M 26July D DR S Syndicate: u/a Guerrilla underground/"
          "active, b base · Co/Cc Casino open/closed · Havana 6: Population (EC: Econ) · "
          "[support control] !terror $Cash with a piece")
REGIONS = (("Cities", lambda s: s["type"] == "city"),
           ("Mountain", lambda s: s["type"] == "province" and s["terrain"] == "mountain"),
           ("Grassland", lambda s: s["type"] == "province" and s["terrain"] == "grassland"),
           ("Forest", lambda s: s["type"] == "province" and s["terrain"] == "forest"),
           ("ECs", lambda s: s["type"] == "ec"))
ROLES = {"first": "1st Eligible", "second": "2nd Eligible"}
FIRST_ACTIONS = {"op": "Op Only", "op_sa": "Op + Special Activity", "event": "Event"}
PHASES = {"victory": "Victory", "resources": "Resources", "support": "Support",
          "game_end": "Game end", "redeploy": "Redeploy", "reset": "Reset"}
COUNTERS = {"empty_threat": "Empty Threat", "secret_plan": "Secret Plan",
            "hidden_assets": "Hidden Assets"}
# CL 7.2: what each faction's victory track counts (FactionView.track, beside its goal).
TRACKS = {"govt": "Support", "m26": "Opp+26J Bases", "directorio": "DR Pop+Bases",
          "syndicate": "open Casinos"}


def names(ids: list[str]) -> str:
    return ", ".join(FACTIONS.get(f, f) for f in ids)


def labelled(label: str, cells: list[Text], width: int, style: str = "bold") -> list[Text]:
    """`cells` packed into lines of `width`, the first led by `label`; none when no cells."""
    if not cells:
        return []
    return pack([Text(label, style=style).append(cells[0]), *cells[1:]], width)


def card_title(card: dict[str, Any]) -> Text:
    """'#4 S.I.M. (Govt 26July Synd DR)': a card and its faction order (CL 2.3.2)."""
    order = " ".join(FACTIONS.get(f, f) for f in card.get("faction_order", []))
    text = Text(f"#{card['number']} {card['title']}", style="bold")
    return text.append(f" ({order})" if order else " (Propaganda)")


def card_block(label: str, card: dict[str, Any], texts: bool, width: int,
               clip: int | None = None) -> RenderableType:
    """A card's title, and with `texts` its Events' texts, indented, each with its side and
    kind unless its text starts by naming it (CL 5.2-5.4): 'Unshaded: ...', 'Capability: ...';
    with `clip`, each text cut to that many lines, ended by '… ? #n'."""
    title = Text(f"{label} ").append(card_title(card))
    if not texts:
        return title
    two = bool(card.get("shaded", {}).get("text"))
    sides: list[RenderableType] = [title]
    for side in ("unshaded", "shaded"):
        event = card.get(side, {})
        if event.get("text"):
            kind = event.get("kind", "event")
            named = kind.capitalize() in event["text"][:40]  # "Government Momentum until…"
            head = [side.capitalize()] if two else []
            head += [kind.capitalize()] if not named and (kind != "event" or not two) else []
            lead = ", ".join(head or ["Event"]) + ": "
            text = coin_board.clipped(lead, event["text"], clip, width - 2, card["number"])
            sides.append(Padding(Text(lead, style="italic").append(text, style="not italic"),
                                 (0, 0, 0, 2)))
    return Group(*sides)


def sequence(ctx: RenderContext) -> list[Text]:
    """The Sequence-of-Play boxes of the card being played (CL 2.3), or the Propaganda
    Round's phase (CL 6)."""
    d = ctx.data
    if d.get("propaganda_phase"):
        return [Text("Propaganda Round: ", style="bold").append(
            f"{PHASES.get(d['propaganda_phase'], d['propaganda_phase'])} phase")]
    seq = d.get("sequence")
    if not seq:
        return []
    parts = []
    if seq.get("acting"):
        parts.append(f"{FACTIONS.get(seq['acting'], seq['acting'])} acts as "
                     f"{ROLES.get(seq['role'], seq['role'])}")
    if seq.get("first_action"):
        parts.append(f"1st did {FIRST_ACTIONS.get(seq['first_action'], seq['first_action'])}")
    for key, word in (("executed", "executed"), ("waiting", "to ask"),
                      ("laundered", "laundered"), ("ineligible_next", "Ineligible next card"),
                      ("eligible_next", "Eligible next card")):
        if seq.get(key):
            parts.append(f"{word}: {names(seq[key])}")
    return labelled("Card: ", [Text(p) for p in parts], ctx.width)


def tracks(ctx: RenderContext, short: bool) -> list[Text]:
    """Aid, US Alliance and what a COIN Op costs (CL 6.3.1), the deck and Propaganda cards
    (CL 2.4), the Terror/Sabotage markers left (CL 3.3.4), then the victory totals."""
    d = ctx.data
    cells = [f"Aid {d['aid']}",
             f"US {d['us_alliance']}: COIN Ops {d['coin_op_cost']}/space" if short else
             f"US Alliance {d['us_alliance']}: COIN Ops cost {d['coin_op_cost']} a space",
             f"deck {d['deck_remaining']}",
             f"Propaganda {d['propaganda_played']}/{d['final_propaganda']}"]
    cells += ["final Event card"] if d["final_event_card"] else []
    cells += [] if short else [f"markers {d['markers_available']}"]
    cells += ["Control fixed"] if d["control_fixed"] else []
    cells += ["short game"] if d.get("short_game") else []
    cells += ["game over"] if d.get("game_over") else []
    return [*pack([Text(c) for c in cells], ctx.width), *victory(ctx, short)]


def victory(ctx: RenderContext, short: bool) -> list[Text]:
    """CL 7.2: each faction's victory track beside the value it must exceed; the Government
    also needs every City at Active Support, the Syndicate enough Resources."""
    d = ctx.data
    cities = [sp for sp in d["spaces"] if sp["type"] == "city"]
    active = sum(sp["support"] == "active_support" for sp in cities)
    cells = []
    for f in d["factions"]:
        cell = Text(f"{TRACKS.get(f['id'], f['id'])} {f['track']} (>{f['goal']})")
        if f["id"] == "govt":
            cell.append(f" & Cities at AS {active}/{len(cities)}")
        if f.get("resources_goal"):
            cell.append(f" & {FACTIONS[f['id']]} Res {f['resources']} (>{f['resources_goal']})")
        cells.append(cell)
    cells += solo_lead(ctx)
    return labelled("Win: " if short else "Victory: ", cells, ctx.width, "dim")


def solo_lead(ctx: RenderContext) -> list[Text]:
    """CL 8.9 at a 1-seat table: the player's margin (its lower one with two factions) less
    the best Non-player's; more than 0 at the end wins, 5 or more decisively."""
    fs = ctx.data["factions"]
    nps = [f for f in fs if f.get("non_player")]
    mine = [f for f in fs if not f.get("non_player")]
    if ctx.seats != 1 or not nps or not mine:
        return []
    best = max(nps, key=lambda f: f["victory_margin"])
    lead = min(f["victory_margin"] for f in mine) - best["victory_margin"]
    return [Text(f"solitaire lead {lead:+d} over {FACTIONS[best['id']]} (CL 8.9: win >0, "
                 "decisive 5+)")]


def seat_word(ctx: RenderContext, faction: dict[str, Any], short: bool) -> str:
    """The faction's seat by name, 'you' in full; a Non-player has no seat (CL 8.0: its
    `seat` is a negative code), so it is 'Non-player' ('NP' short)."""
    seat = faction["seat"]
    if faction.get("non_player") or seat < 0:
        return "NP" if short else "Non-player"
    who = ctx.seat_names[seat] if seat < ctx.seats else f"seat {seat}"
    return who if short or seat != ctx.you else f"{who}, you"


def factions(ctx: RenderContext, short: bool) -> RenderableType:
    """Each faction's seat, Resources, eligibility, margin (CL 7.3) and, in full, its pieces
    Available (CL 1.5, 1.8): a table, or when `short` cells packed into lines."""
    rows = []
    for f in ctx.data["factions"]:
        margin = f"{f['victory_margin']:+d}" + (" met" if f.get("meets_condition") else "")
        avail = " ".join(f"{PIECES.get(p['kind'], p['kind'])}{p['count']}"
                         for p in f["available"])
        rows.append((Text(FACTIONS[f["id"]], style="bold"), seat_word(ctx, f, short),
                     f"{f['resources']} Res", f["eligible"], margin, avail))
    if short:
        cells = [name.copy().append(f" {who}: {res}, {margin}" + ("" if elig else " inelig."))
                 for name, who, res, elig, margin, _ in rows]
        return Group(*labelled("Resources, margin: ", cells, ctx.width, "dim"))
    t = Table.grid(padding=(0, 1))
    for _ in range(5):
        t.add_column(no_wrap=True)
    for name, who, res, elig, margin, avail in rows:
        t.add_row(name, f"({who})", res, "eligible" if elig else "ineligible",
                  f"margin {margin} · avail {avail}")
    return t


def lasting(ctx: RenderContext, short: bool) -> list[Text]:
    """CL 5.3-5.4: Capabilities and Momentum in force, by card and side."""
    parts = []
    for kind, effects in (("Capability", ctx.data["capabilities"]),
                          ("Momentum", ctx.data["momentum"])):
        for e in effects:
            title = "" if short else f" {e['title']}"
            side = "U" if e["side"] == "unshaded" else "S"
            parts.append(Text(f"#{e['card']}{title} ({side}{'' if short else ', ' + kind})"))
    return labelled("In force: ", parts, ctx.width)


def cash_line(ctx: RenderContext) -> Text | None:
    """CL 4.5.2: the Cash markers on the map, and those left in the box."""
    on_map = ctx.data.get("cash", [])
    if not on_map:
        return None
    info = spaces_info(ctx)
    where = [f"{FACTIONS.get(c['owner'], c['owner'])} in "
             f"{short_name(info.get(c['space'], {}).get('name', c['space']), 30)}"
             for c in on_map]
    return Text("Cash: ", style="bold").append(
        " · ".join(where) + f" · {ctx.data['cash_in_box']} in the box")


def deception(ctx: RenderContext) -> list[Text]:
    """CL 7.3 option: each player's Deception counters, those the viewer may see by name
    (its own; others' once revealed)."""
    parts = []
    for seat in ctx.data.get("deception", []):
        who = ctx.seat_names[seat["seat"]] if 0 <= seat["seat"] < ctx.seats else ""
        seen = [COUNTERS.get(c["kind"], c["kind"]) + (" (revealed)" if c.get("revealed") else "")
                for c in seat.get("counters", [])]
        parts.append(Text(f"{who} {seat['held']}" + (f": {', '.join(seen)}" if seen else "")))
    return labelled("Deception: ", parts, ctx.width)


def short_name(name: str, width: int) -> str:
    """'Cigar EC (Pinar del Río / La Habana)' as 'Cigar EC'; 'Camagüey (City)' as
    'Camagüey City' and 'Camagüey (Province)' as 'Camagüey Prov.'; cut to `width`."""
    base, _, aside = name.partition(" (")
    aside = aside.rstrip(")").replace("Province", "Prov.")
    return (base if not aside or "/" in aside else f"{base} {aside}")[:width]


def space_cell(ctx: RenderContext, space: dict[str, Any], name_width: int) -> Text:
    """'Havana 6 [AS G] T3 P2 Co1 $Su !1': population or Econ, support, control, pieces,
    Cash under which piece, terror / sabotage."""
    info = spaces_info(ctx).get(space["id"], {})
    text = Text(short_name(info.get("name", space["id"]), name_width), style="bold")
    value = space.get("econ") if space.get("type") == "ec" else space.get("population")
    if name_width >= 30:
        text.append(f" {value}", style="dim")
    marks = " ".join(x for x in (SUPPORT.get(space["support"], ""),
                                 CONTROL.get(space.get("control", ""), "")) if x)
    if marks:
        text.append(f" [{marks}]")
    tokens = [f"{PIECES.get(p['kind'], p['kind'])}{p['count']}"
              for p in space.get("pieces", [])]
    tokens += [f"${PIECES.get(c['holder'], c['holder'])}" for c in ctx.data.get("cash", [])
               if c["space"] == space["id"]]
    tokens += [f"!{space['terror']}"] if space.get("terror") else []
    tokens += ["sabotage"] if space.get("sabotage") else []
    return text.append(" " + " ".join(tokens) if tokens else "")


def is_empty(ctx: RenderContext, space: dict[str, Any]) -> bool:
    return not (space.get("pieces") or space.get("terror") or space.get("sabotage")
                or SUPPORT.get(space["support"]) or space.get("control")
                or any(c["space"] == space["id"] for c in ctx.data.get("cash", [])))


def region_cells(ctx: RenderContext, member: Callable[[dict[str, Any]], bool], name_width: int,
                 skip_empty: bool) -> list[Text]:
    here = [s for s in ctx.data["spaces"] if member(s)]
    shown = [s for s in here if not (skip_empty and is_empty(ctx, s))]
    cells = [space_cell(ctx, s, name_width) for s in shown]
    if len(shown) < len(here):
        cells.append(Text(f"+{len(here) - len(shown)} empty", style="dim"))
    return cells


def regions(ctx: RenderContext, name_width: int, skip_empty: bool) -> RenderableType:
    """The spaces grouped as the map groups them (CL 1.3), packed into lines; empty ones
    (no piece, marker, support or control) only counted when `skip_empty`."""
    return region_grid(((region, region_cells(ctx, member, name_width, skip_empty))
                        for region, member in REGIONS), ctx.width)


@register(GAME)
def board(ctx: RenderContext) -> RenderableType:
    """Cards, the card's record, tracks, factions and the map, compacted until it fits the
    room given: the current card's text stays while an Event can be chosen, cut short
    ('… ? #n') only when even the most compact board is too tall with it whole."""
    d = ctx.data

    def layout(texts: str, skip_empty: bool, legend: bool, short: bool,
               clip: int | None = None) -> Group:
        parts: list[RenderableType | None] = []
        if d.get("current_card"):
            parts.append(card_block("Now", d["current_card"], texts in ("now", "both"),
                                    ctx.width, clip))
        if d.get("upcoming_card"):
            parts.append(card_block("Next", d["upcoming_card"], texts == "both", ctx.width))
        parts += [*sequence(ctx), *tracks(ctx, short), factions(ctx, short),
                  *lasting(ctx, short), cash_line(ctx), *deception(ctx),
                  regions(ctx, 16 if short else 30, skip_empty),
                  Text(LEGEND, style="dim") if legend else None]
        return Group(*(p for p in parts if p is not None))

    keep = "now" if deciding_event(ctx) else "none"
    return ctx.first_fitting(
        lambda: layout("both", False, True, False), lambda: layout("now", False, True, False),
        lambda: layout(keep, False, True, False), lambda: layout(keep, True, False, False),
        *(functools.partial(layout, keep, True, False, True, clip) for clip in coin_board.CLIPS))


def folded(text: str) -> str:
    """Lower case without accents: 'camaguey' finds 'Camagüey'."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower())
                   if not unicodedata.combining(c))


@register_lookup(GAME)
def lookup(ctx: RenderContext, term: str) -> RenderableType | None:
    """`? #28`, `? <card title>` (a card's Events), `? <space>` (a space's facts)."""
    t = folded(term.strip()).lstrip("#")
    known = cards(ctx)
    if t.isdigit():
        card = known.get(int(t))
        return card_block("Card", card, True, ctx.width) if card else None
    found: list[RenderableType] = [card_block("Card", c, True, ctx.width) for c in known.values()
                                   if c.get("type") != "propaganda"
                                   and folded(str(c["title"])).startswith(t)]
    for s in ctx.reference.get("spaces", []):
        if s["id"].startswith(t.replace(" ", "_")) or folded(str(s["name"])).startswith(t):
            found.append(space_entry(ctx, s))
    return Group(*found) if found else None


def space_entry(ctx: RenderContext, s: dict[str, Any]) -> Text:
    """A space as printed (CL 1.3), how it stands now, and its neighbours."""
    facts = [s["type"] if s["type"] != "ec" else "Economic Center"]
    facts += [f"Econ {s['econ']}"] if s["type"] == "ec" else [f"population {s['population']}"]
    facts += [s["terrain"]] if s.get("terrain") else []
    return coin_board.space_entry(ctx, s, facts, space_cell)
