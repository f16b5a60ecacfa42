"""CL 8.8.1, 8.8.4-8.8.5 the Non-player Government's Sweep and Assault boxes, their SAs and
the Momentum overrides, on constructed positions through `engine.act` (the harness of
test_np_govt)."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre.bots import government as G
from services.cuba_libre.bots import govt_garrison, govt_sweep, govt_train, govt_would
from services.cuba_libre.constants import Kind, Mom, UsAlliance
from services.cuba_libre.state import CLState

from .helpers import DR, GOVT, M26, SYNDICATE, S, Table, count, game, put, take
from .test_np_govt import (
    cities_held,
    empty_board,
    events,
    govt_turn,
    moves,
    np_game,
    op_spaces,
    start_card,
)


def quiet_cities() -> CLState:
    """A blank map with every City held (1 Troop, 1 Police): no Train, no Garrison."""
    st = empty_board(np_game())
    cities_held(st)
    return st


def oriente_assault_turn(*extra: tuple[str, str]) -> Table:
    """Quiet Cities, a 26July Base (with 2 Active Guerrillas) and 3 Troops in oriente, and
    `extra` (space, piece) pieces: an Assault pays; the Government's turn."""
    st = quiet_cities()
    put(st, "oriente", "troops", 3)
    put(st, "oriente", "m26_active", 2)
    put(st, "oriente", "m26_base")
    for space, piece in extra:
        put(st, space, piece)
    assert govt_would.assault_pays(st) and G.first_box(st) == "assault"
    return govt_turn(st)


def wants_train(st: CLState, troops: int = 8) -> None:
    """Havana without Police (the flowchart would Train) and `troops` more Troops there."""
    take(st, "havana", "police")
    put(st, "havana", "troops", troops)


# -- 8.8.5 Assault -------------------------------------------------------------------------


def test_cl_8_8_5_assault_air_strike_first_then_bases_then_guerrillas() -> None:
    """CL 8.8 assault_pays (a 26July Base would go) -> Assault. Step 1 the SA first: Air
    Strike on an Active 26July Guerrilla in oriente (a cube there); step 3: oriente first (the
    26July Base: the last Guerrilla, then the Base), then matanzas (1 DR Guerrilla); 2 x 2
    Resources; the Government gains oriente."""
    t = oriente_assault_turn(("matanzas", "troops"), ("matanzas", "directorio_active"))
    assert [e["sa"] for e in events(t, "coin.sa")] == ["air_strike"]
    assert [e["space"] for e in events(t, "cl.air_strike")] == ["oriente"]
    assert op_spaces(t) == ["oriente", "matanzas"]
    after = t.st
    assert B.pieces_of(after, S["oriente"], M26) == 0
    assert B.pieces_of(after, S["matanzas"], DR) == 0
    assert B.live_control(after, S["oriente"]) == GOVT
    assert after.resources[GOVT] == 11


def test_cl_8_8_3_air_strike_base_first_dr_before_syndicate() -> None:
    """CL 8.8.3 Air Strike (CL-R-45): a Base or Casino first, factions 26July, DR, then the
    Syndicate: the lone DR Base in camaguey_province before the open Casino in
    pinar_del_rio and before an Active 26July Guerrilla beside a cube."""
    st = quiet_cities()
    put(st, "camaguey_province", "directorio_base")
    put(st, "pinar_del_rio", "casino_open")
    put(st, "sierra_maestra", "troops")
    put(st, "sierra_maestra", "m26_active")
    tiers = govt_garrison.strike_tiers(st)
    assert next(t for t in tiers if t) == [S["camaguey_province"]]


# -- 8.8.4 Sweep ---------------------------------------------------------------------------


