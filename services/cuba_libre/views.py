"""CLState -> tablero.cuba_libre.v1.CubaLibreView, by projection (DESIGN §2).

Each field is copied in because the viewer may see it: the whole board and tracks, the current
and upcoming card, the played pile, the deck's size, lasting effects, Cash, eligibility. Never
copied: the deck order below the upcoming card, the Events the short game boxed, other seats'
unrevealed Deception counters, the PRNG and the flow stack.
"""

from __future__ import annotations

from typing import Final

from tablero.cuba_libre.v1 import view_pb2 as pb

from services.coin.sequence import card_vars
from services.coin.spaces import LEVEL_NAMES

from . import board as B
from . import data as D
from .constants import (
    CASINO_GOAL,
    DECEPTION_IDS,
    DR_GOAL,
    FACTION_IDS,
    FACTION_NAMES,
    GOVT_SUPPORT_GOAL,
    KIND_FACTION,
    KIND_IDS,
    M26_GOAL,
    NKINDS,
    NO_CASH,
    NO_CONTROL,
    POOL,
    SPACE_TYPE_IDS,
    SYNDICATE_RESOURCES_GOAL,
    TERRAIN_IDS,
    US_ALLIANCE_IDS,
)
from .deck import final_event_card, upcoming
from .propaganda import PHASES
from .state import CLState
from .victory import margins, meets

GOALS = (GOVT_SUPPORT_GOAL, M26_GOAL, DR_GOAL, CASINO_GOAL)  # CL 7.2


def tracks(st: CLState) -> tuple[int, int, int, int]:
    """CL 1.6.3 each faction's victory track (G.6)."""
    return (B.total_support(st), B.opposition_plus_bases(st), B.dr_pop_plus_bases(st),
            B.open_casinos(st))


PHASE_IDS: Final = tuple(name.lower().replace(" ", "_") for name, _ in PHASES)
# The Available box of each faction: one entry per pool slot (CL 1.4.1).
AVAILABLE_KINDS = tuple(tuple(k for k in range(NKINDS) if KIND_FACTION[k] == f and POOL[k] == k)
                        for f in range(4))


def card_view(card: int) -> pb.CardView:
    if D.is_propaganda(card):
        return pb.CardView(number=card, title=D.card_title(card), type="propaganda")
    c = D.EVENTS[card]
    v = pb.CardView(number=card, title=c.title, type="event", faction_order=c.faction_order,
                    unshaded=pb.CardSide(kind=c.unshaded.kind, text=c.unshaded.effect))
    if c.shaded is not None:
        v.shaded.CopyFrom(pb.CardSide(kind=c.shaded.kind, text=c.shaded.effect))
    return v


def space_view(st: CLState, s: int) -> pb.SpaceView:
    base = s * NKINDS
    ctl = B.control(st, s)
    return pb.SpaceView(
        id=D.NAMES[s], name=D.TITLES[s], type=SPACE_TYPE_IDS[D.TYPE[s]], population=D.POP[s],
        econ=D.ECON[s], terrain=TERRAIN_IDS[D.TERRAIN[s]], support=LEVEL_NAMES[st.support[s]],
        pieces=[pb.PieceCount(kind=KIND_IDS[k], count=st.pieces[base + k])
                for k in range(NKINDS) if st.pieces[base + k]],
        terror=st.terror[s], sabotage=B.is_sabotaged(st, s),
        control="" if ctl == NO_CONTROL else FACTION_IDS[ctl],
        adjacent=[D.NAMES[a] for a in D.ADJ[s]])


def faction_view(st: CLState, f: int, margin: int, ok: bool, track: int) -> pb.FactionView:
    return pb.FactionView(
        track=track, goal=GOALS[f],
        resources_goal=SYNDICATE_RESOURCES_GOAL if f == B.SYNDICATE else 0,
        id=FACTION_IDS[f], name=FACTION_NAMES[f], resources=st.resources[f],
        eligible=st.eligible[f], seat=st.seat_of[f], non_player=bool(st.non_players >> f & 1),
        available=[pb.PieceCount(kind=KIND_IDS[k], count=st.avail[k])
                   for k in AVAILABLE_KINDS[f]],
        victory_margin=margin, meets_condition=ok)


