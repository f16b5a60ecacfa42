"""Event cards 61-72, every side applied where it has an effect (AA 5; TV-D-16, 21, 22, 23;
TV-R-48)."""

from __future__ import annotations

from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.constants import Kind, Mom

from .scenario import (
    AUC,
    CARTELS,
    FARC,
    GOVT,
    S,
    count,
    event_table,
    options,
    play,
    put,
    run_event,
    standard,
    start_op,
)


def test_card_61() -> None:
    """TV-D-21: Cali stripped; Cartels 4; shaded: 3 Bases in Cartels-free Departments."""
    st = standard()
    run_event(st, 61, "unshaded", GOVT, "space:cali")
    assert st.resources[CARTELS] == 4 and B.bases_on_map(st, CARTELS) == 5
    run_event(st, 61, "shaded", CARTELS, "space:cesar", "space:huila", "space:vichada")
    assert B.bases_on_map(st, CARTELS) == 8


def test_card_62() -> None:
    """TV-D-22: shaded places 3 Bases; unshaded removes Insurgents from empty Forests."""
    st = standard()
    run_event(st, 62, "shaded", CARTELS)
    assert B.bases_on_map(st, CARTELS) == 9 and st.avail[11] == 6
    run_event(st, 62, "unshaded", GOVT, "piece:guainia:cartels_base",
              "piece:vaupes:cartels_base", "done")
    assert B.bases_on_map(st, CARTELS) == 7


def test_card_63() -> None:
    st = standard()
    put(st, "cali", "cartels_underground", 2)
    run_event(st, 63, "unshaded", CARTELS, "terror:cali", "terror:putumayo")
    assert B.guerrillas(st, S["cali"], CARTELS) == 1 and count(st, "cali", "cartels_active") == 1
    assert st.terror[S["cali"]] == 1 and st.terror[S["putumayo"]] == 1
    assert st.set_ineligible == [CARTELS]


def test_card_63_the_free_terrors_are_optional() -> None:
    """Card 63: all Cartels Guerrillas but 1 per space are removed; then Cartels *may*
    Terror with the one left (rulebook: 実施できる), space by space."""
    st = standard()
    put(st, "cali", "cartels_underground", 2)
    t = event_table(st, 63, "unshaded", FARC)
    d = t.decision()
    assert d is not None and d.seat == CARTELS
    assert t.options() == ["terror:cali", "terror:putumayo", "done"]
    assert B.guerrillas(t.st, S["cali"], CARTELS) == 1
    t.play("terror:cali", "done")
    after = t.st
    assert after.terror[S["cali"]] == 1 and after.terror[S["putumayo"]] == 0
    assert after.set_ineligible == [CARTELS] and after.resources[CARTELS] == 10


def test_card_64() -> None:
    st = standard()
    run_event(st, 64, "unshaded", GOVT, "space:meta_west")
    assert st.ships[0] == S["meta_west"] * 4 + FARC
    run_event(st, 64, "shaded", CARTELS)
    assert st.resources[CARTELS] == 10 + 2 * 1 + 5


def test_card_65() -> None:
    st = standard()
    run_event(st, 65, "unshaded", GOVT)
    assert "unbase:huila:farc" in options(st) and "ship:santander:auc" in options(st)
    play(st, "unbase:huila:farc")
    assert B.bases_on_map(st, FARC) == 5


def test_card_66() -> None:
    st = standard()
    run_event(st, 66, "shaded", CARTELS)
    assert B.bases_on_map(st, CARTELS) == 6  # every Forest Cartels space is full already
    run_event(st, 66, "unshaded", GOVT, "piece:putumayo:cartels_base",
              "piece:putumayo:cartels_base", "piece:meta_west:cartels_base")
    assert B.bases_on_map(st, CARTELS) == 3


def test_card_62_shaded_short_of_bases_the_executor_picks() -> None:
    """Card 62 shaded, AA 5.1 / 5.1.3: with 1 Cartels Base Available for Guainía, Vaupés
    and Amazonas, the executing faction picks where it goes."""
    st = standard()
    st.avail[B.PIECES.pool[Kind.CARTELS_BASE]] = 1
    run_event(st, 62, "shaded", FARC)
    assert options(st) == ["space:guainia", "space:vaupes", "space:amazonas"]
    play(st, "space:amazonas")
    assert count(st, "amazonas", "cartels_base") == 1 and B.bases_on_map(st, CARTELS) == 7


def test_card_63_the_executor_picks_which_guerrillas_go() -> None:
    """Card 63, AA 5.1 (the executing faction makes the choices): in Bogotá, 1 Underground
    and 1 Active Cartels Guerrilla; the Government removes the Underground one, so the one
    left is Active."""
    st = standard()
    put(st, "bogota", "cartels_underground")
    put(st, "bogota", "cartels_active")
    t = event_table(st, 63, "unshaded", GOVT)
    assert t.decision() is not None and t.decision().seat == GOVT
    assert t.options() == ["piece:cartels_underground", "piece:cartels_active"]
    t.play("piece:cartels_underground")
    after = t.st
    assert (count(after, "bogota", "cartels_underground"),
            count(after, "bogota", "cartels_active")) == (0, 1)


