"""CL 5 Event cards 1-12 through engine.act from constructed positions: the card current, one
faction executing the Event; exact pieces and tracks after it and the options offered at each
decision (docstrings cite the card side and rule)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from services.cuba_libre import board as B
from services.cuba_libre.constants import Kind, Mom, UsAlliance
from services.cuba_libre.state import CLState

from .helpers_clev1 import GOVT, M26, SYNDICATE, S, card_table, count, event, put, take

DR = 2


def test_card_1_shaded_momentum() -> None:
    """CL card 1 shaded (CL 5.4): Armored Cars is Government Momentum until the next Reset."""
    t = event(1, GOVT, "shaded")
    assert B.has_mom(t.st, Mom.ASSAULT_BRINGS_TROOPS)
    assert t.at_card()
    assert any(e.kind == "cl.momentum" and e.data["card"] == 1 for e in t.events)


def test_card_2_both_sides_set_their_flags() -> None:
    """CL card 2 unshaded (CL 5.3 Capability) and shaded (CL 5.4 Momentum)."""
    from services.cuba_libre.constants import Cap
    u = event(2, M26, "unshaded")
    assert B.has_cap(u.st, Cap.KIDNAP_SIERRA_MAESTRA_AS_CITY) and not u.st.mom
    s = event(2, GOVT, "shaded")
    assert B.has_mom(s.st, Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED) and not s.st.caps


def test_card_4_unshaded_support_without_police_to_neutral() -> None:
    """CL card 4 unshaded: a City or Province at Support with no Police is set to Neutral;
    Camagüey City (Police) and spaces not at Support are not offered."""
    t = event(4, M26, "unshaded")
    # S0: Pinar del Río Active Support, La Habana and Havana Support; Havana has Police
    assert t.offered() == ["space:pinar_del_rio", "space:la_habana"]
    t.choose("space:la_habana")
    assert t.st.support[S["la_habana"]] == 0 and t.st.support[S["pinar_del_rio"]] == 2
    assert t.at_card()


def test_card_4_unshaded_nothing_to_do() -> None:
    """CL card 4 unshaded, CL 5.1.3: no space qualifies, the Event does nothing."""
    def prepare(st: CLState) -> None:
        for s in range(len(st.support)):
            st.support[s] = min(st.support[s], 0)
    t = event(4, M26, "unshaded", prepare)
    assert t.at_card() and all(lv <= 0 for lv in t.st.support)


def test_card_4_5_6_10_shaded_momentum() -> None:
    """CL cards 4, 5, 6, 10 shaded (CL 5.4): each sets its Government Momentum, only it."""
    assert event(4, GOVT, "shaded").st.mom == 1 << Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS
    assert event(5, GOVT, "shaded").st.mom == 1 << Mom.SWEEP_WITH_FREE_ASSAULT
    assert event(6, GOVT, "shaded").st.mom == 1 << Mom.ASSAULT_MOUNTAIN_AS_CITY
    assert event(10, GOVT, "shaded").st.mom == 1 << Mom.LIMOP_WITH_FREE_SA


def test_card_6_shaded_mountain_assault_counts_every_cube() -> None:
    """CL card 6 shaded with CL 3.2.4 (TV-D-03, last line): in a Mountain Province an Assault
    removes 1 piece per cube (Police too) instead of 1 per 2 Troops: Sierra Maestra with 3
    Troops + 2 Police -> 5 (1 without the Momentum)."""
    def prepare(st: CLState) -> None:
        put(st, "sierra_maestra", "troops", 3)
        put(st, "sierra_maestra", "police", 2)
    st = event(6, GOVT, "shaded", prepare).st
    assert B.assault_removals(st, S["sierra_maestra"]) == 5
    st.mom = 0
    assert B.assault_removals(st, S["sierra_maestra"]) == 1


def test_card_4_shaded_police_assault_as_troops() -> None:
    """CL card 4 shaded with CL 3.2.4: Police count as Troops in a Province Assault."""
    def prepare(st: CLState) -> None:
        put(st, "matanzas", "troops", 1)
        put(st, "matanzas", "police", 2)
    st = event(4, GOVT, "shaded", prepare).st
    assert B.assault_removals(st, S["matanzas"]) == 3
    st.mom = 0
    assert B.assault_removals(st, S["matanzas"]) == 1


def test_card_5_unshaded_province_with_troops_and_neighbour() -> None:
    """CL card 5 unshaded: a Province with Troops (only Las Villas at S0), then a Province
    adjacent to it, both set to Passive Opposition."""
    t = event(5, DR, "unshaded")
    assert t.offered() == ["space:las_villas"]
    t.choose("space:las_villas")
    assert t.offered() == ["space:matanzas", "space:camaguey_province"]
    assert t.labels()["space:matanzas"] == "Set to Passive Opposition (adjacent): Matanzas"
    t.choose("space:camaguey_province")
    st = t.st
    assert st.support[S["las_villas"]] == -1 and st.support[S["camaguey_province"]] == -1
    assert st.support[S["matanzas"]] == -1  # unchanged (S0 Passive Opposition)
    assert t.at_card()


def test_card_7_unshaded_a_guerrilla_in_each_city() -> None:
    """CL card 7 unshaded (CL-D-13): in each City the executing faction picks which
    Insurgent's Guerrilla is placed, Underground; a faction with none Available is not
    offered."""
    def prepare(st: CLState) -> None:
        st.avail[9] = 0  # no Syndicate Guerrilla Available
    t = event(7, GOVT, "unshaded", prepare)
    assert t.offered() == ["place:havana:m26", "place:havana:directorio"]
    t.choose("place:havana:directorio")
    assert t.offered() == ["place:camaguey_city:m26", "place:camaguey_city:directorio"]
    t.choose("place:camaguey_city:m26")
    t.choose("place:santiago_de_cuba:m26")
    st = t.st
    assert count(st, "havana", "directorio_underground") == 3
    assert count(st, "camaguey_city", "m26_underground") == 1
    assert count(st, "santiago_de_cuba", "m26_underground") == 2
    assert t.at_card()


def test_card_7_shaded_city_to_neutral_and_aid() -> None:
    """CL card 7 shaded: one City not at Neutral set to Neutral; Aid +10 (max 49)."""
    def prepare(st: CLState) -> None:
        st.aid = 45
    t = event(7, GOVT, "shaded", prepare)
    assert t.offered() == ["space:havana", "space:camaguey_city"]
    t.choose("space:havana")
    assert t.st.support[S["havana"]] == 0 and t.st.aid == 49


def test_card_8_unshaded_cities_shift_and_get_guerrillas() -> None:
    """CL card 8 unshaded: every City shifts 1 toward Neutral, then a Guerrilla of the
    executor's choice in each."""
    t = event(8, SYNDICATE, "unshaded")
    st = t.st
    assert [st.support[S[c]] for c in ("havana", "camaguey_city", "santiago_de_cuba")] == [1, 0,
                                                                                           0]
    assert t.offered() == ["place:havana:m26", "place:havana:directorio",
                           "place:havana:syndicate"]
    t.play("place:havana:syndicate", "place:camaguey_city:directorio",
           "place:santiago_de_cuba:m26")
    st = t.st
    assert count(st, "havana", "syndicate_underground") == 1
    assert count(st, "camaguey_city", "directorio_underground") == 1
    assert count(st, "santiago_de_cuba", "m26_underground") == 2