def lasting(flags: int, cards: dict[int, tuple[int, str]]) -> list[pb.LastingEffect]:
    out = []
    for flag, (card, side) in sorted(cards.items()):
        if flags >> flag & 1:
            data = D.EVENTS[card].unshaded if side == "unshaded" else D.EVENTS[card].shaded
            out.append(pb.LastingEffect(card=card, side=side, title=D.EVENTS[card].title,
                                        marker=data.marker if data else ""))
    return out


def deception_view(st: CLState, seat: int, viewer: int | None) -> pb.DeceptionView:
    """CL 7.3 option: a player sees its own counters; others only once revealed (used, or at
    the game's end)."""
    held = st.deception[seat]
    return pb.DeceptionView(seat=seat, held=len(held), counters=[
        pb.DeceptionCounter(kind=DECEPTION_IDS[c.kind], revealed=c.revealed or st.over != 0)
        for c in held if c.revealed or seat == viewer or st.over != 0])


def sequence_view(st: CLState) -> pb.SequenceView | None:
    """CL 2.3.4 the Sequence-of-Play record of the Event card being played (the coin.card
    frame: `cur` acting, `done` actions so far, `first` what the 1st Eligible did)."""
    v = card_vars(st)
    if v is None:
        return None
    ids = FACTION_IDS
    nth = v["done"] + (1 if v["ph"] == "act" else 0)
    acting = "cur" in v and nth in (1, 2)
    return pb.SequenceView(
        acting=ids[v["cur"]] if acting else "", role=("", "first", "second")[nth] if acting
        else "", first_action=v["first"], executed=[ids[f] for f in st.acted],
        waiting=[ids[f] for f in v["queue"]], laundered=[ids[f] for f in st.bonus_used],
        ineligible_next=[ids[f] for f in st.set_ineligible],
        eligible_next=[ids[f] for f in st.set_eligible])


def propaganda_phase(st: CLState) -> str:
    """CL 6 the phase of the Propaganda Round under way ("" outside a round)."""
    fr = next((f for f in reversed(st.stack) if f.proc == "coin.propaganda"), None)
    if fr is None or not fr.vars.get("i"):
        return ""
    return PHASE_IDS[int(fr.vars["i"]) - 1]


def view(st: CLState, viewer: int | None) -> pb.CubaLibreView:
    m, ok, tr = margins(st), meets(st), tracks(st)
    v = pb.CubaLibreView(
        spaces=[space_view(st, s) for s in range(D.NS)],
        factions=[faction_view(st, f, m[f], ok[f], tr[f]) for f in range(4)],
        aid=st.aid, us_alliance=US_ALLIANCE_IDS[st.us_alliance], coin_op_cost=B.coin_op_cost(st),
        total_support=B.total_support(st), total_opposition=B.total_opposition(st),
        opposition_plus_bases=B.opposition_plus_bases(st),
        dr_pop_plus_bases=B.dr_pop_plus_bases(st), open_casinos=B.open_casinos(st),
        deck_remaining=len(st.deck), played_cards=list(st.played),
        propaganda_played=st.prop_played, final_propaganda=st.final_prop,
        final_event_card=final_event_card(st),
        capabilities=lasting(st.caps, D.CAP_CARD), momentum=lasting(st.mom, D.MOM_CARD),
        cash=[pb.CashView(space=D.NAMES[B.cash_space(c)], holder=KIND_IDS[B.cash_holder(c)],
                          owner=FACTION_IDS[B.cash_owner(c)]) for c in st.cash if c != NO_CASH],
        cash_in_box=B.cash_in_box(st), markers_available=B.markers_left(st),
        control_fixed=bool(st.ctl),
        seats=[pb.SeatFactions(seat=i, factions=[FACTION_IDS[f] for f in fs],
                               non_player=bool(st.non_players >> fs[0] & 1))
               for i, fs in enumerate(st.players)],
        deception=[deception_view(st, seat, viewer) for seat in range(len(st.deception))
                   if st.deception[seat]],
        short_game=st.short_game, sudden_propaganda=st.sudden, game_over=st.over != 0,
        propaganda_phase=propaganda_phase(st))
    seq = sequence_view(st)
    if seq is not None:
        v.sequence.CopyFrom(seq)
    if st.played:
        v.current_card.CopyFrom(card_view(st.played[-1]))
    nxt = upcoming(st)
    if nxt is not None:
        v.upcoming_card.CopyFrom(card_view(nxt))
    return v
