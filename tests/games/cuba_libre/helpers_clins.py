"""Insurgent-operation test helpers: a constructed position (the standard setup S0 changed by
name) put at a faction's turn as 1st Eligible, then driven through `engine.act` choice by
choice, each choice checked against the options offered (the engine checks it too)."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.constants import KIND_IDS
from services.cuba_libre.game import CubaLibre
from services.cuba_libre.state import CLState
from services.kernel import codec, engine, rng
from services.kernel.decisions import Choice, Decision
from services.kernel.events import Event

GAME = CubaLibre()
S = D.INDEX
GOVT, M26, DR, SYNDICATE = 0, 1, 2, 3


def s0(seed: int = 1) -> CLState:
    """The standard setup, the first card's 1st Eligible to act."""
    return codec.decode(engine.setup(GAME, 4, {}, seed).state, CLState)


def put(st: CLState, space: str, name: str, n: int = 1) -> None:
    assert B.PIECES.place(st, S[space], KIND_IDS.index(name), n) == n


def take(st: CLState, space: str, name: str, n: int = 1) -> None:
    B.PIECES.remove(st, S[space], KIND_IDS.index(name), n)


def count(st: CLState, space: str, name: str) -> int:
    return B.n(st, S[space], KIND_IDS.index(name))


def rig_die(st: CLState, *faces: int) -> None:
    """The next die rolls show `faces`: the state's PRNG is reseeded with the first seed that
    rolls them (the game's own PRNG, so the rolls stay reproducible)."""
    for seed in range(100_000):
        r = rng.seeded(seed)
        if all(rng.randint(r, 1, 6) == f for f in faces):
            st.rng = rng.seeded(seed)
            return
    raise AssertionError(f"no seed rolls {faces}")


class Table:
    """A game driven through engine.act from a constructed position."""

    def __init__(self, st: CLState, faction: int, first: str = "") -> None:
        """`first`: what the 1st Eligible did ("op", "op_sa", "event"): the faction acts as
        2nd Eligible; else as 1st."""
        card = next(fr for fr in st.stack if fr.proc == "coin.card")
        card.vars.update(cur=faction, done=1 if first else 0, first=first, ph="act")
        card.vars["queue"] = [f for f in D.FACTION_ORDER[st.played[-1]] if f != faction]
        st.non_players = 0
        self.data = codec.encode(st)
        self.events: list[Event] = []
        self.decisions = GAME.decisions(st)

    @property
    def st(self) -> CLState:
        return codec.decode(self.data, CLState)

    def pending(self) -> Decision:
        waiting = [d for d in self.decisions if not d.optional]
        assert len(waiting) == 1, waiting
        return waiting[0]

    def offered(self) -> list[str]:
        return self.pending().option_ids()

    def act(self, *option_ids: str) -> Table:
        for oid in option_ids:
            d = self.pending()
            assert oid in d.option_ids(), (oid, d.prompt, d.option_ids())
            step = engine.act(GAME, self.data, d.seat, Choice(d.id, option_id=oid))
            self.data, self.decisions = step.state, step.decisions
            self.events += step.events
        return self

    def standing(self, kind: str) -> Decision:
        return next(d for d in self.decisions if d.optional and d.kind == kind)

    def take_standing(self, kind: str, oid: str) -> Table:
        d = self.standing(kind)
        step = engine.act(GAME, self.data, d.seat, Choice(d.id, option_id=oid))
        self.data, self.decisions = step.state, step.decisions
        self.events += step.events
        return self
