"""Junta in the terminal (tablero.junta.v1.JuntaView, JuntaReference): the turn and phase,
the President and the cabinet, one row per family (offices, where he is, cash and Swiss
bills, hand size, face-up influence), the seat's own hand and cash, the budget, roll call,
assassination attempts and sealed round under way, and during a coup the city map: the
5x5 areas with their units and who holds the five power centres. `? <name>` shows a
political card, an area, an office or a location card."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..render import RenderContext, register, register_lookup
from .cuba import entry, matches  # the `?` entries look the same in every game

GAME = "junta"
PHASES = {"setup": "set-up", "draw": "1 draw", "cabinet": "2 cabinet", "aid": "3 foreign aid",
          "budget": "4 budget", "locations": "5 locations", "assassination": "6 assassinations",
          "bank": "7 bank", "coup": "8 coup", "aftermath": "9 end of turn",
          "game_over": "game over"}
OFFICES = {"president": "Pres", "minister_of_interior": "Interior",
           "general_1st_brigade": "1st Bde", "general_2nd_brigade": "2nd Bde",
           "general_3rd_brigade": "3rd Bde", "admiral": "Admiral",
           "air_force_commander": "Air Force"}
LOCATIONS = {"home": "Home", "mistress": "Mistress", "nightclub": "Nightclub", "bank": "Bank",
             "headquarters": "HQ", "exile": "exile"}
# Map tokens: unit type -> two letters (the legend says them).
UNITS = {"palace_guard": "PG", "police": "Po", "infantry_1st_brigade": "I1",
         "infantry_2nd_brigade": "I2", "infantry_3rd_brigade": "I3", "marine": "Ma",
         "paratroop": "Pa", "gunboat": "Gb", "air_strike": "AS", "students": "St",
         "strikers": "Sk", "mob": "Mo", "peasants": "Pe", "christian_militia": "CM",
         "helicopter": "He", "rebel_infantry": "PI", "tank": "Tk"}
AREAS = {"air_base": "Air Base", "barracks_1st_brigade": "1st Barracks",
         "university": "University", "radio_station": "Radio Stn",
         "barracks_2nd_brigade": "2nd Barracks", "slums": "Slums",
         "police_precinct_north": "Police North", "cathedral_square": "Cathedral Sq",
         "millionaires_row": "Millionaires", "american_embassy": "US Embassy",
         "railroad_station": "Railroad Stn", "market": "Market", "plaza_mayor": "Plaza Mayor",
         "chamber_of_deputies": "Chamber", "swiss_embassy": "Swiss Emb.",
         "barracks_3rd_brigade": "3rd Barracks", "industrial_district": "Industrial",
         "presidential_palace": "Palace", "national_bank": "Natl Bank",
         "business_district": "Business", "fishermens_wharf": "Wharf",
         "police_precinct_south": "Police South", "waterfront": "Waterfront",
         "mexican_embassy": "Mex Embassy", "naval_base": "Naval Base", "harbour": "Harbour"}
TOPICS = {"election": "the presidency", "budget": "the budget",
          "motion": "the Incompetence Motion", "alt_budget": "the Alternative Budget"}
ROUNDS = {"junta.ready": "Ready to end Phase 1",
          "junta.choose_location": "Locations chosen (secret)",
          "junta.accept_agreement": "Answers to the coup agreement (secret)"}
SIDES = {"president": "President", "rebels": "Rebels", "exile": "exile"}


def who(ctx: RenderContext, player: Any) -> str:
    """A family by its seat's name; families past the seats are straw men (JU 45)."""
    p = int(player)
    return ctx.seat_names[p] if 0 <= p < ctx.seats else f"straw man {p}"


def card_names(ctx: RenderContext) -> dict[str, str]:
    return {c["id"]: c["name"] for c in ctx.reference.get("cards", [])}


def cards(ctx: RenderContext, ids: list[str]) -> str:
    """'Riot in the Slums x2, Professional Assassin', '—' when none."""
    names = card_names(ctx)
    counted = Counter(names.get(i, i) for i in ids)
    return ", ".join(n + (f" x{k}" if k > 1 else "") for n, k in counted.items()) or "—"


def influence(ctx: RenderContext, ids: list[str]) -> str:
    """Face-up influence by short name: 'Church Bankers'."""
    names = card_names(ctx)
    return " ".join(names.get(i, i).removeprefix("The ").split()[0] for i in ids) or "—"


def header(ctx: RenderContext) -> Text:
    d = ctx.data
    pres = who(ctx, d["president"]) if "president" in d else "none (vacant)"
    text = Text(f"Junta · turn {d['turn']} · phase {PHASES.get(d['phase'], d['phase'])} · "
                f"El Presidente: {pres}", style="bold")
    return text


