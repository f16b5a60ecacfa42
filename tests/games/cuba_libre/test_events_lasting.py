"""CL 5.3-5.4 the Capabilities and Momentum of cards 1-24 in the Operations they change, each
played through engine.act with the flag in force and compared with the same play without it
(the flags themselves are set by the card tests in test_events_01_12.py / _13_24.py)."""

from __future__ import annotations

from collections.abc import Callable

from services.cuba_libre import board as B
from services.cuba_libre.constants import Cap, Kind, Mom, UsAlliance
from services.cuba_libre.state import CLState

from .helpers_clev1 import GOVT, M26, S, card_table, count, event, put

Prep = Callable[[CLState], None]
DR = 2


def with_flags(caps: int = 0, mom: int = 0, then: Prep | None = None) -> Prep:
    def prepare(st: CLState) -> None:
        st.caps, st.mom = caps, mom
        if then is not None:
            then(st)
    return prepare


def guerrillas_in_oriente(st: CLState) -> None:
    put(st, "oriente", "m26_active", 2)


def test_card_1_shaded_assault_brings_troops_from_anywhere() -> None:
    """CL card 1 shaded (Momentum), CL 3.2.4: Oriente has no cube, yet the Government may
    Assault there, first moving Troops in from any spaces (no adjacency), each once."""
    plain = card_table(14, GOVT, with_flags(then=guerrillas_in_oriente))
    plain.choose("op:assault")
    assert "space:oriente" not in plain.offered()
    t = card_table(14, GOVT, with_flags(mom=1 << Mom.ASSAULT_BRINGS_TROOPS,
                                         then=guerrillas_in_oriente))
    t.choose("op:assault")
    t.choose("space:oriente")
    assert t.offered() == ["from:havana:troops", "from:las_villas:troops",
                           "from:camaguey_city:troops", "from:santiago_de_cuba:troops", "done"]
    t.play("from:havana:troops", "from:havana:troops", "done")
    assert t.offered() == ["piece:m26_active"]
    t.play("piece:m26_active", "piece:m26_active")
    st = t.st
    assert count(st, "oriente", "troops") == 2 and count(st, "havana", "troops") == 4
    assert count(st, "oriente", "m26_active") == 0


def test_card_5_shaded_sweep_with_a_free_assault() -> None:
    """CL card 5 shaded (Momentum), CL 3.2.3: a Sweep may take a free Assault in 1 space as its
    Special Activity; without the Momentum it is not offered."""
    def cubes_there(st: CLState) -> None:
        guerrillas_in_oriente(st)
        put(st, "oriente", "troops", 2)
    plain = card_table(14, GOVT, with_flags(then=cubes_there))
    plain.choose("op:sweep")
    assert "sa:free_assault" not in plain.offered()
    t = card_table(14, GOVT, with_flags(mom=1 << Mom.SWEEP_WITH_FREE_ASSAULT, then=cubes_there))
    t.choose("op:sweep")
    assert "sa:free_assault" in t.offered()
    t.play("space:camaguey_city", "done")
    assert t.offered() == ["sa:transport", "sa:air_strike", "sa:reprisal", "sa:free_assault",
                           "done"]
    t.choose("sa:free_assault")
    assert t.offered() == ["space:havana", "space:oriente", "done"]
    t.play("space:oriente", "piece:m26_active", "piece:m26_active")
    st = t.st
    assert count(st, "oriente", "m26_active") == 0
    assert st.resources[GOVT] == 13  # the Sweep's one space; the Assault is free


def test_card_10_shaded_limop_with_a_special_activity() -> None:
    """CL card 10 shaded (Momentum), CL 2.3.5: the Government's Limited Operation may take a
    Special Activity; without it, none."""
    for mom, sas in ((0, []), (1 << Mom.LIMOP_WITH_FREE_SA,
                               ["sa:transport", "sa:air_strike", "sa:reprisal"])):
        t = card_table(14, M26, with_flags(mom=mom), eligible=[True, True, False, False])
        t.play("op:rally", "space:oriente", "place", "done", "done")  # no SA; a LimOp next
        t.choose("limop:assault")
        assert [o for o in t.offered() if o.startswith("sa:")] == sas


