"""What the Non-player 26July and Directorio charts share (CL 8.6-8.7): Attack targets by
faction priority, Rally options by step, the March moves that keep a space (every space that
had Guerrillas keeps one; no space loses Control)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.kernel.decisions import Decision, Option

from .. import board as B
from .. import data as D
from ..casinos import pact, removable
from ..constants import BASE, GUER_U, KIND_IDS
from ..state import CLState
from .boxes import done_or, frame_vars, piece_rank
from .cash import releases_cash, yields_cash
from .options import READER, generic
from .tables import p4_order, pick

Order = Callable[[CLState, int, int], list[int]]


def enemies(st: CLState, f: int) -> list[int]:
    """The factions f may target (never its partner under the Pact, 8.6.4, 8.7.4)."""
    return [g for g in range(4) if g != f and not pact(st, f, g)]


def enemy_pieces(st: CLState, s: int, f: int) -> int:
    return sum(B.pieces_of(st, s, g) for g in enemies(st, f))


def movable(st: CLState, o: int, f: int, v: dict[str, Any]) -> int:
    """8.6.3, 8.7.3: Guerrillas that may leave o this March: one stays where there were
    Guerrillas; for DR, none that would lose it Control of o."""
    arrived = v.get("arrived") or [0] * D.NS
    g = B.guerrillas(st, o, f) - arrived[o]
    n = min(g, B.guerrillas(st, o, f) - 1)
    if f == B.DR and B.control(st, o) == f:
        others = sum(B.control_count(st, o, h) for h in range(4) if h != f)
        n = min(n, B.control_count(st, o, f) - others - 1)
    return max(0, int(n))


def havana_origin(st: CLState, f: int, v: dict[str, Any]) -> list[int]:
    """8.6.3 step 2, 8.7.3 step 4: the space (not Havana) with the most own Guerrillas that
    have not moved and may move toward Havana."""
    arrived = v.get("arrived") or [0] * D.NS
    ok = [o for o in range(D.NS) if o != D.HAVANA and movable(st, o, f, v) > 0
          and toward_havana(o)]
    if not ok:
        return []
    top = max(B.guerrillas(st, o, f) - arrived[o] for o in ok)
    return [o for o in ok if B.guerrillas(st, o, f) - arrived[o] == top]


def havana_group(st: CLState, f: int, dest: int, v: dict[str, Any],
                 toward: Callable[[int], list[int]]) -> dict[int, int]:
    """8.6.3 step 2, 8.7.3 step 4 "from 1 space": the origin, of those `havana_origin` names
    with dest `toward` Havana from them, by `random_pick` (8.0), drawn once; the group then
    asked about keeps it, and none follows once it has moved."""
    mv = frame_vars(st, "cl.march_into")
    if "o" in mv:
        return {mv["o"]: movable(st, mv["o"], f, v)}
    ok = [o for o in havana_origin(st, f, v) if dest in toward(o)]
    if mv.get("groups") or not ok:
        return {}
    o = pick(st, ok)
    return {o: movable(st, o, f, v)}


def toward_havana(o: int) -> list[int]:
    """8.6.3 step 2, 8.7.3 step 4: the adjacent spaces one step nearer Havana (or Havana)."""
    return [s for s in D.ADJ[o] if s == D.HAVANA
            or D.HOPS_TO_HAVANA[s] == D.HOPS_TO_HAVANA[o] - 1]


def gains_control(st: CLState, s: int, f: int) -> bool:
    """8.6.3 `attack_gains_control` (CL-R-32: the Attack succeeds): removing up to 2 enemy
    pieces gives f Control of s."""
    if D.IS_EC[s] or B.control(st, s) == f or not B.guerrillas(st, s, f):
        return False
    enemy = enemy_pieces(st, s, f)
    if not enemy:
        return False
    others = sum(B.control_count(st, s, g) for g in range(4) if g != f)
    return B.control_count(st, s, f) > others - min(2, enemy)


def rally_mode(hide: Callable[[CLState], list[int]], base: Callable[[CLState], list[int]]) \
        -> Callable[[CLState, Decision, int], str]:
    """8.6.2, 8.7.2 steps 1-3: flip where step 1 named the space, a Base where step 2 did,
    the Base's Guerrillas where a Base is, else 1 Guerrilla."""
    def handler(st: CLState, d: Decision, f: int) -> str:
        s = frame_vars(st, "cl.rally_space")["s"]
        ids = d.option_ids()
        for mode, ok in (("hide", s in hide(st)), ("base", s in base(st)),
                         ("mass", B.n(st, s, BASE[f]) > 0), ("place", True)):
            if ok and mode in ids:
                return mode
        return generic(st, d, f)
    return handler


def flip_spaces(st: CLState, f: int, level_ok: Callable[[int], bool]) -> list[int]:
    """Rally step 1: all own Guerrillas Active, an own Base and a cube."""
    return [s for s in D.POPULATED if level_ok(s) and B.active(st, s, f)
            and not B.underground(st, s, f) and B.n(st, s, BASE[f]) and B.cubes(st, s)]