def table_state(ctx: RenderContext) -> Text:
    """The bank (JU 23), the decks, the turn's flags."""
    d = ctx.data
    parts = [f"bank {d['bank']}", f"aid deck {d['aid_deck']}", f"cards {d['political_deck']}"]
    if d.get("brother_in_law"):
        parts.append(f"brother-in-law: {OFFICES.get(d['brother_in_law'], '')}")
    if d.get("coup_excuse"):
        parts.append("coup excuse")
    if d.get("budget_forced"):
        parts.append("budget forced")
    if "demand_for_reform" in d:
        parts.append(f"reform: {who(ctx, d['demand_for_reform'])}")
    return Text(" · ".join(parts), style="dim")


def vacant(ctx: RenderContext) -> Text | None:
    empty = [OFFICES[o["office"]] for o in ctx.data["offices"] if "player" not in o]
    return Text("Vacant offices: " + ", ".join(empty)) if empty else None


def money(fam: dict[str, Any], bills: str, total: str) -> str:
    """'8 bills', or '8=14M' when the viewer sees their values (JU 44)."""
    n = int(fam[bills])
    return f"{n}={fam[total]}M" if total in fam else f"{n} bill{'s' * (n != 1)}"


def location(ctx: RenderContext, f: dict[str, Any]) -> str:
    """JU 19-20: where a family spends the turn: its status when not active, the location
    when the viewer may see it, '?' for a choice still secret, '—' before any is made."""
    if f["status"] != "active":
        return str(f["status"])
    if f["location"]:
        return str(LOCATIONS.get(f["location"], f["location"]))
    chosen = ctx.data["phase"] in ("locations", "assassination", "bank", "coup", "aftermath")
    return "?" if chosen and f["player"] != ctx.you else "—"


def families(ctx: RenderContext, tight: bool = False) -> Table:
    """JU 44: what every seat sees of every family; the viewer's own values besides (`tight`:
    one line a family)."""
    d = ctx.data
    fold: dict[str, Any] = ({"no_wrap": True, "overflow": "ellipsis", "max_width": 18}
                            if tight else {"overflow": "fold"})
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    for col, kw in (("player", {"no_wrap": True, "max_width": 16}),
                    ("offices", {"overflow": "fold", "min_width": 9,
                                 "max_width": 12 if tight else 18}),
                    ("where", {"no_wrap": True}),
                    ("cash", {"no_wrap": True}), ("Swiss", {"no_wrap": True}),
                    ("hand", {"justify": "right"}), ("influence", fold)):
        t.add_column(col, **kw)
    for f in d["families"]:
        p = f["player"]
        offices = [OFFICES[o] for o in f["offices"]]
        if d.get("president") == p:
            offices.insert(0, "PRESIDENT")
        where = location(ctx, f)
        name = f"{p} {who(ctx, p)}" + (" ✓" if f.get("ready") else "")
        t.add_row(Text(name, style="bold" if p == ctx.you else ""), " ".join(offices) or "—",
                  where, money(f, "cash_bills", "cash_total"),
                  money(f, "swiss_bills", "swiss_total"), str(f["hand_size"]),
                  influence(ctx, f["face_up"]))
    return t


def own(ctx: RenderContext) -> Text | None:
    """The viewer's hand and cash bills (JU 44: his alone)."""
    if ctx.you < 0 or ctx.you >= len(ctx.data["families"]):
        return None
    f = ctx.data["families"][ctx.you]
    text = Text("Your hand: ", style="bold").append(cards(ctx, f["hand"]))
    bills = " ".join(str(b) for b in f["cash"]) or "none"
    return text.append("\nYour cash bills: ", style="bold").append(bills)


def budget(ctx: RenderContext) -> Text | None:
    """JU 17-18: the stacks, their announced amounts, the values the proposer sees."""
    b = ctx.data.get("budget") or {}
    stacks = b.get("stacks", [])
    drawn = ctx.data.get("drawn_aid", [])
    if not stacks and not drawn:
        return None
    kind = "Alternative budget" if b.get("alternative") else "Budget"
    text = Text(f"{kind} of {who(ctx, b.get('proposer', 0))}: ", style="bold")
    parts = []
    for s in stacks:
        n = int(s["bills"])
        part = f"{who(ctx, s['player'])}: {n} bill{'s' * (n != 1)}"
        if s.get("values"):
            part += f" ({'+'.join(str(v) for v in s['values'])}M)"
        if "announced" in s:
            part += f", announced {s['announced']}M"
        parts.append(part)
    text.append(" · ".join(parts) or "no stacks yet")
    if drawn:
        text.append(f" · aid drawn this turn: {' '.join(str(v) for v in drawn)}")
    return text


