"""AA 4 Special Activities: TV-R-15..24, TV-R-50."""

from __future__ import annotations

from services.andean_abyss import GAME
from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.constants import Mom
from services.andean_abyss.special.insurgent import bribable, bribe_modes
from services.andean_abyss.state import AAState
from services.kernel import codec, engine, rng
from services.kernel.bots import random_choice

from .scenario import (
    AUC,
    CARTELS,
    FARC,
    GOVT,
    S,
    Table,
    count,
    finish,
    kind,
    options,
    play,
    put,
    rig_die,
    standard,
    start_op,
    take,
)

EXTORT_8 = ["choco", "narino", "huila", "arauca", "meta_east", "meta_west", "guaviare", "cesar"]


def test_tv_r_15_extort_after_rally() -> None:
    """TV-R-15 (AA 4.3.1): 8 Extort spaces after a Rally in Cesar."""
    st = standard()
    start_op(st, FARC, "rally")
    play(st, "space:cesar", "place", "done", "sa:extort")
    offered = sorted(o.split(":")[1] for o in options(st) if o.startswith("space:"))
    assert offered == sorted(EXTORT_8)
    play(st, *[f"space:{s}" for s in EXTORT_8])
    assert st.resources[FARC] == 17
    assert all(count(st, s, "farc_active") == 1 for s in EXTORT_8)


def test_tv_r_16_ambush() -> None:
    """TV-R-16 (AA 4.3.2): 1 Guerrilla Activated, no roll, AUC G and Cartels B removed."""
    st = standard()
    start_op(st, FARC, "attack")
    play(st, "space:guaviare", "ambush")
    assert options(st) == ["piece:auc_underground", "piece:cartels_base", "done"]
    play(st, "piece:auc_underground", "piece:cartels_base")
    assert count(st, "guaviare", "farc_active") == 1
    assert count(st, "guaviare", "farc_underground") == 2
    assert B.bases_on_map(st, CARTELS) == 5 and st.resources[FARC] == 9
    assert not any(o.startswith("sa:") for o in options(st))  # the SA was the Ambush


def test_tv_r_17_kidnap() -> None:
    """TV-R-17 (AA 4.3.3): Terror + Kidnap in Cúcuta; die 4; die 6 lets AUC place."""
    for die in (4, 6):
        st = standard()
        put(st, "cucuta", "farc_underground", 2)
        rig_die(st, die)
        start_op(st, FARC, "terror")
        play(st, "space:cucuta", "sa:kidnap", "space:cucuta")
        assert B.total_support(st) == 49 and st.terror[S["cucuta"]] == 1
        assert st.resources[GOVT] == 40 - die and st.resources[FARC] == 9 + die
        if die == 6:
            assert options(st) == ["place:auc_base", "place:auc_underground"]
            play(st, "place:auc_base")
            assert count(st, "cucuta", "auc_base") == 1


def test_tv_r_18_drug_ransom() -> None:
    """TV-R-18 (AA 4.3.3): Cartels targeted with a Shipment: it goes to FARC, no roll."""
    st = standard()
    st.ships[0] = S["putumayo"] * 4 + CARTELS
    start_op(st, FARC, "terror")
    play(st, "space:putumayo", "sa:kidnap", "space:putumayo")
    assert st.ships[0] == S["putumayo"] * 4 + FARC
    assert st.resources[FARC] == 9 and st.resources[CARTELS] == 10
    assert st.terror[S["putumayo"]] == 1


def test_tv_r_19_assassinate_ignores_bases_last() -> None:
    """TV-R-19 (AA 4.4.2): the Govt Base goes although 3 Troops are there."""
    st = standard()
    start_op(st, AUC, "terror")
    play(st, "space:santander", "sa:assassinate", "space:santander")
    assert "piece:govt_base" in options(st) and "done" not in options(st)
    play(st, "piece:govt_base")
    finish(st)
    assert st.resources[AUC] == 9 and st.aid == 6 and B.total_support(st) == 48
    assert B.bases_on_map(st, GOVT) == 0 and B.control(st, S["santander"]) == GOVT


def test_tv_r_20_air_strike() -> None:
    """TV-R-20 (AA 4.2.2): in Guaviare the Active FARC G or the Cartels B; never a City;
    never with Train."""
    st = standard()
    put(st, "guaviare", "troops", 3)
    B.PIECES.flip_to(st, S["guaviare"], 4, 1)
    start_op(st, GOVT, "sweep")
    play(st, "sa:air_strike")
    assert "space:guaviare" in options(st) and "space:cali" not in options(st)
    play(st, "space:guaviare")
    assert sorted(options(st)) == ["piece:cartels_base", "piece:farc_active"]
    start_op(st, GOVT, "train")
    assert "sa:air_strike" not in options(st)
    st.mom |= 1 << Mom.M12
    start_op(st, GOVT, "sweep")
    assert "sa:air_strike" not in options(st)


