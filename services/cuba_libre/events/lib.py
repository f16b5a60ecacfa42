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
from services.coin.spaces import (
    ACTIVE_OPPOSITION,
    ACTIVE_SUPPORT,
    NEUTRAL,
    set_support,
    shift_support,
)
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option

from .. import board as B
from .. import data as D
from ..constants import (
    FACTION_IDS,
    FACTION_NAMES,
    GUER_A,
    GUER_U,
    INSURGENTS,
    KIND_FACTION,
    KIND_IDS,
    KIND_NAMES,
    NKINDS,
    SUPPORT_LEVEL_IDS,
    Faction,
    Kind,
    Terrain,
)
from ..state import CLState

Vars = dict[str, Any]
GOVT, M26, DR, SYNDICATE = (int(f) for f in Faction)
INSURGENT_IDS = tuple(int(f) for f in INSURGENTS)
EXEC = fx.EXECUTOR
LEVEL_NAMES = ("Active Opposition", "Passive Opposition", "Neutral", "Passive Support",
               "Active Support")  # level -2 .. +2


def level_name(level: int) -> str:
    return LEVEL_NAMES[level + 2]


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
    return fx.Spaces(D.NAMES, D.TITLES, n, where, act, prompt, **kw)


def each(where: fx.SpacePred, act: fx.SpaceAct) -> fx.EachSpace:
    """In every space that qualifies (judged before any changes)."""
    return fx.EachSpace(D.NS, where, act)


def do(fn: Callable[[Ctx, Any, Vars], object]) -> fx.Do:
    return fx.Do(fn)


def pick(opts: Callable[[Any, Vars], list[Option]],
         act: Callable[[Ctx, Any, Vars, str], None], prompt: str,
         who: fx.Who = EXEC) -> fx.Pick:
    return fx.Pick(opts, act, prompt, who)


def faction_options(factions: tuple[int, ...], what: str) -> list[Option]:
    """`faction:<id>` options labelled "<what> <Faction>"."""
    return [option(f"faction:{FACTION_IDS[f]}", f"{what} {FACTION_NAMES[f]}",
                   faction=FACTION_IDS[f]) for f in factions]


def name_faction(factions: tuple[int, ...], what: str, prompt: str) -> fx.Pick:
    """The executing faction picks one of `factions` (kept in v["named"])."""
    def act(ctx: Ctx, st: Any, v: Vars, o: str) -> None:
        v["named"] = FACTION_IDS.index(o.split(":", 1)[1])
    return pick(lambda st, v: faction_options(factions, what), act, prompt)


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
    ctx.emit("cl.support", f"{D.TITLES[s]} is now at {level_name(level)}.",
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
    ctx.emit("cl.resources", f"{FACTION_NAMES[f]} Resources {delta:+d} "
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


def piece_words(k: int, n: int = 1) -> str:
    """"1 Troop", "2 Underground 26July Guerrillas"."""
    name = KIND_NAMES[k]
    if n != 1 and not name.endswith("Police"):
        name = name.replace("Troop", "Troops").replace("Guerrilla", "Guerrillas").replace(
            "Base", "Bases").replace("Casino", "Casinos")
    return f"{n} {name}"


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
        ctx.emit("cl.placed", f"{piece_words(k, done)} placed in {D.TITLES[s]}.",
                 {"space": D.NAMES[s], "piece": KIND_IDS[k], "count": done})
    return done


def flip_all(ctx: Ctx, st: CLState, s: int, to_kind: int) -> int:
    """Flip every Guerrilla of the other state in s into `to_kind` (Activate / hide)."""
    other = B.PIECES.flip[to_kind]
    n = B.PIECES.flip_to(st, s, to_kind, B.n(st, s, other))
    if n:
        ctx.emit("cl.flipped", f"{piece_words(to_kind, n)} in {D.TITLES[s]} (flipped).",
                 {"space": D.NAMES[s], "piece": KIND_IDS[to_kind], "count": n})
    return n


def store(key: str) -> fx.SpaceAct:
    """Keep the chosen space for a later step (v[key])."""
    def act(ctx: Ctx, st: Any, v: Vars, s: int) -> None:
        v[key] = s
    return act


__all__ = ["Kind", "NEUTRAL"]
