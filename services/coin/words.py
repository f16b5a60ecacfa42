"""The names a COIN game shows a player: option labels and event texts say what happens in
these words, while option args and event data carry the ids (docs/decisions/0004)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mypy_extensions import mypyc_attr


@dataclass(frozen=True)
@mypyc_attr(allow_interpreted_subclasses=True)
class Words:
    """Display names by index (factions, spaces, piece kinds) or id (Operations, Special
    Activities) and card titles by number; the ids by index where a game looks names up by
    id (`space_of`, `faction_of`, `kind_of`)."""

    factions: tuple[str, ...]
    spaces: tuple[str, ...]
    ops: Mapping[str, str]
    sas: Mapping[str, str]
    cards: Mapping[int, str]
    kinds: tuple[str, ...] = ()
    kinds_plural: tuple[str, ...] = ()
    ids: Mapping[str, Sequence[str]] = field(default_factory=dict)  # "space", "faction", "kind"

    def op(self, name: str) -> str:
        return self.ops[name]

    def sa(self, name: str) -> str:
        return self.sas[name]

    def card(self, number: int) -> str:
        return f"card {number}, {self.cards[number]}"

    def title(self, number: int) -> str:
        return self.cards[number]

    def space(self, s: int) -> str:
        return self.spaces[s]

    def faction(self, f: int) -> str:
        return self.factions[f]

    def kind(self, k: int) -> str:
        return self.kinds[k]

    def pieces(self, k: int, n: int) -> str:
        """"1 Troops", "2 FARC Guerrillas (Active)"."""
        return f"{n} {self.kinds[k] if n == 1 else self.kinds_plural[k]}"

    def named(self, what: str, names: Sequence[str], id_: str) -> str:
        return names[list(self.ids[what]).index(id_)]

    def space_of(self, space_id: str) -> str:
        return self.named("space", self.spaces, space_id)

    def faction_of(self, faction_id: str) -> str:
        return self.named("faction", self.factions, faction_id)

    def kind_of(self, kind_id: str) -> str:
        return self.named("kind", self.kinds, kind_id)


def resources(n: int) -> str:
    return f"{n} Resource{'s' if n != 1 else ''}"
