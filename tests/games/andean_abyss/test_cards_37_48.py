"""Event cards 37-48, every side applied where it has an effect (AA 5; TV-R-51; TV-D-18)."""

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
    event_table,
    options,
    play,
    put,
    rig_die,
    run_event,
    standard,
    start_op,
)


def test_card_37_unshaded_beats_card_42() -> None:
    """TV-R-51 (AA 5.1.2): with card 42 protecting FARC, the AUC Guerrilla in Arauca counts
    as a Troop for a free Sweep that Activates the FARC Guerrilla."""
    st = standard()
    st.mom |= 1 << Mom.SEIZE
    st.mom_seize = FARC
    run_event(st, 37, "unshaded", GOVT)
    assert "sweep:arauca" in options(st)
    play(st, "sweep:arauca", "piece:farc_underground")
    assert count(st, "arauca", "farc_active") == 1


def test_card_37_shaded() -> None:
    """AUC free March, then a free Ambush in a March destination."""
    st = standard()
    run_event(st, 37, "shaded", AUC, "space:cesar", "from:antioquia", "u:1", "a:0", "done",
              "done")
    assert options(st) == [] and st.resources[AUC] == 10  # nobody to Ambush in Cesar
    st = standard()
    rig_die(st, 6)
    run_event(st, 37, "shaded", AUC, "space:santander", "from:antioquia", "u:1", "a:0",
              "done", "done", "space:santander", "piece:troops", "piece:troops")
    assert count(st, "santander", "troops") == 1 and count(st, "santander", "auc_active") == 2
    assert count(st, "santander", "auc_underground") == 1  # placed as on a roll of 1
    st = standard()  # 待ち伏せを実施できる: the Ambush may be declined (AA-I-9)
    run_event(st, 37, "shaded", AUC, "space:santander", "from:antioquia", "u:1", "a:0",
              "done", "done")
    assert options(st) == ["space:santander", "done"]


def test_card_38() -> None:
    st = standard()
    B.PIECES.flip_to(st, S["santander"], 7, 1)
    run_event(st, 38, "unshaded", GOVT, "space:santander")
    assert B.guerrillas(st, S["santander"], AUC) == 0
    st = standard()
    B.PIECES.flip_to(st, S["santander"], 7, 1)
    B.PIECES.flip_to(st, S["guaviare"], 7, 1)
    run_event(st, 38, "shaded", AUC)
    assert count(st, "santander", "auc_underground") == 1
    assert count(st, "guaviare", "auc_active") == 1  # neither cubes nor Support there


def test_card_39() -> None:
    st = standard()
    run_event(st, 39, "unshaded", GOVT, *[f"space:{s}" for s in (
        "cesar", "antioquia", "huila", "choco", "narino", "vichada")])
    assert st.avail[1] == 12
    run_event(st, 39, "shaded", AUC, "space:cesar", "space:huila", "done")
    assert count(st, "cesar", "auc_underground") == 1 and count(st, "cesar", "police") == 0


def test_card_40() -> None:
    st = standard()
    run_event(st, 40, "unshaded", GOVT, "piece:atlantico:auc_underground", "by:police",
              "piece:antioquia:auc_underground", "by:police", "piece:arauca:auc_underground",
              "by:police")
    assert count(st, "atlantico", "police") == 1 and st.avail[6] == 15
    st = standard()
    put(st, "antioquia", "troops", 2)
    run_event(st, 40, "shaded", AUC, "space:antioquia", "piece:troops", "to:medellin",
              "piece:troops", "to:cali", "space:cali", "place:auc_underground", "space:bogota",
              "place:auc_base")
    assert B.cubes(st, S["antioquia"]) == 0 and count(st, "cali", "troops") == 4
    assert count(st, "cali", "auc_underground") == 1 and count(st, "bogota", "auc_base") == 1


def test_card_41() -> None:
    st = standard()
    run_event(st, 41, "unshaded", GOVT, "space:antioquia")
    assert st.resources[AUC] == 4 and B.pieces_of(st, S["antioquia"], AUC) == 0
    st = standard()
    run_event(st, 41, "shaded", AUC)
    assert st.resources[AUC] == 16  # TV-D-17: Guaviare and Putumayo