def test_card_2_shaded_air_strike_even_embargoed() -> None:
    """CL card 2 shaded (Momentum), CL 4.2.2: Air Strike is allowed while the US Alliance is
    Embargoed (not otherwise)."""
    def embargoed(st: CLState) -> None:
        st.us_alliance = UsAlliance.EMBARGOED
        guerrillas_in_oriente(st)
    plain = card_table(14, GOVT, with_flags(then=embargoed))
    plain.choose("op:sweep")
    assert "sa:air_strike" not in plain.offered()
    t = card_table(14, GOVT, with_flags(mom=1 << Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED,
                                         then=embargoed))
    t.choose("op:sweep")
    assert "sa:air_strike" in t.offered()


def test_card_13_el_che_first_march_group_hides() -> None:
    """CL card 13 (Capability), CL 3.3.2: 26July's first March group ends Underground even if
    the move Activated it (3 Guerrillas into Santiago de Cuba's 4 cubes, at Support)."""
    def marchers(st: CLState) -> None:
        put(st, "sierra_maestra", "m26_underground", 1)
        st.support[S["santiago_de_cuba"]] = 1
    for caps, underground in ((0, 1), (1 << Cap.M26_FIRST_MARCH_GROUP_HIDES, 4)):
        t = card_table(14, M26, with_flags(caps=caps, then=marchers))
        t.play("op:march", "space:santiago_de_cuba", "from:sierra_maestra", "u:3", "a:0")
        st = t.st
        assert count(st, "santiago_de_cuba", "m26_underground") == underground, caps


def test_card_22_unshaded_raul_reroll_of_an_attack() -> None:
    """CL card 22 unshaded (Capability), CL 3.3.3: 26July may roll an Attack die again (the
    second roll stands); without Raúl no such choice (the roll of 5 misses 3 Guerrillas)."""
    def attackers(st: CLState) -> None:
        put(st, "oriente", "m26_active", 3)
        put(st, "oriente", "troops", 2)
    plain = card_table(14, M26, with_flags(then=attackers))
    plain.play("op:attack", "space:oriente")
    assert plain.pending().kind == "coin.op_space"
    t = card_table(14, M26, with_flags(caps=1 << Cap.M26_REROLLS_ATTACK_AND_KIDNAP,
                                         then=attackers))
    t.play("op:attack", "space:oriente")
    assert t.labels() == {"keep": "Keep the roll of 5",
                          "reroll": "Roll again (Raúl): the second roll stands"}


def test_card_18_pact_spares_26july_in_a_directorio_attack() -> None:
    """CL card 18 (Capability), CL-R-23: a Directorio Attack may not remove 26July pieces
    (seed 3: the Attack hits)."""
    def fight(st: CLState) -> None:
        put(st, "oriente", "m26_active", 1)
        put(st, "oriente", "directorio_active", 3)
        put(st, "oriente", "troops", 1)
    plain = card_table(14, 2, with_flags(then=fight), seed=3)
    plain.play("op:attack", "space:oriente")
    assert plain.offered() == ["piece:troops", "piece:m26_active", "done"]
    t = card_table(14, 2, with_flags(caps=1 << Cap.M26_DR_PACT, then=fight), seed=3)
    t.play("op:attack", "space:oriente")
    assert t.offered() == ["piece:troops", "done"]


def test_card_2_shaded_air_strike_removes_two() -> None:
    """CL card 2 shaded (Momentum), CL 4.2.2: an Air Strike removes up to 2 pieces instead of
    1 (both Active 26July Guerrillas in Oriente)."""
    for mom, left in ((0, 1), (1 << Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED, 0)):
        t = card_table(14, GOVT, with_flags(mom=mom, then=guerrillas_in_oriente))
        t.play("op:sweep", "sa:air_strike", "space:oriente")
        while t.pending().kind == "cl.remove_piece":
            assert t.offered() == ["piece:m26_active"]
            t.choose("piece:m26_active")
        assert count(t.st, "oriente", "m26_active") == left, mom


def test_card_4_shaded_police_sweep_in_like_troops() -> None:
    """CL card 4 shaded (Momentum), CL 3.2.3: Police may move into a Sweep space like
    Troops."""
    for mom, police in ((0, False), (1 << Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS, True)):
        t = card_table(14, GOVT, with_flags(mom=mom))
        t.play("op:sweep", "space:camaguey_province")
        assert ("from:camaguey_city:police" in t.offered()) is police
        assert "from:camaguey_city:troops" in t.offered()


