"""CL 8.5 the Non-player Syndicate: Rally, March, Construct, Terror (its chart), and its
Special Activities 8.5.5 (Profit, Muscle, Bribe; Assassinate under Mafia Offensive)."""

from __future__ import annotations

from typing import Any, Final

from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..constants import BASE, GUER_U, KIND_IDS, Cap, Kind
from ..special.syndicate import BRIBE_COST, muscle_kind, muscle_sources
from ..state import CLState
from .boxes import done_or, frame_vars, one_origin, pav, sa_pick, tier_used
from .cash import releases_cash, yields_cash
from .flowchart import Box, Chart, Tiers
from .options import by_space, generic, space_of, verb
from .tables import owner, p4_rank, pick

F: Final = B.SYNDICATE
CONSTRUCT_COST: Final = 5


def next_propaganda_final(st: CLState) -> bool:
    """8.0 (CL-R-51): exactly 3 Propaganda cards played so far."""
    return st.prop_played == st.final_prop - 1


def has_casino(st: CLState, s: int) -> bool:
    return B.casinos(st, s) > 0


# -- 8.5.1 Rally ------------------------------------------------------------------------------


def rally_place_spaces(st: CLState) -> list[int]:
    """8.5.1 step 1: Cities/Provinces with a Casino and no Syndicate Guerrilla."""
    return [s for s in D.POPULATED if has_casino(st, s) and not B.guerrillas(st, s, F)]


def rally_hide_spaces(st: CLState) -> list[int]:
    """8.5.1 step 2: every Syndicate Guerrilla Active, an open Casino, a cube."""
    return [s for s in D.POPULATED if B.active(st, s, F) and not B.underground(st, s, F)
            and B.n(st, s, Kind.CASINO_OPEN) and B.cubes(st, s)]


def cond_rally(st: CLState) -> bool:
    """8.5.1 entry: Rally would place a Guerrilla where a Casino has no Syndicate Guerrilla."""
    return (B.PIECES.available(st, GUER_U[F]) > 0 and st.resources[F] >= 1
            and bool(rally_place_spaces(st)))


def rally_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    placed = [s for s in v.get("spaces", []) if s in rally_place_spaces(st)]
    avail = B.PIECES.available(st, GUER_U[F]) - len(placed)
    return [rally_place_spaces(st) if avail > 0 else [], rally_hide_spaces(st)]


def rally_mode(st: CLState, d: Decision, f: int) -> str:
    """8.5.1: place in a step-1 space, flip Underground in a step-2 space."""
    s = frame_vars(st, "cl.rally_space")["s"]
    ids = d.option_ids()
    if "hide" in ids and s in rally_hide_spaces(st):
        return "hide"
    return "place" if "place" in ids else generic(st, d, f)


# -- 8.5.2 March ------------------------------------------------------------------------------


def empty_ecs(st: CLState) -> list[int]:
    """8.5.2 step 1: ECs holding no pieces, next to a Syndicate Guerrilla."""
    return [s for s in D.ECS if not any(B.pieces_of(st, s, g) for g in range(4))
            and any(B.guerrillas(st, o, F) for o in D.ADJ[s])]


def cash_carriers(st: CLState, o: int) -> int:
    return len(B.cash_in(st, o, F)) if B.guerrillas(st, o, F) else 0


def casino_dests(st: CLState) -> list[int]:
    """8.5.2 step 2 (next Propaganda final): spaces with a closed Casino next to a space
    without one where a Syndicate Guerrilla holds Cash."""
    if not next_propaganda_final(st):
        return []
    return [s for s in D.POPULATED if B.n(st, s, Kind.CASINO_CLOSED) and any(
        cash_carriers(st, o) and not B.n(st, o, Kind.CASINO_CLOSED) for o in D.ADJ[s])]


def cond_march(st: CLState) -> bool:
    return bool(empty_ecs(st) or casino_dests(st))


def march_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    return [empty_ecs(st), casino_dests(st)]


