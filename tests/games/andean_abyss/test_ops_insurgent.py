"""AA 3.3 Insurgent Operations: TV-R-09..14, TV-R-49."""

from __future__ import annotations

from services.andean_abyss import board as B

from .scenario import (
    AUC,
    CARTELS,
    FARC,
    S,
    Table,
    count,
    finish,
    options,
    play,
    put,
    rig_die,
    standard,
    start_op,
    take,
)


def test_tv_r_09_rally_options() -> None:
    """TV-R-09 (AA 3.3.1): option c in Huila (+3) and Chocó (+2), option a in Cesar."""
    st = standard()
    start_op(st, FARC, "rally")
    assert "space:santander" not in options(st) and "space:bogota" not in options(st)
    play(st, "space:huila")
    assert options(st) == ["place", "mass", "gather"]
    play(st, "mass")
    assert options(st) == ["n:1", "n:2", "n:3"]
    play(st, "n:3", "space:choco", "mass", "n:2", "space:cesar", "place")
    assert st.resources[FARC] == 7 and st.avail[3] == 12
    assert count(st, "huila", "farc_underground") == 4
    assert count(st, "choco", "farc_underground") == 3
    assert count(st, "cesar", "farc_underground") == 1


def test_tv_r_09_rally_gather() -> None:
    """TV-R-09 variation (AA 3.3.1 d): move 2 from Meta West (any distance), flip all U."""
    st = standard()
    B.PIECES.flip_to(st, S["huila"], 4, 1)
    start_op(st, FARC, "rally")
    play(st, "space:huila", "gather", "from:meta_west:u", "from:meta_west:u", "done")
    assert count(st, "huila", "farc_underground") == 3 and count(st, "huila", "farc_active") == 0
    assert count(st, "meta_west", "farc_underground") == 0


def test_tv_r_10_rally_base_and_stacking() -> None:
    """TV-R-10 (AA 3.3.1 b, 1.4.2): 2 Guerrillas become a Base; full spaces cannot."""
    st = standard()
    put(st, "arauca", "farc_underground")
    start_op(st, FARC, "rally")
    play(st, "space:arauca")
    assert "base" in options(st)
    play(st, "base")
    assert options(st) == ["base:2"]  # both FARC Guerrillas there are Underground
    play(st, "base:2")
    assert count(st, "arauca", "farc_base") == 2 and count(st, "arauca", "farc_underground") == 0
    assert st.avail[5] == 2 and B.opposition_plus_bases(st) == 21 and st.resources[FARC] == 9
    play(st, "space:meta_west")
    assert "base" not in options(st)


def test_tv_r_11_march_activation() -> None:
    """TV-R-11 (AA 3.3.2 example): 2 Guerrillas into Passive Support with 2 cubes: Active."""
    for level, police, loc, active in ((1, 1, False, True), (0, 1, False, False),
                                       (1, 0, False, False), (1, 1, True, False)):
        st = standard()
        st.support[S["santander"]] = level
        take(st, "santander", "troops", 2)
        if police:
            put(st, "santander", "police")
        put(st, "meta_east", "farc_underground")
        start_op(st, FARC, "march")
        dest = "loc_bogota_yopal" if loc else "santander"
        play(st, f"space:{dest}", "from:meta_east", "u:2", "a:0", "done")
        assert count(st, dest, "farc_active") == (2 if active else 0)
        assert st.resources[FARC] == (10 if loc else 9)


def test_tv_r_12_auc_march_counts_farc() -> None:
    """TV-R-12 (AA 3.3.2): AUC into Opposition counts FARC Guerrillas as cubes."""
    st = standard()
    put(st, "santander", "auc_underground", 2)
    start_op(st, AUC, "march")
    play(st, "space:arauca", "from:santander", "u:3", "a:0", "done")
    assert count(st, "arauca", "auc_active") == 3 and st.resources[AUC] == 9
    st = standard()
    put(st, "santander", "auc_underground", 2)
    start_op(st, AUC, "march")
    play(st, "space:huila", "from:santander", "u:3", "a:0", "done")
    assert count(st, "huila", "auc_underground") == 3


def test_march_each_guerrilla_moves_once() -> None:
    """AA 3.3.2 step 1: Guerrillas that arrived cannot March again."""
    st = standard()
    start_op(st, FARC, "march")
    play(st, "space:loc_bogota_san_jose", "from:guaviare", "u:2", "a:0", "done")
    assert st.resources[FARC] == 10  # a LoC destination costs 0
    play(st, "space:meta_west")
    assert "from:loc_bogota_san_jose" not in options(st) and "from:huila" in options(st)


