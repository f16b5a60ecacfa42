"""CL 5 Event cards 37-48: every side played through the engine from the standard setup (S0)
or a position built from it, the card current and the executing faction 1st Eligible; exact
pieces and tracks after it and the options offered at each decision (CL 5.1, 5.1.3)."""

from __future__ import annotations

from services.cuba_libre import GAME
from services.cuba_libre import board as B
from services.cuba_libre.constants import NO_CASH, Cap, Kind
from services.cuba_libre.propaganda import skim_spaces
from services.cuba_libre.state import CLState

from .helpers import DR, standard
from .helpers_clev1 import GOVT, M26, SYNDICATE, S, count, event, put, take
from .helpers_clev2 import options
from .helpers_clins import Table as OpTable
from .helpers_clins import rig_die


def test_card_37_unshaded_26july_plus_5_aid_minus_6() -> None:
    """CL card 37 unshaded (Herbert Matthews); CL 1.8: Aid never below 0."""
    t = event(37, M26, "unshaded")
    assert t.st.resources[M26] == 15 and t.st.aid == 9 and t.at_card()
    t = event(37, M26, "unshaded", lambda st: setattr(st, "aid", 4))
    assert t.st.aid == 0


def test_card_37_shaded_aid_dr_and_syndicate_gain() -> None:
    t = event(37, SYNDICATE, "shaded")
    assert t.st.aid == 25 and t.st.resources[DR] == 8 and t.st.resources[SYNDICATE] == 20


def cash_under_police(st: CLState) -> None:
    st.cash[0] = B.cash_code(S["havana"], Kind.POLICE)


def test_card_38_unshaded_moves_cash_among_the_pieces_of_one_space() -> None:
    """CL card 38 unshaded (Meyer Lansky), CL 4.5.2: the new holder's faction owns it."""
    t = event(38, SYNDICATE, "unshaded", cash_under_police)
    assert options(t) == ["space:havana"]
    t.play("space:havana")
    assert options(t) == ["cash:0:directorio_underground", "cash:0:troops", "done"]
    step = next(d for d in GAME.decisions(t.st) if d.kind == "coin.event_step")
    assert step.prompt == "Syndicate: move a Cash marker to another piece there"
    t.play("cash:0:directorio_underground")
    assert t.st.cash[0] == B.cash_code(S["havana"], Kind.DR_U)
    assert B.cash_owner(t.st.cash[0]) == DR and t.at_card()
    assert event(38, SYNDICATE, "unshaded").at_card()  # no Cash: nothing to do


def test_card_38_shaded_the_syndicate_moves_casinos_then_all_open() -> None:
    """CL card 38 shaded (Meyer Lansky): each Casino moves once, to a City or Province within
    stacking (CL 1.4.2); CL 5.1: no free Operation or SA is given, so the executing Government
    chooses the moves; then every Casino opens."""
    def closed(st: CLState) -> None:
        B.close_casino(st, S["la_habana"])
        put(st, "oriente", "casino_open", 2)
    t = event(38, GOVT, "shaded", closed)
    assert t.pending().seat == GOVT
    assert options(t) == ["done", "piece:havana:casino_open", "piece:la_habana:casino_closed",
                          "piece:oriente:casino_open", "piece:pinar_del_rio:casino_open"]
    t.play("piece:la_habana:casino_closed")
    assert "to:oriente" not in options(t) and "to:ec_west" not in options(t)
    assert len(options(t)) == 8  # the other Cities and Provinces
    t.play("to:matanzas")
    assert "piece:matanzas:casino_closed" not in options(t)  # it moved once already
    t.play("done")
    st = t.st
    assert count(st, "matanzas", "casino_open") == 1 and count(st, "la_habana", "casino_open") == 0
    assert B.open_casinos(st) == 5 and t.at_card()


def test_card_39_unshaded_casino_spaces_at_support_shift_toward_neutral() -> None:
    """CL card 39 unshaded (Turismo): open or closed Casinos."""
    t = event(39, GOVT, "unshaded", lambda st: B.close_casino(st, S["pinar_del_rio"]))
    st = t.st
    assert [st.support[S[s]] for s in ("pinar_del_rio", "la_habana", "havana")] == [1, 0, 1]


def test_card_39_shaded_three_each_per_open_casino_with_police() -> None:
    def police(st: CLState) -> None:
        put(st, "pinar_del_rio", "police")
        put(st, "la_habana", "police")
        B.close_casino(st, S["la_habana"])
    t = event(39, SYNDICATE, "shaded", police)
    assert t.st.resources[GOVT] == 21 and t.st.resources[SYNDICATE] == 21


