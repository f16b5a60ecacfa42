"""CL 8.6 the Non-player Directorio: Terror (Assassinate), Rally (Subvert), March, Attack
(Ambush), Expat Backing (CL 6.3.4) and the Pact of Caracas (8.6.5)."""

from __future__ import annotations

from typing import Any, Final

from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..casinos import pact, pact_freezes
from ..constants import GUER_U, Kind
from ..ops.march import two_steps
from ..ops.rally import expat_spaces, mass_count
from ..state import CLState
from . import boxes
from . import insurgents as I
from .boxes import done_or, frame_vars, meets, pav, sa_pick, terror_spaces, tier_used
from .cash import yields_cash
from .flowchart import Box, Chart, Tiers
from .options import READER, generic, space_of, verb
from .tables import p4_rank, pick

F: Final = B.DR


def assassin_spaces(st: CLState) -> list[int]:
    """Where a DR Terror could carry an Assassinate: an Underground DR Guerrilla, DR
    Guerrillas > Police, an enemy piece."""
    return [s for s in range(D.NS) if B.underground(st, s, F) and not pact_freezes(st, F, s)
            and B.guerrillas(st, s, F) > B.n(st, s, Kind.POLICE) and I.enemy_pieces(st, s, F)]


# -- 8.6.1 Terror -----------------------------------------------------------------------------


def terror_steps(st: CLState) -> tuple[list[int], list[int]]:
    ok = [s for s in D.POPULATED if B.underground(st, s, F)]
    support = [s for s in ok if st.support[s] == 2]
    opposition = [s for s in ok if st.support[s] == -2 and not pact_freezes(st, F, s)]
    return support, opposition


def cond_terror(st: CLState) -> bool:
    """8.6.1 entry: Terror at an Active level, or an Assassinate removing a Government Base."""
    support, opposition = terror_steps(st)
    return bool(support or opposition or [s for s in assassin_spaces(st)
                                          if B.n(st, s, Kind.GOVT_BASE)])


TERROR_STEP_3: Final = (2, 3, 4)  # the tiers of 8.6.1 step 3 (Ⓐ, Ⓑ, else)


def terror_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.6.1 steps 1-3: Active Support, Active Opposition, then 1 other space for
    Assassinate (once: the tier recorded, `tier_used`): Ⓐ a Government Base, Ⓑ another
    player's Base, else any enemy piece."""
    support, opposition = terror_steps(st)
    if tier_used(v, TERROR_STEP_3):
        return [support, opposition, [], [], []]
    sa = [s for s in assassin_spaces(st) if s not in support and s not in opposition]
    player_base = [s for s in sa if any(B.bases(st, s, g) and st.seat_of[g] >= 0
                                        for g in I.enemies(st, F))]
    return [support, opposition, [s for s in sa if B.n(st, s, Kind.GOVT_BASE)],
            player_base, sa]


def assassinate_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    return [[s for s in assassin_spaces(st) if s in v.get("spaces", []) or not v]]


def assassinate(st: CLState, d: Decision, f: int) -> str:
    """8.6.1 Assassinate in a Terror space (not one it would add, CL-R-09): the space where it
    removes a Base or closes a Casino, else takes Cash, else any piece; the piece Ⓐ
    Government (Base, Police, Troops), Ⓑ a player's, else a Non-player's (P4); never 26July
    under the Pact."""
    offered = [o for o in d.options if verb(o) == "piece"]
    terror = terror_spaces(st, "cl.assassinate")
    opts = [o for o in offered if space_of(o) in terror] or offered
    if not opts:
        return done_or(st, d, f)

    def key(o: Any) -> tuple[int, int, int]:
        s, kind = space_of(o), READER.kind_of(o) or ""
        g = READER.vocab.owner(kind)
        base = READER.vocab.klass(kind) == "base"
        space_rank = 0 if base else 1 if s is not None and yields_cash(st, s, g) else 2
        faction_rank = 0 if g == B.GOVT else 1 if st.seat_of[g] >= 0 else 2
        return space_rank, faction_rank, p4_rank(kind)

    top = min(key(o) for o in opts)
    tied = [o for o in opts if key(o) == top]
    spaces = {space_of(o): o.id for o in tied if space_of(o) is not None}
    return spaces[pick(st, [s for s in spaces if s is not None])] if spaces else tied[0].id


# -- 8.6.2 Rally ------------------------------------------------------------------------------


def level_ok(st: CLState) -> Any:
    return lambda s: abs(st.support[s]) < 2


def cond_rally(st: CLState) -> bool:
    """8.6.2 entry: >= 6 DR Guerrillas Available, or a Rally could place a DR Base."""
    return B.PIECES.available(st, GUER_U[F]) >= 6 or bool(I.base_spaces(st, F, level_ok(st)))


def rally_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    return I.rally_tiers(st, v, F, level_ok(st))


