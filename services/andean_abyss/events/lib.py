"""Andean Abyss helpers for event programs: the coin step vocabulary bound to the map, the
coin piece picker and placement (`aa.ev_pieces`, `aa.ev_place`), and the modes of the "in
every space where possible" free Operations several cards grant (AA 5.1, 5.5, `aa.ev_every`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.coin import effects as fx
from services.coin import piece_procs as pp
from services.coin.effects import ineligible_next
from services.coin.every_space import FreeModes, every_space_proc, push_every
from services.coin.operations import push_sa
from services.coin.spaces import ACTIVE_OPPOSITION, ACTIVE_SUPPORT, shift_support
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option
from services.kernel.flow import Proc

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import BASE, FACTION_IDS, GUER_A, GUER_U, KIND_FACTION, KIND_IDS, Kind
from ..ops.common import RULES, push_activate, push_remove, remove_piece
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


# -- the piece picker (coin.piece_procs `aa.ev_pieces`) ------------------------------


def push_pieces(st: AAState, s: int, kinds: tuple[int, ...], n: int, act: str = "remove",
                who: int = GOVT, stop: bool = False, by_kinds: tuple[int, ...] = (),
                among: list[int] | None = None, out_of_play: bool = False,
                **extra: Any) -> None:
    pp.push_pieces(B.BOARD, st, s, kinds, n, act, who, stop, by_kinds, among, out_of_play,
                   **extra)


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


class AAFreeModes(FreeModes[AAState]):
    """The free Operations of cards 19, 26, 37, 47, 59, 70 (`aa.ev_every`, AA-I-9): vars
    terrors (AUC Terrors so far), gain (Resources to the executor per Terror), and the flags
    only, auc_as_troops, police_only, anyg."""

    def ok(self, st: AAState, v: Vars, s: int, mode: str, g: int) -> bool:
        return free_mode_ok(st, v, s, mode, g)

    def actors(self, v: Vars, mode: str) -> tuple[int, ...]:
        """Who may carry out a free Terror: the executor, or any Insurgent (card 70)."""
        if mode == "terror" and v.get("any_faction"):
            return INSURGENTS
        return (v["f"],)

    def note(self, mode: str) -> str:
        return " (Activation only)" if mode == "sweep" else ""

    def run(self, ctx: Ctx, st: AAState, v: Vars, s: int, mode: str, g: int) -> None:
        run_free_mode(ctx, st, v, s, mode, g)

    def end(self, ctx: Ctx, st: AAState, v: Vars) -> None:
        """AA 3.3.4 step 5: the AUC Terrors of this Event are one Terror action (AA-I-12)."""
        if v["terrors"]:
            aid_cut(ctx, st, v["terrors"])


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
        if v.get("anyg") and B.active(st, s, g):  # "any Guerrilla" (63, 70): an Active one
            B.PIECES.flip_to(st, s, GUER_U[g], 1)  # does it (AA 5.5, AA-I-20), flipped
        terror(ctx, st, s, g)  # Underground here for `terror` to flip back
        B.add_resources(st, v["f"], v.get("gain", 0))
        if g == AUC:
            v["terrors"] += 1


def every_space(f: int | None, modes: tuple[str, ...],
                among: Callable[[Any], list[int]] | None = None, **flags: Any) -> fx.Do:
    """Push `aa.ev_every` for faction f (None = the executor); `among` limits the spaces."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        g = v["f"] if f is None else f
        push_every(B.BOARD, st, g, modes, terrors=0,
                   among=None if among is None else among(st), **flags)
    return do(fn)


def free_op(f: int | None, op: str, **extra: Any) -> fx.Do:
    """AA 5.5 a free Operation (no SA unless the text grants one)."""
    return fx.free_op(_begin_op, f, op, **extra)


def _begin_op(st: AAState, f: int, op: str, limited: bool, free: bool, **extra: Any) -> None:
    from ..operations import begin_op
    begin_op(st, f, op, limited, free, **extra)


def push_place(st: AAState, s: int, kinds: tuple[int, ...], n: int, who: int) -> None:
    pp.push_place(B.BOARD, st, s, kinds, n, who)


# -- the executing faction's own pieces taken back to place them (AA 1.4.1, AA-I-3) ----------


def reclaimable(st: AAState, f: int, s: int, kind: int) -> bool:
    """AA 1.4.1 (AA-R-03): faction f, executing the Event as a player, may take a piece of
    its own `kind` back from another space to place it in s, as `aa.ev_place` offers it."""
    return pp.may_take_back(B.BOARD, st, f, s, kind)


def placeable_or_reclaimable(st: AAState, v: Vars, s: int, kind: int) -> bool:
    """A piece of `kind` fits in s and is Available, or the executing faction may take one
    of its own back from the map to place it there (AA 1.4.1)."""
    return pp.placeable_or_takeable(B.BOARD, st, v.get("f", -1), s, kind)


def place_reclaiming(st: AAState, v: Vars, s: int, *lots: tuple[int, int]) -> None:
    """The lots (kind, n) placed in s in order by the executing faction, which may take its
    own pieces back where they run short (AA 5.1.3, 1.4.1: coin `place_or_take_back`)."""
    pp.place_or_take_back(B.BOARD, st, s, lots, v["f"])


def own_kinds(f: int) -> tuple[int, ...]:
    """The kinds a faction places (Guerrillas Underground)."""
    return RULES.own_kinds(f)


PROCS: list[Proc[AAState]] = [every_space_proc(B.BOARD, AAFreeModes())]
__all__ = ["BASE", "Kind", "CARTELS", "ineligible_next", "push_sa"]
