"""AAState -> tablero.andean_abyss.v1.AndeanAbyssView, by projection (DESIGN §2).

Only public fields are copied in: the whole board and tracks, the current and
upcoming card, the played pile and the deck's size. The deck order, the cards set
aside and the PRNG never appear. Every seat sees the same view (AA has no hand).
"""

from __future__ import annotations

from typing import Final

from tablero.andean_abyss.v1 import view_pb2

from services.coin.spaces import LEVEL_NAMES

from . import board as B
from . import data as D
from .constants import FACTION_IDS, KIND_IDS, NKINDS, PRESIDENT_IDS, Cap, Mom
from .sequence import order_card
from .state import AAState
from .victory import margins

CONTROL_IDS: Final[dict[int, str]] = {B.GOVT: "govt", B.FARC: "farc"}
MOM_CARDS: Final = {Mom.M12: 12, Mom.M17: 17, Mom.M22: 22, Mom.M27: 27, Mom.SEIZE: 42, Mom.M67: 67}
CAP_CARDS = {c: (int(c.name[1:].split("_")[0]), "unshaded" if c.name.endswith("U") else "shaded")
             for c in Cap}


def card_view(card: int) -> view_pb2.CardView:
    c = D.CARDS[card]
    return view_pb2.CardView(number=card, title=c["title"], faction_order=c["faction_order"],
                             kind=c["kind"])


def space_view(st: AAState, s: int) -> view_pb2.SpaceView:
    base = s * NKINDS
    pieces = [view_pb2.PieceCount(kind=KIND_IDS[k], count=st.pieces[base + k])
              for k in range(NKINDS) if st.pieces[base + k]]
    return view_pb2.SpaceView(id=D.NAMES[s], support=LEVEL_NAMES[st.support[s]], pieces=pieces,
                              terror=st.terror[s], sabotage=B.is_sabotaged(st, s),
                              farc_zone=B.is_zone(st, s),
                              control=CONTROL_IDS.get(B.control(st, s), ""))


def faction_view(st: AAState, f: int, margin: int) -> view_pb2.FactionView:
    avail = [view_pb2.PieceCount(kind=KIND_IDS[k], count=st.avail[k]) for k in range(NKINDS)
             if B.PIECES.faction[k] == f and B.PIECES.pool[k] == k]
    return view_pb2.FactionView(id=FACTION_IDS[f], resources=st.resources[f],
                                eligible=st.eligible[f], available=avail,
                                seat=max(st.seat_of[f], -1), non_player=st.seat_of[f] < 0,
                                victory_margin=margin,
                                out_of_play=sum(st.out_of_play[k] for k in range(NKINDS)
                                                if B.PIECES.faction[k] == f))


def view(st: AAState, seat: int | None) -> view_pb2.AndeanAbyssView:
    m = margins(st)
    v = view_pb2.AndeanAbyssView(
        spaces=[space_view(st, s) for s in B.spaces(st)],
        factions=[faction_view(st, f, m[f]) for f in range(4)],
        aid=st.aid, president=PRESIDENT_IDS[st.president],
        total_support=B.total_support(st), opposition_plus_bases=B.opposition_plus_bases(st),
        deck_remaining=len(st.deck), played_cards=list(st.played),
        propaganda_played=st.prop_played, final_propaganda=st.final_prop,
        capabilities=[f"card_{n}_{side}" for c, (n, side) in CAP_CARDS.items()
                      if B.has_cap(st, c)],
        momentum=[f"card_{n}_shaded" for c, n in MOM_CARDS.items() if B.has_mom(st, c)],
        shipments=[view_pb2.ShipmentView(space=D.NAMES[B.ship_space(c)],
                                         owner=FACTION_IDS[B.ship_owner(c)])
                   for c in st.ships if c >= 0],
        markers_available=B.markers_left(st), control_fixed=bool(st.ctl),
        seats=[view_pb2.SeatFactions(seat=i, factions=[FACTION_IDS[f] for f in fs])
               for i, fs in enumerate(st.players)],
        game_over=st.over != 0)
    if st.played:
        v.current_card.CopyFrom(card_view(st.played[-1]))
    if st.deck and not st.hidden_next:
        v.upcoming_card.CopyFrom(card_view(st.deck[-1]))
    if st.elig_option and st.played:
        v.order_card.CopyFrom(card_view(order_card(st, st.played[-1])))
    return v
