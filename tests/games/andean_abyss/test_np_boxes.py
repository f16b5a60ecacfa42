"""AA 8.1, 8.5-8.7 Non-player boxes not covered elsewhere, on constructed positions through
the flow: FARC March step 2's destination order, the AUC March, the Cartels Bribe targets,
FARC Attack's "every space", priorities P4 and P6, 8.1 rule 7, card 40's placements, and
8.9's AUC piece after a Kidnap roll of 6 and FARC March LoC step under option O.3."""

from __future__ import annotations

from services.andean_abyss import GAME
from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.bots import auc, cartels, farc
from services.andean_abyss.constants import BASE, GUER_U, PROPAGANDA_FIRST
from services.andean_abyss.events import SHADED, program_key
from services.andean_abyss.state import AAState
from services.kernel.ctx import Ctx
from services.kernel.events import Event
from services.kernel.flow import push
from tests.games.andean_abyss.np_scenario import np_steps, op_spaces, play, solo
from tests.games.andean_abyss.scenario import S, count, put, rig_die, start_proc, take
from tests.games.andean_abyss.test_np_flowcharts import procedure_decides

GOVT, FARC, AUC, CARTELS = 0, 1, 2, 3


def final_propaganda_next(st: AAState) -> None:
    """The upcoming card is the final Propaganda card (AA 2.3.9)."""
    st.deck.append(PROPAGANDA_FIRST)
    st.prop_played = st.final_prop - 1


def test_aa_8_7_2_step_2_stay_underground_targets_first() -> None:
    """AA 8.7.2 step 2 (no step 1: the final Propaganda card is next): Agitation targets an
    entering group can stay Underground in first (pasto: Neutral, though 3 cubes), then the
    others (santander: Active Support, 3 cubes). Origins: putumayo (Active Opposition, 2
    Guerrillas and Cartels Bases: 1 stays, 1 moves) next to pasto, arauca (3 Guerrillas, a
    FARC Base: 2 move) next to santander."""
    st = farc_march_before_final_propaganda()
    events = play(st, 1, [FARC])
    assert op_spaces(events, "march")[:2] == ["pasto", "santander"]
    assert B.guerrillas(st, S["pasto"], FARC) == 1
    assert B.guerrillas(st, S["putumayo"], FARC) == 1
    assert B.guerrillas(st, S["santander"], FARC) == 2


def farc_march_before_final_propaganda(**options: str) -> AAState:
    """The FARC's 1st box is March, the final Propaganda card next (in the deck)."""
    st = solo(**options)
    take(st, "santander", "farc_underground")  # cond_march: no Underground FARC at Support
    st.avail[B.PIECES.pool[GUER_U[FARC]]] = 8  # cond_rally fails
    st.avail[B.PIECES.pool[BASE[FARC]]] = 0
    for s in ("narino", "meta_west", "neiva"):
        st.support[S[s]] = -1  # neither origins (Population 1) nor Agitation targets
    st.support[S["pasto"]] = 0
    put(st, "pasto", "police", 2)
    put(st, "arauca", "farc_underground", 2)
    final_propaganda_next(st)
    assert farc.first_box(st) == "march"
    return st


def test_aa_8_9_hidden_upcoming_card_farc_march_always_does_the_loc_step() -> None:
    """AA 8.9 with option O.3 (AA 2.2, hidden_next_card): the FARC cannot see that the final
    Propaganda card is next, so 8.7.2 step 1 is done (the same position without O.3 has
    none, test above): 1 Guerrilla onto each unSabotaged LoC an origin reaches, highest Econ
    first (loc_cucuta_arauca 3, loc_bogota_yopal 2, then two of Econ 1); those moves use up
    the origins' movable Guerrillas (arauca 2, putumayo 1, guaviare 1), so no step 2."""
    st = farc_march_before_final_propaganda(hidden_next_card="true")
    events = play(st, 1, [FARC])
    spaces = op_spaces(events, "march")
    assert spaces[:2] == ["loc_cucuta_arauca", "loc_bogota_yopal"]
    assert sorted(spaces[2:]) == ["loc_bogota_san_jose", "loc_neiva_pasto"]
    assert sorted(marches(events)) == [("arauca", "loc_bogota_yopal", 1),
                                       ("arauca", "loc_cucuta_arauca", 1),
                                       ("guaviare", "loc_bogota_san_jose", 1),
                                       ("putumayo", "loc_neiva_pasto", 1)]


def marches(events: list[Event]) -> list[tuple[str, str, int]]:
    return [(e.data["from"], e.data["to"], e.data["count"]) for e in events
            if e.kind == "aa.march"]


