"""Cuba Libre test helpers: the standard setup (S0) through `setup.new_game`, pieces and
levels set by name, and the alternative setup driven choice by choice through the setup procs
(each choice checked against the options offered, as the engine does)."""

from __future__ import annotations

from collections.abc import Callable

from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre import setup
from services.cuba_libre.alt_setup import PROCS
from services.cuba_libre.constants import KIND_IDS
from services.cuba_libre.state import CLState
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Flow

S = D.INDEX
GOVT, M26, DR, SYNDICATE = 0, 1, 2, 3
FLOW: Flow[CLState] = Flow(PROCS)


def standard(seats: int = 4, seed: int = 1, **options: str) -> CLState:
    """The standard setup (S0), first card revealed."""
    st = setup.new_game(Ctx(), seats, options, seed)
    assert not st.stack
    return st


def kind(name: str) -> int:
    return KIND_IDS.index(name)


def put(st: CLState, space: str, name: str, n: int = 1) -> None:
    """Place n Available pieces of a kind ("troops", "m26_underground", "casino_open", ...)."""
    assert B.PIECES.place(st, S[space], kind(name), n) == n


def take(st: CLState, space: str, name: str, n: int = 1) -> None:
    B.PIECES.remove(st, S[space], kind(name), n)


def count(st: CLState, space: str, name: str) -> int:
    return B.n(st, S[space], kind(name))


def alternative(seats: int = 4, seed: int = 1, **options: str) -> tuple[CLState, Ctx]:
    """The alternative setup, stopped at its first placement decision."""
    ctx = Ctx()
    st = setup.new_game(ctx, seats, {"setup": "alternative", **options}, seed)
    FLOW.advance(ctx, st)
    return st, ctx


def pending(st: CLState) -> Decision | None:
    ds = FLOW.decisions(st)
    assert len(ds) <= 1
    return ds[0] if ds else None


def offered(st: CLState) -> list[str]:
    d = pending(st)
    return d.option_ids() if d else []


def choose(st: CLState, option_id: str, ctx: Ctx | None = None) -> None:
    """Answer the pending decision with an offered option, then run on."""
    d = pending(st)
    assert d is not None and option_id in d.option_ids(), (option_id, d)
    ctx = ctx or Ctx()
    FLOW.choose(ctx, st, d, Choice(d.id, option_id))
    st.serial += 1
    FLOW.advance(ctx, st)


def play_out(st: CLState, pick: Callable[[Decision], str], ctx: Ctx | None = None) -> int:
    """Answer every decision with `pick` until the stack is empty; the number of choices."""
    n = 0
    while (d := pending(st)) is not None:
        choose(st, pick(d), ctx)
        n += 1
    assert not st.stack, "dead end: the setup waits on nothing"
    return n
