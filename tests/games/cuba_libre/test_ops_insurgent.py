"""CL 3.3 Insurgent Operations driven through engine.act from constructed positions:
Rally, March, Attack, Terror, Construct (TV-R-15..21), with the options offered."""

from __future__ import annotations

from services.coin.operations import op_frame
from services.cuba_libre import board as B
from services.cuba_libre.constants import Cap, Kind
from services.cuba_libre.ops.insurgent import push_expat_backing
from services.cuba_libre.state import CLState
from services.kernel.state import Frame

from .helpers_clins import DR, M26, SYNDICATE, S, Table, count, put, rig_die, s0, take


def test_tv_r_15_rally_limits_and_base_rally_cl_3_3_1() -> None:
    """TV-R-15 (CL 3.3.1): 26July Rallies in sierra_maestra (own Base: 2 x 1 + 2 x 1 = 4) and
    santiago_de_cuba (1); not in havana (AS) or la_habana (PS)."""
    t = Table(s0(), M26).act("op:rally")
    spaces = t.offered()
    assert "space:havana" not in spaces and "space:la_habana" not in spaces
    assert {"space:sierra_maestra", "space:santiago_de_cuba"} <= set(spaces)
    t.act("space:sierra_maestra")
    assert t.offered() == ["place", "base", "mass"]  # (d) needs an Active Guerrilla
    t.act("mass")
    assert t.offered() == ["n:1", "n:2", "n:3", "n:4"]
    t.act("n:4", "space:santiago_de_cuba", "place", "done")
    st = t.st
    assert st.resources[M26] == 8
    assert count(st, "sierra_maestra", "m26_underground") == 6
    assert count(st, "sierra_maestra", "m26_base") == 1
    assert count(st, "santiago_de_cuba", "m26_underground") == 2
    assert B.PIECES.available(st, Kind.M26_U) == 6


def test_tv_r_15_dr_rally_levels_and_flip_option_cl_3_3_1() -> None:
    """TV-R-15 (CL 3.3.1): DR may Rally at Passive Support (la_habana), not at Active Support
    (havana) nor Active Opposition (sierra_maestra); with a Base and an Active Guerrilla the
    flip-Underground option (d) is offered."""
    st = s0()
    put(st, "camaguey_province", "directorio_base")
    put(st, "camaguey_province", "directorio_active")
    t = Table(st, DR).act("op:rally")
    spaces = t.offered()
    assert "space:la_habana" in spaces
    assert "space:havana" not in spaces and "space:sierra_maestra" not in spaces
    t.act("space:camaguey_province")
    assert t.offered() == ["place", "base", "mass", "hide"]
    t.act("hide")
    assert count(t.st, "camaguey_province", "directorio_underground") == 2


def test_tv_r_16_own_piece_removal_to_rally_cl_1_4_1() -> None:
    """TV-R-16 (CL 1.4.1, CL-R-04): DR has no Available Guerrilla; it takes its Guerrilla back
    from camaguey_province to Rally in havana (PS)."""
    st = s0()
    st.support[S["havana"]] = 1
    put(st, "ec_west", "directorio_underground", 12)
    t = Table(st, DR).act("op:rally", "space:havana", "place")
    reclaim = "reclaim:camaguey_province:directorio_underground"
    assert reclaim in t.offered()
    t.act(reclaim)
    st = t.st
    assert st.resources[DR] == 4
    assert count(st, "havana", "directorio_underground") == 3
    assert count(st, "camaguey_province", "directorio_underground") == 0
    assert B.control(st, S["camaguey_province"]) == B.NO_CONTROL
    assert B.dr_pop_plus_bases(st) == 0