def subvert_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.6.2 Subvert: the Province lowering TotalOpposition most when 26July meets its
    condition (not under the Pact), else TotalSupport most; else the highest Pop, Neutral
    first."""
    ok = [s for s in D.PROVINCES if B.control(st, s) == F and not pact_freezes(st, F, s)]
    if not ok:
        return []
    tiers: Tiers = []
    if meets(st, B.M26) and not pact(st, F, B.M26):
        opp = [s for s in ok if st.support[s] < 0]
        if opp:
            top = max(-st.support[s] * D.POP[s] for s in opp)
            tiers.append([s for s in opp if -st.support[s] * D.POP[s] == top])
    sup = [s for s in ok if st.support[s] > 0]
    if sup:
        top = max(st.support[s] * D.POP[s] for s in sup)
        tiers.append([s for s in sup if st.support[s] * D.POP[s] == top])
    top = max(D.POP[s] for s in ok)
    high = [s for s in ok if D.POP[s] == top]
    return [*tiers, [s for s in high if st.support[s] == 0], high]


# -- 8.6.3 March ------------------------------------------------------------------------------


def needed(st: CLState, s: int) -> int:
    """8.6.3 step 1: Σ cc(others) − cc(DR) + 1."""
    others = sum(B.control_count(st, s, g) for g in range(4) if g != F)
    return others - B.control_count(st, s, F) + 1


def origins(st: CLState, s: int) -> list[int]:
    """8.6.3 step 1: the spaces a group may March from into s: adjacent ones, and under card
    28 Morgan (step 3) those 2 spaces away too."""
    near = set(D.ADJ[s])
    if two_steps(st, F):
        near |= {o for x in D.ADJ[s] for o in D.ADJ[x] if o != s}
    return sorted(near)


def reach(st: CLState, s: int, v: dict[str, Any]) -> int:
    return sum(I.movable(st, o, F, v) for o in origins(st, s))


def control_targets(st: CLState, v: dict[str, Any]) -> list[int]:
    """8.6.3 step 1: the highest-Pop City/Province DR could come to Control by March."""
    ok = [s for s in D.POPULATED if B.control(st, s) != F and 0 < needed(st, s) <= reach(st, s, v)]
    if not ok:
        return []
    top = max(D.POP[s] for s in ok)
    return [s for s in ok if D.POP[s] == top]


def toward_havana(st: CLState, o: int) -> list[int]:
    """8.6.3 step 2: the spaces 1 step nearer Havana (or Havana); under card 28 Morgan (step
    3) those 2 steps nearer when there are any (8.1.1: as fully as possible)."""
    one = I.toward_havana(o)
    if not two_steps(st, F):
        return one
    two = sorted({s for x in one if x != D.HAVANA for s in I.toward_havana(x)})
    return two or one


MARCH_STEP_2: Final = (1,)  # the tier of 8.6.3 step 2


def march_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """8.6.3 step 1 (the first space only), then step 2 once ("from 1 space": the tier
    recorded, `tier_used`)."""
    step1 = [] if v.get("spaces") else control_targets(st, v)
    if tier_used(v, MARCH_STEP_2):
        return [step1, []]
    return [step1, sorted({s for o in I.havana_origin(st, F, v) for s in toward_havana(st, o)})]


def march_plan(st: CLState, dest: int, v: dict[str, Any]) -> dict[int, int]:
    """8.6.3: step 1 exactly as many as Control needs, from the origins with the most DR
    Guerrillas first (`control_group`); step 2 from the chosen origin, P7 within the
    constraints, 1 origin (`havana_group`)."""
    if B.control(st, dest) != F and needed(st, dest) <= reach(st, dest, v) and not v.get(
            "spaces", [dest])[:-1]:
        return control_group(st, dest, v)
    return I.havana_group(st, F, dest, v, lambda o: toward_havana(st, o))


def control_group(st: CLState, dest: int, v: dict[str, Any]) -> dict[int, int]:
    """8.6.3 step 1: the next group, as many as Control still needs from the origin with the
    most DR Guerrillas among those not yet used, `random_pick` on ties (8.0); drawn once per
    group: the group then asked about keeps its origin (`o`), so the ties are taken in a
    random order, never in map order."""
    mv = frame_vars(st, "cl.march_into")
    if "o" in mv:
        o = mv["o"]
    else:
        used = mv.get("groups", [])
        ok = [o for o in origins(st, dest) if o not in used and I.movable(st, o, F, v) > 0]
        if not ok:
            return {}
        top = max(B.guerrillas(st, o, F) for o in ok)
        o = pick(st, [o for o in ok if B.guerrillas(st, o, F) == top])
    k = min(needed(st, dest), I.movable(st, o, F, v))
    return {o: k} if k > 0 else {}


def can_move(st: CLState) -> bool:
    return any(march_tiers(st, {"spaces": []}))


# -- 8.6.4 Attack -----------------------------------------------------------------------------


def target_order(st: CLState, f: int, s: int) -> list[int]:
    """8.6.4 Ⓑ a player's faction at victory, Ⓒ Government, Ⓓ Syndicate, else 26July."""
    pv = [g for g in (B.GOVT, B.SYNDICATE, B.M26) if pav(st, g)]
    return pv + [g for g in (B.GOVT, B.SYNDICATE, B.M26) if g not in pv]


