"""Cuba Libre test helpers: the standard setup (S0) through `setup.new_game`, pieces and
levels set by name, and the alternative setup driven choice by choice through the setup procs
(each choice checked against the options offered, as the engine does)."""

from __future__ import annotations

from collections.abc import Callable

from services.cuba_libre import GAME, setup
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.alt_setup import PROCS
from services.cuba_libre.constants import KIND_IDS
from services.cuba_libre.game import FLOW as GAME_FLOW
from services.cuba_libre.state import CLState
from services.kernel import codec, engine
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.events import Event
from services.kernel.flow import Flow, push
from services.kernel.outcome import Outcome

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


# -- the game played through the engine (engine.setup / engine.act) --------------------------


def game(seats: int | None = None, seed: int = 1, **options: str) -> CLState:
    """The standard setup (S0) as the engine sets it up, the first card about to be played;
    by default one seat per faction that is not a Non-player (CL 8.0: they have none)."""
    if seats is None:
        seats = 4 - bin(setup.non_player_mask(options.get("non_players", "none"))).count("1")
    return codec.decode(engine.setup(GAME, seats, options, seed).state, CLState)


def at_card(st: CLState, card: int, deck: list[int] | None = None,
            before: tuple[int, ...] = ()) -> CLState:
    """Make `card` the current card (played after the cards `before`; the deck's top is the
    last of `deck`, by default three Events) and start playing it: its 1st Eligible waits."""
    st.played = [*before, card]
    st.deck = list(deck if deck is not None else [c for c in (45, 46, 47) if c != card])
    st.stack = []
    push(st, "coin.deck", ph="play")
    GAME_FLOW.advance(Ctx(), st)
    return st


class Table:
    """A position played through the engine's public entry points (`engine.act`,
    `engine.view`), as the rules service plays it: the state travels encoded and every choice
    is checked against the options offered."""

    def __init__(self, st: CLState) -> None:
        self.data = codec.encode(st)
        self.events: list[Event] = []

    @property
    def st(self) -> CLState:
        return codec.decode(self.data, CLState)

    def decisions(self) -> list[Decision]:
        return list(engine.view(GAME, self.data, None).pending)

    def decision(self) -> Decision | None:
        ds = [d for d in self.decisions() if not d.optional]
        return ds[0] if ds else None

    def pending(self) -> Decision:
        """The decision the game waits on (there must be one)."""
        d = self.decision()
        assert d is not None, "no decision pending"
        return d

    def options(self) -> list[str]:
        d = self.decision()
        return d.option_ids() if d else []

    def outcome(self) -> Outcome | None:
        return engine.view(GAME, self.data, None).outcome

    def prompt(self) -> str:
        d = self.decision()
        return d.prompt if d else ""

    def play(self, *ids: str) -> Table:
        """Answer the waited-on decision with each option id in turn."""
        for oid in ids:
            d = self.decision()
            assert d is not None, f"no decision pending for {oid!r}"
            assert oid in d.option_ids(), (oid, d.prompt, d.option_ids())
            step = engine.act(GAME, self.data, d.seat, Choice(d.id, option_id=oid))
            self.data = step.state
            self.events += step.events
        return self

    def standing(self, kind: str) -> Decision | None:
        return next((d for d in self.decisions() if d.optional and d.kind == kind), None)

    def answer(self, d: Decision, oid: str) -> Table:
        """Answer a standing decision."""
        step = engine.act(GAME, self.data, d.seat, Choice(d.id, option_id=oid))
        self.data = step.state
        self.events += step.events
        return self

    def finish(self, *prefer: str, limit: int = 300) -> Table:
        """Answer until nothing waits: the first of `prefer` offered, else done, else the first
        option (a bounded number of choices)."""
        for _ in range(limit):
            ids = self.options()
            if not ids:
                return self
            self.play(next((p for p in prefer if p in ids), "done" if "done" in ids else ids[0]))
        raise AssertionError("did not finish")

    def until(self, kind: str, limit: int = 300) -> Table:
        """Answer 'done' (else the first option) until a decision of `kind` waits."""
        for _ in range(limit):
            d = self.decision()
            assert d is not None, f"no {kind} decision came"
            if d.kind == kind:
                return self
            ids = d.option_ids()
            self.play("done" if "done" in ids else ids[0])
        raise AssertionError(f"no {kind} decision came")
