"""AA 3-4 Operations and Special Activities on the COIN operation framework."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from services.coin.operations import OperationProc, OpSelectProc, SaSpec, op_frame
from services.kernel.decisions import Decision, Option
from services.kernel.flow import Proc, push

from . import board as B
from . import data as D
from .constants import FACTION_IDS, NKINDS, OPS, Kind, Mom
from .ops import common, govt, insurgent
from .special import govt as sa_govt
from .special import insurgent as sa_insurgent
from .state import AAState
from .words import WORDS

OPERATION: Final = OperationProc([*govt.OPS, *insurgent.OPS], sa_govt.SAS + sa_insurgent.SAS,
                                 D.NAMES, FACTION_IDS, WORDS)
PROCS: Final[list[Proc[Any]]] = [OPERATION, OpSelectProc(OPERATION), govt.PatrolMoveProc(OPERATION),
                                 *common.PROCS, *govt.PROCS,
                                 *insurgent.PROCS, *sa_govt.PROCS, *sa_insurgent.PROCS]
PROCESS_GAIN: Final = 3  # AA 4.5.2: Resources per Cartels Base removed


def can_start(st: AAState, f: int, op: str, limited: bool, free: bool) -> bool:
    """Whether the Operation can be executed in at least one space now (AA 3.1), or after a
    Special Activity executed first (AA 4.1: e.g. Extort, Kidnap or Process pays for it, an
    Air Lift brings Troops to an Assault target)."""
    v = op_frame(f, op, limited, free)
    if not OPERATION.spec(v).needs_space:  # Patrol: 3 in total, its steps run (AA 3.1)
        return free or st.resources[f] >= govt.COST
    if OPERATION.can_select_any(st, v):
        return True
    if limited:
        return False
    return any(sa.faction == f and sa.allowed(st, v) and may_open(st, v, sa)
               and OPENS.get(sa.name, opens)(st, v, sa) for sa in OPERATION.sas)


def extort_opens(st: AAState, v: dict[str, Any], sa: SaSpec[AAState]) -> bool:
    """Whether an Extort first gives a space to the Insurgent Operation `v`, which has none
    now: one Extort in e (+1 Resource; one Underground Guerrilla there Activated) pays for
    any space short of 1 Resource (`may_open`), except a Terror in e that needs that
    Guerrilla. Further Extorts only Activate more (AA-I-16)."""
    if v["op"] != "terror":
        return True
    spec = OPERATION.spec(v)
    short = [x for x in spec.candidates(st, v) if spec.selectable(st, v, x)]
    return any(x != e or B.underground(st, x, v["f"]) >= 2 for x in short
               for e in B.spaces(st) if sa_insurgent.extortable(st, e, v["f"]))


def process_opens(st: AAState, v: dict[str, Any], sa: SaSpec[AAState]) -> bool:
    """Process first (+3 per Cartels Base removed) pays for a March space short of
    Resources (`may_open`), and for a Rally space short of them other than the Base's (its
    Rally options stay: the Base only becomes Available, AA 3.3.1); a Rally space that may
    need the Base removed is searched."""
    if v["op"] == "march":
        return True
    spec, res = OPERATION.spec(v), st.resources[v["f"]]
    short = [s for s in spec.candidates(st, v)
             if res < spec.cost(st, v, s) <= res + PROCESS_GAIN and spec.selectable(st, v, s)]
    based = [b for b in B.spaces(st) if B.bases(st, b, B.CARTELS)]
    return any(s != b for s in short for b in based) or opens(st, v, sa)


def bribe_opens(st: AAState, v: dict[str, Any], sa: SaSpec[AAState]) -> bool:
    """A Bribe first gives a Terror a space only by flipping an Active Cartels Guerrilla
    Underground where the Terror can still be paid for after the Bribe's 3; a Rally
    (a Base's room freed) is searched."""
    if v["op"] != "terror":
        return opens(st, v, sa)
    spec, left = OPERATION.spec(v), st.resources[v["f"]] - sa.spends
    return any(B.active(st, x, v["f"]) and spec.cost(st, v, x) <= left for x in B.spaces(st))


def air_lift_first(st: AAState, v: dict[str, Any], sa: SaSpec[AAState]) -> bool:
    return air_lift_opens(st, v)


def air_lift_opens(st: AAState, v: dict[str, Any]) -> bool:
    """Whether an Air Lift first gives a space to the Government Operation `v`, which has
    none now. Train, Sweep and Assault only gain from more Troops (Control, cubes to
    Activate or to move in, Assault's count) and nothing is selectable now, so taking Troops
    away cannot matter and the most Troops into one destination decide: for each
    destination, the most the richest other origin can send (AA 4.2.1)."""
    origins = sa_govt.air_lift_origins(st)
    for d in sa_govt.air_lift_dests(st, -1):
        o = max((o for o in origins if o != d), key=lambda o: B.troops(st, o), default=-1)
        if o < 0:
            continue
        n = min(sa_govt.air_lift_max(st), B.troops(st, o), B.faction_room(st, d, B.GOVT))
        B.PIECES.move(st, o, d, Kind.TROOPS, n)
        gains = gains_from_troops(st, v["op"], d)
        if v.get("only") is not None:
            gains = [x for x in gains if x in v["only"]]
        found = OPERATION.can_select_any(st, {**v, "only": gains})
        B.PIECES.move(st, d, o, Kind.TROOPS, n)
        if found:
            return True
    return False


def sa_step_of(st: AAState, idx: int, ops: tuple[str, ...], proc: str) -> dict[str, Any] | None:
    """The vars of the Operation at `idx` when it is one of `ops` and the step under way right
    above it is the Special Activity's own proc `proc` (where a rule of `quick_lines`
    answers); None otherwise."""
    v: dict[str, Any] = st.stack[idx].vars
    if v["op"] not in ops or len(st.stack) != idx + 2 or st.stack[-1].proc != proc:
        return None
    return v


def air_lift_lines(st: AAState, idx: int) -> Callable[[Decision, Option], bool] | None:
    """AA 4.2.1, 3.2.3-3.2.4 (AA-I-16) the lines of play of an Air Lift begun before the
    first space of an Assault or a Sweep (the Operation at `idx`), answered without the
    search: whether such an Operation may take a space depends on the Troops in that space
    and, for a Sweep, in the spaces its Troops could move in from (`gains_from_troops`,
    the same both ways) alone, and an Air Lift moves k Troops out of one space o into one
    other d. So once it is done the Operation still has a space if it has one now that
    Troops in o and d cannot touch, or if one of those touched has one then.
    None for any other step (searched)."""
    v = sa_step_of(st, idx, ("assault", "sweep"), "aa.air_lift")
    if v is None:
        return None
    op = v["op"]
    lift, left = st.stack[-1].vars, OPERATION.affordable(st, v)
    touched: dict[int, set[int]] = {}

    def touches(x: int) -> set[int]:
        if x not in touched:
            touched[x] = set(gains_from_troops(st, op, x))
        return touched[x]

    def after(o: int, d: int, k: int) -> bool:
        near = touches(o) | touches(d)
        if any(s not in near for s in left):
            return True
        B.PIECES.move(st, o, d, Kind.TROOPS, k)
        try:
            return bool(OPERATION.priced(st, v, among=tuple(near)))
        finally:
            B.PIECES.move(st, d, o, Kind.TROOPS, k)

    def any_count(o: int, d: int) -> bool:
        return any(after(o, d, k) for k in range(1, sa_govt.air_lift_most(st, o, d) + 1))

    def ok(_: Decision, opt: Option) -> bool:
        verb, arg = opt.id.partition(":")[::2]
        if verb == "from":
            o = D.INDEX[arg]
            return any(any_count(o, d) for d in sa_govt.air_lift_dests(st, o))
        if verb == "to":
            return any_count(lift["o"], D.INDEX[arg])
        return after(lift["o"], lift["d"], int(arg))

    return ok


def bribe_lines(st: AAState, idx: int) -> Callable[[Decision, Option], bool | None] | None:
    """AA 4.5.4, 3.3.1-3.3.4 (AA-I-16) the lines of play of a Bribe begun before the first
    space of a Rally, an Attack or a Terror (the Operation at `idx`), answered by the rules
    without the search. A Bribe in x costs 3 and changes only the pieces in x: it removes
    other factions' pieces there (AA-R-11) or flips Guerrillas there, never changing how
    many Cartels pieces are anywhere. An Attack's or a Terror's space depends on the pieces
    in that space alone; a Rally's on the Cartels pieces there, the Bases there (room) and,
    elsewhere, only on how many Cartels pieces are Available or on the map (AA 1.4.1). So
    a Bribe in x keeps a line open if the Operation has a space other than x it can still
    pay for after the 3; if it has none, only x can be its space: none if the Operation
    cannot pay for x then (or may not go there), else as the Bribe leaves x
    (`terror_after_bribe`, `rally_after_bribe`; an Attack's is searched, None). "done"
    ends the Bribe (a space now?)."""
    v = sa_step_of(st, idx, ("attack", "terror", "rally"), sa_insurgent.BRIBE.name)
    if v is None:
        return None
    spent = 0 if st.stack[-1].vars.get("free") else sa_insurgent.BRIBE_COST
    left = [s for s, _ in OPERATION.priced(st, v, -spent)]
    spec = OPERATION.spec(v)

    def ok(_: Decision, opt: Option) -> bool | None:
        if opt.id == "done":
            return OPERATION.can_select_any(st, v)
        x = D.INDEX[opt.id.partition(":")[2]]
        if any(s != x for s in left):
            return True
        if not v["free"] and spec.cost(st, v, x) > st.resources[v["f"]] - spent:
            return False
        only = v.get("only")
        if only is not None and x not in only:
            return False
        if v["op"] == "terror":
            return terror_after_bribe(st, x, v["f"])
        if v["op"] == "rally":
            return rally_after_bribe(st, v, x)
        return None

    return ok


def terror_after_bribe(st: AAState, x: int, f: int) -> bool:
    """AA 3.3.4, 4.5.4: whether some Bribe in x leaves an Underground Guerrilla of the
    Cartels (f) there for a Terror. An Active one can be flipped Underground. Removing
    cubes, FARC or AUC Guerrillas or an enemy Base never touches an Underground one; the
    flips (at least 1, each of another Guerrilla: `BribeSpaceProc`) spare one when another
    Guerrilla is there to flip, and not a lone Underground Guerrilla."""
    if B.active(st, x, f):
        return True
    if not B.underground(st, x, f):
        return False
    return B.all_guerrillas(st, x) > 1 or sa_insurgent.bribe_modes(st, x) != ["flip"]


def rally_after_bribe(st: AAState, v: dict[str, Any], x: int) -> bool:
    """AA 3.3.1, 4.5.4: whether some Bribe in x leaves x a Rally space. What a Rally in x
    needs (`rally_modes`) no Bribe takes away (the Cartels pieces stay, a Base's room only
    grows); a Rally with no option in x gets one only when an enemy Base removed there
    frees room for a Rally Base (b)."""
    spec = OPERATION.spec(v)
    if spec.selectable(st, v, x):
        return True
    for k in common.removable(st, x, v["f"], "bribe_base"):
        i = x * NKINDS + k
        st.pieces[i] -= 1  # asked with the Base gone, then put back
        try:
            if spec.selectable(st, v, x):
                return True
        finally:
            st.pieces[i] += 1
    return False


def extort_lines(st: AAState, idx: int) -> Callable[[Decision, Option], bool | None] | None:
    """AA 4.3.1, 4.4.1, 3.3.1-3.3.3 (AA-I-16) the lines of play of an Extort begun before the
    first space of a Rally, a March or an Attack (the Operation at `idx`): an Extort adds 1
    Resource and Activates one Guerrilla, and whether such an Operation may take a space
    does not depend on its Guerrillas being Underground (a Rally's or a March's on how many
    there are, an Attack's on whether there are any). So while the Operation has a space it
    can pay for, every option keeps a line; otherwise an Extort may pay for one (searched,
    None)."""
    v = sa_step_of(st, idx, ("rally", "march", "attack"), sa_insurgent.EXTORT.name)
    if v is None:
        return None
    now = OPERATION.can_select_any(st, v)

    def ok(_: Decision, opt: Option) -> bool | None:
        return True if now else (False if opt.id == "done" else None)

    return ok


def quick_lines(st: AAState, idx: int) -> Callable[[Decision, Option], bool | None] | None:
    """The lines of play the rules answer without the search (`Lines.quick`)."""
    return air_lift_lines(st, idx) or bribe_lines(st, idx) or extort_lines(st, idx)


def opens(st: AAState, v: dict[str, Any], sa: SaSpec[AAState]) -> bool:
    """Whether `sa` executed first leaves a space to the Operation `v` (not begun yet)."""
    return OPERATION.opens(st, v, sa)


OPENS: Final = {"extort": extort_opens, "process": process_opens, "air_lift": air_lift_first,
                "bribe": bribe_opens}


def gains_from_troops(st: AAState, op: str, d: int) -> list[int]:
    """The spaces a Government Operation may gain when Troops arrive in d: d itself; for a
    Sweep also those its Troops could then move into (adjacent, or by one LoC)."""
    if op != "sweep":
        return [d]
    near = set(B.adjacent(st, d))
    return [d, *near, *(x for m in near if B.is_loc(m) for x in B.adjacent(st, m))]


def may_open(st: AAState, v: dict[str, Any], sa: SaSpec[AAState]) -> bool:
    """A quick necessary condition for an SA executed first to give a space to an Operation
    that has none now (the search in coin/sa_lines.py then decides):
    - Extort and Process only add Resources (and Activate): a space must lack only money;
    - Kidnap pays for the Terror of a City (or Cartels Base space) it is resolved in first;
    - Air Lift gains Troops somewhere: for Assault, a space with an exposed enemy;
    - Air Strike and Eradicate never create an Assault target (they remove exposed pieces
      or place an Underground Guerrilla);
    - Bribe can expose nothing to Attack or March; it may flip a Cartels Guerrilla
      Underground for a Terror, or free a Base's room for a Rally;
    - none but Extort, Process and Kidnap brings Resources, and a space's cost depends on
      its type and the Capabilities alone: the others need a space the faction can pay
      for once the SA's own cost is paid (`pays_somewhere`)."""
    op: str = v["op"]
    if sa.name in ("extort", "process"):
        return short_of_resources(st, v)
    if sa.name != "kidnap" and not pays_somewhere(st, v, sa.spends):
        return False
    if sa.name == "air_lift":
        return op != "assault" or any(common.any_exposed(st, s) for s in B.spaces(st)
                                      if not (B.is_dept(s) and B.has_mom(st, Mom.M17)))
    if sa.name in ("air_strike", "eradicate"):
        return op != "assault"
    if sa.name == "bribe":
        return op in ("terror", "rally")
    return sa.name in ("kidnap", "cultivate")


def pays_somewhere(st: AAState, v: dict[str, Any], spends: int) -> bool:
    """AA 3.1: some space's cost (by its type and the Capabilities) can be paid with the
    Resources left after spending `spends`."""
    if v["free"]:
        return True
    spec, left = OPERATION.spec(v), st.resources[v["f"]] - spends
    return any(spec.cost(st, v, s) <= left for s in B.spaces(st))


def short_of_resources(st: AAState, v: dict[str, Any]) -> bool:
    """Some space could be selected but for its cost."""
    spec = OPERATION.spec(v)
    return any(spec.cost(st, v, s) > st.resources[v["f"]] and spec.selectable(st, v, s)
               for s in spec.candidates(st, v))


def begin_op(st: AAState, f: int, op: str, limited: bool, free: bool, **extra: Any) -> None:
    push(st, "coin.op", **op_frame(f, op, limited, free, **extra))


def faction_ops(f: int) -> tuple[str, ...]:
    return OPS[f]
