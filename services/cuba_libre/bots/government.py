"""CL 8.8 the Non-player Government: its chart (Momentum overrides 8.8.1, then Train 8.8.2,
Garrison 8.8.3, Sweep 8.8.4, Assault 8.8.5, each with its IF NONE arrow) and its handlers:
the decisions its boxes, Civic Action in the Support phase (8.8.6) and Redeploy (8.8.7)
answer among the options the flow offers."""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import op_vars
from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..constants import GUER_U, Faction, Kind, Mom
from ..ops.govt import assault_ok
from ..state import CLState
from . import govt_civic as civic
from . import govt_garrison as garrison
from . import govt_redeploy as redeploy
from . import govt_sweep as sweep
from . import govt_train as train
from .flowchart import Box, Chart, Handler, Tiers
from .govt_assault import assault_tiers, remove_piece
from .govt_common import (
    budget_spaces,
    done_or,
    frame_vars,
    target_order,
)
from .govt_would import armored_cars, assault_pays, sanchez_mosquera
from .options import by_space, generic, pick_in_tiers
from .tables import pick

GOVT: Final = int(Faction.GOVT)
FALLBACK: dict[str, str | None] = {"train": "garrison", "garrison": "sweep", "sweep": "assault",
                                    "assault": None}


def assault_box_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """CL 8.8.5 up to the budget."""
    return assault_tiers(st, v) if len(v.get("spaces", [])) < budget_spaces(st) else []


def assault_possible(st: CLState) -> bool:
    """IF NONE (CL 8.8.5): an Assault space or an SA."""
    v = {"spaces": [], "free": False}
    return any(assault_ok(st, v, s) for s in range(D.NS)) or sa_possible(st, "assault")


def strike_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    return garrison.strike_tiers(st)


def reprisal_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    return garrison.reprisal_tiers(st)


def transport_tiers(st: CLState, v: dict[str, Any]) -> Tiers:
    """The Transport origins (CL 8.8.2) when some destination qualifies."""
    if not train.transport_possible(st):
        return []
    return [[s for s in D.CITIES if train.surplus(st, s) > 0]]


COMBAT_SAS = (("reprisal", reprisal_tiers), ("transport", transport_tiers))
BOXES: Final = {
    "train": Box(train.train_tiers, 4, "transport", transport_tiers,
                 possible=train.train_possible),
    "garrison": Box(garrison.garrison_tiers, len(D.ECS) + len(D.CITIES), "air_strike",
                    strike_tiers, COMBAT_SAS, possible=garrison.garrison_possible),
    "sweep": Box(sweep.sweep_tiers, 4, "air_strike", strike_tiers, COMBAT_SAS,
                 possible=sweep.sweep_possible),
    "assault": Box(assault_box_tiers, 4, "air_strike", strike_tiers, COMBAT_SAS,
                   possible=assault_possible),
}


def flowchart_box(st: CLState) -> str | None:
    """CL 8.8: Train, Garrison, Sweep or Assault by the entry questions, then the IF NONE
    arrows (8.1.1)."""
    if train.cond_train(st):
        box: str | None = "train"
    elif garrison.cond_garrison(st):
        box = "garrison"
    else:
        box = "assault" if assault_pays(st) else "sweep"
    tried: set[str] = set()
    while box is not None and box not in tried:
        if CHART.possible(st, box):
            return box
        tried.add(box)
        box = FALLBACK[box]
    return None


def first_box(st: CLState) -> str:
    """CL 8.8.1 Momentum overrides first (Armored Cars, Sánchez Mosquera: Assault; Rolando
    Masferrer: Sweep instead of any other Operation), then the flowchart."""
    if armored_cars(st) or sanchez_mosquera(st):
        return "assault"
    box = flowchart_box(st)
    if box != "assault" and sweep.masferrer(st):
        return "sweep"
    return box or "train"


CHART: Final[Chart[CLState]] = Chart(GOVT, first_box, BOXES, FALLBACK)


# -- the Operation's spaces and its SA (CL 8.1.1) ----------------------------------------------


def sa_possible(st: CLState, op: str) -> bool:
    return sa_for(st, op) is not None


def sa_for(st: CLState, op: str) -> str | None:
    """The SA box: Transport after Train; with the others Air Strike, else Reprisal, else
    Transport (CL 8.8.2-8.8.5); card 5 shaded's free Assault with a Sweep (8.8.1)."""
    if op == "sweep" and B.has_mom(st, Mom.SWEEP_WITH_FREE_ASSAULT) and any(
            assault_ok(st, {"spaces": []}, s) for s in range(D.NS)):
        return "free_assault"
    if op != "train":
        if garrison.strike_possible(st):
            return "air_strike"
        if garrison.reprisal_possible(st):
            return "reprisal"
    return "transport" if train.transport_possible(st) else None


