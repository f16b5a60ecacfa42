"""CL 8.5.4, 8.6.1, 8.6.3, 8.7.1, 8.7.3: a flowchart step that takes 1 space (or 1 origin) is
taken once, and the steps follow each other as the seed orders them, whatever the Operation
did to the board meanwhile (the box records each space's step when it chooses it); 8.7.1 the
Kidnap's target. Constructed positions of the standard setup, through the flow as the rules
service runs it (the Non-players choose among the options it offers)."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre import victory
from services.cuba_libre.bots import directorio, m26, syndicate
from services.cuba_libre.constants import Kind
from services.cuba_libre.state import CLState
from tests.games.cuba_libre.np_scenario import (
    DR,
    GOVT,
    M26,
    SYNDICATE,
    count,
    np_choices,
    op_spaces,
    play,
    put,
    solo,
    take,
)

S = D.INDEX


# -- 8.6.1 Directorio Terror ------------------------------------------------------------------


def test_cl_8_6_1_terror_step_3_follows_a_step_1_space_once() -> None:
    """CL 8.6.1: step 1 Havana (Active Support; the Terror makes it Passive), then step 3 in
    1 other space where Assassinate is possible, Ⓐ the Government Base of Las Villas, not
    Camagüey Province too (an enemy piece only); Assassinate removes the Base there."""
    st = solo()
    put(st, "las_villas", "govt_base")
    put(st, "las_villas", "directorio_underground", 2)
    put(st, "camaguey_province", "troops")
    assert directorio.first_box(st) == "terror"
    events = play(st, 1, [DR], done=1, first="op")
    assert op_spaces(events, "terror") == ["havana", "las_villas"]
    assert np_choices(events, "cl.assassinate") == ["piece:las_villas:govt_base"]
    assert count(st, "las_villas", "govt_base") == 0
    assert st.terror[S["camaguey_province"]] == 0 and st.resources[DR] == 3


def test_cl_8_6_1_assassinate_in_the_step_3_space_not_a_second_one() -> None:
    """CL 8.6.1: Las Villas and Oriente both hold a Government Base and 2 Underground DR; step
    3 takes 1 of them (seed 2: Oriente) and Assassinate removes the Base there, not in the
    other space (which a Terror added for it would make a 2nd step-3 space, CL-R-09)."""
    st = solo(seed=2)
    for s in ("las_villas", "oriente"):
        put(st, s, "govt_base")
        put(st, s, "directorio_underground", 2)
    events = play(st, 1, [DR], done=1, first="op")
    assert op_spaces(events, "terror") == ["havana", "oriente"]
    assert np_choices(events, "cl.assassinate") == ["piece:oriente:govt_base"]
    assert count(st, "las_villas", "govt_base") == 1 and st.terror[S["las_villas"]] == 0
    assert count(st, "las_villas", "directorio_underground") == 2


# -- 8.7.1 26July Terror and Kidnap -----------------------------------------------------------


def test_cl_8_7_1_terror_kidnap_step_only_first_then_kidnap_there() -> None:
    """CL 8.7.1: step 1 the Kidnap space, Ⓐ EC West (its Guerrilla then Active); no second
    "step 1" space: Camagüey City (Active Opposition, Kidnap possible) gets no Terror; step 3
    La Habana and Santiago de Cuba; the Kidnap in a Terror space, EC West, from the
    Government."""
    st = solo()
    put(st, "ec_west", "m26_underground")
    st.support[S["camaguey_city"]] = -2
    put(st, "camaguey_city", "m26_underground", 3)
    assert m26.first_box(st) == "terror"
    events = play(st, 1, [M26], done=1, first="op")
    assert op_spaces(events, "terror") == ["ec_west", "santiago_de_cuba", "la_habana"]
    assert st.terror[S["camaguey_city"]] == 0 and st.support[S["camaguey_city"]] == -2
    assert count(st, "camaguey_city", "m26_underground") == 3
    assert np_choices(events, "cl.kidnap") == ["kidnap:ec_west:govt"]
    assert (st.resources[GOVT], st.resources[M26]) == (15 - 1, 10 - 2 + 1)  # the die: 1


def test_cl_8_7_1_kidnap_takes_resources_from_a_faction_that_has_some() -> None:
    """CL 8.7.1 Kidnap: no Cash to take; the Government has 0 Resources, so the Resources come
    from the Syndicate (15), at Havana's open Casino (closed by the Kidnap)."""
    st = solo()
    put(st, "havana", "m26_underground", 5)
    st.resources[GOVT] = 0
    events = play(st, 1, [M26], done=1, first="op")
    assert op_spaces(events, "terror")[0] == "havana"
    assert np_choices(events, "cl.kidnap") == ["kidnap:havana:syndicate"]
    assert [e.data["amount"] for e in events if e.kind == "cl.kidnap"] == [3]  # the die
    assert st.resources == [0, 10 - 3 + 3, 5, 15 - 3]  # 3 Terror spaces paid by 26July
    assert count(st, "havana", "casino_closed") == 1


