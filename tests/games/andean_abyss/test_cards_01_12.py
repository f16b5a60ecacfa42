"""Event cards 1-12, every side applied where it has an effect (AA 5, TV-D-12, 14)."""

from __future__ import annotations

import pytest

from services.andean_abyss import board as B
from services.andean_abyss.constants import Cap, Kind, Mom

from .scenario import (
    FARC,
    GOVT,
    S,
    Table,
    count,
    on_card,
    options,
    play,
    put,
    run_event,
    standard,
    start_proc,
)

CAPS = [(1, "C1"), (2, "C2"), (3, "C3"), (7, "C7"), (9, "C9"), (10, "C10"), (11, "C11")]


@pytest.mark.parametrize("card,cap", CAPS)
@pytest.mark.parametrize("side", ["unshaded", "shaded"])
def test_capabilities(card: int, cap: str, side: str) -> None:
    """AA 5.3: the side sets its Capability for the rest of the game."""
    st = standard()
    run_event(st, card, side, GOVT)
    flag = Cap[f"{cap}_{side[0].upper()}"]
    assert st.caps == 1 << flag


def test_card_4_unshaded() -> None:
    """TV-D-12: the three 3-Econ pipelines: Govt 40 + 2 x 9 = 58."""
    st = standard()
    run_event(st, 4, "unshaded", 1, "space:loc_cucuta_arauca", "space:loc_sincelejo_ayacucho",
              "space:loc_cucuta_ayacucho")
    assert st.resources[GOVT] == 58


def test_card_4_shaded() -> None:
    """Sabotage the 3 highest-Econ cube-free pipelines (AA-D-21)."""
    st = standard()
    run_event(st, 4, "shaded", 1)
    assert sorted(o for o in options(st)) == ["space:loc_cucuta_arauca",
                                               "space:loc_cucuta_ayacucho",
                                               "space:loc_sincelejo_ayacucho"]
    from .scenario import play
    play(st, "space:loc_cucuta_arauca", "space:loc_cucuta_ayacucho",
         "space:loc_sincelejo_ayacucho")
    assert bin(st.sabotage).count("1") == 3


def test_card_5_unshaded() -> None:
    """6 Police onto pipelines (seed: 6つの警察を...配置する, no "done" before the sixth),
    then Activate 3 Guerrillas there or adjacent."""
    st = standard()
    run_event(st, 5, "unshaded", GOVT, *["space:loc_cucuta_arauca"] * 2)
    assert "done" not in options(st)
    from .scenario import play
    play(st, *["space:loc_cucuta_arauca"] * 4)
    assert count(st, "loc_cucuta_arauca", "police") == 6
    assert "piece:arauca:farc_underground" in options(st)
    from .scenario import play
    play(st, "piece:arauca:farc_underground", "piece:arauca:auc_underground")
    assert count(st, "arauca", "farc_active") == 1 and count(st, "arauca", "auc_active") == 1


def test_card_5_unshaded_places_what_is_available() -> None:
    """AA 5.1.3: with 2 Police Available, card 5 executed by FARC (the Police are not its
    own: no taking back, AA 1.4.1) places those 2 and goes on."""
    st = standard()
    st.avail[B.PIECES.pool[Kind.POLICE]] = 2
    run_event(st, 5, "unshaded", FARC, *["space:loc_cucuta_arauca"] * 2)
    assert count(st, "loc_cucuta_arauca", "police") == 2
    assert "piece:arauca:farc_underground" in options(st)


def test_card_5_unshaded_government_takes_police_back() -> None:
    """AA 1.4.1 (AA-R-03): the Government executing card 5 unshaded with 2 Police
    Available places them at once, then may take Police back from the map for the others;
    a pipeline where it declines gets no Police and is not one of "those pipelines"."""
    st = standard()
    st.avail[B.PIECES.pool[Kind.POLICE]] = 2
    run_event(st, 5, "unshaded", GOVT, *["space:loc_cucuta_arauca"] * 3)
    assert count(st, "loc_cucuta_arauca", "police") == 2
    assert options(st) == [
        "reclaim:bogota:police", "reclaim:cali:police", "reclaim:medellin:police",
        "reclaim:bucaramanga:police", "reclaim:ibague:police", "reclaim:santa_marta:police",
        "reclaim:cartagena:police", "reclaim:cucuta:police", "reclaim:neiva:police",
        "reclaim:pasto:police", "reclaim:sincelejo:police", "done"]
    play(st, "reclaim:bogota:police")
    assert count(st, "loc_cucuta_arauca", "police") == 3 and count(st, "bogota", "police") == 1
    play(st, "space:loc_cali_buenaventura", "done", *["space:loc_cucuta_arauca", "done"] * 2)
    assert count(st, "loc_cali_buenaventura", "police") == 0
    assert "piece:arauca:farc_underground" in options(st)
    assert "piece:cali:cartels_underground" not in options(st)


def test_card_5_shaded() -> None:
    """A space next to a 3-Econ LoC shifts 2 levels toward Opposition."""
    st = standard()
    run_event(st, 5, "shaded", 1, "space:cucuta")
    assert st.support[S["cucuta"]] == 0


