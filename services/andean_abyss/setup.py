"""AA 2.1 Setup: seats (AA 1.5), standard deployment, deck preparation (setup.json)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from services.coin.bots.seats import np_seat
from services.coin.spaces import LEVEL_OF_NAME
from services.kernel import rng
from services.kernel.ctx import Ctx

from . import board as B
from . import data as D
from . import words as W
from .constants import FACTION_IDS, GUER_U, KIND_IDS, NKINDS, Kind
from .state import AAState

SEATINGS = {  # AA 1.5 option without Non-players (setup.json players.without_non_players_option)
    n: [[FACTION_IDS.index(f) for f in p] for p in D.SETUP["players"]
        ["without_non_players_option"][str(n)]["players"]] for n in (2, 3, 4)}


NP_OPTION: Final = "non_players"
NP_CHOICES = ("none", "chapter8", "cartels", "auc", "farc", "auc+cartels", "farc+cartels",
              "farc+auc", "farc+auc+cartels")


def non_player_factions(seats: int, value: str) -> list[int]:
    """AA 1.5, 8.0: the Non-player factions the option names ("chapter8": by the seat count,
    setup.json `with_non_players`); "none" is the No-Non-player option."""
    if value == "none":
        return []
    if value == "chapter8":
        names = D.SETUP["players"]["with_non_players"][str(seats)]["non_players"]
    else:
        names = value.split("+")
    return sorted(FACTION_IDS.index(n) for n in names)


def seating(seats: int, options: dict[str, str]) -> list[list[int]]:
    """AA 1.5: the factions each seat runs: with Non-players, one player faction per seat
    (the Government first); without, the No-Non-player seating."""
    nps = non_player_factions(seats, options.get(NP_OPTION, "none"))
    if not nps:
        return SEATINGS[seats]
    return [[f] for f in range(4) if f not in nps]


def initial(seats: int, options: dict[str, str]) -> dict[str, Any]:
    """AA 1.5, 2.1: the state's fields before deployment (kernel FlowGame `initial`)."""
    players = seating(seats, options)
    seat_of = [np_seat(f) for f in range(4)]
    for seat, fs in enumerate(players):
        for f in fs:
            seat_of[f] = seat
    forces = D.SETUP["components"]["available_forces"]
    avail = [0] * NKINDS
    for f, fid in enumerate(FACTION_IDS):
        for piece, count in forces[fid].items():
            kind = GUER_U[f] if piece == "guerrilla" else _kind(fid, piece)
            avail[kind] = int(count)
    return dict(seat_of=seat_of, players=players, pieces=[0] * (D.NS * NKINDS), avail=avail,
                support=[0] * D.NS, resources=[0] * 4, eligible=[True] * 4,
                terror=[0] * D.NS, out_of_play=[0] * NKINDS,
                final_prop=3 if options.get("short_game") == "true" else 4,
                hidden_next=options.get("hidden_next_card") == "true",
                edition=2 if options.get("card_text_edition") == "second" else 1,
                elig_option=options.get("eligibility_option", "standard").replace(
                    "standard", ""))


def _kind(fid: str, piece: str) -> int:
    if fid == "govt":
        return {"troops": Kind.TROOPS, "police": Kind.POLICE, "base": Kind.GOVT_BASE}[piece]
    return KIND_IDS.index(f"{fid}_{piece}")


def standard_markers(st: AAState) -> None:
    """Setup: Aid, Resources, Support and Opposition as in the standard setup (both
    deployments place the markers so, setup.json `open_deployment.procedure`)."""
    std = D.SETUP["standard"]
    st.aid = int(std["aid"])
    st.resources = [int(std["resources"][f]) for f in FACTION_IDS]
    for space, level in std["support"].items():
        st.support[D.INDEX[space]] = LEVEL_OF_NAME[level]


def standard_deployment(st: AAState) -> None:
    """Setup, Standard Deployment (setup.json `standard`)."""
    standard_markers(st)
    standard_pieces(st, range(len(FACTION_IDS)))


def standard_pieces(st: AAState, factions: Iterable[int]) -> None:
    """The standard setup's pieces of these factions (Open Deployment: the Non-players',
    setup.json `open_deployment.procedure`)."""
    chosen = set(factions)
    for p in D.SETUP["standard"]["pieces"]:
        f = FACTION_IDS.index(p["faction"])
        if f not in chosen:
            continue
        kind = GUER_U[f] if p["piece"] == "guerrilla" else _kind(p["faction"], p["piece"])
        B.PIECES.place(st, D.INDEX[p["space"]], kind, int(p["count"]))


def prepare_deck(st: AAState) -> None:
    """AA 2.1 deck: shuffle the 72 Events, set 12 aside unseen, 4 piles of 15 each with one
    Propaganda card shuffled in, piles stacked: 64 cards (top of the deck = end of the list)."""
    events = list(D.EVENT_CARDS)
    rng.shuffle(st.rng, events)
    events = events[12:]
    deck: list[int] = []
    for i, prop in enumerate(D.PROPAGANDA_CARDS):
        pile = events[15 * i:15 * (i + 1)] + [prop]
        rng.shuffle(st.rng, pile)
        deck += pile
    deck.reverse()
    st.deck = deck


def start(ctx: Ctx, st: AAState) -> None:
    """AA 2.2: reveal the current card; the upcoming card is the top of the deck."""
    st.played = [st.deck.pop()]
    ctx.emit("coin.card", f"The first card: {W.WORDS.card(st.played[-1])}.",
             {"card": st.played[-1]})
