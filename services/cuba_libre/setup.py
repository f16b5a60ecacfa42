"""CL 2.1 Setup: table options, seating (CL 1.5), the standard setup, deck preparation, the
Deception counters (CL 7.3 option) and the start of play (CL 2.2). The alternative setup's
placement by the players is `alt_setup.AltSetupProc`.

`new_game` produces the initial state; with the alternative setup it leaves a `cl.alt_setup`
frame on the stack, which reveals the first card once every player has placed its pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, Final

from services.coin.bots.seats import np_seat
from services.coin.spaces import LEVEL_OF_NAME
from services.kernel import rng
from services.kernel.ctx import Ctx
from services.kernel.errors import BadRequest
from services.kernel.flow import push
from services.kernel.game import GameOptionSpec
from services.kernel.state import Frame

from . import board as B
from . import data as D
from . import deck
from .constants import (
    DECEPTION_MIX,
    DECEPTION_PER_PLAYER,
    FACTION_IDS,
    NKINDS,
    US_ALLIANCE_IDS,
)
from .state import CLState, Counter

# CL 1.5 factions one player may run together (setup.json players.without_bots_option), named
# "m26_directorio" and "govt_syndicate"; `shared_factions` names none, either or both.
PAIRS: Final = {"_".join(FACTION_IDS[f] for f in sorted(pair)): pair for pair in D.PAIRS}
SHARED: Final = {"none": (), **{name: (name,) for name in sorted(PAIRS, reverse=True)},
                 "both": tuple(sorted(PAIRS, reverse=True))}
NON_PLAYER_VALUES: Final = ("none",) + tuple(
    "+".join(FACTION_IDS[f] for f in fs) for r in (1, 2, 3) for fs in combinations(range(4), r))

OPTION_SPECS = (
    GameOptionSpec("setup", ("standard", "alternative"),
                   "CL 2.1: the standard setup, or the alternative one in which the players "
                   "place their own pieces (Syndicate, Directorio, 26July, Government)."),
    GameOptionSpec("short_game", ("false", "true"),
                   "CL 2.1: 8 random Events are boxed unseen; piles of 10 (44 cards)."),
    GameOptionSpec("sudden_propaganda", ("false", "true"),
                   "CL 2.3.8: a revealed Propaganda card is played at once; 2.3.9 is not used."),
    GameOptionSpec("deception", ("false", "true"),
                   "CL 7.3 (3-4 players): each player draws 2 secret Deception counters."),
    GameOptionSpec("non_players", NON_PLAYER_VALUES,
                   "CL 1.5, 8: the factions run by the Non-player procedures (no seat at the "
                   "table); none = the no-bots option, the default for 2-4 seats; 1 seat (the "
                   "solitaire game, CL 8.9) defaults to the Government player against the "
                   "three Insurgent Non-players."),
    GameOptionSpec("shared_factions", ("auto", *SHARED),
                   "CL 1.5: factions one player runs together: 26July with Directorio and/or "
                   "Government with Syndicate; auto = what the seat count calls for."),
)
OPTION_DEFAULTS: Final = {o.name: o.default for o in OPTION_SPECS}


# -- seating (CL 1.5) -------------------------------------------------------------------------


def non_player_mask(value: str) -> int:
    if value == "none":
        return 0
    return sum(1 << FACTION_IDS.index(f) for f in value.split("+"))


SOLO_DEFAULT: Final = "m26+directorio+syndicate"  # CL 1.5, 8.9: 1 seat, the Government player


def seat_groups(non_players: int, shared: str) -> list[list[int]] | None:
    """The factions of each player's seat, seats in faction order (a Non-player has no seat,
    CL 8.0); None if CL 1.5 does not allow it.

    Players share factions only as CL 1.5 says: with no Non-player (2-3 players), or as the
    solitaire player of a pair whose two other factions are Non-players."""
    pairs = [PAIRS[p] for p in SHARED[shared]]
    paired = {f for p in pairs for f in p}
    if any(non_players >> f & 1 for f in paired):
        return None
    humans = [f for f in range(4) if not non_players >> f & 1]
    if non_players and pairs and sorted(paired) != humans:
        return None
    groups = [[int(f) for f in p] for p in pairs] + [[f] for f in humans if f not in paired]
    return sorted(groups)


def seating(seats: int, options: Mapping[str, str]) -> tuple[list[list[int]], int]:
    """CL 1.5: the factions of each seat and the Non-player mask, for a table of `seats`."""
    mask = non_player_mask(options["non_players"])
    if mask == 15:
        raise BadRequest("CL 1.5: at least one faction must be a player's")
    choices = list(SHARED) if options["shared_factions"] == "auto" else [
        options["shared_factions"]]
    for shared in choices:
        groups = seat_groups(mask, shared)
        if groups is not None and len(groups) == seats:
            return groups, mask
    raise BadRequest(f"CL 1.5: Non-players {options['non_players']!r} with shared factions "
                     f"{options['shared_factions']!r} do not make a table of {seats} seats")


def check_options(seats: int, options: Mapping[str, str]) -> tuple[list[list[int]], int]:
    """Every cross-option rule: the seating, and Deception for 3-4 players only (CL 7.3)."""
    groups, mask = seating(seats, options)
    players = sum(1 for g in groups if not mask >> g[0] & 1)
    if options["deception"] == "true" and players < 3:
        raise BadRequest("CL 7.3: the Deception option needs 3 or 4 players")
    return groups, mask


# -- the state --------------------------------------------------------------------------------


def initial(seats: int, options: Mapping[str, str]) -> dict[str, Any]:
    """The state's own fields (FlowGame.initial): every piece Available (CL 1.4 Available
    Forces), markers at zero, seats as CL 1.5. `options` are complete (checked_options)."""
    groups, mask = check_options(seats, options)
    seat_of = [np_seat(f) for f in range(4)]  # CL 8.0: a Non-player has no seat
    for seat, fs in enumerate(groups):
        for f in fs:
            seat_of[f] = seat
    return {"seat_of": seat_of, "players": groups, "non_players": mask,
            "pieces": [0] * (D.NS * NKINDS), "avail": list(D.FORCES), "support": [0] * D.NS,
            "resources": [0] * 4, "eligible": [True] * 4, "terror": [0] * D.NS,
            "sudden": options["sudden_propaganda"] == "true",
            "short_game": options["short_game"] == "true"}


def new_state(seats: int, seed: int, options: Mapping[str, str]) -> CLState:
    """The state before the setup: `initial` with the table's seed."""
    return CLState(seats=seats, seed=seed, rng=rng.seeded(seed), **initial(seats, options))


