"""Event cards 13-24, every side applied where it has an effect (AA 5, TV-D-15)."""

from __future__ import annotations

from services.andean_abyss import board as B
from services.andean_abyss.constants import Cap, Mom

from .scenario import (
    AUC,
    CARTELS,
    FARC,
    GOVT,
    S,
    count,
    event_table,
    finish,
    options,
    play,
    put,
    rig_die,
    run_event,
    standard,
)


def test_card_13() -> None:
    st = standard()
    run_event(st, 13, "unshaded", GOVT)
    run_event(st, 13, "shaded", GOVT)
    assert st.caps == (1 << Cap.C13_U) | (1 << Cap.C13_S)


def test_card_14() -> None:
    """Unshaded: a Base and 3 Troops where the Base fits; shaded: remove Base and cube."""
    st = standard()
    run_event(st, 14, "unshaded", FARC)
    assert "space:meta_east" not in options(st) and "space:cesar" in options(st)
    play(st, "space:cesar")
    assert count(st, "cesar", "govt_base") == 1 and count(st, "cesar", "troops") == 3
    st = standard()
    run_event(st, 14, "shaded", FARC, "space:santander", "piece:troops")
    assert B.bases_on_map(st, GOVT) == 0 and count(st, "santander", "troops") == 2


def test_card_15() -> None:
    st = standard()
    rig_die(st, 5)
    run_event(st, 15, "unshaded", GOVT)
    assert st.resources[GOVT] == 60
    run_event(st, 15, "shaded", FARC)
    assert "space:bogota" not in options(st)  # Active Support does not qualify
    st.support[S["neiva"]] = 1
    run_event(st, 15, "shaded", FARC, "space:neiva")
    assert st.support[S["neiva"]] == -1


def test_card_16() -> None:
    """Unshaded (AA-D-17): Cesar empty -> Govt; Santander Govt; Antioquia AUC; Huila FARC."""
    st = standard()
    run_event(st, 16, "unshaded", GOVT)
    assert st.resources == [50, 15, 15, 10]
    run_event(st, 16, "shaded", FARC)
    assert st.resources[GOVT] == 40


def test_card_17() -> None:
    st = standard()
    run_event(st, 17, "unshaded", GOVT)
    assert st.resources[GOVT] == 49 and st.aid == 15
    run_event(st, 17, "shaded", FARC)
    assert st.mom == 1 << Mom.M17


def test_card_18() -> None:
    """TV-D-15: Govt 49 and Aid 29; shaded with a 4: Govt 34, Aid 5."""
    st = standard()
    run_event(st, 18, "unshaded", GOVT)
    assert st.resources[GOVT] == 49 and st.aid == 29
    st = standard()
    rig_die(st, 4)
    run_event(st, 18, "shaded", FARC)
    assert st.resources[GOVT] == 34 and st.aid == 5


def test_card_19_government() -> None:
    """Govt: every possible space gets an Activation-only Sweep or an Assault."""
    st = standard()
    run_event(st, 19, "unshaded", GOVT)
    assert "sweep:santander" in options(st) and "assault:santander" not in options(st)
    play(st, "sweep:santander", "piece:farc_underground", "piece:auc_underground")
    assert "assault:santander" not in options(st)  # each space once
    play(st, "sweep:cali", "piece:cartels_underground")
    assert count(st, "cali", "cartels_active") == 1
    assert "sweep:cali" not in options(st) and "assault:cali" not in options(st)
    finish(st)
    assert st.resources[GOVT] == 40  # free


def test_card_19_insurgent() -> None:
    """Insurgent: Attack or Terror everywhere possible; AUC Terror cuts Aid once."""
    st = standard()
    run_event(st, 19, "unshaded", AUC)
    opts = options(st)
    assert "terror:atlantico" in opts and "attack:santander" in opts
    while options(st):
        o = options(st)
        play(st, next((x for x in o if x.startswith("terror:")), o[0]))
    assert st.aid == 4


def test_card_20() -> None:
    """Unshaded: the Government moves FARC Guerrillas to adjacent spaces; shaded: free
    March then up to 3 FARC Guerrillas Underground."""
    st = standard()
    run_event(st, 20, "unshaded", FARC, "piece:choco:farc_underground", "to:cali", "done")
    assert count(st, "cali", "farc_underground") == 1
    assert count(st, "choco", "farc_underground") == 0
    st = standard()
    B.PIECES.flip_to(st, S["huila"], 4, 1)
    run_event(st, 20, "shaded", GOVT, "space:loc_bogota_san_jose", "from:guaviare", "u:1",
              "a:0", "done", "done", "piece:huila:farc_active")
    assert st.resources[FARC] == 10 and count(st, "huila", "farc_underground") == 1


def test_card_21() -> None:
    st = standard()
    run_event(st, 21, "unshaded", GOVT, "piece:huila:farc_base")
    assert st.resources[FARC] == 4 and B.bases_on_map(st, FARC) == 5
    run_event(st, 21, "shaded", FARC, "space:cesar")
    assert st.resources[FARC] == 10 and B.bases_on_map(st, FARC) == 6