def test_card_67() -> None:
    st = standard()
    run_event(st, 67, "unshaded", GOVT)
    assert st.resources[CARTELS] == 0
    run_event(st, 67, "shaded", CARTELS)
    assert st.mom == 1 << Mom.M67


def test_card_68() -> None:
    """TV-D-23 / TV-R-53: no Cartels piece on the coast at setup: +0."""
    st = standard()
    run_event(st, 68, "shaded", CARTELS)
    assert st.resources[CARTELS] == 10 and options(st) == []
    put(st, "atlantico", "cartels_base")
    put(st, "cartagena", "cartels_underground")
    run_event(st, 68, "shaded", CARTELS)
    assert st.resources[CARTELS] == 14
    run_event(st, 68, "unshaded", GOVT, "cartels_pieces", "piece:atlantico:cartels_base",
              "piece:cartagena:cartels_underground")
    assert B.pieces_of(st, S["atlantico"], CARTELS) == 0


def test_card_69() -> None:
    """Riverines: Guerrillas to a Department, then a free Op there."""
    st = standard()
    run_event(st, 69, "unshaded", FARC, "space:guaviare", "space:vaupes",
              "piece:farc_underground", "to:vaupes", "done")
    assert count(st, "vaupes", "farc_underground") == 1
    assert options(st) == ["op:rally", "op:terror", "none"]
    play(st, "op:rally", "space:vaupes", "place")
    assert count(st, "vaupes", "farc_underground") == 2 and st.resources[FARC] == 10


def test_card_69_a_department_up_to_3_spaces_away_through_any_spaces() -> None:
    """Card 69 (rulebook: 3 スペース先の行政区まで): the path may run through LoCs and Cities;
    from loc_pasto_tumaco, Guaviare is 3 steps away by Pasto and Putumayo."""
    st = standard()
    put(st, "loc_pasto_tumaco", "farc_underground", 2)
    t = event_table(st, 69, "unshaded", FARC)
    t.play("space:loc_pasto_tumaco")
    assert t.options() == ["space:choco", "space:narino", "space:meta_west", "space:guaviare",
                           "space:putumayo", "space:antioquia", "space:santander", "space:huila",
                           "space:vaupes", "space:amazonas"]
    t.play("space:guaviare", "piece:farc_underground", "to:guaviare", "piece:farc_underground",
           "to:guaviare")
    assert count(t.st, "guaviare", "farc_underground") == 4
    assert count(t.st, "loc_pasto_tumaco", "farc_underground") == 0
    assert t.options() == ["op:rally", "op:attack", "op:terror", "none"]


def test_card_70() -> None:
    """TV-D-16: Guainía, Vaupés, Amazonas empty: Government +18."""
    st = standard()
    run_event(st, 70, "unshaded", GOVT)
    assert st.resources[GOVT] == 58


def test_card_70_shaded_terror_by_any_guerrilla_in_forests() -> None:
    """Card 70 shaded (rulebook): the executing faction may Terror with any 1 Guerrilla of
    any faction in each Forest Department, +3 Resources to the executing faction per
    Terror; each Terror has its Guerrilla's faction's effects (AUC: the Aid cut, once for
    the Event, AA-I-12)."""
    st = standard()
    t = event_table(st, 70, "shaded", CARTELS)
    assert t.options() == [
        "terror:atlantico:auc", "terror:choco:farc", "terror:narino:farc",
        "terror:meta_west:farc", "terror:guaviare:farc", "terror:guaviare:auc",
        "terror:putumayo:farc", "terror:putumayo:auc", "terror:putumayo:cartels", "done"]
    t.play("terror:atlantico:auc", "terror:putumayo:cartels", "terror:guaviare:auc")
    assert "terror:putumayo:farc" not in t.options()  # one Terror per Forest Department
    t.play("done")
    after = t.st
    assert after.resources[CARTELS] == 10 + 3 * 3 and after.resources[FARC] == 10
    assert after.support[S["atlantico"]] == 1  # AUC Terror: toward Neutral
    assert after.support[S["putumayo"]] == -1 and after.support[S["guaviare"]] == -1
    assert after.terror[S["atlantico"]] == after.terror[S["putumayo"]] == 1
    assert count(after, "putumayo", "cartels_active") == 1
    assert after.aid == 9 - 5  # two AUC Terrors: one Aid cut of 5


def test_card_71() -> None:
    """TV-R-48: Panamá becomes a space with Cartels Bases; Sweep activates nothing there."""
    st = standard()
    run_event(st, 71, "unshaded", GOVT, "piece:farc_underground")
    assert st.resources[FARC] == 5 and B.guerrillas(st, S["choco"], FARC) == 0
    run_event(st, 71, "shaded", CARTELS, "bases:2")
    assert B.in_play(st, D.PANAMA) and B.bases(st, D.PANAMA, CARTELS) == 2
    assert D.PANAMA in B.adjacent(st, S["choco"])
    put(st, "choco", "troops", 3)
    put(st, "panama", "cartels_underground")
    start_op(st, GOVT, "sweep")
    play(st, "space:panama", "troops:choco", "troops:choco", "troops:choco")
    assert count(st, "panama", "cartels_underground") == 1
    start_op(st, GOVT, "assault")
    assert "space:panama" not in options(st)


