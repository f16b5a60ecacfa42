"""The board facts behind the card vectors of TEST_VECTORS-data.md (TV-D-11..TV-D-17), on the
standard setup: the spaces each card can pick (from the board queries) and the tracks after the
stated changes. The cards' own execution, through the engine, comes with the events
(issue 12, later phase); these tests pin the numbers it must reproduce."""

from __future__ import annotations

from services.coin.spaces import NEUTRAL, shift_support
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.constants import Kind, Terrain, UsAlliance
from services.cuba_libre.state import CLState

from .helpers import DR, GOVT, M26, SYNDICATE, S, standard, take


def names(spaces: list[int]) -> list[str]:
    return sorted(D.NAMES[s] for s in spaces)


def populated(st: CLState, where: object) -> list[int]:
    return [s for s in D.POPULATED if where(s)]  # type: ignore[operator]


def test_tv_d_11_turismo() -> None:
    """TV-D-11 (card 39): Casino spaces at Support are Havana, La Habana, Pinar del Río; one
    level toward Neutral each: Total Support 16 - 6 - 1 - 1 = 8. Shaded: open Casino and Police
    only in Havana: Government and Syndicate 15 + 3 = 18."""
    st = standard()
    at_support = populated(st, lambda s: B.casinos(st, s) and st.support[s] > 0)
    assert names(at_support) == ["havana", "la_habana", "pinar_del_rio"]
    for s in at_support:
        shift_support(st, D.POP, s, NEUTRAL)
    assert B.total_support(st) == 8
    st = standard()
    police = [s for s in range(D.NS) if B.n(st, s, Kind.CASINO_OPEN) and B.n(st, s, Kind.POLICE)]
    assert names(police) == ["havana"]
    for f in (GOVT, SYNDICATE):
        B.add_resources(st, f, 3 * len(police))
    assert (st.resources[GOVT], st.resources[SYNDICATE]) == (18, 18)


def test_tv_d_12_coup() -> None:
    """TV-D-12 (card 9): Govt-Controlled spaces one level toward Neutral: Total Support 9; the
    US Alliance is already Firm (no move up), Aid 15. Shaded: Havana is the only City with
    cubes and DR pieces; its 10 cubes remove both DR Guerrillas; US Alliance down to
    Reluctant; Aid unchanged; DR Available 14; DR Pop + Bases stays 1."""
    st = standard()
    govt = populated(st, lambda s: B.control(st, s) == GOVT)
    assert names(govt) == ["camaguey_city", "havana", "las_villas", "santiago_de_cuba"]
    for s in govt:
        shift_support(st, D.POP, s, NEUTRAL)
    assert B.total_support(st) == 9
    assert B.move_us_alliance(st, -1) == 0 and st.aid == 15
    st = standard()
    cities = [c for c in D.CITIES if B.cubes(st, c) and B.pieces_of(st, c, DR)]
    assert names(cities) == ["havana"] and B.assault_removals(st, S["havana"]) == 10
    take(st, "havana", "directorio_underground", 2)
    B.move_us_alliance(st, 1)
    assert st.us_alliance == UsAlliance.RELUCTANT and st.aid == 15
    assert st.avail[Kind.DR_U] == 14 and B.dr_pop_plus_bases(st) == 1


