"""AA 3.2 COIN Operations, with the test vectors TV-R-02..08 and TV-R-25."""

from __future__ import annotations

import pytest

from services.andean_abyss import board as B
from services.andean_abyss.constants import Cap, Mom

from .scenario import (
    GOVT,
    S,
    Table,
    activate_all,
    count,
    finish,
    options,
    play,
    put,
    standard,
    start_op,
    take,
)


def test_tv_r_02_sweep_across_a_loc() -> None:
    """TV-R-02 (AA 1.3.6, 3.2.3): Chocó -> Antioquia is one step; 3 cubes in a Mountain
    Department Activate the AUC Guerrilla; cost 3."""
    st = standard()
    put(st, "choco", "troops", 3)
    start_op(st, GOVT, "sweep")
    play(st, "space:antioquia")
    assert "troops:choco" in options(st)
    play(st, "troops:choco", "troops:choco", "troops:choco", "done", "done")
    play(st, "piece:auc_underground")
    assert count(st, "antioquia", "auc_active") == 1 and st.resources[GOVT] == 37


def test_tv_r_03_train_with_civic_action() -> None:
    """TV-R-03 (AA 3.2.1): Train Cali and Medellín, 3T+3P each, Civic Action twice in Cali."""
    st = standard()
    start_op(st, GOVT, "train")
    play(st, "space:cali", *["place:troops"] * 3, *["place:police"] * 3)
    play(st, "space:medellin", *["place:troops"] * 3, *["place:police"] * 3, "done")
    assert "civic:cali" in options(st) and "civic:medellin" not in options(st)
    play(st, "civic:cali", "civic")
    assert st.resources[GOVT] == 28 and st.avail[0] == 12 and st.avail[1] == 12
    assert st.support[S["cali"]] == 2 and B.total_support(st) == 56
    # Cali is at Active Support: no further purchase; the Op now offers its SA or done
    assert not any(o.startswith("civic") for o in options(st))


def test_tv_r_04_train_base_and_stacking() -> None:
    """TV-R-04 (AA 3.2.1, 1.4.2): Santander gets a 2nd Govt Base from 3 Police."""
    st = standard()
    start_op(st, GOVT, "train")
    play(st, "space:santander", *["place:troops"] * 3, *["place:police"] * 3, "done")
    assert "base:santander:0" in options(st)
    play(st, "base:santander:0")
    assert st.resources[GOVT] == 37 and count(st, "santander", "govt_base") == 2
    assert count(st, "santander", "troops") == 6 and st.avail[2] == 1
    assert B.base_room(st, S["santander"]) == 0


def test_train_department_without_base_places_nothing() -> None:
    """AA-R-19: a Department without a Govt Base may be selected only for step 3."""
    st = standard()
    put(st, "huila", "troops", 3)
    start_op(st, GOVT, "train")
    play(st, "space:huila")
    assert "place:troops" not in options(st) and "space:bogota" in options(st)
    play(st, "done")
    assert options(st) == ["base:huila:3", "done"]


def test_tv_r_05_patrol() -> None:
    """TV-R-05 (AA 3.2.2): moves stop at Guerrillas; LoC activation; free Assault."""
    st = standard()
    put(st, "loc_bogota_neiva", "farc_underground")
    put(st, "loc_bogota_yopal", "auc_underground")
    start_op(st, GOVT, "patrol")
    assert st.resources[GOVT] == 37
    play(st, "from:bogota:troops")
    assert "to:loc_bogota_neiva" in options(st) and "to:meta_west" not in options(st)
    play(st, "to:loc_bogota_neiva", "from:bogota:troops", "to:loc_bogota_neiva")
    play(st, "from:neiva:police", "to:loc_bogota_neiva")
    play(st, "from:bogota:troops", "to:loc_bogota_san_jose", "done")
    # a cube that arrived cannot move again
    play(st, "piece:farc_underground")
    assert count(st, "loc_bogota_neiva", "farc_active") == 1
    assert count(st, "loc_bogota_yopal", "auc_underground") == 1
    assert options(st) == ["assault:loc_bogota_neiva", "done"]
    play(st, "assault:loc_bogota_neiva", "piece:farc_active")
    # the test put the FARC Guerrilla from Available, so it returns to 18 (TV: 19 from S0+1)
    assert st.avail[3] == 18 and B.pieces_of(st, S["neiva"], GOVT) == 0


