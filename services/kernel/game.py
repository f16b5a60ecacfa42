"""The interface every rules module implements (DESIGN §2, STYLE "GameDef").

The game object is immutable and built once per process (data tables,
registries); the state is plain data. The engine (`kernel.engine`) checks every
choice against the options just offered before `apply` runs, so handlers never
re-validate.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from .bots import Bot, RandomBot
from .ctx import Ctx
from .decisions import Choice, Decision
from .errors import BadRequest
from .outcome import Outcome
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
        self.bots: dict[str, Bot] = {"random": RandomBot()}

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

    @abstractmethod
    def decisions(self, st: S) -> list[Decision]:
        """Every decision pending now, with options (standing optional ones included)."""

    @abstractmethod
    def apply(self, ctx: Ctx, st: S, d: Decision, c: Choice) -> None:
        """Apply a checked choice; then advance until decisions are pending or the game ends."""

    @abstractmethod
    def outcome(self, st: S) -> Outcome | None:
        """The outcome once the game is over, else None."""

    # -- seeing -----------------------------------------------------------------

    @abstractmethod
    def view(self, st: S, seat: int | None) -> Any:
        """The typed view (a protobuf message) for a seat, or a spectator (None).

        Build it by projection: copy in only what that seat may see.
        """

    def reference(self) -> Any | None:
        """The game's static reference (a protobuf message), the same for every table: data
        a client needs to explain the board and the options (building costs, card texts,
        map spaces) but that no view repeats. None when the views say everything."""
        return None

    def check_invariants(self, st: S) -> None:
        """Raise RulesBug when the state breaks an invariant (used by tests and playouts)."""