def test_card_8_shaded_active_support_activate_and_open_casino() -> None:
    """CL card 8 shaded: a City to Active Support, every Guerrilla there Activated; then any 1
    closed Casino opened."""
    def prepare(st: CLState) -> None:
        put(st, "havana", "m26_underground", 1)
        put(st, "las_villas", "casino_closed")
    t = event(8, GOVT, "shaded", prepare)
    assert t.offered() == ["space:havana", "space:camaguey_city", "space:santiago_de_cuba"]
    t.choose("space:havana")
    st = t.st
    assert st.support[S["havana"]] == 2
    assert count(st, "havana", "directorio_active") == 2
    assert count(st, "havana", "m26_active") == 1 and count(st, "havana", "m26_underground") == 0
    assert t.offered() == ["space:las_villas"]
    t.choose("space:las_villas")
    assert count(t.st, "las_villas", "casino_open") == 1
    assert count(t.st, "las_villas", "casino_closed") == 0


def test_card_9_unshaded_government_spaces_toward_neutral() -> None:
    """CL card 9 unshaded: Government-Controlled spaces shift 1 toward Neutral (Havana +2 ->
    +1, Camagüey City +1 -> 0; Las Villas is Neutral); US Alliance up (CL-D-12), Aid
    unchanged."""
    def prepare(st: CLState) -> None:
        st.us_alliance = UsAlliance.RELUCTANT
    t = event(9, GOVT, "unshaded", prepare)
    st = t.st
    assert st.support[S["havana"]] == 1 and st.support[S["camaguey_city"]] == 0
    assert st.support[S["pinar_del_rio"]] == 2  # Syndicate-Controlled
    assert st.us_alliance == UsAlliance.FIRM and st.aid == 15
    assert t.at_card()