def roll_call(ctx: RenderContext) -> Text | None:
    """JU 11: what is voted on, the votes committed so far, the totals."""
    r = ctx.data.get("roll_call") or {}
    if not r.get("kind"):
        return None
    def option(o: str) -> str:
        return who(ctx, o) if o.isdigit() else o
    topic = TOPICS.get(r["kind"], r["kind"])
    text = Text(f"Roll call on {topic}, round {r['round']}: ", style="bold")
    if r["kind"] == "election":
        standing = [who(ctx, o) for o in r["options"] if int(o) not in r.get("withdrawn", [])]
        text.append(f"candidates {', '.join(standing) or 'none yet'} · ")
    votes = [f"{who(ctx, c['player'])} " + (f"{c['votes']} for {option(c['option'])}"
                                            if c["option"] else "abstains")
             for c in r.get("commits", []) if c["round"] == r["round"]]
    text.append(" · ".join(votes) or "no votes yet")
    if r.get("totals"):
        text.append(" · totals " + ", ".join(f"{option(t['option'])} {t['votes']}"
                                            for t in r["totals"]))
    if r.get("withdrawn"):
        text.append(" · withdrawn " + ", ".join(who(ctx, p) for p in r["withdrawn"]))
    return text


def attempts(ctx: RenderContext) -> Text | None:
    """JU 20: the declared assassination attempts, in declaration order."""
    shown = ctx.data.get("attempts", [])
    if not shown:
        return None
    names = card_names(ctx)
    parts = []
    for a in shown:
        how = "police" if a["source"] == "police" else names.get(a["source"], a["source"])
        where = f" at {LOCATIONS.get(a['location'], a['location'])}" if a["location"] else ""
        parts.append(f"{who(ctx, a['by'])} → {who(ctx, a['target'])}{where} ({how})"
                     + (f": {a['outcome']}" if a["outcome"] else ""))
    return Text("Attempts: ", style="bold").append(" · ".join(parts))


def sealed(ctx: RenderContext) -> Text | None:
    """The simultaneous round under way: who has answered (not what), the viewer's own."""
    s = ctx.data.get("sealed") or {}
    if not s.get("players"):
        return None
    done = [who(ctx, p) for p, c in zip(s["players"], s["committed"], strict=False) if c]
    what = ROUNDS.get(s["kind"], s["kind"])
    text = Text(f"{what}: {len(done)}/{len(s['players'])} in"
                + (f" ({', '.join(done)})" if done else ""))
    mine = [o for o in s.get("own", []) if o]
    return text.append(f" · yours: {', '.join(mine)}" if mine else "")


def force(ctx: RenderContext, f: str) -> str:
    """A unit's force: its player's number, or '-' for a vacant office's units."""
    return f if f.isdigit() else "-"


def tokens(ctx: RenderContext, groups: list[dict[str, Any]]) -> str:
    return " ".join(f"{UNITS.get(g['unit'], g['unit'][:2])}×{g['count']}:{force(ctx, g['force'])}"
                    + ("!" if g.get("fleeing") else "") for g in groups)


def cell(ctx: RenderContext, area: dict[str, Any], units: list[dict[str, Any]],
         held: dict[str, str]) -> Text:
    """One area: its short name (power centres starred, with who holds them) and units."""
    name = AREAS.get(area["id"], area["name"])
    text = Text(name + ("*" if area["power_centre"] else ""),
                style="bold" if area["power_centre"] else ("dim" if area["embassy"] else ""))
    if area["id"] in held:
        text.append(" " + held[area["id"]][0].upper(), style="bold reverse")
    here = [g for g in units if g["area"] == area["id"]]
    if here:
        text.append("\n" + tokens(ctx, here))
    return text


def city_map(ctx: RenderContext, lines: bool) -> Group:
    """JU 28-40: the capital's 5x5 areas and the harbour, with every unit and, once sides are
    declared (JU 39), who holds each power centre (P President, R Rebels)."""
    c = ctx.data["coup"]
    areas = ctx.reference.get("areas", [])
    held = {p["area"]: p["held_by"] for p in c.get("control", [])} if c.get("sides") else {}
    t = Table(box=box.SQUARE if lines else None, show_header=False, show_lines=lines,
              pad_edge=False, padding=(0, 0 if lines else 1), expand=True)
    for _ in range(5):
        t.add_column(ratio=1, overflow="fold")
    grid = {(a["x"], a["y"]): a for a in areas if a["x"] >= 0}
    for y in range(5):
        t.add_row(*(cell(ctx, grid[(x, y)], c["units"], held) if (x, y) in grid else ""
                    for x in range(5)))
    on_map = {a["id"] for a in grid.values()}
    by_box: dict[str, list[dict[str, Any]]] = {}
    for g in c["units"]:
        if g["area"] not in on_map:
            by_box.setdefault(g["area"], []).append(g)
    sea = Text("Off the map: ", style="bold").append(
        " · ".join(f"{AREAS.get(k, k)} {tokens(ctx, v)}" for k, v in by_box.items()) or "—")
    return Group(t, sea)