def test_card_40_unshaded_us_alliance_down_aid_unchanged() -> None:
    """CL card 40 unshaded (Ambassador Smith), CL-D-12."""
    t = event(40, M26, "unshaded")
    assert t.st.us_alliance == 1 and t.st.aid == 15


def test_card_40_shaded_alliance_up_aid_and_half_aid_to_the_syndicate() -> None:
    t = event(40, SYNDICATE, "shaded", lambda st: setattr(st, "us_alliance", 1))
    assert t.st.us_alliance == 0 and t.st.aid == 24 and t.st.resources[SYNDICATE] == 24
    t = event(40, SYNDICATE, "shaded", lambda st: setattr(st, "aid", 0))
    assert t.st.us_alliance == 0 and t.st.aid == 9 and t.st.resources[SYNDICATE] == 19


def test_card_41_unshaded_close_a_casino_or_cut_aid() -> None:
    """CL card 41 unshaded (Fat Butcher)."""
    t = event(41, M26, "unshaded")
    assert options(t) == ["aid", "close:havana", "close:la_habana", "close:pinar_del_rio"]
    assert t.labels()["aid"] == "Aid -8"
    assert t.labels()["close:havana"] == "Close 1 open Casino in Havana"
    t.play("close:havana")
    assert count(t.st, "havana", "casino_closed") == 1 and t.st.aid == 15
    t = event(41, M26, "unshaded")
    t.play("aid")
    assert t.st.aid == 7 and B.open_casinos(t.st) == 3


def test_card_41_shaded_a_syndicate_ambush_then_a_casino_reopens() -> None:
    """CL card 41 shaded (Fat Butcher), CL 5.1.1: the Syndicate Ambushes (CL 4.3.2) although it
    has no Ambush; its own choices, whoever executes the Event."""
    def prep(st: CLState) -> None:
        put(st, "havana", "syndicate_underground")
        B.close_casino(st, S["pinar_del_rio"])
    t = event(41, M26, "shaded", prep)
    assert t.pending().seat == SYNDICATE and options(t) == ["space:havana"]
    t.play("space:havana")
    assert options(t) == ["done", "piece:directorio_underground", "piece:police",
                          "piece:troops"]
    t.play("piece:directorio_underground", "piece:directorio_underground")
    assert options(t) == ["space:pinar_del_rio"] and t.pending().seat == M26
    t.play("space:pinar_del_rio")
    st = t.st
    assert count(st, "havana", "directorio_underground") == 0
    assert count(st, "havana", "syndicate_active") == 1
    assert count(st, "havana", "syndicate_underground") == 1
    assert count(st, "pinar_del_rio", "casino_open") == 1 and t.at_card()


def test_card_41_shaded_cl_1_4_1_syndicate_takes_a_guerrilla_back_for_its_ambush() -> None:
    """CL card 41 shaded, CL 1.4.1 (CL-R-04): no Syndicate Guerrilla Available, the executing
    Syndicate may first take one of its own (here an Active one) back from the map, so that
    its free Ambush places it (CL 4.3.2)."""
    def all_out(st: CLState) -> None:
        put(st, "havana", "syndicate_underground")
        put(st, "matanzas", "syndicate_underground", 3)
        put(st, "oriente", "syndicate_underground", 2)
        B.PIECES.flip_to(st, S["oriente"], Kind.SYND_A, 1)
        B.close_casino(st, S["pinar_del_rio"])
    t = event(41, SYNDICATE, "shaded", all_out)
    assert t.offered() == ["reclaim:havana:syndicate_underground",
                           "reclaim:matanzas:syndicate_underground",
                           "reclaim:oriente:syndicate_underground",
                           "reclaim:oriente:syndicate_active", "done"]
    t.play("reclaim:oriente:syndicate_active", "space:havana", "piece:directorio_underground",
           "piece:directorio_underground", "space:pinar_del_rio")
    st = t.st
    assert count(st, "havana", "syndicate_underground") == 1
    assert count(st, "havana", "syndicate_active") == 1
    assert count(st, "havana", "directorio_underground") == 0
    assert count(st, "oriente", "syndicate_active") == 0
    assert B.PIECES.available(st, Kind.SYND_U) == 0 and t.at_card()


