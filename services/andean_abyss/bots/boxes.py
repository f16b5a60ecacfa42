"""AA 8.1.1, 8.5-8.7 carrying out a flowchart box through the flow's own decisions: the
Operation's spaces, its per-space options, its SA box, March groups (P7)."""

from __future__ import annotations

from typing import Any, Final

from services.coin.bots.options import first_offered_tier
from services.coin.bots.priorities import REMOVE_ENEMY, best, rank
from services.coin.bots.random_pick import equal_chance
from services.coin.bots.seats import is_np
from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..constants import FACTION_IDS, GUER_U
from ..ops.insurgent import march_activates, unmoved
from ..state import AAState
from . import auc, cartels, farc
from .flowchart import Chart, Tiers
from .options import by_space, count_of, generic, kind_of, pick_in_tiers, space_of, verb
from .tables import (
    can_rally_base,
    captures,
    free_underground,
    klass,
    owner,
    pick,
    reaches_holder,
)

GUERRILLA: Final[tuple[str, ...]] = ("underground", "active")
FLIP: Final = 1  # the Flip bullet's tier in every Rally box (8.5.1, 8.6.1, 8.7.1)

CHARTS: Final[dict[int, Chart]] = {B.CARTELS: cartels.CHART, B.AUC: auc.CHART, B.FARC: farc.CHART}
MOVABLE: Final = {B.CARTELS: cartels.movable, B.AUC: auc.movable, B.FARC: farc.movable}


def frame_vars(st: AAState, proc: str) -> dict[str, Any]:
    """The vars of the innermost frame of `proc` (the Operation, the SA loop)."""
    return next((fr.vars for fr in reversed(st.stack) if fr.proc == proc), {})


def op_space(st: AAState, d: Decision, f: int) -> str:
    """8.1.1: the box's spaces in tier order (random within a tier) up to its most; AA 8.1
    rule 5: none more once Resources are 0; then the SA box ("then" arrow) if it finds a
    space; else done."""
    v = frame_vars(st, "coin.op")
    chart, ids = CHARTS[f], d.option_ids()
    box = chart.boxes.get(v.get("op", ""))
    offered = by_space(d)
    broke = st.resources[f] == 0 and v.get("spaces") and not v.get("free")
    # 8.1.1 the SA box comes after the Operation's spaces (Ambush inside the Attack)
    after_sa = v.get("sa") not in ("", None, "ambush")
    if v.get("op") == "attack" and f in (B.FARC, B.AUC) and box is not None:
        if "np_plan" not in v:
            v["np_plan"] = attack_plan(st, v, f, offered)
        plan = v["np_plan"]
        nxt = [s for s in plan if s in offered and s not in v.get("spaces", [])]
        if nxt and not broke:
            return offered[nxt[0]]
    elif box is not None and len(v.get("spaces", [])) < box.most and not broke \
            and not after_sa:
        tiers = chart.candidates(st, v["op"], v)
        got = first_offered_tier(offered, tiers)
        if got is not None:
            s = pick_in_tier(st, v, f, (tiers, got[0]), got[1])
            v.setdefault("np_tiers", []).append([s, got[0]])  # the bullet it came by
            return offered[s]
    if "done" not in ids and offered and not v.get("spaces"):  # AA 3.1: one space at least
        return offered[pick(st, list(offered))]
    if box is not None and f"sa:{box.sa}" in ids and any(box.sa_tiers(st, v)):
        return f"sa:{box.sa}"
    return "done" if "done" in ids else generic(st, d, f)


def pick_in_tier(st: AAState, v: dict[str, Any], f: int, at: tuple[Tiers, int],
                 c: list[int]) -> int:
    """8.1.1 random within the tier; the FARC March's step 3 tier (8.7.2, AA-R-42): its
    origin, then its destination, both recorded in the Operation's vars."""
    if f == B.FARC and v["op"] == "march" and farc.is_mass_tier(*at):
        return farc.pick_mass_move(st, v, c)
    return pick(st, c)


