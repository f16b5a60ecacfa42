"""JU 28 Initial deployment, JU 32.0 forces, JU 32.3c strength, JU 35 new counters.

A unit is controlled by a family, or belongs to a *vacant force* (`vacant_force(office)`),
the units of a vacant office that is not the brother-in-law's (JU 22.3). A force in an area is
one controller's units there.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Final

from services.kernel.ctx import Ctx

from ..constants import AFLOAT, AIRBORNE, NOBODY, REMOVED, Office
from ..data import DATA, Card
from ..families import name, wielder
from ..state import Coup, JuntaState, Unit

VACANT: Final = 100  # ctrl of a vacant force: VACANT + office
PALACE: Final = DATA.area_index["presidential_palace"]
MAP_TYPES: Final = frozenset(u.index for u in DATA.unit_types if u.full or u.half)


def vacant_force(office: int) -> int:
    return VACANT + office


def is_vacant(ctrl: int) -> bool:
    return ctrl >= VACANT


def force_id(ctrl: int) -> str:
    """A force's id in option args: the player's number, or the vacant office's id."""
    return DATA.office_ids[ctrl - VACANT] if is_vacant(ctrl) else str(ctrl)


def parse_force(text: str) -> int:
    if text in DATA.office_ids:
        return vacant_force(DATA.office_ids.index(text))
    return int(text)


def force_name(st: JuntaState, ctrl: int) -> str:
    if is_vacant(ctrl):
        return f"the units of the vacant {DATA.office_names[ctrl - VACANT]}"
    return name(st, ctrl)


def type_name(t: int) -> str:
    return DATA.unit_types[t].name


def area_name(a: int) -> str:
    return DATA.area_names[a] if a >= 0 else {AFLOAT: "afloat", AIRBORNE: "airborne",
                                              REMOVED: "removed"}[a]


def deploy(st: JuntaState) -> list[Unit]:
    """JU 28: every unit at its start (police in the Chamber after a forced budget), under the
    player holding its office (the President for the brother-in-law's), else a vacant force."""
    units: list[Unit] = []
    for t, pos, count, cond in DATA.deployment:
        if t not in MAP_TYPES or (cond == "unless" and st.forced) or \
                (cond == "only_if" and not st.forced):
            continue
        office = DATA.unit_types[t].office
        holder = wielder(st, office)
        ctrl = holder if holder != NOBODY else vacant_force(office)
        units.extend(Unit(t, pos, ctrl) for _ in range(count))
    return units


def on_map(u: Unit) -> bool:
    return u.pos >= 0


def at(coup: Coup, area: int, fleeing: bool = True) -> list[int]:
    return [i for i, u in enumerate(coup.units)
            if u.pos == area and (fleeing or not u.fleeing)]


def forces(coup: Coup, area: int, fleeing: bool = False) -> dict[int, list[int]]:
    """JU 32.0: the units in an area by force (non-fleeing only unless asked)."""
    out: dict[int, list[int]] = defaultdict(list)
    for i in at(coup, area, fleeing):
        out[coup.units[i].ctrl].append(i)
    return dict(out)


def controlled(coup: Coup, f: int) -> list[int]:
    return [i for i, u in enumerate(coup.units) if u.ctrl == f and u.pos != REMOVED]


def dice(coup: Coup, idxs: list[int], area: int) -> int:
    """JU 32.3c [G 31]: the sum of strengths; "1/2" units give one die per two; a palace
    guard counts 2 in the Presidential Palace."""
    full = halves = 0
    for i in idxs:
        t = DATA.unit_types[coup.units[i].type]
        if t.half:
            halves += 1
        else:
            full += t.palace_full if area == PALACE else t.full
    return full + halves // 2


def groups(coup: Coup, idxs: list[int]) -> dict[tuple[int, int], list[int]]:
    """Units by (position, type)."""
    out: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i in idxs:
        u = coup.units[i]
        out[(u.pos, u.type)].append(i)
    return dict(out)


def spawn(ctx: Ctx, st: JuntaState, f: int, card: Card) -> None:
    """JU 35: the card's counters in its area, under the player's control until the coup
    ends; in the rebel phase, civilian counters allow police response (JU 36)."""
    coup = st.coup
    assert coup is not None
    area = DATA.spawn[card.id]
    made = []
    for row in card.params["units"]:
        t = DATA.unit_index[row["type"]]
        coup.units.extend(Unit(t, area, f) for _ in range(row["count"]))
        made.append(f"{row['count']} {type_name(t)}")
    ctx.emit("junta.units_arrive", f"{', '.join(made)} appear in {area_name(area)} under "
             f"{name(st, f)}'s control.", {"player": f, "card": card.id,
                                            "area": DATA.area_ids[area]})
    if coup.phase == 0 and card.params.get("police_response") and area not in coup.triggers:
        coup.triggers.append(area)


def remove(ctx: Ctx, st: JuntaState, i: int) -> None:
    """JU 32.4: eliminated units wait in the removed box until the coup ends."""
    assert st.coup is not None
    st.coup.units[i].pos = REMOVED


def minister_units_ctrl(st: JuntaState) -> int:
    """JU 36: who places police in response: the Minister, or the President for the
    brother-in-law's office; nobody if the office is otherwise vacant."""
    return wielder(st, Office.MINISTER)
