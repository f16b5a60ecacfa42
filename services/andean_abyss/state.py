"""The Andean Abyss state: plain data on top of the COIN fields (STYLE "hot representation").

Piece counts live in `pieces` (space x Kind, see coin.pieces); markers and
tracks are ints, lists and bitmasks over space indices.
"""

from __future__ import annotations

import msgspec

from services.coin.state import CoinState


class AAState(CoinState, kw_only=True):
    """AA state.

    players:    factions run by each seat (AA 1.5: a seat may run two factions).
    aid:        Aid track 0..29.
    president:  El Presidente (President enum).
    terror:     Terror markers per space (several may stack, AA-R-31).
    sabotage:   bitmask of Sabotaged LoCs.
    zones:      bitmask of FARC Zones (AA 6.4.4).
    extras:     bit 1 Ecuador, bit 2 Panamá in play (AA 1.3.5).
    ships:      the 4 Shipments: -1 Available, else space * 4 + owning faction (AA 4.5.3).
    caps, mom:  Capability / Momentum bits (constants.Cap, Mom); mom_seize: who played card 42.
    out_of_play: per kind, pieces set out of play by an Event (card 49).
    prop_played: Propaganda cards played so far; final_prop: the one that ends the game.
    ctl:        the Control snapshot of a Propaganda Round (one per space; [] = live, AA-R-02).
    over:       0 playing; 1 won at a victory check (AA 6.1); 2 ended after the final Round.
    hidden_next: option AA 2.2, upcoming card hidden.
    edition:    card texts: 1 first edition (default), 2 second edition (AA-D-03).
    elig_option: "" standard, "A" or "B" (AA 2.3.1 options, RULES.md O.4).
    """

    players: list[list[int]]
    aid: int = 9
    president: int = 0
    terror: list[int] = []
    sabotage: int = 0
    zones: int = 0
    extras: int = 0
    ships: list[int] = msgspec.field(default_factory=lambda: [-1] * 4)
    caps: int = 0
    mom: int = 0
    mom_seize: int = -1
    out_of_play: list[int] = []
    prop_played: int = 0
    final_prop: int = 4
    ctl: list[int] = []
    over: int = 0
    hidden_next: bool = False
    edition: int = 1
    elig_option: str = ""