def test_aa_3_3_2_an_arrival_does_not_march_on_in_an_unmoved_ones_place() -> None:
    """AA 3.3.2 (同じゲリラを 2回以上移動させることはできない): meta_east holds 1 Active FARC
    Guerrilla; 2 Underground ones march in from meta_west (at Opposition: they stay
    Underground). A group from meta_east onward into guaviare is that Active one only: an
    arrival cannot go in its place, which would trade states."""
    st = standard()
    B.PIECES.flip_to(st, S["meta_east"], B.GUER_A[FARC], 1)
    take(st, "guaviare", "farc_underground", 2)
    start_op(st, FARC, "march")
    play(st, "space:meta_east", "from:meta_west", "u:2", "a:0", "done")
    assert (count(st, "meta_east", "farc_underground"), count(st, "meta_east", "farc_active")) \
        == (2, 1)
    play(st, "space:guaviare", "from:meta_east")
    assert options(st) == ["u:0"]
    play(st, "u:0")
    assert options(st) == ["a:1"]
    play(st, "a:1", "done")
    assert (count(st, "meta_east", "farc_underground"), count(st, "meta_east", "farc_active"),
            count(st, "guaviare", "farc_underground"), count(st, "guaviare", "farc_active")) \
        == (2, 0, 0, 1)


def test_tv_r_13_attack_and_captured_goods() -> None:
    """TV-R-13 (AA 3.3.3): die 1: success, remove Cartels G then B, +1 FARC G."""
    st = standard()
    rig_die(st, 1)
    start_op(st, FARC, "attack")
    play(st, "space:putumayo", "attack", "piece:cartels_underground", "piece:cartels_base")
    assert count(st, "putumayo", "farc_active") == 2
    assert count(st, "putumayo", "farc_underground") == 1
    assert count(st, "putumayo", "cartels_base") == 1 and B.bases_on_map(st, CARTELS) == 5
    assert st.resources[FARC] == 9 and st.avail[3] == 17


def test_aa_1_4_1_attack_roll_of_1_may_take_a_guerrilla_back() -> None:
    """AA 3.3.3 (a roll of 1 places a Guerrilla) with AA 1.4.1 (AA-R-03): no FARC Guerrilla
    Available, FARC may take one back from another space, Underground or Active, before the
    removals, or place none."""
    st = standard()
    st.avail[B.PIECES.pool[B.GUER_U[FARC]]] = 0
    rig_die(st, 1)
    start_op(st, FARC, "attack")
    play(st, "space:putumayo", "attack")
    opts = options(st)
    assert opts[-1] == "done" and "reclaim:guaviare:farc_underground" in opts
    assert all(o.startswith("reclaim:") and ":farc_" in o for o in opts[:-1])
    assert not any(o.startswith("reclaim:putumayo:") for o in opts)
    play(st, "reclaim:guaviare:farc_underground")
    assert "piece:cartels_underground" in options(st)  # then the Attack's removals
    assert count(st, "putumayo", "farc_underground") == 1


def test_tv_r_13_attack_fails_and_bases_last() -> None:
    """TV-R-13 variations: die 3 fails; die 2: a Cartels Base only once its Guerrilla is gone."""
    st = standard()
    rig_die(st, 3)
    start_op(st, FARC, "attack")
    play(st, "space:putumayo", "attack")
    assert count(st, "putumayo", "farc_active") == 2 and st.resources[FARC] == 9
    assert not any(o.startswith("piece:") for o in options(st))
    st = standard()
    rig_die(st, 2)
    start_op(st, FARC, "attack")
    play(st, "space:putumayo", "attack")
    assert "piece:cartels_base" not in options(st)


def test_tv_r_14_terror() -> None:
    """TV-R-14 (AA 3.3.4): AUC Terror cuts Aid; FARC shifts toward Opposition."""
    st = standard()
    start_op(st, AUC, "terror")
    play(st, "space:atlantico", "space:santander", "done")
    finish(st)
    assert st.resources[AUC] == 8 and B.total_support(st) == 47 and st.aid == 4
    assert st.terror[S["atlantico"]] == 1 and count(st, "santander", "auc_active") == 1
    st = standard()
    start_op(st, FARC, "terror")
    play(st, "space:santander", "space:huila", "space:narino", "done")
    finish(st)
    assert st.resources[FARC] == 7 and B.total_support(st) == 48
    assert B.opposition_plus_bases(st) == 22 and sum(st.terror) == 3 and st.aid == 9
    st = standard()
    start_op(st, AUC, "terror")
    play(st, "space:atlantico", "done")
    finish(st)
    assert st.aid == 6


def test_terror_on_loc_sabotages_for_free() -> None:
    """AA 3.3.4 step 3: a LoC costs 0 and gets Sabotage; again only Activates (AA-R-31)."""
    st = standard()
    put(st, "loc_bogota_yopal", "farc_underground", 2)
    start_op(st, FARC, "terror")
    play(st, "space:loc_bogota_yopal", "done")
    assert st.resources[FARC] == 10 and B.is_sabotaged(st, S["loc_bogota_yopal"])