# -- 8.6.3 Directorio March -------------------------------------------------------------------


def dr_march_position(seed: int, origins: tuple[str, str], guarded: tuple[str, ...]) \
        -> CLState:
    """3 Active DR Guerrillas in each of `origins` (tied for 8.6.3 step 2), none in Havana,
    3 DR Available; 5 Troops in the origins (no Attack gaining Control) and in `guarded` (no
    step 1): the March box, step 2 only."""
    st = solo(seed=seed)
    st.support[S["havana"]] = 1
    st.avail[Kind.TROOPS] = 40
    take(st, "havana", "directorio_underground", 2)
    for s in origins:
        put(st, s, "directorio_active", 3)
    for s in (*origins, *guarded):
        put(st, s, "troops", 5)
    st.avail[Kind.DR_U] = 3
    st.avail[Kind.DR_BASE] = 0
    assert directorio.first_box(st) == "march"
    assert directorio.control_targets(st, {"spaces": []}) == []
    return st


def test_cl_8_6_3_step_2_marches_from_1_space_only() -> None:
    """CL 8.6.3 step 2 "from 1 space": Las Villas and Sierra Maestra tie with 3 DR Guerrillas;
    the one the random_pick takes (seed 1: Las Villas, seed 2: Sierra Maestra) moves 2 (1
    stays) 1 space toward Havana, the other none (no second step-2 destination)."""
    for seed, origin, dest, other in ((1, "las_villas", "matanzas", "sierra_maestra"),
                                      (2, "sierra_maestra", "oriente", "las_villas")):
        st = dr_march_position(seed, ("las_villas", "sierra_maestra"), ("matanzas", "oriente"))
        events = play(st, 1, [DR], done=1, first="op")
        assert op_spaces(events, "march") == [dest]
        group, *rest = np_choices(events, "cl.march_from")
        assert group == f"from:{origin}" and rest in ([], ["done"])
        assert [count(st, s, "directorio_active") for s in (origin, dest, other)] == [1, 2, 3]


def test_cl_8_6_3_step_2_one_origin_into_a_shared_destination() -> None:
    """CL 8.6.3 step 2 "from 1 space": Pinar del Río and Matanzas tie with 3 DR Guerrillas and
    La Habana is 1 space toward Havana from both: 1 group, from the one the random_pick takes
    (seed 1: Pinar del Río, seed 4: Matanzas); the other keeps its 3."""
    for seed, origin, other in ((1, "pinar_del_rio", "matanzas"),
                                (4, "matanzas", "pinar_del_rio")):
        st = dr_march_position(seed, ("pinar_del_rio", "matanzas"), ("la_habana",))
        events = play(st, 1, [DR], done=1, first="op")
        assert op_spaces(events, "march") == ["la_habana"]
        assert np_choices(events, "cl.march_from") == [f"from:{origin}", "done"]
        assert [count(st, s, "directorio_active") for s in (origin, "la_habana", other)] == [
            1, 2, 3]


# -- 8.7.3 26July March -----------------------------------------------------------------------


def m26_march_position(seed: int, active: list[tuple[str, int]]) -> CLState:
    """No Underground 26July Guerrilla (no Terror), `active` Active ones, 3 Guerrillas and no
    Base Available (no Rally), Pinar del Río Neutral: the March box when no space has 4
    26July and a Government piece (no Attack)."""
    st = solo(seed=seed)
    take(st, "la_habana", "m26_underground")
    take(st, "santiago_de_cuba", "m26_underground")
    take(st, "sierra_maestra", "m26_underground", 2)
    for s, n in active:
        put(st, s, "m26_active", n)
    st.support[S["pinar_del_rio"]] = 0
    st.avail[Kind.M26_U] = 3
    st.avail[Kind.M26_BASE] = 0
    return st


