"""AA 2 Sequence of play: TV-R-26..29 and the card flow."""

from __future__ import annotations

from .scenario import (
    AUC,
    CARTELS,
    FARC,
    GOVT,
    S,
    Table,
    deciding,
    on_card,
    options,
    play,
    put,
    standard,
)


def test_tv_r_26_pass_first_and_second_eligible() -> None:
    """TV-R-26 (AA 2.3.2-2.3.7): FARC passes, Govt Op + SA, AUC may then LimOp; eligibility."""
    st = standard()
    on_card(st, 19, [5, 37])
    assert deciding(st) == FARC and "pass" in options(st)
    play(st, "pass")
    assert st.resources[FARC] == 11 and deciding(st) == GOVT
    assert "op:sweep" in options(st)
    play(st, "op:sweep", "space:cesar", "done", "done", "sa:air_lift", "from:bogota",
         "to:cali", "n:1")
    assert deciding(st) == AUC  # after Op + SA: LimOp or the Event
    assert all(o in ("pass", "event:unshaded") or o.startswith("limop:") for o in options(st))
    assert "event:unshaded" in options(st)
    play(st, "limop:rally", "space:cesar", "place")
    # next card 37 (AUC, Govt, FARC, Cartels): FARC 1st Eligible, Cartels 2nd
    assert st.played[-1] == 37
    assert st.eligible == [False, True, False, True]
    assert deciding(st) == FARC
    play(st, "pass")
    assert deciding(st) == CARTELS


def test_tv_r_26_op_only_gives_limop() -> None:
    """TV-R-26 variation: Govt Sweeps without an SA: the 2nd Eligible may only LimOp."""
    st = standard()
    on_card(st, 19)
    play(st, "pass", "op:sweep", "space:cesar", "done", "done", "done")
    assert deciding(st) == AUC
    assert options(st)[0] == "pass" and all(o.startswith("limop:") for o in options(st)[1:])


def test_tv_r_27_everybody_passes() -> None:
    """TV-R-27 (AA 2.3.3): +3 Govt, +1 each Insurgent; all Eligible next card."""
    st = standard()
    on_card(st, 19, [37])
    play(st, "pass", "pass", "pass", "pass")
    assert st.resources == [43, 11, 11, 11]
    assert st.eligible == [True] * 4 and st.played[-1] == 37


def test_tv_r_28_ship() -> None:
    """TV-R-28 (AA 2.3.6): Cartels March (no SA), remove a Shipment, free LimOp Rally."""
    st = standard()
    st.resources[CARTELS] = 5
    st.ships[0] = S["cali"] * 4 + CARTELS
    on_card(st, 61)  # Cartels first on card 61
    assert deciding(st) == CARTELS
    play(st, "op:march", "space:huila", "from:cali", "u:1", "a:0", "done", "done", "done")
    assert options(st) == ["ship:0", "decline"]
    play(st, "ship:0")
    assert "limop:rally" in options(st)
    play(st, "limop:rally", "space:cesar", "place")
    assert st.resources[CARTELS] == 4 and st.ships[0] == -1
    assert deciding(st) == FARC  # 2nd Eligible: Cartels counted as "Op only"
    assert all(o == "pass" or o.startswith("limop:") for o in options(st))
    play(st, "pass", "pass", "pass")
    assert not st.eligible[CARTELS] and st.bonus_used == []


def test_ship_not_after_special_activity() -> None:
    """AA 2.3.6: an Op with an SA gives no Ship."""
    st = standard()
    st.ships[0] = S["cali"] * 4 + CARTELS
    on_card(st, 61)
    play(st, "op:rally", "space:cali", "place", "sa:process", "remove_bases", "base:putumayo",
         "done")
    assert not any(o.startswith("ship:") for o in options(st))


def test_tv_r_29_final_event_card() -> None:
    """TV-R-29 (AA 2.3.9): before the final Propaganda card: LimOp only, no Sweep/March."""
    st = standard()
    st.prop_played = 3
    on_card(st, 19, [76])
    play(st, "pass")
    opts = options(st)
    assert "limop:train" in opts and "limop:sweep" not in opts and "op:train" not in opts
    play(st, "limop:train", "space:bogota", "done", "done")
    assert deciding(st) == AUC
    assert "limop:march" not in options(st) and "limop:rally" in options(st)


