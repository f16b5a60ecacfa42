"""Cuba's table state: plain typed records (DESIGN §6).

Items, characters, laws, ships and buildings are indices into the data tables
(`data.DATA`); names appear only in options, events and views. Hidden parts:
the law decks' and ship deck's order, the sealed round's values (bribes, the
variant's parliament card) and, in the variant, `Player.parliament_card` until
phase C. Views copy in only what a seat may see (`views.py`).
"""

from __future__ import annotations

import msgspec

from services.kernel.state import KernelState, SealedRound

from .constants import N_ITEMS, NO_CARD, NO_LAW, NO_SEAT, Phase


def zeros() -> list[int]:
    return [0] * N_ITEMS


class Player(msgspec.Struct, array_like=True):
    """One seat's belongings (CU 0.2).

    yard/storage: count per item (storage only ever holds crops, CU 5.B.4).
    farm:         field type index per field (`DATA.field_types`).
    buildings:    building index per field, or NO_BUILDING.
    hand:         unplayed character cards (the variant's face-down card excluded).
    played:       cards played this round, in order.
    parliament_card: the card kept for parliament (set by the variant's face-down
                  choice, else at the reveal in phase C); NO_CARD otherwise.
    votes, bribe: this round's parliament votes and pesos bid (public once revealed).
    paid_tax, paid_duty: complied with law I / II in this decree phase (CU 5.D.2 bonus).
    """

    money: int
    farm: list[int]
    buildings: list[int]
    worker: int
    vp: int = 0
    yard: list[int] = msgspec.field(default_factory=zeros)
    storage: list[int] = msgspec.field(default_factory=zeros)
    hand: list[int] = msgspec.field(default_factory=lambda: [0, 1, 2, 3, 4])
    played: list[int] = []
    parliament_card: int = NO_CARD
    votes: int = 0
    bribe: int = 0
    paid_tax: bool = False
    paid_duty: bool = False


class CubaState(KernelState, kw_only=True):
    """The whole table.

    supply:     the general supply, count per item (CU 0.2, CU 2.1).
    market:     tokens per cargo row (the n most expensive spaces, CU 5.B.2).
    harbor:     ship index per position (berth_1, berth_2, berth_3, sea) or NO_SHIP.
    loads:      per ship card: units loaded per cargo type.
    ship_deck:  face-down ship cards, top first (hidden order).
    law_decks:  per category, face-down law cards, top first (hidden order).
    in_force:   per category, the law in force or NO_LAW.
    proposals:  per category, this round's proposal or NO_LAW.
    markers:    per special space, the seat whose black marker is on it, or NO_SEAT.
    vote_tile, veto_tile: seat holding the City Hall / Church tile this round.
    veto:       category vetoed this round, or -1; last_veto_*: the round and category
                of the most recent veto (CU 5.C.3 restriction).
    sealed:     legacy: states written before the sealed rounds ran as kernel SealedProcs
                held the open round here; `Cuba.upgrade` moves it into its proc's frame.
    bank:       pesos in the bank; bank + players' money is constant (CU-G-21:
                the bank never runs out, so it may go below zero).
    """

    variant: bool
    farm_side: str
    start_player: int
    players: list[Player]
    supply: list[int]
    market: list[int]
    harbor: list[int]
    loads: list[list[int]]
    ship_deck: list[int]
    law_decks: list[list[int]]
    in_force: list[int]
    proposals: list[int]
    bank: int
    round: int = 0
    phase: int = Phase.SETUP
    markers: list[int] = msgspec.field(default_factory=lambda: [NO_SEAT] * 6)
    vote_tile: int = NO_SEAT
    veto_tile: int = NO_SEAT
    veto: int = NO_LAW
    last_veto_round: int = 0
    last_veto_category: int = NO_LAW
    parliament_winner: int = NO_SEAT
    sealed: SealedRound | None = None

    def order(self) -> list[int]:
        """CU 0.4: seats in turn order from the start player."""
        return [(self.start_player + i) % self.seats for i in range(self.seats)]