def test_aa_8_6_2_auc_march_destination_tier_and_origins_keep_one_at_bases() -> None:
    """AA 8.6.2 through the flow: the destination is (i) a FARC Base space an entering group
    can stay Underground in (meta_east: 1 FARC Guerrilla, no cube), not (ii) huila or
    meta_west (FARC Base, 3 FARC Guerrillas, not Neutral); every adjacent AUC Guerrilla goes,
    except 1 in each origin with a FARC Base (guaviare, arauca: 1 of 2 each); santander's
    FARC Guerrilla is no Base (AA-R-28): both of its AUC Guerrillas go."""
    for seed in range(1, 4):
        st = solo(seed)
        st.avail[B.PIECES.pool[GUER_U[AUC]]] = 5  # cond_rally fails
        st.avail[B.PIECES.pool[BASE[AUC]]] = 0
        for s in ("guaviare", "arauca", "santander"):
            put(st, s, "auc_underground")
        st.support[S["huila"]] = -1
        put(st, "huila", "farc_underground", 2)
        put(st, "meta_west", "farc_underground")
        assert auc.first_box(st) == "march"
        events = play(st, 1, [AUC])
        assert op_spaces(events, "march") == ["meta_east"]
        assert sorted(marches(events)) == [("arauca", "meta_east", 1),
                                           ("guaviare", "meta_east", 1),
                                           ("santander", "meta_east", 2)]
        assert [B.guerrillas(st, S[s], AUC) for s in
                ("meta_east", "guaviare", "arauca", "santander")] == [4, 1, 1, 0]


def removed(events: list[Event]) -> list[tuple[str, str]]:
    return [(e.data["space"], e.data["piece"]) for e in events if e.kind == "aa.removed"]


def cartels_terror_position(resources: int) -> AAState:
    """Cartels pieces in cali, putumayo (Underground Guerrillas) and atlantico, its 4
    Shipments held in amazonas (none Available: no March), none Available: Terror."""
    st = solo()
    for s in ("guaviare", "meta_east", "meta_west"):
        take(st, s, "cartels_base")
    take(st, "putumayo", "farc_underground")
    put(st, "atlantico", "cartels_active")
    put(st, "amazonas", "cartels_active")
    st.ships = [S["amazonas"] * 4 + CARTELS] * 4
    st.avail[B.PIECES.pool[GUER_U[CARTELS]]] = 0  # no Rally
    st.avail[B.PIECES.pool[BASE[CARTELS]]] = 0
    st.resources[CARTELS] = resources
    assert cartels.first_box(st) == "terror"
    return st


def test_aa_8_5_3_cartels_bribe_govt_then_farc_then_auc_spaces() -> None:
    """AA 8.5.3 Bribe after the Terror (putumayo at Opposition, then cali Neutral), 3
    Resources each (11 - 2 = 9: 3 spaces): first the space with Government pieces (cali: 2
    cubes, Police first), then FARC (putumayo: its 1 FARC Guerrilla, completed with the AUC
    one, AA-R-27), then AUC (atlantico: its AUC Guerrilla)."""
    st = cartels_terror_position(11)
    events = play(st, 1, [CARTELS])
    assert op_spaces(events, "terror") == ["putumayo", "cali"]
    assert np_steps(events, "aa.bribe") == ["space:cali", "space:putumayo", "space:atlantico"]
    assert np_steps(events, "aa.bribe_mode") == ["cubes", "guerrillas", "guerrillas"]
    assert removed(events) == [("cali", "police"), ("cali", "troops"),
                               ("putumayo", "farc_underground"),
                               ("putumayo", "auc_underground"),
                               ("atlantico", "auc_underground")]
    assert st.resources[CARTELS] == 0


def test_aa_8_7_3_farc_attacks_every_space_with_3_guerrillas_and_an_enemy() -> None:
    """AA 8.7.3 bullet 1, "every space with >= 3 FARC Guerrillas and >= 1 enemy piece": all
    three (santander, cali, putumayo, 3 each), not vichada (7, no enemy) nor guaviare (2);
    then bullet 2's 1 City/Department more (an Underground FARC Guerrilla and an enemy, such
    as guaviare); 4 spaces in all."""
    for seed in (1, 2, 3):
        st = solo(seed)
        put(st, "santander", "farc_active", 2)
        put(st, "cali", "farc_active", 3)
        put(st, "putumayo", "farc_active")
        put(st, "vichada", "farc_active", 7)  # 8 Available left
        st.avail[B.PIECES.pool[BASE[FARC]]] = 0  # no Rally
        st.resources[FARC], st.resources[GOVT] = 20, 5
        assert farc.first_box(st) == "attack"
        more = [D.NAMES[s] for s in farc.attack_tiers(st, {})[1]]
        assert "guaviare" in more and "vichada" not in more
        events = play(st, 1, [FARC])
        spaces = op_spaces(events, "attack")
        assert len(spaces) == 4
        assert set(spaces[:3]) == {"santander", "cali", "putumayo"}
        assert spaces[3] in more