def march_plan(st: CLState, dest: int, v: dict[str, Any]) -> dict[int, int]:
    """8.5.2: into an empty EC 1 Guerrilla from the origin with Ⓐ the most Syndicate
    Guerrillas, Ⓑ no open Casino, else `random_pick`; into a closed-Casino space the Cash
    carriers of each origin without one."""
    arrived = v.get("arrived") or [0] * D.NS
    origins = [o for o in D.ADJ[dest] if B.guerrillas(st, o, F) > arrived[o]]
    if D.IS_EC[dest]:
        if not origins:
            return {}
        top = max(B.guerrillas(st, o, F) for o in origins)
        c = [o for o in origins if B.guerrillas(st, o, F) == top]
        c = [o for o in c if not B.n(st, o, Kind.CASINO_OPEN)] or c
        return one_origin(st, c)
    return {o: cash_carriers(st, o) for o in origins
            if cash_carriers(st, o) and not B.n(st, o, Kind.CASINO_CLOSED)}


# -- 8.5.3 Construct --------------------------------------------------------------------------


def construct_spaces(st: CLState) -> list[int]:
    return [s for s in D.POPULATED if B.control(st, s) in (B.GOVT, F)]


def openable(st: CLState) -> list[int]:
    """8.5.3 step 2 (next Propaganda final): closed Casinos where no Syndicate piece holds
    Cash."""
    if not next_propaganda_final(st):
        return []
    return [s for s in construct_spaces(st) if B.n(st, s, Kind.CASINO_CLOSED)
            and not B.cash_in(st, s, F)]


def construct_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.5.3 steps 1-3: 2 spaces if Resources > 35 else 1; open, then place where a Casino is,
    then elsewhere."""
    most = 2 if st.resources[F] + CONSTRUCT_COST * len(v.get("spaces", [])) > 35 else 1
    if len(v.get("spaces", [])) >= most or not B.PIECES.available(st, Kind.CASINO_CLOSED) and \
            not openable(st):
        return [openable(st)] if len(v.get("spaces", [])) < most else []
    room = [s for s in construct_spaces(st) if B.casino_room(st, s) > 0]
    return [openable(st), [s for s in room if has_casino(st, s)], room]


def can_construct(st: CLState) -> bool:
    """8.5.3 IF NONE: Resources < 5, or no space for step 2 or 3."""
    return st.resources[F] >= CONSTRUCT_COST and any(construct_tiers(st, {"spaces": []}))


def cond_construct(st: CLState) -> bool:
    """8.5.3 entry: (Available + closed Casinos) > Cash markers on the map, or no Terror."""
    casinos = B.PIECES.available(st, Kind.CASINO_CLOSED) + sum(
        B.n(st, s, Kind.CASINO_CLOSED) for s in range(D.NS))
    on_map = sum(1 for c in st.cash if c >= 0)
    return casinos > on_map or not any(terror_tiers(st, {"spaces": []}))


def construct_choice(st: CLState, d: Decision, f: int) -> str:
    """8.5.3 step 2: open where the next Propaganda is final; else place (step 3)."""
    s = frame_vars(st, "cl.construct_space").get("s", -1)
    return "open" if s in openable(st) and "open" in d.option_ids() else "place"


# -- 8.5.4 Terror -----------------------------------------------------------------------------


def terror_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.5.4 steps 1-3, 1 space each (the tier recorded, `tier_used`): Opposition if 26July
    is a player at victory, then Support if the Government is; if neither step has a space,
    1 City/Province at Support or Opposition."""
    ok = [s for s in D.POPULATED if B.underground(st, s, F)]
    step1 = [s for s in ok if st.support[s] < 0] if pav(st, B.M26) else []
    step2 = [s for s in ok if st.support[s] > 0] if pav(st, B.GOVT) else []
    step3 = [] if step1 or step2 or v.get("spaces") else [s for s in ok if st.support[s]]
    return [[] if tier_used(v, (0,)) else step1, [] if tier_used(v, (1,)) else step2, step3]