def test_card_2_unshaded_kidnap_in_sierra_maestra_as_a_city() -> None:
    """CL card 2 unshaded (Capability), CL 4.3.3: 26July may Kidnap in Sierra Maestra (a
    Province) from the Government, as in a City; not without the Capability."""
    for caps, sierra in ((0, False), (1 << Cap.KIDNAP_SIERRA_MAESTRA_AS_CITY, True)):
        def troop(st: CLState) -> None:
            put(st, "sierra_maestra", "troops")
        t = card_table(14, M26, with_flags(caps=caps, then=troop))
        t.play("op:terror", "sa:kidnap")
        assert ("kidnap:sierra_maestra:govt" in t.offered()) is sierra
        assert "kidnap:la_habana:syndicate" in t.offered()


def test_card_22_shaded_kidnap_raises_aid_twice_the_gain() -> None:
    """CL card 22 shaded (Momentum), CL 4.3.3: when 26July gains Resources by Kidnap, Aid rises
    by twice that (seed 1: the die shows 5, Aid 15 -> 25); without it Aid stays."""
    for mom, aid in ((0, 15), (1 << Mom.KIDNAP_RAISES_AID, 25)):
        def troop(st: CLState) -> None:
            put(st, "sierra_maestra", "troops")
        t = card_table(14, M26, with_flags(caps=1 << Cap.KIDNAP_SIERRA_MAESTRA_AS_CITY, mom=mom,
                                           then=troop))
        t.play("op:terror", "sa:kidnap", "kidnap:sierra_maestra:govt")
        st = t.st
        assert st.resources[GOVT] == 10 and st.resources[M26] == 14 and st.aid == aid, mom


def test_card_18_pact_cancelled_when_26july_removes_two_own_bases() -> None:
    """CL card 18, CL 1.4.1 (CL-R-04): 26July removing 2 of its own Bases while it executes
    (the standing own-piece removal) cancels the Pact of Caracas; 1 does not."""
    def bases(st: CLState) -> None:
        st.caps = 1 << Cap.M26_DR_PACT
        put(st, "oriente", "m26_base")
    t = card_table(14, M26, bases)
    t.choose("op:rally")
    d = t.standing("cl.remove_own")
    assert d is not None and "own:oriente:m26_base" in d.option_ids()
    t.answer(d, "own:oriente:m26_base")
    assert B.has_cap(t.st, Cap.M26_DR_PACT)
    d = t.standing("cl.remove_own")
    assert d is not None
    t.answer(d, "own:sierra_maestra:m26_base")
    assert not B.has_cap(t.st, Cap.M26_DR_PACT)


def test_card_6_shaded_assault_in_the_mountains_as_in_a_city() -> None:
    """CL card 6 shaded (Momentum), CL 3.2.4 (TV-D-03): the Government's Assault in Sierra
    Maestra (3 Troops, 2 Police) removes up to 5, Bases last (2 Active 26July Guerrillas, then
    the Base), instead of 1."""
    def mountain_fight(st: CLState) -> None:
        put(st, "sierra_maestra", "troops", 3)
        put(st, "sierra_maestra", "police", 2)
        B.PIECES.flip_to(st, S["sierra_maestra"], Kind.M26_A, 2)
    for mom, removed in ((0, ["piece:m26_active"]),
                         (1 << Mom.ASSAULT_MOUNTAIN_AS_CITY,
                          ["piece:m26_active", "piece:m26_active", "piece:m26_base"])):
        t = card_table(14, GOVT, with_flags(mom=mom, then=mountain_fight))
        t.play("op:assault", "space:sierra_maestra")
        for oid in removed:
            assert t.offered() == [oid]
            t.choose(oid)
        assert t.pending().kind != "cl.remove_piece"
        assert B.pieces_of(t.st, S["sierra_maestra"], M26) == 3 - len(removed)


def pact_terror_spaces(pact: bool) -> Prep:
    """26July Underground in Havana (set to Active Opposition, 5 against 4 Police) and in
    Camagüey Province (Passive Opposition); a DR Guerrilla in Santiago de Cuba (Neutral)."""
    def terror_spaces(st: CLState) -> None:
        put(st, "havana", "m26_underground", 5)
        put(st, "camaguey_province", "m26_underground")
        put(st, "santiago_de_cuba", "directorio_underground")
        st.support[S["havana"]] = -2
    return with_flags(caps=1 << Cap.M26_DR_PACT if pact else 0, then=terror_spaces)