def test_final_card_with_two_propaganda_cards_in_a_row() -> None:
    """AA-R-06: Event, Propaganda 3, Propaganda 4: the Event card is the final one."""
    from services.andean_abyss.sequence import final_event_card
    st = standard()
    st.prop_played = 2
    st.played, st.deck = [19], [5, 76, 75]
    assert final_event_card(st)
    st.deck = [76, 5, 75]
    assert not final_event_card(st)
    st.hidden_next = True
    st.deck = [76]
    assert not final_event_card(st)


def test_events_not_offered_while_unimplemented() -> None:
    """AA 5: a card side with no implementation is never offered (no silent no-op)."""
    from services.andean_abyss import events
    st = standard()
    on_card(st, 19)
    assert not any(o.startswith("event:") for o in options(st)) or events.sides(19)


def test_short_game_and_propaganda_flow() -> None:
    """AA 2.4.1 option: short game ends after the 3rd Propaganda card."""
    st = standard(short_game="true")
    assert st.final_prop == 3
    put(st, "cesar", "troops")  # irrelevant piece: the state stays valid
    assert st.final_prop == 3


def test_eligibility_option_a_orders_by_the_upcoming_card() -> None:
    """AA 2.3.1 option A (AA-R-15): the order comes from the upcoming card (37: AUC first);
    past a Propaganda card to the next Event card; the Event played is still card 19's."""
    st = standard(eligibility_option="A")
    on_card(st, 19, [5, 37])
    assert deciding(st) == AUC
    st = standard(eligibility_option="A")
    on_card(st, 19, [5, 74])
    assert deciding(st) == GOVT  # card 5: Govt, FARC, Cartels, AUC
    from services.andean_abyss.sequence import order_card
    st.deck = [74]
    st.played = [61, 19]
    assert order_card(st, 19) == 61  # no Event left in the deck: bottom-most played Event


def test_eligibility_option_b_only_events_make_ineligible() -> None:
    """AA 2.3.1 option B: executing an Op leaves the faction Eligible."""
    st = standard(eligibility_option="B")
    on_card(st, 19, [5, 37])
    assert deciding(st) == AUC
    play(st, "op:rally", "space:cesar", "place", "done", "done", "pass", "pass", "pass")
    assert st.played[-1] == 37 and st.eligible == [True] * 4


def test_hidden_card_does_not_combine_with_option_a() -> None:
    import pytest

    from services.andean_abyss import GAME
    from services.kernel.errors import BadRequest
    with pytest.raises(BadRequest):
        GAME.check_setup(4, {"hidden_next_card": "true", "eligibility_option": "A"})


def test_aa_2_3_6_ship_helper_asked_again_by_the_2nd_eligible() -> None:
    """AA 2.3.6: each faction may use Ship once per card; a helper refused the 1st Eligible
    and is asked again by the 2nd Eligible (through `engine.act`)."""
    st = standard()
    st.ships[0] = S["cali"] * 4 + CARTELS
    st.ships[1] = S["putumayo"] * 4 + CARTELS
    on_card(st, 1, [5])  # Govt, FARC, AUC, Cartels
    t = Table(st)
    t.play("op:train", "space:bogota", "place:troops", "done", "done", "done", "done")
    assert t.options() == ["ask:cartels", "decline"]
    t.play("ask:cartels")
    d = t.decision()
    assert d is not None and d.seat == CARTELS and t.options() == ["give:0", "give:1", "refuse"]
    t.play("refuse")
    assert t.options() == ["decline"]
    t.play("decline")
    assert t.decision() is not None and t.decision().seat == FARC  # type: ignore[union-attr]
    t.play("limop:rally", "space:huila", "place")
    assert t.options() == ["ask:cartels", "decline"]
    t.play("ask:cartels", "give:1")
    assert t.st.ships[1] == -1 and "limop:terror" in t.options()
    t.play("limop:terror", "space:huila")
    assert t.st.bonus_used == [] and t.st.played[-1] == 5 and t.st.ships[0] >= 0
