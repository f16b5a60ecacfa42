"""CL 5 Event helpers shared by the card files: the coin step vocabulary (coin.effects) bound
to the Cuba Libre map, space predicates in the cards' words, track and level changes with the
limits of CL 1.6-1.8, and placements that obey stacking (CL 1.4.2) and "as much as it can"
(CL 5.1.3).

A step's vars: f (executing faction), plus what the steps keep (`named`: a faction an earlier
step picked, `first`: a space an earlier step chose)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.coin import effects as fx
from services.coin import piece_procs as pp
from services.coin.operations import push_sa
from services.coin.spaces import (
    ACTIVE_OPPOSITION,
    ACTIVE_SUPPORT,
    NEUTRAL,
    set_support,
    shift_support,
)
from services.kernel import rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..casinos import RULES
from ..constants import (
    FACTION_IDS,
    GUER_A,
    GUER_U,
    INSURGENTS,
    KIND_FACTION,
    KIND_IDS,
    NKINDS,
    SUPPORT_LEVEL_IDS,
    Faction,
    Kind,
    Terrain,
)
from ..operations import begin_op
from ..state import CLState
from . import register_procs

Vars = dict[str, Any]
GOVT: int = int(Faction.GOVT)
M26: int = int(Faction.M26)
DR: int = int(Faction.DIRECTORIO)
SYNDICATE: int = int(Faction.SYNDICATE)
INSURGENT_IDS = tuple(int(f) for f in INSURGENTS)
EXEC = fx.EXECUTOR


def by(f: int) -> fx.Who:
    """A named faction makes the choices of the step (CL 5.1: the faction a free Operation
    or a placement is given to)."""
    return lambda st, v: f


def named(st: Any, v: Vars) -> int:
    """The faction an earlier step picked (v["named"])."""
    return int(v["named"])


# -- the step vocabulary on this map -----------------------------------------------------------


def spaces(n: int | Callable[[Any, Vars], int], where: fx.SpacePred, act: fx.SpaceAct,
           prompt: str, **kw: Any) -> fx.Spaces:
    """Choose n spaces (see coin.effects.Spaces); labels read "<Prompt>: <space>"."""
    return fx.Spaces(D.NAMES, W.SPACES, n, where, act, prompt, **kw)


def each(where: fx.SpacePred, act: fx.SpaceAct) -> fx.EachSpace:
    """In every space that qualifies (judged before any changes)."""
    return fx.EachSpace(D.NS, where, act)


do = fx.Do  # a step running a function of the state
pick = fx.Pick  # one decision among computed options


def name_faction(factions: tuple[int, ...], what: str, prompt: str) -> fx.Pick:
    """The executing faction picks one of `factions` (kept in v["named"]); options
    `faction:<id>` read "<what> <Faction>"."""
    def opts(st: Any, v: Vars) -> list[Option]:
        return [option(f"faction:{FACTION_IDS[f]}", f"{what} {W.faction(f)}",
                       faction=FACTION_IDS[f]) for f in factions]

    def act(ctx: Ctx, st: Any, v: Vars, o: str) -> None:
        v["named"] = FACTION_IDS.index(o.split(":", 1)[1])
    return fx.Pick(opts, act, prompt)


# -- spaces in the cards' words (CL 1.3) -------------------------------------------------------


def is_city(s: int) -> bool:
    return s in D.CITIES


def is_province(s: int) -> bool:
    return s in D.PROVINCES


def populated(s: int) -> bool:
    """A City or Province: the spaces with a Support/Opposition level (CL 1.6)."""
    return not D.IS_EC[s]


def mountain(s: int) -> bool:
    return D.TERRAIN[s] == Terrain.MOUNTAIN


def has_kind(st: CLState, s: int, kinds: tuple[int, ...]) -> bool:
    return any(B.n(st, s, k) for k in kinds)


def guerrilla_kinds(factions: tuple[int, ...] = INSURGENT_IDS) -> tuple[int, ...]:
    return tuple(k for f in factions for k in (GUER_U[f], GUER_A[f]))


def kinds_of(f: int) -> tuple[int, ...]:
    return tuple(k for k in range(NKINDS) if KIND_FACTION[k] == f)


def all_guerrillas(st: CLState, s: int) -> int:
    return sum(B.guerrillas(st, s, f) for f in INSURGENT_IDS)


# -- Support and Opposition (CL 1.6) -----------------------------------------------------------


def shift(ctx: Ctx, st: CLState, s: int, toward: int, n: int = 1) -> int:
    """Shift s up to n levels toward a level (ECs have none); returns the levels moved."""
    moved = shift_support(st, D.POP, s, toward, n)
    if moved:
        emit_level(ctx, st, s)
    return moved


def set_level(ctx: Ctx, st: CLState, s: int, level: int) -> None:
    """Put a City or Province at exactly `level`."""
    if set_support(st, D.POP, s, level):
        emit_level(ctx, st, s)


def emit_level(ctx: Ctx, st: CLState, s: int) -> None:
    level = st.support[s]
    ctx.emit("cl.support", f"{W.space(s)} is now at {W.LEVELS[level]}.",
             {"space": D.NAMES[s], "level": SUPPORT_LEVEL_IDS[level + 2]})


def to_level(level: int) -> fx.SpaceAct:
    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        set_level(ctx, st, s, level)
    return act


def shifting(toward: int, n: int = 1) -> fx.SpaceAct:
    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        shift(ctx, st, s, toward, n)
    return act


def can_shift(st: CLState, s: int, toward: int) -> bool:
    """A shift toward `toward` would change the level of s."""
    return populated(s) and st.support[s] != toward


def at_support(st: CLState, s: int) -> bool:
    return populated(s) and st.support[s] > NEUTRAL


TOWARD_OPPOSITION, TOWARD_SUPPORT = ACTIVE_OPPOSITION, ACTIVE_SUPPORT


# -- tracks (CL 1.8, 6.3.1) --------------------------------------------------------------------


def resources(f: int, amount: int) -> fx.Do:
    """Faction f's Resources change by `amount` (within 0..49)."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        add_resources(ctx, st, f, amount)
    return do(fn)