def test_cl_8_8_1_sim_sweep_spaces_without_cubes_first_police_and_troops_alternate() -> None:
    """CL 8.8.1 S.I.M. (card 4 shaded): Sweep priority Ⓒ reversed: la_habana (no cubes)
    before santiago_de_cuba; Police and Troops moved in alternately, Police first: Police,
    Troop (2 DR to Activate), Police (Government Control); then Air Strike on an Active DR
    Guerrilla there."""
    st = quiet_cities()
    put(st, "havana", "troops", 4)
    put(st, "havana", "police", 4)
    put(st, "la_habana", "directorio_underground", 2)
    put(st, "santiago_de_cuba", "m26_underground")
    st.mom |= 1 << Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS
    assert G.first_box(st) == "sweep"
    t = govt_turn(st)
    assert op_spaces(t) == ["la_habana", "santiago_de_cuba"]
    assert moves(t) == [("havana", "la_habana", "police"), ("havana", "la_habana", "troops"),
                        ("havana", "la_habana", "police")]
    after = t.st
    assert B.live_control(after, S["la_habana"]) == GOVT
    assert [e["space"] for e in events(t, "cl.air_strike")] == ["la_habana"]
    assert B.active(after, S["la_habana"], DR) == 1
    assert B.active(after, S["santiago_de_cuba"], M26) == 1


def test_cl_8_8_4_sweep_impossible_goes_to_assault() -> None:
    """CL 8.8.4 IF NONE: no Underground 26July or DR Guerrilla anywhere: Sweep impossible ->
    Assault (8.8.5), which still has a target (1 DR Guerrilla; its Base stays, so no Control
    gained: the Assault does not pay)."""
    st = quiet_cities()
    put(st, "matanzas", "troops")
    put(st, "matanzas", "directorio_active")
    put(st, "matanzas", "directorio_base")
    assert not govt_would.assault_pays(st)
    assert not govt_sweep.sweep_possible(st)
    assert G.CHART.operation(st, {"train", "garrison", "sweep", "assault"}) == "assault"


# -- 8.8.1 Momentum overrides --------------------------------------------------------------


def test_cl_8_8_1_armored_cars_assault_brings_troops() -> None:
    """CL 8.8.1 Armored Cars (card 1 shaded): the flowchart would Train, but an Assault
    bringing Troops takes 4 DR Guerrillas: Assault. The SA first: Transport of 3 Troops from
    havana to matanzas (Active Guerrillas outnumber Troops there); then 1 more Troop from
    havana so that the 4 go; 1 space paid (2)."""
    st = quiet_cities()
    wants_train(st)
    put(st, "matanzas", "directorio_active", 4)
    st.mom |= 1 << Mom.ASSAULT_BRINGS_TROOPS
    assert govt_train.cond_train(st) and govt_would.armored_cars(st)
    assert G.first_box(st) == "assault"
    t = govt_turn(st)
    assert events(t, "cl.transport") == [{"from": "havana", "to": "matanzas", "count": 3}]
    assert op_spaces(t) == ["matanzas"]
    assert moves(t) == [("havana", "matanzas", "troops")]
    after = t.st
    assert B.guerrillas(after, S["matanzas"], DR) == 0
    assert count(after, "matanzas", "troops") == 4
    assert after.resources[GOVT] == 13


def test_cl_8_8_1_sanchez_mosquera_assault_in_the_mountains() -> None:
    """CL 8.8.1 Sánchez Mosquera (card 6 shaded): the flowchart would Train, but an Assault
    in sierra_maestra (Mountain counted as a City: 4 cubes, 4 removals) takes 4 26July
    Guerrillas: Assault there (after an Air Strike on one of them)."""
    st = quiet_cities()
    wants_train(st, 0)
    put(st, "sierra_maestra", "troops", 4)
    put(st, "sierra_maestra", "m26_active", 4)
    st.mom |= 1 << Mom.ASSAULT_MOUNTAIN_AS_CITY
    assert govt_would.sanchez_mosquera(st) and G.first_box(st) == "assault"
    t = govt_turn(st)
    assert op_spaces(t) == ["sierra_maestra"]
    assert B.guerrillas(t.st, S["sierra_maestra"], M26) == 0


def test_cl_8_8_1_masferrer_sweep_with_its_free_assault() -> None:
    """CL 8.8.1 Rolando Masferrer (card 5 shaded): the flowchart would Train, but a Sweep
    Activates 4 DR Guerrillas in la_habana: Sweep (5 Troops from havana: 4 to Activate, 1
    for Control), its SA the free Assault there: the 4 DR go; 1 space paid (2)."""
    st = quiet_cities()
    wants_train(st)
    put(st, "la_habana", "directorio_underground", 4)
    st.mom |= 1 << Mom.SWEEP_WITH_FREE_ASSAULT
    assert govt_sweep.masferrer(st) and G.first_box(st) == "sweep"
    t = govt_turn(st)
    assert op_spaces(t) == ["la_habana"]
    assert moves(t) == [("havana", "la_habana", "troops")] * 5
    assert [e["sa"] for e in events(t, "coin.sa")] == ["free_assault"]
    after = t.st
    assert B.guerrillas(after, S["la_habana"], DR) == 0
    assert after.resources[GOVT] == 13


