"""A small scenario builder for Andean Abyss tests: a standard-setup state, pieces and
tracks set by name, an Operation or phase started directly, and choices made by option id
(each checked against the options offered, as the engine does)."""

from __future__ import annotations

from typing import Any

from services.andean_abyss import GAME
from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.constants import GUER_A, KIND_IDS
from services.andean_abyss.game import FLOW
from services.andean_abyss.operations import begin_op
from services.andean_abyss.state import AAState
from services.kernel import codec, engine, rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.events import Event
from services.kernel.flow import push
from services.kernel.outcome import Outcome

S = D.INDEX
GOVT, FARC, AUC, CARTELS = 0, 1, 2, 3
FACTIONS = {"govt": 0, "farc": 1, "auc": 2, "cartels": 3}


def standard(seats: int = 4, seed: int = 1, **options: str) -> AAState:
    """The standard setup (S0) with an empty flow stack."""
    st = GAME.setup(Ctx(), seats, GAME.check_setup(seats, options), seed)
    st.stack = []
    return st


def kind(name: str) -> int:
    return KIND_IDS.index(name)


def put(st: AAState, space: str, name: str, n: int = 1) -> None:
    """Place n Available pieces of a kind ("troops", "farc_underground", ...)."""
    assert B.PIECES.place(st, S[space], kind(name), n) == n


def take(st: AAState, space: str, name: str, n: int = 1) -> None:
    B.PIECES.remove(st, S[space], kind(name), n)


def count(st: AAState, space: str, name: str) -> int:
    return B.n(st, S[space], kind(name))


def activate_all(st: AAState, space: str) -> None:
    for f in (FARC, AUC, CARTELS):
        B.PIECES.flip_to(st, S[space], GUER_A[f], B.underground(st, S[space], f))


def rig_die(st: AAState, *rolls: int) -> None:
    """Set the PRNG to a state whose next d6 rolls are `rolls` (no patching of the PRNG)."""
    for x in range(1_000_000):
        r = rng.seeded(x, stream=99)
        probe = rng.RngState(r.state, r.inc)
        if all(rng.randint(probe, 1, 6) == want for want in rolls):
            st.rng = r
            return
    raise AssertionError("no PRNG state found for the rolls")


def start_op(st: AAState, faction: int, op: str, limited: bool = False,
             free: bool = False, **extra: Any) -> None:
    st.stack = []
    begin_op(st, faction, op, limited, free, **extra)
    FLOW.advance(Ctx(), st)


def start_proc(st: AAState, proc: str, **vars: Any) -> None:
    st.stack = []
    push(st, proc, **vars)
    FLOW.advance(Ctx(), st)


def pending(st: AAState) -> Decision | None:
    ds = [d for d in GAME.decisions(st) if not d.optional]
    return ds[0] if ds else None


def options(st: AAState) -> list[str]:
    d = pending(st)
    return d.option_ids() if d else []


def play(st: AAState, *ids: str | int) -> Ctx:
    """Make each choice in turn (option ids, or ints for amount decisions)."""
    ctx = Ctx()
    for c in ids:
        d = pending(st)
        assert d is not None, f"no decision pending for {c!r}"
        if isinstance(c, int):
            choice = Choice(d.id, amount=c)
        else:
            assert c in d.option_ids(), f"{c!r} not offered in {d.kind}: {d.option_ids()}"
            choice = Choice(d.id, option_id=c)
        GAME.apply(ctx, st, d, choice)
        st.serial += 1
    return ctx


def finish(st: AAState, *prefer: str) -> None:
    """Answer the remaining decisions with 'done' (or the first of `prefer` offered)."""
    for _ in range(200):
        ids = options(st)
        if not ids:
            return
        pick = next((p for p in prefer if p in ids), "done" if "done" in ids else ids[0])
        play(st, pick)
    raise AssertionError("scenario did not finish")


class Table:
    """A scenario state played through the engine's public entry points (`engine.view`,
    `engine.act`), as the rules service plays it: the state travels encoded, the game's
    end is judged by `outcome`, and every choice is checked against the options offered."""

    def __init__(self, st: AAState) -> None:
        self.data = codec.encode(st)
        self.events: list[Event] = []

    @property
    def st(self) -> AAState:
        return codec.decode(self.data, AAState)

    def decision(self) -> Decision | None:
        """The first decision the game waits on (None once it is over)."""
        ds = [d for d in engine.view(GAME, self.data, None).pending if not d.optional]
        return ds[0] if ds else None

    def options(self) -> list[str]:
        d = self.decision()
        return d.option_ids() if d else []

    def outcome(self) -> Outcome | None:
        return engine.view(GAME, self.data, None).outcome

    def play(self, *ids: str | int) -> None:
        """Make each choice in turn (option ids, or ints for amount decisions)."""
        for c in ids:
            d = self.decision()
            assert d is not None, f"no decision pending for {c!r}"
            choice = (Choice(d.id, amount=c) if isinstance(c, int)
                      else Choice(d.id, option_id=c))
            step = engine.act(GAME, self.data, d.seat, choice)
            self.data = step.state
            self.events += step.events


def on_card(st: AAState, card: int, deck: list[int] | None = None) -> None:
    """Make `card` the current card (deck top = last of `deck`) and start playing it."""
    st.played = [card]
    st.deck = list(deck if deck is not None else [1, 2, 3])
    st.stack = []
    push(st, "coin.deck", ph="play")
    FLOW.advance(Ctx(), st)


def deciding(st: AAState) -> int:
    """The faction whose seat decides now (4-seat tables: seat = faction)."""
    d = pending(st)
    assert d is not None
    return d.seat


def run_event(st: AAState, card: int, side: str, faction: int, *choices: str | int) -> Ctx:
    """Execute a card side for a faction directly (its program on an empty stack)."""
    from services.andean_abyss.events import key
    st.stack = []
    st.played = [card]
    push(st, "coin.effect", key=key(card, side), f=faction, pc=0)
    FLOW.advance(Ctx(), st)
    return play(st, *choices)


def event_table(st: AAState, card: int, side: str, faction: int) -> Table:
    """A Table at the first decision of a card side executed by a faction."""
    from services.andean_abyss.events import key
    st.stack = []
    st.played = [card]
    push(st, "coin.effect", key=key(card, side), f=faction, pc=0)
    FLOW.advance(Ctx(), st)
    return Table(st)