def add_resources(ctx: Ctx, st: CLState, f: int, amount: int) -> None:
    delta = B.add_resources(st, f, amount)
    ctx.emit("cl.resources", f"{W.faction(f)} Resources {delta:+d} "
             f"(now {st.resources[f]}).",
             {"faction": FACTION_IDS[f], "amount": delta, "total": st.resources[f]})


def aid(amount: int) -> fx.Do:
    """Aid changes by `amount` (within 0..49)."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        add_aid(ctx, st, amount)
    return do(fn)


def add_aid(ctx: Ctx, st: CLState, amount: int) -> None:
    delta = B.add_aid(st, amount)
    ctx.emit("cl.aid", f"Aid {delta:+d} (now {st.aid}).", {"amount": delta, "total": st.aid})


def aid_to_government(most: int) -> fx.Do:
    """The Government adds the lesser of `most` and the current Aid to its Resources (Aid
    itself is unchanged)."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        add_resources(ctx, st, GOVT, min(most, st.aid))
    return do(fn)


def alliance(steps: int) -> fx.Do:
    """US Alliance `steps` boxes down toward Embargoed (negative: up toward Firm; CL-D-12);
    no effect past the end box, Aid unchanged (CL 6.3.1 note)."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        if B.move_us_alliance(st, steps):
            ctx.emit("cl.us_alliance", "US Alliance moves "
                     f"{'up' if steps < 0 else 'down'} one box.",
                     {"us_alliance": st.us_alliance})
    return do(fn)


# -- eligibility (CL 2.3.7, CL-D-11) -----------------------------------------------------------


def stays_eligible() -> fx.Do:
    """The executing faction is put in the Eligible box at this card's adjustment."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        if v["f"] not in st.set_eligible:
            st.set_eligible.append(v["f"])
    return do(fn)


ineligible_next = fx.ineligible_next


# -- pieces (CL 1.4) ---------------------------------------------------------------------------


