"""Cuba in the terminal (tablero.cuba.v1.CubaView, CubaReference): the viewer's farm as
its 3x4 grid with buildings and the worker, the market's price ladders, the harbour's
berths with their cargo slots, the laws in force and this round's proposals, the
parliament, and one row per player. `? <name>` shows a building, law or character."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..render import RenderContext, register, register_lookup

GAME = "cuba"
SHORT = {"citrus": "cit", "sugar_cane": "sug", "tobacco": "tob", "rum": "rum", "cigar": "cig",
         "wood": "wood", "stone": "stone", "water": "water"}
FIELDS = {"warehouse": "Warehouse", "lake": "Lake", "mountain": "Mountain", "forest": "Forest",
          "citrus_field": "Citrus", "sugar_cane_field": "Sugar cane",
          "tobacco_field": "Tobacco"}
PHASES = {"setup": "starting picks", "proposals": "A: proposals", "actions": "B: actions",
          "parliament": "C: parliament", "decrees": "D: decrees",
          "end_of_round": "E: end of round", "game_over": "game over"}
CATEGORIES = {"tax": "I", "tax_in_kind": "II", "subsidy": "III", "other": "IV"}
POSITIONS = {"berth_1": "berth 1", "berth_2": "berth 2", "berth_3": "berth 3", "sea": "at sea"}
INITIAL = {"worker": "W", "trader": "T", "architect": "A", "foreman": "F", "mayor": "M"}


def items(counts: dict[str, Any]) -> str:
    """'cit1 wood2' (empty entries left out), '—' when nothing."""
    return " ".join(f"{SHORT.get(k, k)}{int(v)}" for k, v in counts.items() if v) or "—"


def law_name(slot: dict[str, Any]) -> str:
    """A law's name without the board's note on the starting laws: 'Tax: 2 pesos'."""
    return str(slot.get("name") or "none").replace(" (printed on the board)", "")


def building_names(ctx: RenderContext) -> dict[str, str]:
    return {b["id"]: b["name"] for b in ctx.reference.get("buildings", [])}


def farm_grid(ctx: RenderContext, player: dict[str, Any], labelled: bool) -> Table:
    """CU 3.12: the farm's 3 rows x 4 columns; on each field its building (a covered field
    yields nothing, CU 5.B.3) or its type, and the worker (●)."""
    names = building_names(ctx)
    whose = "Your" if player["seat"] == ctx.you else f"{ctx.seat_names[player['seat']]}'s"
    t = Table(box=box.MINIMAL if labelled else None, pad_edge=False, show_edge=False,
              padding=(0, 1), show_header=labelled, title_justify="left", title_style="bold",
              title=Text(f"{whose} farm (● worker, [building])") if labelled else None)
    t.add_column("", style="dim", no_wrap=True)
    for c in range(4):
        t.add_column(f"c{c}", no_wrap=True, max_width=(ctx.width - 4) // 4 - 2,
                     overflow="ellipsis")
    fields = {f["id"]: f for f in player["farm"]}
    for r in range(3):
        cells = []
        for c in range(4):
            f = fields.get(f"r{r}c{c}", {})
            cell = Text("● " if f.get("id") == player["worker_field"] else "")
            if f.get("building"):
                cell.append(f"[{names.get(f['building'], f['building'])}]", style="bold")
            else:
                cell.append(FIELDS.get(f.get("type", ""), f.get("type", "")))
            cells.append(cell)
        t.add_row(f"r{r}", *cells)
    return t


def ladder(row: dict[str, Any]) -> Text:
    """CU 5.B.2: the row's prices, the occupied (token) spaces before the bar."""
    prices = [str(p) for p in row["prices"]]
    n = int(row["count"])
    text = Text(f"{SHORT[row['item']]:<4} ")
    text.append(" ".join(prices[:n]), style="bold")
    free = "|" + " ".join(prices[n:])
    text.append(free.ljust(12 - len(" ".join(prices[:n]))), style="dim")
    return text.append(f"buy {row['buy_price']} sell {row['sell_price']}")


def market(ctx: RenderContext) -> Group:
    return Group(Text("Market (tokens | free)", style="bold"),
                 *(ladder(r) for r in ctx.data["market"]))


def slots(pos: dict[str, Any]) -> str:
    """A ship's cargo slots by kind: ■ loaded, · free."""
    loaded = pos.get("loaded", {})
    return " ".join(f"{SHORT[k]} " + "■" * int(loaded.get(k, 0)) + "·" * int(n - loaded.get(k, 0))
                     for k, n in pos.get("slots", {}).items() if n)


def harbour(ctx: RenderContext) -> Group:
    rows = [Text(f"Harbour (ships left {ctx.data['ship_deck_size']})", style="bold")]
    for pos in ctx.data["harbor"]:
        vp = f" {pos['vp_per_unit']}VP" if pos["vp_per_unit"] else ""
        where = Text(f"{POSITIONS[pos['position']]}{vp}: ".ljust(13))
        rows.append(where.append(slots(pos) if pos.get("ship_id") else "empty"))
    return Group(*rows)


def laws(ctx: RenderContext) -> Text:
    text = Text("Laws: ", style="bold")
    text.append(" · ".join(f"{CATEGORIES[s['category']]} {law_name(s)}"
                           for s in ctx.data["laws_in_force"]))
    return text


def proposals(ctx: RenderContext) -> Text | None:
    shown = [s for s in ctx.data["proposals"] if s.get("law_id")]
    vetoed = ctx.data.get("vetoed_category")
    if not shown and not vetoed:
        return None
    text = Text("Proposals: ", style="bold")
    text.append(" · ".join(f"{CATEGORIES[s['category']]} {law_name(s)}" for s in shown) or "—")
    if vetoed:
        text.append(f"  (vetoed: {CATEGORIES[vetoed]})")
    return text


