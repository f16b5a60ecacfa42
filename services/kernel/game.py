"""The interface every rules module implements (DESIGN §2, STYLE "GameDef").

The game object is immutable and built once per process (data tables,
registries); the state is plain data. The engine (`kernel.engine`) checks every
choice against the options just offered before `apply` runs, so handlers never
re-validate.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from . import rng as prng
from .bots import Bot, RandomBot, StateBot
from .ctx import Ctx
from .decisions import Choice, Decision
from .errors import BadRequest, RulesBug
from .flow import Flow
from .outcome import Outcome
from .rng import RngState
from .state import KernelState

S = TypeVar("S", bound=KernelState)


class Role(msgspec.Struct, frozen=True):
    id: str
    name: str


class GameOptionSpec(msgspec.Struct, frozen=True):
    """A table option: its name, allowed values (first is the default), description."""

    name: str
    values: tuple[str, ...]
    description: str = ""

    @property
    def default(self) -> str:
        return self.values[0]


class Game(ABC, Generic[S]):
    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    rules_version: ClassVar[str]
    format_version: ClassVar[int]
    state_type: type[S]
    view_type: ClassVar[str] = "google.protobuf.Struct"
    roles: ClassVar[tuple[Role, ...]] = ()
    option_specs: ClassVar[tuple[GameOptionSpec, ...]] = ()

    def __init__(self) -> None:
        self.bots: dict[str, Bot | StateBot] = {"random": RandomBot()}

    # -- set-up -----------------------------------------------------------------

    def check_setup(self, seats: int, options: Mapping[str, str]) -> dict[str, str]:
        """Validate seat count and options; return the options with defaults filled."""
        if not self.min_seats <= seats <= self.max_seats:
            raise BadRequest(
                f"{self.id} takes {self.min_seats}-{self.max_seats} seats, not {seats}")
        specs = {o.name: o for o in self.option_specs}
        for name, value in options.items():
            if name not in specs:
                raise BadRequest(f"unknown option {name!r} for {self.id}")
            if value not in specs[name].values:
                raise BadRequest(f"option {name!r} takes one of {list(specs[name].values)}")
        return {o.name: options.get(o.name, o.default) for o in self.option_specs}

    @abstractmethod
    def setup(self, ctx: Ctx, seats: int, options: dict[str, str], seed: int) -> S:
        """The first state; may already wait on decisions (e.g. picks at set-up)."""

    # -- play -------------------------------------------------------------------

    def upgrade(self, st: S) -> None:
        """Bring a decoded state written by an older build of the same format up to date
        (a field that moved within the state); nothing by default. The engine calls it on
        every decoded state, so a live table survives a deploy mid-game."""

    @abstractmethod
    def decisions(self, st: S) -> list[Decision]:
        """Every decision pending now, with options (standing optional ones included)."""

    @abstractmethod
    def apply(self, ctx: Ctx, st: S, d: Decision, c: Choice) -> None:
        """Apply a checked choice; then advance until decisions are pending or the game ends."""

    def legacy_choice(self, choice: Choice) -> Choice | None:
        """`choice` as it is answered today when it answers a decision in a shape an older
        build of this game offered (a stored choice log's); None when it is not one. The
        engine asks only for a choice whose decision is not pending, then checks what this
        returns like any choice, so a log keeps replaying after a decision changed shape."""
        return None

    def decisions_after_advance(self, st: S) -> list[Decision]:
        """`decisions(st)` when the engine asks right after `setup`, or after `apply` and
        its count of the choice (`st.serial` + 1), nothing else having touched the state:
        a game may answer from what it found while advancing."""
        return self.decisions(st)

    @abstractmethod
    def outcome(self, st: S) -> Outcome | None:
        """The outcome once the game is over, else None."""

    # -- seeing -----------------------------------------------------------------

    @abstractmethod
    def view(self, st: S, seat: int | None) -> Any:
        """The typed view (a protobuf message) for a seat, or a spectator (None).

        Build it by projection: copy in only what that seat may see.
        """

    def conceal(self, st: S, seat: int) -> None:
        """Replace, in a `StateBot`'s private copy of the state, whatever `seat` may not know
        (hidden cards, their order) with values drawn from the copy's PRNG, which is already
        the bot's. A game with a `StateBot` and hidden information overrides it; nothing by
        default."""

    def reference(self) -> Any | None:
        """The game's static reference (a protobuf message), the same for every table: data
        a client needs to explain the board and the options (building costs, card texts,
        map spaces) but that no view repeats. None when the views say everything."""
        return None

    def check_invariants(self, st: S) -> None:
        """Raise RulesBug when the state breaks an invariant (used by tests and playouts)."""


class FlowGame(Game[S]):
    """A game played as a kernel `Flow`: the set-up, dispatch and outcome every game writes.

    A game names its `flow` and its extra bot `policies`, and gives:
    - `initial(seats, options, r)`: the state's own fields (the kernel adds seats, seed and
      the PRNG `r`, seeded from the table's seed, which `initial` may already draw from);
    - `begin(ctx, st, options)`: announce the table and push the first frames;
    - `score(st)`: the outcome once play is over (`in_play` false: by default the stack is
      empty);
    - optionally `standing(st)` / `apply_standing(...)`: decisions a seat may take out of
      turn, which the game never waits on (gifts, trades), and `advance` to run more than
      the flow after each choice.
    The typed `view` and `check_invariants` stay the game's own.
    """

    flow: ClassVar[Flow[Any]]
    policies: ClassVar[Mapping[str, Callable[[], Bot | StateBot]]] = {}

    def __init__(self) -> None:
        super().__init__()
        for name, make in self.policies.items():
            self.bots[name] = make()
        cls = type(self)
        # neither `offered` nor `standing` overridden: the engine offers the flow's decisions
        self._plain_offer = (cls.offered is FlowGame.offered
                             and cls.standing is FlowGame.standing)

    @abstractmethod
    def initial(self, seats: int, options: dict[str, str], r: RngState) -> dict[str, Any]:
        """The state's fields other than seats, seed and rng."""

    @abstractmethod
    def begin(self, ctx: Ctx, st: S, options: dict[str, str]) -> None:
        """Announce the table and push the first frames (the table options at hand)."""

    @abstractmethod
    def score(self, st: S) -> Outcome:
        """The outcome of a finished game."""

    def new_state(self, seats: int, options: dict[str, str], seed: int) -> S:
        """The state before `begin`: seats, seed, the PRNG seeded from the seed, and the game's
        `initial` fields (tests build positions from it)."""
        r = prng.seeded(seed)
        return self.state_type(seats=seats, seed=seed, rng=r, **self.initial(seats, options, r))

    def setup(self, ctx: Ctx, seats: int, options: dict[str, str], seed: int) -> S:
        st = self.new_state(seats, options, seed)
        self.begin(ctx, st, options)
        self.advance_to(ctx, st, st.serial)
        return st

    def advance(self, ctx: Ctx, st: S) -> None:
        """Run the flow until it waits on a decision or ends."""
        self.flow.advance(ctx, st)

    def advance_to(self, ctx: Ctx, st: S, serial: int) -> None:
        """`advance` when the engine asks for the decisions next at `serial`: the flow keeps
        what it stops on for `decisions_after_advance` (`Flow.advance`). A game with its own
        `advance` overrides this too, passing `serial` on when the flow has the last word;
        otherwise its decisions are computed twice per choice."""
        if type(self).advance is FlowGame.advance:
            self.flow.advance(ctx, st, serial)
        else:
            self.advance(ctx, st)

    def decisions_after_advance(self, st: S) -> list[Decision]:
        ds = self.flow.decisions_once_advanced(st)
        if self._plain_offer:  # the flow's decisions as they are (a copy: the flow keeps them)
            return list(ds)
        return self.offered(st, ds) + self.standing(st)

    def offered(self, st: S, flow_decisions: list[Decision]) -> list[Decision]:
        """What the game offers of its flow's decisions (a game may filter or reword them,
        e.g. the COIN games' lines of play); all of them by default."""
        return flow_decisions

    def standing(self, st: S) -> list[Decision]:
        """Standing optional decisions (never waited on); none by default."""
        return []

    def apply_standing(self, ctx: Ctx, st: S, d: Decision, c: Choice) -> None:
        raise RulesBug(f"{self.id} offers no standing decision {d.kind}")

    def decisions(self, st: S) -> list[Decision]:
        return self.offered(st, self.flow.decisions(st)) + self.standing(st)

    def apply(self, ctx: Ctx, st: S, d: Decision, c: Choice) -> None:
        if d.optional:
            self.apply_standing(ctx, st, d, c)
        else:
            self.flow.choose(ctx, st, d, c)
        self.advance_to(ctx, st, st.serial + 1)

    def in_play(self, st: S) -> bool:
        return bool(st.stack)

    def outcome(self, st: S) -> Outcome | None:
        return self.score(st) if not self.in_play(st) else None