def test_tv_r_17_march_into_oriente_groups_cl_3_3_2() -> None:
    """TV-R-17 (CL 3.3.2, CL-R-22): each group judged alone: 1 + 2 cubes stays Underground,
    2 + 2 > 3 is Activated; one destination costs 1."""
    st = s0()
    st.support[S["oriente"]] = 1
    put(st, "oriente", "police", 2)
    put(st, "camaguey_province", "m26_underground")
    t = Table(st, M26).act("op:march", "space:oriente")
    assert t.offered() == ["from:camaguey_province", "from:sierra_maestra"]
    t.act("from:camaguey_province", "u:1", "a:0")
    assert t.offered() == ["from:sierra_maestra", "done"]
    t.act("from:sierra_maestra")
    assert t.offered() == ["u:1", "u:2"]
    t.act("u:2", "a:0", "done")
    st = t.st
    assert st.resources[M26] == 9
    assert count(st, "oriente", "m26_underground") == 1
    assert count(st, "oriente", "m26_active") == 2
    assert B.control(st, S["oriente"]) == M26
    assert B.control(st, S["sierra_maestra"]) == M26


def test_tv_r_17_march_at_neutral_activates_nothing_cl_3_3_2() -> None:
    """TV-R-17 (CL 3.3.2): with oriente at Neutral nothing is Activated."""
    st = s0()
    assert count(march_two_into_oriente(st, 0), "oriente", "m26_underground") == 2


def march_two_into_oriente(st: CLState, level: int) -> CLState:
    """26July marches its 2 sierra_maestra Guerrillas into oriente (2 Police, at `level`)."""
    st.support[S["oriente"]] = level
    put(st, "oriente", "police", 2)
    return Table(st, M26).act("op:march", "space:oriente", "from:sierra_maestra", "u:2", "a:0",
                              "done").st


def test_an_arrival_does_not_march_on_in_an_unmoved_ones_place_cl_3_3_2() -> None:
    """CL 3.3.2 (each Guerrilla moves once): oriente holds 1 Active 26July Guerrilla; the 2
    Underground ones of sierra_maestra march in (Neutral: they stay Underground). A group
    from oriente onward is that Active one only: an arrival cannot go in its place."""
    st = s0()
    put(st, "oriente", "m26_active")
    t = Table(st, M26).act("op:march", "space:oriente", "from:sierra_maestra", "u:2", "a:0",
                           "space:camaguey_province", "from:oriente")
    assert t.offered() == ["u:0"]
    t.act("u:0")
    assert t.offered() == ["a:1"]
    st = t.act("a:1").st
    assert (count(st, "oriente", "m26_underground"), count(st, "oriente", "m26_active"),
            count(st, "camaguey_province", "m26_active")) == (2, 0, 1)


def test_el_che_first_group_counts_as_arrived_underground_card_13() -> None:
    """Card 13 El Che (CL 3.3.2): the first group, Activated on arrival in oriente (2 Police,
    Support) and flipped Underground after, is 2 arrived Underground Guerrillas: oriente's
    own Active one is the only one that may march on."""
    st = s0()
    st.caps |= 1 << Cap.M26_FIRST_MARCH_GROUP_HIDES
    st.support[S["oriente"]] = 1
    put(st, "oriente", "police", 2)
    put(st, "oriente", "m26_active")
    t = Table(st, M26).act("op:march", "space:oriente", "from:sierra_maestra", "u:2", "a:0")
    assert (count(t.st, "oriente", "m26_underground"), count(t.st, "oriente", "m26_active")) \
        == (2, 1)
    t.act("space:camaguey_province", "from:oriente")
    assert t.offered() == ["u:0"]


def test_tv_r_18_limited_march_into_an_ec_cl_3_3_2() -> None:
    """TV-R-18 (CL 3.3.2, 2.3.5): a Syndicate Limited March into ec_west costs 0 and stays
    Underground (1 + 0 cubes); a LimOp March has one destination only."""
    st = s0()
    put(st, "pinar_del_rio", "syndicate_underground")
    t = Table(st, SYNDICATE, first="op").act("limop:march", "space:ec_west",
                                             "from:pinar_del_rio", "u:1", "a:0")
    st2 = t.st
    assert not any(fr.proc == "coin.op" for fr in st2.stack)  # one destination: it ended
    assert st2.resources[SYNDICATE] == 15
    assert count(st2, "ec_west", "syndicate_underground") == 1


