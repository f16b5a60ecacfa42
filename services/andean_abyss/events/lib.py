"""Andean Abyss helpers for event programs: the coin step vocabulary bound to the map, a
piece picker, placement within stacking, and the "in every space where possible" free
Operations several cards grant (AA 5.1, 5.5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.coin import effects as fx
from services.coin.spaces import ACTIVE_OPPOSITION, ACTIVE_SUPPORT, shift_support
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import BASE, FACTION_IDS, GUER_A, GUER_U, KIND_FACTION, KIND_IDS, Kind
from ..ops.common import (
    KIND_INDEX,
    decide,
    push_activate,
    push_remove,
    reclaim,
    reclaim_options,
    remove_piece,
)
from ..ops.govt import assault_rate, sweep_rate
from ..ops.insurgent import aid_cut, attack, terror
from ..state import AAState

Vars = dict[str, Any]
GOVT, FARC, AUC, CARTELS = B.GOVT, B.FARC, B.AUC, B.CARTELS
INSURGENTS = (FARC, AUC, CARTELS)
EXEC = fx.EXECUTOR


def by(f: int) -> fx.Who:
    """A named faction makes the choices (AA-D-32)."""
    return lambda st, v: f


def named(st: AAState, v: Vars) -> int:
    """The faction an earlier step named (v["named"])."""
    return int(v["named"])


def spaces(n: int | Callable[[Any, Vars], int], where: fx.SpacePred, act: fx.SpaceAct,
           prompt: str, **kw: Any) -> fx.Spaces:
    return fx.Spaces(D.NAMES, W.SPACES, n, lambda st, v, s: B.in_play(st, s) and where(st, v, s),
                     act, prompt, **kw)


def each(where: fx.SpacePred, act: fx.SpaceAct) -> fx.EachSpace:
    return fx.EachSpace(D.NS, lambda st, v, s: B.in_play(st, s) and where(st, v, s), act)


def do(fn: Callable[[Ctx, Any, Vars], object]) -> fx.Do:
    return fx.Do(fn)


def pick(opts: Callable[[Any, Vars], list[Option]],
         act: Callable[[Ctx, Any, Vars, str], None], prompt: str,
         who: fx.Who = EXEC) -> fx.Pick:
    return fx.Pick(opts, act, prompt, who)


def faction_options(factions: tuple[int, ...], what: str) -> list[Option]:
    """`faction:<id>` options labelled "<what> <Faction>"."""
    return [option(f"faction:{FACTION_IDS[f]}", f"{what} {W.faction(f)}",
                   faction=FACTION_IDS[f]) for f in factions]


def name_insurgent(prompt: str = "name an Insurgent faction",
                   what: str = "Name the") -> fx.Pick:
    """The executing faction names an Insurgent faction (v["named"])."""
    def act(ctx: Ctx, st: Any, v: Vars, o: str) -> None:
        v["named"] = FACTION_IDS.index(o.split(":")[1])
    return pick(lambda st, v: faction_options(INSURGENTS, what), act, prompt)


# -- predicates ----------------------------------------------------------------


def city(s: int) -> bool:
    return B.is_city(s)


def dept(s: int) -> bool:
    return B.is_dept(s)


def loc(s: int) -> bool:
    return B.is_loc(s)


def populated(s: int) -> bool:
    return D.POP[s] > 0 and not B.is_loc(s)


def pipeline(s: int) -> bool:
    return D.PIPELINE[s]


def insurgent_pieces(st: AAState, s: int) -> int:
    return sum(B.pieces_of(st, s, f) for f in INSURGENTS)


def can_shift(st: AAState, s: int, toward: int) -> bool:
    return populated(s) and st.support[s] != toward


# -- effects -------------------------------------------------------------------


def res(f: int, amount: int) -> Callable[[Ctx, Any, Vars], None]:
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        B.add_resources(st, f, amount)
    return fn


def shift(st: AAState, s: int, toward: int, n: int = 1) -> None:
    shift_support(st, D.POP, s, toward, n)


def toward_support(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
    shift(st, s, ACTIVE_SUPPORT)


def toward_opposition(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
    shift(st, s, ACTIVE_OPPOSITION)


def set_level(level: int) -> fx.SpaceAct:
    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        if populated(s):
            st.support[s] = level
    return act


def place_n(st: AAState, s: int, kind: int, n: int = 1) -> int:
    """Place up to n Available pieces within stacking (AA 5.1.1); returns how many."""
    placed = 0
    for _ in range(n):
        if not B.PIECES.available(st, kind) or not B.can_place(st, s, kind):
            break
        B.PIECES.place(st, s, kind)
        placed += 1
    return placed


def remove_all(ctx: Ctx, st: AAState, s: int, kinds: tuple[int, ...], by_f: int) -> None:
    """Remove every piece of these kinds from s (Shipments follow AA 4.5.3)."""
    for k in kinds:
        for _ in range(B.n(st, s, k)):
            remove_piece(ctx, st, s, k, "", by_f)


def sabotage(st: AAState, s: int) -> bool:
    if B.is_sabotaged(st, s) or B.markers_left(st) <= 0 or not B.is_loc(s):
        return False
    st.sabotage |= 1 << s
    return True


def add_terror(st: AAState, s: int, n: int = 1) -> None:
    st.terror[s] += min(n, max(0, B.markers_left(st)))


def all_kinds(factions: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(k for k in range(len(KIND_IDS)) if KIND_FACTION[k] in factions)


def guerrilla_kinds(factions: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(k for f in factions for k in (GUER_U[f], GUER_A[f]))


# -- the piece picker ------------------------------------------------------------


PIECE_VERBS = {"remove": "Remove", "activate": "Activate", "hide": "Flip Underground",
               "replace": "Replace", "move": "Move"}


class PiecesProc(Proc[AAState]):
    """`aa.ev_pieces`: pick up to n pieces of the given kinds in one space (or anywhere when
    s < 0) and act on each: remove, activate, hide (Underground) or replace by one of `by`.
    vars: s, kinds, n, act, who, stop (may stop early), by (replacement kinds), out_of_play;
    moved pieces are recorded so that each moves once (AA-I-10)."""

    name = "aa.ev_pieces"

    def where(self, st: AAState, v: Vars) -> list[int]:
        if v["s"] >= 0:
            return [v["s"]]
        if v["s"] < -1:  # no space was chosen: nothing to pick
            return []
        among = v.get("among")
        return [s for s in range(D.NS) if B.in_play(st, s) and (among is None or s in among)]

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if "mv" in v:
            s, k = v["mv"]
            opts = [option(f"to:{D.NAMES[d]}", f"Move {W.pieces(k, 1)} from {W.space(s)} to "
                           f"{W.space(d)}", space=D.NAMES[d]) for d in move_dests(st, v, s, k)]
            if not opts:
                return []
            return [decide(st, v["who"], "aa.ev_move", "move it to:", opts)]
        if "rep" in v:
            s, _ = v["rep"]
            gone = KIND_FACTION[v["rep"][1]]
            opts = [option(f"by:{KIND_IDS[k]}", f"Replace it with {W.pieces(k, 1)}",
                           piece=KIND_IDS[k]) for k in v["by"]
                    if B.PIECES.available(st, k) and B.can_place(st, s, k)
                    and not (v.get("other_faction") and KIND_FACTION[k] == gone)]
            if not opts:
                return []
            return [decide(st, v["who"], "aa.ev_replace", "replace with:", opts)]
        if v["n"] <= 0:
            return []
        opts = [self.piece_option(v, s, k) for s in self.where(st, v) for k in v["kinds"]
                if B.n(st, s, k) > self.arrived(v, s, k) and self.can_act(st, v, s, k)]
        if not opts:
            return []
        if v["stop"] and v.get("acted", 0) >= v.get("least", 0):
            opts.append(option("done", f"{PIECE_VERBS[v['act']]} no more pieces"))
        return [decide(st, v["who"], "aa.ev_pieces",
                       f"{PIECE_VERBS[v['act']].lower()} a piece ({v['n']} left).", opts)]

    def piece_option(self, v: Vars, s: int, k: int) -> Option:
        """`piece:<kind>` in the one space of the step, else `piece:<space>:<kind>`."""
        label = f"{PIECE_VERBS[v['act']]} {W.pieces(k, 1)} in {W.space(s)}"
        if v["s"] >= 0:
            return option(f"piece:{KIND_IDS[k]}", label, piece=KIND_IDS[k])
        return option(f"piece:{D.NAMES[s]}:{KIND_IDS[k]}", label, space=D.NAMES[s],
                      piece=KIND_IDS[k])

    def arrived(self, v: Vars, s: int, k: int) -> int:
        """Pieces that already moved here in this step: each piece moves once."""
        return sum(1 for a in v.get("moved", []) if a == [s, k])

    def can_act(self, st: AAState, v: Vars, s: int, k: int) -> bool:
        if v["act"] == "move":
            return bool(move_dests(st, v, s, k))
        if v["act"] == "activate":
            return k in B.PIECES.flip and k == GUER_U[KIND_FACTION[k]]
        if v["act"] == "hide":
            return k in B.PIECES.flip and k == GUER_A[KIND_FACTION[k]]
        return True

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        if "rep" in fr.vars or "mv" in fr.vars:  # nothing to replace with / nowhere to go
            fr.vars.pop("rep", None)
            fr.vars.pop("mv", None)
            return
        pop(st)

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        parts = (c.option_id or "").split(":")
        if parts[0] == "done":
            pop(st)
            return
        if parts[0] == "by":
            s, _ = v.pop("rep")
            B.PIECES.place(st, s, KIND_INDEX[parts[1]])
            return
        if parts[0] == "to":
            s, k = v.pop("mv")
            dest = D.INDEX[parts[1]]
            hide = v.get("hide_moved", False)
            move_piece(st, s, dest, k, hide)
            f = KIND_FACTION[k]
            v.setdefault("moved", []).append([dest, GUER_U[f] if hide else k])
            return
        s = D.INDEX[parts[1]] if len(parts) == 3 else v["s"]
        k = KIND_INDEX[parts[-1]]
        v["n"] -= 1
        v["acted"] = v.get("acted", 0) + 1
        self.apply(ctx, st, v, s, k)

    def apply(self, ctx: Ctx, st: AAState, v: Vars, s: int, k: int) -> None:
        act = v["act"]
        if act == "move":
            v["mv"] = [s, k]
        elif act in ("activate", "hide"):
            B.PIECES.flip_to(st, s, B.PIECES.flip[k])
        else:
            if v.get("out_of_play"):
                B.PIECES.take_out(st, s, k)
                st.out_of_play[B.PIECES.pool[k]] += 1
            else:
                remove_piece(ctx, st, s, k, "", v["who"])
            if act == "replace":
                v["rep"] = [s, k]


def move_dests(st: AAState, v: Vars, s: int, k: int) -> list[int]:
    """Where a piece picked by `aa.ev_pieces` may move: adjacent spaces, or anywhere
    (`to_any`), among `to` when given; within stacking (AA 5.1.1)."""
    cands = range(D.NS) if v.get("to_any") else B.adjacent(st, s)
    allowed = v.get("to")
    return [d for d in cands if d != s and B.in_play(st, d) and B.can_place(st, d, k)
            and (allowed is None or d in allowed)]


def move_piece(st: AAState, s: int, d: int, k: int, hide: bool = False) -> None:
    f = KIND_FACTION[k]
    if k in B.PIECES.flip:
        from ..ops.common import move_guerrillas
        under = k == GUER_U[f]
        move_guerrillas(st, s, d, f, int(under), int(not under), GUER_U[f] if hide else None)
    else:
        B.PIECES.move(st, s, d, k)


def push_pieces(st: AAState, s: int, kinds: tuple[int, ...], n: int, act: str = "remove",
                who: int = GOVT, stop: bool = False, by_kinds: tuple[int, ...] = (),
                among: list[int] | None = None, out_of_play: bool = False,
                **extra: Any) -> None:
    push(st, "aa.ev_pieces", s=s, kinds=list(kinds), n=n, act=act, who=who, stop=stop,
         by=list(by_kinds), among=among, out_of_play=out_of_play, **extra)


def pieces_step(where: Callable[[Any, Vars], int], kinds: tuple[int, ...], n: int,
                act: str = "remove", who: fx.Who = EXEC, stop: bool = False,
                by_kinds: tuple[int, ...] = (), **extra: Any) -> fx.Do:
    """A step that pushes the piece picker (s from `where`, -1 = anywhere)."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        push_pieces(st, where(st, v), kinds, n, act, who(st, v), stop, by_kinds, **extra)
    return do(fn)