def standard_markers(st: CLState) -> None:
    """Setup: US Alliance, Aid, Resources, Eligibility and Support as in the standard setup
    (the alternative setup sets every marker so too, CL-D-14)."""
    std = D.STANDARD
    st.us_alliance = US_ALLIANCE_IDS.index(std.us_alliance)
    st.aid = std.aid
    st.resources = [std.resources[f] for f in FACTION_IDS]
    st.eligible = [std.eligibility[f] == "eligible" for f in FACTION_IDS]
    for space, level in std.support.items():
        st.support[D.INDEX[space]] = LEVEL_OF_NAME[level]


def place_standard_pieces(st: CLState, factions: int = 15) -> None:
    """Setup: the standard pieces of the factions in the mask (Guerrillas Underground, Casinos
    open, CL 1.4.3-1.4.4)."""
    for s, kind, count in D.STANDARD_PIECES:
        if factions >> B.PIECES.faction[kind] & 1:
            B.PIECES.place(st, s, kind, count)


def deal_deception(st: CLState) -> None:
    """CL 7.3 option: each player draws 2 random Deception counters; the rest are boxed unseen
    (12 counters, 4 of each kind until the split is known, CL-D-16)."""
    pool = [k for k, count in enumerate(DECEPTION_MIX) for _ in range(count)]
    rng.shuffle(st.rng, pool)
    st.deception = [[] for _ in range(st.seats)]
    for seat, fs in enumerate(st.players):
        if not st.non_players >> fs[0] & 1:
            st.deception[seat] = [Counter(pool.pop()) for _ in range(DECEPTION_PER_PLAYER)]


def checked_options(options: Mapping[str, str]) -> dict[str, str]:
    """The options with defaults filled in; an unknown option or value is a BadRequest."""
    specs = {o.name: o for o in OPTION_SPECS}
    for name, value in options.items():
        if name not in specs or value not in specs[name].values:
            raise BadRequest(f"cuba_libre: option {name}={value!r} is not offered")
    return {**OPTION_DEFAULTS, **options}


def new_game(ctx: Ctx, seats: int, options: Mapping[str, str], seed: int,
             play: Sequence[Frame] = ()) -> CLState:
    """CL 2.1-2.2 the initial state. Options are checked (BadRequest); missing ones take their
    defaults. `play` are the frames of the game that follow the setup (bottom of the stack)."""
    opts = checked_options(options)
    st = new_state(seats, seed, opts)
    begin(ctx, st, opts, play)
    return st


def begin(ctx: Ctx, st: CLState, opts: Mapping[str, str], play: Sequence[Frame] = ()) -> None:
    """CL 2.1-2.2 on a fresh state (FlowGame.begin): the deck, Deception counters, markers and
    pieces; the first card revealed. The alternative setup leaves the players' placement above
    the `play` frames; it reveals the first card when done, as the standard setup does at
    once."""
    st.stack = list(play)
    deck.prepare_deck(st)
    if opts["deception"] == "true":
        deal_deception(st)
    standard_markers(st)
    if opts["setup"] == "alternative":
        place_standard_pieces(st, st.non_players)
        push(st, "cl.alt_setup", step=0, left={}, province=-1)
    else:
        place_standard_pieces(st)
        deck.start(ctx, st)