def test_tv_r_19_attack_roll_misses_cl_3_3_3() -> None:
    """TV-R-19 (CL 3.3.3): the Guerrilla is Activated; a 2 against 1 Guerrilla does nothing."""
    st = s0()
    rig_die(st, 2)
    t = Table(st, M26).act("op:attack", "space:santiago_de_cuba", "attack", "done")
    st = t.st
    assert st.resources[M26] == 9
    assert count(st, "santiago_de_cuba", "m26_active") == 1
    assert count(st, "santiago_de_cuba", "police") == 2


def test_tv_r_19_attack_roll_of_one_cl_3_3_3() -> None:
    """TV-R-19 (CL 3.3.3): a 1 removes up to 2 enemy pieces and places a Guerrilla."""
    st = s0()
    rig_die(st, 1)
    t = Table(st, M26).act("op:attack", "space:santiago_de_cuba", "attack")
    assert t.offered() == ["piece:troops", "piece:police", "done"]  # no Base here
    t.act("piece:police", "piece:police", "done")
    st = t.st
    assert count(st, "santiago_de_cuba", "police") == 0
    assert count(st, "santiago_de_cuba", "m26_underground") == 1
    assert count(st, "santiago_de_cuba", "m26_active") == 1
    assert B.control(st, S["santiago_de_cuba"]) == B.NO_CONTROL


def test_tv_r_19_ambush_replaces_the_attack_cl_4_3_2() -> None:
    """TV-R-19 (CL 4.3.2): Ambush in the Attack space: cost 1, no die, 1 Guerrilla Activated,
    2 Police removed, 1 Guerrilla placed; 26July Available 10."""
    t = Table(s0(), M26).act("op:attack", "space:santiago_de_cuba")
    assert t.offered() == ["attack", "ambush"]
    t.act("ambush", "piece:police", "piece:police")
    st = t.st
    assert st.resources[M26] == 9
    assert count(st, "santiago_de_cuba", "m26_active") == 1
    assert count(st, "santiago_de_cuba", "m26_underground") == 1
    assert count(st, "santiago_de_cuba", "police") == 0
    assert B.PIECES.available(st, Kind.M26_U) == 10
    assert B.control(st, S["santiago_de_cuba"]) == B.NO_CONTROL


def test_ambush_may_take_a_guerrilla_back_cl_4_3_2_cl_1_4_1() -> None:
    """CL 4.3.2 (a Guerrilla placed as on a roll of 1) with CL 1.4.1 (CL-R-04): no 26July
    Guerrilla Available, 26July may take one back from another space, Underground or
    Active, before the removals, or place none."""
    st = s0()
    st.avail[B.PIECES.pool[Kind.M26_U]] = 0
    t = Table(st, M26).act("op:attack", "space:santiago_de_cuba", "ambush")
    opts = t.offered()
    assert opts == ["reclaim:la_habana:m26_underground",
                    "reclaim:sierra_maestra:m26_underground", "done"]
    before = count(t.st, "sierra_maestra", "m26_underground")
    t.act("reclaim:sierra_maestra:m26_underground")
    assert t.offered() == ["piece:troops", "piece:police", "done"]  # the Ambush's removals
    st = t.st
    assert count(st, "santiago_de_cuba", "m26_underground") == 1
    assert count(st, "sierra_maestra", "m26_underground") == before - 1


def test_tv_r_19_ambush_needs_an_underground_guerrilla_cl_4_3_2() -> None:
    """TV-R-19 (CL 4.3.2): with only Active Guerrillas in the space, no Ambush is offered."""
    st = s0()
    take(st, "santiago_de_cuba", "m26_underground")
    put(st, "santiago_de_cuba", "m26_active")
    rig_die(st, 6)
    t = Table(st, M26).act("op:attack", "space:santiago_de_cuba")
    assert "ambush" not in t.offered()