def test_tv_r_21_eradicate() -> None:
    """TV-R-21 (AA 4.2.3): Aid +4; both Cartels Bases go; Huila shifts."""
    st = standard()
    start_op(st, GOVT, "train")
    play(st, "space:bogota", "done", "done", "done", "sa:eradicate", "space:putumayo")
    assert options(st) == ["shift:huila"]
    play(st, "shift:huila")
    assert st.aid == 13 and B.bases_on_map(st, CARTELS) == 4
    assert st.support[S["huila"]] == -1 and B.opposition_plus_bases(st) == 22


def test_tv_r_22_cultivate() -> None:
    """TV-R-22 (AA 4.5.1): place a Base in the Rally Department, or move one in."""
    st = standard()
    start_op(st, CARTELS, "rally")
    play(st, "space:cesar", "place", "sa:cultivate")
    assert "place:cesar" in options(st) and "move:putumayo:cesar" in options(st)
    assert not any(o.endswith("santa_marta") for o in options(st))
    play(st, "place:cesar")
    assert B.bases_on_map(st, CARTELS) == 7


def test_tv_r_23_process() -> None:
    """TV-R-23 (AA 4.5.2): remove 2 Bases for +6, or place 2 Shipments."""
    st = standard()
    start_op(st, CARTELS, "rally")
    play(st, "space:cali", "place", "sa:process", "remove_bases", "base:putumayo",
         "base:putumayo", "done")
    assert st.resources[CARTELS] == 15 and B.bases_on_map(st, CARTELS) == 4
    st = standard()
    start_op(st, CARTELS, "rally")
    play(st, "space:cali", "place", "sa:process", "place_shipments", "ship:cali:cartels",
         "ship:meta_west:farc")
    assert sorted(st.ships[:2]) == sorted([S["cali"] * 4 + CARTELS, S["meta_west"] * 4 + FARC])


def test_tv_r_24_bribe() -> None:
    """TV-R-24 (AA 4.5.4): Terror Cali + Bribe Cali (cubes), Santander (Base), Arauca (flip)."""
    st = standard()
    start_op(st, CARTELS, "terror")
    play(st, "space:cali", "done", "sa:bribe", "space:cali", "cubes", "piece:troops",
         "piece:police")
    play(st, "space:santander", "base", "piece:govt_base")
    play(st, "space:arauca", "flip", "flip:farc_underground", "flip:auc_underground")
    assert st.resources[CARTELS] == 0 and st.terror[S["cali"]] == 1
    assert count(st, "cali", "troops") == 2 and count(st, "cali", "police") == 0
    assert B.bases_on_map(st, GOVT) == 0
    assert count(st, "arauca", "farc_active") == 1 and count(st, "arauca", "auc_active") == 1


def test_tv_r_50_extort_pays_for_rally() -> None:
    """TV-R-50 (AA 4.1, 3.1): with 0 Resources, Extort first, then Rally 3 spaces."""
    st = standard()
    st.resources[FARC] = 0
    start_op(st, FARC, "rally")
    assert options(st) == ["sa:extort"]
    play(st, "sa:extort", "space:choco", "space:narino", "space:huila", "done")
    play(st, "space:huila", "mass", "n:3", "space:choco", "mass", "n:2", "space:cesar", "place")
    assert st.resources[FARC] == 0 and count(st, "narino", "farc_active") == 1
    assert count(st, "huila", "farc_underground") == 3 and count(st, "huila", "farc_active") == 1


def test_air_lift_and_card_10() -> None:
    """AA 4.2.1: up to 3 Troops (card 10 shaded: 1); never into a FARC Zone."""
    from services.andean_abyss.constants import Cap
    st = standard()
    st.zones |= 1 << S["huila"]
    start_op(st, GOVT, "train")
    play(st, "sa:air_lift", "from:bogota")
    assert "to:huila" not in options(st)
    play(st, "to:cali")
    assert options(st) == ["n:1", "n:2", "n:3"]
    st.caps |= 1 << Cap.C10_S
    assert options(st) == ["n:1"]



def test_bribe_space_test_matches_the_bribe_modes() -> None:
    """AA 4.5.4: a space is offered to Bribe exactly when some Bribe mode applies there,
    in every state of a random game (including emptied and Guerrilla-only spaces)."""
    r = rng.seeded(17, stream=7)
    step = engine.setup(GAME, 4, {}, 17)
    seen = set()
    while step.outcome is None:
        st = codec.decode(step.state, AAState)
        for s in B.spaces(st):
            assert bribable(st, s) == bool(bribe_modes(st, s)), D.NAMES[s]
            seen.add(bribable(st, s))
        d = step.waiting()[0]
        step = engine.act(GAME, step.state, d.seat, random_choice(d, r))
    assert seen == {True, False}


