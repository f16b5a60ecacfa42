"""CubaState -> tablero.cuba.v1.CubaView, by projection (DESIGN §2, CU 11.1).

Each field is copied in because the viewer may see it. Never copied: the law
decks' and ship deck's order, other seats' hands, sealed values before the
reveal, and the variant's face-down cards of other seats before phase C.
"""

from __future__ import annotations

from tablero.cuba.v1 import view_pb2 as pb

from services.kernel import sealed

from .constants import (
    BERTHS,
    CATEGORY_IDS,
    CHARACTER_IDS,
    FIELD_IDS,
    ITEM_IDS,
    NO_BUILDING,
    NO_CARD,
    NO_LAW,
    NO_SEAT,
    NO_SHIP,
    PHASE_IDS,
    POSITION_IDS,
    SPACE_IDS,
    Phase,
)
from .data import DATA
from .market import buy_price, sell_price
from .state import CubaState, Player


def build_view(st: CubaState, viewer: int | None) -> pb.CubaView:
    v = pb.CubaView(round=st.round, rounds=DATA.rounds, phase=PHASE_IDS[st.phase],
                    start_player=st.start_player, farm_side=st.farm_side,
                    hidden_parliament_card_variant=st.variant,
                    ship_deck_size=len(st.ship_deck),
                    law_deck_sizes=[len(d) for d in st.law_decks],
                    last_veto_round=st.last_veto_round)
    if viewer is not None:
        v.viewer = viewer
    for seat, p in enumerate(st.players):
        v.players.append(player_view(st, seat, p, viewer))
    fill_counts(v.supply, st.supply)
    fill_market(st, v)
    fill_harbor(st, v)
    fill_laws(st, v)
    fill_tiles(st, v)
    fill_sealed(st, v, viewer)
    return v


def fill_counts(msg: pb.ItemCounts, counts: list[int] | tuple[int, ...]) -> None:
    for i, name in enumerate(ITEM_IDS[:len(counts)]):
        setattr(msg, name, counts[i])


def card_is_public(st: CubaState, p: Player) -> bool:
    """CU 5.C.1 / CU 8: parliament cards are revealed at the start of phase C."""
    return p.parliament_card != NO_CARD and st.phase >= Phase.PARLIAMENT


def player_view(st: CubaState, seat: int, p: Player, viewer: int | None) -> pb.PlayerView:
    own = viewer == seat
    pv = pb.PlayerView(seat=seat, colour=DATA.colours[seat], money=p.money, vp=p.vp,
                       worker_field=FIELD_IDS[p.worker], hand_size=len(p.hand),
                       played=[CHARACTER_IDS[c] for c in p.played], votes=p.votes,
                       bribe=p.bribe, paid_tax=p.paid_tax, paid_duty=p.paid_duty,
                       parliament_card_chosen=st.variant and p.parliament_card != NO_CARD)
    fill_counts(pv.yard, p.yard)
    fill_counts(pv.storage, p.storage)
    for f, fid in enumerate(FIELD_IDS):
        b = p.buildings[f]
        pv.farm.append(pb.Field(id=fid, type=DATA.field_types[p.farm[f]].id,
                                building="" if b == NO_BUILDING else DATA.buildings[b].id))
    if own:
        pv.hand.extend(CHARACTER_IDS[c] for c in p.hand)
    if p.parliament_card != NO_CARD and (own or card_is_public(st, p)):
        pv.parliament_card = CHARACTER_IDS[p.parliament_card]
    return pv


def fill_market(st: CubaState, v: pb.CubaView) -> None:
    for row in DATA.market:
        v.market.append(pb.MarketRow(item=ITEM_IDS[row.item], count=st.market[row.item],
                                     prices=list(row.prices), buy_price=buy_price(st, row.item),
                                     sell_price=sell_price(st, row.item)))


def fill_harbor(st: CubaState, v: pb.CubaView) -> None:
    for pos, pid in enumerate(POSITION_IDS):
        hp = pb.HarborPosition(position=pid,
                                vp_per_unit=DATA.berth_vp[pos] if pos in BERTHS else 0)
        ship = st.harbor[pos]
        if ship != NO_SHIP:
            hp.ship_id = DATA.ships[ship].id
            fill_counts(hp.slots, DATA.ships[ship].slots)
            fill_counts(hp.loaded, st.loads[ship])
        v.harbor.append(hp)


def law_slot(cat: int, law: int) -> pb.LawSlot:
    slot = pb.LawSlot(category=CATEGORY_IDS[cat])
    if law != NO_LAW:
        x = DATA.laws[law]
        slot.law_id, slot.name, slot.text = x.id, x.name, x.text
    return slot


def fill_laws(st: CubaState, v: pb.CubaView) -> None:
    v.laws_in_force.extend(law_slot(c, x) for c, x in enumerate(st.in_force))
    v.proposals.extend(law_slot(c, x) for c, x in enumerate(st.proposals))
    if st.veto != NO_LAW:
        v.vetoed_category = CATEGORY_IDS[st.veto]
    if st.last_veto_category != NO_LAW:
        v.last_veto_category = CATEGORY_IDS[st.last_veto_category]


def fill_tiles(st: CubaState, v: pb.CubaView) -> None:
    built = {b for p in st.players for b in p.buildings if b != NO_BUILDING}
    v.buildings_available.extend(b.id for b in DATA.buildings if b.index not in built)
    for space, sid in enumerate(SPACE_IDS):
        sp = pb.SpecialSpace(id=sid)
        if st.markers[space] != NO_SEAT:
            sp.taken_by = st.markers[space]
        v.special_spaces.append(sp)
    if st.vote_tile != NO_SEAT:
        v.city_hall_tile = st.vote_tile
    if st.veto_tile != NO_SEAT:
        v.church_tile = st.veto_tile
    if st.parliament_winner != NO_SEAT:
        v.parliament_winner = st.parliament_winner


def fill_sealed(st: CubaState, v: pb.CubaView, viewer: int | None) -> None:
    """Only who has committed is public; the viewer sees his own value."""
    rnd = sealed.open_round(st.stack)
    if rnd is None:
        return
    v.sealed.kind = rnd.kind
    v.sealed.seats.extend(rnd.seats)
    v.sealed.committed.extend(val is not None for val in rnd.values)
    if viewer is None or viewer not in rnd.seats:
        return
    own = rnd.values[rnd.seats.index(viewer)]
    if isinstance(own, int):
        v.sealed.own_amount = own
    elif isinstance(own, str):
        v.sealed.own_option = own