# -- 8.5.5 Special Activities -----------------------------------------------------------------


def profit_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.5.5 Profit (option A): open Casino and a Syndicate Guerrilla; Ⓐ no Syndicate Cash
    there, Ⓑ no other faction's piece; 1-2 spaces."""
    if not B.cash_in_box(st):
        return []
    ok = [s for s in range(D.NS) if B.n(st, s, Kind.CASINO_OPEN) and B.guerrillas(st, s, F)]
    a = [s for s in ok if not B.cash_in(st, s, F)] or ok
    b = [s for s in a if not any(B.pieces_of(st, s, g) for g in (B.GOVT, B.M26, B.DR))] or a
    return [b, a, ok]


def profit(st: CLState, d: Decision, f: int) -> str:
    """8.5.5 Profit: stash under a Syndicate Guerrilla (P3: Underground first), at most 2."""
    stashed = frame_vars(st, "cl.profit").get("stashed", [])
    if len(stashed) >= 2:
        return done_or(st, d, f)
    opts: dict[int, str] = {}
    for o in d.options:
        s, holder = space_of(o), o.args.get("holder", "")
        if verb(o) == "stash" and s is not None and holder.startswith("syndicate") and (
                s not in opts or holder.endswith("underground")):
            opts[s] = o.id
    tiers = profit_tiers(st, {})
    for tier in tiers:
        c = [s for s in tier if s in opts]
        if c:
            return opts[pick(st, c)]
    return done_or(st, d, f)


def muscle_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.5.5 Muscle: an open Casino Controlled by 26July, else by DR, cubes to move in."""
    ok = [s for s in D.POPULATED if B.n(st, s, Kind.CASINO_OPEN) and muscle_sources(st, s)]
    return [[s for s in ok if B.control(st, s) == B.M26],
            [s for s in ok if B.control(st, s) == B.DR]]


def muscle_from(st: CLState, d: Decision, f: int) -> str:
    """8.5.5 Muscle (CL-R-39): each cube from the space holding the most of that type."""
    s = frame_vars(st, "cl.muscle").get("s", -1)
    k = muscle_kind(s)
    origins = by_space(d, ("from",))
    if not origins:
        return done_or(st, d, f)
    top = max(B.n(st, o, k) for o in origins)
    return origins[pick(st, [o for o in origins if B.n(st, o, k) == top])]


def bribe_target(st: CLState, s: int) -> int | None:
    """8.5.5 Bribe steps 1-3: the faction whose pieces the Bribe removes in s."""
    for g in (B.M26, B.DR, B.GOVT):
        if B.guerrillas(st, s, F) and yields_cash(st, s, g):
            return g
    for g in (B.M26, B.DR):
        if B.pieces_of(st, s, g):
            return g
    return None


def bribe_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.5.5 Bribe: 1 where it obtains Cash; 2 an open Casino with 26July, else DR pieces;
    3 the same where the Syndicate has pieces (Cities/Provinces first); Resources >= 3."""
    if st.resources[F] < BRIBE_COST:
        return []
    cash = [s for s in range(D.NS) if B.guerrillas(st, s, F) and any(
        yields_cash(st, s, g) for g in (B.M26, B.DR, B.GOVT))]
    casino = [s for s in range(D.NS) if B.n(st, s, Kind.CASINO_OPEN)]
    mine = [s for s in range(D.NS) if B.pieces_of(st, s, F)]
    out = [cash]
    for where in (casino, [s for s in mine if not D.IS_EC[s]], [s for s in mine if D.IS_EC[s]]):
        out += [[s for s in where if B.pieces_of(st, s, g)] for g in (B.M26, B.DR)]
    return out


def bribe_mode(st: CLState, d: Decision, f: int) -> str:
    """8.5.5 Bribe: the target's Base if it has one, else its Guerrillas (or cubes)."""
    s = frame_vars(st, "cl.bribe").get("s", -1)
    g = bribe_target(st, s)
    ids = d.option_ids()
    if g is not None and g != B.GOVT and "base" in ids and B.n(st, s, BASE[g]):
        return "base"
    if g == B.GOVT and "cubes" in ids:
        return "cubes"
    return "guerrillas" if "guerrillas" in ids else generic(st, d, f)