def test_card_9_unshaded_alliance_stops_at_firm() -> None:
    """CL card 9 unshaded, CL-D-12: no effect past the top box."""
    st = event(9, GOVT, "unshaded").st
    assert st.us_alliance == UsAlliance.FIRM


def test_card_10_unshaded_cube_becomes_two_guerrillas() -> None:
    """CL card 10 unshaded: one cube anywhere replaced by any 2 Underground Guerrillas."""
    t = event(10, M26, "unshaded")
    offered = t.offered()
    assert "piece:havana:troops" in offered and "piece:havana:police" in offered
    assert len(offered) == 7  # Havana, Camagüey City, Santiago: both; Las Villas: Troops
    t.choose("piece:santiago_de_cuba:police")
    assert t.offered() == ["place:m26", "place:directorio", "place:syndicate"]
    t.play("place:m26", "place:syndicate")
    st = t.st
    assert count(st, "santiago_de_cuba", "police") == 1
    assert count(st, "santiago_de_cuba", "m26_underground") == 2
    assert count(st, "santiago_de_cuba", "syndicate_underground") == 1
    assert t.at_card()


def test_card_12_shaded_police_and_aid() -> None:
    """CL card 12 shaded: 1 Police anywhere; Government + the lesser of 6 and Aid."""
    def prepare(st: CLState) -> None:
        st.aid = 4
    t = event(12, GOVT, "shaded", prepare)
    assert len(t.offered()) == 13  # Police may go anywhere
    t.choose("space:oriente")
    st = t.st
    assert count(st, "oriente", "police") == 1 and st.resources[GOVT] == 19 and st.aid == 4


def test_card_12_shaded_no_police_available() -> None:
    """CL card 12 shaded, CL 5.1.3: no Police Available and 26July executing (the Police are
    not its own to take back, CL 1.4.1): only the Resources."""
    def prepare(st: CLState) -> None:
        put(st, "las_villas", "police", 7)
    t = event(12, M26, "shaded", prepare)
    assert t.at_card() and t.st.resources[GOVT] == 21
    assert B.PIECES.available(t.st, Kind.POLICE) == 0


def test_card_12_shaded_cl_1_4_1_government_takes_a_police_back_to_place_it() -> None:
    """CL card 12 shaded, CL 1.4.1 (CL-R-04): with no Police Available, the executing
    Government may take one of its own Police off the map to place it; then the Resources."""
    def prepare(st: CLState) -> None:
        put(st, "las_villas", "police", 7)  # all 15 on the map
    t = event(12, GOVT, "shaded", prepare)
    assert len(t.offered()) == 13  # any space: a Police elsewhere to take back
    t.choose("space:matanzas")
    assert t.offered() == ["reclaim:havana:police", "reclaim:las_villas:police",
                           "reclaim:camaguey_city:police", "reclaim:santiago_de_cuba:police",
                           "done"]
    t.choose("reclaim:las_villas:police")
    st = t.st
    assert count(st, "matanzas", "police") == 1 and count(st, "las_villas", "police") == 6
    assert B.PIECES.available(st, Kind.POLICE) == 0
    assert st.resources[GOVT] == 21 and t.at_card()


def all_m26_guerrillas_out(st: CLState) -> None:
    """Every 26July Guerrilla on the map: the 11 Available go to Las Villas."""
    put(st, "las_villas", "m26_underground", 11)


