"""Cuba Libre in the terminal (tablero.cuba_libre.v1.CubaLibreView and CubaLibreReference):
the current and upcoming card with their text, the tracks, the factions, capabilities and
momentum, what the card's Eligible factions did, then the spaces (Cities, Provinces, ECs)
with support, control, pieces, markers and Cash. `? #28` or `? <title>` shows a card,
`? <space>` a space."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ..render import RenderContext, register, register_lookup
from .andean_abyss import pack

GAME = "cuba_libre"
FACTIONS = {"govt": "Govt", "m26": "26July", "directorio": "DR", "syndicate": "Synd"}
SUPPORT = {"active_support": "AS", "passive_support": "PS", "neutral": "",
           "passive_opposition": "PO", "active_opposition": "AO"}
CONTROL = {"govt": "G", "m26": "M", "directorio": "D", "syndicate": "S"}
PIECES = {"troops": "T", "police": "P", "govt_base": "Gb",
          "m26_underground": "Mu", "m26_active": "Ma", "m26_base": "Mb",
          "directorio_underground": "Du", "directorio_active": "Da", "directorio_base": "Db",
          "syndicate_underground": "Su", "syndicate_active": "Sa",
          "casino_open": "C", "casino_closed": "c"}
LEGEND = ("T troops P police Gb base · M 26July D DR S Syndicate: u underground, a active, "
          "b base · C open c closed Casino · [support control] !terror $cash")
KINDS = (("Cities", "city"), ("Provinces", "province"), ("ECs", "ec"))
ALLIANCE = {"firm": "Firm", "reluctant": "Reluctant", "embargoed": "Embargoed"}


def cards(ctx: RenderContext) -> dict[int, dict[str, Any]]:
    return {int(c["number"]): c for c in ctx.reference.get("cards", [])}


def spaces_info(ctx: RenderContext) -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in ctx.reference.get("spaces", [])}


def card_block(label: str, card: dict[str, Any], texts: bool) -> Text:
    """A card's title and faction order, and with `texts` its Events."""
    order = " ".join(FACTIONS.get(f, f) for f in card.get("faction_order", []))
    block = Text(f"{label} ").append(f"#{card['number']} {card['title']}", style="bold")
    block.append(f" ({order})" if order else "")
    for side in ("unshaded", "shaded") if texts else ():
        if card.get(side, {}).get("text"):
            block.append(f"\n  {side}", style="italic").append(f": {card[side]['text']}")
    return block


def tracks(ctx: RenderContext) -> Text:
    d = ctx.data
    return Text(f"Aid {d['aid']} · US {ALLIANCE.get(d['us_alliance'], d['us_alliance'])} "
                f"(COIN Ops {d['coin_op_cost']}) · Support {d['total_support']} · Opp+Bases "
                f"{d['opposition_plus_bases']} · DR {d['dr_pop_plus_bases']} · Casinos "
                f"{d['open_casinos']} · deck {d['deck_remaining']} · Propaganda "
                f"{d['propaganda_played']}/{d['final_propaganda']}"
                + (" · final Event card" if d.get("final_event_card") else "")
                + (f" · {d['propaganda_phase']} phase" if d.get("propaganda_phase") else ""))


def factions(ctx: RenderContext) -> list[Text]:
    """Each faction's player, Resources, eligibility and victory margin."""
    cells = []
    for f in ctx.data["factions"]:
        who = ctx.seat_names[f["seat"]] if 0 <= f["seat"] < ctx.seats else ""
        cells.append(Text(FACTIONS[f["id"]], style="bold").append(
            f" {who}: {f['resources']} Res, {f['victory_margin']:+d}"
            + ("" if f["eligible"] else " inelig.")))
    return pack(cells, ctx.width)


def sequence(ctx: RenderContext) -> Text | None:
    """CL 2.3.4: who acts on the card and what the 1st Eligible did."""
    seq = ctx.data.get("sequence")
    if not seq or not seq.get("acting"):
        return None
    done = {"op": "Op Only", "op_sa": "Op + SA", "event": "Event"}.get(seq["first_action"], "")
    return Text(f"{FACTIONS[seq['acting']]} acts as {seq['role']} Eligible"
                + (f" (1st: {done})" if done else ""))


