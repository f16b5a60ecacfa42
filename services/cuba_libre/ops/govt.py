"""CL 3.2 COIN Operations: Train (with Civic Action, 6.3.2), Garrison, Sweep, Assault; each
costs 2 / 3 / 4 per space by the US Alliance (CL 6.3.1), Garrison that amount once.

Momentum read here: card 1 shaded (Assault brings Troops), card 4 shaded (Police count as
Troops in Sweep and Assault), card 6 shaded (Mountain as City in Assault, board.py).
"""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import OpSpec, op_vars
from services.coin.piece_procs import push_activate, push_remove
from services.coin.spaces import ACTIVE_SUPPORT
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import AskProc, Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..cash import CONFISCATION
from ..casinos import RULES
from ..constants import KIND_IDS, Kind, Mom
from ..state import CLState
from .common import coin_cost, decide, movable, push_cubes_in

GOVT: Final = B.GOVT
CUBES: Final[tuple[int, ...]] = (Kind.TROOPS, Kind.POLICE)
TRAIN_CUBES: Final = 4  # CL 3.2.1
CIVIC_ACTION_COST: Final = 4  # CL 3.2.1, 6.3.2
ALL_SPACES: Final = tuple(range(D.NS))


def has_govt_base(st: CLState, s: int) -> bool:
    return B.n(st, s, Kind.GOVT_BASE) > 0


# -- Train and Civic Action (CL 3.2.1, 6.3.2) ----------------------------------------------


def civic_ok(st: CLState, s: int) -> bool:
    """CL 6.3.2: Government Control, at least 1 Troop and 1 Police, and a Terror marker to
    remove or a level to raise."""
    return (B.control(st, s) == GOVT and B.n(st, s, Kind.TROOPS) > 0
            and B.n(st, s, Kind.POLICE) > 0
            and (st.terror[s] > 0 or st.support[s] < ACTIVE_SUPPORT))


def civic_action(ctx: Ctx, st: CLState, s: int) -> None:
    """CL 6.3.2 one step (paid by the caller): remove a Terror marker, else shift 1 level
    toward Active Support."""
    if st.terror[s]:
        st.terror[s] -= 1
        what = "removes a Terror marker"
    else:
        st.support[s] += 1
        what = f"shifts it to {W.level(st.support[s])}"
    ctx.emit("cl.civic_action", f"Civic Action in {W.space(s)} {what}.",
             {"space": D.NAMES[s], "terror": st.terror[s], "level": st.support[s]})


def civic_label(st: CLState, s: int) -> str:
    what = ("remove a Terror marker" if st.terror[s]
            else f"shift to {W.level(st.support[s] + 1)}")
    return f"Civic Action in {W.space(s)} for {CIVIC_ACTION_COST} Resources: {what}"


class GovtOp(OpSpec[CLState]):
    """A COIN Operation (CL 3.2): in any City or Province by default, 2 / 3 / 4 a space."""

    faction = GOVT

    def candidates(self, st: CLState, v: dict[str, Any]) -> tuple[int, ...]:
        return D.POPULATED

    def selectable(self, st: CLState, v: dict[str, Any], s: int) -> bool:
        return True

    def cost(self, st: CLState, v: dict[str, Any], s: int) -> int:
        return coin_cost(st, v)


