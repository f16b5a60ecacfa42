"""CL 8.1.1 carrying out a flowchart box through the flow's own decisions: the Operation's
spaces in the box's tiers, then its SA box (8.5.5, 8.6-8.7: the first that can act); the
March groups (P7, P8); the questions the boxes share (8.1.2 P1, P4, 8.4.4)."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import Any, Final

from services.coin.bots.options import count_of, first_offered_tier
from services.kernel.decisions import Decision, Option

from .. import board as B
from .. import data as D
from .. import victory
from ..constants import NO_CASH
from ..ops.govt import has_govt_base
from ..ops.march import march_activates, unmoved
from ..propaganda import is_final_round
from ..state import CLState
from .flowchart import Chart
from .options import READER, by_space, generic, pick_in_tiers, space_of, verb
from .tables import P4_ORDER, p4_order, p4_rank, pick

Plan = Callable[[CLState, int, dict[str, Any]], dict[int, int]]


def frame_vars(st: CLState, proc: str) -> dict[str, Any]:
    """The vars of the innermost frame of `proc` (the Operation, an SA, a March space)."""
    return next((fr.vars for fr in reversed(st.stack) if fr.proc == proc), {})


def done_or(st: CLState, d: Decision, f: int) -> str:
    return "done" if "done" in d.option_ids() else generic(st, d, f)


TIERS_VAR: Final = "np_tiers"  # coin.op: the box's tier each space the Non-player chose is from


def record_tier(v: dict[str, Any], tier: int) -> None:
    """8.1.1: the box chose a space of its tier `tier` (a flowchart step, or a lettered
    priority within one; -1: none, CL 3.1's one space at least), recorded when chosen."""
    v.setdefault(TIERS_VAR, []).append(tier)


def tier_used(v: dict[str, Any], tiers: Container[int]) -> bool:
    """Whether a space of the Operation came from one of the box's `tiers` (a step taken once,
    8.5.4, 8.6.1, 8.6.3, 8.7.3), as recorded when chosen (`record_tier`), never re-derived
    from the board its Operation changed. A space chosen without a record (a player's: the
    Suggest policy decides on a copy of the state) might have come from any of them."""
    got: list[int] = v.get(TIERS_VAR, [])
    return len(got) < len(v.get("spaces", [])) or any(i in tiers for i in got)


def op_space(charts: Mapping[int, Chart[CLState]], st: CLState, d: Decision, f: int) -> str:
    """8.1.1, 8.1.3: the box's spaces in tier order (`random_pick` within a tier) up to its
    most, as many as Resources pay for (8.1 item 3), each one's tier recorded (`record_tier`);
    then its SA boxes in order, the first with a space (8.5.5: "if impossible, ..."); else
    done. A box's SA run between spaces (Ambush in the Attack space) is the box's own (the
    mode decisions)."""
    v = frame_vars(st, "coin.op")
    chart, ids = charts.get(f), d.option_ids()
    box = chart.boxes.get(v.get("op", "")) if chart is not None else None
    offered = by_space(d)
    after_sa = v.get("sa") not in ("", None, "ambush")  # Ambush runs inside the Attack
    if box is not None and chart is not None and len(v.get("spaces", [])) < box.most \
            and not after_sa:
        got = first_offered_tier(offered, chart.candidates(st, v["op"], v))
        if got is not None:
            record_tier(v, got[0])
            return offered[pick(st, got[1])]
    if "done" not in ids and offered and not v.get("spaces") and v.get("ph") == "spaces":
        record_tier(v, -1)
        return offered[pick(st, list(offered))]  # CL 3.1: one space at least
    if box is not None and not after_sa:
        for name, tiers in box.sas():
            if f"sa:{name}" in ids and any(tiers(st, v)):
                return f"sa:{name}"
    return done_or(st, d, f)


def terror_spaces(st: CLState, proc: str) -> list[int]:
    """The spaces of the Terror the SA of `proc` accompanies (8.6.1 Assassinate, 8.7.1 Kidnap:
    in a space where the Terror was, not one the SA would add to it, CL-R-09); an Event's free
    SA: none."""
    sv = frame_vars(st, proc)
    op = sv["op"] if "op" in sv else frame_vars(st, "coin.op")
    return list(op.get("spaces", [])) if op.get("op") == "terror" else []


def sa_pick(tiers: Callable[[CLState, dict[str, Any]], list[list[int]]],
            verbs: tuple[str, ...] = ("space",)) -> Callable[[CLState, Decision, int], str]:
    """An SA box's space choice: its tiers (given the Operation's vars), then done."""
    def handler(st: CLState, d: Decision, f: int) -> str:
        got = pick_in_tiers(st, by_space(d, verbs), tiers(st, frame_vars(st, "coin.op")))
        return got if got is not None else done_or(st, d, f)
    return handler


# -- March (8.1.2 P7, P8) ---------------------------------------------------------------------


def march_from(plans: Mapping[int, Plan], st: CLState, d: Decision, f: int) -> str:
    """The box's March plan for this destination: its origins in order, each once."""
    dest = frame_vars(st, "cl.march_into")["s"]
    plan = plans[f](st, dest, frame_vars(st, "coin.op"))
    for o in d.options:
        s = space_of(o)
        if verb(o) in ("from", "via") and s is not None and plan.get(s, 0) > 0:
            return o.id
    froms = [o for o in d.options if verb(o) in ("from", "via")]
    if "done" in d.option_ids() or not froms:
        return done_or(st, d, f)
    return froms[0].id  # the box named this destination: at least one group


def one_origin(st: CLState, candidates: list[int]) -> dict[int, int]:
    """A destination taking 1 Guerrilla from 1 adjacent origin (8.5.2 step 1, 8.7.3 step 1):
    the origin by `random_pick` among the candidates (8.0: the ties the box leaves), drawn
    once; the group then asked about keeps it, and none follows once it has moved."""
    mv = frame_vars(st, "cl.march_into")
    if "o" in mv:
        return {mv["o"]: 1}
    if mv.get("groups") or not candidates:
        return {}
    return {pick(st, candidates): 1}


def march_group(plans: Mapping[int, Plan], st: CLState, f: int) -> tuple[int, int]:
    """P7 (CL-R-36): the group (Underground, Active) from the origin into the destination:
    capped at the room left below Activation, Underground first; all of them, Active first,
    when Activation cannot be avoided; a box's exact number stands."""
    mv = frame_vars(st, "cl.march_into")
    o, s = mv["o"], mv["s"]
    u, a, free = unmoved(st, o, f, frame_vars(st, "coin.op"))
    n = max(1, min(free, plans[f](st, s, frame_vars(st, "coin.op")).get(o, 1)))
    room = 3 - B.cubes(st, s)
    exposed = D.IS_EC[s] or st.support[s] > 0
    if exposed and room >= 1 and march_activates(st, s, n):
        n = min(n, room)
    if exposed and room <= 0:
        na = min(a, n)
        return min(u, n - na), na
    nu = min(u, n)
    return nu, min(a, n - nu)


def march_count(plans: Mapping[int, Plan], st: CLState, d: Decision, f: int) -> str:
    """P7 the numbers asked: Underground first, then Active (the nearest offered)."""
    nu, na = march_group(plans, st, f)
    if d.kind == "cl.march_a":
        nu_done = frame_vars(st, "cl.march_into").get("nu", 0)
        na = max(na, 0 if nu_done else 1)
    want = nu if d.kind == "cl.march_u" else na
    return min(d.options, key=lambda o: abs((count_of(o) or 0) - want)).id


# -- choices the boxes share ------------------------------------------------------------------


def pav(st: CLState, f: int) -> bool:
    """8.0 (CL-R-31): f is a player's faction meeting its victory condition now."""
    return st.seat_of[f] >= 0 and victory.meets(st)[f]


def meets(st: CLState, f: int) -> bool:
    return victory.meets(st)[f]


def cash_deposit(st: CLState, d: Decision, f: int) -> str:
    """8.1.2 P1: a Base rather than +6 Resources when spending Cash (6.2.4), except that the
    Government never places a Base in a City nor a second one in a Province. In the final
    Propaganda Round the Syndicate opens a closed Casino where it can; in another round,
    opening one is not placing a Base (Reset opens it anyway, 6.5): +6 unless it can place."""
    ids = d.option_ids()
    if f == B.SYNDICATE and "open" in ids and is_final_round(st):
        return "open"
    if "base" in ids and (f != B.GOVT or govt_base_allowed(st, deposit_space(st, f))):
        return "base"
    return "resources"


def deposit_space(st: CLState, f: int) -> int:
    """The space of the marker f deposits now (CL 6.2.4: its markers in the state's order)."""
    return next(B.cash_space(c) for c in st.cash if c != NO_CASH and B.cash_owner(c) == f)


def govt_base_allowed(st: CLState, s: int) -> bool:
    """8.1.2 P1 exception: the Government bot's Base only in a Province without one."""
    return s in D.PROVINCES and not has_govt_base(st, s)


def target_order(order: Callable[[CLState, int, int], list[int]]) -> \
        Callable[[CLState, Decision, int], str]:
    """8.6.4, 8.7.4 target priorities as a faction order for the pieces to remove (P4 within
    a faction: Bases first, then cubes alternately Police first, Guerrillas Underground
    first)."""
    def handler(st: CLState, d: Decision, f: int) -> str:
        s = frame_vars(st, "cl.attack_space").get("s", -1)
        factions = order(st, f, s)
        pieces = [o for o in d.options if READER.kind_of(o) is not None]
        if not pieces:
            return done_or(st, d, f)
        within = p4_order(frame_vars(st, "cl.remove").get("took", ()))
        best = min(pieces, key=lambda o: piece_rank(factions, o, within))
        return best.id
    return handler


def piece_rank(factions: list[int], o: Option, within: tuple[str, ...] = P4_ORDER) \
        -> tuple[int, int]:
    """8.1.2 P4: a piece's place by its faction's in `factions`, then its class's in
    `within` (`p4_order`)."""
    kind = READER.kind_of(o) or ""
    g = READER.vocab.owner(kind)
    return factions.index(g) if g in factions else len(factions), p4_rank(kind, within)