def anywhere(st: Any, v: Vars) -> int:
    return -1


def chosen(st: Any, v: Vars) -> int:
    """The space an earlier step stored in v["s"] (-2 when none could be chosen)."""
    return int(v.get("s", -2))


def preferring(best: fx.SpacePred, ok: fx.SpacePred) -> fx.SpacePred:
    """"Choose a space that is `best` if one exists, else one that is `ok`" (AA 5.1.3)."""
    def where(st: Any, v: Vars, s: int) -> bool:
        if any(B.in_play(st, x) and best(st, v, x) for x in range(D.NS)):
            return best(st, v, s)
        return ok(st, v, s)
    return where


def store(key: str = "s") -> fx.SpaceAct:
    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        v[key] = s
    return act


def roll(st: AAState) -> int:
    from services.kernel import rng
    return rng.randint(st.rng, 1, 6)


# -- "in every space where possible" (cards 19, 26, 37, 47, 59) -----------------


def free_mode_ok(st: AAState, v: Vars, s: int, mode: str, f: int) -> bool:
    """Whether faction f can carry out the free Operation `mode` in s."""
    only = v.get("only", -1)
    if mode == "sweep":
        return (not B.is_loc(s) and not B.is_zone(st, s) and free_sweep_count(st, v, s) > 0
                and any(B.underground(st, s, g) for g in targets(v)))
    if mode == "assault":
        return free_assault_count(st, v, s) > 0 and any(
            k for k in _exposed(st, s) if KIND_FACTION[k] in targets(v))
    if mode == "attack":
        enemy = B.pieces_of(st, s, only) if only >= 0 else B.enemies_of(st, s, f)
        return B.guerrillas(st, s, f) > 0 and enemy > 0
    return B.underground(st, s, f) > 0 or bool(v.get("anyg") and B.guerrillas(st, s, f) > 0)