class Train(GovtOp):
    """CL 3.2.1: in each selected City or Province, up to 4 cubes where it is a City or has a
    Government Base; then a Base or Civic Action in one selected space."""

    name = "train"

    def select(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        if s in D.CITIES or has_govt_base(st, s):
            push(st, "cl.train_place", s=s, n=TRAIN_CUBES)

    def finish(self, ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
        push(st, "cl.train_final", spaces=list(v["spaces"]))


class TrainPlaceProc(AskProc[CLState]):
    """`cl.train_place` vars: s, n (cubes left). CL 3.2.1 step 1: up to 4 Available cubes,
    any mix of Troops and Police."""

    name = "cl.train_place"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        s = v["s"]
        if v["n"] <= 0:
            return []
        opts = [option(f"place:{KIND_IDS[k]}", f"Place {W.pieces(k, 1)} in {W.space(s)}",
                       piece=KIND_IDS[k]) for k in CUBES if B.PIECES.available(st, k)]
        if not opts:
            return []
        opts.append(option("done", f"Place no more cubes in {W.space(s)}"))
        return [decide(st, GOVT, "cl.train_place", f"Train: place cubes in {W.space(s)} "
                       f"({v['n']} more at most).", opts)]

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        if c.option_id == "done":
            pop(st)
            return
        k = KIND_IDS.index((c.option_id or "").split(":")[1])
        B.PIECES.place(st, v["s"], k)
        v["n"] -= 1
        ctx.emit("cl.place", f"{W.pieces(k, 1)} placed in {W.space(v['s'])}.",
                 {"space": D.NAMES[v["s"]], "piece": KIND_IDS[k]})


def base_ok(st: CLState, s: int) -> bool:
    """CL 3.2.1 step 2a: 2 Government cubes there, a Base Available, room for it."""
    return (B.cubes(st, s) >= 2 and B.PIECES.available(st, Kind.GOVT_BASE) > 0
            and B.base_room(st, s) > 0)


class TrainFinalProc(AskProc[CLState]):
    """`cl.train_final` vars: spaces (selected), civic (the Civic Action space, once chosen).
    CL 3.2.1 step 2: in one selected space, a Base for 2 cubes or Civic Action (4 Resources a
    step, even in a free Train)."""

    name = "cl.train_final"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        rich = st.resources[GOVT] >= CIVIC_ACTION_COST
        if "civic" in v:
            s = v["civic"]
            if not (rich and civic_ok(st, s)):
                return []
            opts = [option("civic", civic_label(st, s)), option("done", "No more Civic Action")]
            return [decide(st, GOVT, "cl.civic_action", "Train: Civic Action again?", opts)]
        opts = [option(f"base:{D.NAMES[s]}", f"Replace 2 cubes in {W.space(s)} with a "
                       "Government Base", space=D.NAMES[s])
                for s in v["spaces"] if base_ok(st, s)]
        opts += [option(f"civic:{D.NAMES[s]}", civic_label(st, s), space=D.NAMES[s])
                 for s in v["spaces"] if rich and civic_ok(st, s)]
        if not opts:
            return []
        opts.append(option("done", "Neither a Base nor Civic Action"))
        return [decide(st, GOVT, "cl.train_final", "Train: a Base or Civic Action in one of "
                       "the Train spaces?", opts)]

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "done":
            pop(st)
        elif verb == "base":
            pop(st)
            push(st, "cl.train_base", s=D.INDEX[arg], picked=0)
        else:
            s = D.INDEX[arg] if arg else v["civic"]
            v["civic"] = s
            st.resources[GOVT] -= CIVIC_ACTION_COST
            civic_action(ctx, st, s)


class TrainBaseProc(AskProc[CLState]):
    """`cl.train_base` vars: s, picked (cubes taken so far). CL 3.2.1 step 2a: the Government
    picks the 2 cubes the Base replaces (Troops or Police), then the Base is placed."""

    name = "cl.train_base"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        s = v["s"]
        picked = v["picked"]
        kinds = [k for k in CUBES if B.n(st, s, k)]
        if picked >= 2 or len(kinds) < 2:
            return []
        opts = [option(f"piece:{KIND_IDS[k]}", f"Remove {W.pieces(k, 1)} from {W.space(s)} "
                       "for the Base", piece=KIND_IDS[k]) for k in kinds]
        return [decide(st, GOVT, "cl.train_base", f"Train: which cube does the Base replace "
                       f"({2 - picked} left)?", opts)]

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        v = fr.vars
        s = v["s"]
        if v["picked"] < 2:  # one kind of cube there: no choice (a Cash rescue may follow)
            v["picked"] += 1
            RULES.remove_piece(ctx, st, s, next(k for k in CUBES if B.n(st, s, k)), "", GOVT)
            return
        B.PIECES.place(st, s, Kind.GOVT_BASE)
        ctx.emit("cl.place", f"A Government Base is placed in {W.space(s)}.",
                 {"space": D.NAMES[s], "piece": KIND_IDS[Kind.GOVT_BASE]})
        pop(st)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        k = KIND_IDS.index((c.option_id or "").split(":")[1])
        RULES.remove_piece(ctx, st, fr.vars["s"], k, "", GOVT)
        fr.vars["picked"] += 1


# -- Garrison (CL 3.2.2) ------------------------------------------------------------------


class Garrison(GovtOp):
    """CL 3.2.2: cubes from anywhere into Cities and ECs (the selected spaces; paid once in
    total); then in each EC 1 Guerrilla Activated per cube; then a free Assault in 1 EC
    (a LimOp: only in its space, if an EC, CL-R-07)."""

    name = "garrison"

    def candidates(self, st: CLState, v: dict[str, Any]) -> tuple[int, ...]:
        return (*D.CITIES, *D.ECS)

    def cost(self, st: CLState, v: dict[str, Any], s: int) -> int:
        """Paid once, with the first space."""
        return 0 if v["spaces"] else coin_cost(st, v)

    def select(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        push_cubes_in(st, s, CUBES, "garrison")

    def finish(self, ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
        ecs = [s for s in v["spaces"] if s in D.ECS] if v["lim"] else list(D.ECS)
        push(st, "cl.free_assault", among=ecs)
        for s in reversed(D.ECS):
            push_activate(B.BOARD, st, s, B.cubes(st, s))


class FreeAssaultProc(AskProc[CLState]):
    """`cl.free_assault` vars: among (spaces). CL 3.2.2 step 3 (and card 5 shaded's SA): the
    Government may Assault for free in 1 of the spaces."""

    name = "cl.free_assault"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        opts = [option(f"space:{D.NAMES[s]}", f"Free Assault in {W.space(s)}",
                       space=D.NAMES[s]) for s in v["among"] if assault_ok(st, op_vars(st), s)]
        if not opts:
            return []
        opts.append(option("done", "No free Assault"))
        return [decide(st, GOVT, "cl.free_assault", "a free Assault?", opts)]

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        pop(st, **({"sa": v["sa"]} if "sa" in v else {}))
        if c.option_id != "done":
            push_assault(st, D.INDEX[(c.option_id or "").split(":")[1]])


# -- Sweep (CL 3.2.3) ---------------------------------------------------------------------


def sweepers(st: CLState) -> tuple[int, ...]:
    """CL 3.2.3: Troops move into a Sweep space; card 4 shaded (Momentum): Police too."""
    if B.has_mom(st, Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS):
        return CUBES
    return (Kind.TROOPS,)


class Sweep(GovtOp):
    """CL 3.2.3: Troops from adjacent spaces into each selected City or Province; then in each,
    1 Guerrilla Activated per cube (per 2 cubes in Forest)."""

    name = "sweep"

    def select(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        if not v.get("no_move"):  # card 3 shaded: a free Sweep that only Activates
            push_cubes_in(st, s, sweepers(st), "sweep", list(D.ADJ[s]))

    def finish(self, ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
        for s in reversed(v["spaces"]):
            push_activate(B.BOARD, st, s, B.sweep_activations(st, s))


# -- Assault (CL 3.2.4) -------------------------------------------------------------------


def troops_elsewhere(st: CLState, op: dict[str, Any], s: int) -> bool:
    """Card 1 shaded: Troops that could still be brought into s for the Assault of the
    Operation whose vars are `op`."""
    return any(movable(st, op, x, Kind.TROOPS) > 0 for x in range(D.NS) if x != s)


def assault_targets(st: CLState, op: dict[str, Any], s: int) -> list[int]:
    """CL 3.2.4: the kinds an Assault may remove in s now (an Event's free Assault may target
    one faction only: frame var `only_faction`, card 9 shaded)."""
    kinds = RULES.removable(st, s, GOVT, "assault")
    only = op.get("only_faction", -1)
    return kinds if only < 0 else [k for k in kinds if B.PIECES.faction[k] == only]


def assault_ok(st: CLState, op: dict[str, Any], s: int) -> bool:
    """CL 3.2.4: an enemy piece an Assault may remove in s, and the cubes to do it (card 1
    shaded: Troops that may still come)."""
    if not assault_targets(st, op, s):
        return False
    return B.assault_removals(st, s) > 0 or (
        B.has_mom(st, Mom.ASSAULT_BRINGS_TROOPS) and troops_elsewhere(st, op, s))


class Assault(GovtOp):
    """CL 3.2.4: in each selected space, remove Active Guerrillas and Bases (Bases last; a
    Casino closed), as many as the cubes allow; Confiscation of their Cash."""

    name = "assault"

    def candidates(self, st: CLState, v: dict[str, Any]) -> tuple[int, ...]:
        return ALL_SPACES

    def selectable(self, st: CLState, v: dict[str, Any], s: int) -> bool:
        return assault_ok(st, v, s)

    def select(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        push_assault(st, s)


def push_assault(st: CLState, s: int) -> None:
    push(st, "cl.assault_space", s=s, ph="move")


class AssaultSpaceProc(Proc[CLState]):
    """`cl.assault_space` vars: s, ph. Card 1 shaded (Momentum): Troops may first come from any
    other spaces; then the removals (CL 3.2.4, 1.4.1 step 5), counted on the cubes there."""

    name = "cl.assault_space"

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        v = fr.vars
        s = v["s"]
        if v["ph"] == "move":
            v["ph"] = "remove"
            if B.has_mom(st, Mom.ASSAULT_BRINGS_TROOPS) and troops_elsewhere(st, op_vars(st), s):
                push_cubes_in(st, s, (Kind.TROOPS,), "assault")
        elif v["ph"] == "remove":
            v["ph"] = "end"
            n = B.assault_removals(st, s)
            if n > 0:
                push_remove(B.BOARD, st, s, GOVT, n, "assault", CONFISCATION, must=True,
                            only=op_vars(st).get("only_faction", -1))
        else:
            pop(st)


OPS: Final[list[OpSpec[CLState]]] = [Train(), Garrison(), Sweep(), Assault()]
PROCS: Final[list[Proc[Any]]] = [TrainPlaceProc(), TrainFinalProc(), TrainBaseProc(),
                                 FreeAssaultProc(), AssaultSpaceProc()]
