"""Reading offered options (docs/decisions/0004 args) for the Non-player procedures, and the
generic choice when no box names one (AA 8.1.1-8.1.2, CL 8.1.1-8.1.2): the maximum
guideline, the priorities by piece class, `random_pick` among spaces, an equal-chance roll
otherwise. A game gives its vocabulary (`Vocabulary`): space names, piece kinds and their
classes, factions and their enemy orders, Population and its `pick`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from services.coin.spaces import total_opposition, total_support
from services.kernel.decisions import Decision, Option

from .priorities import PLACE, REMOVE_ENEMY, REMOVE_OWN, best, by_faction_then_class, maximum, rank
from .random_pick import equal_chance


def verb(o: Option | str) -> str:
    return (o.id if isinstance(o, Option) else o).split(":", 1)[0]


def first_offered_tier(offered: Mapping[int, str], tiers: Sequence[Sequence[int]]
                       ) -> tuple[int, list[int]] | None:
    """8.1.1: the first tier holding an offered space: its index and its offered spaces."""
    for i, tier in enumerate(tiers):
        c = [s for s in tier if s in offered]
        if c:
            return i, c
    return None


def count_of(o: Option) -> int | None:
    last = o.id.rsplit(":", 1)[-1]
    return int(last) if last.isdigit() else None


@dataclass(frozen=True)
class Vocabulary:
    """What the generic choice needs of a game: `index` (space id -> index), piece `kind_ids`,
    `klass(kind id)` (base, police, troops, underground, active), `owner(kind id)`,
    `faction_ids`, `enemies[f]` (the factions f harms first, in order), `pop(space)`,
    `pick(st, spaces)` (8.0 random_pick), the option verbs a Non-player never takes
    (`never`, e.g. AA-R-03 own removal), `beneficiaries(st, f)`: when a choice names
    only factions, the tiers f picks from (CL 8.4.4: itself, then another Non-player, then
    anyone; equal chance within a tier); without it, itself then its enemy order; and
    `remove_own`, the order of the classes of its own pieces a faction removes (CL 8.1.2
    P5 adds Troops before Police)."""

    index: Mapping[str, int]
    kind_ids: Sequence[str]
    klass: Callable[[str], str]
    owner: Callable[[str], int]
    faction_ids: Sequence[str]
    enemies: Callable[[Any, int], Sequence[int]]
    pop: Callable[[int], int]
    pick: Callable[[Any, list[int]], int]
    never: tuple[str, ...] = ()
    beneficiaries: Callable[[Any, int], Sequence[Sequence[int]]] | None = None
    remove_own: Sequence[str] = REMOVE_OWN


class OptionReader:
    """The option readers and the generic choice over one game's vocabulary."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab

    def space_of(self, o: Option) -> int | None:
        """The first space an option names (its args), if any."""
        index = self.vocab.index
        return next((index[v] for k, v in o.args.items() if k != "action" and v in index), None)

    def kind_of(self, o: Option) -> str | None:
        kinds = self.vocab.kind_ids
        return next((v for k, v in o.args.items() if k != "action" and v in kinds), None)

    def faction_of(self, o: Option) -> int | None:
        ids = list(self.vocab.faction_ids)
        return next((ids.index(v) for k, v in o.args.items() if k != "action" and v in ids),
                    None)

    def by_space(self, d: Decision, verbs: Sequence[str] = ("space",)) -> dict[int, str]:
        """Offered options naming a space, by space (the first option for a space)."""
        out: dict[int, str] = {}
        for o in d.options:
            s = self.space_of(o)
            if verb(o) in verbs and s is not None:
                out.setdefault(s, o.id)
        return out

    def pick_in_tiers(self, st: Any, offered: Mapping[int, str],
                      tiers: Sequence[Sequence[int]]) -> str | None:
        """The first tier with an offered space; `random_pick` within it."""
        got = first_offered_tier(offered, tiers)
        return None if got is None else offered[self.vocab.pick(st, got[1])]

    def piece_key(self, st: Any, f: int, removing: bool, o: Option) -> tuple[int, int]:
        """P1 (placing: own pieces first where the game says so, then Bases), removing
        enemies (the enemy order, then Bases, Police, Troops, Underground, Active), removing
        own (the game's `remove_own`: Active first)."""
        k = self.kind_of(o)
        if k is None:
            return (9, 9)
        klass = self.vocab.klass(k)
        g = self.vocab.owner(k)
        if not removing:
            return (self.beneficiary_rank(st, f, g), rank(PLACE, klass))
        if g == f:
            return (len(self.vocab.faction_ids), rank(self.vocab.remove_own, klass))
        return by_faction_then_class(self.vocab.enemies(st, f), REMOVE_ENEMY, g, klass)

    def beneficiary_rank(self, st: Any, f: int, g: int) -> int:
        """CL 8.4.4 item 1: pieces placed are the bot's own first, then another Non-player's,
        then anyone's (a game without `beneficiaries`: no preference)."""
        if self.vocab.beneficiaries is None:
            return 0
        tiers = self.vocab.beneficiaries(st, f)
        return next((i for i, t in enumerate(tiers) if g in t), len(tiers))

    def generic(self, st: Any, d: Decision, f: int,
                impact: Callable[[str], int] | None = None) -> str:
        """Any decision no box names: 8.1.1 maximum, 8.1.2 priorities, for Support shifts
        the greatest `impact` of an option (AA 8.4.3; without it the largest Population),
        benefit self and harm the enemy order, 8.0 random_pick for the rest."""
        ids = maximum(d.option_ids())
        ids = [i for i in ids if verb(i) not in self.vocab.never] or ids
        opts = [o for o in d.options if o.id in ids]
        if any(self.kind_of(o) for o in opts):
            rem = removing(d, ids)
            opts = best(opts, lambda o: self.piece_key(st, f, rem, o))
        opts = self.faction_choice(st, f, opts)
        counts = [count_of(o) for o in opts]
        if all(c is not None for c in counts) and len(set(counts)) > 1:
            top = max(c for c in counts if c is not None)
            opts = [o for o, c in zip(opts, counts, strict=True) if c == top]
        spaces = {s: o.id for o in opts if (s := self.space_of(o)) is not None}
        if spaces and len(spaces) == len(opts):
            if "support" in d.prompt.lower() or "opposition" in d.prompt.lower():
                spaces = self.greatest_shift(spaces, impact)
            return spaces[self.vocab.pick(st, list(spaces))]
        return equal_chance(st.rng, [o.id for o in opts])

    def greatest_shift(self, spaces: dict[int, str],
                       impact: Callable[[str], int] | None) -> dict[int, str]:
        """AA 8.4.3: the spaces (option by space) whose shift changes Total Support plus
        Total Opposition the most (`impact` of the option); without `impact`, the largest
        Population."""
        def key(s: int) -> int:
            return impact(spaces[s]) if impact is not None else self.vocab.pop(s)
        keys = {s: key(s) for s in spaces}
        top = max(keys.values())
        return {s: i for s, i in spaces.items() if keys[s] == top}

    def faction_choice(self, st: Any, f: int, opts: list[Option]) -> list[Option]:
        """Options naming only a faction: itself (AA 8.4.4, CL 8.4.4 rule 1), else the first
        in its enemy order."""
        factions = [o for o in opts if self.faction_of(o) is not None and self.space_of(o) is None]
        if not factions or len(factions) != len(opts):
            return opts
        own = [o for o in factions if self.faction_of(o) == f]
        if self.vocab.beneficiaries is not None:
            for tier in self.vocab.beneficiaries(st, f):
                got = [o for o in factions if self.faction_of(o) in tier]
                if got:
                    return [equal_chance(st.rng, got)]
        order = [f, *self.vocab.enemies(st, f)]
        return own or best(factions, lambda o: order.index(self.faction_of(o) or 0)
                           if self.faction_of(o) in order else 9)


def removing(d: Decision, ids: Sequence[str]) -> bool:
    text = (d.prompt + " " + " ".join(o.label for o in d.options if o.id in ids)).lower()
    return "remove" in text or "replace" in text or "destroy" in text


def support_shift(pop: Sequence[int], before: Any, after: Any) -> int:
    """AA 8.4.3 impact of a shift: |change of Total Support| + |change of Total Opposition|
    between two states."""
    return (abs(total_support(after, pop) - total_support(before, pop))
            + abs(total_opposition(after, pop) - total_opposition(before, pop)))
