"""Cuba in a player's words: the names and phrases labels and event texts share
(docs/decisions/0004: labels say what will happen; texts carry no reprs or ids).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .constants import CHARACTER_IDS, ITEM_IDS, N_ITEMS, POSITION_IDS

ITEM_NAMES: tuple[str, ...] = tuple(i.replace("_", " ") for i in ITEM_IDS)
CHARACTER_NAMES: tuple[str, ...] = ("Worker", "Tradeswoman", "Architect", "Foreman", "Mayor")
POSITION_NAMES: tuple[str, ...] = ("berth 1", "berth 2", "berth 3", "the sea")
assert len(CHARACTER_NAMES) == len(CHARACTER_IDS) and len(POSITION_NAMES) == len(POSITION_IDS)


def item_name(item: int) -> str:
    return ITEM_NAMES[item]


def count_text(n: int, item: int) -> str:
    """`2 wood`, `1 sugar cane`."""
    return f"{n} {ITEM_NAMES[item]}"


def counts_text(counts: Iterable[int] | Mapping[int, int], empty: str = "nothing") -> str:
    """Counts per item (a vector or {item: n}) as `2 wood, 1 stone`; zeros left out."""
    pairs = counts.items() if isinstance(counts, Mapping) else enumerate(counts)
    parts = [count_text(n, i) for i, n in pairs if n]
    return ", ".join(parts) if parts else empty


def counts_data(counts: Iterable[int] | Mapping[int, int]) -> dict[str, int]:
    """Counts per item for Event.data: {"wood": 2, "stone": 1}; zeros left out."""
    pairs = counts.items() if isinstance(counts, Mapping) else enumerate(counts)
    return {ITEM_IDS[i]: n for i, n in pairs if n}


def bundle_counts(items: Iterable[int]) -> list[int]:
    """A list of item indices (repeats allowed) as counts per item."""
    out = [0] * N_ITEMS
    for i in items:
        out[i] += 1
    return out


def seats_text(seats: Iterable[int]) -> str:
    """`seat 2`, `seats 0 and 3`, `seats 0, 1 and 3`."""
    s = [str(x) for x in seats]
    if len(s) == 1:
        return f"seat {s[0]}"
    return "seats " + ", ".join(s[:-1]) + " and " + s[-1]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