def bribe_piece(st: CLState, d: Decision, f: int) -> str:
    """8.5.5 Bribe: remove the target's pieces, step 1 the one whose removal obtains Cash
    first (`releases_cash`), then by P4 (Police first, Underground Guerrillas first); never
    flip, never the Syndicate's own."""
    s = frame_vars(st, "cl.bribe").get("s", -1)
    g = bribe_target(st, s)
    removes = [o for o in d.options if verb(o) == "remove"
               and not o.args.get("piece", "").startswith("syndicate")]
    mine = [o for o in removes if g is not None and owner(o.args["piece"]) == g] or removes
    if not mine:
        return done_or(st, d, f)
    return min(mine, key=lambda o: bribe_piece_rank(st, s, o.args["piece"])).id


def bribe_piece_rank(st: CLState, s: int, piece: str) -> tuple[bool, int]:
    """8.5.5 Bribe's piece order in s: the one whose removal obtains Cash first
    (`releases_cash`), then P4 (Bases, Police first, Underground Guerrillas first)."""
    return not releases_cash(st, s, KIND_IDS.index(piece)), p4_rank(piece)


def mafia_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.5.5 Mafia Offensive (card 43 shaded, CL-R-40): after Terror, Assassinate in the
    Terror space instead of Bribe; else Bribe."""
    if not B.has_cap(st, Cap.SYNDICATE_ASSASSINATES):
        return []
    return [[s for s in v.get("spaces", []) if bribe_target(st, s) is not None]]


def mafia_assassinate(st: CLState, d: Decision, f: int) -> str:
    """8.5.5 Mafia Offensive (CL-R-40): Assassinate in a Terror space (`mafia_tiers`), the
    target chosen by Bribe's steps 1-3 there (`bribe_target`: the faction, then
    `bribe_piece_rank`: the piece)."""
    spaces = [s for tier in mafia_tiers(st, frame_vars(st, "coin.op")) for s in tier]
    aimed = {o.id: (s, o.args["piece"]) for o in d.options
             if verb(o) == "piece" and (s := space_of(o)) in spaces
             and owner(o.args["piece"]) == bribe_target(st, s)}
    if not aimed:
        return generic(st, d, f)
    s = pick(st, sorted({s for s, _ in aimed.values()}))
    return min((i for i, (t, _) in aimed.items() if t == s),
               key=lambda i: bribe_piece_rank(st, s, aimed[i][1]))


def first_box(st: CLState) -> str:
    """8.5: Rally, March, Construct, Terror by their entry questions."""
    if cond_rally(st):
        return "rally"
    if cond_march(st):
        return "march"
    return "construct" if cond_construct(st) else "terror"


SAS = (("muscle", muscle_tiers), ("bribe", bribe_tiers))
CHART: Final[Chart[CLState]] = Chart(F, first_box, {
    "rally": Box(rally_tiers, 99, "profit", profit_tiers, SAS),
    "march": Box(march_tiers, 99, "profit", profit_tiers, SAS),
    "construct": Box(construct_tiers, 2, "profit", profit_tiers, SAS, can_construct),
    "terror": Box(terror_tiers, 2, "assassinate", mafia_tiers, (("bribe", bribe_tiers),)),
}, fallback={"rally": "march", "march": "construct", "construct": "terror",
             "terror": "construct"})  # CL-R-38
HANDLERS: Final = {
    "cl.rally_mode": rally_mode,
    "cl.construct": construct_choice,
    "cl.profit": profit,
    "cl.muscle": sa_pick(muscle_tiers),
    "cl.muscle_from": muscle_from,
    "cl.bribe": sa_pick(bribe_tiers),
    "cl.bribe_mode": bribe_mode,
    "cl.bribe_piece": bribe_piece,
    "cl.assassinate": mafia_assassinate,
}