def test_card_18_pact_cl_r_23_26july_terror_at_active_opposition_changes_no_level() -> None:
    """CL card 18, CL-R-23 / CL-D-19, CL 3.3.4: under the Pact a 26July Terror is barred only
    where it would change a level at Opposition: Passive Opposition (Camagüey Province) is
    barred, Active Opposition (Havana, Sierra Maestra: a shift toward Active Opposition
    changes nothing) is not; Kidnap in Havana goes with it."""
    plain = card_table(14, M26, pact_terror_spaces(False))
    plain.play("op:terror")
    assert plain.offered() == ["space:la_habana", "space:havana", "space:camaguey_province",
                               "space:sierra_maestra", "space:santiago_de_cuba", "sa:kidnap"]
    t = card_table(14, M26, pact_terror_spaces(True))
    t.play("op:terror")
    assert t.offered() == ["space:la_habana", "space:havana", "space:sierra_maestra",
                           "space:santiago_de_cuba", "sa:kidnap"]
    t.play("space:sierra_maestra")
    st = t.st
    assert st.support[S["sierra_maestra"]] == -2 and st.terror[S["sierra_maestra"]] == 1
    assert count(st, "sierra_maestra", "m26_active") == 1
    t = card_table(14, M26, pact_terror_spaces(True))
    t.play("op:terror", "sa:kidnap")
    assert t.offered() == ["kidnap:la_habana:syndicate", "kidnap:havana:govt",
                           "kidnap:havana:syndicate"]


def test_card_18_pact_cl_r_23_directorio_terror_at_opposition_stays_barred() -> None:
    """CL card 18, CL-R-23, CL 3.3.4: a DR Terror shifts toward Neutral, so it changes every
    level at Opposition: under the Pact only Santiago de Cuba (Neutral) is left."""
    plain = card_table(14, DR, pact_terror_spaces(False))
    plain.play("op:terror")
    assert plain.offered() == ["space:havana", "space:camaguey_province",
                               "space:santiago_de_cuba", "sa:assassinate"]
    t = card_table(14, DR, pact_terror_spaces(True))
    t.play("op:terror")
    assert t.offered() == ["space:santiago_de_cuba"]


def test_card_18_pact_cancelled_by_two_bases_taken_back_to_place_them() -> None:
    """CL card 18, CL 1.4.1: 2 own Bases taken back in one Event to place them (card 19, the
    `reclaim` of the place step) cancel the Pact as the standing own-piece removal does; 1
    does not."""
    def bases_out(st: CLState) -> None:
        st.caps = 1 << Cap.M26_DR_PACT
        for space in ("sierra_maestra", "oriente", "camaguey_province"):
            put(st, space, "m26_base")  # none Available
    t = event(19, M26, "unshaded", bases_out)
    t.play("space:la_habana")
    assert t.offered() == ["place:m26_underground", "reclaim:camaguey_province:m26_base",
                           "reclaim:oriente:m26_base", "reclaim:sierra_maestra:m26_base"]
    t.play("reclaim:oriente:m26_base", "place:m26_base")
    assert B.has_cap(t.st, Cap.M26_DR_PACT)
    t.play("reclaim:camaguey_province:m26_base")
    assert not B.has_cap(t.st, Cap.M26_DR_PACT)
    assert [e.data["card"] for e in t.events if e.kind == "cl.capability_cancelled"] == [18]
    t.play("place:m26_base")
    st = t.st
    assert count(st, "la_habana", "m26_base") == 2 and count(st, "oriente", "m26_base") == 0
    assert count(st, "camaguey_province", "m26_base") == 0


def test_card_18_pact_counts_each_faction_s_own_bases_apart() -> None:
    """CL card 18, CL 1.4.1: on card 19 (each faction places its own), a 26July Base and a DR
    Base taken back in the one Event are 1 Base of each faction: the Pact stands."""
    def bases_out(st: CLState) -> None:
        st.caps = 1 << Cap.M26_DR_PACT
        for space in ("sierra_maestra", "oriente", "camaguey_province"):
            put(st, space, "m26_base")
        put(st, "matanzas", "directorio_base", 2)
        put(st, "pinar_del_rio", "directorio_base", 2)
    t = event(19, M26, "unshaded", bases_out)
    t.play("space:la_habana", "reclaim:oriente:m26_base", "place:m26_base",
           "place:m26_underground")
    assert t.pending().seat == DR
    t.play("space:camaguey_province", "reclaim:matanzas:directorio_base")
    assert B.has_cap(t.st, Cap.M26_DR_PACT)
    assert count(t.st, "matanzas", "directorio_base") == 1
