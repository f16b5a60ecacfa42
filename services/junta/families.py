"""The families and who decides for them (JU conventions, JU 5, JU 45).

"In order from X" = X first, then clockwise, skipping families that are not active. A
family's decisions are taken by its seat; a straw man's by its faction leader (JU 45.6), or,
when that leader is not active, by nobody: its decisions take their default (`AUTO`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from .constants import NOBODY, Office, Status
from .state import Family, JuntaState

AUTO: Final = -1  # the deciding seat of a straw man whose faction leader is not active


def president(st: JuntaState) -> int:
    return st.offices[Office.PRESIDENT]


def is_active(st: JuntaState, f: int) -> bool:
    return st.families[f].status == Status.ACTIVE


def is_alive(st: JuntaState, f: int) -> bool:
    return st.families[f].status != Status.DEAD


def is_real(st: JuntaState, f: int) -> bool:
    return not st.families[f].straw


def clockwise(st: JuntaState, start: int) -> list[int]:
    n = len(st.families)
    return [(start + i) % n for i in range(n)]


def in_order(st: JuntaState, start: int,
             keep: Callable[[JuntaState, int], bool] = is_active) -> list[int]:
    """JU conventions: from `start` clockwise, the families `keep` accepts."""
    return [f for f in clockwise(st, start) if keep(st, f)]


def anchor(st: JuntaState) -> int:
    """JU 5.5: the President's seat, or the last President's while the office is vacant."""
    p = president(st)
    if p != NOBODY:
        return p
    return st.last_president if st.last_president != NOBODY else 0


def from_president(st: JuntaState,
                   keep: Callable[[JuntaState, int], bool] = is_active) -> list[int]:
    return in_order(st, anchor(st), keep)


def left_of(st: JuntaState, f: int) -> int:
    return (f + 1) % len(st.families)


def active_families(st: JuntaState) -> list[int]:
    return [f for f in range(len(st.families)) if is_active(st, f)]


def is_eligible(st: JuntaState, f: int, excluded: Iterable[int] = ()) -> bool:
    """JU conventions: an eligible candidate is an active real player not excluded."""
    return is_active(st, f) and is_real(st, f) and f not in excluded


def eligible(st: JuntaState, excluded: Iterable[int] = ()) -> list[int]:
    ex = set(excluded)
    return [f for f in range(st.seats) if is_eligible(st, f, ex)]


def offices_of(st: JuntaState, f: int) -> list[int]:
    """The cabinet offices `f` holds (the presidency and the brother-in-law's excluded)."""
    return [o for o in range(1, len(st.offices)) if st.offices[o] == f]


def wielder(st: JuntaState, office: int) -> int:
    """Who uses an office's powers: its holder, the President for the brother-in-law's
    office (JU 22.2), else nobody."""
    if st.offices[office] != NOBODY:
        return st.offices[office]
    if st.bil == office:
        return president(st)
    return NOBODY


def leader_of(st: JuntaState, f: int) -> int:
    """JU 45.5: a straw man's faction leader (the President for the President's faction)."""
    fam = st.families[f]
    return president(st) if fam.leader == NOBODY else fam.leader


def controller(st: JuntaState, f: int) -> int:
    """The seat that decides for family `f` (JU 45.6), or AUTO."""
    if is_real(st, f):
        return f
    lead = leader_of(st, f)
    if lead == NOBODY or not is_active(st, lead):
        return AUTO
    return lead


def name(st: JuntaState, f: int) -> str:
    return f"Player {f}" if is_real(st, f) else f"Straw man {f}"


def private_to(st: JuntaState, f: int) -> list[int] | None:
    """Who sees a family's hand, cash and Swiss account: the seat itself; a straw man's are
    public (None) (JU 45.2: shown to all real players; a spectator sees them too, so that
    whether a straw man is asked something never tells anything hidden)."""
    return [f] if is_real(st, f) else None


def parties(st: JuntaState, a: int, b: int) -> list[int] | None:
    """Who sees what passes between two families: both seats (public with a straw man)."""
    pa, pb = private_to(st, a), private_to(st, b)
    return None if pa is None or pb is None else sorted({*pa, *pb})


def sees(st: JuntaState, f: int, viewer: int | None) -> bool:
    """Whether `viewer` sees family `f`'s hand, cash values and Swiss total (JU 44)."""
    seen = private_to(st, f)
    return seen is None or (viewer is not None and viewer in seen)


def family(st: JuntaState, f: int) -> Family:
    return st.families[f]


def must_ask(st: JuntaState, f: int, has_something: bool) -> bool:
    """JU 44 (JU-R-02): a seat's own family is asked in every window the rules open to it,
    whether or not it holds a card for it, so the other seats cannot tell from the pending
    decisions; a straw man (its hand is public) is asked only when it can do something."""
    return has_something or is_real(st, f)


def told(st: JuntaState, f: int, you: str, they: str) -> str:
    """The text of an event about `f`'s secrets: addressed to him ("You draw ..."), or, for a
    straw man whose secrets are public, about him ("Straw man 3 draws ...": `they` gets the
    name in front)."""
    return you if is_real(st, f) else f"{name(st, f)} {they}"