def attack_plan(st: AAState, v: dict[str, Any], f: int, offered: dict[int, str]) -> list[int]:
    """8.6.3, 8.7.3: the Attack's spaces, chosen at once by the box's tiers (random within a
    tier, AA 8.1 rule 5: as many as Resources pay for), so that the Ambush goes to the one
    its rule names among them before it is resolved (8.1.1; `np_ambush`, -1: none). The
    flow resolves each space as it is selected, so the choice is kept in the Operation's
    vars (`np_plan`) for its later spaces (a Suggest, deciding on a copy of the state,
    draws the rest of the plan anew at each space)."""
    box = CHARTS[f].boxes["attack"]
    plan: list[int] = list(v.get("spaces", []))  # none yet, but on a Suggest's copy
    budget = box.most if v.get("free") else min(box.most, len(plan) + st.resources[f])
    while len(plan) < budget:
        tiers = CHARTS[f].candidates(st, "attack", {**v, "spaces": plan})
        tier = next(([s for s in t if s in offered and s not in plan] for t in tiers
                     if any(s in offered and s not in plan for s in t)), [])
        if not tier:
            break
        plan.append(pick(st, tier))
    first = next((t for t in auc.ambush_order(st, f, [plan]) if t), [])
    v["np_ambush"] = pick(st, first) if first else -1
    return plan


def rally_mode(st: AAState, d: Decision, f: int) -> str:
    """8.5.1, 8.6.1, 8.7.1 the bullet the space was selected by: Base, Flip (Rally option d
    moving nobody; only a space the Flip bullet took, or one no bullet took), Guerrillas at
    an own Base (option c), else 1 Guerrilla (option a)."""
    s = frame_vars(st, "aa.rally_space")["s"]
    ids = d.option_ids()
    avail = B.PIECES.available(st, GUER_U[f]) > 0
    bullets = {x: i for x, i in frame_vars(st, "coin.op").get("np_tiers", [])}
    if f == B.CARTELS and bullets.get(s) == cartels.SEED and "place" in ids:
        return "place"  # 8.5.1 bullet 4: 1 Guerrilla
    if "base" in ids and can_rally_base(st, s, f):
        return "base"
    if "gather" in ids and bullets.get(s, FLIP) == FLIP and cartels.flip_space(st, s, f):
        return "gather"
    if "mass" in ids and avail:
        return "mass"
    if "gather" in ids:
        return "gather"
    return "place" if "place" in ids else generic(st, d, f)


def rally_base(st: AAState, d: Decision, f: int) -> str:
    """P4: the 2 Guerrillas replaced by the Base: Active ones first (fewest Underground)."""
    return min(d.options, key=lambda o: count_of(o) or 0).id


def rally_gather(st: AAState, d: Decision, f: int) -> str:
    """8.5.1 bullet 2 flip: nobody moves; bullet 3 (no Guerrilla Available): up to 3 from
    spaces without own Bases, most Guerrillas first (ties: random_pick), Active first
    (AA-R-25)."""
    s = frame_vars(st, "aa.rally_space")["s"]
    if B.guerrillas(st, s, f) >= 3 or B.guerrillas(st, s, f) and B.bases(st, s, f) and \
            cartels.flip_space(st, s, f) or B.PIECES.available(st, GUER_U[f]):
        return "done" if "done" in d.option_ids() else generic(st, d, f)
    froms = [o for o in d.options if verb(o) == "from"]
    ok = [o for o in froms if not B.bases(st, by_space_arg(o), f)]
    if not ok:
        return "done" if "done" in d.option_ids() else generic(st, d, f)
    most = max(B.guerrillas(st, by_space_arg(o), f) for o in ok)
    src = pick(st, [by_space_arg(o) for o in ok if B.guerrillas(st, by_space_arg(o), f) == most])
    there = [o for o in ok if by_space_arg(o) == src]
    act = [o for o in there if o.id.endswith(":a")]
    return (act or there)[0].id


def by_space_arg(o: Any) -> int:
    s = space_of(o)
    return -1 if s is None else s


def march_from(st: AAState, d: Decision, f: int) -> str:
    """8.5.2, 8.6.2, 8.7.2: every adjacent origin with Guerrillas the box lets move (FARC
    step 3: its one origin); FARC step 1 (a LoC): 1 Guerrilla from one origin, by
    `random_pick` if several (AA-R-21), then no more groups."""
    into = frame_vars(st, "aa.march_into")
    v, s = frame_vars(st, "coin.op"), into.get("s", -1)
    origins = {src: o.id for o in d.options if verb(o) == "from"
               and MOVABLE[f](st, src := by_space_arg(o), v) > 0
               and (f != B.FARC or farc.origin_allowed(st, v, s, src))}
    if f == B.FARC and B.is_loc(s):
        return origins[pick(st, list(origins))] if origins and not into.get("groups") \
            else "done"
    return next(iter(origins.values()), "done")