def test_card_42() -> None:
    st = standard()
    run_event(st, 42, "unshaded", GOVT, "space:cali", "space:huila")
    assert B.total_support(st) == 55 and st.resources[GOVT] == 43
    run_event(st, 42, "shaded", FARC)
    assert st.mom == 1 << Mom.SEIZE and st.mom_seize == FARC
    st = standard()
    run_event(st, 42, "shaded", GOVT)
    assert st.mom == 0


def test_card_42_shaded_bars_sweep_not_a_patrols_activation() -> None:
    """Card 42 shaded (掃討と急襲を実施できない: no Sweep, no Assault against FARC): a
    Patrol's LoC Activation (AA 3.2.2 step 2) is neither, so FARC's Guerrilla there is
    offered; a Sweep's Activation in a Department leaves FARC's Guerrillas out."""
    st = standard()
    run_event(st, 42, "shaded", FARC)
    put(st, "loc_bogota_neiva", "police", 2)
    put(st, "loc_bogota_neiva", "farc_underground")
    put(st, "loc_bogota_neiva", "auc_underground")
    start_op(st, GOVT, "patrol")
    play(st, "done")  # no cube moves
    assert options(st) == ["piece:farc_underground", "piece:auc_underground", "done"]
    play(st, "piece:farc_underground", "piece:auc_underground")
    assert count(st, "loc_bogota_neiva", "farc_active") == 1
    st = standard()
    run_event(st, 42, "shaded", FARC)
    put(st, "huila", "troops", 2)
    put(st, "huila", "auc_underground")
    start_op(st, GOVT, "sweep")
    play(st, "space:huila", "done", "done")  # no cube moves in; no more spaces
    assert options(st) == ["piece:auc_underground", "done"]


def test_card_43() -> None:
    st = standard()
    put(st, "huila", "troops")
    put(st, "cesar", "troops")
    run_event(st, 43, "unshaded", GOVT)
    assert options(st) == ["space:huila"]
    play(st, "space:huila")
    assert st.terror[S["huila"]] == 2 and count(st, "huila", "farc_base") == 0
    run_event(st, 43, "shaded", FARC, "space:cesar")
    assert st.terror[S["cesar"]] == 2 and st.aid == 0


def test_card_44() -> None:
    """TV-D-25: Cali to Active Support, TS 56, Govt 43."""
    st = standard()
    run_event(st, 44, "unshaded", GOVT)
    # AA 5.1.3: the Cities already at Active Support would change nothing: only Cali
    # (Neutral) is offered
    assert options(st) == ["space:cali"]
    play(st, "space:cali")
    assert B.total_support(st) == 56 and st.resources[GOVT] == 43
    run_event(st, 44, "shaded", FARC, "space:bogota")
    assert st.support[S["bogota"]] == 0 and st.resources[GOVT] == 40


def test_card_45() -> None:
    """TV-D-18: 6 spaces with AUC pieces: Aid 3; die 5: Govt 35."""
    st = standard()
    st.terror[S["cali"]] = 1
    run_event(st, 45, "unshaded", GOVT)
    assert st.support[S["cali"]] == 1
    st = standard()
    rig_die(st, 5)
    run_event(st, 45, "shaded", AUC)
    assert st.aid == 3 and st.resources[GOVT] == 35


def test_card_46() -> None:
    """Limpieza: AUC Terror in Santander with 2 markers, 2 enemies removed, level set."""
    st = standard()
    run_event(st, 46, "unshaded", GOVT, "faction:auc", "space:santander", "piece:govt_base",
              "piece:farc_underground", "passive_opposition")
    assert st.terror[S["santander"]] == 2 and st.support[S["santander"]] == -1
    assert B.bases_on_map(st, GOVT) == 0 and st.aid == 6