def placeable(st: CLState, s: int, k: int) -> bool:
    """One more piece of kind k can be placed in s from Available (CL 1.4.1-1.4.2)."""
    return B.can_place(st, s, k)


def place(ctx: Ctx, st: CLState, s: int, k: int, n: int = 1) -> int:
    """Place up to n Available pieces within stacking (CL 5.1.3); returns how many."""
    done = 0
    while done < n and B.can_place(st, s, k):
        B.PIECES.place(st, s, k)
        done += 1
    if done:
        ctx.emit("cl.placed", f"{W.pieces(k, done)} placed in {W.space(s)}.",
                 {"space": D.NAMES[s], "piece": KIND_IDS[k], "count": done})
    return done


def flip_all(ctx: Ctx, st: CLState, s: int, to_kind: int) -> int:
    """Flip every Guerrilla of the other state in s into `to_kind` (Activate / hide)."""
    other = B.PIECES.flip[to_kind]
    n = B.PIECES.flip_to(st, s, to_kind, B.n(st, s, other))
    if n:
        ctx.emit("cl.flipped", f"{W.pieces(to_kind, n)} in {W.space(s)} (flipped).",
                 {"space": D.NAMES[s], "piece": KIND_IDS[to_kind], "count": n})
    return n


def store(key: str) -> fx.SpaceAct:
    """Keep the chosen space for a later step (v[key])."""
    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        v[key] = s
    return act


def roll_die(what: str) -> fx.Do:
    """Roll a die from the game's PRNG (kept in v["die"])."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        v["die"] = rng.randint(st.rng, 1, 6)
        ctx.emit("cl.die", f"Die roll: {v['die']} ({what}).", {"roll": v["die"]})
    return do(fn)


# -- the COIN piece procs (coin.piece_procs, `cl.ev_pieces` / `cl.ev_place`) -------------------


def remove_piece(ctx: Ctx, st: CLState, s: int, k: int, by_f: int) -> bool:
    """Remove one piece by an Event of faction `by_f` through casinos.RULES: an open Casino
    closes instead (CL 1.4.5); Cash is rescued or captured (CL 4.5.2, CL-R-12)."""
    return RULES.remove_piece(ctx, st, s, k, "", by_f)


def remove_all(ctx: Ctx, st: CLState, s: int, kinds: tuple[int, ...], by_f: int) -> None:
    """Remove every piece of these kinds from s (an open Casino closes, a closed one stays)."""
    for k in kinds:
        if k == Kind.CASINO_CLOSED:
            continue
        for _ in range(B.n(st, s, k)):
            remove_piece(ctx, st, s, k, by_f)


def push_pieces(st: CLState, s: int, kinds: tuple[int, ...], n: int, act: str = "remove",
                who: int = GOVT, stop: bool = False, **extra: Any) -> None:
    """The piece picker: up to n pieces of `kinds` in s (-1: anywhere; `among`: those
    spaces), acting on each (remove / activate / hide / move / replace); the pieces moved are
    told once the picking is done (`cl.ev_moved`)."""
    if act == "move":
        both = sorted(set(kinds) | {B.PIECES.flip[k] for k in kinds if k in B.PIECES.flip})
        push(st, MovedReport.name, kinds=both,
             before=[[B.n(st, x, k) for k in both] for x in range(D.NS)])
    pp.push_pieces(B.BOARD, st, s, kinds, n, act, who, stop, **extra)


class MovedReport(Proc[CLState]):
    """`cl.ev_moved` vars: kinds, before (their counts per space before the moves): tells
    where coin's piece picker moved pieces to (it says nothing itself)."""

    name = "cl.ev_moved"

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        v = fr.vars
        for x in range(D.NS):
            for k, had in zip(v["kinds"], v["before"][x], strict=True):
                n = B.n(st, x, k) - had
                if n > 0:
                    ctx.emit("cl.moved", f"{W.pieces(k, n)} moved into {W.space(x)}.",
                             {"space": D.NAMES[x], "piece": KIND_IDS[k], "count": n})
        pop(st)