def lasting(ctx: RenderContext) -> Text | None:
    """CL 5.3-5.4: Capabilities and Momentum in force, by card and side."""
    parts = [f"#{e['card']} {e['title']} ({'U' if e['side'] == 'unshaded' else 'S'})"
             for e in ctx.data["capabilities"] + ctx.data["momentum"]]
    return Text("In force: ", style="bold").append(" · ".join(parts)) if parts else None


def space_cell(ctx: RenderContext, space: dict[str, Any], name_width: int) -> Text:
    """'Havana [AS G] T6 P4 Du2 C1 !1 $S': support, control, pieces, Terror, Cash."""
    name = spaces_info(ctx).get(space["id"], {}).get("name", space["id"])
    text = Text(name[:name_width].split(" (")[0], style="bold")
    marks = " ".join(x for x in (SUPPORT.get(space["support"], ""),
                                 CONTROL.get(space.get("control", ""), "")) if x)
    text.append(f" [{marks}]" if marks else "")
    tokens = [f"{PIECES[p['kind']]}{p['count']}" for p in space.get("pieces", [])]
    tokens += [f"!{space['terror']}"] if space.get("terror") else []
    tokens += ["sabotage"] if space.get("sabotage") else []
    tokens += [f"${CONTROL[c['owner']]}" for c in ctx.data.get("cash", [])
               if c["space"] == space["id"]]
    return text.append(" " + " ".join(tokens) if tokens else "")


def regions(ctx: RenderContext, name_width: int) -> list[Text]:
    lines: list[Text] = []
    for title, kind in KINDS:
        cells = [space_cell(ctx, s, name_width) for s in ctx.data["spaces"]
                 if s["type"] == kind]
        if cells:
            cells[0] = Text(f"{title}: ", style="dim").append(cells[0])
            lines += pack(cells, ctx.width, first_fit=True)
    return lines


@register(GAME)
def board(ctx: RenderContext) -> RenderableType:
    """Cards, tracks, factions and the map, compacted until it fits the room given."""
    d = ctx.data

    def layout(texts: bool, name_width: int, legend: bool) -> Group:
        parts: list[RenderableType | None] = []
        if d.get("current_card"):
            parts.append(card_block("Now", d["current_card"], texts))
        if d.get("upcoming_card"):
            parts.append(card_block("Next", d["upcoming_card"], False))
        parts += [tracks(ctx), *factions(ctx), sequence(ctx), lasting(ctx),
                  *regions(ctx, name_width), Text(LEGEND, style="dim") if legend else None]
        return Group(*(p for p in parts if p is not None))

    return ctx.first_fitting(lambda: layout(True, 30, True), lambda: layout(False, 30, True),
                             lambda: layout(False, 12, False), lambda: layout(False, 8, False))


@register_lookup(GAME)
def lookup(ctx: RenderContext, term: str) -> RenderableType | None:
    """`? #28`, `? <card title>` (a card's Events), `? <space>` (a space's facts)."""
    t = term.lower().lstrip("#")
    known = cards(ctx)
    if t.isdigit():
        card = known.get(int(t))
        return card_block("Card", card, True) if card else None
    found: list[RenderableType] = [card_block("Card", c, True) for c in known.values()
                                   if str(c["title"]).lower().startswith(t)]
    for s in ctx.reference.get("spaces", []):
        if s["id"].startswith(t.replace(" ", "_")) or str(s["name"]).lower().startswith(t):
            found.append(space_entry(ctx, s))
    return Group(*found) if found else None


def space_entry(ctx: RenderContext, s: dict[str, Any]) -> Text:
    info = spaces_info(ctx)
    facts = [s["type"], f"population {s['population']}"]
    facts += [s["terrain"]] if s.get("terrain") else []
    facts += [f"Econ {s['econ']}"] if s.get("econ") else []
    text = Text(s["name"], style="bold").append(f"  {', '.join(facts)}", style="dim")
    now = next((x for x in ctx.data.get("spaces", []) if x["id"] == s["id"]), None)
    if now is not None:
        text.append("\n  now: ").append(space_cell(ctx, now, 40))
    adjacent = ", ".join(info.get(a, {}).get("name", a) for a in s.get("adjacent", []))
    return text.append(f"\n  adjacent: {adjacent}")