def test_cl_8_8_3_reprisal_isolates_a_base_embargoed_no_air_strike() -> None:
    """CL 8.8.4 then its SA (8.8.3): Embargoed, so no Air Strike; Reprisal in matanzas
    (Government-Controlled, a 26July Base and exactly 1 26July Guerrilla): the Guerrilla
    leaves its Base, Ⓑ into Neutral las_villas rather than la_habana (at Support). The Sweep
    costs 4 (Embargoed)."""
    st = quiet_cities()
    st.us_alliance = UsAlliance.EMBARGOED
    put(st, "matanzas", "troops", 4)
    put(st, "matanzas", "m26_base")
    put(st, "matanzas", "m26_underground")
    st.support[S["la_habana"]] = 1
    assert G.first_box(st) == "sweep"
    t = govt_turn(st)
    assert op_spaces(t) == ["matanzas"]
    assert [e["sa"] for e in events(t, "coin.sa")] == ["reprisal"]
    after = t.st
    assert B.guerrillas(after, S["matanzas"], M26) == 0
    assert B.active(after, S["las_villas"], M26) == 1
    assert after.terror[S["matanzas"]] == 1
    assert after.resources[GOVT] == 11


def test_cl_8_8_1_guantanamo_air_strike_where_two_go() -> None:
    """CL 8.8.1 Guantánamo Bay (card 2 shaded): Air Strike even Embargoed, and first where it
    removes 2 pieces: camaguey_province's 2 DR Guerrillas, not oriente's lone 26July one
    (which 26July-first would take); then the Assault in oriente (Embargoed: 4)."""
    st = quiet_cities()
    st.us_alliance = UsAlliance.EMBARGOED
    put(st, "oriente", "troops")
    put(st, "oriente", "m26_active")
    put(st, "camaguey_province", "troops")
    put(st, "camaguey_province", "directorio_active", 2)
    st.mom |= 1 << Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED
    assert G.first_box(st) == "assault"
    t = govt_turn(st)
    assert [e["space"] for e in events(t, "cl.air_strike")] == ["camaguey_province"]
    assert op_spaces(t) == ["oriente"]
    after = t.st
    assert B.guerrillas(after, S["camaguey_province"], DR) == 0
    assert B.guerrillas(after, S["oriente"], M26) == 0
    assert after.resources[GOVT] == 11


def test_cl_8_8_5_assault_where_cash_is_taken_carrier_first() -> None:
    """CL 8.8.5 step 3, 8.1.2 P4 (seed 8.1.3 example): no Base anywhere; la_habana, where the
    DR Guerrilla holds Cash (DR a player: it is taken), before matanzas (more Guerrillas);
    there the Cash carrier goes before the 26July Guerrilla; the DR player lets its Cash go
    and it goes under the Police rather than a Troop (Confiscation, P3, CL-R-35). The SA
    first: Transport of 1 Troop into la_habana (Active Guerrillas outnumber Troops there)."""
    st = quiet_cities()
    st.us_alliance = UsAlliance.EMBARGOED
    put(st, "la_habana", "troops")
    put(st, "la_habana", "police")
    put(st, "la_habana", "m26_active")
    put(st, "la_habana", "directorio_active")
    st.cash[0] = B.cash_code(S["la_habana"], Kind.DR_A)
    put(st, "matanzas", "troops", 2)
    put(st, "matanzas", "m26_active", 2)
    assert G.first_box(st) == "assault"
    t = govt_turn(st)
    assert t.pending().kind == "cl.cash_rescue" and t.pending().seat == t.st.seat_of[DR]
    t.play("drop")  # the engine runs the Non-player on
    assert [e["to"] for e in events(t, "cl.transport")] == ["la_habana"]
    assert op_spaces(t) == ["la_habana", "matanzas"]
    assert [e["piece"] for e in events(t, "cl.removed")][:2] == ["directorio_active",
                                                                "m26_active"]
    after = t.st
    assert B.guerrillas(after, S["la_habana"], DR) == 0
    assert B.cash_space(after.cash[0]) == S["la_habana"]
    assert B.cash_holder(after.cash[0]) == Kind.POLICE