def march_group(st: AAState, f: int, capped: bool = True) -> tuple[int, int]:
    """P7 (AA-R-32): the group from the origin into the destination: (Underground, Active).
    Not `capped` (card 20's instruction): the whole group, Active ones first."""
    v = frame_vars(st, "aa.march_into")
    o, s = v["o"], v["s"]
    u, a, free = unmoved(st, o, f, frame_vars(st, "coin.op"))
    n = min(free, max(0, MOVABLE[f](st, o, frame_vars(st, "coin.op"))),
            B.faction_room(st, s, f))
    if f == B.FARC and B.is_loc(s) and not B.guerrillas(st, s, f):
        n = min(n, 1)  # 8.7.2 step 1: 1 Guerrilla onto each LoC
    room = 3 - B.cubes(st, s) - (B.guerrillas(st, s, B.FARC) if f == B.AUC else 0)
    if capped and march_activates(st, s, f, n) and room >= 1:
        n = min(n, room)
        nu = min(u, n)
        return nu, min(a, n - nu)
    na = min(a, n)
    return min(u, n - na), na


def march_count(st: AAState, d: Decision, f: int, capped: bool = True) -> str:
    """P7 the numbers asked: Underground first, then Active (nearest offered)."""
    nu, na = march_group(st, f, capped)
    want = nu if d.kind == "aa.march_u" else na
    return min(d.options, key=lambda o: abs((count_of(o) or 0) - want)).id


def attack_mode(st: AAState, d: Decision, f: int) -> str:
    """8.6.3 step 3, 8.7.3: Ambush in the Attack space with the fewest own Guerrillas that
    has an Underground one (ties random)."""
    s = frame_vars(st, "aa.attack_space").get("s")
    if "ambush" not in d.option_ids():
        return "attack"
    v = frame_vars(st, "coin.op")
    if "np_ambush" in v:
        return "ambush" if s == v["np_ambush"] else "attack"
    tiers = CHARTS[f].boxes["attack"].sa_tiers(st, v)
    first = next((t for t in tiers if t), [])
    return "ambush" if s in first else "attack"


def sa_space(st: AAState, d: Decision, f: int) -> str:
    """An SA box's spaces, in its tiers (8.5-8.7), then done (`sa_done`: the SA's spaces so
    far; `np_sa_tiers`, kept in the Operation's vars: the bullet each came by)."""
    op = frame_vars(st, "coin.op")
    v = {**op, "sa_done": frame_vars(st, d.kind).get("done", [])}
    box = CHARTS[f].boxes.get(v.get("op", ""))
    if box is not None:
        tiers, offered = box.sa_tiers(st, v), by_space(d)
        got = pick_in_tiers(st, offered, tiers)
        if got is not None:
            i = next(i for i, t in enumerate(tiers) if any(s in offered for s in t))
            op.setdefault("np_sa_tiers", []).append(i)
            return got
    return "done" if "done" in d.option_ids() else generic(st, d, f)


def cultivate(st: AAState, d: Decision, f: int) -> str:
    """8.5.1 Cultivate: place a Base in a Rally Department, else move one off a 2-Base space
    (random) to a City or Department with no Cartels Base (random)."""
    v = frame_vars(st, "coin.op")
    places = by_space(d, ("place",))
    got = pick_in_tiers(st, places, cartels.cultivate_tiers(st, v)[:1])
    if got is not None:
        return got
    moves = [o for o in d.options
             if verb(o) == "move" and cartels.cultivate_destination(st, _dest(o))]
    twos = sorted({by_space_arg(o) for o in moves if B.bases(st, by_space_arg(o), f) >= 2})
    if twos:
        src = pick(st, twos)
        dests = {int(_dest(o)): o.id for o in moves if by_space_arg(o) == src}
        return dests[pick(st, list(dests))]
    return generic(st, d, f)


def _dest(o: Any) -> int:
    return D.INDEX[o.id.rsplit(":", 1)[-1]]


def process(st: AAState, d: Decision, f: int) -> str:
    """8.5.2 Process: Shipments with Cartels Guerrillas at Cartels Bases, else remove a Base
    from a 2-Base space (+3), one only."""
    ids = d.option_ids()
    if d.kind == "aa.process_mode":
        return "place_shipments" if "place_shipments" in ids and cartels.process_spaces(st) \
            else "remove_bases"
    if d.kind == "aa.process_ship":
        own = {by_space_arg(o): o.id for o in d.options if o.id.endswith(":cartels")}
        got = pick_in_tiers(st, own, [cartels.process_spaces(st)])
        return got or ("done" if "done" in ids else generic(st, d, f))
    if "done" in ids:  # 8.5.2 step 2: one Base
        return "done"
    bases = by_space(d, ("base",))
    got = pick_in_tiers(st, bases, [[s for s in bases if B.bases(st, s, f) >= 2], list(bases)])
    return got or generic(st, d, f)