def targets(v: Vars) -> tuple[int, ...]:
    return (v["only"],) if v.get("only", -1) >= 0 else INSURGENTS


def _exposed(st: AAState, s: int) -> list[int]:
    from ..ops.common import removable
    return removable(st, s, GOVT, "event_assault")


def free_sweep_count(st: AAState, v: Vars, s: int) -> int:
    """Activations of an Event's free Sweep (card 37: AUC Guerrillas count as Troops)."""
    extra = B.guerrillas(st, s, AUC) if v.get("auc_as_troops") else 0
    return sweep_rate(st, s, B.troops(st, s) + extra, B.police(st, s))


def free_assault_count(st: AAState, v: Vars, s: int) -> int:
    """Removals of an Event's free Assault at the Troops' rate (AA 3.2.4): card 47 the Police
    as if Troops (Troops do not add), card 37 AUC Guerrillas counted as Troops."""
    if v.get("police_only"):
        return assault_rate(st, s, B.police(st, s), 0)
    extra = B.guerrillas(st, s, AUC) if v.get("auc_as_troops") else 0
    return assault_rate(st, s, B.troops(st, s) + extra, B.police(st, s))


class EverySpaceProc(Proc[AAState]):
    """`aa.ev_every`: in every space where possible, one of `modes` (the faction's choice
    space by space, AA-I-9). vars: f (executor), who, modes, done, terrors (AUC Terrors so
    far), among (the only spaces, or None), may (the text says "may": the faction may stop,
    AA-I-9), any_faction (a Terror by any Insurgent's Guerrilla: option
    `terror:<space>:<faction>`, card 70), gain (Resources to the executor per Terror), and
    the flags only, auc_as_troops, police_only, anyg."""

    name = "aa.ev_every"

    def pairs(self, st: AAState, v: Vars) -> list[tuple[int, str, int]]:
        """(space, mode, faction doing it) open now."""
        among = v.get("among")
        out = []
        for s in B.spaces(st):
            if s in v["done"] or (among is not None and s not in among):
                continue
            for m in v["modes"]:
                for g in actors(v, m):
                    if free_mode_ok(st, v, s, m, g):
                        out.append((s, m, g))
        return out

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        opts = [self.free_option(st, v, s, m, g) for s, m, g in self.pairs(st, v)]
        if not opts:
            return []
        if v.get("may"):
            opts.append(option("done", "No more free Operations"))
        return [decide(st, v["who"], "aa.ev_every", "free Operation in a space:", opts)]

    def free_option(self, st: AAState, v: Vars, s: int, mode: str, g: int) -> Option:
        """`<mode>:<space>` (card 70: `terror:<space>:<faction>`)."""
        label = f"A free {W.OPS[mode]} in {W.space(s)}"
        if mode in ("sweep", "assault"):
            label += " (Activation only)" if mode == "sweep" else ""
        if v.get("any_faction"):
            return option(f"{mode}:{D.NAMES[s]}:{FACTION_IDS[g]}",
                          f"{label} with a {W.faction(g)} Guerrilla", space=D.NAMES[s],
                          faction=FACTION_IDS[g])
        return option(f"{mode}:{D.NAMES[s]}", label, space=D.NAMES[s])

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        self.end(ctx, st, fr.vars)

    def end(self, ctx: Ctx, st: AAState, v: Vars) -> None:
        """AA 3.3.4 step 5: the AUC Terrors of this Event are one Terror action (AA-I-12)."""
        if v["terrors"]:
            aid_cut(ctx, st, v["terrors"])
        pop(st)

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        if c.option_id == "done":
            self.end(ctx, st, v)
            return
        mode, name, *by_f = (c.option_id or "").split(":")
        s = D.INDEX[name]
        v["done"].append(s)
        run_free_mode(ctx, st, v, s, mode, FACTION_IDS.index(by_f[0]) if by_f else v["f"])


