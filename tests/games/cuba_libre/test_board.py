"""Board queries (RULES.md G.1-G.14): Control, totals, stacking, terrain, markers, Cash, tracks,
on the standard setup and on small positions (TV-D-03, TV-D-05, TV-R-01..04)."""

from __future__ import annotations

import pytest

from services.coin.spaces import shift_support
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre import setup
from services.cuba_libre.constants import NO_CONTROL, Kind, Mom, UsAlliance
from services.cuba_libre.invariants import check_invariants
from services.cuba_libre.state import CLState
from services.kernel.errors import RulesBug

from .helpers import DR, GOVT, M26, SYNDICATE, S, put, standard, take


def empty() -> CLState:
    """Every piece Available, every level Neutral: a blank board for small positions."""
    return setup.new_state(4, 1, setup.OPTION_DEFAULTS)


def controls(st: CLState) -> dict[str, int]:
    return {D.NAMES[s]: B.control(st, s) for s in range(D.NS)}


def test_tv_d_05_tv_r_01_control_and_tracks_at_setup() -> None:
    """TV-D-05 / TV-R-01 (CL 1.6.3, 1.7): Control and the four tracks of the standard setup."""
    st = standard()
    assert controls(st) == {
        "pinar_del_rio": SYNDICATE, "ec_west": NO_CONTROL, "la_habana": NO_CONTROL,
        "havana": GOVT, "matanzas": NO_CONTROL, "las_villas": GOVT, "ec_central": NO_CONTROL,
        "camaguey_province": DR, "camaguey_city": GOVT, "oriente": NO_CONTROL,
        "ec_east": NO_CONTROL, "sierra_maestra": M26, "santiago_de_cuba": GOVT}
    assert [B.control_count(st, S["havana"], f) for f in range(4)] == [10, 0, 2, 1]
    assert [B.control_count(st, S["santiago_de_cuba"], f) for f in range(4)] == [4, 1, 0, 0]
    assert B.control_count(st, S["sierra_maestra"], M26) == 3
    assert B.total_support(st) == 16 and B.total_opposition(st) == 6
    assert B.opposition_plus_bases(st) == 7 and B.dr_pop_plus_bases(st) == 1
    assert B.open_casinos(st) == 3
    declared = D.STANDARD.declared_tracks
    assert (declared["total_support"], declared["opposition_plus_bases"],
            declared["dr_pop_plus_bases"], declared["open_casinos"]) == (16, 7, 1, 3)
    B.close_casino(st, S["pinar_del_rio"])
    assert B.control(st, S["pinar_del_rio"]) == NO_CONTROL


def test_ecs_are_never_controlled() -> None:
    """G.4 / CL 1.3.4: an EC full of one faction's pieces is still Uncontrolled, though that
    faction outnumbers the others there."""
    st = standard()
    put(st, "ec_west", "troops", 3)
    assert B.control(st, S["ec_west"]) == NO_CONTROL and B.outnumbers(st, S["ec_west"], GOVT)


def test_tv_r_02_stacking_in_havana() -> None:
    """TV-R-02 (CL 1.4.2): Havana with a Govt Base, a DR Base and 2 Casinos takes no further
    Base or Casino; card 46 shaded lets a 3rd Casino stand there; Govt 11 vs 5 Controls."""
    st = standard()
    put(st, "havana", "govt_base")
    put(st, "havana", "directorio_base")
    put(st, "havana", "casino_open")
    h = S["havana"]
    assert B.base_room(st, h) == 0 and B.casino_room(st, h) == 0
    assert not any(B.can_place(st, h, k) for k in (Kind.GOVT_BASE, Kind.M26_BASE, Kind.DR_BASE,
                                                  Kind.CASINO_OPEN, Kind.CASINO_CLOSED))
    assert B.can_place(st, h, Kind.TROOPS) and B.can_place(st, h, Kind.DR_U)
    assert B.control_count(st, h, GOVT) == 11
    assert sum(B.control_count(st, h, f) for f in (M26, DR, SYNDICATE)) == 5
    assert B.control(st, h) == GOVT
    check_invariants(st)
    put(st, "havana", "casino_open")  # card 46 shaded places it despite the limit
    with pytest.raises(RulesBug, match="Casinos"):
        check_invariants(st)
    st.casino_exempt |= 1 << h
    check_invariants(st)
    assert B.casino_limit(st, h) == 3 and B.casino_room(st, h) == 0


