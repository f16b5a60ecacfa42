"""Data checks: map.json, setup.json, cards.json (DATA.md, TEST_VECTORS-data.md TV-D-nn)."""

from __future__ import annotations

import itertools

from services.andean_abyss import GAME, setup
from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.constants import SpaceType

from .scenario import S, standard


def test_data_validates() -> None:
    assert D.validate() == []


def test_adjacency_symmetric_irreflexive() -> None:
    """AA 1.3.6: adjacency from map.json is symmetric and never reflexive."""
    for s in range(D.NS):
        for a in D.ADJ_ALL[s]:
            assert s in D.ADJ_ALL[a] and a != s


def test_tv_d_01_ayacucho() -> None:
    """TV-D-01 (AA 1.3.6): the 8 spaces around Ayacucho are pairwise adjacent."""
    ring = ["atlantico", "cesar", "santander", "antioquia", "loc_santa_marta_ayacucho",
            "loc_bucaramanga_ayacucho", "loc_sincelejo_ayacucho", "loc_cucuta_ayacucho"]
    for a, b in itertools.combinations(ring, 2):
        assert S[b] in D.ADJ[0][S[a]]
    assert S["choco"] in D.ADJ[0][S["antioquia"]]
    assert S["choco"] not in D.ADJ[0][S["atlantico"]]
    assert sorted(D.NAMES[a] for a in D.ADJ[0][S["loc_sincelejo_medellin"]]) == [
        "antioquia", "choco", "medellin", "sincelejo"]


def test_tv_d_03_totals() -> None:
    """TV-D-03 (AA 1.3, 6.3.1): 11/16/18 spaces, Population 40, Econ 30, 137/142 pairs."""
    perm = [s for s in range(D.NS) if s not in D.EXTRA_BIT]
    assert [sum(1 for s in perm if D.TYPE[s] == t) for t in SpaceType] == [11, 16, 18]
    assert sum(D.POP[s] for s in D.CITIES) == 25 and sum(D.POP) == 40
    assert D.TOTAL_ECON == 30
    assert sorted(D.NAMES[s] for s in D.LOCS if D.ECON[s] == 3) == [
        "loc_cucuta_arauca", "loc_cucuta_ayacucho", "loc_sincelejo_ayacucho"]
    assert sum(len(a) for a in D.ADJ[0]) // 2 == 137
    assert sum(len(a) for a in D.ADJ[3]) // 2 == 142


def test_tv_d_05_structure() -> None:
    """TV-D-05: no City adjacent to a City; Ecuador/Panamá adjacency only once in play."""
    for c in D.CITIES:
        assert not any(D.TYPE[a] == SpaceType.CITY for a in D.ADJ_ALL[c])
    assert sorted(D.NAMES[a] for a in D.ADJ[1][D.ECUADOR]) == [
        "loc_pasto_tumaco", "narino", "pasto", "putumayo"]
    assert [D.NAMES[a] for a in D.ADJ[2][D.PANAMA]] == ["choco"]
    assert D.ECUADOR not in D.ADJ[0][S["pasto"]] and D.ECUADOR in D.ADJ[1][S["pasto"]]


def test_tv_d_04_bogota_locs() -> None:
    """TV-D-04 (AA 8.3): Bogotá touches exactly three 2-Econ LoCs."""
    two = sorted(D.NAMES[a] for a in D.ADJ[0][S["bogota"]] if D.ECON[a] == 2)
    assert two == ["loc_bogota_neiva", "loc_bogota_yopal", "loc_bucaramanga_ibague_bogota"]


def test_tv_d_07_starting_totals() -> None:
    """TV-D-07 (AA 1.6.3, 7.3): Total Support 50, Opposition + Bases 20, margins."""
    from services.andean_abyss.victory import margins
    st = standard()
    assert B.total_support(st) == 50
    assert B.total_opposition(st) == 14 and B.bases_on_map(st, 1) == 6
    assert B.opposition_plus_bases(st) == 20
    assert margins(st) == [-10, -5, -5, -30]


def test_tv_d_08_force_pools() -> None:
    """TV-D-08 (AA 1.4.1): Available pools after setup; 4 spaces full of Bases."""
    st = standard()
    assert st.avail[:3] == [18, 18, 2]
    assert (st.avail[3], st.avail[5]) == (18, 3)
    assert (st.avail[6], st.avail[8]) == (12, 5)
    assert (st.avail[9], st.avail[11]) == (10, 9)
    assert all(B.active(st, s, f) == 0 for s in range(D.NS) for f in (1, 2, 3))
    full = sorted(D.NAMES[s] for s in range(D.NS) if B.base_room(st, s) == 0 and not B.is_loc(s))
    assert full == ["guaviare", "meta_east", "meta_west", "putumayo"]
    assert st.resources == [40, 10, 10, 10] and st.aid == 9


def test_standard_control() -> None:
    """DATA D4.1: Govt controls the 11 Cities and Santander; FARC 7 Departments."""
    st = standard()
    govt = sorted(D.NAMES[s] for s in range(D.NS) if B.control(st, s) == 0)
    farc = sorted(D.NAMES[s] for s in range(D.NS) if B.control(st, s) == 1)
    assert govt == sorted([D.NAMES[c] for c in D.CITIES] + ["santander"])
    assert farc == sorted(["choco", "narino", "meta_west", "guaviare", "huila", "arauca",
                           "meta_east"])


def test_tv_d_09_deck() -> None:
    """TV-D-09 (AA 2.1): 64 cards, one Propaganda card in each quarter, 12 Events set aside."""
    for seed in range(20):
        st = GAME.new_state(4, {}, seed)
        setup.prepare_deck(st)
        top_first = list(reversed(st.deck))
        assert len(top_first) == 64 and len(set(top_first)) == 64
        for q in range(4):
            assert sum(c >= 73 for c in top_first[16 * q:16 * (q + 1)]) == 1
        assert sum(c <= 72 for c in top_first) == 60


def test_tv_d_10_card_4_order() -> None:
    """TV-D-10 (AA-D-10): card 4 order is Govt, FARC, Cartels, AUC."""
    assert D.FACTION_ORDER[4] == (0, 1, 3, 2)


def test_card_counts() -> None:
    """DATA D3.3: 58 events, 8 capabilities, 6 momentum; each faction leftmost on 18."""
    kinds = [D.CARDS[n]["kind"] for n in D.EVENT_CARDS]
    assert (kinds.count("event"), kinds.count("capability"), kinds.count("momentum")) == (
        58, 8, 6)
    for f in range(4):
        assert sum(D.FACTION_ORDER[n][0] == f for n in D.EVENT_CARDS) == 18