def attack_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    return I.attack_tiers(st, v, F, target_order)


def cond_attack(st: CLState) -> bool:
    return any(I.gains_control(st, s, F) for s in range(D.NS))


first_box = I.box_order(cond_terror, cond_rally, cond_attack)  # CL 8.6


# -- CL 6.3.4 Expat Backing -------------------------------------------------------------------


def is_expat(v: dict[str, Any]) -> bool:
    """The free DR Rally of Expat Backing (CL 6.3.4): free, no SA, restricted spaces."""
    return v.get("op") == "rally" and bool(v.get("free")) and v.get("only") is not None \
        and not v.get("sa_ok", True)


def op_space(st: CLState, d: Decision, f: int) -> str:
    """DR's Operation spaces: Expat Backing's 1 space (8.6.2), else the chart's box."""
    v = frame_vars(st, "coin.op")
    if is_expat(v):
        if v.get("spaces"):
            return done_or(st, d, f)
        return expat_backing(st, d, f)
    return boxes.op_space(CHARTS, st, d, f)


def rally_places(st: CLState, s: int) -> int:
    """CL-R-54: the DR Guerrillas a Rally in s can place (CL 3.3.1): Bases + Pop with a DR
    Base there, else 1; no more than are Available."""
    most = mass_count(st, s, F) if B.n(st, s, Kind.DR_BASE) else 1
    return min(most, B.PIECES.available(st, GUER_U[F]))


def expat_gain(st: CLState, ok: list[int]) -> list[int]:
    """Expat Backing step (1) (CL-R-54): the spaces of `ok` where the Guerrillas the Rally
    places give DR Control."""
    return [s for s in ok if needed(st, s) <= rally_places(st, s) and B.control(st, s) != F]


def expat_base(st: CLState, ok: list[int]) -> list[int]:
    """Expat Backing step (2): the spaces of `ok` where a DR Base can replace 2 DR
    Guerrillas (room for it, one Available)."""
    if not B.PIECES.available(st, Kind.DR_BASE):
        return []
    return [s for s in ok if B.guerrillas(st, s, F) >= 2 and B.base_room(st, s)]


def expat_backing(st: CLState, d: Decision, f: int) -> str:
    """8.6.2 Expat Backing (CL-R-54): (1) where the Guerrillas the Rally places give DR
    Control (highest Pop first), (2) else where a Base replaces 2 Guerrillas, (3) else a
    random qualifying space."""
    offered = {s: o.id for o in d.options if (s := space_of(o)) is not None}
    ok = [s for s in expat_spaces(st) if s in offered] or list(offered)
    if not ok:
        return generic(st, d, f)
    gain = expat_gain(st, ok)
    if gain:
        top = max(D.POP[s] for s in gain)
        return offered[pick(st, [s for s in gain if D.POP[s] == top])]
    return offered[pick(st, expat_base(st, ok) or ok)]


def rally_flips(st: CLState) -> list[int]:
    """8.6.2 step 1's spaces (flip rather than place); none under Expat Backing, whose steps
    place or build (CL-R-54)."""
    if is_expat(frame_vars(st, "coin.op")):
        return []
    return I.flip_spaces(st, F, level_ok(st))


def rally_bases(st: CLState) -> list[int]:
    """8.6.2 step 2's spaces (a Base replaces Guerrillas); under Expat Backing its step (2)'s
    when step (1) has none (CL-R-54)."""
    if is_expat(frame_vars(st, "coin.op")):
        ok = expat_spaces(st)
        return [] if expat_gain(st, ok) else expat_base(st, ok)
    return I.base_spaces(st, F, level_ok(st))


CHART: Final[Chart[CLState]] = Chart(F, first_box, {
    "terror": Box(terror_tiers, 99, "assassinate", assassinate_tiers),
    "rally": Box(rally_tiers, 99, "subvert", subvert_tiers),
    "march": Box(march_tiers, 2, "subvert", subvert_tiers, possible=can_move),
    "attack": Box(attack_tiers, 3, "ambush", lambda st, v: []),
}, fallback={"terror": "rally", "rally": "march", "march": "attack",
             "attack": "march"})  # CL-R-38
CHARTS: Final = {F: CHART}
HANDLERS: Final = {
    "coin.op_space": op_space,
    "cl.rally_mode": I.rally_mode(rally_flips, rally_bases),
    "cl.assassinate": assassinate,
    "cl.subvert": sa_pick(subvert_tiers),
    "cl.attack_mode": I.attack_mode,
    "cl.remove_piece": I.remove_piece(target_order),
}