def op_space(st: CLState, d: Decision, f: int) -> str:
    """CL 8.8.2-8.8.5 the box's spaces in its tiers; its SA once the Operation is done (first,
    in the Assault box); CL 3.1 one space at least (8.8.5 IF NONE: pay for 1 space anyway)."""
    v = op_vars(st)
    ids = d.option_ids()
    if v.get("op") not in CHART.boxes:
        return generic(st, d, f)
    sa = None if v.get("sa") else sa_for(st, v["op"])
    if sa and f"sa:{sa}" in ids and (v["ph"] == "after" or v["op"] == "assault"
                                      and not v["spaces"]):
        return f"sa:{sa}"
    offered = by_space(d)
    got = pick_in_tiers(st, offered, CHART.candidates(st, v["op"], v))
    if got is not None:
        return got
    if offered and "done" not in ids:
        return offered[pick(st, list(offered))]
    return done_or(d, generic(st, d, f))


def sa_space(st: CLState, d: Decision, tiers: Tiers) -> str:
    """A SpaceLoop SA's space in the box's tiers (Air Strike, Reprisal)."""
    got = pick_in_tiers(st, by_space(d), tiers)
    return got or done_or(d, d.option_ids()[0])


def air_strike(st: CLState, d: Decision, f: int) -> str:
    """CL 8.8.3 Air Strike (CL-R-45)."""
    return sa_space(st, d, garrison.strike_tiers(st))


def reprisal(st: CLState, d: Decision, f: int) -> str:
    """CL 8.8.3 Reprisal."""
    return sa_space(st, d, garrison.reprisal_tiers(st))


def activate(st: CLState, d: Decision, f: int) -> str:
    """CL 8.8.4 step 3: Ⓐ `pav` factions, Ⓑ 26July, Ⓒ DR, else the Syndicate."""
    for g in target_order(st):
        got = next((o.id for o in d.options if o.args.get("piece") ==
                    B.PIECES.names[GUER_U[g]]), None)
        if got:
            return got
    return d.option_ids()[0]


def move_cubes(st: CLState, d: Decision, f: int) -> str:
    """The cubes an Operation moves in: Garrison (8.8.3), Sweep (8.8.4), Armored Cars'
    Assault (8.8.1)."""
    verb = frame_vars(st, "cl.cubes_in").get("verb")
    if verb == "garrison":
        return garrison.garrison_move(st, d, f)
    if verb == "sweep":
        return sweep.sweep_move(st, d, f)
    return sweep.armored_cars_move(st, d, f)


def free_assault(st: CLState, d: Decision, f: int) -> str:
    """Garrison's free Assault in an EC (8.8.3 step 4); card 5 shaded's with a Sweep: the
    Assault box's space (8.8.5)."""
    if "sa" not in frame_vars(st, "cl.free_assault"):
        return garrison.free_assault_ec(st, d, f)
    got = pick_in_tiers(st, by_space(d), assault_tiers(st, {"spaces": []}))
    return got or done_or(d, d.option_ids()[0])


def removal(st: CLState, d: Decision, f: int) -> str:
    """CL 8.8.5, 8.8.3 the pieces an Assault or Air Strike takes; others: generic."""
    return remove_piece(st, d, f) or generic(st, d, f)


def in_reprisal(st: CLState) -> bool:
    return len(st.stack) >= 2 and st.stack[-2].proc == "cl.reprisal"


def reprisal_piece(st: CLState, d: Decision, f: int) -> str:
    return garrison.reprisal_piece(st, d, f) if in_reprisal(st) else generic(st, d, f)


def reprisal_move(st: CLState, d: Decision, f: int) -> str:
    return garrison.reprisal_dest(st, d, f) if in_reprisal(st) else generic(st, d, f)


def civic_action(st: CLState, d: Decision, f: int) -> str:
    """Civic Action: inside Train (8.8.2 step 4), or in the Support phase (8.8.6)."""
    if "civic" in d.option_ids():
        return train.civic_again(st, d, f)
    spaces = by_space(d)
    s = civic.next_step(st, list(spaces), civic.support_floor(st))
    return spaces[s] if s is not None else "done"


def cash_capture(st: CLState, d: Decision, f: int) -> str:
    """CL 8.1.2 P3 (CL-R-35): Confiscated Cash under Police before Troops."""
    for k in (Kind.POLICE, Kind.TROOPS):
        got = next((o.id for o in d.options if o.args.get("holder") == B.PIECES.names[k]),
                   None)
        if got:
            return got
    return d.option_ids()[0]


HANDLERS: Final[dict[str, Handler]] = {
    "coin.op_space": op_space,
    "cl.train_place": train.place_cube,
    "cl.train_final": train.train_final,
    "cl.train_base": train.train_base,
    "cl.civic_action": civic_action,
    "cl.transport": train.transport,
    "cl.move_cubes": move_cubes,
    "cl.free_assault": free_assault,
    "cl.activate": activate,
    "cl.remove_piece": removal,
    "cl.air_strike": air_strike,
    "cl.reprisal": reprisal,
    "cl.ev_pieces": reprisal_piece,
    "cl.ev_move": reprisal_move,
    "cl.redeploy": redeploy.redeploy_pick,
    "cl.redeploy_to": redeploy.redeploy_to,
    "cl.cash_capture": cash_capture,
}
