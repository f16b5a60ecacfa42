"""AA 8.4.4 the Non-player instructions of cards 19, 20, 29, 34, 37, 40, 53, 54, 58, 59, 60
(its free Bribe), 65, 69 (its move) and 72 (cards.json `np_instruction`, BOTS.md table).
Each rule returns the option to take, or None to leave the decision to the generic 8.4
rules; `REFUSALS` are the instructions that say "execute Operations instead" (8.1 rule 4:
the Event is then ineffective)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from services.coin.bots.priorities import REMOVE_ENEMY, best, by_faction_then_class
from services.coin.bots.random_pick import equal_chance
from services.coin.bots.seats import is_np
from services.kernel.decisions import Decision, Option

from .. import board as B
from .. import data as D
from ..constants import FACTION_IDS
from ..events.cards_61_72 import poppies_options, river_reach
from ..state import AAState
from . import auc, cartels
from .boxes import CHARTS, frame_vars, march_count
from .options import by_space, faction_of, kind_of, pick_in_tiers, space_of, verb
from .tables import klass, owner, pick

Rule = Callable[[AAState, Decision, int], str | None]


def effect_vars(st: AAState) -> dict[str, Any]:
    """The vars of the Event being executed (its steps' stored choices)."""
    return frame_vars(st, "coin.effect")


def own_faction(st: AAState, d: Decision, f: int) -> str | None:
    """Cards 34, 53: the executing faction names itself (its own pieces)."""
    return next((o.id for o in d.options if faction_of(o) == f and space_of(o) is None), None)


def remove_in_order(d: Decision, order: Sequence[int]) -> str | None:
    """P3 with the instruction's faction order: its factions first, Bases, Police, Troops,
    Underground, Active within one (the Attack's own rules make Bases last)."""
    opts = [o for o in d.options if kind_of(o)]
    if not opts:
        return None
    return best(opts, lambda o: by_faction_then_class(
        order, REMOVE_ENEMY, owner(kind_of(o) or ""), klass(kind_of(o) or "")))[0].id


def terror_shifts(st: AAState, s: int, f: int) -> bool:
    """AA 3.3.4: a Terror here would shift Support/Opposition (FARC toward Active
    Opposition, the others toward Neutral)."""
    toward = -2 if f == B.FARC else 0
    return not B.is_loc(s) and D.POP[s] > 0 and st.support[s] != toward


def general_offensive(st: AAState, d: Decision, f: int) -> str | None:
    """Card 19: every space (random order, 8.4.3); where both are possible, Terror if it
    would shift Support/Opposition, else Attack. The Attack's removals follow the Attack
    box's targets (FARC, AUC) or the Bribe priorities (Cartels): the enemy order of
    AA-R-24, which is theirs."""
    if d.kind != "aa.ev_every":
        return None
    modes: dict[int, dict[str, str]] = {}
    for o in d.options:
        s = space_of(o)
        if s is not None:
            modes.setdefault(s, {})[verb(o)] = o.id
    if not modes:
        return None
    s = pick(st, list(modes))
    if "terror" in modes[s] and ("attack" not in modes[s] or terror_shifts(st, s, f)):
        return modes[s]["terror"]
    return modes[s].get("attack")


def mono_jojoy(st: AAState, d: Decision, f: int) -> str | None:
    """Card 20: March by 8.7.2 without P7's care to stay Underground, Active Guerrillas
    first; then flip Guerrillas in spaces at Support first, then on LoCs."""
    if d.kind in ("aa.march_u", "aa.march_a"):
        return march_count(st, d, f, capped=False)
    if d.kind == "aa.ev_pieces" and frame_vars(st, "aa.ev_pieces").get("act") == "hide":
        offered = by_space(d, ("piece",))
        return pick_in_tiers(st, offered, [[s for s in offered if st.support[s] > 0],
                                           [s for s in offered if B.is_loc(s)], list(offered)])
    return None


def ambush_reach(st: AAState, s: int, g: int, cap: int) -> int:
    return min(cap, B.pieces_of(st, s, g))


def kill_zone(st: AAState, d: Decision, f: int) -> str | None:
    """Card 29: FARC Ambushes if FARC is a Non-player, else AUC; where it removes the most
    Government pieces, then the most AUC (FARC) or FARC then Cartels (AUC) pieces (the 2
    Ambushes remove up to 4); removals in that order (AA-D-12)."""
    ids = d.option_ids()
    if "faction:farc" in ids:
        return "faction:farc" if is_np(st, B.FARC) else "faction:auc"
    order = (B.GOVT, B.AUC) if f == B.FARC else (B.GOVT, B.FARC, B.CARTELS)
    if d.kind == "aa.remove_piece":
        return remove_in_order(d, order)
    offered = by_space(d)
    if not offered:
        return None
    key = {s: tuple(ambush_reach(st, s, g, 4) for g in order) for s in offered}
    top = max(key.values())
    return offered[pick(st, [s for s in offered if key[s] == top])]


def former_military(st: AAState, d: Decision, f: int) -> str | None:
    """Card 37: the free March by the AUC March box (8.6.2, through the free Operation);
    the Ambush space by the Attack box's targets (8.6.3): a Shipment, then FARC, then
    Government pieces."""
    offered = by_space(d)
    if d.kind != "coin.event_step" or not offered:
        return None
    return pick_in_tiers(st, offered, [
        [s for s in offered if auc.shipment_target(st, s)],
        [s for s in offered if B.pieces_of(st, s, B.FARC)],
        [s for s in offered if B.pieces_of(st, s, B.GOVT)], list(offered)])


def demobilization(st: AAState, d: Decision, f: int) -> str | None:
    """Card 40: the Department with the most Police, then the most Troops (ties random);
    cubes to random Cities and the AUC pieces (Bases first) by the generic rules."""
    offered = by_space(d)
    if not offered or not all(B.is_dept(s) for s in offered):
        return None
    top = max((B.police(st, s), B.troops(st, s)) for s in offered)
    return offered[pick(st, [s for s in offered
                             if (B.police(st, s), B.troops(st, s)) == top])]


def criminal_air_force(st: AAState, d: Decision, f: int) -> str | None:
    """Card 53: the executor flies its own Guerrillas from the Department with the most of
    them, Active first, to a destination by its March box's priorities."""
    if d.kind == "aa.ev_pieces":
        act = [o.id for o in d.options if (kind_of(o) or "").endswith("_active")]
        return act[0] if act else None
    offered = by_space(d)
    if d.kind != "coin.event_step" or not offered:
        return own_faction(st, d, f)
    if "src" not in effect_vars(st):
        most = max(B.guerrillas(st, s, f) for s in offered)
        return offered[pick(st, [s for s in offered if B.guerrillas(st, s, f) == most])]
    return by_march_box(st, offered, f)


def by_march_box(st: AAState, offered: dict[int, str], f: int) -> str | None:
    """Cards 53, 69: the destination the executor's March box ranks first (8.5.2, 8.6.2,
    8.7.2 destination tiers, random within a tier), else a random one offered."""
    tiers = CHARTS[f].boxes["march"].tiers(st, {"spaces": []}) if f in CHARTS else []
    return pick_in_tiers(st, offered, [*tiers, list(offered)])


def river_origins(st: AAState, f: int) -> list[int]:
    """Card 69: spaces holding the executor's Underground Guerrillas with a Department in
    reach."""
    return [s for s in B.spaces(st) if B.underground(st, s, f) and river_reach(st, f, s)]


def riverines(st: AAState, d: Decision, f: int) -> str | None:
    """Card 69: move from a random space holding the executor's Underground Guerrillas to
    the destination its March box ranks first (the free Operation: `events.river_op`)."""
    offered = by_space(d)
    if d.kind != "coin.event_step" or not offered:
        return None
    if "src" not in effect_vars(st):
        return pick_in_tiers(st, offered, [[s for s in offered if s in river_origins(st, f)]])
    return by_march_box(st, offered, f)


def enemy_guerrillas(st: AAState, s: int, f: int) -> int:
    return sum(B.guerrillas(st, s, g) for g in (B.FARC, B.AUC, B.CARTELS) if g != f)


def deserters_target(st: AAState, f: int, spaces: list[int]) -> list[int] | None:
    """Card 54: a random City/Department (8.2) with >= 2 enemy Guerrillas, and there the
    enemy faction with the most Guerrillas (an equal-chance roll on ties): [space, faction]."""
    ok = [s for s in spaces if not B.is_loc(s) and enemy_guerrillas(st, s, f) >= 2]
    if not ok:
        return None
    s = pick(st, ok)
    counts = {g: B.guerrillas(st, s, g) for g in (B.FARC, B.AUC, B.CARTELS) if g != f}
    most = max(counts.values())
    return [s, equal_chance(st.rng, [g for g in counts if counts[g] == most])]


def deserters(st: AAState, d: Decision, f: int) -> str | None:
    """Card 54: replace (not remove) up to 2 Guerrillas of the one space and enemy faction
    the instruction picks once (`deserters_target`, kept in the piece step's vars for its
    second pick), Underground first (P3), by the executor's own Guerrillas; none of that
    faction left there: no more."""
    ids = d.option_ids()
    if "replace" in ids:
        return "replace"
    if d.kind == "aa.ev_replace":
        return next((i for i in ids if i == f"by:{FACTION_IDS[f]}_underground"), None)
    if d.kind != "aa.ev_pieces":
        return None
    opts = [o for o in d.options if space_of(o) is not None and kind_of(o)]
    v = frame_vars(st, "aa.ev_pieces")
    if "np_target" not in v:
        v["np_target"] = deserters_target(st, f, sorted({s for o in opts
                                                         if (s := space_of(o)) is not None}))
    target = v["np_target"]
    there = [o for o in opts if target is not None and space_of(o) == target[0]
             and owner(kind_of(o) or "") == target[1]]
    if not there:
        return "done" if "done" in ids else None
    return best(there, lambda o: klass(kind_of(o) or "") != "underground")[0].id


def serrano_sources(st: AAState) -> list[int]:
    """Card 58: spaces holding Cartels pieces and Police."""
    return [s for s in B.spaces(st) if B.pieces_of(st, s, B.CARTELS) and B.police(st, s)]


def general_serrano(st: AAState, d: Decision, f: int) -> str | None:
    """Card 58: Police from random spaces holding Cartels pieces, until 4 are chosen, to
    random Cities without Cartels pieces."""
    if d.kind == "aa.ev_move":
        return to_city(st, d, lambda s: not B.pieces_of(st, s, B.CARTELS))
    if d.kind != "aa.ev_pieces":
        return None
    offered = by_space(d, ("piece",))
    got = pick_in_tiers(st, offered, [[s for s in offered if s in serrano_sources(st)]])
    return got or ("done" if "done" in d.option_ids() else None)


def destinations(d: Decision) -> dict[int, str]:
    """A piece move's offered destinations (`to:<space>`), by space."""
    return {D.INDEX[o.id.split(":", 1)[1]]: o.id for o in d.options if verb(o) == "to"}


def to_city(st: AAState, d: Decision, want: Callable[[int], bool]) -> str | None:
    """A move's destination: a random City meeting `want` (8.2), else any offered City."""
    dests = destinations(d)
    cities = [s for s in dests if B.is_city(s)]
    return pick_in_tiers(st, dests, [[s for s in cities if want(s)], cities])


def salcedo(st: AAState, d: Decision, f: int) -> str | None:
    """Card 59: Cartels Guerrillas out of random spaces with the most of them (1 stays in
    each), into random Cities at Support with the fewest Police."""
    if d.kind == "aa.ev_move":
        support = [s for s in destinations(d) if B.is_city(s) and st.support[s] > 0]
        low = min((B.police(st, s) for s in support), default=0)
        return to_city(st, d, lambda s: s in support and B.police(st, s) == low)
    if d.kind != "aa.ev_pieces":
        return None
    offered = {s: i for s, i in by_space(d, ("piece",)).items()
               if B.guerrillas(st, s, B.CARTELS) >= 2}
    if not offered:
        return "done" if "done" in d.option_ids() else None
    most = max(B.guerrillas(st, s, B.CARTELS) for s in offered)
    return offered[pick(st, [s for s in offered if B.guerrillas(st, s, B.CARTELS) == most])]


def chess_bribe(st: AAState, d: Decision, f: int) -> str | None:
    """Card 60: the free Bribe by the Cartels Bribe box (8.5.3)."""
    if d.kind != "aa.bribe":
        return None
    got = pick_in_tiers(st, by_space(d), cartels.bribe_tiers(st, {}))
    return got or ("done" if "done" in d.option_ids() else None)


def poppies_own(d: Decision | None, st: AAState, f: int) -> list[Option]:
    """Card 65: the executor's own Base options, else its own Shipment options."""
    opts = list(d.options) if d is not None else poppies_options(st, {})
    for what in ("base", "ship"):
        mine = [o for o in opts if verb(o) == what and faction_of(o) == f]
        if mine:
            return mine
    return []


def poppies(st: AAState, d: Decision, f: int) -> str | None:
    """Card 65: place the executor's Base in a Mountain Department if possible, else a
    Shipment with one of its Guerrillas (random Department, 8.2). Second edition (both a
    Shipment and a Base in one Department, as much as possible): the Department where its
    Base and its Shipment both go, else its Base, else its Shipment; then each step its
    own piece."""
    mine = {space_of(o): o.id for o in poppies_own(d, st, f) if space_of(o) is not None}
    if mine:
        return mine[pick(st, [s for s in mine if s is not None])]
    offered = by_space(d)
    if d.kind != "coin.event_step" or not offered:
        return None
    own = [o for o in poppies_options(st, {}) if faction_of(o) == f]
    base = {space_of(o) for o in own if verb(o) == "base"}
    ship = {space_of(o) for o in own if verb(o) == "ship"}
    return pick_in_tiers(st, offered, [[s for s in offered if s in base and s in ship],
                                       [s for s in offered if s in base],
                                       [s for s in offered if s in ship]])


def sicarios(st: AAState, d: Decision, f: int) -> str | None:
    """Card 72: spread the Guerrillas over the Cartels Base spaces as evenly as possible:
    round robin in one order set by 8.2 (each space of the first round a random pick among
    those not yet given one; then the same order again, skipping any space no longer
    offered)."""
    offered = by_space(d)
    if d.kind != "coin.event_step" or not offered:
        return None
    given: list[int] = effect_vars(st).get("chosen", [])
    order = list(dict.fromkeys(given))
    fresh = [s for s in offered if s not in order]
    if fresh:
        return offered[pick(st, fresh)]
    last = order.index(given[-1])
    cycle = order[last + 1:] + order[:last + 1]
    return offered[next(s for s in cycle if s in offered)]


RULES: Final[dict[int, Rule]] = {19: general_offensive, 20: mono_jojoy, 29: kill_zone,
                                 34: own_faction, 37: former_military, 40: demobilization,
                                 53: criminal_air_force, 54: deserters, 58: general_serrano,
                                 59: salcedo, 60: chess_bribe, 65: poppies, 69: riverines,
                                 72: sicarios}

# 8.4.4 "execute Operations instead" when the instruction's condition fails
REFUSALS: Final[dict[int, Callable[[AAState, int], bool]]] = {
    58: lambda st, f: not serrano_sources(st),
    65: lambda st, f: not poppies_own(None, st, f),
    69: lambda st, f: not river_origins(st, f),
}


def operations_instead(st: AAState, card: int, f: int) -> bool:
    """8.4.4 cards 58, 65, 69: the instruction sends the Non-player to Operations."""
    refuse = REFUSALS.get(card)
    return refuse is not None and refuse(st, f)


