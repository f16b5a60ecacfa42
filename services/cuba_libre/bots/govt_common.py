"""What the Non-player Government's boxes share (CL 8.0, 8.1.2, 8.8): the 9-Resource budget,
Control margins, the spare cubes an origin can give up, the target factions' order, the
Government's piece priorities (P2 cubes, P3 Cash, P4 removals) and reading the offered options.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import msgspec

from services.kernel.decisions import Decision, Option

from .. import board as B
from .. import data as D
from ..constants import BASE, CASINOS, KIND_FACTION, KIND_IDS
from ..state import CLState
from ..victory import meets
from .cash import releases_cash

GOVT: Final = B.GOVT
M26: Final = B.M26
DR: Final = B.DR
SYNDICATE: Final = B.SYNDICATE
ENEMIES = (M26, DR, SYNDICATE)
BUDGET: Final = 9  # CL 8.0, 8.8.2 note: at most 9 Resources on one Train, Sweep or Assault
ALL: Final = 99  # "every piece may go": an origin outside Government Control


# -- the budget (CL 8.0, 8.8.2 note) -----------------------------------------------------------


def budget_spaces(st: CLState) -> int:
    """CL 8.8.2 note: 4 / 3 / 2 spaces at Firm / Reluctant / Embargoed."""
    return BUDGET // B.coin_op_cost(st)


# -- the factions (CL 8.0 pav, CL-R-31) --------------------------------------------------------


def is_player(st: CLState, f: int) -> bool:
    return not st.non_players >> f & 1


def pav(st: CLState, f: int) -> bool:
    """CL 8.0 "player at victory" (CL-R-31): f is a player's and meets its 7.2 condition."""
    return is_player(st, f) and meets(st)[f]


def target_order(st: CLState, then: Sequence[int] = ENEMIES) -> list[int]:
    """CL 8.8.3-8.8.4 (CL-R-45): `pav` factions first, then 26July, DR, the Syndicate."""
    first = [f for f in ENEMIES if pav(st, f)]
    return first + [f for f in then if f not in first]


# -- Control (CL 1.7) --------------------------------------------------------------------------


def others(st: CLState, s: int) -> int:
    """The Insurgents' control counts in s together."""
    return sum(B.control_count(st, s, f) for f in ENEMIES)


def govt_margin(st: CLState, s: int) -> int:
    """cc(govt) - the others together: above 0 is Government Control (in a City or Province)."""
    return B.control_count(st, s, GOVT) - others(st, s)


def spare(st: CLState, s: int, k: int) -> int:
    """Cubes of kind k that may leave s without the Government losing Control there (all of
    them where it has none: an EC, or a space it does not Control)."""
    have = B.n(st, s, k)
    if D.IS_EC[s] or govt_margin(st, s) <= 0:
        return have
    return max(0, min(have, govt_margin(st, s) - 1))


def would_control(st: CLState, s: int, extra: int) -> bool:
    """The Government would Control s with `extra` more cubes there."""
    return not D.IS_EC[s] and govt_margin(st, s) + extra > 0


# -- pieces ------------------------------------------------------------------------------------


def guerrillas_all(st: CLState, s: int) -> int:
    return sum(B.guerrillas(st, s, f) for f in ENEMIES)


def underground_all(st: CLState, s: int) -> int:
    return sum(B.underground(st, s, f) for f in ENEMIES)


def p2_police_next(police: int, troops: int) -> bool:
    """CL 8.1.2 P2: equal Police and Troops, one more Police when odd: the next cube is a
    Police when no more Police than Troops have gone in."""
    return police <= troops


def removal_key(st: CLState, s: int, k: int, order: Sequence[int],
                casinos_first: bool = False) -> tuple[int, int]:
    """CL 8.8.5 step 2-3, 8.1.2 P4: (an open Casino first when the box closes Casinos), a
    26July or DR Base, a piece whose Cash the Government takes, then the factions in `order`
    (Guerrillas before their Casino)."""
    f = KIND_FACTION[k]
    rank = order.index(f) if f in order else len(order)
    if k in CASINOS:
        return (0 if casinos_first else 3, rank)
    if k in (BASE[M26], BASE[DR]):
        return (1, rank)
    if releases_cash(st, s, k):
        return (2, rank)
    return (3, rank)


def cheap_copy(st: CLState) -> CLState:
    """A copy whose pieces, Cash, markers and levels may change (what the box tests touch)."""
    return msgspec.structs.replace(st, pieces=list(st.pieces), avail=list(st.avail),
                                   cash=list(st.cash), support=list(st.support),
                                   terror=list(st.terror), stack=[])


# -- offered options (docs/decisions/0004 args) ------------------------------------------------


def arg_space(o: Option, key: str = "space") -> int | None:
    return D.INDEX.get(o.args.get(key, ""))


def arg_kind(o: Option) -> int | None:
    v = o.args.get("piece") or o.args.get("holder")
    return KIND_IDS.index(v) if v in KIND_IDS else None


def cube_offers(d: Decision) -> dict[tuple[int, int], str]:
    """The offered cube moves (`from:<space>:<kind>`), by (origin, kind)."""
    out: dict[tuple[int, int], str] = {}
    for o in d.options:
        s, k = arg_space(o, "from"), arg_kind(o)
        if s is not None and k is not None:
            out[(s, k)] = o.id
    return out


def done_or(d: Decision, fallback: str) -> str:
    return "done" if "done" in d.option_ids() else fallback


def frame_vars(st: CLState, proc: str) -> dict[str, Any]:
    """The vars of the innermost frame of `proc`."""
    return next((fr.vars for fr in reversed(st.stack) if fr.proc == proc), {})