def test_card_7_unshaded_cl_1_4_1_26july_takes_its_guerrilla_back_for_a_city() -> None:
    """CL card 7 unshaded, CL 1.4.1 (CL-R-04): with none of its own Available, the executing
    26July is offered its own Guerrilla for each City and may take one back from elsewhere to
    place it (or place none); the other Insurgents' are placed from Available."""
    t = event(7, M26, "unshaded", all_m26_guerrillas_out)
    assert t.offered() == ["place:havana:m26", "place:havana:directorio",
                           "place:havana:syndicate"]
    t.choose("place:havana:m26")
    assert t.offered() == ["reclaim:la_habana:m26_underground",
                           "reclaim:las_villas:m26_underground",
                           "reclaim:sierra_maestra:m26_underground",
                           "reclaim:santiago_de_cuba:m26_underground", "done"]
    t.play("reclaim:las_villas:m26_underground", "place:camaguey_city:directorio",
           "place:santiago_de_cuba:m26", "done")
    st = t.st
    assert count(st, "havana", "m26_underground") == 1
    assert count(st, "las_villas", "m26_underground") == 10
    assert count(st, "camaguey_city", "directorio_underground") == 1
    assert count(st, "santiago_de_cuba", "m26_underground") == 1
    assert B.PIECES.available(st, Kind.M26_U) == 0 and t.at_card()


def test_card_10_unshaded_cl_1_4_1_26july_takes_its_guerrilla_back_to_replace() -> None:
    """CL card 10 unshaded, CL 1.4.1 (CL-R-04): none of its own Available, the executing
    26July may still name its own Guerrilla for the cube's place and take one back from
    another space to put it in."""
    t = event(10, M26, "unshaded", all_m26_guerrillas_out)
    t.play("piece:santiago_de_cuba:police")
    assert t.offered() == ["place:m26", "place:directorio", "place:syndicate"]
    t.play("place:m26")
    assert t.offered() == ["reclaim:la_habana:m26_underground",
                           "reclaim:las_villas:m26_underground",
                           "reclaim:sierra_maestra:m26_underground", "done"]
    t.play("reclaim:sierra_maestra:m26_underground", "place:directorio")
    st = t.st
    assert count(st, "santiago_de_cuba", "police") == 1
    assert count(st, "santiago_de_cuba", "m26_underground") == 2
    assert count(st, "sierra_maestra", "m26_underground") == 1
    assert count(st, "santiago_de_cuba", "directorio_underground") == 1 and t.at_card()



def test_card_3_unshaded_tv_r_07_free_march_keeps_eligibility() -> None:
    """TV-R-07, CL 3.1.2 and 5.1 (CL card 3 unshaded): DR executes Eulogio Cantillo choosing
    Santiago de Cuba and 26July; 26July Marches its Guerrilla to Sierra Maestra free, flipped
    Underground, and stays Eligible."""
    t = card_table(3, M26, eligible=[False, True, True, False])
    t.choose("pass")
    assert t.st.resources[M26] == 11
    t.choose("event:unshaded")
    # Troops and Insurgent Guerrillas: Havana (DR), Santiago de Cuba (26July)
    assert t.offered() == ["space:havana", "space:santiago_de_cuba"]
    t.choose("space:santiago_de_cuba")
    assert t.offered() == ["faction:m26"]
    assert t.pending().seat == t.st.seat_of[DR]
    t.choose("faction:m26")
    assert t.pending().seat == t.st.seat_of[M26]  # the marching faction chooses
    assert t.offered() == ["piece:m26_underground"]
    t.choose("piece:m26_underground")
    assert t.offered() == ["to:sierra_maestra"]
    t.choose("to:sierra_maestra")
    st = t.st
    assert st.resources[M26] == 11
    assert count(st, "sierra_maestra", "m26_underground") == 3
    assert count(st, "sierra_maestra", "m26_base") == 1
    assert B.control_count(st, S["santiago_de_cuba"], GOVT) == 4
    assert sum(B.pieces_of(st, S["santiago_de_cuba"], f) for f in (1, 2, 3)) == 0
    # DR was last in the order: the card is over; only DR is Ineligible
    assert st.eligible == [True, True, False, True]