def test_card_22() -> None:
    st = standard()
    run_event(st, 22, "unshaded", GOVT, "space:choco")
    assert st.support[S["choco"]] == 0
    run_event(st, 22, "shaded", FARC)
    assert st.mom == 1 << Mom.M22


def test_card_23() -> None:
    """TV-D-26: Putumayo: 4 Guerrillas Activated, 2 Cartels Bases removed; shaded: 3 Troops
    off, Govt and FARC Ineligible next card."""
    st = standard()
    run_event(st, 23, "unshaded", GOVT, "space:putumayo")
    assert count(st, "putumayo", "farc_active") == 2 and count(st, "putumayo", "auc_active") == 1
    assert B.bases_on_map(st, CARTELS) == 4 and st.avail[11] == 11
    st = standard()
    run_event(st, 23, "shaded", FARC, "piece:bogota:troops", "piece:bogota:troops",
              "piece:cali:troops")
    assert st.avail[0] == 21 and st.set_ineligible == [GOVT, FARC]


def test_card_24() -> None:
    st = standard()
    run_event(st, 24, "unshaded", GOVT, "space:cali")
    assert st.support[S["cali"]] == 2 and st.set_ineligible == [FARC]
    st = standard()
    run_event(st, 24, "shaded", FARC)
    assert options(st) == ["space:santander"]
    play(st, "space:santander", "piece:troops", "piece:troops", "space:bogota")
    assert count(st, "santander", "troops") == 1 and st.support[S["bogota"]] == 0
    put(st, "cesar", "troops")


def test_card_19_the_faction_may_skip_spaces() -> None:
    """Card 19 (rulebook: 無償で実施できる, "may"): each space is optional."""
    st = standard()
    t = event_table(st, 19, "unshaded", GOVT)
    assert "sweep:santander" in t.options() and t.options()[-1] == "done"
    t.play("sweep:santander", "piece:farc_underground", "piece:auc_underground", "done")
    assert t.decision() is None and count(t.st, "cali", "cartels_underground") == 1


def test_card_14_unshaded_government_takes_its_own_pieces_back() -> None:
    """AA 1.4.1 (AA-R-03): the Government executing card 14 unshaded with no Base
    Available may take one of its Bases back from the map to place it; then, with 1 Troop
    Available, that one goes in at once and it may take Troops back for the other two.
    With the pieces Available, nothing is asked."""
    st = standard()
    run_event(st, 14, "unshaded", GOVT, "space:huila")
    assert options(st) == []
    assert count(st, "huila", "govt_base") == 1 and count(st, "huila", "troops") == 3
    st = standard()
    put(st, "bogota", "govt_base")
    put(st, "cali", "govt_base")
    put(st, "bogota", "troops", 17)
    run_event(st, 14, "unshaded", GOVT, "space:huila")
    assert options(st) == ["reclaim:bogota:govt_base", "reclaim:cali:govt_base",
                           "reclaim:santander:govt_base", "done"]
    play(st, "reclaim:cali:govt_base")
    assert count(st, "huila", "govt_base") == 1 and count(st, "cali", "govt_base") == 0
    assert count(st, "huila", "troops") == 1
    assert options(st) == ["reclaim:bogota:troops", "reclaim:cali:troops",
                           "reclaim:medellin:troops", "reclaim:santander:troops", "done"]
    play(st, "reclaim:medellin:troops", "done")
    assert count(st, "huila", "troops") == 2 and count(st, "medellin", "troops") == 2
    assert options(st) == []


def test_card_21_shaded_farc_takes_a_base_back() -> None:
    """AA 1.4.1 (AA-R-03): FARC executing card 21 shaded with every FARC Base on the map
    picks a space where a Base fits and may take one back from elsewhere to place it."""
    st = standard()
    for space in ("cesar", "narino", "vichada"):
        put(st, space, "farc_base")
    run_event(st, 21, "shaded", FARC)
    assert st.resources[FARC] == 16
    assert "space:huila" in options(st) and "space:meta_west" not in options(st)  # 2 Bases
    play(st, "space:huila")
    assert options(st) == [
        "reclaim:choco:farc_base", "reclaim:narino:farc_base", "reclaim:meta_west:farc_base",
        "reclaim:guaviare:farc_base", "reclaim:cesar:farc_base", "reclaim:arauca:farc_base",
        "reclaim:meta_east:farc_base", "reclaim:vichada:farc_base", "done"]
    play(st, "reclaim:choco:farc_base")
    assert count(st, "huila", "farc_base") == 2 and count(st, "choco", "farc_base") == 0
    assert B.bases_on_map(st, FARC) == 9 and options(st) == []


def test_card_21_shaded_non_player_never_takes_back() -> None:
    """AA-R-03: a Non-player never takes its own pieces back: with no FARC Base Available,
    card 21 shaded for the Non-player FARC places nothing and asks nothing."""
    from services.coin.bots.seats import np_seat
    st = standard()
    st.seat_of[FARC] = np_seat(FARC)
    for space in ("cesar", "narino", "vichada"):
        put(st, space, "farc_base")
    run_event(st, 21, "shaded", FARC)
    assert st.stack == []  # the Event is over: no space was offered
    assert st.resources[FARC] == 16 and B.bases_on_map(st, FARC) == 9