def pieces_step(where: Callable[[Any, Vars], int], kinds: tuple[int, ...],
                n: Callable[[Any, Vars], int], act: str = "remove", who: fx.Who = EXEC,
                stop: bool = False, **extra: Any) -> fx.Do:
    """A step pushing the piece picker: s from `where` (-1 anywhere, -2 none), n at run
    time."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        push_pieces(st, where(st, v), kinds, n(st, v), act, who(st, v), stop, **extra)
    return do(fn)


def push_place(st: CLState, s: int, kinds: tuple[int, ...], n: int, who: int) -> None:
    """Place n pieces of `kinds` in s, as many as can be (CL 5.1.3); the executing faction may
    take its own pieces from the map when none is Available (CL 1.4.1). What was placed is
    told once the placing is done (`cl.ev_placed`)."""
    if s >= 0:
        push(st, PlacedReport.name, s=s, kinds=list(kinds),
             before=[B.n(st, s, k) for k in kinds])
    pp.push_place(B.BOARD, st, s, kinds, n, who)


class PlacedReport(Proc[CLState]):
    """`cl.ev_placed` vars: s, kinds, before (their counts in s before the placing): tells
    what coin's placement proc put in s (it says nothing itself)."""

    name = "cl.ev_placed"

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        v = fr.vars
        s = v["s"]
        for k, had in zip(v["kinds"], v["before"], strict=True):
            n = B.n(st, s, k) - had
            if n > 0:
                ctx.emit("cl.placed", f"{W.pieces(k, n)} placed in {W.space(s)}.",
                         {"space": D.NAMES[s], "piece": KIND_IDS[k], "count": n})
        pop(st)


register_procs(PlacedReport(), MovedReport())


