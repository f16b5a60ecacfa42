"""CU 3 setup (TV-25), table options, starting picks."""

from __future__ import annotations

import pytest

from services.cuba import GAME
from services.cuba.constants import ITEM_INDEX, NO_LAW, NO_SHIP, Phase, Position
from services.cuba.data import DATA
from services.cuba.state import CubaState
from services.kernel import codec, engine
from services.kernel.decisions import Choice
from services.kernel.errors import BadRequest


def start(seats: int, seed: int, **opts: str) -> tuple[engine.Step, CubaState]:
    step = engine.setup(GAME, seats, opts, seed)
    return step, codec.decode(step.state, CubaState)


def test_tv25_setup_state() -> None:
    """TV-25 / CU 3.3-3.11."""
    step, st = start(3, 5)
    supply = {n: st.supply[i] for n, i in ITEM_INDEX.items()}
    assert supply == {"citrus": 15, "sugar_cane": 15, "tobacco": 15, "rum": 13, "cigar": 13,
                      "wood": 15, "stone": 15, "water": 15}
    assert st.market == [3, 3, 3, 2, 2]
    assert all(p.money == 10 and p.vp == 0 and p.worker == 0 and p.hand == [0, 1, 2, 3, 4]
               for p in st.players)
    assert st.harbor[Position.BERTH_3] == NO_SHIP and len(st.ship_deck) == 12
    assert NO_SHIP not in (st.harbor[Position.BERTH_1], st.harbor[Position.BERTH_2],
                           st.harbor[Position.SEA])
    assert [DATA.laws[x].id if x != NO_LAW else None for x in st.in_force] == [
        "start_tax_2", "start_duty_citrus", None, None]
    assert [len(d) for d in st.law_decks] == [6, 6, 6, 6]
    assert st.phase == Phase.SETUP and st.round == 0


def test_tv25_picks_in_turn_order_two_resources_then_two_crops() -> None:
    """TV-25 / CU 3.10 [CU-G-22]: picks from the start player on, repeats allowed."""
    step, st = start(3, 5)
    order = st.order()
    for seat in order:
        for kind in ("resource", "resource", "crop", "crop"):
            (d,) = step.waiting()
            assert d.seat == seat and d.kind == "cuba.setup_pick"
            if kind == "resource":
                assert d.option_ids() == ["take:wood", "take:stone", "take:water"]
                pick = "take:wood"
            else:
                assert d.option_ids() == ["take:citrus", "take:sugar_cane", "take:tobacco"]
                assert [o.label for o in d.options] == [
                    "Take 1 citrus into your yard", "Take 1 sugar cane into your yard",
                    "Take 1 tobacco into your yard"]
                assert d.options[1].args == {"action": "take", "item": "sugar_cane"}
                pick = "take:tobacco"
            step = engine.act(GAME, step.state, seat, Choice(d.id, option_id=pick))
    st = codec.decode(step.state, CubaState)
    assert all(p.yard[ITEM_INDEX["wood"]] == 2 and p.yard[ITEM_INDEX["tobacco"]] == 2
               for p in st.players)
    assert st.round == 1 and st.phase == Phase.ACTIONS
    assert all(x != NO_LAW for x in st.proposals)  # CU 5.A: one proposal per category
    assert [len(d) for d in st.law_decks] == [5, 5, 5, 5]
    (d,) = step.waiting()
    assert d.seat == st.start_player and d.kind == "cuba.play_character"


def test_cu_3_9_start_player_is_seeded_and_varies() -> None:
    starts = {start(4, seed)[1].start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert start(4, 7)[0].state == start(4, 7)[0].state


def test_options_and_seat_counts() -> None:
    """Table options: farm_side (standard; individual only with data), variant."""
    specs = {o.name: o.values for o in GAME.option_specs}
    assert specs == {"farm_side": ("standard",), "variant": ("none", "hidden_parliament_card")}
    with pytest.raises(BadRequest):
        engine.setup(GAME, 6, {}, 1)
    with pytest.raises(BadRequest):
        engine.setup(GAME, 1, {}, 1)
    with pytest.raises(BadRequest):
        engine.setup(GAME, 3, {"farm_side": "individual"}, 1)
    _, st = start(2, 1, variant="hidden_parliament_card")
    assert st.variant