def test_tv_r_20_terror_effects_and_marker_pool_cl_3_3_4() -> None:
    """TV-R-20 (CL 3.3.4): 26July Terror shifts toward Active Opposition, DR toward Neutral;
    the Syndicate's Terror in an EC costs 0 and Sabotages it; 3 markers from the pool."""
    st = s0()
    put(st, "ec_west", "syndicate_underground")
    t = Table(st, M26).act("op:terror", "space:santiago_de_cuba", "done", "done")
    st = t.st
    assert st.resources[M26] == 9 and st.support[S["santiago_de_cuba"]] == -1
    t = Table(st, DR).act("op:terror", "space:havana", "done")
    st = t.st
    assert st.resources[DR] == 4 and st.support[S["havana"]] == 1
    t = Table(st, SYNDICATE).act("op:terror", "space:ec_west")  # no other space: it ends
    st = t.st
    assert st.resources[SYNDICATE] == 15 and B.is_sabotaged(st, S["ec_west"])
    assert B.total_support(st) == 10
    assert B.total_opposition(st) == 7
    assert B.opposition_plus_bases(st) == 8
    assert B.markers_left(st) == 17
    assert count(st, "ec_west", "syndicate_active") == 1


def test_tv_r_20_empty_pool_still_shifts_cl_r_08() -> None:
    """TV-R-20 (CL 3.3.4, CL-R-08): with no marker left the shift still happens."""
    st = s0()
    st.terror[S["matanzas"]] = 20
    t = Table(st, M26).act("op:terror", "space:santiago_de_cuba", "done", "done")
    st = t.st
    assert st.support[S["santiago_de_cuba"]] == -1 and st.terror[S["santiago_de_cuba"]] == 0


def test_tv_r_21_construct_cl_3_3_5() -> None:
    """TV-R-21 (CL 3.3.5): 5 per space, Government- or Syndicate-Controlled; a closed Casino
    each; la_habana (Uncontrolled) is not offered."""
    t = Table(s0(), SYNDICATE).act("op:construct")
    assert "space:la_habana" not in t.offered()
    t.act("space:havana", "space:pinar_del_rio", "done")
    st = t.st
    assert st.resources[SYNDICATE] == 5
    for space in ("havana", "pinar_del_rio"):
        assert count(st, space, "casino_open") == 1 and count(st, space, "casino_closed") == 1
    assert B.open_casinos(st) == 3
    assert B.PIECES.available(st, Kind.CASINO_OPEN) == 5


def test_el_che_first_march_group_flips_underground_card_13() -> None:
    """Card 13 El Che (CL 3.3.2): 26July's first group is flipped Underground after moving."""
    st = s0()
    st.caps |= 1 << Cap.M26_FIRST_MARCH_GROUP_HIDES
    assert count(march_two_into_oriente(st, 1), "oriente", "m26_underground") == 2


def test_guerrilla_life_rally_flips_all_underground_card_30() -> None:
    """Card 30 The Guerrilla Life (CL 3.3.1): a 26July Rally ends with all its Guerrillas
    there Underground."""
    st = s0()
    st.caps |= 1 << Cap.M26_RALLY_HIDES_ALL
    put(st, "santiago_de_cuba", "m26_active")
    t = Table(st, M26).act("op:rally", "space:santiago_de_cuba", "place", "done")
    assert count(t.st, "santiago_de_cuba", "m26_underground") == 3


def test_raul_rerolls_an_attack_die_card_22() -> None:
    """Card 22 Raúl unshaded (CL 3.3.3): 26July may reroll the Attack die once."""
    st = s0()
    st.caps |= 1 << Cap.M26_REROLLS_ATTACK_AND_KIDNAP
    rig_die(st, 5, 1)
    t = Table(st, M26).act("op:attack", "space:santiago_de_cuba", "attack")
    assert t.offered() == ["keep", "reroll"]
    t.act("reroll")
    assert t.offered() == ["piece:troops", "piece:police", "done"]


def test_pact_of_caracas_spares_the_other_card_18() -> None:
    """Card 18 Pact of Caracas (CL-R-23): DR may not Attack where only 26July pieces are its
    enemies, nor Terror a space at Opposition."""
    st = s0()
    st.caps |= 1 << Cap.M26_DR_PACT
    put(st, "sierra_maestra", "directorio_underground")
    put(st, "matanzas", "directorio_underground")
    st.resources[DR] = 5
    t = Table(st, DR)
    assert "op:attack" not in t.offered() or "space:sierra_maestra" not in Table(
        st, DR).act("op:attack").offered()
    t = Table(st, DR).act("op:terror")
    assert "space:matanzas" not in t.offered() and "space:havana" in t.offered()