def test_patrol_reach_stops_at_guerrillas() -> None:
    """AA 3.2.2: a cube stops on entering a space with a Guerrilla: with both of Neiva's
    LoCs occupied, Neiva cannot be reached from Bogotá, but both LoCs can."""
    from services.andean_abyss.ops.govt import patrol_reach
    st = standard()
    put(st, "loc_bogota_neiva", "farc_underground")
    put(st, "loc_neiva_pasto", "auc_underground")
    reach = patrol_reach(st, S["bogota"])
    assert S["neiva"] not in reach
    assert S["loc_bogota_neiva"] in reach and S["loc_neiva_pasto"] in patrol_reach(st, S["pasto"])
    assert not any(B.is_dept(s) for s in reach)


def test_tv_r_06_sweep_loc_transit_and_forest() -> None:
    """TV-R-06 (AA 3.2.3): Troops via a Guerrilla-free LoC; Forest halves activation."""
    st = standard()
    start_op(st, GOVT, "sweep")
    play(st, "space:guaviare")
    assert "troops:medellin" not in options(st)
    play(st, *["troops:bogota"] * 3)  # no Troops left to move: the step ends by itself
    play(st, "space:meta_east", *["troops:santander"] * 3, "done")
    assert st.resources[GOVT] == 34
    play(st, "piece:auc_underground")  # guaviare: floor(3/2) = 1
    play(st, "piece:farc_underground")  # meta_east: 1 exists
    assert not any(o.startswith("piece:") for o in options(st))
    assert count(st, "guaviare", "auc_active") == 1 and count(st, "meta_east", "farc_active") == 1
    assert B.control(st, S["santander"]) != GOVT


def test_tv_r_07_sweep_into_cesar() -> None:
    """TV-R-07 (AA 3.2.3 example): origins for a Sweep of Cesar."""
    from services.andean_abyss.ops.govt import sweep_origins
    st = standard()
    for s in ("santa_marta", "atlantico", "antioquia", "cucuta", "bucaramanga", "sincelejo",
              "cartagena", "medellin", "loc_santa_marta_ayacucho"):
        put(st, s, "troops")
    ok = {B.D.NAMES[o] for o in sweep_origins(st, S["cesar"], [0] * 94, 0)}
    assert {"santa_marta", "atlantico", "antioquia", "santander", "cucuta", "bucaramanga",
            "sincelejo", "loc_santa_marta_ayacucho"} <= ok
    assert not ok & {"cartagena", "medellin", "bogota"}
    put(st, "loc_cucuta_ayacucho", "farc_underground")
    ok = {B.D.NAMES[o] for o in sweep_origins(st, S["cesar"], [0] * 94, 0)}
    assert "cucuta" not in ok and {"bucaramanga", "sincelejo"} <= ok


def test_tv_r_08_assault_rates_and_bases_last() -> None:
    """TV-R-08 (AA 3.2.4): Mountain halves; City counts Police; bases last."""
    st = standard()
    activate_all(st, "santander")
    activate_all(st, "cali")
    start_op(st, GOVT, "assault")
    play(st, "space:santander", "piece:farc_active")
    assert options(st)[:1] == ["space:cali"]
    play(st, "space:cali")
    assert options(st) == ["piece:cartels_active", "done"]  # may target no one
    play(st, "piece:cartels_active")
    assert options(st) == ["piece:cartels_base"]  # AA 1.4.1 step 5: targeted, so no stop
    play(st, "piece:cartels_base", "done")
    assert st.resources[GOVT] == 34 and B.bases_on_map(st, 3) == 5
    assert count(st, "santander", "auc_active") == 1


def test_tv_r_08_underground_protects() -> None:
    """TV-R-08 variation: an Underground Cartels Guerrilla makes Cali unselectable."""
    st = standard()
    start_op(st, GOVT, "assault")
    assert "space:cali" not in options(st)


def test_tv_r_25_drug_bust_and_owner_choice() -> None:
    """TV-R-25 (AA 3.2.5, 4.5.3): the holder is removed; FARC gives the Shipment away or
    removes it (Drug Bust: Aid +6)."""
    for give in (False, True):
        st = standard()
        put(st, "guaviare", "troops", 3)
        activate_all(st, "guaviare")
        from services.andean_abyss.board import PIECES
        PIECES.flip_to(st, S["guaviare"], 6, 1)  # the AUC Guerrilla stays Underground
        st.ships[0] = S["guaviare"] * 4 + 1
        start_op(st, GOVT, "assault")
        play(st, "space:guaviare", "piece:farc_active", "piece:farc_active")
        assert options(st) == ["give:auc", "remove"]
        play(st, "give:auc" if give else "remove", "piece:farc_base")
        finish(st)
        assert st.aid == (9 if give else 15)
        assert (st.ships[0] == S["guaviare"] * 4 + 2) is give
        assert B.opposition_plus_bases(st) == 19


