"""CL 5 Event helpers of cards 25-48 that events/lib.py does not hold: picks of single pieces
(`piece:<space>:<kind>`) removed through lib.remove_piece, replacements by the matching piece
(CL 1.4.1), the Cash moves of card 38 (CL 4.5.2), Casinos an Event opens or closes
(CL 1.4.4) and the "closest to Havana" pick of card 27 (CL-D-13)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from services.coin import effects as fx
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option

from .. import board as B
from .. import cash
from .. import data as D
from .. import words as W
from ..constants import BASE, CASINOS, GUER_A, GUER_U, KIND_FACTION, KIND_IDS, Kind
from ..state import CLState
from .lib import Vars, flip_all, kinds_of, pick, place, place_or_take_back, remove_piece

# -- single pieces ---------------------------------------------------------------------------


def piece_options(st: CLState, kinds: Sequence[int], verb: str,
                  among: Sequence[int] = range(D.NS), after: str = "",
                  prefix: str = "piece") -> list[Option]:
    """`<prefix>:<space>:<kind>` for each kind present in each space, labelled
    "<verb> 1 <piece> in <space><after>"."""
    return [option(f"{prefix}:{D.NAMES[s]}:{KIND_IDS[k]}",
                   f"{verb} {W.pieces(k, 1)} in {W.space(s)}{after}",
                   space=D.NAMES[s], piece=KIND_IDS[k])
            for s in among for k in kinds if B.n(st, s, k)]


def parse_piece(o: str) -> tuple[int, int]:
    """(space, kind) of a `<verb>:<space>:<kind>` option id."""
    _, space, kind = o.split(":")[:3]
    return D.INDEX[space], KIND_IDS.index(kind)


def remove_one(kinds: Sequence[int], prompt: str,
               among: Callable[[CLState], Sequence[int]] | None = None) -> fx.Pick:
    """The executing faction removes one piece of these kinds, anywhere or `among` the
    spaces a function of the state names."""
    def opts(st: CLState, v: Vars) -> list[Option]:
        return piece_options(st, kinds, "Remove", range(D.NS) if among is None else among(st))

    def act(ctx: Ctx, st: CLState, v: Vars, o: str) -> None:
        s, k = parse_piece(o)
        remove_piece(ctx, st, s, k, v["f"])
    return pick(opts, act, prompt)


def matching(kind: int, f: int) -> int:
    """Faction f's piece matching `kind`: a Guerrilla (placed Underground) for a Guerrilla, a
    Base for a Base."""
    return BASE[f] if kind in BASE else GUER_U[f]


def replace_all(ctx: Ctx, st: CLState, v: Vars, s: int, frm: int, to: int) -> None:
    """The executing faction replaces every piece of faction `frm` in s by the matching piece
    of `to` (CL 1.4.1: with none Available the piece is only removed, unless `to` is the
    executing player's own and it takes its pieces back from elsewhere to place them)."""
    short = {k: 0 for k in kinds_of(to)}
    for k in kinds_of(frm):
        for _ in range(B.n(st, s, k)):
            if remove_piece(ctx, st, s, k, v["f"]):
                new = matching(k, to)
                short[new] += 1 - place(ctx, st, s, new)
    place_or_take_back(ctx, st, v, s, [(k, n) for k, n in short.items() if n])


def closest_to_havana(st: CLState, kinds: Sequence[int]) -> tuple[int, ...]:
    """CL-D-13 (card 27): the spaces holding such pieces at the fewest adjacency steps from
    Havana (map.json hops_to_havana)."""
    held = [s for s in range(D.NS) if any(B.n(st, s, k) for k in kinds)]
    near = min((D.HOPS_TO_HAVANA[s] for s in held), default=-1)
    return tuple(s for s in held if D.HOPS_TO_HAVANA[s] == near)


def flip_everywhere(ctx: Ctx, st: CLState, f: int, hide: bool) -> None:
    """Flip every Guerrilla of f on the map Underground (`hide`) or Active."""
    for s in range(D.NS):
        flip_all(ctx, st, s, GUER_U[f] if hide else GUER_A[f])


def casino_turns(ctx: Ctx, st: CLState, s: int, to_open: bool) -> None:
    """An Event opens (or closes) one Casino in s (CL 1.4.4)."""
    (B.open_casino if to_open else B.close_casino)(st, s)
    ctx.emit("cl.casino", f"A Casino in {W.space(s)} is {'opened' if to_open else 'closed'}.",
             {"space": D.NAMES[s], "piece": KIND_IDS[Kind.CASINO_OPEN if to_open
                                                     else Kind.CASINO_CLOSED]})


def spaces_with(st: CLState, kind: int) -> tuple[int, ...]:
    return tuple(s for s in range(D.NS) if B.n(st, s, kind))


def any_casino(st: CLState, s: int) -> bool:
    return any(B.n(st, s, k) for k in CASINOS)


# -- Cash (CL 4.5.2) ------------------------------------------------------------------------


def cash_moves(st: CLState, v: Vars) -> list[Option]:
    """`cash:<marker>:<kind>`: a Cash marker of v["s"] not yet moved to a piece of another
    kind there."""
    s = v.get("s", -1)
    if s < 0:
        return []
    holders = cash.holders(st, s)
    return [option(f"cash:{i}:{KIND_IDS[k]}", f"Move the Cash held by "
                   f"{W.pieces(B.cash_holder(st.cash[i]), 1)} to {W.pieces(k, 1)} "
                   f"({W.faction(KIND_FACTION[k])}'s)", cash=str(i), holder=KIND_IDS[k])
            for i in B.cash_in(st, s) if i not in v.get("cash_moved", [])
            for k in holders if k != B.cash_holder(st.cash[i])]


class CashShuffle(fx.Step):
    """Card 38 unshaded: in the space v["s"], move Cash markers among the Guerrillas and cubes
    there (any factions; the new holder's faction owns it), each marker once (CL-I-20); "done"
    ends."""

    def __init__(self) -> None:
        # in __init__: the compiled Step keeps it per object (decision 0015)
        self.prompt = "move a Cash marker to another piece there"

    def options(self, st: CLState, v: Vars) -> list[Option] | None:
        opts = cash_moves(st, v)
        return opts + [option("done", "Move no more Cash")] if opts else []

    def choose(self, ctx: Ctx, st: CLState, v: Vars, opt: str) -> bool:
        if opt == "done":
            return True
        _, i, kind = opt.split(":")
        cash.put(st, int(i), v["s"], KIND_IDS.index(kind))
        v.setdefault("cash_moved", []).append(int(i))
        ctx.emit("cl.cash_moved", f"Cash in {W.space(v['s'])} moved to "
                 f"{W.pieces(KIND_IDS.index(kind), 1)}.",
                 {"space": D.NAMES[v["s"]], "piece": kind})
        return False

    def reset(self, v: Vars) -> None:
        v.pop("cash_moved", None)
