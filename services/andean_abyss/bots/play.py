"""AA 8.1 the Non-player's action on a card: Event, Operation or Pass; 8.4 its Events
(the dry run of rule 4); 8.7.5 Agitation; 6.4.5 Elite Backing; the Ship window (rule 7)."""

from __future__ import annotations

from typing import Any, Final

from services.coin.bots import choice
from services.coin.bots.choice import CardSymbols
from services.coin.bots.driver import NonPlayers
from services.coin.bots.seats import np_faction
from services.coin.sequence import FIRST_OP_SA, card_vars
from services.kernel.decisions import Decision

from .. import board as B
from .. import data as D
from ..constants import GUER_U
from ..state import AAState
from .boxes import CHARTS, frame_vars
from .instructions import operations_instead
from .options import by_space, generic, verb
from .tables import NEVER_EVENT, can_rally_base, leftmost, pick, second_ops

CARDS: Final = CardSymbols(leftmost, second_ops, NEVER_EVENT)


def wants_event(st: AAState, f: int, v: dict[str, Any], card: int) -> bool:
    """8.1 rules 1-2 on the AA cards (cards.json symbols; card 63 never, 8.4.4)."""
    return choice.wants_event(CARDS, f, v, card)


def event_side(ids: list[str]) -> str | None:
    """8.4.1: the shaded text; a single-text card its only text."""
    return next((i for i in ("event:shaded", "event:unshaded") if i in ids), None)


def effective(np: NonPlayers, st: AAState, d: Decision, side: str) -> bool:
    """8.1 rule 4 (AA-R-33), the shared dry run; an 8.4.4 instruction sending the
    Non-player to Operations makes the Event ineffective (cards 58, 65)."""
    if operations_instead(st, st.played[-1], np_faction(d.seat)):
        return False
    return choice.effective(np, st, d, side)


def eligible(np: NonPlayers, st: AAState, d: Decision, f: int) -> str:
    """8.1: Event if wanted and effective; Pass with no Resources (rule 5); else the
    flowchart's Operation (8.1.1), unrestricted (rule 6); Pass if no box can act."""
    ids = d.option_ids()
    v = card_vars(st) or {"done": 0, "first": ""}
    side = event_side(ids)
    if side and wants_event(st, f, v, st.played[-1]) and effective(np, st, d, side):
        return side
    return operation(st, ids, f)


def operation(st: AAState, ids: list[str], f: int) -> str:
    """8.1 rule 5: Pass with no Resources; else the flowchart's Operation (8.1.1)."""
    if st.resources[f] == 0:
        return "pass"
    ops = {i.split(":", 1)[1]: i for i in ids if verb(i) in ("op", "limop")}
    op = CHARTS[f].operation(st, set(ops))
    return ops[op] if op else "pass"


def discord(st: AAState, d: Decision, f: int) -> bool:
    """8.1 rule 3 Insurgent Discord (AA-R-34): in a 2-player game with Non-players, the
    Government player decides whether a Non-player 2nd Eligible with >= 1 Resource executes
    the Event (after the 1st Eligible's Op + SA) or Operations."""
    v = card_vars(st)
    return (d.kind == "coin.eligible" and st.seats == 2 and v is not None and v["done"] == 1
            and v["first"] == FIRST_OP_SA and st.resources[f] >= 1
            and st.played[-1] not in NEVER_EVENT and event_side(d.option_ids()) is not None)


def choose_free_op(st: AAState, d: Decision, f: int) -> str:
    """A free Operation an Event grants: the flowchart's box (8.9), else any offered."""
    ops = {i.split(":", 1)[1]: i for i in d.option_ids() if verb(i) in ("op", "limop")}
    op = CHARTS[f].operation(st, set(ops))
    return ops[op] if op else generic(st, d, f)


def agitation(st: AAState, d: Decision, f: int) -> str:
    """8.7.5 (AA-R-29): fewest Terror, then Support, then Population, then random; only
    where a shift can follow and Resources pay for all its Terror and that shift; each
    space as far as Resources allow before the next (`np_space`, kept in the phase's vars:
    the space under way)."""
    offered = by_space(d)
    v = frame_vars(st, "aa.agitation")
    if v.get("np_space") in offered:
        return offered[v["np_space"]]
    ok = [s for s in offered if can_shift(st, s) and st.resources[f] >= st.terror[s] + 1]
    if not ok:
        return "done" if "done" in d.option_ids() else generic(st, d, f)
    key = min((st.terror[s], -(st.support[s] > 0), -D.POP[s]) for s in ok)
    tied = [s for s in ok if (st.terror[s], -(st.support[s] > 0), -D.POP[s]) == key]
    v["np_space"] = pick(st, tied)
    return offered[v["np_space"]]


def can_shift(st: AAState, s: int) -> bool:
    """8.7.5: Terror is removed only where the level can then shift toward Opposition."""
    return D.POP[s] > 0 and st.support[s] > -2


def elite_backing(st: AAState, d: Decision, f: int) -> str:
    """8.6.1 Elite Backing: a free Rally where a Base (bullet 1) or Guerrillas (bullet 3)
    can be placed; nothing to place: skip."""
    guerrillas = B.PIECES.available(st, GUER_U[f]) > 0
    ok = [s for s in B.cities_and_depts(st) if st.support[s] >= 0
          and B.control(st, s) not in (B.GOVT, B.FARC)
          and (can_rally_base(st, s, f) or guerrillas and B.faction_room(st, s, f) > 0)]
    return "rally" if ok and "rally" in d.option_ids() else "decline"


def no_ship(st: AAState, d: Decision, f: int) -> str:
    """8.1 rule 7: never Ship, never give a Shipment for another's Ship."""
    ids = d.option_ids()
    return next(i for i in ("decline", "refuse", "done") if i in ids)