def test_aa_1_5_a_lost_shipment_never_goes_to_its_owners_other_faction() -> None:
    """AA 1.5 option (自身の派閥間において、リソースや積荷のやり取りを行うことはできない): 3
    seats without Non-players, AUC and Cartels one player's; the Cartels' Guerrilla holding
    a Shipment in Cali is removed: the AUC Guerrilla there may not take it, only removal."""
    st = standard(3, non_players="none")
    assert st.seat_of[B.AUC] == st.seat_of[B.CARTELS]
    put(st, "cali", "auc_underground")
    activate_all(st, "cali")
    from services.andean_abyss.board import PIECES
    PIECES.flip_to(st, S["cali"], 6, 1)  # the AUC Guerrilla stays Underground
    st.ships[0] = S["cali"] * 4 + B.CARTELS
    start_op(st, GOVT, "assault")
    play(st, "space:cali", "piece:cartels_active")
    assert options(st) == ["remove"]


@pytest.mark.parametrize("cap,cost", [(None, 3), (Cap.C2_U, 1)])
def test_card_2_sweep_cost(cap: Cap | None, cost: int) -> None:
    """Card 2 unshaded (AA 5.3): Sweep costs 1 per space."""
    st = standard()
    if cap is not None:
        st.caps |= 1 << cap
    start_op(st, GOVT, "sweep")
    play(st, "space:cesar")
    assert st.resources[GOVT] == 40 - cost


def test_card_17_no_sweep_or_assault_in_departments() -> None:
    """Card 17 shaded (momentum): no Sweep in Departments."""
    st = standard()
    st.mom |= 1 << Mom.M17
    start_op(st, GOVT, "sweep")
    assert "space:cesar" not in options(st) and "space:cali" in options(st)


def test_sweep_limop_one_space_and_zones() -> None:
    """AA 2.3.5 LimOp: one destination; AA 1.4.2: never into a FARC Zone."""
    st = standard()
    st.zones |= 1 << S["huila"]
    start_op(st, GOVT, "sweep", limited=True)
    assert "space:huila" not in options(st)
    play(st, "space:cesar", "done")
    assert not any(o.startswith("space:") for o in options(st))


def test_patrol_sources_is_the_reverse_of_patrol_reach() -> None:
    """AA 3.2.2: the LimOp source search agrees with the forward search on played states."""
    from services.andean_abyss import GAME
    from services.andean_abyss.ops.govt import patrol_reach, patrol_sources
    from services.andean_abyss.state import AAState
    from services.kernel import codec
    from services.kernel.playout import random_playout
    st = codec.decode(random_playout(GAME, 4, 8).final.state, AAState)
    for dest in B.spaces(st):
        if not B.is_dept(dest):
            srcs = {s for s in B.spaces(st) if s != dest and dest in patrol_reach(st, s)}
            assert srcs == patrol_sources(st, dest) - {dest}


def test_aa_3_2_2_patrol_activates_in_every_loc() -> None:
    """AA 3.2.2 step 2: in each LoC, 1 Guerrilla per cube, as far as there are Guerrillas of
    the factions the Government targets (AA 3.1 複数の派閥を目標にできる, 1.4.1 step 5): it
    chooses which; it may stop only while no targeted faction has one left Underground
    (through `engine.act`)."""
    st = standard()
    put(st, "loc_bogota_neiva", "police", 2)
    put(st, "loc_bogota_neiva", "farc_underground")
    put(st, "loc_bogota_neiva", "auc_underground", 2)
    start_op(st, GOVT, "patrol")
    t = Table(st)
    t.play("done")  # no cube moves
    assert t.options() == ["piece:farc_underground", "piece:auc_underground", "done"]
    t.play("piece:auc_underground")
    assert t.options() == ["piece:farc_underground", "piece:auc_underground"]
    t.play("piece:farc_underground")
    after = t.st
    assert count(after, "loc_bogota_neiva", "auc_active") == 1
    assert count(after, "loc_bogota_neiva", "farc_active") == 1
    assert count(after, "loc_bogota_neiva", "auc_underground") == 1
    assert t.options() == ["assault:loc_bogota_neiva", "done"]