def test_card_3_unshaded_active_guerrillas_arrive_underground() -> None:
    """CL card 3 unshaded: every Guerrilla of the faction leaves, each to an adjacent space
    of its choice, and ends Underground."""
    def prepare(st: CLState) -> None:
        put(st, "las_villas", "directorio_active", 2)
    t = event(3, GOVT, "unshaded", prepare)
    t.choose("space:las_villas")
    assert t.offered() == ["faction:directorio"]
    t.choose("faction:directorio")
    assert t.offered() == ["piece:directorio_active"]
    t.choose("piece:directorio_active")
    assert t.offered() == ["to:matanzas", "to:ec_central", "to:camaguey_province"]
    t.play("to:matanzas", "piece:directorio_active", "to:ec_central")
    st = t.st
    assert count(st, "matanzas", "directorio_underground") == 1
    assert count(st, "ec_central", "directorio_underground") == 1
    assert [e.data["space"] for e in t.events if e.kind == "cl.moved"] == ["matanzas",
                                                                            "ec_central"]
    assert B.guerrillas(st, S["las_villas"], DR) == 0 and t.at_card()


def test_card_6_unshaded_troops_leave_a_mountain() -> None:
    """CL card 6 unshaded: a Mountain Province with Troops (Las Villas at S0) loses them all
    to Available."""
    def prepare(st: CLState) -> None:
        put(st, "sierra_maestra", "troops", 2)
    t = event(6, M26, "unshaded", prepare)
    assert t.offered() == ["space:las_villas", "space:sierra_maestra"]
    avail = t.st.avail[0]
    t.choose("space:sierra_maestra")
    st = t.st
    assert count(st, "sierra_maestra", "troops") == 0 and st.avail[0] == avail + 2
    assert count(st, "las_villas", "troops") == 3 and t.at_card()


def test_card_12_unshaded_remove_any_two_guerrillas() -> None:
    """CL card 12 unshaded: the executing faction removes any 2 Guerrillas anywhere."""
    t = event(12, GOVT, "unshaded")
    assert t.offered() == ["piece:la_habana:m26_underground",
                           "piece:havana:directorio_underground",
                           "piece:camaguey_province:directorio_underground",
                           "piece:sierra_maestra:m26_underground",
                           "piece:santiago_de_cuba:m26_underground"]
    t.play("piece:havana:directorio_underground", "piece:havana:directorio_underground")
    st = t.st
    assert B.guerrillas(st, S["havana"], DR) == 0 and st.avail[6] == 15 - 1
    assert t.at_card()


def test_card_11_batista_flees_then_redeploy() -> None:
    """CL card 11 with CL 6.4: Government -10; a die (5 with this seed) of Troops removed by
    the executor; US Alliance up; Aid +10; then the Government Redeploys, the Troops in Las
    Villas (a Province without a Government Base) having to move (no "done" before)."""
    def prepare(st: CLState) -> None:
        st.us_alliance = UsAlliance.RELUCTANT
    t = event(11, M26, "unshaded", prepare)
    assert t.offered() == ["piece:havana:troops", "piece:las_villas:troops",
                           "piece:camaguey_city:troops", "piece:santiago_de_cuba:troops"]
    assert t.pending().seat == t.st.seat_of[M26]
    assert [e.data["roll"] for e in t.events if e.kind == "cl.die"] == [5]
    t.play(*["piece:havana:troops"] * 5)
    st = t.st
    assert count(st, "havana", "troops") == 1 and st.avail[0] == 8
    assert st.resources[GOVT] == 5 and st.us_alliance == UsAlliance.FIRM and st.aid == 25
    assert t.pending().seat == st.seat_of[GOVT] and t.pending().kind == "cl.redeploy"
    assert "done" not in t.offered() and "from:las_villas:troops" in t.offered()
    for _ in range(3):
        t.play("from:las_villas:troops", "to:havana")
    assert "done" in t.offered()
    t.choose("done")
    st = t.st
    assert count(st, "havana", "troops") == 4 and count(st, "las_villas", "troops") == 0
    assert st.ctl == [] and t.at_card()