def test_card_6() -> None:
    """Unshaded: Departments next to a Sabotaged LoC to Passive Support; shaded: Sabotage a
    pipeline and shift a Department next to it (TV-D-23: nothing on the standard setup)."""
    st = standard()
    run_event(st, 6, "unshaded", GOVT)
    assert options(st) == [] and B.total_support(st) == 50
    st.sabotage |= 1 << S["loc_cucuta_arauca"]
    run_event(st, 6, "unshaded", GOVT, "space:arauca")
    assert st.support[S["arauca"]] == 1
    st = standard()
    run_event(st, 6, "shaded", 1)
    # AA 5.1.3: a pipeline whose Departments are all at Active Opposition (Choco, Narino)
    # would leave the shift undone while others allow it
    assert "space:loc_cali_buenaventura" not in options(st)
    from .scenario import play
    play(st, "space:loc_bucaramanga_ayacucho", "space:santander")
    assert B.is_sabotaged(st, S["loc_bucaramanga_ayacucho"]) and st.support[S["santander"]] == 1


def test_card_8() -> None:
    """Unshaded: 3 free Air Strikes by the Government; shaded: Govt -9."""
    st = standard()
    put(st, "guaviare", "troops")
    B.PIECES.flip_to(st, S["guaviare"], 4, 2)
    run_event(st, 8, "unshaded", 1, "space:guaviare", "piece:farc_active",
              "space:guaviare", "piece:farc_active", "space:guaviare", "piece:cartels_base")
    assert count(st, "guaviare", "farc_active") == 0 and B.bases_on_map(st, 3) == 5
    st = standard()
    run_event(st, 8, "shaded", 1)
    assert st.resources[GOVT] == 31


def test_card_8_unshaded_air_strikes_may_be_declined() -> None:
    """Card 8 unshaded (政府は 3 回の航空攻撃を無償で実施できる: may): each free Air Strike
    can be declined ("done" before its space), here the second, after the first."""
    st = standard()
    put(st, "guaviare", "troops")
    B.PIECES.flip_to(st, S["guaviare"], 4, 2)
    run_event(st, 8, "unshaded", 1)
    assert options(st)[-1] == "done" and "space:guaviare" in options(st)
    from .scenario import play
    play(st, "space:guaviare", "piece:farc_active", "done")
    assert "done" in options(st)
    play(st, "done")
    assert count(st, "guaviare", "farc_active") == 1 and B.bases_on_map(st, 3) == 6


def test_card_12() -> None:
    """TV-D-14: Govt 40 + min(9, 20) = 49, Aid 19; shaded: Momentum."""
    st = standard()
    run_event(st, 12, "unshaded", GOVT)
    assert st.resources[GOVT] == 49 and st.aid == 19
    run_event(st, 12, "shaded", 1)
    assert st.mom == 1 << Mom.M12


def test_card_1_unshaded_one_civic_action_space_per_support_phase() -> None:
    """Card 1 unshaded: in each Support phase one *space* needs only Government Control and
    any cube: any number of Civic Actions there, and no second such space (through
    `engine.act`)."""
    st = standard()
    st.caps |= 1 << Cap.C1_U
    st.support[S["santa_marta"]] = st.support[S["cartagena"]] = 0
    st.resources[GOVT] = 12
    st.ctl = [B.live_control(st, s) for s in range(len(st.support))]
    start_proc(st, "coin.propaganda", i=3, stop=False)  # the Support phase
    t = Table(st)
    assert t.options() == ["space:cali", "space:santa_marta", "space:cartagena", "done"]
    t.play("space:santa_marta")
    assert t.options() == ["space:cali", "space:santa_marta", "done"]
    t.play("space:santa_marta")
    assert t.st.support[S["santa_marta"]] == 2 and t.st.resources[GOVT] == 6
    assert t.options() == ["space:cali", "done"]


@pytest.mark.parametrize("card,op,space", [(2, "sweep", "meta_east"), (3, "assault", "cali")])
def test_card_2_3_shaded_one_space_per_card(card: int, op: str, space: str) -> None:
    """Cards 2 and 3 shaded: a Sweep / an Assault selects 1 space per card, so a Ship LimOp
    after a Sweep / an Assault cannot take a second (through `engine.act`)."""
    st = standard()
    st.caps |= 1 << Cap[f"C{card}_S"]
    st.ships[0] = S["putumayo"] * 4 + 3
    put(st, "cali", "farc_underground", 3)
    B.PIECES.flip_to(st, S["cali"], 4, 3)  # 3 Active FARC Guerrillas
    put(st, "medellin", "farc_underground")
    B.PIECES.flip_to(st, S["medellin"], 4, 1)  # a second Assault target
    on_card(st, 1, [5])
    t = Table(st)
    if op == "sweep":
        t.play("op:sweep", "space:meta_east", "troops:santander", "done")
    else:
        t.play("op:assault", "space:cali", "piece:farc_active", "piece:farc_active",
               "piece:farc_active")
    assert t.options() == ["sa:air_lift", "sa:air_strike", "sa:eradicate", "done"]  # no space
    t.play("done")
    if op == "sweep":
        t.play("piece:farc_underground", "done")  # Activation, then no Special Activity
    else:
        t.play("done")
    t.play("ask:cartels", "give:0")
    limops = t.options()
    assert f"limop:{op}" not in limops and "limop:train" in limops