def test_tv_r_49_rally_without_available_guerrillas() -> None:
    """TV-R-49 (AA 1.4.1 step 4): take an own Guerrilla back from the map, then place it."""
    st = standard()
    st.resources[AUC] = 5
    while st.avail[6]:
        put(st, "vichada", "auc_underground")
    start_op(st, AUC, "rally")
    play(st, "space:cesar", "place")
    assert "reclaim:atlantico:auc_underground" in options(st)
    play(st, "reclaim:atlantico:auc_underground")
    assert count(st, "cesar", "auc_underground") == 1
    assert count(st, "atlantico", "auc_underground") == 0
    assert st.resources[AUC] == 4


def test_rally_base_chooses_which_guerrillas() -> None:
    """AA 3.3.1 (b), AA-I-4: the faction picks the 2 Guerrillas replaced by the Base."""
    st = standard()
    put(st, "cesar", "farc_underground", 3)
    B.PIECES.flip_to(st, S["cesar"], 4, 1)
    start_op(st, FARC, "rally")
    play(st, "space:cesar", "base")
    assert options(st) == ["base:1", "base:2"]  # 2 Underground, 1 Active there
    play(st, "base:2")
    assert count(st, "cesar", "farc_base") == 1 and count(st, "cesar", "farc_active") == 1


def test_shipment_follows_the_movers_if_its_owner_says_so() -> None:
    """AA 4.5.3 step 5 (AA-I-1): some FARC Guerrillas leave Meta West, one stays; FARC says
    its Shipment goes with the movers."""
    st = standard()
    st.ships[0] = S["meta_west"] * 4 + FARC
    start_op(st, FARC, "march")
    play(st, "space:loc_bogota_san_jose", "from:meta_west", "u:1", "a:0")
    assert options(st) == ["follow:0", "stay"]
    play(st, "follow:0")
    assert st.ships[0] == S["loc_bogota_san_jose"] * 4 + FARC


def test_aa_3_3_2_march_moves_each_origin_as_one_group() -> None:
    """AA 3.3.2 steps 2-3: the Guerrillas moving from one origin to one destination are one
    group, judged once for Activation: an origin is offered once per destination (through
    `engine.act`)."""
    st = standard()
    put(st, "meta_west", "farc_underground", 2)
    start_op(st, FARC, "march")
    t = Table(st)
    t.play("space:loc_bogota_san_jose", "from:meta_west")
    assert t.options() == ["u:1", "u:2", "u:3", "u:4"]  # a group is never empty
    t.play("u:1", "a:0")
    assert t.options() == ["from:guaviare", "from:meta_east", "done"]
    st = standard()
    put(st, "meta_west", "farc_underground", 2)
    start_op(st, FARC, "march")
    t = Table(st)
    t.play("space:loc_bogota_san_jose", "from:meta_west", "u:4", "a:0")
    assert count(t.st, "loc_bogota_san_jose", "farc_active") == 4  # 4 + 0 cubes > 3 on a LoC
    assert count(t.st, "loc_bogota_san_jose", "farc_underground") == 0


def test_aa_1_4_1_rally_base_taken_back_from_the_map() -> None:
    """AA 1.4.1, 3.3.1 (b): with every FARC Base on the map, Rally may replace 2 Guerrillas
    by a Base taken back from elsewhere (through `engine.act`)."""
    st = standard()
    put(st, "narino", "farc_base", 2)
    put(st, "vichada", "farc_base")
    put(st, "huila", "farc_underground")
    start_op(st, FARC, "rally")
    t = Table(st)
    t.play("space:huila")
    assert t.options() == ["place", "base", "mass", "gather"]
    t.play("base")
    assert t.options() == [f"reclaim:{s}:farc_base" for s in (
        "choco", "narino", "meta_west", "guaviare", "arauca", "meta_east", "vichada")]
    t.play("reclaim:vichada:farc_base")
    assert t.options() == ["base:2"]
    t.play("base:2")
    after = t.st
    assert count(after, "huila", "farc_base") == 2 and count(after, "vichada", "farc_base") == 0
    assert B.guerrillas(after, S["huila"], FARC) == 0


def test_aa_1_4_1_rally_places_more_than_are_available() -> None:
    """AA 1.4.1, 3.3.1 (c): with 1 Guerrilla Available and room for 3, Guerrillas may be
    taken back from the map to place them."""
    st = standard()
    put(st, "vichada", "farc_underground", 17)
    start_op(st, FARC, "rally")
    t = Table(st)
    t.play("space:huila", "mass")
    opts = t.options()
    assert opts[0] == "n:1" and "reclaim:vichada:farc_underground" in opts
    assert "reclaim:huila:farc_underground" not in opts
    t.play("reclaim:vichada:farc_underground", "reclaim:vichada:farc_underground")
    assert t.options()[:3] == ["n:1", "n:2", "n:3"]
    t.play("n:3")
    assert count(t.st, "huila", "farc_underground") == 4