def test_card_3_shaded_free_sweep_then_assault_in_place() -> None:
    """CL card 3 shaded, CL 3.2.3-3.2.4: in a City or Province with Troops the Government
    Sweeps free (Activating by the cubes there), then Assaults free; 26July executes, the
    Government chooses inside its Operations."""
    def prepare(st: CLState) -> None:
        put(st, "santiago_de_cuba", "m26_active", 1)
    t = event(3, M26, "shaded", prepare)
    assert t.offered() == ["space:havana", "space:las_villas", "space:camaguey_city",
                           "space:santiago_de_cuba"]
    assert t.pending().seat == t.st.seat_of[M26]
    t.choose("space:santiago_de_cuba")
    assert t.pending().seat == t.st.seat_of[GOVT]
    assert t.labels() == {"space:santiago_de_cuba": "Sweep in Santiago de Cuba (free)"}
    t.play("space:santiago_de_cuba", "piece:m26_underground")
    assert t.labels() == {"space:santiago_de_cuba": "Assault in Santiago de Cuba (free)"}
    t.play("space:santiago_de_cuba", "piece:m26_active", "piece:m26_active")
    st = t.st
    assert B.guerrillas(st, S["santiago_de_cuba"], M26) == 0
    assert st.resources[GOVT] == 15 and t.at_card()


def test_cards_3_and_5_unshaded_nothing_to_select() -> None:
    """CL cards 3 and 5 unshaded, CL 5.1.3: with no Troops on the map neither Event can do
    anything, and both end at once."""
    def no_troops(st: CLState) -> None:
        for s in range(len(st.support)):
            n = B.n(st, s, 0)
            if n:
                B.PIECES.remove(st, s, 0, n)
    assert event(3, M26, "unshaded", no_troops).at_card()
    assert event(5, M26, "unshaded", no_troops).at_card()


def test_card_3_shaded_sweep_moves_no_cube_in() -> None:
    """CL card 3 shaded, CL 3.2.3: the free Sweep only Activates with the cubes already there:
    Troops next door (Sierra Maestra) are not offered to move into Santiago de Cuba."""
    def prepare(st: CLState) -> None:
        put(st, "sierra_maestra", "troops", 3)
    t = event(3, M26, "shaded", prepare)
    t.play("space:santiago_de_cuba", "space:santiago_de_cuba")
    assert t.pending().kind == "cl.activate"  # straight to the Activation, no move
    t.choose("piece:m26_underground")
    assert count(t.st, "sierra_maestra", "troops") == 3
    assert count(t.st, "santiago_de_cuba", "troops") == 2


def test_card_9_shaded_coup_assaults_only_the_directorio() -> None:
    """CL card 9 shaded, CL 3.2.4: in each City with a cube and a Directorio piece, every DR
    Guerrilla is Activated, then a free Assault removes Directorio pieces only (Bases last);
    then the US Alliance goes down one box, Aid unchanged."""
    def prepare(st: CLState) -> None:
        put(st, "havana", "m26_active")
        put(st, "havana", "directorio_base")
        put(st, "camaguey_city", "directorio_underground")
    t = event(9, M26, "shaded", prepare)
    assert count(t.st, "havana", "directorio_active") == 2
    assert count(t.st, "camaguey_city", "directorio_active") == 1
    assert t.labels() == {"space:havana": "Assault in Havana (free)"}
    t.choose("space:havana")
    assert t.offered() == ["piece:directorio_active"]  # not the 26July Guerrilla, nor the Base
    t.play("piece:directorio_active", "piece:directorio_active")
    assert t.offered() == ["piece:directorio_base"]
    t.choose("piece:directorio_base")
    assert t.offered() == ["space:camaguey_city"]
    t.play("space:camaguey_city", "piece:directorio_active")
    st = t.st
    assert B.pieces_of(st, S["havana"], DR) == 0 and B.pieces_of(st, S["camaguey_city"], DR) == 0
    assert count(st, "havana", "m26_active") == 1 and count(st, "havana", "casino_open") == 1
    assert st.us_alliance == UsAlliance.RELUCTANT and st.aid == 15
    assert st.resources[GOVT] == 15 and t.at_card()