def test_card_72() -> None:
    st = standard()
    run_event(st, 72, "unshaded", GOVT, "space:cali", "piece:cartels_underground",
              "by:auc_underground", "space:putumayo", "piece:cartels_underground",
              "by:farc_underground")
    assert count(st, "cali", "auc_underground") == 1 and B.guerrillas(st, S["putumayo"], 3) == 0
    st = standard()
    run_event(st, 72, "shaded", CARTELS, *["space:meta_east"] * 10)
    assert st.avail[9] == 0 and count(st, "meta_east", "cartels_underground") == 10
    assert AUC == 2


def test_card_68_shipments_choice() -> None:
    """Card 68 unshaded, Shipment option: the executor picks up to 2 coastal Shipments."""
    st = standard()
    put(st, "cartagena", "farc_underground")
    put(st, "atlantico", "farc_underground")
    st.ships[0] = S["cartagena"] * 4 + FARC
    st.ships[1] = S["atlantico"] * 4 + FARC
    st.ships[2] = S["putumayo"] * 4 + FARC
    run_event(st, 68, "unshaded", GOVT, "shipments")
    assert options(st) == ["ship:0:cartagena", "ship:1:atlantico"]
    play(st, "ship:1:atlantico", "done")
    assert st.ships[:3] == [S["cartagena"] * 4 + FARC, -1, S["putumayo"] * 4 + FARC]


def test_card_20_each_guerrilla_moves_once() -> None:
    """Card 20 unshaded: a moved Guerrilla cannot be moved again."""
    st = standard()
    run_event(st, 20, "unshaded", FARC, "piece:choco:farc_underground", "to:cali")
    assert "piece:cali:farc_underground" not in options(st)


def test_card_62_shaded_cartels_take_bases_back() -> None:
    """AA 1.4.1 (AA-R-03): the Cartels executing card 62 shaded with 1 Base Available pick
    each of Guainía, Vaupés and Amazonas in turn: the Available Base goes in the first;
    for the others they may take a Base back from the map, or decline."""
    st = standard()
    st.avail[B.PIECES.pool[Kind.CARTELS_BASE]] = 1
    run_event(st, 62, "shaded", CARTELS, "space:vaupes")
    assert count(st, "vaupes", "cartels_base") == 1
    assert options(st) == ["space:guainia", "space:amazonas"]
    play(st, "space:guainia")
    assert options(st) == [
        "reclaim:cali:cartels_base", "reclaim:meta_west:cartels_base",
        "reclaim:guaviare:cartels_base", "reclaim:putumayo:cartels_base",
        "reclaim:meta_east:cartels_base", "reclaim:vaupes:cartels_base", "done"]
    play(st, "reclaim:cali:cartels_base")
    assert count(st, "guainia", "cartels_base") == 1 and count(st, "cali", "cartels_base") == 0
    play(st, "space:amazonas", "done")
    assert count(st, "amazonas", "cartels_base") == 0 and options(st) == []


def test_card_72_shaded_cartels_take_guerrillas_back() -> None:
    """AA 1.4.1 (AA-R-03): card 72 shaded executed by the Cartels: once every Available
    Guerrilla is at a Cartels Base, they may take more back from the map to place them at
    their Bases, and stop when they like."""
    st = standard()
    run_event(st, 72, "shaded", CARTELS, *["space:cali"] * 10)
    assert count(st, "cali", "cartels_underground") == 11
    assert options(st) == ["space:cali", "space:meta_west", "space:guaviare", "space:putumayo",
                           "space:meta_east", "done"]
    play(st, "space:meta_west")
    assert options(st) == ["reclaim:cali:cartels_underground",
                           "reclaim:putumayo:cartels_underground", "done"]
    play(st, "reclaim:putumayo:cartels_underground")
    assert count(st, "meta_west", "cartels_underground") == 1
    assert count(st, "putumayo", "cartels_underground") == 0
    play(st, "done")
    assert options(st) == []


def test_card_71_shaded_faction_takes_bases_back_for_panama() -> None:
    """AA 1.4.1 (AA-R-03): FARC executing card 71 shaded with every FARC Base on the map
    may still place 2 in Panamá, each taken back from another space."""
    st = standard()
    for space in ("cesar", "narino", "vichada"):
        put(st, space, "farc_base")
    run_event(st, 71, "shaded", FARC)
    assert options(st) == ["bases:1", "bases:2"]
    play(st, "bases:2", "reclaim:cesar:farc_base")
    assert B.bases(st, D.PANAMA, FARC) == 1 and count(st, "cesar", "farc_base") == 0
    assert "reclaim:cesar:farc_base" not in options(st) and "done" in options(st)
    play(st, "reclaim:vichada:farc_base")
    assert B.bases(st, D.PANAMA, FARC) == 2 and B.bases_on_map(st, FARC) == 9
    assert options(st) == []
