"""The Cuba Libre state: plain data on top of the COIN fields (STYLE "hot representation").

`CLState` extends `coin.state.CoinState` exactly as Andean Abyss's `AAState` does, so the COIN
layer reads the same fields from both games (seat_of, pieces, avail, support, resources,
eligible, deck, played, acted, set_ineligible, set_eligible, bonus_used). Where Cuba Libre has
the same concept as Andean Abyss the field has the same name and shape (players, aid, terror,
sabotage, caps, mom, prop_played, final_prop, ctl, over); what is Cuba Libre's own is named for
its rule (us_alliance, cash, non_players, deception, sudden).
"""

from __future__ import annotations

import msgspec

from services.coin.state import CoinState

from .constants import CASH_MARKERS, NO_CASH


class Counter(msgspec.Struct, array_like=True):
    """One Deception counter held by a player (CL 7.3 option): its kind (constants.Deception),
    and whether its owner has revealed it (used, or shown at the end)."""

    kind: int
    revealed: bool = False


def _cash_box() -> list[int]:
    return [NO_CASH] * CASH_MARKERS


class CLState(CoinState, kw_only=True):
    """Cuba Libre state.

    pieces:      counts per (space, Kind) flat, `space * NKINDS + kind` (coin.pieces writes it).
    avail:       Available pieces per pool slot (constants.POOL).
    support:     per space -2..+2; always 0 in ECs (CL 1.6.2 note).
    players:     factions run by each seat (CL 1.5: a seat may run two factions).
    non_players: bitmask of the factions the Non-player rules run (CL 8); each is its own seat.
    aid:         Aid track 0..49 (CL 1.8).
    us_alliance: constants.UsAlliance (CL 6.3.1).
    terror:      Terror markers per space (several may stack in a City or Province, CL 3.3.4).
    sabotage:    bitmask of Sabotaged ECs (at most 1 marker each, CL 3.3.4).
    cash:        the 4 Cash markers (CL 4.5.2): NO_CASH in the Cash box, else the holding
                 piece as `space * NKINDS + kind` (a Guerrilla or cube; its faction owns it).
    casino_exempt: bitmask of spaces allowed one Casino above the stacking limit (CL 1.4.2
                 exception, card 46 shaded).
    caps, mom:   Capability / Momentum bits (constants.Cap, Mom; CL 5.3-5.4).
    prop_played: Propaganda cards played so far (skipped rounds count, CL-R-21).
    final_prop:  the Propaganda card whose round ends the game (CL 2.4.1: the 4th).
    ctl:         Control at the start of a Redeploy phase, one per space (CL-R-14); [] = live.
    over:        0 playing; 1 won in a Victory phase (CL 6.1); 2 after the final round
                 (CL 6.3.5); 3 final Propaganda card right after another (CL 6.0).
    sudden:      the sudden Propaganda option (CL 2.3.8).
    short_game:  the short game option (CL 2.1): 40 Events in the deck.
    deception:   per seat, its Deception counters (CL 7.3 option; empty without it).
    """

    players: list[list[int]]
    non_players: int = 0
    aid: int = 0
    us_alliance: int = 0
    terror: list[int] = []
    sabotage: int = 0
    cash: list[int] = msgspec.field(default_factory=_cash_box)
    casino_exempt: int = 0
    caps: int = 0
    mom: int = 0
    prop_played: int = 0
    final_prop: int = 4
    ctl: list[int] = []
    over: int = 0
    sudden: bool = False
    short_game: bool = False
    deception: list[list[Counter]] = []