def test_card_42_unshaded_26july_base_and_any_guerrilla_in_a_city() -> None:
    """CL card 42 unshaded (Llano)."""
    t = event(42, M26, "unshaded")
    assert options(t) == ["space:camaguey_city", "space:havana", "space:santiago_de_cuba"]
    t.play("space:havana")
    assert options(t) == ["place:directorio_underground", "place:m26_underground",
                           "place:syndicate_underground"]
    t.play("place:directorio_underground")
    assert count(t.st, "havana", "m26_base") == 1
    assert count(t.st, "havana", "directorio_underground") == 3


def test_card_42_shaded_opposition_city_to_neutral_and_an_open_casino() -> None:
    t = event(42, SYNDICATE, "shaded", lambda st: st.support.__setitem__(S["havana"], -1))
    assert options(t) == ["space:camaguey_city", "space:havana", "space:santiago_de_cuba"]
    t.play("space:havana")
    assert t.st.support[S["havana"]] == 0 and count(t.st, "havana", "casino_open") == 2
    full = event(42, SYNDICATE, "shaded", lambda st: put(st, "havana", "casino_open"))
    full.play("space:havana")  # CL 1.4.2: no third Casino; the level still changes
    assert count(full.st, "havana", "casino_open") == 2 and full.st.support[S["havana"]] == 2


def test_card_42_unshaded_cl_1_4_1_26july_takes_its_base_and_guerrilla_back() -> None:
    """CL card 42 unshaded, CL 1.4.1 (CL-R-04): none Available, the executing 26July may take
    its own Base back, and is still offered its own Guerrilla to take back, for the City."""
    def all_out(st: CLState) -> None:
        put(st, "las_villas", "m26_underground", 11)
        put(st, "matanzas", "m26_base", 2)
        put(st, "oriente", "m26_base", 1)
    t = event(42, M26, "unshaded", all_out)
    t.play("space:havana")
    assert t.offered() == ["reclaim:matanzas:m26_base", "reclaim:oriente:m26_base",
                           "reclaim:sierra_maestra:m26_base", "done"]
    t.play("reclaim:oriente:m26_base")
    assert options(t) == ["place:directorio_underground", "place:m26_underground",
                           "place:syndicate_underground"]
    t.play("place:m26_underground")
    assert t.offered() == ["reclaim:la_habana:m26_underground",
                           "reclaim:las_villas:m26_underground",
                           "reclaim:sierra_maestra:m26_underground",
                           "reclaim:santiago_de_cuba:m26_underground", "done"]
    t.play("reclaim:las_villas:m26_underground")
    st = t.st
    assert count(st, "havana", "m26_base") == 1 and count(st, "havana", "m26_underground") == 1
    assert count(st, "oriente", "m26_base") == 0
    assert count(st, "las_villas", "m26_underground") == 10 and t.at_card()


def test_card_42_shaded_cl_1_4_1_syndicate_takes_a_casino_back() -> None:
    """CL card 42 shaded, CL 1.4.1, 1.4.5 (CL-R-04): no Casino Available, the executing
    Syndicate may take one of its Casinos (here a closed one) back from elsewhere to place it
    open in the City; the Government, executing, cannot (not its pieces)."""
    def all_out(st: CLState) -> None:
        put(st, "matanzas", "casino_open", 2)
        put(st, "oriente", "casino_open", 2)
        B.close_casino(st, S["oriente"])
        put(st, "camaguey_province", "casino_open", 2)
        put(st, "las_villas", "casino_open")
    t = event(42, SYNDICATE, "shaded", all_out)
    t.play("space:santiago_de_cuba")
    assert t.offered() == [
        "reclaim:pinar_del_rio:casino_open", "reclaim:la_habana:casino_open",
        "reclaim:havana:casino_open", "reclaim:matanzas:casino_open",
        "reclaim:las_villas:casino_open", "reclaim:camaguey_province:casino_open",
        "reclaim:oriente:casino_open", "reclaim:oriente:casino_closed", "done"]
    t.play("reclaim:oriente:casino_closed")
    st = t.st
    assert count(st, "santiago_de_cuba", "casino_open") == 1
    assert count(st, "oriente", "casino_closed") == 0 and count(st, "oriente", "casino_open") == 1
    assert B.PIECES.available(st, Kind.CASINO_OPEN) == 0 and t.at_card()
    t = event(42, GOVT, "shaded", all_out)
    t.play("space:santiago_de_cuba")
    assert t.at_card() and count(t.st, "santiago_de_cuba", "casino_open") == 0


