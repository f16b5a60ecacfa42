"""Reading offered options (docs/decisions/0004 args) for the Non-player procedures, and the
generic choice when no box names one: the maximum guideline (AA 8.1.1), the 8.1.2
priorities by piece class, `random_pick` among spaces, an equal-chance roll otherwise."""

from __future__ import annotations

from collections.abc import Sequence

from services.coin.bots.priorities import (
    PLACE,
    REMOVE_ENEMY,
    REMOVE_OWN,
    best,
    by_faction_then_class,
    maximum,
    rank,
)
from services.coin.bots.random_pick import equal_chance
from services.kernel.decisions import Decision, Option

from .. import data as D
from ..constants import FACTION_IDS, KIND_IDS
from ..state import AAState
from .tables import ENEMIES, klass, owner, pick


def verb(o: Option | str) -> str:
    return (o.id if isinstance(o, Option) else o).split(":", 1)[0]


def space_of(o: Option) -> int | None:
    """The first space an option names (its args), if any."""
    return next((D.INDEX[v] for k, v in o.args.items() if k != "action" and v in D.INDEX), None)


def kind_of(o: Option) -> str | None:
    return next((v for k, v in o.args.items() if k != "action" and v in KIND_IDS), None)


def faction_of(o: Option) -> int | None:
    return next((FACTION_IDS.index(v) for k, v in o.args.items()
                 if k != "action" and v in FACTION_IDS), None)


def count_of(o: Option) -> int | None:
    last = o.id.rsplit(":", 1)[-1]
    return int(last) if last.isdigit() else None


def by_space(d: Decision, verbs: Sequence[str] = ("space",)) -> dict[int, str]:
    """Offered options naming a space, by space (the first option for a space)."""
    out: dict[int, str] = {}
    for o in d.options:
        s = space_of(o)
        if verb(o) in verbs and s is not None:
            out.setdefault(s, o.id)
    return out


def pick_in_tiers(st: AAState, offered: dict[int, str], tiers: Sequence[Sequence[int]]) -> \
        str | None:
    """The first tier with an offered space; `random_pick` within it."""
    for tier in tiers:
        c = [s for s in tier if s in offered]
        if c:
            return offered[pick(st, c)]
    return None


def piece_key(f: int, removing: bool, o: Option) -> tuple[int, int]:
    """P1 (placing: Bases first), P3 (removing enemies: enemy order AA-R-24, then Bases,
    Police, Troops, Underground, Active), P4 (removing own: Active first)."""
    k = kind_of(o)
    if k is None:
        return (9, 9)
    if not removing:
        return (0, rank(PLACE, klass(k)))
    g = owner(k)
    if g == f:
        return (len(FACTION_IDS), rank(REMOVE_OWN, klass(k)))
    return by_faction_then_class(ENEMIES.get(f, ()), REMOVE_ENEMY, g, klass(k))


def removing(d: Decision, ids: Sequence[str]) -> bool:
    text = (d.prompt + " " + " ".join(o.label for o in d.options if o.id in ids)).lower()
    return "remove" in text or "replace" in text or "destroy" in text


def generic(st: AAState, d: Decision, f: int) -> str:
    """Any decision no box names: AA 8.1.1 maximum, 8.1.2 priorities, 8.4.3 largest
    Population for Support shifts, AA-R-24 (benefit self, harm the enemy order), 8.0 random
    pick for the rest."""
    ids = maximum(d.option_ids())
    ids = [i for i in ids if verb(i) != "reclaim"] or ids  # AA-R-03: never own removal
    opts = [o for o in d.options if o.id in ids]
    if any(kind_of(o) for o in opts):
        rem = removing(d, ids)
        opts = best(opts, lambda o: piece_key(f, rem, o))
    factions = [o for o in opts if faction_of(o) is not None and space_of(o) is None]
    if factions and len(factions) == len(opts):
        own = [o for o in factions if faction_of(o) == f]
        order = [f, *ENEMIES.get(f, ())]
        opts = own or best(factions, lambda o: order.index(faction_of(o) or 0)
                           if faction_of(o) in order else 9)
    counts = [count_of(o) for o in opts]
    if all(c is not None for c in counts) and len(set(counts)) > 1:
        top = max(c for c in counts if c is not None)
        opts = [o for o, c in zip(opts, counts, strict=True) if c == top]
    spaces = {space_of(o): o.id for o in opts if space_of(o) is not None}
    if spaces and len(spaces) == len(opts):
        if "support" in d.prompt.lower() or "opposition" in d.prompt.lower():
            top = max(D.POP[s] for s in spaces if s is not None)
            spaces = {s: i for s, i in spaces.items() if s is not None and D.POP[s] == top}
        return spaces[pick(st, [s for s in spaces if s is not None])]
    return equal_chance(st.rng, [o.id for o in opts])
