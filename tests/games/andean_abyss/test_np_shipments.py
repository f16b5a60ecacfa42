"""AA 8.1.2 and 8.5-8.7 on Shipments under AA-I-18 (a Shipment is held by a faction's
Guerrillas in a space, AA-I-1): the Attack and Ambush removals that put Shipments first
(8.6.3, 8.7.3, cards 19 and 37), P5's transfer, the Ambush space chosen among the
Attack's own spaces; through the flow the rules service runs, exact choices asserted."""

from __future__ import annotations

from services.andean_abyss import GAME
from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.bots import PROCEDURE, auc
from services.andean_abyss.bots.tables import (
    captures,
    free_guerrillas,
    free_underground,
    reaches_holder,
)
from services.andean_abyss.constants import GUER_A, GUER_U
from services.andean_abyss.state import AAState
from services.kernel.ctx import Ctx
from services.kernel.decisions import Decision, option
from services.kernel.events import Event
from services.kernel.flow import push
from tests.games.andean_abyss.np_scenario import (
    event_through_act,
    np_choices,
    np_steps,
    op_spaces,
    play,
    solo,
)
from tests.games.andean_abyss.scenario import S, count, put

GOVT, FARC, AUC, CARTELS = 0, 1, 2, 3


def ship(st: AAState, space: str, f: int) -> None:
    st.ships[st.ships.index(-1)] = S[space] * 4 + f


def activate(st: AAState, space: str, f: int) -> None:
    B.PIECES.flip_to(st, S[space], GUER_A[f], B.underground(st, S[space], f))


def test_aa_i_18_holders_counted_per_space_and_faction() -> None:
    """AA-I-18: 3 FARC Guerrillas (1 Underground) with 1 Shipment in huila: 2 do not hold
    one (a Rally Base may take them, 8.7.1), an Underground one not holding is there (P2);
    2 removals reach the holder (the 2 not holding go first), 3 capture; with 2 Shipments, 1
    removal less reaches it."""
    st = solo()
    put(st, "huila", "farc_active", 2)
    ship(st, "huila", FARC)
    h = S["huila"]
    assert free_guerrillas(st, h, FARC) == 2 and free_underground(st, h, FARC)
    assert not reaches_holder(st, h, FARC, 2) and reaches_holder(st, h, FARC, 3)
    assert not captures(st, h, FARC, 2) and captures(st, h, FARC, 3)
    ship(st, "huila", FARC)
    assert free_guerrillas(st, h, FARC) == 1 and reaches_holder(st, h, FARC, 2)
    ship(st, "huila", FARC)
    ship(st, "huila", FARC)
    assert free_guerrillas(st, h, FARC) == 0 and not free_underground(st, h, FARC)


def removals_in(events: list[Event], space: str) -> list[str]:
    """The removals chosen while the Attack in `space` resolves."""
    out: list[str] = []
    at = ""
    for e in events:
        if e.kind == "aa.attack":
            at = e.data["space"]
        elif e.kind == "coin.np_choice" and e.data["kind"] == "aa.remove_piece" and at == space:
            out.append(e.data["option"])
    return out


def test_aa_8_7_3_card_19_farc_removal_captures_shipment_first_p5_underground_first() -> None:
    """AA 8.4.4 card 19 / 8.7.3: FARC Attacks in meta_east (Active Opposition: Terror would
    not shift it; 7 Active FARC Guerrillas: a hit); the lone Cartels Guerrilla holds a
    Shipment, so its removal captures it (AA-I-18) and comes first, before the AUC (FARC's
    first enemy), whose Guerrilla goes next; the Police stay. P5: the Cartels give the
    Shipment to a Non-player with an Underground Guerrilla there before one with only Active
    ones: FARC if its roll of 1 placed an Underground FARC Guerrilla, else the AUC (then
    removed holding it: it gives it to FARC, the one left)."""
    st = solo()
    put(st, "meta_east", "farc_active", 6)
    put(st, "meta_east", "cartels_underground")
    put(st, "meta_east", "auc_underground")
    put(st, "meta_east", "police")
    ship(st, "meta_east", CARTELS)
    st, events = event_through_act(st, 19, FARC)
    assert "attack:meta_east" in np_steps(events, "aa.ev_every")
    assert removals_in(events, "meta_east") == [
        "piece:cartels_underground", "piece:auc_underground"]
    [roll] = [e.data["roll"] for e in events
              if e.kind == "aa.attack" and e.data["space"] == "meta_east"]
    assert np_steps(events, "aa.shipment") == (
        ["give:farc"] if roll == 1 else ["give:auc", "give:farc"])
    assert count(st, "meta_east", "police") == 1
    assert B.ships_at(st, S["meta_east"], FARC)


