"""AA 8.4.4 the cards' Non-player instructions that steer a choice the generic 8.4 rules
would make otherwise (BOTS.md table; the rest fall back to 8.4.2-8.4.3 and AA-R-24).
Each rule returns the option to take, or None to leave the decision to the generic rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from services.kernel.decisions import Decision

from .. import board as B
from ..state import AAState
from . import instructions
from .boxes import CHARTS
from .options import by_space, faction_of, kind_of, pick_in_tiers, space_of, verb
from .tables import klass, pick

Rule = Callable[[AAState, Decision, int], str | None]


def in_event(st: AAState) -> bool:
    return any(fr.proc == "coin.effect" for fr in st.stack)


def troops_first(st: AAState, d: Decision, f: int) -> str | None:
    """Card 14: removing the cube, Troops before Police."""
    for want in ("troops", "police"):
        got = next((o.id for o in d.options if kind_of(o) and klass(kind_of(o) or "") == want),
                   None)
        if got:
            return got
    return None


def fewest_cubes_cities(st: AAState, d: Decision, f: int) -> str | None:
    """Cards 56, 60: Cities with the fewest cubes (ties random)."""
    offered = {s: i for s, i in by_space(d).items() if B.is_city(s)}
    if not offered:
        return None
    low = min(B.cubes(st, s) for s in offered)
    return pick_in_tiers(st, offered, [[s for s in offered if B.cubes(st, s) == low]])


def police_at_opposition_first(st: AAState, d: Decision, f: int) -> str | None:
    """Card 50: Police at Opposition first, Police on LoCs last (the piece steps)."""
    offered = by_space(d, ("piece",))
    return pick_in_tiers(st, offered, [[s for s in offered if st.support[s] < 0],
                                       [s for s in offered if not B.is_loc(s)], list(offered)])


def cities_first(st: AAState, d: Decision, f: int) -> str | None:
    """Card 57: replace Police in random Cities; if impossible, random Departments
    (ランダムな都市...不可能であれば、ランダムな行政区); a LoC only when neither is left."""
    offered = by_space(d)
    return pick_in_tiers(st, offered, [[s for s in offered if B.is_city(s)],
                                       [s for s in offered if B.is_dept(s)], list(offered)])


def passive_level(st: AAState, d: Decision, f: int) -> str | None:
    """Card 46: AUC sets Passive Support, FARC and Cartels Passive Opposition."""
    want = "passive_support" if f == B.AUC else "passive_opposition"
    return next((o.id for o in d.options if verb(o) == want), None)


LIMPIEZA_ORDER: Final[tuple[int, ...]] = (B.GOVT, B.FARC, B.AUC, B.CARTELS)


def limpieza(st: AAState, d: Decision, f: int) -> str | None:
    """Card 46: the Terror in a random City or Department (FARC: not one at Opposition);
    enemies removed in the order Government, FARC, AUC, Cartels (P3 within); the level by
    `passive_level`. The faction named: the executor itself (AA-R-24)."""
    if d.kind == "aa.remove_piece":
        return instructions.remove_in_order(d, LIMPIEZA_ORDER)
    offered = by_space(d)
    if not offered:
        return passive_level(st, d, f)
    ok = [s for s in offered if not B.is_loc(s) and (f != B.FARC or st.support[s] >= 0)]
    return pick_in_tiers(st, offered, [ok, list(offered)])


def farc_base_at_support(st: AAState, d: Decision, f: int) -> str | None:
    """Card 21: the FARC Base to a space with FARC Guerrillas and Support; else with FARC
    Guerrillas; else random."""
    offered = by_space(d)
    farc = [s for s in offered if B.guerrillas(st, s, B.FARC)]
    return pick_in_tiers(st, offered, [[s for s in farc if st.support[s] > 0], farc])


def eco_tourists(st: AAState, d: Decision, f: int) -> str | None:
    """Card 70: each Forest Department in random order (8.4.3); there the executor's Active
    Guerrilla if it has one, else a Guerrilla of FARC, AUC, Cartels in that order."""
    if d.kind != "aa.ev_every":
        return None
    by: dict[int, dict[int, str]] = {}
    for o in d.options:
        s, g = space_of(o), faction_of(o)
        if s is not None and g is not None:
            by.setdefault(s, {})[g] = o.id
    if not by:
        return None
    s = pick(st, list(by))
    order = [f] if B.active(st, s, f) else []
    return next(by[s][g] for g in (*order, B.FARC, B.AUC, B.CARTELS) if g in by[s])


def river_op(st: AAState, d: Decision, f: int) -> str | None:
    """Card 69: the free Operation: Cartels Rally (8.5.1), the others Terror."""
    want = "op:rally" if f == B.CARTELS else "op:terror"
    return want if want in d.option_ids() else None


def free_operation(st: AAState, d: Decision, f: int) -> str | None:
    """AA 8.9: a free Operation an Event grants: the Non-player's own flowchart box."""
    ops = {o.id.split(":", 1)[1]: o.id for o in d.options if verb(o) == "op"}
    if not ops:
        return None
    op = CHARTS[f].operation(st, set(ops))
    return ops[op] if op else None


def either(*rules: Rule) -> Rule:
    """The first of `rules` that names an option."""
    def rule(st: AAState, d: Decision, f: int) -> str | None:
        return next((got for r in rules if (got := r(st, d, f)) is not None), None)
    return rule


RULES: Final[dict[int, Rule]] = {**instructions.RULES, 14: troops_first, 21: farc_base_at_support,
                                 46: limpieza, 50: police_at_opposition_first,
                                 56: fewest_cubes_cities, 57: cities_first,
                                 60: either(instructions.chess_bribe, fewest_cubes_cities),
                                 69: either(instructions.riverines, river_op),
                                 70: eco_tourists}


def instructed(st: AAState, d: Decision, f: int) -> str | None:
    """The 8.4.4 instruction's choice while the current card's Event executes, if any."""
    if not st.played or not in_event(st):
        return None
    rule = RULES.get(st.played[-1])
    got = rule(st, d, f) if rule is not None else None
    return got if got is not None else free_operation(st, d, f)
