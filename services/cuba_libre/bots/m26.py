"""CL 8.7 the Non-player 26July: Terror (Kidnap), Rally (Infiltrate), March, Attack
(Ambush), Agitation (8.7.5) and the Pact of Caracas (8.7.6)."""

from __future__ import annotations

from typing import Any, Final

from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..constants import GUER_U, Cap, Kind
from ..special.m26 import infiltrated, kidnap_targets
from ..state import CLState
from . import insurgents as I
from .boxes import done_or, frame_vars, one_origin, terror_spaces, tier_used
from .cash import releases_cash
from .flowchart import Box, Chart, Tiers
from .options import READER, by_space, generic, space_of, verb
from .tables import pick, pick_one

F: Final = B.M26


def under(st: CLState) -> list[int]:
    return [s for s in range(D.NS) if B.underground(st, s, F)]


# -- 8.7.1 Terror -----------------------------------------------------------------------------


def gains(st: CLState, s: int, g: int) -> bool:
    """8.7.1: a Kidnap of g in s takes something: g's Cash there, or g has >= 1 Resource."""
    return bool(B.cash_in(st, s, g)) or st.resources[g] >= 1


def kidnap_spaces(st: CLState) -> list[int]:
    """8.7.1 (a): City, EC or open Casino, 26July > Police, a target with Cash or Resources."""
    return [s for s in under(st) if any(gains(st, s, g) for g in kidnap_targets(st, s))]


def shift_ok(st: CLState, s: int) -> bool:
    """(c): not at Active Opposition; under the Pact at Support or Neutral only."""
    if B.has_cap(st, Cap.M26_DR_PACT):
        return st.support[s] >= 0
    return st.support[s] > -2


def cond_terror(st: CLState) -> bool:
    """8.7.1 entry: a Terror would Kidnap, Sabotage or shift a level."""
    return any(s in kidnap_spaces(st) or (D.IS_EC[s] and not B.is_sabotaged(st, s))
               or (not D.IS_EC[s] and shift_ok(st, s)) for s in under(st))


def terror_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.7.1 steps 1-4: first (no space chosen yet) 1 Kidnap space (Ⓐ EC, Ⓑ City, Ⓒ open
    Casino); then every other EC without Sabotage; Cities/Provinces at Support or Neutral;
    then (no Pact) at Passive Opposition."""
    ok = under(st)
    kid = [] if v.get("spaces") else kidnap_spaces(st)
    step1 = [[s for s in kid if D.IS_EC[s]], [s for s in kid if s in D.CITIES],
             [s for s in kid if B.n(st, s, Kind.CASINO_OPEN)], kid]
    ecs = [s for s in ok if D.IS_EC[s] and not B.is_sabotaged(st, s)]
    pop = [s for s in ok if not D.IS_EC[s] and st.support[s] >= 0]
    passive = [] if B.has_cap(st, Cap.M26_DR_PACT) else [
        s for s in ok if not D.IS_EC[s] and st.support[s] == -1]
    return [*step1, ecs, pop, passive]


def kidnap(st: CLState, d: Decision, f: int) -> str:
    """8.7.1 Kidnap in 1 space where the Terror was (not one it would add, CL-R-09): to take
    Cash if possible, else Resources from a faction with >= 1: the Government first, then the
    Syndicate."""
    offered = [o for o in d.options if verb(o) == "kidnap"]
    terror = terror_spaces(st, "cl.kidnap")
    opts = [o for o in offered if space_of(o) in terror] or offered
    if not opts:
        return done_or(st, d, f)

    def key(o: Any) -> tuple[int, int]:
        s, g = space_of(o), READER.faction_of(o)
        if s is None or g is None:
            return (3, 0)
        cash = bool(B.cash_in(st, s, g))
        return (0 if cash else 1 if gains(st, s, g) else 2, 0 if g == B.GOVT else 1)

    top = min(key(o) for o in opts)
    tied = {space_of(o): o.id for o in opts if key(o) == top}
    return tied[pick(st, [s for s in tied if s is not None])]


def kidnap_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    return [[s for s in v.get("spaces", []) if kidnap_targets(st, s)]]


def reroll(st: CLState, d: Decision, f: int) -> str:
    """8.7.1 Raúl: reroll a Kidnap roll of 1-2; 8.7.4 reroll an Attack that would remove
    nothing (roll > Guerrillas)."""
    ids = d.option_ids()
    roll = int(next((o.args.get("roll", "0") for o in d.options if o.id == "keep"), "0"))
    s = frame_vars(st, "cl.attack_space").get("s")
    if "kidnap" in d.prompt.lower():
        bad = roll <= 2
    else:
        bad = s is not None and roll > B.guerrillas(st, s, F)
    return "reroll" if bad and "reroll" in ids else "keep"


# -- 8.7.2 Rally ------------------------------------------------------------------------------


def level_ok(st: CLState) -> Any:
    return lambda s: st.support[s] <= 0


def cond_rally(st: CLState) -> bool:
    return B.PIECES.available(st, GUER_U[F]) >= 6 or bool(I.base_spaces(st, F, level_ok(st)))


def rally_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    return I.rally_tiers(st, v, F, level_ok(st))


def flip_only(st: CLState) -> list[int]:
    """8.7.2 step 1's spaces, where the Rally flips rather than places; step 4: with card 30
    The Guerrilla Life in play none (it both flips and places: the Capability flips the
    Guerrillas Underground once they are placed)."""
    if B.has_cap(st, Cap.M26_RALLY_HIDES_ALL):
        return []
    return I.flip_spaces(st, F, level_ok(st))


def infiltrate_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.7.2 Infiltrate: a cube, no Support, an Underground 26July Guerrilla in or next to it:
    Ⓐ an EC, Ⓑ where it obtains Cash (the cube it takes, Police first, holds it), Ⓒ where it
    removes the last Police."""
    ok = [s for s in range(D.NS) if B.cubes(st, s) and st.support[s] <= 0 and (
        B.underground(st, s, F) or any(B.underground(st, o, F) for o in D.ADJ[s]))]
    cash = [s for s in ok if releases_cash(st, s, infiltrated(st, s))]
    return [[s for s in ok if D.IS_EC[s]], cash,
            [s for s in ok if B.n(st, s, Kind.POLICE) == 1], ok]