def test_aa_4_5_4_bribe_flips_two_different_guerrillas() -> None:
    """AA 4.5.4 (seed 002: 2つまでのゲリラを...活動／潜伏状態を変更する): a Bribe flips up
    to 2 Guerrillas, two pieces: the one flipped first is not offered again (before, a
    second flip could turn it back, a Bribe changing nothing). Arauca holds 1 FARC and 1
    AUC Guerrilla, both Underground."""
    st = standard()
    start_op(st, CARTELS, "terror")
    t = Table(st)
    t.play("space:cali", "done", "sa:bribe", "space:arauca", "flip")
    assert t.options() == ["flip:farc_underground", "flip:auc_underground"]
    t.play("flip:farc_underground")
    assert t.options() == ["flip:auc_underground", "done"]  # not flip:farc_active
    t.play("flip:auc_underground")
    assert (count(t.st, "arauca", "farc_active"), count(t.st, "arauca", "auc_active")) == (1, 1)
    assert t.st.resources[CARTELS] == 10 - 1 - 3
    assert all(o.startswith("space:") or o == "done" for o in t.options())  # next space


def test_aa_4_5_4_bribe_removes_up_to_2_and_may_stop_after_1() -> None:
    """AA 4.5.4 (2つまでのキューブを除去): a Bribe removes up to 2 cubes, or up to 2 enemy
    Guerrillas, and may stop after the first: the duty to remove to the full is the
    Events' and Operations' (seed 1.4.1: イベントやオペレーションの目標とした場合), not a
    Special Activity's. It removes at least one in the space chosen for it."""
    st = standard()
    start_op(st, CARTELS, "terror")
    t = Table(st)
    t.play("space:cali", "done", "sa:bribe", "space:cali", "cubes")
    assert t.options() == ["piece:troops", "piece:police"]
    t.play("piece:troops")
    assert t.options() == ["piece:troops", "piece:police", "done"]
    t.play("done")
    assert (count(t.st, "cali", "troops"), count(t.st, "cali", "police")) == (2, 1)
    t.play("space:guaviare", "guerrillas")
    assert "done" not in t.options()
    t.play("piece:farc_underground")
    assert "done" in t.options()


def test_aa_4_5_4_bribe_flip_of_a_lone_guerrilla_ends_the_space() -> None:
    """AA 4.5.4: in Narino (1 FARC Guerrilla, Underground, nothing else) a flip Bribe
    flips it Active, and with no other Guerrilla there the space is done at once."""
    st = standard()
    start_op(st, CARTELS, "terror")
    t = Table(st)
    t.play("space:cali", "done", "sa:bribe", "space:narino")
    assert t.options() == ["guerrillas", "flip"]
    t.play("flip", "flip:farc_underground")
    assert count(t.st, "narino", "farc_active") == 1
    assert count(t.st, "narino", "farc_underground") == 0
    assert "space:narino" not in t.options() and "space:cali" in t.options()


def lone_cartels_guerrilla_in_cesar(*others: str) -> AAState:
    """Standard setup with the Cartels' only Guerrilla Underground in Cesar (with `others`
    there), 4 Resources: a Bribe (3) then a Terror (1) in Cesar, or nothing."""
    st = standard()
    take(st, "cali", "cartels_underground", count(st, "cali", "cartels_underground"))
    for s in B.spaces(st):
        B.PIECES.remove(st, s, kind("cartels_underground"), B.underground(st, s, CARTELS))
        B.PIECES.remove(st, s, kind("cartels_active"), B.active(st, s, CARTELS))
    put(st, "cesar", "cartels_underground")
    for name in others:
        put(st, "cesar", name)
    st.resources[CARTELS] = 4
    return st


def test_aa_4_5_4_no_bribe_first_that_flips_the_terrors_only_guerrilla() -> None:
    """AA 4.5.4, 3.3.4, 4.1 (AA-I-16): a Terror whose only space is Cesar, where its one
    Guerrilla is Underground and alone. A Bribe begun first may go anywhere a Bribe acts
    but Cesar: there it could only flip that Guerrilla Active (no flip back), leaving the
    Terror no space. With a FARC Guerrilla beside it, the Bribe may flip that one instead."""
    st = lone_cartels_guerrilla_in_cesar()
    start_op(st, CARTELS, "terror")
    t = Table(st)
    assert t.options() == ["space:cesar", "sa:bribe"]
    t.play("sa:bribe")
    offered = [o.split(":")[1] for o in t.options()]
    assert "cesar" not in offered
    assert offered == [D.NAMES[s] for s in B.spaces(t.st)
                       if s != S["cesar"] and bribe_modes(t.st, s)]
    st = lone_cartels_guerrilla_in_cesar("farc_underground")
    start_op(st, CARTELS, "terror")
    t = Table(st)
    t.play("sa:bribe", "space:cesar", "flip", "flip:farc_underground", "done")
    t.play("space:cesar")
    assert t.st.terror[S["cesar"]] == 1 and t.st.resources[CARTELS] == 0