def bribe_mode(st: AAState, d: Decision, f: int) -> str:
    """8.5.3 Bribe (AA-R-27): the first of Govt, FARC, AUC present: its Base, else Govt
    cubes, else its Guerrillas."""
    s = frame_vars(st, "aa.bribe_space").get("s")
    ids = d.option_ids()
    g = next((g for g in (B.GOVT, B.FARC, B.AUC) if s is not None and B.pieces_of(st, s, g)),
             None)
    if g is not None and "base" in ids and s is not None and B.bases(st, s, g):
        return "base"
    if g == B.GOVT and "cubes" in ids:
        return "cubes"
    if "guerrillas" in ids:
        return "guerrillas"
    return generic(st, d, f)


def drug_profits(st: AAState, d: Decision, f: int) -> str:
    """P6: a Base if it can, else +6."""
    return "base" if "base" in d.option_ids() else "resources"


def ship_loss(st: AAState, d: Decision, f: int) -> str:
    """P5 (AA-I-18: asked only once f's last Guerrilla there is gone, so no own Guerrilla is
    left to take it): another Non-player's Guerrilla there, a faction with an Underground
    one before one with only Active ones, FARC, AUC, Cartels within; else remove."""
    ids = d.option_ids()
    s = frame_vars(st, "aa.ship_loss").get("s", -1)
    takers = [g for g in (B.FARC, B.AUC, B.CARTELS)
              if f"give:{FACTION_IDS[g]}" in ids and is_np(st, g)]
    takers.sort(key=lambda g: not B.underground(st, s, g))
    if takers:
        return f"give:{FACTION_IDS[takers[0]]}"
    return "remove" if "remove" in ids else \
        ("decline" if "decline" in ids else generic(st, d, f))


def contraband(st: AAState, d: Decision, f: int) -> str:
    """AA 4.5.4 Contraband (8.1.1 maximum: taken): the Shipment goes to the Cartels' own
    Guerrillas there (AA-R-24: benefit itself), else by P2 (AA-I-18): to a faction with an
    Underground Guerrilla not holding a Shipment there, then to the others (8.0 random)."""
    ids = d.option_ids()
    s = frame_vars(st, "aa.contraband").get("s", -1)
    gives = [g for g in (B.FARC, B.AUC, B.CARTELS) if f"give:{FACTION_IDS[g]}" in ids]
    if not gives:
        return generic(st, d, f)
    if f in gives:
        return f"give:{FACTION_IDS[f]}"
    p2 = [g for g in gives if free_underground(st, s, g)] or gives
    return f"give:{FACTION_IDS[equal_chance(st.rng, p2)]}"


def ship_follow(st: AAState, d: Decision, f: int) -> str:
    """P7 "Shipment holders first among equals" (AA-I-18): the movers are the group's
    holders first and a Guerrilla may hold several Shipments, so every Shipment goes with
    them."""
    return next((i for i in d.option_ids() if verb(i) == "follow"), "stay")


# 8.6.3 step 1, 8.6.4 Assassinate, 8.7.3: the removals that put Shipments first (AA-I-18)
SHIPMENT_FIRST: Final = {(B.FARC, "attack"): captures, (B.AUC, "attack"): reaches_holder,
                         (B.AUC, "assassinate"): reaches_holder}


def remove_piece(st: AAState, d: Decision, f: int) -> str:
    """A removal by the Non-player FARC (Attack, Ambush: "pieces whose removal captures a
    Shipment" first, 8.7.3) or AUC (Attack, Ambush: "enemy Guerrillas holding a Shipment"
    first, 8.6.3; Assassinate: "a Shipment-holding Guerrilla" first, 8.6.4), read under
    AA-I-18; then its enemy order and P3 (the generic choice)."""
    v = frame_vars(st, "aa.remove")
    first = SHIPMENT_FIRST.get((f, v.get("mode", "")))
    s, n = v.get("s", -1), v.get("n", 0)
    if first is not None:
        ships = [o for o in d.options if (k := kind_of(o)) and klass(k) in GUERRILLA
                 and owner(k) != f and first(st, s, owner(k), n)]
        if ships:
            return best(ships, lambda o: rank(REMOVE_ENEMY, klass(kind_of(o) or "")))[0].id
    return generic(st, d, f)