def infiltrate(st: CLState, d: Decision, f: int) -> str:
    """8.7.2 Infiltrate: replace the cube with a Guerrilla if one is Available, else
    remove it."""
    verb_ = "replace" if B.PIECES.available(st, GUER_U[F]) else "remove"
    got = READER.pick_in_tiers(st, by_space(d, (verb_,)), infiltrate_tiers(st, {}))
    if got is None:
        got = READER.pick_in_tiers(st, by_space(d, ("remove", "replace")),
                                   infiltrate_tiers(st, {}))
    return got if got is not None else generic(st, d, f)


# -- 8.7.3 March ------------------------------------------------------------------------------


def ec_gaps(st: CLState) -> list[int]:
    """8.7.3 step 1: ECs without an Underground 26July Guerrilla, next to one that may move."""
    return [s for s in D.ECS if not B.underground(st, s, F)
            and any(B.underground(st, o, F) and I.movable(st, o, F, {}) for o in D.ADJ[s])]


def feeders(st: CLState, s: int, v: dict[str, Any]) -> list[int]:
    return [o for o in D.ADJ[s] if (D.IS_EC[o] or st.support[o] < 0)
            and I.movable(st, o, F, v) > 0]


def govt_targets(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.7.3 step 2: 1 Government-Controlled space (Support first) fed by adjacent ECs and
    Opposition spaces."""
    ok = [s for s in D.POPULATED if B.control(st, s) == B.GOVT and feeders(st, s, v)]
    return [[s for s in ok if st.support[s] > 0], ok]


MARCH_STEP_2: Final = {False: (1, 2), True: (0, 1)}  # its tiers; with card 13 El Che first
MARCH_STEP_4: Final = (3,)


def march_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.7.3 steps 1, 2 (Che: 2 then 1), 4; steps 2 and 4 once each (1 Government-Controlled
    space, 1 origin: the tier recorded, `tier_used`)."""
    chosen = v.get("spaces", [])
    che = B.has_cap(st, Cap.M26_FIRST_MARCH_GROUP_HIDES)
    gaps = [s for s in ec_gaps(st) if s not in chosen]
    govt = [[], []] if tier_used(v, MARCH_STEP_2[che]) else govt_targets(st, v)
    havana = [] if tier_used(v, MARCH_STEP_4) else sorted(
        {s for o in I.havana_origin(st, F, v) for s in I.toward_havana(o)})
    return [*govt, gaps, havana] if che else [gaps, *govt, havana]


def march_plan(st: CLState, dest: int, v: dict[str, Any]) -> dict[int, int]:
    if D.IS_EC[dest] and not B.underground(st, dest, F):
        near = [o for o in D.ADJ[dest] if B.underground(st, o, F) and I.movable(st, o, F, v)]
        if near:
            return one_origin(st, near)  # 8.7.3 step 1: origin by random_pick
    if B.control(st, dest) == B.GOVT:
        plan = {o: I.movable(st, o, F, v) for o in feeders(st, dest, v)}
        if plan:
            return plan
    return I.havana_group(st, F, dest, v, I.toward_havana)  # 8.7.3 step 4: 1 origin


def can_move(st: CLState) -> bool:
    return any(march_tiers(st, {"spaces": []}))


# -- 8.7.4 Attack -----------------------------------------------------------------------------


def loses_control(st: CLState, s: int, g: int) -> bool:
    """8.7.4 Ⓒ: g is a player's faction Controlling s that an Attack's 2 removals (of its
    pieces) would cost that Control."""
    if s < 0 or st.seat_of[g] < 0 or B.control(st, s) != g:
        return False
    others = sum(B.control_count(st, s, h) for h in range(4) if h != g)
    return B.control_count(st, s, g) - min(2, B.pieces_of(st, s, g)) <= others


def target_order(st: CLState, f: int, s: int) -> list[int]:
    """8.7.4 Ⓑ Government, Ⓒ a player's faction losing Control there, then the others (the
    "else a random faction" is drawn by `remove_piece` when it decides)."""
    rest = [g for g in (B.SYNDICATE, B.DR) if loses_control(st, s, g)]
    return [B.GOVT, *rest, *[g for g in (B.SYNDICATE, B.DR) if g not in rest]]


def remove_piece(st: CLState, d: Decision, f: int) -> str:
    """8.7.4 the pieces an Attack or Ambush removes: Ⓐ Cash, Ⓑ Government, Ⓒ a player's
    faction losing Control, else a faction by `random_pick` (P4 within it)."""
    s: int = frame_vars(st, "cl.attack_space").get("s", -1)
    order = target_order(st, f, s)
    offered = {READER.vocab.owner(k) for o in d.options if (k := READER.kind_of(o))}
    top = any(I.releases(st, s, o) for o in d.options) or B.GOVT in offered or any(
        loses_control(st, s, g) for g in offered)
    rest = sorted(g for g in offered if g != B.GOVT)
    if not top and len(rest) > 1:
        first = int(pick_one(st, [str(g) for g in rest]))
        order = [B.GOVT, first, *[g for g in rest if g != first]]
    return I.remove_piece(lambda *_: order)(st, d, f)


def attack_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.7.4 step 1 the Ambush space by Ⓐ Cash, Ⓑ Government, Ⓒ a player's faction losing
    Control, else `random_pick`; step 2 every space with >= 4 Guerrillas and a target."""
    tiers = I.attack_tiers(st, v, F, target_order)
    if v.get("spaces") or v.get("sa"):
        return tiers
    ok = sorted({s for t in tiers[:-1] for s in t})
    lose = [s for s in ok if any(loses_control(st, s, g) for g in I.enemies(st, F))]
    return [*tiers[:2], lose, ok, tiers[-1]]


def cond_attack(st: CLState) -> bool:
    """8.7.4 entry: >= 4 26July Guerrillas and a Government piece somewhere."""
    return any(B.guerrillas(st, s, F) >= 4 and B.pieces_of(st, s, B.GOVT) for s in range(D.NS))


first_box = I.box_order(cond_terror, cond_rally, cond_attack)  # CL 8.7


# -- 8.7.5 Agitation --------------------------------------------------------------------------


def agitation(st: CLState, d: Decision, f: int) -> str:
    """8.7.5: all the way to Active Opposition if Resources allow everywhere; else Ⓐ highest
    Pop, Ⓑ most Support, Ⓒ fewest Terror, random; a Terror marker removed only if a shift
    can follow there (never at Active Opposition)."""
    offered = by_space(d)
    ok = [s for s in offered if st.support[s] > -2]  # a Terror removal must allow a shift
    if not ok:
        return done_or(st, d, f)
    need = {s: st.terror[s] + st.support[s] + 2 for s in ok}
    res = st.resources[F]
    if res < sum(need.values()):
        ok = [s for s in ok if st.terror[s] == 0 or res >= st.terror[s] + 1]
        if not ok:
            return done_or(st, d, f)
    key = min((-D.POP[s], -st.support[s], st.terror[s]) for s in ok)
    tied = [s for s in ok if (-D.POP[s], -st.support[s], st.terror[s]) == key]
    return offered[pick(st, tied)]


CHART: Final[Chart[CLState]] = Chart(F, first_box, {
    "terror": Box(terror_tiers, 99, "kidnap", kidnap_tiers),
    "rally": Box(rally_tiers, 99, "infiltrate", infiltrate_tiers),
    "march": Box(march_tiers, 99, "infiltrate", infiltrate_tiers, possible=can_move),
    "attack": Box(attack_tiers, 99, "ambush", lambda st, v: []),
}, fallback={"terror": "rally", "rally": "march", "march": "attack", "attack": None})
HANDLERS: Final = {
    "cl.rally_mode": I.rally_mode(flip_only, lambda st: I.base_spaces(st, F, level_ok(st))),
    "cl.kidnap": kidnap,
    "cl.reroll": reroll,
    "cl.infiltrate": infiltrate,
    "cl.attack_mode": I.attack_mode,
    "cl.remove_piece": remove_piece,
    "cl.agitation": agitation,
}