def casino_position(syndicate_resources: int) -> CLState:
    """Embargoed (no Air Strike); 8 open Casinos (2 in each western Province), matanzas with 2
    Troops; a lone 26July Base in oriente beside 1 Troop."""
    st = quiet_cities()
    st.us_alliance = UsAlliance.EMBARGOED
    for s in ("pinar_del_rio", "la_habana", "matanzas", "las_villas"):
        put(st, s, "casino_open", 2)
    put(st, "matanzas", "troops", 2)
    put(st, "oriente", "troops")
    put(st, "oriente", "m26_base")
    st.resources[SYNDICATE] = syndicate_resources
    return st


def test_cl_8_8_5_step_2_casinos_first_when_the_syndicate_player_is_at_victory() -> None:
    """CL 8.8.5 step 2: the Syndicate, a player, meets its condition (8 open Casinos, 31
    Resources): the Assault first where it closes the most Casinos (matanzas: 2), then the
    26July Base (oriente). Below victory (15 Resources), the Base first."""
    t = govt_turn(casino_position(31))
    assert op_spaces(t) == ["matanzas", "oriente"]
    assert count(t.st, "matanzas", "casino_closed") == 2
    t = govt_turn(casino_position(15))
    assert op_spaces(t)[0] == "oriente"


def test_cl_8_4_4_event_free_sweep_and_assault_by_the_government_boxes() -> None:
    """CL 8.4.2, 8.4.4 item 2: the Non-player Government, 1st Eligible on card 3, executes
    its shaded side (free Sweep without moving cubes, then free Assault, in the one space with
    Troops: oriente); inside them its own boxes choose: the Activation (Forest: 2 cubes, 1
    Guerrilla) takes 26July before DR (8.8.4 step 3), the Assault removes that 26July
    Guerrilla; no Resources spent."""
    st = empty_board(np_game())
    put(st, "oriente", "troops", 2)
    put(st, "oriente", "directorio_underground")
    put(st, "oriente", "m26_underground")
    t = start_card(st, 3, 45)
    assert [e["side"] for e in events(t, "coin.event")] == ["shaded"]
    assert op_spaces(t) == ["oriente", "oriente"]
    after = t.st
    assert B.guerrillas(after, S["oriente"], M26) == 0
    assert B.underground(after, S["oriente"], DR) == 1
    assert after.resources[GOVT] == 15


def activation_position(syndicate_resources: int) -> CLState:
    """sierra_maestra: 1 Troop, an Underground 26July and an Underground Syndicate Guerrilla
    (1 Activation, no Troop to spare next door); 8 open Casinos in the west."""
    st = quiet_cities()
    for s in ("pinar_del_rio", "la_habana", "matanzas", "las_villas"):
        put(st, s, "casino_open", 2)
    put(st, "santiago_de_cuba", "directorio_underground")
    put(st, "sierra_maestra", "troops")
    put(st, "sierra_maestra", "m26_underground")
    put(st, "sierra_maestra", "syndicate_underground")
    st.resources[SYNDICATE] = syndicate_resources
    return st


def test_cl_8_8_4_step_3_activation_player_at_victory_first() -> None:
    """CL 8.8.4 step 3: Ⓐ the pieces of a player at victory (the Syndicate: 8 open Casinos,
    31 Resources) before Ⓑ 26July; below victory, 26July first."""
    t = govt_turn(activation_position(31))
    assert "sierra_maestra" in op_spaces(t)
    assert B.active(t.st, S["sierra_maestra"], SYNDICATE) == 1
    assert B.underground(t.st, S["sierra_maestra"], M26) == 1
    t = govt_turn(activation_position(15))
    assert B.active(t.st, S["sierra_maestra"], M26) == 1
    assert B.underground(t.st, S["sierra_maestra"], SYNDICATE) == 1


