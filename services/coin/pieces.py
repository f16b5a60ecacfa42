"""§1.4 Forces: place, remove, move and flip pieces — the only code that writes piece arrays.

A game describes its piece kinds once in a `PieceTable`: which faction owns each
kind, which pool slot Available pieces of that kind are counted in (both states
of a Guerrilla share one slot), and which kinds are Bases, cubes or Guerrillas.

Markers held by pieces (CL 4.5.2 Cash) may be kept in a state list named by `held`: each
entry is the holding piece as `space * kinds + kind`, or -1 off the map. A marker moves with
its holder: when a move, flip or removal leaves no piece of the holder's kind in its space,
the marker follows the pieces that changed (to their new space and kind), or leaves the map
with the last one removed. While pieces of the kind remain, the marker stays with them (the
pieces of one kind are alike: the unmoved ones hold it).
"""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from services.kernel.errors import RulesBug

from .state import CoinState


@mypyc_attr(allow_interpreted_subclasses=True)
class PieceTable:
    """The piece kinds of one COIN game.

    faction:  owner faction of each kind.
    pool:     Available-slot of each kind (an Active Guerrilla returns to the
              Underground slot: "every Guerrilla is placed Underground").
    base, cube, guerrilla: kind sets; `flip` maps each Guerrilla kind to its other state.
    Both states of a Guerrilla share the pool slot whose index is the Underground kind.
    """

    def __init__(self, names: Sequence[str], faction: Sequence[int], pool: Sequence[int],
                 base: Sequence[int], cube: Sequence[int], flip: dict[int, int],
                 held: str = "") -> None:
        self.names = tuple(names)
        self.held = held  # the state's list of markers held by pieces ("" = none)
        self.n = len(names)
        self.faction = tuple(faction)
        self.pool = tuple(pool)
        self.base = frozenset(base)
        self.cube = frozenset(cube)
        self.flip = dict(flip)
        self.guerrilla = frozenset(flip)
        self.index = {name: i for i, name in enumerate(names)}
        nf = max(faction) + 1
        self.kinds_of = tuple(tuple(k for k in range(self.n) if faction[k] == f)
                              for f in range(nf))

    def is_underground(self, kind: int) -> bool:
        """Whether a Guerrilla kind is the Underground state (its own pool slot)."""
        return kind in self.guerrilla and self.pool[kind] == kind

    def underground_of(self, kind: int) -> int:
        """The Underground kind of a Guerrilla kind (either state)."""
        return self.pool[kind]

    def count(self, st: CoinState, space: int, kind: int) -> int:
        return st.pieces[space * self.n + kind]

    def counts(self, st: CoinState, space: int) -> list[int]:
        return st.pieces[space * self.n:(space + 1) * self.n]

    def available(self, st: CoinState, kind: int) -> int:
        return st.avail[self.pool[kind]]

    def place(self, st: CoinState, space: int, kind: int, n: int = 1) -> int:
        """§1.4.1 Place up to n Available pieces; returns how many were placed."""
        slot = self.pool[kind]
        n = min(n, st.avail[slot])
        st.avail[slot] -= n
        st.pieces[space * self.n + kind] += n
        return n

    def remove(self, st: CoinState, space: int, kind: int, n: int = 1) -> None:
        """§1.4.1 Removed pieces go to their owner's Available box."""
        i = space * self.n + kind
        if st.pieces[i] < n:
            raise RulesBug(f"remove {n} {self.names[kind]} from space {space}: only {st.pieces[i]}")
        st.pieces[i] -= n
        st.avail[self.pool[kind]] += n
        self.follow(st, space, kind, -1, kind)

    def take_out(self, st: CoinState, space: int, kind: int, n: int = 1) -> None:
        """Remove pieces from the map without returning them to Available (out of play)."""
        i = space * self.n + kind
        if st.pieces[i] < n:
            raise RulesBug(f"take {n} {self.names[kind]} from space {space}: only {st.pieces[i]}")
        st.pieces[i] -= n
        self.follow(st, space, kind, -1, kind)

    def take_available(self, st: CoinState, kind: int, n: int) -> int:
        """Take up to n pieces out of the Available box (out of play); returns how many."""
        slot = self.pool[kind]
        n = min(n, st.avail[slot])
        st.avail[slot] -= n
        return n

    def move(self, st: CoinState, src: int, dst: int, kind: int, n: int = 1,
             to_kind: int | None = None) -> None:
        """Move n pieces; `to_kind` changes a Guerrilla's state as it arrives."""
        i = src * self.n + kind
        if st.pieces[i] < n:
            raise RulesBug(f"move {n} {self.names[kind]} from space {src}: only {st.pieces[i]}")
        st.pieces[i] -= n
        to = kind if to_kind is None else to_kind
        st.pieces[dst * self.n + to] += n
        self.follow(st, src, kind, dst, to)

    def flip_to(self, st: CoinState, space: int, kind: int, n: int = 1) -> int:
        """Flip up to n Guerrillas of the other state into `kind`; returns how many flipped."""
        other = self.flip[kind]
        base = space * self.n
        n = min(n, st.pieces[base + other])
        st.pieces[base + other] -= n
        st.pieces[base + kind] += n
        self.follow(st, space, other, space, kind)
        return n

    def follow(self, st: CoinState, src: int, kind: int, dst: int, to_kind: int) -> None:
        """Held markers follow their holders once none of the kind is left in src (dst < 0:
        the pieces left the map, and so do the markers)."""
        if not self.held or st.pieces[src * self.n + kind]:
            return
        markers: list[int] = getattr(st, self.held)
        code = src * self.n + kind
        for i, c in enumerate(markers):
            if c == code:
                markers[i] = dst * self.n + to_kind if dst >= 0 else -1

    def replace(self, st: CoinState, space: int, kind: int, by: int) -> bool:
        """§1.4.1 Replace one piece by an Available one; only remove if none is Available."""
        self.remove(st, space, kind)
        return self.place(st, space, by) == 1

    def of_faction(self, st: CoinState, space: int, faction: int) -> int:
        """G.4 pieces(s, f): every piece of the faction in the space."""
        base = space * self.n
        p = st.pieces
        return sum(p[base + k] for k in self.kinds_of[faction])

    def bases_in(self, st: CoinState, space: int) -> int:
        base = space * self.n
        return sum(st.pieces[base + k] for k in self.base)

    def total_on_map(self, st: CoinState, kind: int, nspaces: int) -> int:
        return sum(st.pieces[s * self.n + kind] for s in range(nspaces))
