"""AA 3.2 COIN Operations: Train, Patrol, Sweep, Assault (and Civic Action, 6.4.1).

Government pieces never enter or are placed in a FARC Zone (AA 1.4.2).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

from services.coin.operations import OperationProc, OpSpec, op_vars
from services.coin.sequence import card_vars
from services.coin.spaces import ACTIVE_SUPPORT
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import AskProc, Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import KIND_IDS, NKINDS, Cap, Kind, Mom
from ..state import AAState
from .common import (
    activatable,
    any_exposed,
    decide,
    push_activate,
    push_remove,
    reclaim,
    reclaim_options,
)

GOVT: Final = B.GOVT
COST: Final = 3  # AA 3.1 Train, Patrol, Sweep, Assault
NONE_ARRIVED: Final = (0,) * (2 * D.NS)  # a Sweep's cubes moved in so far, before its first space
# AA 3.2.3 the cubes a Sweep moves in: Troops (card 11 unshaded: and Police)
SWEEPERS: Final = {False: (int(Kind.TROOPS),), True: (int(Kind.TROOPS), int(Kind.POLICE))}


def city_or_dept(st: AAState) -> tuple[int, ...]:
    return B.cities_and_depts(st)


def one_space_per_card(st: AAState, v: dict[str, Any], cap: int) -> int:
    """Cards 2 and 3 shaded: the Operation selects 1 space per card: what this Operation
    may still take after the spaces that earlier ones took on this card (a Ship LimOp)."""
    if not B.has_cap(st, cap):
        return 1 if v["lim"] else 99
    card = card_vars(st)
    earlier = card.get(f"spaces_{v['op']}", 0) - len(v["spaces"]) if card else 0
    return max(0, 1 - earlier)


def count_per_card(st: AAState, v: dict[str, Any]) -> None:
    """Record a space selected by this Operation on the current card."""
    card = card_vars(st)
    if card is not None:
        key = f"spaces_{v['op']}"
        card[key] = card.get(key, 0) + 1


# -- Train and Civic Action ----------------------------------------------------


def civic_ok(st: AAState, s: int, relaxed: bool = False) -> bool:
    """AA 6.4.1 Civic Action space: Govt Control, Troops and Police (card 1), something to do."""
    if B.control(st, s) != GOVT or (not st.terror[s] and (D.POP[s] <= 0 or
                                                          st.support[s] == ACTIVE_SUPPORT)):
        return False
    t, p = B.troops(st, s), B.police(st, s)
    if B.has_cap(st, Cap.C1_S):
        return t >= 2 and p >= 2
    return t + p >= 1 if relaxed else t >= 1 and p >= 1


def civic_action(ctx: Ctx, st: AAState, s: int) -> None:
    """AA 6.4.1 One purchase: pay 3; remove 1 Terror, or else shift 1 toward Active Support."""
    st.resources[GOVT] -= COST
    if st.terror[s]:
        st.terror[s] -= 1
        what = "removes a Terror marker"
    else:
        st.support[s] += 1
        what = "shifts it 1 level toward Active Support"
    ctx.emit("aa.civic_action", f"Civic Action in {W.space(s)} {what}.",
             {"space": D.NAMES[s], "terror_removed": what.startswith("removes")})


class Train(OpSpec[AAState]):
    """AA 3.2.1 Train: 3 per City/Department; cubes where a City or Govt Base; then Base or
    Civic Action in one selected space (AA-R-19)."""

    name = "train"
    faction = GOVT

    def candidates(self, st: AAState, v: dict[str, Any]) -> tuple[int, ...]:
        return city_or_dept(st)

    def selectable(self, st: AAState, v: dict[str, Any], s: int) -> bool:
        """Only where choosing the space can change the board: cubes to place, or a Base or
        Civic Action for step 3 (a Department without a Govt Base serves only step 3)."""
        if B.is_zone(st, s):
            return False
        return can_train_cubes(st, s) or can_train_base(st, s) or (
            civic_ok(st, s) and st.resources[GOVT] >= COST + (0 if v["free"] else COST))

    def cost(self, st: AAState, v: dict[str, Any], s: int) -> int:
        return COST

    def select(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        if B.is_city(s) or B.bases(st, s, GOVT):
            push(st, "aa.train_place", s=s, left=6)

    def finish(self, ctx: Ctx, st: AAState, v: dict[str, Any]) -> None:
        push(st, "aa.train_final", spaces=list(v["spaces"]))


def can_train_cubes(st: AAState, s: int) -> bool:
    """AA 3.2.1 step 1: cubes can be placed in s (a City or Govt Base space), Available or
    taken back from elsewhere (AA 1.4.1)."""
    if not (B.is_city(s) or B.bases(st, s, GOVT)) or B.faction_room(st, s, GOVT) <= 0:
        return False
    return any(B.PIECES.available(st, k) or B.on_map(st, k) > B.n(st, s, k)
               for k in (Kind.TROOPS, Kind.POLICE))


def can_train_base(st: AAState, s: int) -> bool:
    """AA 3.2.1 step 3: 3 Govt cubes in s could become a Base (Available or from the map)."""
    return bool(cube_mixes(st, s)) and bool(
        B.PIECES.available(st, Kind.GOVT_BASE) or B.bases_on_map(st, GOVT))


class TrainPlaceProc(AskProc[AAState]):
    """Place up to 6 cubes, any mix of Available Troops and Police."""

    name = "aa.train_place"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        kinds = [k for k in (Kind.TROOPS, Kind.POLICE) if B.PIECES.available(st, k)]
        if v["left"] <= 0 or B.faction_room(st, v["s"], GOVT) <= 0:  # Ecuador: 2 per faction
            return []
        where = W.space(v["s"])
        opts = [option(f"place:{KIND_IDS[k]}", f"Place {W.pieces(k, 1)} in {where}",
                       piece=KIND_IDS[k]) for k in kinds]
        opts += reclaim_options(st, (Kind.TROOPS, Kind.POLICE), v["s"])
        if not opts:
            return []
        opts.append(option("done", f"Place no more cubes in {where}"))
        return [decide(st, GOVT, "aa.train_place",
                       f"place cubes in {where} ({v['left']} left).", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == "done":
            pop(st)
            return
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "reclaim":
            reclaim(ctx, st, arg, GOVT)
            return
        kind = Kind.TROOPS if c.option_id == "place:troops" else Kind.POLICE
        B.PIECES.place(st, fr.vars["s"], kind)
        fr.vars["left"] -= 1


def cube_mixes(st: AAState, s: int) -> list[int]:
    """Numbers of Troops among the 3 cubes a Train Base can replace in s, room permitting
    (AA 3.2.1 step 3)."""
    if B.base_room(st, s) < 1:
        return []
    t, p = B.troops(st, s), B.police(st, s)
    return [nt for nt in range(4) if nt <= t and 3 - nt <= p]


def base_mixes(st: AAState, s: int) -> list[int]:
    """`cube_mixes` while a Government Base is Available."""
    return cube_mixes(st, s) if B.PIECES.available(st, Kind.GOVT_BASE) else []


def civic_label(st: AAState, s: int) -> str:
    """What one Civic Action purchase in s does (AA 6.4.1)."""
    what = "remove a Terror marker" if st.terror[s] else "shift 1 level toward Active Support"
    return f"Civic Action in {W.space(s)} for 3 Resources: {what}"


def civic_option(st: AAState, oid: str, s: int) -> Option:
    """`civic` (again in the space chosen) or `civic:<space>`."""
    return option(oid, civic_label(st, s), **({"space": D.NAMES[s]} if ":" in oid else {}))


class TrainFinalProc(AskProc[AAState]):
    """AA 3.2.1 step 3: Base or Civic Action in at most one selected space."""

    name = "aa.train_final"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if "civic" in v:
            s = v["civic"]
            if st.resources[GOVT] < COST or not civic_ok(st, s):
                return []
            buy = [civic_option(st, "civic", s), option("done", "No more Civic Action")]
            return [decide(st, GOVT, "aa.civic_action", f"Civic Action in {W.space(s)}?", buy)]
        opts: list[Option] = []
        for s in v["spaces"]:
            opts += [option(f"base:{D.NAMES[s]}:{nt}", f"Build a Government Base in "
                            f"{W.space(s)}, replacing {nt} Troops and {3 - nt} Police",
                            space=D.NAMES[s], count=str(nt)) for nt in base_mixes(st, s)]
            if st.resources[GOVT] >= COST and civic_ok(st, s):
                opts.append(civic_option(st, f"civic:{D.NAMES[s]}", s))
        if any(cube_mixes(st, s) for s in v["spaces"]):  # AA 1.4.1: a Base from the map
            opts += reclaim_options(st, (Kind.GOVT_BASE,), -1)
        if not opts:
            return []
        opts.append(option("done", "Neither Base nor Civic Action"))
        return [decide(st, GOVT, "aa.train_final", "Base or Civic Action?", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        parts = (c.option_id or "").split(":")
        if parts[0] == "done":
            pop(st)
        elif parts[0] == "reclaim":
            reclaim(ctx, st, f"{parts[1]}:{parts[2]}", GOVT)
        elif parts[0] == "civic" and len(parts) == 1:
            civic_action(ctx, st, fr.vars["civic"])
        elif parts[0] == "civic":
            fr.vars["civic"] = D.INDEX[parts[1]]
            civic_action(ctx, st, fr.vars["civic"])
        else:
            s, nt = D.INDEX[parts[1]], int(parts[2])
            B.PIECES.remove(st, s, Kind.TROOPS, nt)
            B.PIECES.remove(st, s, Kind.POLICE, 3 - nt)
            B.PIECES.place(st, s, Kind.GOVT_BASE)
            ctx.emit("aa.train_base", f"Government Base built in {W.space(s)}.",
                     {"space": D.NAMES[s]})
            pop(st)


# -- Patrol --------------------------------------------------------------------


def patrol_reach(st: AAState, src: int) -> list[int]:
    """AA 3.2.2 Cities/LoCs a cube can step to from src, stopping where any Guerrilla is."""
    links = D.PATROL_ADJ[st.extras]
    seen = {src}
    frontier = [src]
    out: list[int] = []
    while frontier:
        s = frontier.pop()
        for a in links[s]:
            if a in seen:
                continue
            seen.add(a)
            out.append(a)
            if not B.all_guerrillas(st, a):
                frontier.append(a)
    return sorted(out)


def patrol_sources(st: AAState, dest: int) -> set[int]:
    """AA 3.2.2: the spaces from which a cube can reach `dest` (the reverse of
    `patrol_reach`: paths run through Guerrilla-free LoCs and Cities)."""
    seen = {dest}
    frontier = [dest]
    sources: set[int] = set()
    while frontier:
        s = frontier.pop()
        for a in B.adjacent(st, s):
            if a != dest:
                sources.add(a)
            if a not in seen and not B.is_dept(a) and not B.all_guerrillas(st, a):
                seen.add(a)
                frontier.append(a)
    return sources


class Patrol(OpSpec[AAState]):
    """AA 3.2.2 Patrol: 3 in total; move cubes; Activate on LoCs; one free Assault. Its SA
    may come before or between the moves (`PatrolMoveProc`) or after (AA 4.1)."""

    name = "patrol"
    faction = GOVT
    needs_space = False  # AA 3.1: Patrol counts once paid and its steps run

    def start(self, ctx: Ctx, st: AAState, v: dict[str, Any]) -> bool:
        if not v["free"]:
            st.resources[GOVT] -= COST
        push(st, "aa.patrol_move", lim=v["lim"], dest=-1, arrived=[0] * (2 * D.NS))
        return True

    def finish(self, ctx: Ctx, st: AAState, v: dict[str, Any]) -> None:
        push(st, "aa.patrol_assault", lim=v["lim"], dest=v.get("dest", -1), done=[])
        if B.has_mom(st, Mom.M12):
            return
        for s in reversed(D.LOCS):
            if B.in_play(st, s):
                push_activate(st, s, B.cubes(st, s))


@functools.cache
def patrol_from(s: int, k: int) -> Option:
    """AA 3.2.2 the option of moving a cube of kind k out of s (made once)."""
    return option(f"from:{D.NAMES[s]}:{KIND_IDS[k]}", f"Move {W.pieces(k, 1)} out of "
                  f"{W.space(s)}", space=D.NAMES[s], piece=KIND_IDS[k])


@functools.cache
def patrol_to(k: int, src: int, s: int) -> Option:
    """AA 3.2.2 the option of moving that cube on into s (made once)."""
    return option(f"to:{D.NAMES[s]}", f"Move {W.pieces(k, 1)} from {W.space(src)} to "
                  f"{W.space(s)}", space=D.NAMES[s])


class PatrolMoveProc(Proc[AAState]):
    """Move cubes one at a time (each at most once); LimOp: all into one destination."""

    name = "aa.patrol_move"

    def __init__(self, operation: OperationProc) -> None:
        self.operation = operation

    def movable(self, st: AAState, v: dict[str, Any]) -> list[tuple[int, int]]:
        """Unmoved cubes that have somewhere to go: any adjacent LoC or City is a first
        step (it may end there); a LimOp needs a path to its destination."""
        if v["lim"]:
            sources = patrol_sources(st, v["dest"])
            origins = [s for s in B.spaces(st) if s in sources]
        else:
            links = D.PATROL_ADJ[st.extras]
            origins = [s for s in B.spaces(st) if links[s]]
        p, arrived = st.pieces, v["arrived"]
        return [(s, k) for s in origins for k in (0, 1) if p[s * NKINDS + k] > arrived[2 * s + k]]

    def dests(self, st: AAState, v: dict[str, Any], src: int) -> list[int]:
        reach = patrol_reach(st, src)
        return [v["dest"]] if v["lim"] and v["dest"] in reach else ([] if v["lim"] else reach)

    def waits(self, st: AAState, fr: Frame) -> bool:
        return True  # every branch of `decisions` offers one decision

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if v["lim"] and v["dest"] < 0:
            opts = [option(f"dest:{D.NAMES[s]}", f"Patrol into {W.space(s)} (every moving cube "
                           "ends there)", space=D.NAMES[s]) for s in range(D.NS)
                    if (B.is_loc(s) or B.is_city(s)) and B.in_play(st, s)]
            return [decide(st, GOVT, "aa.patrol_dest", "choose the LimOp destination.", opts)]
        if "src" in v:
            opts = [patrol_to(v["kind"], v["src"], s) for s in self.dests(st, v, v["src"])]
            return [decide(st, GOVT, "aa.patrol_to", "move the cube to:", opts)]
        opts = [patrol_from(s, k) for s, k in self.movable(st, v)]
        when = "before moving" if not any(v["arrived"]) else "between two moves"
        opts += [self.operation.sa_option(n, when)
                 for n in self.operation.sa_names(st, op_vars(st))]
        opts.append(option("done", "Stop moving: Activate on the LoCs"))
        return [decide(st, GOVT, "aa.patrol_move", "move a cube or done.", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        parts = (c.option_id or "").split(":")
        if parts[0] == "sa":  # AA 4.1: the SA before or between the moves
            self.operation.begin_sa(ctx, st, op_vars(st), parts[1])
        elif parts[0] == "done":
            pop(st, dest=v["dest"])
        elif parts[0] == "dest":
            v["dest"] = D.INDEX[parts[1]]
        elif parts[0] == "from":
            v["src"], v["kind"] = D.INDEX[parts[1]], 0 if parts[2] == "troops" else 1
        else:
            dst = D.INDEX[parts[1]]
            B.PIECES.move(st, v.pop("src"), dst, v["kind"])
            v["arrived"][2 * dst + v.pop("kind")] += 1


def assault_count(st: AAState, s: int) -> int:
    """AA 3.2.4 step 1: enemy pieces an Assault may remove in s."""
    return assault_rate(st, s, B.troops(st, s), B.police(st, s))


def assault_rate(st: AAState, s: int, t: int, p: int) -> int:
    """AA 3.2.4 step 1 for t Troops and p Police: Troops 1 each, Police too in a City or
    LoC; a Mountain Department 1 per 2 Troops (card 9: as a City / 1 per 4 Troops)."""
    if B.is_mountain(s):
        if B.has_cap(st, Cap.C9_U):
            return t + p
        return t // 4 if B.has_cap(st, Cap.C9_S) else t // 2
    return t + p if not B.is_dept(s) else t


def can_assault(st: AAState, s: int) -> bool:
    return assault_count(st, s) > 0 and any_exposed(st, s)


class PatrolAssaultProc(AskProc[AAState]):
    """AA 3.2.2 step 3: a free Assault in one LoC (LimOp: the destination; card 13)."""

    name = "aa.patrol_assault"

    def spaces(self, st: AAState, v: dict[str, Any]) -> list[int]:
        if B.has_cap(st, Cap.C13_S) or (v["done"] and not B.has_cap(st, Cap.C13_U)):
            return []
        locs = [v["dest"]] if v["lim"] else list(D.LOCS)
        return [s for s in locs if B.is_loc(s) and s not in v["done"] and can_assault(st, s)]

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        opts = [option(f"assault:{D.NAMES[s]}", f"A free Assault in {W.space(s)} (removes up "
                       f"to {assault_count(st, s)})", space=D.NAMES[s])
                for s in self.spaces(st, fr.vars)]
        if not opts:
            return []
        opts.append(option("done", "No free Assault"))
        return [decide(st, GOVT, "aa.patrol_assault", "free Assault in a LoC?", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == "done":
            pop(st)
            return
        s = D.INDEX[(c.option_id or "").split(":")[1]]
        fr.vars["done"].append(s)
        push_remove(st, s, GOVT, assault_count(st, s), "assault", "drug_bust")


# -- Sweep ---------------------------------------------------------------------


def sweep_reach(st: AAState, dest: int) -> set[int]:
    """AA 3.2.3 Spaces whose cubes can reach dest: adjacent, or via one LoC free of
    Guerrillas adjacent to both (AA-R-19); dest itself among them."""
    near = B.adjacent(st, dest)
    reach = set(near)  # adjacency is symmetric: the LoCs' neighbours, not every space's
    for m in near:
        if B.is_loc(m) and not B.all_guerrillas(st, m):
            reach.update(B.adjacent(st, m))
    return reach


def sweep_origins(st: AAState, dest: int, arrived: list[int], kind: int) -> list[int]:
    """AA 3.2.3 Spaces whose unmoved cubes can reach dest."""
    return [o for o in sorted(sweep_reach(st, dest))
            if o != dest and B.n(st, o, kind) > arrived[2 * o + kind]]


def any_sweep_origin(st: AAState, dest: int, arrived: Sequence[int],
                     kinds: tuple[int, ...]) -> bool:
    """Whether `sweep_origins` names any space for one of `kinds` (stops at the first)."""
    pieces, nk = st.pieces, NKINDS
    return any(o != dest and pieces[o * nk + k] > arrived[2 * o + k]
               for o in sweep_reach(st, dest) for k in kinds)


class Sweep(OpSpec[AAState]):
    """AA 3.2.3 Sweep: 3 per destination (card 2); move Troops in; Activate (cards 11, 17, 71)."""

    name = "sweep"
    faction = GOVT

    def candidates(self, st: AAState, v: dict[str, Any]) -> tuple[int, ...]:
        return city_or_dept(st)

    def selectable(self, st: AAState, v: dict[str, Any], s: int) -> bool:
        """Only where choosing the space can change the board: Troops (card 11 unshaded:
        or Police) can move in, or cubes there can Activate an Underground Guerrilla."""
        if B.is_zone(st, s) or (B.is_dept(s) and B.has_mom(st, Mom.M17)):
            return False
        if sweep_activations(st, s) and activatable(st, s):
            return True
        if B.faction_room(st, s, GOVT) <= 0:
            return False
        arrived = v.get("arrived") or NONE_ARRIVED
        return any_sweep_origin(st, s, arrived, SWEEPERS[B.has_cap(st, Cap.C11_U)])

    def cost(self, st: AAState, v: dict[str, Any], s: int) -> int:
        return 1 if B.has_cap(st, Cap.C2_U) else COST

    def max_spaces(self, st: AAState, v: dict[str, Any]) -> int:
        return one_space_per_card(st, v, Cap.C2_S)

    def select(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        count_per_card(st, v)
        v.setdefault("arrived", [0] * (2 * D.NS))
        push(st, "aa.sweep_move", s=s, police=0)

    def finish(self, ctx: Ctx, st: AAState, v: dict[str, Any]) -> None:
        for s in reversed(v["spaces"]):
            push_activate(st, s, sweep_activations(st, s))


def sweep_activations(st: AAState, s: int) -> int:
    """AA 3.2.3 step 3: Guerrillas a Sweep Activates in s."""
    return sweep_rate(st, s, B.troops(st, s), B.police(st, s))


def sweep_rate(st: AAState, s: int, t: int, p: int) -> int:
    """AA 3.2.3 step 3 for t Troops and p Police: 1 per cube, 1 per 2 cubes in Forest; card
    11 shaded: Troops or Police, the larger; none in Panamá (card 71)."""
    if s == D.PANAMA:
        return 0
    n = max(t, p) if B.has_cap(st, Cap.C11_S) else t + p
    return n // 2 if B.is_forest(s) else n


class SweepMoveProc(AskProc[AAState]):
    """Troops (and with card 11 unshaded 1 Police) move into one Sweep destination."""

    name = "aa.sweep_move"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if B.faction_room(st, v["s"], GOVT) <= 0:  # Ecuador: 2 pieces per faction
            return []
        arrived = self.arrived(st)
        into = W.space(v["s"])
        opts = [option(f"troops:{D.NAMES[o]}", f"Move 1 Troops from {W.space(o)} into {into}",
                       space=D.NAMES[o]) for o in sweep_origins(st, v["s"], arrived, 0)]
        if B.has_cap(st, Cap.C11_U) and not v["police"]:
            opts += [option(f"police:{D.NAMES[o]}", f"Move 1 Police from {W.space(o)} into "
                            f"{into}", space=D.NAMES[o])
                     for o in sweep_origins(st, v["s"], arrived, 1)]
        if not opts:
            return []
        opts.append(option("done", f"No more cubes into {into}"))
        return [decide(st, GOVT, "aa.sweep_move", f"move Troops into {into}?", opts)]

    def arrived(self, st: AAState) -> list[int]:
        """The Operation's record of pieces that arrived (each moves once)."""
        op = next(f for f in reversed(st.stack) if f.proc == "coin.op")
        arrived: list[int] = op.vars["arrived"]
        return arrived

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        if c.option_id == "done":
            pop(st)
            return
        kind_id, o = (c.option_id or "").split(":")
        k = 0 if kind_id == "troops" else 1
        B.PIECES.move(st, D.INDEX[o], v["s"], k)
        self.arrived(st)[2 * v["s"] + k] += 1
        v["police"] += k