def test_card_43_unshaded_a_syndicate_guerrilla_counts_as_26july_in_a_free_limop() -> None:
    """CL card 43 unshaded (Mafia Offensive), CL-D-13: the Syndicate Guerrilla counts as a
    26July one for the Terror (the one Activated may be it); it is the Syndicate's again after,
    in the state the Operation left it."""
    t = event(43, SYNDICATE, "unshaded", lambda st: put(st, "la_habana", "syndicate_underground"))
    assert options(t) == ["faction:directorio", "faction:m26"]
    t.play("faction:m26")
    assert t.pending().seat == M26
    assert options(t) == ["piece:havana:casino_open", "piece:la_habana:casino_open",
                          "piece:la_habana:syndicate_underground",
                          "piece:pinar_del_rio:casino_open"]
    assert t.labels()["piece:la_habana:syndicate_underground"] == (
        "Count 1 Syndicate Guerrilla (Underground) in La Habana as a 26July piece for the "
        "Operation")
    t.play("piece:la_habana:syndicate_underground")
    assert count(t.st, "la_habana", "m26_underground") == 2
    assert options(t) == ["op:attack", "op:march", "op:rally", "op:terror"]
    t.play("op:terror", "space:la_habana")
    assert options(t) == ["piece:la_habana:m26_active", "piece:la_habana:m26_underground"]
    t.play("piece:la_habana:m26_active")
    st = t.st
    assert [count(st, "la_habana", k) for k in ("m26_underground", "m26_active",
                                                "syndicate_underground", "syndicate_active")
            ] == [1, 0, 0, 1]
    assert st.support[S["la_habana"]] == 0 and st.resources[M26] == 10 and t.at_card()


def test_card_43_unshaded_a_casino_counts_as_a_base_for_a_base_rally() -> None:
    """CL card 43 unshaded, CL 3.3.1: the Casino counts as a 26July Base, so La Habana (Pop 1,
    Neutral) takes up to 2 x 1 + 2 x 1 Guerrillas; the Casino is the Syndicate's again."""
    t = event(43, SYNDICATE, "unshaded", lambda st: st.support.__setitem__(S["la_habana"], 0))
    t.play("faction:m26", "piece:la_habana:casino_open", "op:rally", "space:la_habana", "mass")
    assert options(t) == ["n:1", "n:2", "n:3", "n:4"]
    t.play("n:4")
    assert options(t) == ["piece:la_habana:m26_base"]
    t.play("piece:la_habana:m26_base")
    st = t.st
    assert count(st, "la_habana", "m26_underground") == 5
    assert count(st, "la_habana", "casino_open") == 1 and count(st, "la_habana", "m26_base") == 0


def test_card_43_shaded_the_syndicate_assassinates_with_its_terror() -> None:
    """CL card 43 shaded (Mafia Offensive), CL 5.3, 4.4.3: after the Event, a Syndicate Terror
    in Havana (1 Guerrilla, 4 Police) may be accompanied by Assassinate."""
    t = event(43, SYNDICATE, "shaded")
    assert t.st.caps == 1 << Cap.SYNDICATE_ASSASSINATES
    st = t.st
    put(st, "havana", "syndicate_underground")
    terror = OpTable(st, SYNDICATE).act("op:terror", "space:havana", "sa:assassinate")
    assert sorted(terror.offered()) == ["piece:havana:directorio_underground",
                                        "piece:havana:police", "piece:havana:troops"]
    terror.act("piece:havana:police")
    assert count(terror.st, "havana", "police") == 3


def test_card_44_unshaded_ambush_on_government_pieces_bases_first() -> None:
    """CL card 44 unshaded (Rebel Air Force), CL-D-13: Bases first; Activate the Guerrilla."""
    t = event(44, M26, "unshaded", lambda st: put(st, "havana", "govt_base"))
    assert options(t) == ["piece:havana:directorio_underground",
                           "piece:santiago_de_cuba:m26_underground"]
    t.play("piece:havana:directorio_underground")
    assert t.pending().seat == DR  # its faction makes the Ambush
    assert options(t) == ["piece:havana:govt_base"]
    t.play("piece:havana:govt_base")
    assert options(t) == ["piece:havana:police", "piece:havana:troops"]
    t.play("piece:havana:troops")
    st = t.st
    assert count(st, "havana", "govt_base") == 0 and count(st, "havana", "troops") == 5
    assert count(st, "havana", "directorio_active") == 1
    assert count(st, "havana", "directorio_underground") == 2