def place_from_available(where: Callable[[Any, Vars], int], kind: int, n: int) -> fx.Do:
    """A step placing n pieces of a kind in the space `where` names, by the executor."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        push_place(st, where(st, v), (kind,), n, v["f"])
    return do(fn)


def may_take_back(st: CLState, v: Vars, s: int, k: int) -> bool:
    """CL 1.4.1 (CL-R-04): none of kind k is Available, but it is the executing player's own
    (a Non-player never takes one back), fits in s and stands elsewhere on the map."""
    return not B.PIECES.available(st, k) and pp.may_take_back(B.BOARD, st, v["f"], s, k)


def own_take_backs(st: CLState, v: Vars, kinds: tuple[int, ...], exclude: int,
                   decline: str) -> list[Option]:
    """CL 1.4.1 (CL-R-04), a step of its own where the placement after it cannot offer it:
    none of `kinds` Available and they are the executing player's own (a Non-player never
    takes back), the options of taking one back from the map (not from `exclude`), and of
    declining; else none."""
    f = v["f"]
    if KIND_FACTION[kinds[0]] != f or st.seat_of[f] < 0 or B.PIECES.available(st, kinds[0]):
        return []
    opts = pp.reclaim_options(B.BOARD, st, kinds, exclude)
    return [*opts, option("done", decline)] if opts else []


def apply_take_back(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
    """A choice of `own_take_backs`: the piece leaves for Available, or nothing."""
    verb, _, arg = o.partition(":")
    if verb == "reclaim":
        pp.reclaim(RULES, ctx, st, arg, v["f"])


def placeable_or_reclaimable(st: CLState, v: Vars, s: int, k: int) -> bool:
    """One piece of kind k fits in s and is Available, or the executing player may take its
    own back from elsewhere to place it (CL 1.4.1)."""
    return pp.placeable_or_takeable(B.BOARD, st, v["f"], s, k)


def place_or_take_back(ctx: Ctx, st: CLState, v: Vars, s: int,
                       wanted: list[tuple[int, int]]) -> None:
    """Place each (kind, n) of `wanted` in s, in order, as many as are Available (CL 5.1.3);
    for the rest of the executing player's own kinds, offer to take its pieces back from the
    map to place them (CL 1.4.1), asked in the same order. Nothing new is asked when all are
    Available."""
    short = [(k, n - place(ctx, st, s, k, n)) for k, n in wanted]
    for k, left in reversed(short):  # the last pushed is asked first
        if left and may_take_back(st, v, s, k):
            push_place(st, s, (k,), left, v["f"])


# -- a Guerrilla in each City (cards 7 and 8 unshaded) -----------------------------------------


class PlacePerCity(fx.Step):
    """In each City in map order, the executor places 1 Underground Guerrilla of the
    Insurgent faction it picks (Cities where none can be placed are passed over, CL 5.1.3;
    an Insurgent player with none of its own Available may take one back, CL 1.4.1).
    Options `place:<space>:<faction>`."""

    key = "cities"

    def __init__(self) -> None:
        self.prompt, self.who = "place a Guerrilla in each City", EXEC

    def factions(self, st: CLState, v: Vars, s: int) -> list[int]:
        """The Insurgents whose Guerrilla may go to s."""
        return [f for f in INSURGENT_IDS if placeable_or_reclaimable(st, v, s, GUER_U[f])]

    def city(self, st: CLState, v: Vars) -> int:
        done = v.get(self.key, [])
        return next((s for s in D.CITIES if s not in done and self.factions(st, v, s)), -1)

    def options(self, st: Any, v: Vars) -> list[Option] | None:
        s = self.city(st, v)
        if s < 0:
            return []
        return [option(f"place:{D.NAMES[s]}:{FACTION_IDS[f]}",
                       f"Place an Underground {W.faction(f)} Guerrilla in {W.space(s)}",
                       space=D.NAMES[s], faction=FACTION_IDS[f])
                for f in self.factions(st, v, s)]

    def choose(self, ctx: Ctx, st: Any, v: Vars, opt: str) -> bool:
        _, space, fid = opt.split(":")
        s = D.INDEX[space]
        v.setdefault(self.key, []).append(s)
        place_or_take_back(ctx, st, v, s, [(GUER_U[FACTION_IDS.index(fid)], 1)])
        return False

    def reset(self, v: Vars) -> None:
        v.pop(self.key, None)


def place_per_city() -> PlacePerCity:
    return PlacePerCity()


# -- free Operations and Special Activities (CL 3.1.2, 5.5) ------------------------------------


def _faction(f: int | fx.Who, st: Any, v: Vars) -> int:
    return f if isinstance(f, int) else f(st, v)


def free_op(f: int | fx.Who, op: str, among: Callable[[Any, Vars], list[int]] | None = None,
            limited: bool = False, **extra: Any) -> fx.Do:
    """A free Operation of faction f (a faction or a function of the vars) without a Special
    Activity; `among` limits its spaces; `extra` are the Operation's frame vars. The granted
    faction makes its choices and keeps its eligibility (CL 3.1.2)."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        only = None if among is None else among(st, v)
        if only is not None and not only:
            return
        begin_op(st, _faction(f, st, v), op, limited, True, sa_ok=False, only=only, **extra)
    return do(fn)


def free_op_each(f: int | fx.Who, op: str, where: Callable[[Any, Vars], list[int]],
                 **extra: Any) -> fx.Do:
    """"In every such space": one free Operation in each space `where` names (judged
    before any), in map order, so none can be skipped."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        g = _faction(f, st, v)
        for s in reversed(where(st, v)):  # the stack runs the last pushed first
            begin_op(st, g, op, True, True, sa_ok=False, only=[s], **extra)
    return do(fn)


def march_destinations(st: Any, v: Vars) -> list[int]:
    """The spaces the last free March selected (its destinations, from the popped frame)."""
    return [s for s in v.get("op_spaces", []) if s >= 0]



def free_sa(f: int | fx.Who, sa: str, among: Callable[[Any, Vars], list[int]],
            **extra: Any) -> fx.Do:
    """A free Special Activity of faction f granted by an Event (CL 5.5), in the spaces
    `among` names (nothing when none); `extra` are the SA's frame vars."""
    def fn(ctx: Ctx, st: Any, v: Vars) -> None:
        only = among(st, v)
        if only:
            push_sa(st, B.BOARD.name(sa), _faction(f, st, v), only=only, **extra)
    return do(fn)


__all__ = ["GUER_A", "KIND_IDS", "NEUTRAL", "Kind"]  # re-exported for the card files
