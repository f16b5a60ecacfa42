"""Event cards 49-60, every side applied where it has an effect (AA 5; TV-D-19, 28)."""

from __future__ import annotations

from services.andean_abyss import board as B
from services.andean_abyss.constants import Kind

from .scenario import (
    AUC,
    CARTELS,
    FARC,
    GOVT,
    S,
    count,
    options,
    play,
    put,
    run_event,
    standard,
)


def test_card_49() -> None:
    st = standard()
    run_event(st, 49, "unshaded", GOVT)
    assert st.avail[6] == 9 and st.out_of_play[6] == 3
    run_event(st, 49, "shaded", AUC)
    assert "space:meta_east" not in options(st)
    play(st, "space:cesar")
    assert count(st, "cesar", "auc_base") == 1 and count(st, "cesar", "auc_underground") == 1


def test_card_50() -> None:
    st = standard()
    run_event(st, 50, "unshaded", AUC, "space:cesar", "space:cesar", "done")
    assert count(st, "cesar", "police") == 2
    run_event(st, 50, "shaded", AUC, "replace", "piece:cesar:police", "by:auc_underground",
              "piece:cesar:police", "by:auc_underground")
    assert count(st, "cesar", "auc_underground") == 2 and count(st, "cesar", "police") == 0


def test_card_51() -> None:
    """TV-D-28: nothing Sabotaged: Govt +12; with Sabotage: every pipeline repaired."""
    st = standard()
    run_event(st, 51, "unshaded", GOVT)
    assert st.resources[GOVT] == 52
    st.sabotage |= 1 << S["loc_cucuta_arauca"] | 1 << S["loc_bogota_san_jose"]
    run_event(st, 51, "unshaded", GOVT)
    assert st.resources[GOVT] == 52 and st.sabotage == 1 << S["loc_bogota_san_jose"]
    st = standard()
    run_event(st, 51, "shaded", FARC, "space:loc_cucuta_arauca", "space:loc_cucuta_ayacucho",
              "space:loc_bucaramanga_ayacucho")
    assert bin(st.sabotage).count("1") == 3


def test_card_52() -> None:
    st = standard()
    run_event(st, 52, "unshaded", GOVT, "space:cali", "space:huila")
    assert st.support[S["cali"]] == 1 and st.support[S["huila"]] == 1
    run_event(st, 52, "shaded", AUC, "space:atlantico")
    assert count(st, "atlantico", "auc_base") == 1 and st.resources[AUC] == 12


def test_card_53() -> None:
    st = standard()
    B.PIECES.flip_to(st, S["meta_west"], 4, 2)
    run_event(st, 53, "unshaded", GOVT, "faction:farc", "space:meta_west", "space:vichada",
              "piece:farc_active", "to:vichada", "piece:farc_active", "to:vichada")
    assert count(st, "vichada", "farc_underground") == 2
    assert count(st, "meta_west", "farc_active") == 0


def test_card_54() -> None:
    st = standard()
    run_event(st, 54, "unshaded", GOVT, "replace", "piece:cali:cartels_underground")
    assert options(st) == ["by:farc_underground", "by:auc_underground"]
    play(st, "by:auc_underground", "done")
    assert count(st, "cali", "auc_underground") == 1
    assert count(st, "cali", "cartels_underground") == 0


def test_card_55() -> None:
    """TV-D-19 style: a Shipment and the Cartels Guerrillas go."""
    st = standard()
    st.ships[0] = S["cali"] * 4 + CARTELS
    run_event(st, 55, "unshaded", GOVT, "ship:0:cali", "piece:cali:cartels_underground",
              "piece:putumayo:cartels_underground")
    assert st.ships[0] == -1 and st.avail[9] == 12
    run_event(st, 55, "shaded", FARC)
    assert options(st) == ["space:cali"]  # the others are at Active Opposition already
    play(st, "space:cali")
    assert st.support[S["cali"]] == -1


def test_card_56() -> None:
    st = standard()
    run_event(st, 56, "unshaded", GOVT)
    assert st.resources[GOVT] == 49 and st.resources[CARTELS] == 1
    st = standard()
    run_event(st, 56, "shaded", CARTELS, "space:bogota", "space:medellin")
    assert st.resources[CARTELS] == 14 and B.bases_on_map(st, CARTELS) == 8


def test_card_57() -> None:
    st = standard()
    run_event(st, 57, "unshaded", GOVT, "piece:cali:cartels_base", "by:police", "done")
    assert count(st, "cali", "police") == 2 and count(st, "cali", "cartels_base") == 0
    run_event(st, 57, "shaded", CARTELS, "space:bogota", "place:cartels_base",
              "space:medellin", "place:cartels_underground")
    assert count(st, "bogota", "cartels_base") == 1 and count(st, "medellin", "police") == 0


