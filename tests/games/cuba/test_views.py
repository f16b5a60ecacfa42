"""CubaView projection (CU 11.1): public fields, own-seat fields, hidden fields."""

from __future__ import annotations

from services.cuba import GAME
from services.cuba.constants import CHARACTER_INDEX, Phase
from services.cuba.data import DATA

from .helpers import Table, blank, give, load, place_building, set_harbor


def test_public_board_fields() -> None:
    st = blank(seats=3, start=2, round=2)
    set_harbor(st, berth_1="ship_07", berth_2="ship_09", berth_3="ship_01", sea="ship_12")
    load(st, "ship_09", citrus=1)
    place_building(st, 1, "bank", "r1c1")
    give(st, 1, wood=2)
    give(st, 1, "storage", citrus=1)
    st.proposals = [DATA.deck_laws[c][0] for c in range(4)]
    st.markers[2] = 0
    v = GAME.view(st, None)
    assert (v.round, v.rounds, v.start_player, v.HasField("viewer")) == (2, 6, 2, False)
    assert [(m.item, m.count, m.buy_price, m.sell_price) for m in v.market] == [
        ("citrus", 3, 4, 3), ("sugar_cane", 3, 4, 3), ("tobacco", 3, 4, 3), ("rum", 2, 5, 4),
        ("cigar", 2, 5, 4)]
    assert [(h.position, h.ship_id, h.vp_per_unit) for h in v.harbor] == [
        ("berth_1", "ship_07", 1), ("berth_2", "ship_09", 2), ("berth_3", "ship_01", 3),
        ("sea", "ship_12", 0)]
    slots = v.harbor[1].slots
    assert v.harbor[1].loaded.citrus == 1
    assert (slots.citrus, slots.sugar_cane, slots.tobacco, slots.rum, slots.cigar) == (1,) * 5
    assert v.ship_deck_size == 11 and list(v.law_deck_sizes) == [6, 6, 6, 6]
    assert [s.law_id for s in v.laws_in_force] == ["start_tax_2", "start_duty_citrus", "", ""]
    assert all(s.law_id for s in v.proposals)
    assert "bank" not in v.buildings_available and len(v.buildings_available) == 22
    assert v.special_spaces[2].taken_by == 0 and not v.special_spaces[0].HasField("taken_by")
    p1 = v.players[1]
    assert (p1.money, p1.yard.wood, p1.storage.citrus, p1.colour) == (10, 2, 1, "red")
    assert p1.farm[5].building == "bank" and p1.farm[0].type == "warehouse"


def test_hands_only_for_their_owner() -> None:
    st = blank(seats=3)
    st.players[0].hand, st.players[0].played = [1, 3, 4], [0, 2]
    v0, v1, spectator = GAME.view(st, 0), GAME.view(st, 1), GAME.view(st, None)
    assert list(v0.players[0].hand) == ["trader", "foreman", "mayor"]
    assert list(v1.players[0].hand) == [] and list(spectator.players[0].hand) == []
    assert v1.players[0].hand_size == 3 and list(v1.players[0].played) == ["worker", "architect"]
    assert list(v1.players[1].hand) == ["worker", "trader", "architect", "foreman", "mayor"]


def test_variant_card_hidden_until_parliament() -> None:
    st = blank(seats=2, variant=True)
    st.phase = Phase.ACTIONS
    p = st.players[1]
    p.parliament_card = CHARACTER_INDEX["mayor"]
    p.hand.remove(p.parliament_card)
    assert GAME.view(st, 1).players[1].parliament_card == "mayor"
    other = GAME.view(st, 0).players[1]
    assert other.parliament_card == "" and other.parliament_card_chosen
    assert other.hand_size == 4
    st.phase = Phase.PARLIAMENT
    assert GAME.view(st, 0).players[1].parliament_card == "mayor"


def test_bids_show_only_who_committed_and_the_own_amount() -> None:
    st = blank(seats=3)
    for p in st.players:
        p.hand, p.played = [4], [0, 1, 2, 3]
    t = Table(st).start("parliament")
    t.choose(7, 1)
    v0, v1 = GAME.view(st, 0), GAME.view(st, 1)
    assert v0.sealed.kind == "cuba.bribe" and list(v0.sealed.committed) == [False, True, False]
    assert not v0.sealed.HasField("own_amount") and v1.sealed.own_amount == 7
    assert v0.players[1].bribe == 0
    t.choose(0, 0)
    t.choose(1, 2)
    v0 = GAME.view(st, 0)
    assert [p.bribe for p in v0.players] == [0, 7, 1] and not v0.HasField("sealed")
    assert [p.parliament_card for p in v0.players] == ["mayor"] * 3
