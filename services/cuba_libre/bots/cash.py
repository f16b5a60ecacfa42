"""CL 8.1.2 the Non-players' Cash rules, piece by piece: P6 the rescue of Cash whose holder
is removed (and `yields_cash`, the removal that lets the remover take it), P8 which Cash
goes with a moving group. Pieces of one kind in one space are alike (cash.py): a marker
leaves with a removed piece only when it was the last of its kind there."""

from __future__ import annotations

from typing import Final

from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..cash import held_by
from ..constants import CASH_HOLDERS, GUER_A, GUER_U, KIND_FACTION, KIND_IDS, Kind
from ..state import CLState
from .options import generic

GOVT: Final = B.GOVT
M26: Final = B.M26
DR: Final = B.DR
SYNDICATE: Final = B.SYNDICATE
RESCUERS = (GOVT, SYNDICATE, DR, M26)  # P6: another Non-player's piece, in this order


def own_holders(f: int) -> tuple[int, ...]:
    """P6 "Underground Guerrilla first"; the Government's cubes Police first (P3, CL-R-35)."""
    return (Kind.POLICE, Kind.TROOPS) if f == GOVT else (GUER_U[f], GUER_A[f])


def rescue_order(st: CLState, owner: int) -> list[int]:
    """P6: the kinds a Non-player moves its Cash to: its own pieces, then another
    Non-player's (Government, Syndicate, DR, 26July)."""
    others = [g for g in RESCUERS if g != owner and st.seat_of[g] < 0]
    return [k for g in (owner, *others) for k in own_holders(g)]


def releases_cash(st: CLState, s: int, k: int) -> bool:
    """P6 `yields_cash(piece)`: the piece of kind k in s holds Cash that goes to its remover:
    the last of its kind there holding Cash, and its owner a player (assumed not to rescue)
    or a Non-player for which P6 finds no other piece in s."""
    if k not in CASH_HOLDERS or B.n(st, s, k) != 1 or not held_by(st, s, k):
        return False
    owner = KIND_FACTION[k]
    if st.seat_of[owner] >= 0:
        return True
    return not any(B.n(st, s, h) for h in rescue_order(st, owner) if h != k)


def yields_cash(st: CLState, s: int, g: int) -> bool:
    """P6: removing some piece of g in s would give the remover Cash."""
    return any(KIND_FACTION[k] == g and releases_cash(st, s, k) for k in CASH_HOLDERS)


def cash_rescue(st: CLState, d: Decision, f: int) -> str:
    """P6: the removed piece's Cash under another own piece (Underground first), else another
    Non-player's; else it is lost."""
    offered = {o.args.get("holder"): o.id for o in d.options}
    for k in rescue_order(st, f):
        if KIND_IDS[k] in offered:
            return offered[KIND_IDS[k]]
    return "drop" if "drop" in offered.values() else generic(st, d, f)


def cash_follow(st: CLState, d: Decision, f: int) -> str:
    """P8: pieces holding Cash move first into a City or Province (every marker the group can
    carry goes), last into an EC (a marker goes only when fewer pieces stay behind than there
    are markers)."""
    v = next(fr.vars for fr in reversed(st.stack) if fr.proc == "cl.cash_follow")
    follow = [o.id for o in d.options if o.id.startswith("follow:")]
    if not follow:
        return generic(st, d, f)
    markers = sum(len(held_by(st, v["src"], k)) for k in v["kinds"])
    stay = sum(B.n(st, v["src"], k) for k in v["kinds"])
    goes = not D.IS_EC[v["dst"]] or markers > stay
    return follow[0] if goes else "stay"