def coup_status(ctx: RenderContext, legend: bool = True) -> Text:
    """JU 29-41: the leader, the coup phase, who acted as a rebel, the sides declared and the
    tally of power centres once they are."""
    c = ctx.data["coup"]
    phase = "rebel phase" if c["phase"] == 0 else f"coup phase {c['phase']}"
    text = Text(f"COUP led by {who(ctx, c['leader'])} · {phase}"
                + (" · combat" if c["combat"] else ""), style="bold")
    if c.get("rebels"):
        text.append(" · rebels so far: " + ", ".join(who(ctx, f) for f in c["rebels"]))
    sides = [f"{who(ctx, s['player'])} {SIDES[s['side']]}" for s in c.get("sides", [])]
    if sides:  # JU 39-40: once sides are declared, who holds the power centres
        held = Counter(p["held_by"] for p in c.get("control", []))
        text.append(" · sides: " + ", ".join(sides) +
                    f" · centres P{held['president']} R{held['rebels']}")
    if c.get("winner"):
        text.append(f" · won by the {SIDES[c['winner']]}")
    if not legend:
        return text
    return text.append("\nunits: type×count:player (- vacant office, ! fleeing) · PG guard "
                       "Po police I1-3 brigades Ma marines Pa paras · * power centre, "
                       "P/R its holder (once sides are declared)",
                       style="dim")


def in_coup(ctx: RenderContext) -> bool:
    return bool(ctx.data.get("coup", {}).get("units"))


@register(GAME)
def board(ctx: RenderContext) -> RenderableType:
    """The table's politics, and the city map during a coup, compacted until it fits: at the
    last, during a coup, the families and the map alone (`v` shows the whole board)."""
    def layout(detail: bool, lines: bool = True, tight: bool = False,
               least: bool = False) -> Group:
        least = least and in_coup(ctx)
        parts: list[RenderableType | None] = [header(ctx), table_state(ctx) if detail else None,
                                              None if least else vacant(ctx),
                                              families(ctx, tight), None if least else own(ctx)]
        if in_coup(ctx):
            parts += [coup_status(ctx, legend=not tight), city_map(ctx, lines)]
        if not least:
            parts += [budget(ctx), roll_call(ctx), attempts(ctx), sealed(ctx)]
        return Group(*(p for p in parts if p is not None))

    return ctx.first_fitting(lambda: layout(True), lambda: layout(False),
                             lambda: layout(False, lines=False),
                             lambda: layout(False, lines=False, tight=True),
                             lambda: layout(False, lines=False, tight=True, least=True))


def card_entry(c: dict[str, Any]) -> Text:
    facts = [c["kind"].replace("_", " ") + (f" x{c['count']}" if c["count"] > 1 else "")]
    if c["votes"]:
        facts.append(f"{c['votes']} votes")
    if c["cost"]:
        facts.append(f"costs {c['cost']}M" + (" a unit" if c["cost_per_unit"] else ""))
    if c["requires"]:
        facts.append(f"needs {c['requires']}")
    when = "; or ".join(c["when"])
    return entry(c["name"], c["text"] + (f"\nWhen: {when}." if when else ""), *facts)


def area_entry(ref: dict[str, Any], a: dict[str, Any]) -> Text:
    names = {x["id"]: x["name"] for x in ref.get("areas", [])}
    kind = "power centre" if a["power_centre"] else a["type"].replace("_", " ")
    return entry(a["name"], "adjacent: " + ", ".join(names.get(n, n) for n in a["adjacent"]),
                 kind)


@register_lookup(GAME)
def lookup(ctx: RenderContext, term: str) -> RenderableType | None:
    """`? <name>`: the political cards, areas, offices and locations whose id or name starts
    so (a card also by a word of its name: `? riot`)."""
    ref = ctx.reference
    found: list[Text] = [card_entry(c) for c in ref.get("cards", [])
                         if matches(term, c["id"], c["name"], *c["name"].split())]
    found += [area_entry(ref, a) for a in ref.get("areas", [])
              if matches(term, a["id"], a["name"], AREAS.get(a["id"], ""))]
    found += [entry(o["name"], "commands " + (", ".join(o["controls"]) or "no units"), "office")
              for o in ref.get("offices", []) if matches(term, o["id"], o["name"],
                                                         OFFICES.get(o["id"], ""))]
    found += [entry(x["name"], x["effect"], "location")
              for x in ref.get("locations", []) if matches(term, x["id"], x["name"])]
    return Group(*found) if found else None
