"""Law cards: which laws are in force and what they ask (CU 10, laws.json).

Phase D applies categories I-III and the market laws (`decrees.py`); the other
category-IV laws are read here by the phases they change (drought: Worker,
building law: Architect, harbor law: Mayor and trading offices, bribery law:
parliament) [CU-G-29].
"""

from __future__ import annotations

from typing import Final

from .constants import NO_BUILDING, NO_LAW, Category, LawKind
from .data import DATA, Law
from .state import CubaState

BASE_CROP_FIELDS: Final = 2  # CU 5.B.1 item 3


def law(index: int) -> Law:
    return DATA.laws[index]


def law_in_force(st: CubaState, kind: LawKind) -> Law | None:
    """The law of this kind in force, if any (at most one law per category)."""
    for idx in st.in_force:
        if idx != NO_LAW and DATA.laws[idx].kind is kind:
            return DATA.laws[idx]
    return None


def crop_field_base(st: CubaState) -> int:
    """CU 5.B.1 / CU 10.4 drought: the Worker's free crop fields."""
    d = law_in_force(st, LawKind.DROUGHT)
    return BASE_CROP_FIELDS if d is None else d.base_crop_fields


def building_surcharge(st: CubaState) -> int:
    """CU 5.B.3 / CU 10.4 building law: pesos added to every build."""
    b = law_in_force(st, LawKind.BUILDING_SURCHARGE)
    return 0 if b is None else b.pesos


def bribes_allowed(st: CubaState) -> bool:
    """CU 5.C.4 / CU 10.4 bribery law."""
    return law_in_force(st, LawKind.NO_BRIBES) is None


def buildings_owned(st: CubaState, seat: int) -> int:
    """Building tiles owned (CU 0.6: the printed warehouse is not one)."""
    return sum(1 for b in st.players[seat].buildings if b != NO_BUILDING)


def tax_due(st: CubaState, seat: int, tax: Law) -> int:
    """CU 5.D.1 / CU 10.1 [CU-G-09]: pesos the tax asks of this seat."""
    if tax.kind is LawKind.TAX_PESOS_PER_BUILDING:
        return tax.pesos * buildings_owned(st, seat)
    return tax.pesos


def enact(st: CubaState, index: int) -> int:
    """CU 5.C.6: a passed law goes into its slot at once; returns the law it replaced."""
    cat = DATA.laws[index].category
    old = st.in_force[cat]
    st.in_force[cat] = index
    return old


def in_force(st: CubaState, cat: Category) -> Law | None:
    idx = st.in_force[cat]
    return None if idx == NO_LAW else DATA.laws[idx]
