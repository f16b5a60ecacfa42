"""coin.bots.random_pick on the Andean Abyss chart (AA 8.2-8.3, TV-D-04, TV-D-06, TV-R-46):
the dice come from a PRNG state chosen so that its next rolls are the vector's."""

from __future__ import annotations

from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.bots.tables import CHART, geography
from services.coin.bots.random_pick import (
    equal_chance,
    pick_order,
    random_loc,
    random_pick,
    random_space,
    rolled,
    walk,
)
from services.kernel import rng
from services.kernel.rng import RngState
from tests.games.andean_abyss.scenario import standard

S = D.INDEX


def dice(*rolls: int) -> RngState:
    """A PRNG state whose next d6 rolls are `rolls`."""
    for x in range(2_000_000):
        r = rng.seeded(x, stream=98)
        probe = rng.RngState(r.state, r.inc)
        if all(rng.randint(probe, 1, 6) == want for want in rolls):
            return r
    raise AssertionError("no PRNG state for the rolls")


def test_aa_8_2_direct_rolls_tv_d_06() -> None:
    """AA 8.2 TV-D-06: red column, yellow box, green slot."""
    cases = {(1, 3, 1): "medellin", (2, 4, 2): "medellin", (4, 3, 6): "meta_east",
             (3, 6, 2): "vichada", (5, 3, 2): "meta_west", (1, 4, 5): "santander",
             (6, 6, 6): "choco", (6, 1, 2): "amazonas"}
    for (r, y, g), name in cases.items():
        assert D.NAMES[rolled(CHART, r, y, g)] == name


def test_aa_8_2_shift_to_a_city_with_police_tv_d_06() -> None:
    """AA 8.2 TV-D-06: (6,1,2) amazonas, shifting past putumayo, guaviare, meta_west to neiva."""
    st = standard(4)
    r = dice(6, 1, 2)
    got = random_space(r, CHART, lambda s: B.is_city(s) and B.police(st, s) > 0)
    assert got == S["neiva"]
    assert walk(CHART, S["amazonas"])[:5] == [S[n] for n in
                                              ("amazonas", "putumayo", "guaviare", "meta_west",
                                               "neiva")]


def test_aa_8_2_box_c3r3_tries_ecuador_then_panama_first_aa_r_39() -> None:
    """AA-R-39: entering Pasto/Nariño/Chocó (by the roll or from Huila) tries Ecuador, then
    Panamá before the box's own slot; their shift-sequence entries are skipped."""
    from_huila = walk(CHART, S["huila"])
    assert from_huila[:5] == [S["huila"], S["ecuador"], S["panama"], S["pasto"], S["narino"]]
    assert from_huila.count(S["ecuador"]) == 1
    onto_choco = walk(CHART, S["choco"])
    assert onto_choco[:4] == [S["ecuador"], S["panama"], S["choco"], S["cali"]]
    assert len(walk(CHART, S["cali"])) == 29


def test_aa_8_3_random_loc_among_three_tv_r_46() -> None:
    """AA 8.3 TV-R-46: no 3-Econ candidate; the random City is Bogotá (1,5,1); its three
    2-Econ LoCs take faces 1-2, 3-4, 5-6 in map order; a 4 -> loc_bogota_neiva."""
    st = standard(4)
    cands = [S["loc_bucaramanga_ibague_bogota"], S["loc_bogota_neiva"], S["loc_bogota_yopal"],
             S["loc_bogota_san_jose"]]
    assert random_loc(dice(1, 5, 1, 4), geography(st), cands) == S["loc_bogota_neiva"]
    assert random_loc(dice(1, 5, 1, 1), geography(st), cands) == \
        S["loc_bucaramanga_ibague_bogota"]
    assert random_loc(dice(1, 5, 1, 6), geography(st), cands) == S["loc_bogota_yopal"]


def test_aa_8_0_equal_chance_splits_the_die_aa_r_21() -> None:
    """AA-R-21: 3 candidates take faces 1-2, 3-4, 5-6; 2 take 1-3, 4-6."""
    assert [equal_chance(dice(f), ["a", "b", "c"]) for f in (1, 2, 3, 4, 5, 6)] == \
        ["a", "a", "b", "b", "c", "c"]
    assert [equal_chance(dice(f), ["a", "b"]) for f in (3, 4)] == ["a", "b"]
    assert equal_chance(dice(), ["only"]) == "only"


def test_aa_8_0_random_pick_kinds_and_determinism() -> None:
    """AA 8.0: Cities/Departments by the chart, LoCs by 8.3, mixed by an equal-chance roll;
    the same PRNG state gives the same picks, every candidate exactly once in `pick_order`."""
    st = standard(4)
    geo = geography(st)
    cands = [S["cali"], S["huila"], S["loc_bogota_neiva"], S["narino"]]
    a = pick_order(rng.seeded(7), geo, cands)
    assert a == pick_order(rng.seeded(7), geo, cands)
    assert sorted(a) == sorted(cands)
    # (1,3,1) medellin is no candidate: the walk goes on to bucaramanga, santander, bogota...
    # and reaches cali only after column 3: huila comes first
    assert random_pick(dice(1, 3, 1), geo, [S["cali"], S["huila"]]) == S["huila"]