def test_card_57_unshaded_government_takes_a_police_back_to_replace() -> None:
    """Card 57 unshaded, AA 1.4.1 (AA-R-03): with every Police on the map, the Government may
    take one back from another space to replace the Cartels Base in Cali, or replace it with
    nothing."""
    st = standard()
    st.avail[B.PIECES.pool[Kind.POLICE]] = 0
    run_event(st, 57, "unshaded", GOVT, "piece:cali:cartels_base")
    opts = options(st)
    assert "reclaim:bogota:police" in opts and opts[-1] == "none"
    assert all(o.startswith("reclaim:") and o.endswith(":police") for o in opts[:-1])
    police = count(st, "bogota", "police")
    play(st, "reclaim:bogota:police")
    assert options(st)[0] == "by:police"
    play(st, "by:police")
    assert count(st, "bogota", "police") == police - 1 and count(st, "cali", "police") == 2
    assert count(st, "cali", "cartels_base") == 0


def test_card_58() -> None:
    """TV-D-19: Cartels 4; their 2 Guerrillas removed; Bases stay."""
    st = standard()
    run_event(st, 58, "unshaded", GOVT)
    assert st.resources[CARTELS] == 4 and st.avail[9] == 12 and B.bases_on_map(st, CARTELS) == 6
    run_event(st, 58, "shaded", CARTELS, "piece:bogota:police", "to:vichada", "done")
    assert count(st, "vichada", "police") == 1


def test_card_59() -> None:
    st = standard()
    run_event(st, 59, "unshaded", GOVT, "assault:cali", "piece:cartels_active",
              "piece:cartels_base")
    assert B.pieces_of(st, S["cali"], CARTELS) == 0
    st = standard()
    B.PIECES.flip_to(st, S["cali"], 10, 1)
    run_event(st, 59, "shaded", CARTELS, "piece:cali:cartels_underground", "to:vaupes", "done")
    assert count(st, "vaupes", "cartels_underground") == 1


def test_card_60() -> None:
    st = standard()
    run_event(st, 60, "unshaded", GOVT, "department", "space:putumayo")
    assert B.pieces_of(st, S["putumayo"], CARTELS) == 0 and st.resources[GOVT] == 46
    st = standard()
    run_event(st, 60, "shaded", CARTELS, "space:bogota", "space:medellin", "space:santander",
              "base", "piece:govt_base")
    assert B.bases_on_map(st, CARTELS) == 8 and B.bases_on_map(st, GOVT) == 0
    assert st.resources[CARTELS] == 10  # the Bribe was free


def test_card_59_unshaded_assaults_may_be_declined() -> None:
    """Card 59 unshaded (それぞれのスペースにおいて...無償の急襲を実施できる: may): the
    Government may stop before any free Assault; the Cartels stay Active (AA-I-9)."""
    st = standard()
    run_event(st, 59, "unshaded", GOVT)
    assert options(st) == ["assault:cali", "done"]
    play(st, "done")
    assert count(st, "cali", "cartels_active") == 1 and B.bases_on_map(st, CARTELS) == 6


def test_card_60_shaded_bribe_may_be_declined() -> None:
    """Card 60 shaded (1か所のスペースで無償の買収を実施できる: may): after the 2 Bases,
    the Cartels may decline the free Bribe."""
    st = standard()
    govt_bases = B.bases_on_map(st, GOVT)
    run_event(st, 60, "shaded", CARTELS, "space:bogota", "space:medellin")
    assert options(st)[-1] == "done"
    play(st, "done")
    assert B.bases_on_map(st, CARTELS) == 8 and B.bases_on_map(st, GOVT) == govt_bases
    assert st.resources[CARTELS] == 10


def test_card_53_moves_at_least_one() -> None:
    """Card 53 (AA-I-11): 1 or 2 Guerrillas: no "done" before the first one moves."""
    st = standard()
    run_event(st, 53, "unshaded", GOVT, "faction:farc", "space:meta_west", "space:vichada")
    assert "done" not in options(st)
    play(st, "piece:farc_underground", "to:vichada")
    assert "done" in options(st)


def test_card_49_shaded_auc_takes_a_base_back() -> None:
    """AA 1.4.1 (AA-R-03): AUC executing card 49 shaded with every AUC Base on the map:
    the Guerrilla (Available) goes in at once, and AUC may take a Base back from another
    space to place it with it."""
    st = standard()
    for space in ("cesar", "santander", "huila", "arauca", "vichada"):
        put(st, space, "auc_base")
    run_event(st, 49, "shaded", AUC, "space:narino")
    assert count(st, "narino", "auc_underground") == 1 and count(st, "narino", "auc_base") == 0
    assert options(st) == [
        "reclaim:cesar:auc_base", "reclaim:antioquia:auc_base", "reclaim:santander:auc_base",
        "reclaim:huila:auc_base", "reclaim:arauca:auc_base", "reclaim:vichada:auc_base", "done"]
    play(st, "reclaim:antioquia:auc_base")
    assert count(st, "narino", "auc_base") == 1 and count(st, "antioquia", "auc_base") == 0
    assert options(st) == []