def test_aa_8_6_3_card_37_ambush_removes_the_shipment_holder_first() -> None:
    """AA 8.4.4 card 37 / 8.6.3 step 1: the free Ambush in the March destination (a space of
    the AUC March box's first tier) removes "enemy Guerrillas holding a Shipment" first: a
    lone Cartels Guerrilla holds one in each such space (AA-I-18: the removal reaches it), so
    it goes before FARC, the AUC's first enemy; P5 gives the Shipment to FARC (an Underground
    Guerrilla there), whose Guerrilla goes next (the 8.2 walk picks meta_west, where FARC has
    2: the one left holds the Shipment)."""
    st = solo()
    first = next(t for t in auc.march_tiers(solo(), {"spaces": []}) if t)
    for s in first:
        put(st, D.NAMES[s], "cartels_underground")
        ship(st, D.NAMES[s], CARTELS)
    st, events = event_through_act(st, 37, AUC)
    [dest] = [o.split(":")[1] for o in np_steps(events, "coin.event_step")]
    assert S[dest] in first and dest == "meta_west"
    assert np_steps(events, "aa.remove_piece") == [
        "piece:cartels_underground", "piece:farc_underground"]
    assert np_steps(events, "aa.shipment") == ["give:farc"]
    assert B.guerrillas(st, S[dest], CARTELS) == 0 and B.ships_at(st, S[dest], FARC)


def auc_attack_position() -> AAState:
    """The AUC's questions reach Attack (8.6): 5 Guerrillas Available, no Base to Rally,
    3 of the 6 FARC Base spaces hold an AUC Guerrilla (none Underground); the rest of the
    AUC Guerrillas Active in putumayo, where the lone Cartels Guerrilla holds a Shipment."""
    st = solo()
    put(st, "meta_west", "auc_active")
    for s in ("guaviare", "arauca"):
        activate(st, s, AUC)
    put(st, "putumayo", "auc_active", B.PIECES.available(st, GUER_U[AUC]) - 5)
    ship(st, "putumayo", CARTELS)
    return st


def test_aa_8_6_3_auc_attack_removes_shipment_holder_first_ambush_in_its_spaces() -> None:
    """AA 8.6.3: Attack in putumayo (most AUC Guerrillas) and santander (an Underground
    one); the Ambush goes to santander, the one with fewest AUC Guerrillas. In putumayo
    the Cartels Guerrilla holding the Shipment goes first (step 1), then FARC; P5 gives
    the Shipment to FARC (Underground there), whose 2 Guerrillas hold it: the second
    removal does not reach it (AA-I-18), FARC's first by the AUC's order anyway."""
    st = auc_attack_position()
    events = play(st, 1, [AUC])
    assert "op:attack" in np_choices(events)
    assert op_spaces(events, "attack") == ["putumayo", "santander"]
    assert np_choices(events, "aa.attack_mode") == ["attack", "ambush"]
    assert np_choices(events, "aa.remove_piece")[:2] == [
        "piece:cartels_underground", "piece:farc_underground"]
    assert np_choices(events, "aa.shipment") == ["give:farc"]
    assert B.guerrillas(st, S["putumayo"], CARTELS) == 0
    assert B.guerrillas(st, S["putumayo"], FARC) == 1
    assert B.ships_at(st, S["putumayo"], FARC)


def test_aa_8_7_3_farc_ambush_in_the_one_more_space_it_attacks() -> None:
    """AA 8.7.3: FARC (Resources above the Government's, no Rally or March) Attacks every
    space with 3+ FARC Guerrillas (putumayo) plus 1 City/Department with an Underground one;
    the Ambush goes to the Attack space with the fewest FARC Guerrillas, that one, whichever
    it is, not to a space it does not Attack."""
    for seed in (1, 2, 3):
        st = solo(seed)
        put(st, "putumayo", "farc_active", B.PIECES.available(st, GUER_U[FARC]) - 5)
        st.resources[FARC], st.resources[GOVT] = 20, 5
        events = play(st, 1, [FARC])
        spaces = op_spaces(events, "attack")
        assert spaces[0] == "putumayo" and len(spaces) == 2
        assert np_choices(events, "aa.attack_mode") == ["attack", "ambush"]
        assert [e.data["space"] for e in events if e.kind == "aa.ambush"] == spaces[1:]