# -- Assault -------------------------------------------------------------------


class Assault(OpSpec[AAState]):
    """AA 3.2.4 Assault: 3 per space (card 3); remove exposed enemies; Drug Bust (3.2.5)."""

    name = "assault"
    faction = GOVT

    def candidates(self, st: AAState, v: dict[str, Any]) -> tuple[int, ...]:
        return B.spaces(st)

    def selectable(self, st: AAState, v: dict[str, Any], s: int) -> bool:
        return not (B.is_dept(s) and B.has_mom(st, Mom.M17)) and can_assault(st, s)

    def cost(self, st: AAState, v: dict[str, Any], s: int) -> int:
        return 1 if B.has_cap(st, Cap.C3_U) else COST

    def max_spaces(self, st: AAState, v: dict[str, Any]) -> int:
        return one_space_per_card(st, v, Cap.C3_S)

    def select(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        count_per_card(st, v)
        push_remove(st, s, GOVT, assault_count(st, s), "assault", "drug_bust")


OPS: Final[list[OpSpec[AAState]]] = [Train(), Patrol(), Sweep(), Assault()]
PROCS: Final[list[Proc[AAState]]] = [TrainPlaceProc(), TrainFinalProc(), PatrolAssaultProc(),
                                     SweepMoveProc()]  # PatrolMoveProc: built by operations.py
