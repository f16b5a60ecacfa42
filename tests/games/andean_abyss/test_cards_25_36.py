"""Event cards 25-36, every side applied where it has an effect (AA 5; TV-D-02, 13, 20,
24, 27, 29; TV-R-52)."""

from __future__ import annotations

from services.andean_abyss import board as B
from services.andean_abyss.constants import Mom

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
    rig_die,
    run_event,
    standard,
)


def test_card_25() -> None:
    """TV-D-20: Huila's FARC pieces removed; shaded: 3 FARC pieces next to Antioquia."""
    st = standard()
    run_event(st, 25, "unshaded", GOVT)
    assert sorted(options(st)) == ["space:huila", "space:santander"]
    play(st, "space:huila")
    assert B.bases_on_map(st, FARC) == 5 and B.opposition_plus_bases(st) == 19
    assert st.avail[3] == 19
    st = standard()
    run_event(st, 25, "shaded", FARC, "space:cesar", "place:farc_base", "place:farc_base")
    assert count(st, "cesar", "farc_base") == 2  # stacking: the 3rd piece is a Guerrilla
    assert count(st, "cesar", "farc_underground") == 1


def test_card_26() -> None:
    """Unshaded: Cartels Attack FARC only where both are; shaded: 3 per shared space."""
    st = standard()
    rig_die(st, 1)
    run_event(st, 26, "unshaded", GOVT)
    assert options(st) == ["attack:putumayo"]
    play(st, "attack:putumayo")
    assert sorted(options(st)) == ["done", "piece:farc_underground"]
    play(st, "piece:farc_underground", "piece:farc_underground")
    assert B.guerrillas(st, S["putumayo"], FARC) == 0 and count(st, "putumayo", "auc_underground")
    st = standard()
    run_event(st, 26, "shaded", FARC)
    # 4 spaces (Meta East, Meta West, Guaviare, Putumayo): 12, but Cartels have only 10
    assert st.resources[CARTELS] == 0 and st.resources[FARC] == 20


def test_card_27() -> None:
    st = standard()
    run_event(st, 27, "unshaded", FARC, "sa:eradicate", "space:putumayo", "shift:huila",
              "sa:air_lift", "from:bogota", "to:cali", "n:3", "sa:eradicate", "space:guaviare")
    assert st.aid == 17 and count(st, "cali", "troops") == 6 and B.bases_on_map(st, CARTELS) == 3
    run_event(st, 27, "shaded", FARC)
    assert st.mom == 1 << Mom.M27


def test_card_27_unshaded_special_activities_may_be_declined() -> None:
    """Card 27 unshaded (政府は 3回の特殊活動を無償で実施できる: may, AA-I-9): after one free
    Eradicate the Government declines the other two; nothing else changes."""
    st = standard()
    run_event(st, 27, "unshaded", FARC)
    assert options(st) == ["sa:air_lift", "sa:air_strike", "sa:eradicate", "done"]
    play(st, "sa:eradicate", "space:putumayo", "shift:huila")
    aid = st.aid
    assert options(st)[-1] == "done"
    play(st, "done")
    assert not any(o.startswith("sa:") for o in options(st)) and st.aid == aid


def test_cards_29_34_shaded_the_named_faction_may_decline() -> None:
    """Cards 29 shaded (2 回の待ち伏せを無償で実施できる) and 34 shaded (配置できる): the
    named faction may decline (AA-I-9): "done" before the space; nothing happens."""
    st = standard()
    run_event(st, 29, "shaded", FARC, "faction:auc")
    assert "done" in options(st)
    play(st, "done")
    assert B.pieces_of(st, S["santander"], GOVT) > 0
    st = standard()
    run_event(st, 34, "shaded", FARC, "faction:cartels")
    assert options(st)[-1] == "done"
    play(st, "done")
    assert count(st, "vichada", "cartels_base") == 0


def test_card_28() -> None:
    """TV-D-02 / TV-D-13."""
    st = standard()
    run_event(st, 28, "unshaded", GOVT)
    assert sorted(options(st)) == ["space:arauca", "space:santander"]
    play(st, "space:arauca", "piece:farc_base", "piece:farc_underground", "done")
    assert B.bases_on_map(st, FARC) == 5
    st = standard()
    run_event(st, 28, "shaded", FARC)
    assert sorted(options(st)) == ["space:arauca", "space:cesar", "space:guainia",
                                   "space:santander", "space:vichada"]
    play(st, "space:arauca")
    assert count(st, "arauca", "farc_base") == 2 and B.opposition_plus_bases(st) == 21
    assert B.is_sabotaged(st, S["loc_cucuta_arauca"])
    assert B.is_sabotaged(st, S["loc_cucuta_ayacucho"])