def test_aa_8_6_3_ambush_ties_shipment_then_farc_then_govt() -> None:
    """AA 8.6.3 step 3: among Attack spaces with the fewest AUC Guerrillas (1 Underground
    each: antioquia, atlantico, santander after the changes), the one with a Shipment target
    first (atlantico: a Cartels Guerrilla holding one), then FARC (santander), then the
    Government's pieces only (antioquia)."""
    st = solo()
    put(st, "atlantico", "cartels_underground")
    ship(st, "atlantico", CARTELS)
    put(st, "antioquia", "police")
    tiers = [t for t in auc.ambush_order(st, AUC, [[S["antioquia"], S["atlantico"],
                                                    S["santander"]]]) if t]
    assert tiers == [[S["atlantico"]], [S["santander"]], [S["antioquia"]]]


def test_aa_8_1_2_p7_shipments_go_with_the_movers() -> None:
    """AA 8.1.2 P7 (AA-I-18): some of a holding group March away, others stay: the
    Non-player sends every Shipment with the movers (one at a time, then none stays)."""
    st = solo()
    d = Decision("d0.-2", -2, "aa.ship_follow", "FARC: which Shipments go?", (
        option("follow:0", "Shipment 1 goes", shipment="0"),
        option("follow:2", "Shipment 3 goes", shipment="2"),
        option("stay", "The other Shipments stay")))
    assert PROCEDURE.choose(st, d, FARC).option_id == "follow:0"
    d = Decision("d0.-2", -2, "aa.ship_follow", "FARC: which Shipments go?", (
        option("stay", "The other Shipments stay"),))
    assert PROCEDURE.choose(st, d, FARC).option_id == "stay"


def test_aa_8_6_3_ambush_among_the_attack_spaces_not_those_left_out() -> None:
    """AA 8.6.3 steps 2-3, 8.1.1: 4 spaces could be Attacked; the 3 with the most AUC
    Guerrillas are (putumayo, meta_east: 3 Active, narino: 2 Underground), not santander
    (1); the Ambush goes to narino, the fewest among those with an Underground AUC
    Guerrilla, though santander has fewer: the Ambush space is one of the Attack's."""
    st = auc_attack_position()
    put(st, "meta_east", "auc_active", 3)
    put(st, "narino", "auc_underground", 2)
    events = play(st, 1, [AUC])
    assert op_spaces(events, "attack") == ["putumayo", "meta_east", "narino"]
    assert np_choices(events, "aa.attack_mode") == ["attack", "ambush"]
    assert [e.data["space"] for e in events if e.kind == "aa.ambush"] == ["narino"]


def contraband(st: AAState, space: str) -> list[str]:
    """AA 4.5.4: a Shipment removed by the Cartels' Bribe in `space`, Contraband asked as
    the Bribe asks it (the Cartels a Non-player); their choices."""
    push(st, "aa.contraband", s=S[space], ship=st.ships.index(-1))
    ctx = Ctx()
    GAME.advance(ctx, st)
    return np_choices(ctx.events)


def test_aa_4_5_4_contraband_p2_underground_guerrilla_not_holding_first() -> None:
    """AA 4.5.4 Contraband by the Non-player Cartels, P2 under AA-I-18: no Cartels
    Guerrilla in cesar; FARC has an Active Guerrilla, the AUC an Underground one holding no
    Shipment: the Shipment goes to the AUC (not to FARC, though first in the Cartels' enemy
    order)."""
    st = solo()
    put(st, "cesar", "farc_active")
    put(st, "cesar", "auc_underground")
    assert contraband(st, "cesar") == ["give:auc"]
    assert B.ships_at(st, S["cesar"], AUC) and not B.ships_at(st, S["cesar"], FARC)


def test_aa_4_5_4_contraband_own_guerrillas_first_then_p2() -> None:
    """AA 4.5.4 Contraband (AA-R-24: the Cartels benefit themselves): an Active Cartels
    Guerrilla takes it before FARC's Underground one; with the AUC's Underground Guerrilla
    already holding the one Shipment it has there, FARC's free one comes first (P2)."""
    st = solo()
    put(st, "cesar", "farc_underground")
    put(st, "cesar", "cartels_active")
    assert contraband(st, "cesar") == ["give:cartels"]
    st = solo()
    put(st, "cesar", "farc_underground")
    put(st, "cesar", "auc_underground")
    ship(st, "cesar", AUC)
    assert contraband(st, "cesar") == ["give:farc"]