def test_no_bases_or_casinos_in_ecs() -> None:
    """CL 1.4.2: ECs hold no Bases and no Casinos."""
    st = standard()
    for e in D.ECS:
        assert B.base_room(st, e) == 0 and B.casino_room(st, e) == 0
        assert not B.can_place(st, e, Kind.M26_BASE) and not B.can_place(st, e, Kind.CASINO_OPEN)
        assert B.can_place(st, e, Kind.SYND_U)


def test_tv_r_03_closed_casinos_count_for_nobody() -> None:
    """TV-R-03 (CL 1.4.5, G.4): closed Casinos give no Control and no track, but keep their
    stacking slot."""
    st = standard()
    B.close_casino(st, S["pinar_del_rio"])
    B.close_casino(st, S["la_habana"])
    assert B.control(st, S["pinar_del_rio"]) == NO_CONTROL
    assert B.control(st, S["la_habana"]) == M26
    assert B.open_casinos(st) == 1
    assert B.casino_room(st, S["pinar_del_rio"]) == 1 and B.casino_room(st, S["la_habana"]) == 1
    assert B.pieces_of(st, S["pinar_del_rio"], SYNDICATE) == 1
    B.open_casino(st, S["pinar_del_rio"])
    assert B.control(st, S["pinar_del_rio"]) == SYNDICATE and B.open_casinos(st) == 2


def test_tv_r_04_shifting_havana_and_totals() -> None:
    """TV-R-04 (CL 1.6.2, G.6): Havana shifted 1 level toward Opposition four times."""
    st = standard()
    seen = []
    for _ in range(5):
        shift_support(st, D.POP, S["havana"], -2)
        seen.append((B.total_support(st), B.total_opposition(st), B.opposition_plus_bases(st)))
    assert seen == [(10, 6, 7), (4, 6, 7), (4, 12, 13), (4, 18, 19), (4, 18, 19)]


def test_tv_d_03_sweep_activation_by_terrain() -> None:
    """TV-D-03 (CL 3.2.3): Guerrillas activated by 3 cubes: Forest 1, Grassland 3, Mountain 3;
    Oriente (Forest) with 5 cubes: 2."""
    st = empty()
    for space in ("pinar_del_rio", "la_habana", "sierra_maestra"):
        put(st, space, "troops", 2)
        put(st, space, "police", 1)
    put(st, "oriente", "troops", 5)
    assert [B.sweep_activations(st, S[x]) for x in (
        "pinar_del_rio", "la_habana", "sierra_maestra", "oriente")] == [1, 3, 3, 2]


def test_tv_d_03_assault_removals_by_terrain() -> None:
    """TV-D-03 (CL 3.2.4): Mountain 1 per 2 Troops, other Provinces 1 per Troop, Cities and ECs
    1 per cube; card 6 shaded (Momentum) makes Mountain count as a City; card 4 shaded makes
    Police count as Troops."""
    st = empty()
    for space, troops, police in (("sierra_maestra", 3, 2), ("las_villas", 4, 0),
                                  ("oriente", 2, 3), ("havana", 2, 3), ("ec_central", 1, 1)):
        put(st, space, "troops", troops)
        if police:
            put(st, space, "police", police)
    assert [B.assault_removals(st, S[x]) for x in (
        "sierra_maestra", "las_villas", "oriente", "havana", "ec_central")] == [1, 2, 2, 5, 2]
    st.mom |= 1 << Mom.ASSAULT_MOUNTAIN_AS_CITY
    assert B.assault_removals(st, S["sierra_maestra"]) == 5
    assert B.assault_removals(st, S["oriente"]) == 2
    st.mom = 1 << Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS
    assert B.assault_removals(st, S["sierra_maestra"]) == 2
    assert B.assault_removals(st, S["oriente"]) == 5