def test_cl_8_8_1_overrides_need_a_big_result() -> None:
    """CL 8.8.1: Armored Cars and Masferrer override the flowchart only for a 26July Base or
    4+ Guerrillas: with 3 DR Guerrillas in la_habana the Government Trains (havana lacks
    Police) under either Momentum."""
    st = quiet_cities()
    wants_train(st)
    put(st, "la_habana", "directorio_underground", 3)
    st.mom |= 1 << Mom.SWEEP_WITH_FREE_ASSAULT
    assert not govt_sweep.masferrer(st) and G.first_box(st) == "train"
    st = quiet_cities()
    wants_train(st)
    put(st, "la_habana", "directorio_active", 3)
    st.mom |= 1 << Mom.ASSAULT_BRINGS_TROOPS
    assert not govt_would.armored_cars(st) and G.first_box(st) == "train"
    put(st, "la_habana", "directorio_active")
    assert govt_would.armored_cars(st) and G.first_box(st) == "assault"


def test_cl_8_8_3_air_strike_takes_the_piece_its_test_named() -> None:
    """CL 8.8.3 Air Strike (CL-R-45): pinar_del_rio is the Air Strike space for its open Casino
    (no 26July or DR Base anywhere without its Guerrillas: the first test reaches the
    Syndicate), so the Casino closes there, not the Active 26July Guerrilla beside it."""
    t = oriente_assault_turn(("pinar_del_rio", "casino_open"), ("pinar_del_rio", "m26_active"))
    assert [e["space"] for e in events(t, "cl.air_strike")] == ["pinar_del_rio"]
    after = t.st
    assert count(after, "pinar_del_rio", "casino_open") == 0
    assert count(after, "pinar_del_rio", "casino_closed") == 1
    assert count(after, "pinar_del_rio", "m26_active") == 1


def test_cl_8_8_3_reprisal_isolates_26july_before_dr() -> None:
    """CL 8.8.3 Reprisal: both matanzas (a 26July Base, 1 26July Guerrilla) and
    camaguey_province (a DR Base, 1 DR Guerrilla) qualify, Government-Controlled; with no
    player at victory 26July comes before DR: Reprisal in matanzas, on every seed."""
    for seed in range(1, 9):
        st = empty_board(game(3, seed, non_players="govt"))
        cities_held(st)
        st.us_alliance = UsAlliance.EMBARGOED
        put(st, "matanzas", "troops", 4)
        put(st, "matanzas", "m26_base")
        put(st, "matanzas", "m26_underground")
        put(st, "camaguey_province", "troops", 4)
        put(st, "camaguey_province", "directorio_base")
        put(st, "camaguey_province", "directorio_underground")
        assert G.first_box(st) == "sweep"
        t = govt_turn(st)
        assert [e["sa"] for e in events(t, "coin.sa")] == ["reprisal"], seed
        after = t.st
        assert B.guerrillas(after, S["matanzas"], M26) == 0, seed
        assert B.guerrillas(after, S["camaguey_province"], DR) == 1, seed


def test_cl_8_8_3_reprisal_underground_guerrilla_of_a_random_faction() -> None:
    """CL 8.8.3 Garrison (an Underground 26July Guerrilla in ec_central), Embargoed so
    Reprisal: no isolated Base, so the Government-Controlled space where TotalOpposition drops
    most (camaguey_city, Passive Opposition); Ⓐ an Underground Guerrilla moves out, 26July's
    or DR's by equal chance (CL 8.0), not always the first offered."""
    moved = set()
    for seed in range(1, 9):
        st = empty_board(game(3, seed, non_players="govt"))
        cities_held(st)
        st.us_alliance = UsAlliance.EMBARGOED
        put(st, "ec_central", "m26_underground")
        put(st, "camaguey_city", "m26_underground")
        put(st, "camaguey_city", "directorio_underground")
        put(st, "camaguey_city", "troops", 4)
        st.support[S["camaguey_city"]] = -1
        put(st, "las_villas", "troops", 2)
        assert G.first_box(st) == "garrison"
        t = govt_turn(st)
        assert [e["space"] for e in events(t, "cl.reprisal_space")] == ["camaguey_city"]
        left = {f for f in (M26, DR) if B.guerrillas(t.st, S["camaguey_city"], f)}
        assert len(left) == 1, seed
        moved |= {M26, DR} - left
    assert moved == {M26, DR}
