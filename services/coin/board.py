"""The board of one COIN game, described once and passed once to the layer's procs: its
spaces (ids, display names, Population), its piece table, the words a player reads, and the
few map queries that depend on the state (spaces in play, adjacency, stacking).

A game subclasses `Board` where its map is not fixed (Andean Abyss: Ecuador and Panamá come
into play by Event) or its stacking has more rules (Cuba Libre: Casinos); the procs of
`coin.piece_procs` and `coin.support` read only this object and the `PieceRules` hooks.
Proc and decision kinds are named `<prefix>.<name>` so that each game keeps its own ids.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Generic, TypeVar

from mypy_extensions import mypyc_attr

from services.kernel.decisions import Decision, Option, decision_id

from .pieces import PieceTable
from .spaces import stack_room
from .state import CoinState
from .words import Words

S = TypeVar("S", bound=CoinState)
P = TypeVar("P")


def named(cls: type[P], name: str) -> type[P]:
    """A subclass of a layer proc carrying a game's proc name (the kernel names procs per
    class): `named(PiecesProc, "aa.ev_pieces")`."""
    return type(cls.__name__, (cls,), {"name": name})


@mypyc_attr(allow_interpreted_subclasses=True)
class Board(Generic[S]):
    """prefix: the game's id namespace ("aa", "cl"); space_ids / faction_ids: ids (option
    args) by index;
    pop: Population by space; table: the piece kinds; words: what a player reads (factions,
    spaces, Operations, cards); kind_labels / kind_plurals: "1 <label>", "2 <plural>";
    max_bases: §1.4.2 Bases per space; stacking: the limits of §1.4.2 as (kinds counted
    together, most per space) — by default all Bases together, at most `max_bases` (Cuba
    Libre: 2 Bases and, apart, 2 Casinos)."""

    def __init__(self, prefix: str, space_ids: Sequence[str], faction_ids: Sequence[str],
                 pop: Sequence[int],
                 table: PieceTable, words: Words, kind_labels: Sequence[str],
                 kind_plurals: Sequence[str], max_bases: int = 2,
                 stacking: Sequence[tuple[Collection[int], int]] | None = None) -> None:
        self.prefix = prefix
        self.space_ids = tuple(space_ids)
        self.index = {name: i for i, name in enumerate(self.space_ids)}
        self.ns = len(self.space_ids)
        self.faction_ids = tuple(faction_ids)
        self.pop = tuple(pop)
        self.table = table
        self.words = words
        self.kind_labels = tuple(kind_labels)
        self.kind_plurals = tuple(kind_plurals)
        self.max_bases = max_bases
        groups = stacking if stacking is not None else ((table.base, max_bases),)
        self.stacking = tuple((frozenset(kinds), most) for kinds, most in groups)

    # -- the map as the state makes it ------------------------------------------------

    def in_play(self, st: S, s: int) -> bool:
        """Whether the space is on the board now (AA 1.3.5: some only once an Event says)."""
        return True

    def spaces(self, st: S) -> Sequence[int]:
        return [s for s in range(self.ns) if self.in_play(st, s)]

    def adjacent(self, st: S, s: int) -> Sequence[int]:
        """§1.3 the spaces adjacent to s."""
        return ()

    def can_place(self, st: S, s: int, kind: int) -> bool:
        """§1.4.2 stacking for one more piece of a kind (availability aside)."""
        if not self.in_play(st, s):
            return False
        return all(stack_room(st, self.table, s, kinds, most) > 0
                   for kinds, most in self.stacking if kind in kinds)

    # -- words ---------------------------------------------------------------------------

    def name(self, prefix_less: str) -> str:
        """A proc or decision kind in the game's namespace."""
        return f"{self.prefix}.{prefix_less}"

    def space(self, s: int) -> str:
        return self.words.spaces[s]

    def pieces(self, kind: int, n: int) -> str:
        """"1 Troops", "2 FARC Guerrillas (Active)"."""
        return f"{n} {self.kind_labels[kind] if n == 1 else self.kind_plurals[kind]}"

    def faction(self, f: int) -> str:
        return self.words.factions[f]

    def decide(self, st: S, faction: int, kind: str, prompt: str,
               opts: list[Option]) -> Decision:
        """A decision for the seat that runs the faction: "<Faction>: <prompt>"."""
        seat = st.seat_of[faction]
        return Decision(decision_id(st.serial, seat), seat, kind,
                        f"{self.words.factions[faction]}: {prompt}", tuple(opts))