def actors(v: Vars, mode: str) -> tuple[int, ...]:
    """Who may carry out a free Terror: the executor, or any Insurgent (card 70)."""
    if mode == "terror" and v.get("any_faction"):
        return INSURGENTS
    return (v["f"],)


def run_free_mode(ctx: Ctx, st: AAState, v: Vars, s: int, mode: str, g: int) -> None:
    only = v.get("only", -1)
    if mode == "sweep":
        push_activate(st, s, free_sweep_count(st, v, s), only)
    elif mode == "assault":
        push_remove(st, s, GOVT, free_assault_count(st, v, s), "event_assault", "drug_bust",
                    who=GOVT, only=only)
    elif mode == "attack":
        attack(ctx, st, s, g, only)
    else:
        if not B.underground(st, s, g):  # "any Guerrilla" (cards 46, 63, 70): already Active
            B.PIECES.flip_to(st, s, GUER_U[g], 1)
        terror(ctx, st, s, g)
        B.add_resources(st, v["f"], v.get("gain", 0))
        if g == AUC:
            v["terrors"] += 1


def every_space(f: int | None, modes: tuple[str, ...],
                among: Callable[[Any], list[int]] | None = None, **flags: Any) -> fx.Do:
    """Push `aa.ev_every` for faction f (None = the executor); `among` limits the spaces."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        g = v["f"] if f is None else f
        push(st, "aa.ev_every", f=g, who=g, modes=list(modes), done=[], terrors=0,
             among=None if among is None else among(st), **flags)
    return do(fn)


def free_op(f: int | None, op: str, **extra: Any) -> fx.Do:
    """AA 5.5 a free Operation (no SA unless the text grants one)."""
    from ..operations import begin_op

    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        begin_op(st, v["f"] if f is None else f, op, False, True, sa_ok=False, **extra)
    return do(fn)


def push_sa(st: AAState, proc: str, f: int, times: int = 1, **extra: Any) -> None:
    """Free Special Activities granted by an Event (AA 5.5), one after another."""
    for _ in range(times):
        push(st, proc, f=f, sa=proc.split(".")[1], max=1, done=[],
             op={"op": "", "spaces": []}, **extra)


class PlaceProc(Proc[AAState]):
    """`aa.ev_place`: place n Available pieces, one kind at a time among `kinds`, into s
    (within stacking); as many as can be placed (AA 5.1.3); the executing faction may take
    its own pieces back from the map to place them (AA 1.4.1, AA-I-3). vars: s, kinds, n,
    who."""

    name = "aa.ev_place"

    def kinds(self, st: AAState, v: Vars) -> list[int]:
        s = v["s"]
        if s < 0 or v["n"] <= 0:
            return []
        return [k for k in v["kinds"] if B.PIECES.available(st, k) and B.can_place(st, s, k)]

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        kinds = self.kinds(st, v)
        reclaims = self.reclaims(st, v)
        if len(kinds) == 1 and not reclaims:
            return []  # the one possible placement is made by `step`
        opts = [option(f"place:{KIND_IDS[k]}", f"Place {W.pieces(k, 1)} in {W.space(v['s'])}",
                       piece=KIND_IDS[k]) for k in kinds] + reclaims
        if not opts:
            return []
        if not kinds:
            opts.append(option("done", "Place no more"))
        return [decide(st, v["who"], "aa.ev_place",
                       f"place a piece in {W.space(v['s'])} ({v['n']} left).", opts)]

    def reclaims(self, st: AAState, v: Vars) -> list[Option]:
        """Own pieces of the kinds to place, none of which is Available, that fit in s."""
        s = v["s"]
        if s < 0 or v["n"] <= 0:
            return []
        own = tuple(k for k in v["kinds"] if KIND_FACTION[k] == v["who"]
                    and B.can_place(st, s, k))
        return reclaim_options(st, own, s) if own else []

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        kinds = self.kinds(st, fr.vars)
        if not kinds:
            pop(st)
            return
        B.PIECES.place(st, fr.vars["s"], kinds[0])  # only one kind can go in
        fr.vars["n"] -= 1

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "done":
            pop(st)
        elif verb == "reclaim":
            reclaim(ctx, st, arg, fr.vars["who"])
        else:
            B.PIECES.place(st, fr.vars["s"], KIND_INDEX[arg])
            fr.vars["n"] -= 1


def push_place(st: AAState, s: int, kinds: tuple[int, ...], n: int, who: int) -> None:
    push(st, "aa.ev_place", s=s, kinds=list(kinds), n=n, who=who)


def own_kinds(f: int) -> tuple[int, ...]:
    """The kinds a faction places (Guerrillas Underground)."""
    if f == GOVT:
        return (Kind.TROOPS, Kind.POLICE, Kind.GOVT_BASE)
    return (GUER_U[f], BASE[f])


def ineligible_next(*factions: int) -> fx.Do:
    """AA 2.3.7 step 3: the named factions are Ineligible for the next card."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        st.set_ineligible.extend(f for f in factions if f not in st.set_ineligible)
    return do(fn)


PROCS: list[Proc[AAState]] = [PiecesProc(), EverySpaceProc(), PlaceProc()]
__all__ = ["BASE", "Kind", "CARTELS"]