def test_morgan_dr_marches_two_spaces_card_28() -> None:
    """Card 28 Morgan unshaded (Capability, CL-D-13): a DR group may go on from its first
    space into one adjacent to it, paying for the final destination only, tested for
    Activation on entering each space."""
    st = s0()
    assert "space:sierra_maestra" not in Table(st, DR).act("op:march").offered()
    st.caps |= 1 << Cap.DR_MARCHES_TWO_SPACES
    st.support[S["oriente"]] = 1
    put(st, "oriente", "police", 3)
    t = Table(st, DR).act("op:march", "space:sierra_maestra")
    assert t.offered() == ["via:camaguey_province:oriente"]
    t.act("via:camaguey_province:oriente", "u:1", "a:0")
    st = t.st
    assert count(st, "sierra_maestra", "directorio_active") == 1  # 1 + 3 cubes in oriente
    assert st.resources[DR] == 4


def free_op(st: CLState, f: int, op: str, **extra: object) -> Table:
    """A free Operation as an Event grants it (CL 3.1.2, 5.5): its frame on the stack."""
    st.stack.append(Frame("coin.op", {**op_frame(f, op, False, True, sa_ok=False, **extra),
                                      "ph": "spaces"}))
    return Table(st, f)


def test_free_terror_in_named_spaces_cl_5_5() -> None:
    """CL 3.1.2 / 5.5: a free Terror costs nothing and goes only where the Event says
    (`only`), with no Special Activity (`sa_ok=False`)."""
    t = free_op(s0(), M26, "terror", only=[S["santiago_de_cuba"]])
    assert t.offered() == ["space:santiago_de_cuba"]
    assert t.pending().options[0].label == "Terror in Santiago de Cuba (free)"
    t.act("space:santiago_de_cuba")
    assert t.st.resources[M26] == 10 and t.st.support[S["santiago_de_cuba"]] == -1


def test_free_rally_as_if_neutral_and_most_spaces_cl_5_5() -> None:
    """Card 17's free Rally ignores the level (`as_neutral`); `most` caps the spaces."""
    t = free_op(s0(), M26, "rally", as_neutral=True, most=1)
    assert "space:havana" in t.offered()
    t.act("space:havana", "place")
    st = t.st
    assert count(st, "havana", "m26_underground") == 1 and st.resources[M26] == 10
    assert not any(fr.proc == "coin.op" for fr in st.stack)


def test_construct_is_never_free_cl_3_3_5() -> None:
    """CL 3.3.5: no free Construct (an Event's or Launder's): no space can be selected."""
    t = free_op(s0(), SYNDICATE, "construct")
    assert not [d for d in t.decisions if d.kind == "coin.op_space"]


def test_free_march_from_adjacent_spaces_only_under_morgan_card_26() -> None:
    """CL 5.1.2: an Event's free March "from adjacent spaces" (`adjacent=True`) offers no
    Morgan route through a second space."""
    st = s0()
    st.caps |= 1 << Cap.DR_MARCHES_TWO_SPACES
    t = free_op(st, DR, "march", adjacent=True)
    assert "space:sierra_maestra" not in t.offered()
    st = s0()
    st.caps |= 1 << Cap.DR_MARCHES_TWO_SPACES
    t = free_op(st, DR, "march", adjacent=True, only=[S["oriente"]]).act("space:oriente")
    assert t.offered() == ["from:camaguey_province"]


def test_expat_backing_a_free_dr_rally_in_one_space_cl_6_3_4() -> None:
    """CL 6.3.4 Expat Backing: a free DR Rally in 1 City or Province DR-Controlled or
    Uncontrolled, at neither Active level (havana: Government; sierra_maestra: 26July, AO);
    DR may decline it (`done`)."""
    st = s0()
    push_expat_backing(st)
    st.stack[-1].vars["ph"] = "spaces"
    t = Table(st, DR)
    assert t.offered() == ["space:la_habana", "space:matanzas", "space:camaguey_province",
                           "space:oriente", "done"]
    t.act("space:camaguey_province", "place")
    st = t.st
    assert st.resources[DR] == 5 and count(st, "camaguey_province", "directorio_underground") == 2
    assert not any(fr.proc == "coin.op" for fr in st.stack)