def test_card_44_unshaded_cl_1_4_1_26july_takes_its_guerrilla_back_for_the_ambush() -> None:
    """CL card 44 unshaded, CL 1.4.1 (CL-R-04): no 26July Guerrilla Available, the executing
    26July, whose Guerrilla ambushes, may take one of its own back from elsewhere to place it
    as for an Ambush."""
    t = event(44, M26, "unshaded", lambda st: put(st, "las_villas", "m26_underground", 11))
    t.play("piece:santiago_de_cuba:m26_underground", "piece:santiago_de_cuba:troops",
           "piece:santiago_de_cuba:police")
    assert t.offered() == ["reclaim:la_habana:m26_underground",
                           "reclaim:las_villas:m26_underground",
                           "reclaim:sierra_maestra:m26_underground", "done"]
    t.play("reclaim:las_villas:m26_underground")
    st = t.st
    assert [count(st, "santiago_de_cuba", k) for k in (
        "m26_underground", "m26_active", "troops", "police")] == [1, 1, 1, 1]
    assert count(st, "las_villas", "m26_underground") == 10 and t.at_card()


def test_card_44_shaded_a_die_roll_of_resources_to_the_syndicate() -> None:
    t = event(44, SYNDICATE, "shaded", lambda st: rig_die(st, 6))
    assert options(t) == ["faction:directorio", "faction:m26"]
    t.play("faction:directorio")  # 6 rolled, DR has only 5
    assert t.st.resources[DR] == 0 and t.st.resources[SYNDICATE] == 20


def test_card_45_unshaded_havana_casinos_closed_and_syndicate_minus_5() -> None:
    t = event(45, DR, "unshaded", lambda st: put(st, "havana", "casino_open"))
    assert count(t.st, "havana", "casino_closed") == 2 and t.st.resources[SYNDICATE] == 10


def test_card_45_shaded_syndicate_plus_10() -> None:
    assert event(45, SYNDICATE, "shaded").st.resources[SYNDICATE] == 25


def test_card_46_unshaded_syndicate_minus_6() -> None:
    assert event(46, DR, "unshaded").st.resources[SYNDICATE] == 9


def test_card_46_shaded_a_third_casino_in_havana_and_government_cash() -> None:
    """CL card 46 shaded (Sinatra), CL 1.4.2 exception, TV-R-02, CL-I-8."""
    t = event(46, SYNDICATE, "shaded", lambda st: put(st, "havana", "casino_open"))
    st = t.st
    assert count(st, "havana", "casino_open") == 3 and st.casino_exempt == 1 << S["havana"]
    assert st.cash == [B.cash_code(S["havana"], Kind.POLICE), NO_CASH, NO_CASH, NO_CASH]
    assert B.cash_owner(st.cash[0]) == GOVT


def test_card_46_shaded_cl_1_4_1_syndicate_takes_a_casino_back_to_place_it() -> None:
    """CL card 46 shaded, CL 1.4.1, 1.4.5 (CL-R-04): no Casino Available, the executing
    Syndicate may take one of its Casinos (here a closed one) off the map to place it open in
    Havana beyond the limit; the Government, executing, cannot (not its pieces)."""
    def all_out(st: CLState) -> None:
        put(st, "havana", "casino_open")
        put(st, "matanzas", "casino_open", 2)
        put(st, "oriente", "casino_open", 2)
        B.close_casino(st, S["oriente"])
        put(st, "camaguey_province", "casino_open", 2)
    t = event(46, SYNDICATE, "shaded", all_out)
    assert t.offered() == [
        "reclaim:pinar_del_rio:casino_open", "reclaim:la_habana:casino_open",
        "reclaim:matanzas:casino_open", "reclaim:camaguey_province:casino_open",
        "reclaim:oriente:casino_open", "reclaim:oriente:casino_closed", "done"]
    t.play("reclaim:oriente:casino_closed")
    st = t.st
    assert count(st, "havana", "casino_open") == 3 and st.casino_exempt == 1 << S["havana"]
    assert count(st, "oriente", "casino_closed") == 0 and count(st, "oriente", "casino_open") == 1
    assert B.PIECES.available(st, Kind.CASINO_OPEN) == 0 and t.at_card()
    t = event(46, GOVT, "shaded", all_out)
    assert t.at_card() and count(t.st, "havana", "casino_open") == 2