def test_card_46_an_active_guerrilla_does_the_terror() -> None:
    """Card 46 (任意のゲリラでテロ; AA 5.5: an already Active Guerrilla may do it, AA-I-20):
    with 1 Active and 1 Underground AUC Guerrilla in Cali, the Active one does the Terror
    and the Underground one stays Underground."""
    st = standard()
    put(st, "cali", "auc_active")
    put(st, "cali", "auc_underground")
    run_event(st, 46, "unshaded", AUC, "faction:auc", "space:cali")
    assert (count(st, "cali", "auc_underground"), count(st, "cali", "auc_active")) == (1, 1)
    assert st.terror[S["cali"]] == 2


def test_card_47() -> None:
    st = standard()
    put(st, "atlantico", "police", 2)
    run_event(st, 47, "unshaded", GOVT, "assault:atlantico", "piece:auc_active")
    assert B.guerrillas(st, S["atlantico"], AUC) == 0 and count(st, "antioquia", "auc_active")
    st = standard()
    run_event(st, 47, "shaded", AUC, "piece:cucuta:auc_active")
    assert count(st, "cucuta", "auc_underground") == 2 and st.terror[S["cucuta"]] == 1
    assert st.aid == 6 and st.support[S["cucuta"]] == 1


def test_card_48() -> None:
    st = standard()
    run_event(st, 48, "unshaded", GOVT)
    assert "neutral:arauca" in options(st) and "base:arauca" in options(st)
    play(st, "base:arauca")
    assert B.bases_on_map(st, FARC) == 5
    run_event(st, 48, "shaded", FARC, "space:cali", "space:medellin")
    assert st.support[S["cali"]] == -1 and st.support[S["medellin"]] == 1
    assert CARTELS == 3


def test_card_47_unshaded_police_assault_at_the_troops_rate() -> None:
    """Card 47 unshaded: the Police Assault AUC "as if Troops": in a Mountain Department 1
    removal per 2 Police (AA 3.2.4); the Government may skip spaces (rulebook: できる)."""
    st = standard()
    put(st, "antioquia", "police", 2)
    put(st, "antioquia", "auc_underground")
    t = event_table(st, 47, "unshaded", GOVT)
    assert t.options() == ["assault:antioquia", "done"]
    t.play("assault:antioquia")
    assert t.options() == ["piece:auc_active", "done"]  # 2 Police: 1 removal
    t.play("piece:auc_active")
    assert t.decision() is None and count(t.st, "antioquia", "auc_active") == 1


def test_card_37_unshaded_auc_count_as_troops_at_the_troops_rate() -> None:
    """Card 37 unshaded: AUC Guerrillas count as Troops: Santander (Mountain) with 3 Troops
    and 1 AUC Guerrilla removes (3 + 1) // 2 = 2 FARC pieces; spaces may be skipped."""
    st = standard()
    put(st, "santander", "farc_underground")
    B.PIECES.flip_to(st, S["santander"], 4, 2)
    t = event_table(st, 37, "unshaded", GOVT)
    assert "assault:santander" in t.options() and t.options()[-1] == "done"
    t.play("assault:santander", "piece:farc_active", "piece:farc_active")
    assert B.guerrillas(t.st, S["santander"], FARC) == 0
    t.play("done")
    assert t.decision() is None


def test_card_47_shaded_auc_takes_guerrillas_back_before_its_terror() -> None:
    """AA 1.4.1 (AA-R-03): AUC executing card 47 shaded with every AUC Guerrilla on the map
    may take 2 back to place them in Cúcuta; the free Terror there follows, with them."""
    st = standard()
    put(st, "antioquia", "auc_underground", 12)
    run_event(st, 47, "shaded", AUC)
    assert options(st) == [
        "reclaim:atlantico:auc_underground", "reclaim:guaviare:auc_underground",
        "reclaim:putumayo:auc_underground", "reclaim:antioquia:auc_underground",
        "reclaim:santander:auc_underground", "reclaim:arauca:auc_underground", "done"]
    assert st.terror[S["cucuta"]] == 0
    play(st, "reclaim:antioquia:auc_underground", "reclaim:atlantico:auc_underground")
    assert count(st, "antioquia", "auc_underground") == 12
    assert count(st, "atlantico", "auc_underground") == 0
    assert count(st, "cucuta", "auc_underground") == 1 and count(st, "cucuta", "auc_active") == 1
    assert st.terror[S["cucuta"]] == 1 and st.aid == 6