def test_terror_and_sabotage_share_twenty_markers() -> None:
    """CL 3.3.4: Terror and Sabotage markers come from one pool of 20."""
    st = standard()
    assert B.markers_left(st) == 20
    st.terror[S["havana"]] = 3
    st.sabotage |= 1 << S["ec_east"]
    assert B.markers_left(st) == 16 and B.is_sabotaged(st, S["ec_east"])
    assert B.unsabotaged_econ(st) == 6
    st.terror[S["matanzas"]] = 17
    with pytest.raises(RulesBug, match="20"):
        check_invariants(st)


def test_tracks_stay_within_0_49() -> None:
    """CL 1.8: Resources and Aid stay within 0..49; the change actually made is returned."""
    st = standard()
    assert B.add_resources(st, GOVT, 40) == 34 and st.resources[GOVT] == 49
    assert B.add_resources(st, DR, -9) == -5 and st.resources[DR] == 0
    assert B.add_aid(st, 40) == 34 and st.aid == 49
    assert B.add_aid(st, -60) == -49 and st.aid == 0


def test_us_alliance_moves_and_costs() -> None:
    """CL 6.3.1, CL-D-12: up toward Firm, down toward Embargoed, nothing past the ends; COIN
    Operations cost 2 / 3 / 4."""
    st = standard()
    assert B.move_us_alliance(st, -1) == 0 and st.us_alliance == UsAlliance.FIRM
    assert B.coin_op_cost(st) == 2
    assert B.move_us_alliance(st, 1) == 1 and B.coin_op_cost(st) == 3
    assert B.move_us_alliance(st, 5) == 1 and st.us_alliance == UsAlliance.EMBARGOED
    assert B.coin_op_cost(st) == 4


def test_cash_is_held_by_a_piece_and_owned_by_its_faction() -> None:
    """CL 4.5.2, G.14: a Cash marker sits under a Guerrilla or cube; its owner is that piece's
    faction; never under a Base or Casino."""
    st = standard()
    st.cash[0] = B.cash_code(S["havana"], Kind.POLICE)
    st.cash[1] = B.cash_code(S["havana"], Kind.DR_U)
    assert B.cash_in(st, S["havana"]) == [0, 1]
    assert B.cash_in(st, S["havana"], DR) == [1] and B.cash_in_box(st) == 2
    assert B.cash_owner(st.cash[0]) == GOVT and B.cash_holder(st.cash[1]) == Kind.DR_U
    check_invariants(st)
    st.cash[2] = B.cash_code(S["havana"], Kind.CASINO_OPEN)
    with pytest.raises(RulesBug, match="Cash"):
        check_invariants(st)
    st.cash[2] = B.cash_code(S["matanzas"], Kind.TROOPS)  # no Troop there
    with pytest.raises(RulesBug, match="Cash"):
        check_invariants(st)


def test_redeploy_judges_control_at_its_start() -> None:
    """CL 6.4, CL-R-14: while the Redeploy snapshot is fixed, Control reads it; live Control
    moves with the pieces."""
    st = standard()
    st.ctl = [B.live_control(st, s) for s in range(D.NS)]
    take(st, "las_villas", "troops", 3)
    assert B.control(st, S["las_villas"]) == GOVT
    assert B.live_control(st, S["las_villas"]) == NO_CONTROL
    st.ctl = []
    assert B.control(st, S["las_villas"]) == NO_CONTROL


def test_invariants_catch_broken_states() -> None:
    """A state breaking piece conservation, stacking, levels or tracks raises RulesBug."""
    breakers = [
        lambda st: st.pieces.__setitem__(S["havana"] * 13 + Kind.TROOPS, 9),
        lambda st: (put(st, "matanzas", "govt_base", 2), put(st, "matanzas", "m26_base")),
        lambda st: st.support.__setitem__(S["ec_west"], 1),
        lambda st: st.resources.__setitem__(GOVT, 50),
        lambda st: st.terror.__setitem__(S["ec_west"], 1),
    ]
    for brk in breakers:
        st = standard()
        check_invariants(st)
        brk(st)
        with pytest.raises(RulesBug):
            check_invariants(st)