def test_tv_d_13_ambassador_smith() -> None:
    """TV-D-13 (card 40): shaded at setup: Alliance stays Firm; Aid 24; Syndicate 15 +
    min(9, 24 div 2) = 24. With Reluctant, Aid 5: Firm, Aid 14, Syndicate 15 + min(9, 7) = 22.
    Unshaded: Firm -> Reluctant, Aid 15."""
    st = standard()
    assert B.move_us_alliance(st, -1) == 0
    B.add_aid(st, 9)
    B.add_resources(st, SYNDICATE, min(9, st.aid // 2))
    assert (st.us_alliance, st.aid, st.resources[SYNDICATE]) == (UsAlliance.FIRM, 24, 24)
    st = standard()
    st.us_alliance, st.aid = UsAlliance.RELUCTANT, 5
    B.move_us_alliance(st, -1)
    B.add_aid(st, 9)
    B.add_resources(st, SYNDICATE, min(9, st.aid // 2))
    assert (st.us_alliance, st.aid, st.resources[SYNDICATE]) == (UsAlliance.FIRM, 14, 22)
    st = standard()
    B.move_us_alliance(st, 1)
    assert (st.us_alliance, st.aid) == (UsAlliance.RELUCTANT, 15)


def test_tv_d_14_sanchez_mosquera() -> None:
    """TV-D-14 (card 6 unshaded): Mountain Provinces Las Villas (3 Troops) and Sierra Maestra
    (none); Las Villas' Troops to Available (3 -> 6); Las Villas becomes Uncontrolled."""
    st = standard()
    mountains = [p for p in D.PROVINCES if D.TERRAIN[p] == Terrain.MOUNTAIN]
    assert {D.NAMES[p]: B.n(st, p, Kind.TROOPS) for p in mountains} == {
        "las_villas": 3, "sierra_maestra": 0}
    take(st, "las_villas", "troops", 3)
    assert st.avail[Kind.TROOPS] == 6 and B.control(st, S["las_villas"]) == -1


def test_tv_d_15_echeverria() -> None:
    """TV-D-15 (card 27): shaded: DR pieces at distance 0 (2 in Havana) and 4 (1 in Camagüey
    Province); removing the two in Havana: DR Resources 5 - 3 = 2, Havana still Govt, DR Pop +
    Bases 1. Unshaded: Havana set to Neutral: Total Support 16 - 12 = 4."""
    st = standard()
    dr = sorted((D.HOPS_TO_HAVANA[s], D.NAMES[s], B.pieces_of(st, s, DR)) for s in range(D.NS)
                if B.pieces_of(st, s, DR))
    assert dr == [(0, "havana", 2), (4, "camaguey_province", 1)]
    take(st, "havana", "directorio_underground", 2)
    B.add_resources(st, DR, -3)
    assert st.resources[DR] == 2 and B.control(st, S["havana"]) == GOVT
    assert B.dr_pop_plus_bases(st) == 1
    st = standard()
    st.support[S["havana"]] = NEUTRAL
    assert B.total_support(st) == 4


def test_tv_d_16_candidate_spaces() -> None:
    """TV-D-16: card 24 unshaded: Sierra Maestra or its adjacent Oriente / Santiago (not the
    EC); to Active Opposition: Oriente or Santiago give Opposition + Bases 9. Card 4 unshaded:
    Support without Police: Pinar del Río (TS 14) or La Habana (TS 15). Card 5 unshaded: Las
    Villas is the only Province with Troops; its adjacent Provinces Matanzas and Camagüey
    Province; Las Villas to Passive Opposition: Opposition + Bases 9."""
    st = standard()
    sierra = S["sierra_maestra"]
    assert names([sierra, *[a for a in D.ADJ[sierra] if a in D.POPULATED]]) == [
        "oriente", "santiago_de_cuba", "sierra_maestra"]
    for space in ("oriente", "santiago_de_cuba"):
        st = standard()
        st.support[S[space]] = -2
        assert B.opposition_plus_bases(st) == 9
    st = standard()
    no_police = populated(st, lambda s: st.support[s] > 0 and not B.n(st, s, Kind.POLICE))
    assert names(no_police) == ["la_habana", "pinar_del_rio"]
    for space, ts in (("pinar_del_rio", 14), ("la_habana", 15)):
        st = standard()
        st.support[S[space]] = NEUTRAL
        assert B.total_support(st) == ts
    st = standard()
    troops = [p for p in D.PROVINCES if B.n(st, p, Kind.TROOPS)]
    assert names(troops) == ["las_villas"]
    assert names([a for a in D.ADJ[troops[0]] if a in D.PROVINCES]) == [
        "camaguey_province", "matanzas"]
    assert all(st.support[S[p]] == -1 for p in ("matanzas", "camaguey_province"))
    st.support[troops[0]] = -1
    assert B.opposition_plus_bases(st) == 9


def test_tv_d_17_aid_arithmetic() -> None:
    """TV-D-17: card 15 shaded: Govt 15 + min(15, 10) = 25, then Aid 20. Card 37 unshaded:
    26July 15, Aid 9; shaded: Aid 25, DR 8, Syndicate 20. Card 11: Govt 15 -> 5, 4 Troops
    removed of 12, Alliance stays Firm, Aid 25."""
    st = standard()
    B.add_resources(st, GOVT, min(st.aid, 10))
    B.add_aid(st, 5)
    assert (st.resources[GOVT], st.aid) == (25, 20)
    st = standard()
    B.add_resources(st, M26, 5)
    B.add_aid(st, -6)
    assert (st.resources[M26], st.aid) == (15, 9)
    st = standard()
    B.add_aid(st, 10)
    B.add_resources(st, DR, 3)
    B.add_resources(st, SYNDICATE, 5)
    assert (st.aid, st.resources[DR], st.resources[SYNDICATE]) == (25, 8, 20)
    st = standard()
    assert B.on_map(st, Kind.TROOPS) == 12
    B.add_resources(st, GOVT, -10)
    take(st, "havana", "troops", 4)
    assert B.move_us_alliance(st, -1) == 0
    B.add_aid(st, 10)
    assert (st.resources[GOVT], B.on_map(st, Kind.TROOPS), st.aid) == (5, 8, 25)