def test_cl_8_7_3_step_2_into_1_government_controlled_space() -> None:
    """CL 8.7.3 step 2: 1 Government-Controlled space, Support first: Oriente, from Sierra
    Maestra (Opposition, 4 of 5; 1 stays); it now has 26July Control, and Las Villas
    (Government, fed by EC Central) is not a second step-2 space; step 4 then from Pinar del
    Río (5, the most unmoved) into La Habana."""
    st = m26_march_position(1, [("sierra_maestra", 5), ("ec_central", 3), ("pinar_del_rio", 5)])
    put(st, "oriente", "troops", 3)
    st.support[S["oriente"]] = 1
    assert m26.first_box(st) == "march"
    events = play(st, 1, [M26], done=1, first="op")
    assert op_spaces(events, "march") == ["oriente", "la_habana"]
    assert np_choices(events, "cl.march_from") == ["from:sierra_maestra", "from:pinar_del_rio"]
    assert count(st, "las_villas", "m26_active") == 0
    assert count(st, "ec_central", "m26_active") == 3
    assert B.control(st, S["oriente"]) == M26


def test_cl_8_7_3_step_4_marches_from_1_space_only() -> None:
    """CL 8.7.3 step 4 "from 1 space": Pinar del Río and Oriente tie with 3 Active 26July
    Guerrillas (no EC gap, no Government space fed); the one the random_pick takes (seed 1:
    Pinar del Río, seed 2: Oriente) moves 2 (1 stays) 1 space toward Havana, the other none."""
    for seed, origin, dest, other in ((1, "pinar_del_rio", "la_habana", "oriente"),
                                      (2, "oriente", "camaguey_province", "pinar_del_rio")):
        st = m26_march_position(seed, [("sierra_maestra", 1), ("oriente", 3),
                                       ("pinar_del_rio", 3)])
        assert m26.first_box(st) == "march"
        events = play(st, 1, [M26], done=1, first="op")
        assert op_spaces(events, "march") == [dest]
        assert np_choices(events, "cl.march_from") == [f"from:{origin}"]
        assert [count(st, s, "m26_active") for s in (origin, dest, other)] == [1, 2, 3]


# -- 8.5.4 Syndicate Terror -------------------------------------------------------------------


def both_players_win(seed: int) -> CLState:
    """A 2-player table (Government and 26July players, both meeting 7.2) in the Syndicate's
    Terror box: an Underground Syndicate Guerrilla at each Casino (Pinar del Río and Havana
    at Active Support, La Habana at Active Opposition), a Troop in every EC, no Casino
    Available."""
    st = solo(seed=seed, seats=2, non_players="directorio+syndicate")
    for s in ("pinar_del_rio", "la_habana", "havana"):
        put(st, s, "syndicate_underground")
    for ec in ("ec_west", "ec_central", "ec_east"):
        put(st, ec, "troops")
    st.cash = [S["la_habana"] * 13 + Kind.SYND_U, S["havana"] * 13 + Kind.SYND_U,
               S["pinar_del_rio"] * 13 + Kind.SYND_U, -1]
    st.avail[Kind.CASINO_OPEN] = 0
    for c in ("havana", "camaguey_city", "santiago_de_cuba", "pinar_del_rio", "las_villas"):
        st.support[S[c]] = 2
    for p in ("matanzas", "camaguey_province", "oriente", "sierra_maestra", "la_habana"):
        st.support[S[p]] = -2
    st.avail[Kind.M26_BASE] = 10
    for s, n in (("oriente", 2), ("matanzas", 2), ("camaguey_province", 1)):
        put(st, s, "m26_base", n)
    assert victory.meets(st)[:2] == [True, True]
    assert syndicate.first_box(st) == "terror"
    return st


def test_cl_8_5_4_terror_step_1_then_step_2() -> None:
    """CL 8.5.4 with both players at victory: step 1 1 Opposition space (La Habana; its
    Syndicate Guerrilla is then Active), then step 2 1 Support space, the random_pick's
    (seed 1: Pinar del Río, seed 12: Havana): 2 spaces, each a level toward Neutral."""
    for seed, support in ((1, "pinar_del_rio"), (12, "havana")):
        st = both_players_win(seed)
        events = play(st, 1, [SYNDICATE], done=1, first="op")
        assert op_spaces(events, "terror") == ["la_habana", support]
        assert st.support[S["la_habana"]] == -1 and st.support[S[support]] == 1