def test_card_1_unshaded_march_to_one_space_then_ambush_there() -> None:
    """CL card 1 unshaded, CL 3.3.2, 4.3.2, 3.1.2: the picked faction Marches free into a
    single destination, then Ambushes free there even with an Active Guerrilla (nothing is
    flipped): up to 2 enemy pieces removed, 1 Guerrilla placed; it chooses inside both."""
    def active(st: CLState) -> None:
        B.PIECES.flip_to(st, S["sierra_maestra"], Kind.M26_A, 2)
        B.PIECES.flip_to(st, S["santiago_de_cuba"], Kind.M26_A, 1)
    t = event(1, GOVT, "unshaded", active)
    assert t.offered() == ["faction:m26", "faction:directorio"]
    t.choose("faction:m26")
    assert t.pending().seat == t.st.seat_of[M26]
    t.play("space:santiago_de_cuba", "from:sierra_maestra", "u:0", "a:2")
    assert t.pending().kind == "cl.ambush"  # a Limited March: one destination only
    assert t.labels() == {"space:santiago_de_cuba": "Ambush in Santiago de Cuba"}
    t.play("space:santiago_de_cuba", "piece:troops", "piece:police")
    st = t.st
    assert count(st, "santiago_de_cuba", "troops") == 1
    assert count(st, "santiago_de_cuba", "police") == 1
    assert count(st, "santiago_de_cuba", "m26_underground") == 1  # the one placed
    assert count(st, "santiago_de_cuba", "m26_active") == 3
    assert B.guerrillas(st, S["sierra_maestra"], M26) == 0
    assert st.resources[M26] == 10 and t.at_card()


def strip(*spaces_kinds: tuple[str, str]) -> Callable[[CLState], None]:
    """A position without these pieces (back to Available)."""
    def prepare(st: CLState) -> None:
        for space, name in spaces_kinds:
            n = count(st, space, name)
            if n:
                take(st, space, name, n)
    return prepare


def no_kind(*names: str) -> Callable[[CLState], None]:
    """No piece of these kinds on the map."""
    return strip(*((sp, name) for sp in S for name in names))


def neutral_cities(st: CLState) -> None:
    for c in ("havana", "camaguey_city", "santiago_de_cuba"):
        st.support[S[c]] = 0


@pytest.mark.parametrize(("card", "side", "prepare"), [
    (6, "unshaded", strip(("las_villas", "troops"))),
    (7, "shaded", neutral_cities),
    (9, "shaded", no_kind("directorio_underground")),
    (12, "unshaded", no_kind("m26_underground", "directorio_underground")),
])
def test_cards_1_12_nothing_to_do(card: int, side: str, prepare: Callable[[CLState], None]) -> None:
    """CL 5.1.3 (cards 6U, 7S, 9S, 12U): nothing qualifies, the Event does what it can (7S:
    only Aid +10; 9S: only the US Alliance down) and ends without a question."""
    t = event(card, M26, side, prepare)
    assert t.at_card()
    st = t.st
    assert st.aid == (25 if (card, side) == (7, "shaded") else 15)
    assert st.us_alliance == (UsAlliance.RELUCTANT if card == 9 else UsAlliance.FIRM)


def test_card_10_unshaded_no_guerrilla_available_removes_the_cube() -> None:
    """CL card 10 unshaded, conventions (CL 1.4.1 replace): with no Guerrilla Available the
    cube is removed all the same (the Government executing: no Guerrilla is its own to take
    back, CL 1.4.1)."""
    def none_available(st: CLState) -> None:
        st.avail[3] = st.avail[6] = st.avail[9] = 0
    t = event(10, GOVT, "unshaded", none_available)
    t.choose("piece:havana:police")
    assert count(t.st, "havana", "police") == 3 and t.at_card()


def test_card_8_shaded_no_closed_casino() -> None:
    """CL card 8 shaded, CL 5.1.3: no closed Casino: only the City part."""
    t = event(8, GOVT, "shaded")
    t.choose("space:camaguey_city")
    assert t.st.support[S["camaguey_city"]] == 2 and t.at_card()


def test_card_1_unshaded_underground_ambusher_is_flipped() -> None:
    """CL card 1 unshaded with CL 4.3.2: the card waives the need for an Underground
    Guerrilla; with only Underground ones there, one is still Activated by the Ambush."""
    t = event(1, GOVT, "unshaded")
    t.play("faction:m26", "space:santiago_de_cuba", "from:sierra_maestra", "u:2", "a:0")
    t.play("space:santiago_de_cuba", "piece:troops", "piece:police")
    st = t.st
    assert count(st, "santiago_de_cuba", "m26_underground") == 3  # 3 there, 1 flipped, 1 new
    assert count(st, "santiago_de_cuba", "m26_active") == 1 and t.at_card()