def test_aa_3_2_3_sweep_activates_one_per_cube() -> None:
    """AA 3.2.3 step 3: 1 Guerrilla per cube (Forest: per 2), as far as there are: once
    FARC is targeted, no "done" before the count is spent (1.4.1 step 5; through
    `engine.act`)."""
    st = standard()
    put(st, "meta_east", "farc_underground")
    start_op(st, GOVT, "sweep")
    t = Table(st)
    t.play("space:meta_east", *["troops:santander"] * 3, "done", "done")
    assert t.options() == ["piece:farc_underground", "done"]
    t.play("piece:farc_underground")
    assert t.options() == ["piece:farc_underground"]
    t.play("piece:farc_underground")
    assert count(t.st, "meta_east", "farc_active") == 2


def test_aa_1_4_1_train_takes_police_back_while_troops_are_available() -> None:
    """AA 1.4.1: the executing faction may take its own pieces from the map to place them:
    offered for each kind none of which is Available (AA-I-3), not only when no kind is."""
    st = standard()
    put(st, "loc_bogota_neiva", "police", 18)
    start_op(st, GOVT, "train")
    t = Table(st)
    t.play("space:bogota")
    assert t.options() == ["place:troops"] + [
        f"reclaim:{s}:police" for s in ("cali", "medellin", "bucaramanga", "ibague",
                                         "santa_marta", "cartagena", "cucuta", "neiva", "pasto",
                                         "sincelejo", "loc_bogota_neiva")] + ["done"]
    t.play("reclaim:cali:police")
    assert count(t.st, "cali", "police") == 0
    assert t.options() == ["place:troops", "place:police", "done"]
    t.play("place:police")
    assert count(t.st, "bogota", "police") == 3


def test_aa_1_4_1_train_base_taken_back_from_the_map() -> None:
    """AA 1.4.1, 3.2.1 step 3: with every Government Base on the map, Train may still build
    one by taking a Base back (Bases included)."""
    st = standard()
    put(st, "cesar", "govt_base", 2)
    start_op(st, GOVT, "train")
    t = Table(st)
    t.play("space:bogota", "done", "done")
    assert t.options() == ["reclaim:cesar:govt_base", "reclaim:santander:govt_base", "done"]
    t.play("reclaim:cesar:govt_base")
    assert t.options() == ["base:bogota:1", "base:bogota:2", "base:bogota:3", "done"]
    t.play("base:bogota:3")
    after = t.st
    assert count(after, "bogota", "govt_base") == 1 and count(after, "cesar", "govt_base") == 1
    assert count(after, "bogota", "troops") == 0 and count(after, "bogota", "police") == 2


def test_aa_3_2_1_train_offers_only_spaces_where_something_can_happen() -> None:
    """AA 3.2.1 (RULES.md: a Department without a Govt Base serves only step 3): Train offers
    Cities and Govt-Base spaces (cubes can be placed), and Departments where a Base or Civic
    Action could be made — not the other Departments (through `engine.act`)."""
    st = standard()
    put(st, "huila", "troops", 2)
    put(st, "huila", "police")  # 3 cubes: a Base could replace them
    put(st, "arauca", "troops")
    put(st, "arauca", "police", 2)  # Govt-Controlled with Troops and Police: Civic Action
    take(st, "arauca", "farc_underground")
    take(st, "arauca", "auc_underground")
    start_op(st, GOVT, "train")
    t = Table(st)
    spaces = [o for o in t.options() if o.startswith("space:")]
    assert spaces == [f"space:{s}" for s in (
        "bogota", "cali", "medellin", "bucaramanga", "ibague", "santa_marta", "cartagena",
        "cucuta", "neiva", "pasto", "sincelejo", "santander", "huila", "arauca")]


def test_aa_3_2_3_sweep_offers_only_spaces_where_something_can_happen() -> None:
    """AA 3.2.3: a Sweep destination must be reachable by Troops, or hold cubes and an
    Underground Guerrilla to Activate (through `engine.act`)."""
    st = standard()
    start_op(st, GOVT, "sweep")
    t = Table(st)
    spaces = {o.split(":")[1] for o in t.options() if o.startswith("space:")}
    assert {"cesar", "meta_east", "guaviare", "huila"} <= spaces  # Troops can come in
    assert not spaces & {"guainia", "vaupes", "amazonas", "vichada", "cartagena"}
    put(st, "cartagena", "farc_underground")  # 1 Police and now a Guerrilla to Activate
    start_op(st, GOVT, "sweep")
    assert "space:cartagena" in Table(st).options()