def test_card_47_unshaded_two_guerrillas_removed_government_ineligible() -> None:
    """CL card 47 unshaded (Pact of Miami), CL-D-11: Ineligible through the next card."""
    t = event(47, SYNDICATE, "unshaded")
    assert options(t) == [
        "piece:camaguey_province:directorio_underground", "piece:havana:directorio_underground",
        "piece:la_habana:m26_underground", "piece:santiago_de_cuba:m26_underground",
        "piece:sierra_maestra:m26_underground"]
    t.play("piece:havana:directorio_underground", "piece:sierra_maestra:m26_underground")
    assert count(t.st, "havana", "directorio_underground") == 1
    assert count(t.st, "sierra_maestra", "m26_underground") == 1
    assert t.at_card()  # the next card: eligibility adjusted (CL 2.3.7)
    assert t.st.eligible == [False, True, True, False]


def test_card_47_shaded_both_lose_3_and_sit_out_the_next_card() -> None:
    t = event(47, DR, "shaded")
    assert t.st.resources[M26] == 7 and t.st.resources[DR] == 2
    assert t.at_card()  # the next card: eligibility adjusted (CL 2.3.7)
    assert t.st.eligible == [True, False, False, True]


def test_card_48_unshaded_syndicate_minus_10_and_all_its_guerrillas_active() -> None:
    t = event(48, DR, "unshaded", lambda st: put(st, "havana", "syndicate_underground", 2))
    assert count(t.st, "havana", "syndicate_active") == 2
    assert t.st.resources[SYNDICATE] == 5


def test_card_48_shaded_an_underground_syndicate_guerrilla_stops_skim() -> None:
    """CL card 48 shaded (Santo Trafficante Jr), CL 5.3, 6.2.3, TV-R-31: Havana (Government
    Control, an open Casino) pays Skim unless an Underground Syndicate Guerrilla is there."""
    t = event(48, SYNDICATE, "shaded")
    assert t.st.caps == 1 << Cap.UNDERGROUND_SYNDICATE_STOPS_SKIM
    st = t.st
    put(st, "havana", "syndicate_underground")
    assert skim_spaces(st) == []
    st.caps = 0
    assert skim_spaces(st) == [S["havana"]]


def test_card_41_shaded_with_no_underground_syndicate_guerrilla_does_nothing() -> None:
    """CL 5.1.3, 4.3.2: no Underground Syndicate Guerrilla (S0) and no closed Casino."""
    t = event(41, M26, "shaded")
    assert t.at_card() and t.st.pieces == standard().pieces


def test_card_44_unshaded_with_no_guerrilla_beside_government_pieces_does_nothing() -> None:
    """CL 5.1.3: no 26July or Directorio Guerrilla shares a space with Government pieces."""
    def apart(st: CLState) -> None:
        take(st, "havana", "directorio_underground", 2)
        take(st, "santiago_de_cuba", "m26_underground")
    t = event(44, M26, "unshaded", apart)
    expected = standard()
    apart(expected)
    assert t.at_card() and t.st.pieces == expected.pieces


def test_card_46_shaded_without_police_in_havana_places_no_cash() -> None:
    t = event(46, SYNDICATE, "shaded", lambda st: take(st, "havana", "police", 4))
    assert count(t.st, "havana", "casino_open") == 2 and t.st.cash == [NO_CASH] * 4
    assert t.st.casino_exempt == 0  # room for a second Casino: no exception needed


def test_card_43_unshaded_a_borrowed_casino_comes_back_only_where_it_was() -> None:
    """CL card 43 unshaded, CL-I-16, CL 1.4.2: a Base never moves, so the Casino counted as a
    Directorio Base comes back in its own space, never in a Rally space holding a Directorio
    Base and 2 Casinos (found by clcore's random playouts, seed 7015)."""
    def prep(st: CLState) -> None:
        put(st, "la_habana", "casino_open")
        put(st, "la_habana", "directorio_base")
    t = event(43, SYNDICATE, "unshaded", prep)
    t.play("faction:directorio", "piece:pinar_del_rio:casino_open", "op:rally",
           "space:la_habana")
    while not options(t)[0].startswith("piece:"):
        t.play(options(t)[-1])
    assert options(t) == ["piece:pinar_del_rio:directorio_base"]
    t.play("piece:pinar_del_rio:directorio_base")
    st = t.st
    assert count(st, "pinar_del_rio", "casino_open") == 1
    assert count(st, "la_habana", "casino_open") == 2 and t.at_card()