def test_card_29() -> None:
    st = standard()
    put(st, "huila", "troops", 2)
    run_event(st, 29, "unshaded", FARC, "space:huila", "piece:farc_active")
    assert count(st, "huila", "farc_active") == 0 and count(st, "huila", "farc_base") == 1
    st = standard()
    run_event(st, 29, "shaded", FARC, "faction:auc", "space:santander", "piece:troops",
              "piece:troops", "piece:troops", "piece:govt_base")
    assert B.pieces_of(st, S["santander"], GOVT) == 0
    assert count(st, "santander", "auc_underground") == 3


def test_card_30() -> None:
    st = standard()
    run_event(st, 30, "shaded", FARC, "space:meta_west")
    assert B.is_zone(st, S["meta_west"])
    run_event(st, 30, "unshaded", GOVT, "space:meta_west")
    assert st.zones == 0


def test_card_31() -> None:
    st = standard()
    st.support[S["neiva"]] = 1
    run_event(st, 31, "unshaded", GOVT, "space:cali")
    assert options(st) == ["space:neiva"]
    play(st, "space:neiva", "space:huila")
    assert st.support[S["cali"]] == 1 and st.support[S["neiva"]] == 2
    assert st.support[S["huila"]] == 1
    st.support[S["choco"]] = -1
    run_event(st, 31, "shaded", FARC, "space:choco")
    assert st.support[S["choco"]] == -2


def test_card_32() -> None:
    st = standard()
    run_event(st, 32, "unshaded", GOVT, "space:cali", "space:huila")
    assert st.support[S["cali"]] == 1 and st.support[S["huila"]] == 1
    run_event(st, 32, "shaded", FARC)
    assert st.resources[FARC] == 22


def test_card_33() -> None:
    """TV-D-29: Ecuador becomes a space and takes 2 FARC Bases (no 3rd FARC piece there)."""
    st = standard()
    run_event(st, 33, "shaded", FARC, "place:farc_base", "place:farc_base")
    assert B.in_play(st, B.D.ECUADOR) and B.bases_on_map(st, FARC) == 8
    assert B.opposition_plus_bases(st) == 22 and not B.can_place(st, B.D.ECUADOR, 3)
    assert B.D.ECUADOR in B.adjacent(st, S["pasto"])
    st = standard()
    run_event(st, 33, "unshaded", GOVT, "space:putumayo", "piece:cartels_base",
              "piece:cartels_base", "piece:farc_underground")
    assert B.bases_on_map(st, CARTELS) == 4


def test_card_34() -> None:
    st = standard()
    run_event(st, 34, "unshaded", GOVT, "faction:auc")
    assert st.resources[AUC] == 5
    run_event(st, 34, "shaded", FARC, "faction:cartels", "space:vichada")
    assert count(st, "vichada", "cartels_base") == 1
    assert count(st, "vichada", "cartels_underground") == 2


def test_card_35() -> None:
    """TV-D-27 and shaded."""
    st = standard()
    run_event(st, 35, "unshaded", GOVT, "space:putumayo")
    assert st.avail[1] == 16 and B.bases_on_map(st, CARTELS) == 4 and st.aid == 12
    st = standard()
    put(st, "huila", "cartels_base")
    run_event(st, 35, "shaded", CARTELS, "space:huila")
    assert st.support[S["huila"]] == -2


def test_card_36() -> None:
    """TV-R-52 / TV-D-24: Zone in Huila; Cali and Antioquia to Passive Support; the
    executor stays Eligible."""
    st = standard()
    run_event(st, 36, "unshaded", FARC)
    assert options(st) == ["space:huila"]  # the Government places it (AA 6.4.4)
    play(st, "space:huila")
    assert B.is_zone(st, S["huila"])
    assert sorted(options(st)) == ["space:antioquia", "space:cali"]
    play(st, "space:cali", "space:antioquia")
    assert B.total_support(st) == 55 and st.set_eligible == [FARC]


def test_card_33_reclaim_own_pieces() -> None:
    """AA 1.4.1 step 4 (AA-I-3) in an Event placement: with no FARC piece Available, FARC
    may take its own pieces back from the map to place them in Ecuador."""
    st = standard()
    B.PIECES.take_available(st, 3, 99)
    B.PIECES.take_available(st, 5, 99)
    run_event(st, 33, "shaded", FARC)
    assert "reclaim:choco:farc_base" in options(st) and "done" in options(st)
    play(st, "reclaim:choco:farc_base")
    assert options(st)[0] == "place:farc_base" and "done" not in options(st)
    play(st, "place:farc_base")
    assert count(st, "ecuador", "farc_base") == 1
    play(st, "done")
    assert B.pieces_of(st, B.D.ECUADOR, FARC) == 1
