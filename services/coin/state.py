"""Fields every COIN game state carries (plain data, DESIGN §6).

Piece counts are one flat int array indexed `space * kinds + kind` (the game's
`PieceTable` fixes the kinds); only `coin.pieces` writes it. The draw deck is a
list whose *end* is the top; `played[-1]` is the current card and `deck[-1]`
the upcoming one.
"""

from __future__ import annotations

from services.kernel.state import KernelState


class CoinState(KernelState, kw_only=True):
    """Base of a COIN game's state.

    seat_of:    faction -> seat that decides for it.
    pieces:     counts per (space, kind), flat.
    avail:      Available pieces per kind (guerrilla states share one pool slot).
    support:    per space, -2 (Active Opposition) .. +2 (Active Support).
    resources:  per faction.
    eligible:   per faction, for the current card (§2.3.1).
    deck:       hidden draw deck, top at the end.
    played:     played pile, current card last.
    acted:      factions that executed an Op/LimOp or the Event on this card.
    set_ineligible / set_eligible: Event overrides for the next card (§2.3.7).
    bonus_used: factions that used the bonus LimOp (AA Ship, CL Cash) on this card.
    """

    seat_of: list[int]
    pieces: list[int]
    avail: list[int]
    support: list[int]
    resources: list[int]
    eligible: list[bool]
    deck: list[int] = []
    played: list[int] = []
    acted: list[int] = []
    set_ineligible: list[int] = []
    set_eligible: list[int] = []
    bonus_used: list[int] = []
