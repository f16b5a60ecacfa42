"""The names a COIN game shows a player: option labels and event texts say what happens in
these words, while option args and event data carry the ids (docs/decisions/0004)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """Display names by index (factions, spaces) or id (Operations, Special Activities) and
    card titles by number."""

    factions: tuple[str, ...]
    spaces: tuple[str, ...]
    ops: Mapping[str, str]
    sas: Mapping[str, str]
    cards: Mapping[int, str]

    def op(self, name: str) -> str:
        return self.ops[name]

    def sa(self, name: str) -> str:
        return self.sas[name]

    def card(self, number: int) -> str:
        return f"card {number}, {self.cards[number]}"