def base_spaces(st: CLState, f: int, level_ok: Callable[[int], bool]) -> list[int]:
    """Rally step 2: >= 3 own Guerrillas, room for a Base, a Base Available."""
    if not B.PIECES.available(st, BASE[f]):
        return []
    return [s for s in D.POPULATED if level_ok(s) and B.guerrillas(st, s, f) >= 3
            and B.base_room(st, s) > 0]


def rally_tiers(st: CLState, v: dict[str, Any], f: int, level_ok: Callable[[int], bool]) \
        -> list[list[int]]:
    """Rally steps 1-3: flips, Bases, then places: own Base spaces, own Guerrilla spaces,
    finally 1 other space (one already taken: a chosen space holding a lone Guerrilla)."""
    ok = [s for s in D.POPULATED if level_ok(s)]
    lone = any(B.guerrillas(st, s, f) == 1 and not B.n(st, s, BASE[f])
               for s in v.get("spaces", []))
    avail = B.PIECES.available(st, GUER_U[f]) > 0
    return [flip_spaces(st, f, level_ok), base_spaces(st, f, level_ok),
            [s for s in ok if B.n(st, s, BASE[f])] if avail else [],
            [s for s in ok if B.guerrillas(st, s, f)] if avail else [],
            [] if lone or not avail else [s for s in ok if not B.pieces_of(st, s, f)]]


def targets(st: CLState, s: int, f: int, order: list[int]) -> list[int]:
    """Attack target factions in priority order, Ⓐ first those whose removal yields Cash."""
    allowed = enemies(st, f)
    cash = [g for g in allowed if yields_cash(st, s, g)]
    rest = [g for g in order if g in allowed and g not in cash]
    return cash + rest


def remove_piece(order: Order) -> Callable[[CLState, Decision, int], str]:
    """8.6.4, 8.7.4: the pieces an Attack or Ambush removes, by the target priorities: Ⓐ a
    piece whose removal yields Cash, then the factions in order (P4 within a faction)."""
    def handler(st: CLState, d: Decision, f: int) -> str:
        s: int = frame_vars(st, "cl.attack_space").get("s", -1)
        factions = targets(st, s, f, order(st, f, s))
        pieces = [o for o in d.options if READER.kind_of(o) is not None]
        if not pieces:
            return done_or(st, d, f)
        within = p4_order(frame_vars(st, "cl.remove").get("took", ()))
        return min(pieces, key=lambda o: (not releases(st, s, o),
                                          piece_rank(factions, o, within))).id
    return handler


def releases(st: CLState, s: int, o: Option) -> bool:
    """Ⓐ "to obtain Cash", piece by piece (P6): the removal of this piece yields Cash."""
    kind = READER.kind_of(o)
    return kind is not None and s >= 0 and releases_cash(st, s, KIND_IDS.index(kind))


def attack_mode(st: CLState, d: Decision, f: int) -> str:
    """8.6.4, 8.7.4 step 1: Ambush in the first Attack space, roll in the others."""
    ids = d.option_ids()
    op = frame_vars(st, "coin.op")
    first = len(op.get("spaces", [])) <= 1 and not op.get("sa")
    return "ambush" if first and "ambush" in ids else "attack"


def attack_tiers(st: CLState, v: dict[str, Any], f: int, order: Order) -> list[list[int]]:
    """8.6.4, 8.7.4: step 1 the Ambush space (an Underground Guerrilla and a target) by the
    target priorities (Ⓐ Cash, then the faction order); step 2 the spaces with >= 4
    Guerrillas and a target (the first space too when no Ambush space exists)."""
    step2 = [s for s in range(D.NS) if B.guerrillas(st, s, f) >= 4
             and bool(removable(st, s, f, "attack"))]
    if not v.get("spaces") and not v.get("sa"):
        ok = [s for s in range(D.NS) if B.underground(st, s, f)
              and bool(removable(st, s, f, "attack"))]
        tiers = [[s for s in ok if any(yields_cash(st, s, g) for g in enemies(st, f))]]
        tiers += [[s for s in ok if B.pieces_of(st, s, g)] for g in order(st, f, -1)
                  if g in enemies(st, f)]
        return [*tiers, step2]  # no Ambush space: step 2 still names the spaces
    return [step2]


def box_order(terror: Callable[[CLState], bool], rally: Callable[[CLState], bool],
              attack: Callable[[CLState], bool]) -> Callable[[CLState], str]:
    """CL 8.6, 8.7: the first box the questions reach: Terror, Rally, then Attack if its
    question holds, else March."""
    def first_box(st: CLState) -> str:
        if terror(st):
            return "terror"
        if rally(st):
            return "rally"
        return "attack" if attack(st) else "march"
    return first_box
