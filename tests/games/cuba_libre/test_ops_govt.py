"""CL 3.2 COIN Operations and 4.2 Government Special Activities through engine.act: Train
with Civic Action or a Base, Garrison, Sweep, Assault (counts, Bases last, Casinos closed,
Confiscation), Transport, Air Strike, Reprisal; costs by the US Alliance (CL 6.3.1); the
Government Momentum read by them."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre.constants import Kind, Mom, UsAlliance

from .helpers import DR, GOVT, M26, SYNDICATE, S, Table, at_card, count, game, put, take


def govt_table(**changes: int) -> Table:
    """S0 on card 1: the Government is 1st Eligible."""
    st = game()
    for name, value in changes.items():
        setattr(st, name, value)
    return Table(at_card(st, 1))


def test_tv_r_10_train_with_civic_action_cl_3_2_1() -> None:
    """TV-R-10 (CL 3.2.1, 6.3.2): Train in two Cities (2 + 2), cubes placed, Civic Action twice
    in one of them (4 each): Govt 15 - 4 - 8 = 3; santiago_de_cuba N -> AS; TotalSupport 18."""
    t = govt_table()
    t.play("op:train", "space:santiago_de_cuba")
    assert t.options() == ["place:troops", "place:police", "done"]
    t.play("place:troops", "place:troops", "place:police", "place:police")
    t.play("space:camaguey_city", "place:troops", "place:police", "place:police",
           "place:police", "done")
    assert t.options() == ["base:santiago_de_cuba", "base:camaguey_city",
                           "civic:santiago_de_cuba", "civic:camaguey_city", "done"]
    t.play("civic:santiago_de_cuba")
    assert t.options() == ["civic", "done"]  # only in that space
    t.play("civic")
    st = t.st
    assert st.resources[GOVT] == 3
    assert st.avail[Kind.TROOPS] == 0 and st.avail[Kind.POLICE] == 2
    assert st.support[S["santiago_de_cuba"]] == 2 and B.total_support(st) == 18
    assert t.pending().kind == "coin.op_space"  # an SA may still follow
    t.play("done")
    assert t.st.eligible[GOVT] or t.pending().seat == M26


def test_tv_r_11_train_a_base_in_a_province_cl_3_2_1() -> None:
    """TV-R-11 (CL 3.2.1): Train in las_villas (no Base: no cubes placed), 2 Troops replaced by
    a Government Base: Govt 13; las_villas 1T + 1 Base; Available Troops 5, Bases 1."""
    t = govt_table()
    t.play("op:train", "space:las_villas")
    assert t.pending().kind == "coin.op_space"  # no placement there
    t.play("done", "base:las_villas")
    st = t.st
    assert st.resources[GOVT] == 13
    assert count(st, "las_villas", "troops") == 1 and count(st, "las_villas", "govt_base") == 1
    assert st.avail[Kind.TROOPS] == 5 and st.avail[Kind.GOVT_BASE] == 1
    assert B.control(st, S["las_villas"]) == GOVT


def garrison_position() -> Table:
    st = game()
    st.us_alliance = UsAlliance.RELUCTANT
    put(st, "ec_central", "directorio_underground", 2)
    put(st, "ec_central", "m26_underground")
    put(st, "ec_east", "m26_underground")
    return Table(at_card(st, 1))


def test_tv_r_12_garrison_paid_once_and_ec_activation_cl_3_2_2() -> None:
    """TV-R-12 (CL 3.2.2): 2 Police havana -> ec_central, 1 Troop santiago_de_cuba -> ec_east;
    cost 3 in total (Reluctant); 1 Activation per cube in each EC; a free Assault in
    ec_central removes the 2 Active DR, the Underground 26July Guerrilla stays."""
    t = garrison_position()
    t.play("op:garrison")
    assert "space:havana" in t.options() and "space:la_habana" not in t.options()
    t.play("space:ec_central", "from:havana:police", "from:havana:police", "done")
    assert t.st.resources[GOVT] == 12
    assert "space:ec_east (free)" not in t.options()
    t.play("space:ec_east", "from:santiago_de_cuba:troops", "done", "done")
    assert t.st.resources[GOVT] == 12
    # CL 3.1, 1.4.1: the Government picks its targets, then Activates them to the full
    assert t.options() == ["piece:m26_underground", "piece:directorio_underground", "done"]
    t.play("piece:directorio_underground")
    assert t.options() == ["piece:m26_underground", "piece:directorio_underground"]
    t.play("piece:directorio_underground")
    t.play("piece:m26_underground")  # ec_east: 1 cube
    assert t.options() == ["space:ec_central", "space:ec_east", "done"]
    t.play("space:ec_central", "piece:directorio_active", "piece:directorio_active")
    st = t.st
    assert B.guerrillas(st, S["ec_central"], DR) == 0
    assert count(st, "ec_central", "m26_underground") == 1
    assert count(st, "ec_east", "m26_active") == 1


def test_tv_r_12_limited_garrison_has_one_destination_cl_2_3_5_cl_r_07() -> None:
    """TV-R-12, CL 2.3.5 / CL-R-07: a Limited Garrison sends cubes into one space; the free
    Assault only there, if it is an EC."""
    st = game()
    put(st, "ec_central", "directorio_active", 2)
    t2 = Table(at_card(st, 26))  # DR, Govt, 26July, Syndicate
    t2.play("op:rally", "space:matanzas").until("coin.eligible")
    assert t2.pending().seat == GOVT and "limop:garrison" in t2.options()
    t2.play("limop:garrison", "space:ec_central", "from:havana:troops", "done")
    assert t2.options() == ["space:ec_central", "done"]  # the free Assault: its one space


def test_tv_r_13_sweep_adjacent_troops_and_forest_cl_3_2_3() -> None:
    """TV-R-13 (CL 3.2.3): Troops from adjacent spaces only (not Police); Forest Activates 1
    per 2 cubes; cost 2 per space."""
    t = govt_table()
    t.play("op:sweep", "space:camaguey_province")
    assert t.options() == ["from:las_villas:troops", "from:camaguey_city:troops", "done"]
    t.play("from:las_villas:troops", "from:las_villas:troops", "from:las_villas:troops",
           "done", "space:la_habana")
    assert "from:havana:police" not in t.options()
    assert not any(o.startswith("from:santiago_de_cuba") for o in t.options())
    t.play("from:havana:troops", "from:havana:troops", "done", "done")
    assert t.options() == ["piece:directorio_underground", "done"]  # 3 cubes in Forest: 1
    t.play("piece:directorio_underground", "piece:m26_underground")
    st = t.st
    assert st.resources[GOVT] == 11
    assert count(st, "camaguey_province", "directorio_active") == 1
    assert count(st, "la_habana", "m26_active") == 1
    assert B.control(st, S["camaguey_province"]) == GOVT and B.dr_pop_plus_bases(st) == 0
    assert B.control(st, S["la_habana"]) == B.NO_CONTROL
    assert B.control(st, S["havana"]) == GOVT


def test_sweep_activates_only_the_factions_it_targets_cl_3_1_3_2_3() -> None:
    """CL 3.1 (можете игнорировать фишки других фракций), 1.4.1, 3.2.3: a Sweep in havana
    (10 cubes) targeting DR Activates both DR Guerrillas, then may stop: the Syndicate's 2
    stay Underground."""
    st = game()
    put(st, "havana", "syndicate_underground", 2)
    t = Table(at_card(st, 1))
    t.play("op:sweep", "space:havana")
    while t.pending().kind != "cl.activate":
        t.play("done")  # no Troops move in
    assert t.options() == ["piece:directorio_underground", "piece:syndicate_underground",
                           "done"]
    t.play("piece:directorio_underground")
    assert t.options() == ["piece:directorio_underground", "piece:syndicate_underground"]
    t.play("piece:directorio_underground")
    assert t.options() == ["piece:syndicate_underground", "done"]
    t.play("done")
    st = t.st
    assert count(st, "havana", "directorio_active") == 2
    assert count(st, "havana", "syndicate_underground") == 2


def test_police_sweep_as_troops_card_4_shaded() -> None:
    """Card 4 shaded (Momentum): Police move into a Sweep space like Troops."""
    t = govt_table(mom=1 << Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS)
    t.play("op:sweep", "space:la_habana")
    assert t.options() == ["from:havana:troops", "from:havana:police", "done"]


def assault_table(space: str, **pieces: int) -> Table:
    st = game()
    for s in range(len(st.support)):
        for k in range(Kind.M26_U, Kind.CASINO_CLOSED + 1):
            B.PIECES.remove(st, s, k, B.n(st, s, k))
    for name, n in pieces.items():
        put(st, space, name, n)
    return Table(at_card(st, 1))


def test_tv_r_14_assault_counts_by_terrain_cl_3_2_4() -> None:
    """TV-R-14 a, b (CL 3.2.4): a Grassland Province removes 1 per Troop (only Active
    Guerrillas); a Mountain Province 1 per 2 Troops; the cost is 2 per space (Firm)."""
    t = assault_table("matanzas", troops=3, m26_active=4)
    t.play("op:assault", "space:matanzas", "piece:m26_active", "piece:m26_active",
           "piece:m26_active")
    assert count(t.st, "matanzas", "m26_active") == 1 and t.st.resources[GOVT] == 13
    t = assault_table("matanzas", troops=3, m26_active=2, m26_underground=1)
    t.play("op:assault", "space:matanzas", "piece:m26_active", "piece:m26_active")
    assert count(t.st, "matanzas", "m26_underground") == 1
    assert t.pending().kind == "coin.op_space"
    t = assault_table("las_villas", directorio_active=2)
    t.play("op:assault", "space:las_villas", "piece:directorio_active")
    assert count(t.st, "las_villas", "directorio_active") == 1  # 3 Troops: 1


def test_tv_r_14_bases_last_and_obligation_cl_3_2_4_cl_1_4_1() -> None:
    """TV-R-14 c, e (CL 3.2.4, 1.4.1 step 5): the Base only once its Guerrillas are gone; a
    targeted faction must lose as many as the count allows."""
    t = assault_table("santiago_de_cuba", m26_active=1, m26_base=1)
    t.play("op:assault", "space:santiago_de_cuba")
    assert t.options() == ["piece:m26_active"]
    t.play("piece:m26_active", "piece:m26_base")
    assert count(t.st, "santiago_de_cuba", "m26_base") == 0
    t = assault_table("havana", m26_active=2, directorio_active=1)
    t.play("op:assault", "space:havana", "piece:m26_active")
    assert t.options() == ["piece:m26_active", "piece:directorio_active"]  # no done yet
    t.play("piece:m26_active")
    assert t.options() == ["piece:directorio_active", "done"]


def test_tv_r_14_casino_closed_and_confiscation_cl_3_2_4() -> None:
    """TV-R-14 d (CL 3.2.4, 1.4.5): the Syndicate Guerrilla, then its Casino closed (not
    removed); its Cash goes under a Government cube; Underground DR untouched."""
    st = game()
    take(st, "havana", "directorio_underground", 2)
    put(st, "havana", "syndicate_active")
    put(st, "havana", "directorio_underground", 2)
    st.cash[0] = B.cash_code(S["havana"], Kind.SYND_A)
    t = Table(at_card(st, 1))
    t.play("op:assault", "space:havana")
    assert t.options() == ["piece:syndicate_active"]
    t.play("piece:syndicate_active")
    while t.pending().kind != "cl.remove_piece":
        t.play(t.options()[-1])  # the Syndicate keeps no Cash; the capture places it
    assert t.options() == ["piece:casino_open"]  # the Syndicate is targeted: Bases last met
    t.play("piece:casino_open")
    st2 = t.st
    assert count(st2, "havana", "casino_closed") == 1 and B.open_casinos(st2) == 2
    assert count(st2, "havana", "directorio_underground") == 2
    assert B.cash_owner(st2.cash[0]) == GOVT and B.cash_space(st2.cash[0]) == S["havana"]


def test_tv_r_22_sweep_and_air_strike_cl_4_2_2() -> None:
    """TV-R-22 (CL 3.2.3, 4.2.2): Sweep sierra_maestra with 2 Troops from santiago_de_cuba
    (2); both 26July Guerrillas Activated; Air Strike removes 1, never the Base while a
    Guerrilla remains; no Air Strike in a City."""
    t = govt_table()
    t.play("op:sweep", "space:sierra_maestra", "from:santiago_de_cuba:troops",
           "from:santiago_de_cuba:troops", "done",
           "piece:m26_underground", "piece:m26_underground")
    assert "sa:air_strike" in t.options()
    t.play("sa:air_strike")
    assert "space:havana" not in t.options() and "space:sierra_maestra" in t.options()
    t.play("space:sierra_maestra")
    assert t.options() == ["piece:m26_active"]
    t.play("piece:m26_active")
    st = t.st
    assert st.resources[GOVT] == 13
    assert B.control(st, S["sierra_maestra"]) == B.NO_CONTROL
    assert B.control(st, S["santiago_de_cuba"]) == GOVT


def test_tv_r_22_no_air_strike_while_embargoed_cl_4_2_2() -> None:
    """CL 4.2.2: no Air Strike while Embargoed (TV-R-29: Sweep costs 4); card 2 shaded
    (Momentum) allows it and 2 removals."""
    t = govt_table(us_alliance=UsAlliance.EMBARGOED)
    t.play("op:sweep", "space:sierra_maestra", "from:santiago_de_cuba:troops", "done", "done")
    t.play("piece:m26_underground")  # 1 cube: 1 Activated
    assert t.st.resources[GOVT] == 11
    assert "sa:air_strike" not in t.options()
    t = govt_table(us_alliance=UsAlliance.EMBARGOED,
                   mom=1 << Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED)
    t.play("op:sweep", "space:sierra_maestra", "from:santiago_de_cuba:troops",
           "from:santiago_de_cuba:troops", "done",
           "piece:m26_underground", "piece:m26_underground", "sa:air_strike",
           "space:sierra_maestra", "piece:m26_active", "piece:m26_active")
    assert B.guerrillas(t.st, S["sierra_maestra"], M26) == 0


def test_tv_r_22_transport_origins_cl_4_2_1() -> None:
    """TV-R-22 (CL 4.2.1): from a City or a Province with a Government Base, up to 3 Troops
    to any other space; not from las_villas (no Base)."""
    t = govt_table()
    t.play("op:train", "space:havana", "done", "sa:transport")
    assert "from:las_villas" not in t.options() and "from:havana" in t.options()
    t.play("from:havana", "to:oriente")
    assert t.options() == ["count:1", "count:2", "count:3"]
    t.play("count:3")
    assert count(t.st, "oriente", "troops") == 3


def test_tv_r_22_reprisal_cl_4_2_3() -> None:
    """TV-R-22 (CL 4.2.3): in Government-Controlled santiago_de_cuba (Neutral): a Terror
    marker, no shift, and its 26July Guerrilla moved to an adjacent space."""
    t = govt_table()
    t.play("op:sweep", "space:sierra_maestra", "done", "sa:reprisal")
    assert "space:santiago_de_cuba" in t.options() and "space:la_habana" not in t.options()
    t.play("space:santiago_de_cuba", "piece:m26_underground", "to:sierra_maestra")
    st = t.st
    assert st.terror[S["santiago_de_cuba"]] == 1 and st.support[S["santiago_de_cuba"]] == 0
    assert B.guerrillas(st, S["santiago_de_cuba"], M26) == 0
    assert count(st, "sierra_maestra", "m26_underground") == 3


def test_assault_brings_troops_card_1_shaded() -> None:
    """Card 1 shaded (Momentum): before an Assault space is resolved, Troops may come from any
    other spaces, each once; the count is then taken."""
    st = game()
    put(st, "matanzas", "m26_active", 2)
    st.mom = 1 << Mom.ASSAULT_BRINGS_TROOPS
    t = Table(at_card(st, 1))
    t.play("op:assault", "space:matanzas", "from:las_villas:troops", "from:las_villas:troops",
           "done", "piece:m26_active", "piece:m26_active")
    assert count(t.st, "matanzas", "troops") == 2 and B.guerrillas(t.st, S["matanzas"], M26) == 0


def test_sweep_with_free_assault_card_5_shaded() -> None:
    """Card 5 shaded (Momentum): a Sweep's Special Activity may be a free Assault in 1
    space."""
    st = game()
    put(st, "havana", "syndicate_active")
    st.mom = 1 << Mom.SWEEP_WITH_FREE_ASSAULT
    t = Table(at_card(st, 1))
    t.play("op:sweep", "space:la_habana", "done", "sa:free_assault", "space:havana",
           "piece:syndicate_active")
    assert B.guerrillas(t.st, S["havana"], SYNDICATE) == 0 and t.st.resources[GOVT] == 13


def test_government_limop_with_an_sa_card_10_shaded() -> None:
    """Card 10 shaded (Momentum): a Government LimOp may add a Special Activity."""
    st = game()
    st.mom = 1 << Mom.LIMOP_WITH_FREE_SA
    t = Table(at_card(st, 26))  # DR, Govt, ...
    t.play("op:rally", "space:matanzas").until("coin.eligible")
    t.play("limop:train", "space:havana", "done")
    assert "sa:transport" in t.options()