def test_aa_8_1_rule_7_no_ship_after_an_operation_without_sa() -> None:
    """AA 8.1 rule 7: the Cartels' Terror (2 Resources: 2 spaces, none left to Bribe) is a
    paid Operation without a Special Activity, so Ship is offered; the Non-player holding
    4 Shipments declines it and keeps them."""
    st = cartels_terror_position(2)
    ships = list(st.ships)
    events = play(st, 1, [CARTELS])
    assert op_spaces(events, "terror") == ["putumayo", "cali"]
    assert np_steps(events, "coin.bonus_limop") == ["decline"]
    assert st.ships == ships and not [e for e in events if e.kind == "aa.ship"]


def test_aa_p4_rally_base_replaces_active_guerrillas_first() -> None:
    """AA 8.1.2 P4 through the flow: the FARC Rally's Base (8.7.1 bullet 1) in cesar (1
    Underground, 2 Active FARC Guerrillas) replaces the 2 Active ones; the Underground one
    stays."""
    st = solo()
    put(st, "cesar", "farc_underground")
    put(st, "cesar", "farc_active", 2)
    assert farc.first_box(st) == "rally"
    events = play(st, 1, [FARC])
    assert "cesar" in op_spaces(events, "rally")
    assert np_steps(events, "aa.rally_base") == ["base:0"]
    assert [count(st, "cesar", k) for k in ("farc_underground", "farc_active", "farc_base")] \
        == [1, 0, 1]


def test_aa_p6_drug_profits_base_if_it_can_else_6_resources() -> None:
    """AA 8.1.2 P6 through the flow (AA 6.3.3): the Cartels' Shipment in cesar (room for a
    Base) becomes a Cartels Base; the one in putumayo (2 Bases already) +6 Resources."""
    st = solo()
    put(st, "cesar", "cartels_underground")
    put(st, "putumayo", "cartels_underground")
    st.ships = [S["cesar"] * 4 + CARTELS, S["putumayo"] * 4 + CARTELS, -1, -1]
    resources = st.resources[CARTELS]
    st.stack = []
    push(st, "aa.drug_profits", f=CARTELS)
    ctx = Ctx()
    GAME.advance(ctx, st)
    assert np_steps(ctx.events, "aa.drug_profits") == ["base", "resources"]
    assert count(st, "cesar", "cartels_base") == 1
    assert st.resources[CARTELS] == resources + 6
    assert st.ships == [-1] * 4


def test_aa_8_4_4_card_40_cube_to_a_random_city_auc_bases_in_2_random_cities() -> None:
    """AA 8.4.4 card 40 shaded by the AUC, each choice as the flow asks it (dice rigged at
    each): arauca (1 Police, the most); its cube to a random City (8.2: rolls 1,3,1 ->
    medellin); then 1 AUC piece, a Base first (P1), into each of 2 random Cities: (6,6,6)
    choco -> cali, then (1,3,1) medellin."""
    st = solo(seats=4)
    put(st, "arauca", "police")
    st.played.append(40)
    start_proc(st, "coin.effect", key=program_key(40, SHADED, st.edition), f=AUC, pc=0)
    steps = []
    for rolls in ((), (), (1, 3, 1), (6, 6, 6), (), (1, 3, 1), ()):
        if rolls:
            rig_die(st, *rolls)
        steps.append(procedure_decides(st, AUC))
    assert steps == ["space:arauca", "piece:police", "to:medellin", "space:cali",
                     "place:auc_base", "space:medellin", "place:auc_base"]
    assert B.police(st, S["arauca"]) == 0 and B.police(st, S["medellin"]) >= 1
    assert B.bases(st, S["cali"], AUC) == B.bases(st, S["medellin"], AUC) == 1


def test_aa_8_9_kidnap_6_np_auc_places_a_base_if_stacking_allows_else_a_guerrilla() -> None:
    """AA 8.9 (gap AA-R-24) with AA 4.3.3 step 3: the FARC's Kidnap rolls 6 (die rigged), so
    the Non-player AUC places a piece in the Kidnap space: a Base where stacking allows
    (cesar: a lone Cartels Base), else a Guerrilla (putumayo: 2 Cartels Bases already) (P1)."""
    for space, piece in (("cesar", "auc_base"), ("putumayo", "auc_underground")):
        st = solo(seats=4)
        put(st, "cesar", "cartels_base")
        put(st, "cesar", "farc_underground")
        before = count(st, space, piece)
        rig_die(st, 6)
        start_proc(st, "aa.kidnap_space", s=S[space])
        assert procedure_decides(st, AUC) == f"place:{piece}"
        assert count(st, space, piece) == before + 1
