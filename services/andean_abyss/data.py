"""Load and validate the Andean Abyss data (map.json, cards.json, setup.json) into frozen tables.

Names appear only here and at the view/codec boundary; the rules use space
indices (map.json order), piece kinds and faction numbers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from .constants import FACTION_IDS, SpaceType, Terrain

DATA: Final = Path(__file__).parent / "data"


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


MAP: Final[Any] = _load("map.json")
CARDS_JSON: Final[Any] = _load("cards.json")
SETUP: Final[Any] = _load("setup.json")

_SPACES: Final = MAP["spaces"]
NAMES: Final[tuple[str, ...]] = tuple(s["id"] for s in _SPACES)
INDEX: Final[dict[str, int]] = {n: i for i, n in enumerate(NAMES)}
NS: Final = len(NAMES)
TYPE: Final = tuple(SpaceType[s["type"].upper() if s["type"] != "department" else "DEPT"]
                    for s in _SPACES)
POP: Final = tuple(int(s["pop"]) for s in _SPACES)
TERRAIN: Final = tuple(Terrain[(s["terrain"] or "none").upper()] for s in _SPACES)
ECON: Final = tuple(int(s["econ"] or 0) for s in _SPACES)
PIPELINE: Final = tuple(bool(s["pipeline"]) for s in _SPACES)
COASTAL: Final = tuple(bool(s["coastal"]) for s in _SPACES)
ECUADOR: Final = INDEX["ecuador"]
PANAMA: Final = INDEX["panama"]
BOGOTA: Final = INDEX["bogota"]
ADJ_ALL: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(INDEX[a] for a in s["adjacent"]) for s in _SPACES)

# Extra spaces in play: bit 1 = Ecuador (card 33 shaded), bit 2 = Panamá (card 71 shaded).
EXTRA_BIT: Final = {ECUADOR: 1, PANAMA: 2}


def _adjacency(extras: int) -> tuple[tuple[int, ...], ...]:
    def on(s: int) -> bool:
        return s not in EXTRA_BIT or bool(extras & EXTRA_BIT[s])
    return tuple(tuple(a for a in ADJ_ALL[s] if on(a)) if on(s) else () for s in range(NS))


ADJ: Final = tuple(_adjacency(m) for m in range(4))
# The same as bitmasks over space indices: bit a of ADJ_BITS[extras][s] when a is adjacent to s.
ADJ_BITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(1 << a for a in near) for near in ADJ[m]) for m in range(4))
# Spaces in play for each `extras` value, as a tuple and as a bitmask.
IN_PLAY: Final = tuple(tuple(s for s in range(NS) if s not in EXTRA_BIT or m & EXTRA_BIT[s])
                       for m in range(4))
IN_PLAY_MASK: Final = tuple(sum(1 << s for s in IN_PLAY[m]) for m in range(4))
CITIES: Final = tuple(s for s in range(NS) if TYPE[s] == SpaceType.CITY)
DEPTS: Final = tuple(s for s in range(NS) if TYPE[s] == SpaceType.DEPT)
LOCS: Final = tuple(s for s in range(NS) if TYPE[s] == SpaceType.LOC)
# Per space: whether it is a City / Department / LoC (board predicates read these).
IS_CITY: Final = tuple(t == SpaceType.CITY for t in TYPE)
IS_DEPT: Final = tuple(t == SpaceType.DEPT for t in TYPE)
IS_LOC: Final = tuple(t == SpaceType.LOC for t in TYPE)
# Cities and Departments in play, for each `extras` value.
CITIES_DEPTS: Final = tuple(tuple(s for s in IN_PLAY[m] if not IS_LOC[s]) for m in range(4))
TOTAL_ECON: Final = sum(ECON)
# AA 3.2.2 Patrol: each space's adjacent LoCs and Cities in play (a cube never steps into a
# Department), for each `extras` value.
PATROL_ADJ: Final = tuple(tuple(tuple(a for a in ADJ[m][s] if not IS_DEPT[a]) for s in range(NS))
                          for m in range(4))

# Cards: 1-72 events, 73-76 Propaganda.
CARDS: Final[dict[int, Any]] = {
    c["number"]: c for c in CARDS_JSON["cards"] + CARDS_JSON["propaganda_cards"]}
FACTION_ORDER: Final[dict[int, tuple[int, ...]]] = {
    n: tuple(FACTION_IDS.index(f) for f in c["faction_order"]) for n, c in CARDS.items()}
EVENT_CARDS: Final = tuple(n for n, c in sorted(CARDS.items()) if c["kind"] != "propaganda")
PROPAGANDA_CARDS: Final = tuple(n for n, c in sorted(CARDS.items()) if c["kind"] == "propaganda")


def validate() -> list[str]:
    """Every data check (map symmetry and totals, card counts); returns problems found."""
    bad: list[str] = []
    for s in range(NS):
        for a in ADJ_ALL[s]:
            if s not in ADJ_ALL[a]:
                bad.append(f"adjacency {NAMES[s]}->{NAMES[a]} not symmetric")
            if a == s:
                bad.append(f"{NAMES[s]} adjacent to itself")
    perm = [s for s in range(NS) if s not in EXTRA_BIT]
    counts = [sum(1 for s in perm if TYPE[s] == t) for t in SpaceType]
    if counts != [11, 16, 18]:
        bad.append(f"space counts {counts} != [11, 16, 18]")
    if sum(POP) != 40 or TOTAL_ECON != 30:
        bad.append(f"population {sum(POP)} / econ {TOTAL_ECON} != 40 / 30")
    if len(EVENT_CARDS) != 72 or len(PROPAGANDA_CARDS) != 4:
        bad.append("card counts")
    for n in EVENT_CARDS:
        if sorted(FACTION_ORDER[n]) != [0, 1, 2, 3]:
            bad.append(f"card {n} faction order")
    for extras, key in ((0, "adjacency_pairs_in_play_from_start"),
                        (3, "adjacency_pairs_including_ecuador_panama")):
        pairs = sum(len(a) for a in ADJ[extras]) // 2
        if pairs != MAP["totals"][key]:
            bad.append(f"{key}: {pairs}")
    return bad


_PROBLEMS: Final = validate()
if _PROBLEMS:
    raise ValueError("andean_abyss data invalid: " + "; ".join(_PROBLEMS))
