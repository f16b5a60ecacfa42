"""JU 21 A death in the family; JU 25.1-25.2 going into exile (both leave offices vacant)."""

from __future__ import annotations

from services.kernel.ctx import Ctx

from .constants import NOBODY, Office, Status
from .data import DATA
from .families import is_alive, name, offices_of, president, private_to, told
from .hand import discard_all
from .money import to_aid_bottom, total, value
from .state import JuntaState


def vacate(ctx: Ctx, st: JuntaState, f: int) -> None:
    """JU 21.3, 25.2: his offices (and the presidency) become vacant."""
    lost = offices_of(st, f)
    for o in lost:
        st.offices[o] = NOBODY
    if president(st) == f:
        st.offices[Office.PRESIDENT] = NOBODY
        lost = [Office.PRESIDENT, *lost]
    if lost:
        ctx.emit("junta.offices_vacant", f"{', '.join(DATA.office_names[o] for o in lost)} "
                 f"{'is' if len(lost) == 1 else 'are'} vacant.",
                 {"player": f, "offices": [DATA.office_ids[o] for o in lost]})


def kill(ctx: Ctx, st: JuntaState, f: int, killer: int, how: str) -> None:
    """JU 21: cards to the discard pile, cash to the killer if alive (else face up under the
    aid deck), offices vacant; the family returns at the next Phase 1 (JU 21.4)."""
    fam = st.families[f]
    ctx.emit("junta.death", f"{name(st, f)} dies ({how}).",
             {"player": f, "killer": killer, "how": how})
    discard_all(ctx, st, f, "death")
    cash, fam.cash = fam.cash, []
    if killer != NOBODY and is_alive(st, killer) and killer != f:
        st.families[killer].cash.extend(cash)
        ctx.emit("junta.cash_taken", f"{name(st, killer)} takes {name(st, f)}'s cash "
                 f"({len(cash)} bills).", {"player": killer, "from": f, "bills": len(cash)})
        values = sorted((value(b) for b in cash), reverse=True)
        ctx.emit("junta.cash_taken_values", told(st, killer, f"You take {total(cash)} million.",
                                                 f"takes {total(cash)} million."),
                 {"values": values}, seats=private_to(st, killer))
    else:
        to_aid_bottom(ctx, st, cash, f"{name(st, f)}'s cash")
    fam.status = Status.DEAD
    fam.offer = fam.draft = None
    vacate(ctx, st, f)


def go_into_exile(ctx: Ctx, st: JuntaState, f: int, why: str) -> None:
    """JU 25.1-25.2: he keeps hand, face-up cards, cash and Swiss account; his offices (and
    the presidency) are vacant."""
    st.families[f].status = Status.EXILED
    ctx.emit("junta.exile", f"{name(st, f)} goes into exile ({why}).",
             {"player": f, "why": why})
    vacate(ctx, st, f)