def parliament(ctx: RenderContext) -> Text | None:
    """CU 5.C: votes and bribes once revealed, the City Hall and Church tiles, the sealed
    round's commitments (who, not how much), the winner."""
    d, names = ctx.data, ctx.seat_names
    parts = []
    if d["phase"] == "parliament" or "parliament_winner" in d:
        parts += [f"{names[p['seat']]} {p['votes']}+{p['bribe']}" for p in d["players"]
                  if p["votes"] or p["bribe"]]
    for key, tile in (("city_hall_tile", "City Hall"), ("church_tile", "Church")):
        if key in d:
            parts.append(f"{tile}: {names[int(d[key])]}")
    sealed = d.get("sealed") or {}
    if sealed.get("seats"):
        done = [names[s] for s, c in zip(sealed["seats"], sealed["committed"]) if c]
        parts.append(f"sealed {sealed['kind'].split('.')[-1]}: {len(done)}/"
                     f"{len(sealed['seats'])} in" + (f" ({', '.join(done)})" if done else ""))
        if "own_amount" in sealed:
            parts.append(f"yours {sealed['own_amount']}")
    if "parliament_winner" in d:
        parts.append(f"winner {names[int(d['parliament_winner'])]}")
    if not parts:
        return None
    return Text("Parliament (votes+bribe): ", style="bold").append(" · ".join(parts))


def players(ctx: RenderContext) -> Table:
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    for col, kw in (("player", {"no_wrap": True, "max_width": 18}), ("$", {"justify": "right"}),
                    ("VP", {"justify": "right"}), ("yard", {}), ("stored", {}),
                    ("played", {"no_wrap": True}), ("hand", {"no_wrap": True})):
        t.add_column(col, **kw)
    for p in ctx.data["players"]:
        s = p["seat"]
        who = Text(ctx.seat_names[s] + (" *" if s == ctx.data["start_player"] else ""),
                   style="bold" if s == ctx.you else "")
        hand = "".join(INITIAL[c] for c in p["hand"]) or str(p["hand_size"] or "")
        if p.get("parliament_card"):
            hand += f" P:{INITIAL[p['parliament_card']]}"
        t.add_row(who, str(p["money"]), str(p["vp"]), items(p["yard"]), items(p["storage"]),
                  "".join(INITIAL[c] for c in p["played"]) or "—", hand.strip() or "—")
    return t


def others_buildings(ctx: RenderContext, shown: int) -> Text | None:
    """The buildings on the farms not drawn as a grid."""
    names = building_names(ctx)
    built = [(p["seat"], [names.get(f["building"], f["building"]) for f in p["farm"]
                          if f.get("building")]) for p in ctx.data["players"]]
    parts = [f"{ctx.seat_names[s]}: {', '.join(b)}" for s, b in built if s != shown and b]
    return Text("Buildings: ", style="bold").append(" · ".join(parts)) if parts else None


def header(ctx: RenderContext) -> Text:
    d = ctx.data
    rnd = f"round {d['round']} of {d['rounds']}" if d["round"] else "before round 1"
    return Text(f"Cuba · {rnd} · phase {PHASES.get(d['phase'], d['phase'])} · "
                f"* start player: {ctx.seat_names[d['start_player']]}", style="bold")


def columns(left: RenderableType, right: RenderableType) -> Table:
    t = Table.grid(padding=(0, 3))
    t.add_row(left, right)
    return t


@register(GAME)
def board(ctx: RenderContext) -> RenderableType:
    """The viewer's farm (a spectator sees the start player's), the economy, the
    politics and the players, compacted until it fits the room given."""
    me = ctx.data["players"][ctx.you if ctx.you >= 0 else ctx.data["start_player"]]

    def layout(labelled: bool, buildings: bool = True) -> Group:
        parts = [header(ctx), farm_grid(ctx, me, labelled), columns(market(ctx), harbour(ctx)),
                 laws(ctx), proposals(ctx), parliament(ctx), players(ctx),
                 others_buildings(ctx, me["seat"]) if buildings else None]
        return Group(*(p for p in parts if p is not None))

    return ctx.first_fitting(lambda: layout(True), lambda: layout(False),
                             lambda: layout(False, buildings=False))


def entry(title: str, body: str, *facts: str) -> Text:
    text = Text(title, style="bold")
    for fact in facts:
        text.append(f"  {fact}", style="dim")
    return text.append(f"\n{body}")


def matches(term: str, *keys: str) -> bool:
    t = term.lower().replace(" ", "_")
    return any(k and k.lower().replace(" ", "_").startswith(t) for k in keys)


@register_lookup(GAME)
def lookup(ctx: RenderContext, term: str) -> RenderableType | None:
    """`? <name>`: the buildings, laws and characters whose id or name starts so."""
    ref = ctx.reference
    found: list[Text] = [
        entry(b["name"], b["text"], f"cost {items(b['cost'])}", b["rule"])
        for b in ref.get("buildings", []) if matches(term, b["id"], b["name"])]
    found += [entry(x["name"], x["text"], f"law, category {CATEGORIES[x['category']]}")
              for x in ref.get("laws", []) if matches(term, x["id"], x["name"])]
    found += [entry(c["name"], c["text"], f"{c['votes']} votes")
              for c in ref.get("characters", []) if matches(term, c["id"], c["name"])]
    return Group(*found) if found else None
