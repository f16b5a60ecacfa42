"""AA 8.5-8.7 Non-player flowcharts on constructed positions, through the flow (the
Non-player chooses among the options the flow offers): exact spaces, pieces and Resources."""

from __future__ import annotations

from services.andean_abyss import GAME
from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.bots import PROCEDURE, auc, cartels, farc
from services.andean_abyss.bots.boxes import march_group
from services.andean_abyss.constants import BASE, GUER_A, GUER_U
from services.andean_abyss.special.insurgent import cultivate_spaces
from services.andean_abyss.state import AAState
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.events import Event
from services.kernel.flow import push
from tests.games.andean_abyss.np_scenario import (
    np_choices,
    np_steps,
    op_spaces,
    play,
    solo,
    tv_r_54_march,
)
from tests.games.andean_abyss.scenario import S, count, put, rig_die, start_op, start_proc, take

FARC, AUC, CARTELS = 1, 2, 3
ALL_OPS = {"rally", "march", "attack", "terror"}


def test_aa_8_5_1_cartels_rally_lone_bases_no_cultivate_tv_r_42() -> None:
    """AA 8.5.1 TV-R-42: 19 pieces Available -> Rally; bullet 3: the lone Cartels Bases in
    meta_east, meta_west, guaviare get Population + Bases = 2 Guerrillas each; Resources 7;
    Cultivate finds no space (no SA)."""
    st = solo()
    assert cartels.first_box(st) == "rally"
    events = play(st, 1, [CARTELS])  # card 1: Government leftmost -> Operations
    assert sorted(op_spaces(events, "rally")) == ["guaviare", "meta_east", "meta_west"]
    for s in ("meta_east", "meta_west", "guaviare"):
        assert count(st, s, "cartels_underground") == 2
    assert st.resources[CARTELS] == 7
    assert B.PIECES.available(st, GUER_U[CARTELS]) == 4
    assert not [e for e in events if e.kind == "coin.sa"]
    assert "op:rally" in np_choices(events)


def test_aa_8_5_1_cultivate_moves_a_base_to_a_space_without_a_cartels_base() -> None:
    """AA 8.5.1 Cultivate step 2: TV-R-42's Rally (its 3 Departments then hold 2 Bases: no
    Base placed); a Base moves off a space with 2 Cartels Bases (putumayo, or cesar: random)
    to a City or Department with no Cartels Base (huila: a Cartels Guerrilla, no Police),
    never to narino, which AA 4.5.1 allows too (a Cartels Guerrilla outnumbering no Police,
    room for a Base) but holds a Cartels Base (seed 11 once picked it)."""
    for seed in range(1, 12):
        st = solo(seed)
        put(st, "cesar", "cartels_base", 2)
        put(st, "cesar", "cartels_underground")
        put(st, "huila", "cartels_underground")
        put(st, "narino", "cartels_base")
        put(st, "narino", "cartels_underground")
        events = play(st, 1, [CARTELS])
        assert sorted(op_spaces(events, "rally")) == ["guaviare", "meta_east", "meta_west"]
        [move] = np_choices(events, "aa.cultivate")
        assert move in ("move:cesar:huila", "move:putumayo:huila")
        assert B.bases(st, S["huila"], CARTELS) == 1
        assert S["narino"] in cultivate_spaces(st) and B.bases(st, S["narino"], CARTELS) == 1


def test_aa_8_1_rule_4_ineffective_event_card_68_tv_r_53() -> None:
    """AA 8.1 rule 4 TV-R-53: card 68 shaded finds no coastal Cartels piece: the leftmost
    Cartels execute Operations instead (the Rally of TV-R-42), no Event."""
    st = solo()
    events = play(st, 68, [CARTELS])
    assert not [e for e in events if e.kind == "coin.event"]
    assert np_choices(events)[0] == "op:rally"
    assert st.resources[CARTELS] == 7
    assert sorted(op_spaces(events, "rally")) == ["guaviare", "meta_east", "meta_west"]


def test_aa_8_6_1_auc_rally_then_extort_tv_r_41() -> None:
    """AA 8.6.1 TV-R-41: 12 Guerrillas Available -> Rally: FARC-Base spaces not at
    Opposition (santander, huila: 1 each), then antioquia (AUC Base: 2 + 1 = 3); Extort in
    antioquia and atlantico: Resources 10 - 3 + 2 = 9, 7 Guerrillas Available."""
    st = solo()
    put(st, "santander", "farc_base")
    events = play(st, 1, [AUC])
    assert sorted(op_spaces(events, "rally")) == ["antioquia", "huila", "santander"]
    assert B.guerrillas(st, S["santander"], AUC) == 2
    assert B.guerrillas(st, S["huila"], AUC) == 1
    assert B.guerrillas(st, S["antioquia"], AUC) == 4
    assert sorted(e.data["space"] for e in events if e.kind == "aa.extort") == \
        ["antioquia", "atlantico"]
    assert st.resources[AUC] == 9
    assert B.PIECES.available(st, GUER_U[AUC]) == 7
    assert B.active(st, S["antioquia"], AUC) == 1 and B.active(st, S["atlantico"], AUC) == 1


def test_aa_8_7_1_farc_rally_stops_at_zero_resources_then_extort_tv_r_47() -> None:
    """AA 8.1 rule 5, 8.7.1 TV-R-47: FARC Resources 2; bullet 3 rolls (6,3,6) huila +3 and
    (6,6,6) choco +2; Resources 0 stop the Rally; Extort in huila, choco, meta_west,
    guaviare (2+ Underground, outnumbering): Resources 4; 13 Guerrillas Available."""
    st = solo()
    st.resources[FARC] = 2
    rig_die(st, 6, 3, 6, 6, 6, 6)
    events = play(st, 1, [FARC])
    assert op_spaces(events, "rally") == ["huila", "choco"]
    assert B.guerrillas(st, S["huila"], FARC) == 4 and B.guerrillas(st, S["choco"], FARC) == 3
    assert st.resources[FARC] == 4
    assert B.PIECES.available(st, GUER_U[FARC]) == 13
    for s in ("huila", "choco", "meta_west", "guaviare"):
        assert B.active(st, S[s], FARC) == 1


def test_aa_8_7_1_extort_a_loc_with_2_underground_then_one_more_loc() -> None:
    """AA 8.7.1 Extort (a) "every such space with >= 2 Underground FARC Guerrillas", a LoC
    too (loc_cucuta_arauca: 2, no enemy), then (b) 1 LoC more with an Underground one
    (loc_santa_marta_cartagena), after the FARC Rally of S0."""
    st = solo()
    put(st, "loc_cucuta_arauca", "farc_underground", 2)
    put(st, "loc_santa_marta_cartagena", "farc_underground")
    events = play(st, 1, [FARC])
    assert np_choices(events)[0] == "op:rally"
    locs = [o for o in np_choices(events, "aa.extort") if o.startswith("space:loc_")]
    assert locs == ["space:loc_cucuta_arauca", "space:loc_santa_marta_cartagena"]
    assert count(st, "loc_cucuta_arauca", "farc_active") == 1
    assert count(st, "loc_santa_marta_cartagena", "farc_active") == 1


def test_aa_8_1_1_fallback_march_impossible_to_rally_tv_r_43() -> None:
    """AA 8.1.1 TV-R-43: Cartels with cond_rally false and cond_march true, but no space with
    3 Cartels Guerrillas: the March box is impossible -> the Rally box, its condition ignored."""
    st = solo()
    take(st, "cali", "cartels_underground")
    st.avail[B.PIECES.pool[GUER_U[CARTELS]]] = 3  # 3 Guerrillas + 5 Bases < 10
    st.avail[B.PIECES.pool[BASE[CARTELS]]] = 5
    assert not cartels.cond_rally(st) and cartels.cond_march(st)
    assert cartels.first_box(st) == "march"
    assert not cartels.CHART.possible(st, "march")
    assert cartels.CHART.operation(st, ALL_OPS) == "rally"


def test_aa_8_1_rule_5_no_resources_pass_tv_r_43() -> None:
    """AA 8.1 rule 5: a Non-player to Operate with 0 Resources Passes (+1)."""
    st = solo()
    st.resources[AUC] = 0
    events = play(st, 1, [AUC])
    assert np_choices(events) == ["pass"]
    assert st.resources[AUC] == 1


def test_aa_8_6_questions_march_terror_attack() -> None:
    """AA 8.6 Q1-Q3: no Rally condition; fewer than half the FARC Base spaces hold AUC ->
    March; else a FARC Base with an Underground AUC Guerrilla -> Terror, else Attack."""
    st = solo()
    st.avail[B.PIECES.pool[GUER_U[AUC]]] = 5
    assert not auc.cond_rally(st)
    assert auc.cond_march(st)  # 6 FARC Base spaces, AUC in arauca and guaviare: 2 < 3
    assert auc.first_box(st) == "march"
    for s in ("choco", "huila"):
        put(st, s, "auc_underground")
    assert not auc.cond_march(st) and auc.cond_terror(st)
    assert auc.first_box(st) == "terror"


def test_aa_8_7_questions_attack_or_terror_by_resources() -> None:
    """AA 8.7 Q3: FARC Resources above the Government's -> Attack, else Terror."""
    st = solo()
    st.avail[B.PIECES.pool[GUER_U[FARC]]] = 8
    put(st, "bogota", "farc_underground")  # a Support City with an Underground FARC G
    assert not farc.cond_rally(st) and not farc.cond_march(st)
    st.resources[FARC], st.resources[0] = 41, 40
    assert farc.first_box(st) == "attack"
    st.resources[FARC] = 40
    assert farc.first_box(st) == "terror"


def test_aa_8_6_4_auc_terror_second_space_may_hold_another_farc_base() -> None:
    """AA 8.6.4 bullets 1-2: Underground AUC Guerrillas in 2 FARC Base spaces (guaviare,
    choco) and in 2 spaces without FARC pieces (atlantico, antioquia; none left with other
    FARC pieces): one FARC Base space, then "one other City/Department with any FARC piece",
    the other FARC Base space, not one of the rest (bullet 3), whatever the 8.2 rolls."""
    for seed in range(1, 9):
        st = solo(seed)
        for s in ("putumayo", "santander", "arauca"):
            take(st, s, "auc_underground")
        put(st, "choco", "auc_underground")
        put(st, "meta_west", "auc_active")  # 3 of 6 FARC Base spaces: no March
        put(st, "loc_bogota_yopal", "auc_active", B.PIECES.available(st, GUER_U[AUC]) - 5)
        assert auc.first_box(st) == "terror"
        events = play(st, 1, [AUC])
        spaces = op_spaces(events, "terror")
        assert sorted(spaces[:2]) == ["choco", "guaviare"]
        assert spaces[2] in ("atlantico", "antioquia")


def test_aa_8_5_3_cartels_terror_support_first() -> None:
    """AA 8.5.3: Terror spaces with Population and an Underground Cartels Guerrilla: at
    Support first (bogota), then Opposition (putumayo), then Neutral (cali)."""
    st = solo()
    put(st, "bogota", "cartels_underground")
    tiers = cartels.terror_tiers(st, {})
    assert tiers == [[S["bogota"]], [S["putumayo"]], [S["cali"]]]


def test_aa_p7_march_group_stays_underground_tv_r_54() -> None:
    """P7 TV-R-54: 6 FARC Guerrillas (2 Active, 4 Underground) into cesar at Passive Support
    with no cubes: room 3 -> 3 Underground move; with 3 Police there (room 0) the full group
    moves, Active ones first."""
    st = solo()
    st.stack = tv_r_54_march(st)
    assert march_group(st, FARC) == (3, 0)
    put(st, "cesar", "police", 3)
    assert march_group(st, FARC) == (4, 2)


def test_aa_8_6_4_auc_terror_tiers_then_assassinate() -> None:
    """AA 8.6 Q3 yes -> 8.6.4 Terror: one FARC Base space, one other FARC space, then any
    (Underground AUC Guerrilla; 3 spaces, 1 Resource each); Assassinate in every Terror space
    where AUC Guerrillas outnumber Police and an enemy piece is present."""
    st = solo()
    put(st, "loc_bogota_yopal", "auc_underground", 7)  # 5 Available, no Base: no Rally
    put(st, "choco", "auc_underground")  # 3 of 6 FARC Base spaces: no March
    assert auc.first_box(st) == "terror"
    events = play(st, 1, [AUC])
    spaces = op_spaces(events, "terror")
    assert len(spaces) == 3
    assert spaces[0] in ("arauca", "guaviare", "choco")
    assert spaces[1] in ("arauca", "guaviare", "choco", "santander", "putumayo")
    assert spaces[1] != spaces[0]
    assert st.resources[AUC] == 10 - 3
    hit = [e.data["space"] for e in events if e.kind == "aa.assassinate"]
    assert hit and set(hit) <= set(spaces)
    assert all(B.guerrillas(st, S[s], AUC) > B.police(st, S[s]) for s in hit)


def test_aa_8_5_2_cartels_march_then_process() -> None:
    """AA 8.5.2: no Rally condition, a Shipment Available -> March into a City/Department
    with < 2 Bases next to a space with 3+ Cartels Guerrillas (1 stays at a Cartels Base);
    then Process: Shipments with Cartels Guerrillas at Cartels Bases."""
    st = solo()
    put(st, "cali", "cartels_underground", 3)  # cali: 4 Cartels G and a Cartels Base
    st.avail[B.PIECES.pool[BASE[CARTELS]]] = 0  # 7 + 0 < 10, and no Base to Rally
    assert not cartels.cond_rally(st) and cartels.cond_march(st)
    events = play(st, 1, [CARTELS])
    dest = op_spaces(events, "march")
    assert len(dest) == 1 and S[dest[0]] in B.adjacent(st, S["cali"])
    assert B.guerrillas(st, S["cali"], CARTELS) == 1
    assert [e.data["op"] for e in events if e.kind == "coin.op"] == ["march"]
    assert [e.data["sa"] for e in events if e.kind == "coin.sa"] == ["process"]
    assert st.ships.count(-1) < 4


def test_aa_8_7_2_farc_march_step_3_mass_move_aa_r_42() -> None:
    """AA 8.7.2 step 3 (AA-R-42): after the LoCs (step 1) and no Agitation target (step 2),
    the space with the most FARC Guerrillas able to move, counted before moving (vichada:
    5), marches all of them into 1 adjacent populated space (guaviare, arauca, meta_east);
    the March then ends (no LoC after it). Counted before moving: a space whose Guerrillas
    all left in steps 1-2 still counts, and then step 3 moves nothing."""
    st = solo()
    take(st, "santander", "farc_underground")  # no Underground FARC at Support: March
    put(st, "vichada", "farc_underground", 5)
    st.avail[B.PIECES.pool[GUER_U[FARC]]] = 8
    st.avail[B.PIECES.pool[BASE[FARC]]] = 0
    assert farc.first_box(st) == "march"
    assert farc.mass_origins(st, {}) == [S["vichada"]]
    events = play(st, 1, [FARC])
    dests = op_spaces(events, "march")
    assert all(B.is_loc(S[s]) for s in dests[:-1])
    assert dests[-1] in ("guaviare", "arauca", "meta_east")
    moves = [(e.data["from"], e.data["to"], e.data["count"]) for e in events
             if e.kind == "aa.march"]
    assert moves[-1] == ("vichada", dests[-1], 5)
    assert B.guerrillas(st, S["vichada"], FARC) == 0
    gone = {"arrived": [0] * len(st.support), "left": [0] * len(st.support)}
    gone["left"][S["vichada"]] = 5
    st2 = solo()  # vichada now empty: its 5 left in steps 1-2
    assert farc.movable_before(st2, S["vichada"], gone) == 5
    assert farc.mass_origins(st2, gone) == []
    assert farc.mass_move(st2, gone) == []


def march_step_3_position(seed: int, guainia: int, vaupes: int) -> AAState:
    """AA 8.7.2 step 3 alone: every LoC Sabotaged (no step 1), every populated City and
    Department at Passive Opposition but guaviare (Neutral, FARC-Controlled: no Agitation
    target, so no step 2); FARC Underground Guerrillas only in guainia and vaupes (0
    Population, origins), both next to guaviare."""
    st = solo(seed)
    for s in B.spaces(st):
        B.PIECES.remove(st, s, GUER_U[FARC], B.underground(st, s, FARC))
        B.PIECES.remove(st, s, GUER_A[FARC], B.active(st, s, FARC))
        B.PIECES.remove(st, s, BASE[FARC], B.bases(st, s, FARC))
        if B.is_loc(s):
            st.sabotage |= 1 << s
        elif D.POP[s]:
            st.support[s] = -1
    st.support[S["guaviare"]] = 0
    put(st, "guaviare", "farc_active", 3)
    put(st, "guainia", "farc_underground", guainia)
    put(st, "vaupes", "farc_underground", vaupes)
    st.avail[B.PIECES.pool[GUER_U[FARC]]] = 8
    st.avail[B.PIECES.pool[BASE[FARC]]] = 0
    assert B.control(st, S["guaviare"]) == FARC and farc.first_box(st) == "march"
    return st


def march_moves(events: list[Event]) -> list[tuple[str, str, int]]:
    return [(e.data["from"], e.data["to"], e.data["count"]) for e in events
            if e.kind == "aa.march"]


def test_aa_8_7_2_farc_march_step_3_from_its_one_origin_aa_r_42() -> None:
    """AA 8.7.2 step 3 (AA-R-42): the space with the most movable FARC Guerrillas is guainia
    (5; vaupes 2), whose only populated neighbour is guaviare (FARC-Controlled, Neutral):
    the March goes there from guainia only; vaupes, next to guaviare too, sends none. Tied
    (3 and 3), one origin is taken (random_pick: the 8.2 chart names guainia) and only its
    3 Guerrillas move."""
    st = march_step_3_position(1, 5, 2)
    events = play(st, 1, [FARC])
    assert op_spaces(events, "march") == ["guaviare"]
    assert march_moves(events) == [("guainia", "guaviare", 5)]
    assert B.guerrillas(st, S["vaupes"], FARC) == 2
    for seed in range(1, 5):
        st = march_step_3_position(seed, 3, 3)
        assert march_moves(play(st, 1, [FARC])) == [("guainia", "guaviare", 3)]
        assert B.guerrillas(st, S["vaupes"], FARC) == 3


def test_aa_8_5_1_cartels_rally_seed_may_be_a_department_with_a_cartels_base() -> None:
    """AA 8.5.1 bullet 4: with no space for bullets 1-3 (the lone Cartels Bases gone), the
    one other Department where Cultivate could then place a Base is narino, though it holds
    a Cartels Base (and a Cartels Guerrilla): every other populated Department with room
    has a Police. 1 Guerrilla is placed there (not Population + Bases), and the seed is
    taken once; Cultivate then places the Base there."""
    st = solo()
    for s in ("meta_west", "guaviare", "meta_east"):
        take(st, s, "cartels_base")
    put(st, "narino", "cartels_base")
    put(st, "narino", "cartels_underground")
    for s in B.cities_and_depts(st):
        if B.is_dept(s) and s != S["narino"] and D.POP[s] > 0 and B.base_room(st, s) > 0 \
                and not B.police(st, s):
            put(st, D.NAMES[s], "police")
    events = play(st, 1, [CARTELS])
    assert op_spaces(events, "rally") == ["narino"]
    assert np_choices(events, "aa.rally_mode") == ["place"]
    assert count(st, "narino", "cartels_underground") == 2
    assert B.bases(st, S["narino"], CARTELS) == 2


def activate(st: AAState, space: str, f: int) -> None:
    B.PIECES.flip_to(st, S[space], GUER_A[f], B.underground(st, S[space], f))


def elite_backing_position() -> AAState:
    """Support phase, AA 6.4.5: antioquia (AUC Base) could Flip (an Active AUC Guerrilla, a
    Police); cesar holds a FARC Base, a Police and an AUC Guerrilla (no one Controls it)."""
    st = solo()
    activate(st, "antioquia", AUC)
    put(st, "antioquia", "police")
    put(st, "cesar", "farc_base")
    put(st, "cesar", "police")
    put(st, "cesar", "auc_underground")
    return st


def elite_backing(st: AAState) -> list[str]:
    """Run the Elite Backing step as the flow does (the AUC a Non-player); its choices."""
    push(st, "aa.elite_backing")
    ctx = Ctx()
    GAME.advance(ctx, st)
    return np_choices(ctx.events)


def test_aa_8_6_1_elite_backing_places_guerrillas_never_flips() -> None:
    """AA 8.6.1 Elite Backing: no space allows a Base, so Guerrillas are placed by bullet 3's
    order: (a) cesar, a FARC Base space (1 Guerrilla, no AUC Base there), not antioquia's
    Flip (bullet 2 is not Elite Backing's)."""
    st = elite_backing_position()
    assert elite_backing(st) == ["rally", "space:cesar", "place"]
    assert B.guerrillas(st, S["cesar"], AUC) == 2
    assert B.active(st, S["antioquia"], AUC) == 1


def test_aa_8_6_1_elite_backing_skipped_with_nothing_to_place() -> None:
    """AA 8.6.1 Elite Backing: no AUC Guerrilla Available and no space for a Base: nothing
    to place, so it is skipped (antioquia's Flip is no reason to Rally)."""
    st = elite_backing_position()
    put(st, "loc_bogota_yopal", "auc_active", B.PIECES.available(st, GUER_U[AUC]))
    assert elite_backing(st) == ["decline"]
    assert B.active(st, S["antioquia"], AUC) == 1



def farc_march_onto_loc(st: AAState, loc: str) -> None:
    """A FARC March (8.7.2 step 1) with `loc` selected as its destination."""
    start_op(st, FARC, "march")
    apply(st, f"space:{loc}")


def pending(st: AAState) -> Decision:
    ds = [d for d in GAME.decisions(st) if not d.optional]
    assert ds
    return ds[0]


def apply(st: AAState, option_id: str) -> None:
    """Take `option_id` at the pending decision, through the engine's flow."""
    d = pending(st)
    assert option_id in d.option_ids(), (option_id, d.option_ids())
    GAME.apply(Ctx(), st, d, Choice(d.id, option_id=option_id))
    st.serial += 1


def procedure_decides(st: AAState, f: int) -> str:
    """The procedure's choice for f at the pending decision (a 4-player table: the flow
    stops at each decision), applied."""
    got = str(PROCEDURE.choose(st, pending(st), f).option_id)
    apply(st, got)
    return got


def test_aa_8_7_2_farc_march_origins_a_loc_only_when_sabotaged() -> None:
    """AA 8.7.2 guideline: origins are spaces at Active Opposition, with 0 Population, or
    Sabotaged (LoCs). A FARC March into bogota: meta_west (Active Opposition) sends 1; the
    Active Guerrilla on loc_bogota_san_jose stays while the LoC is unSabotaged, and joins
    once it is Sabotaged."""
    for sabotaged, after in ((False, ["done"]), (True, ["from:loc_bogota_san_jose", "u:0",
                                                        "a:1", "done"])):
        st = solo(seats=4)
        put(st, "loc_bogota_san_jose", "farc_active")
        if sabotaged:
            st.sabotage |= 1 << S["loc_bogota_san_jose"]
        start_op(st, FARC, "march")
        apply(st, "space:bogota")
        assert "from:loc_bogota_san_jose" in pending(st).option_ids()
        picks = []
        while pending(st).kind != "coin.op_space":
            picks.append(procedure_decides(st, FARC))
        assert picks == ["from:meta_west", "u:1", "a:0", *after]
        assert B.guerrillas(st, S["loc_bogota_san_jose"], FARC) == (0 if sabotaged else 1)
        assert B.guerrillas(st, S["bogota"], FARC) == (2 if sabotaged else 1)


def test_aa_8_7_2_farc_march_step_1_one_guerrilla_from_one_random_origin() -> None:
    """AA 8.7.2 step 1: each LoC receives 1 Guerrilla from one adjacent origin, chosen by
    random_pick (AA-R-21: the 8.2 chart, all three being Departments): loc_bogota_san_jose
    touches meta_west, guaviare and meta_east (Active Opposition, FARC Bases, 1 stays), and
    the chart roll (5, 1, 5) names guaviare, (3, 3, 5) meta_east; after that one group no
    other origin sends any. Through a whole Operation no LoC gets more than 1."""
    for roll, origin in (((5, 1, 5), "guaviare"), ((3, 3, 5), "meta_east")):
        st = solo(seats=4)
        for s in ("meta_west", "guaviare", "meta_east"):
            put(st, s, "farc_underground", 3)
        farc_march_onto_loc(st, "loc_bogota_san_jose")
        d = pending(st)
        assert d.kind == "aa.march_from"
        assert [o.id for o in d.options if o.id.startswith("from:")] == [
            "from:meta_west", "from:guaviare", "from:meta_east"]
        before = B.guerrillas(st, S[origin], FARC)
        rig_die(st, *roll)
        assert procedure_decides(st, FARC) == f"from:{origin}"
        assert [procedure_decides(st, FARC), procedure_decides(st, FARC)] == ["u:1", "a:0"]
        assert B.guerrillas(st, S["loc_bogota_san_jose"], FARC) == 1
        assert B.guerrillas(st, S[origin], FARC) == before - 1
        assert pending(st).kind == "aa.march_from"
        assert procedure_decides(st, FARC) == "done"
        assert pending(st).kind == "coin.op_space"
    st = solo()
    take(st, "santander", "farc_underground")  # no Underground FARC at Support: March
    st.avail[B.PIECES.pool[GUER_U[FARC]]] = 8
    st.avail[B.PIECES.pool[BASE[FARC]]] = 0
    put(st, "meta_west", "farc_underground", 3)
    put(st, "guaviare", "farc_underground", 3)
    assert farc.first_box(st) == "march"
    events = play(st, 1, [FARC])
    onto = [(e.data["to"], e.data["count"]) for e in events
            if e.kind == "aa.march" and B.is_loc(S[e.data["to"]])]
    assert len(onto) >= 3 and all(n == 1 for _, n in onto)
    assert len({to for to, _ in onto}) == len(onto)  # one group each
    assert B.guerrillas(st, S["loc_bogota_san_jose"], FARC) == 1


def test_aa_8_7_5_agitation_one_space_as_far_as_resources_allow() -> None:
    """AA 8.7.5 (AA-R-29): FARC with 3 Resources; FARC-Controlled huila (Population 2) and
    cesar (1), both at Support, no Terror: huila first (highest Population), shifted as far
    as Resources allow (Active Support -> Passive Opposition), cesar not reached; then, the
    Terror first: a space whose Terror and a shift Resources cannot pay for is skipped."""
    st = solo(seats=4)
    put(st, "cesar", "farc_underground")
    st.support[S["huila"]], st.support[S["cesar"]] = 2, 1
    st.resources[FARC] = 3
    start_proc(st, "aa.agitation", extra=[])
    picks = []
    while [d for d in GAME.decisions(st) if d.kind == "aa.agitation"]:
        picks.append(procedure_decides(st, FARC))
    assert picks == ["space:huila"] * 3
    assert (st.support[S["huila"]], st.support[S["cesar"]]) == (-1, 1)
    st = solo(seats=4)
    put(st, "cesar", "farc_underground")
    st.support[S["huila"]], st.support[S["cesar"]] = 2, 0
    st.terror[S["huila"]] = 2
    st.resources[FARC] = 2
    start_proc(st, "aa.agitation", extra=[])
    picks = []
    while [d for d in GAME.decisions(st) if d.kind == "aa.agitation"]:
        picks.append(procedure_decides(st, FARC))
    assert picks == ["space:cesar"] * 2  # huila: 2 Terror + 1 shift > 2 Resources
    assert (st.terror[S["huila"]], st.support[S["cesar"]]) == (2, -2)


def test_aa_8_7_5_agitation_removes_terror_only_where_a_shift_can_follow() -> None:
    """AA 8.7.5 (AA-R-29): Terror is removed only where the level can then shift. FARC
    with 10 Resources; FARC-Controlled huila (Neutral, no Terror), choco (Active Opposition,
    1 Terror) and vichada (Population 0, 1 Terror): huila is shifted to Active Opposition,
    then done; the Terror in choco and vichada stays (8 Resources left)."""
    st = solo(seats=4)
    put(st, "vichada", "farc_underground")
    st.terror[S["vichada"]], st.terror[S["choco"]] = 1, 1
    st.resources[FARC] = 10
    start_proc(st, "aa.agitation", extra=[])
    d = pending(st)
    assert d.option_ids() == ["space:choco", "space:huila", "space:vichada", "done"]
    picks = []
    while [d for d in GAME.decisions(st) if d.kind == "aa.agitation"]:
        picks.append(procedure_decides(st, FARC))
    assert picks == ["space:huila", "space:huila", "done"]
    assert st.support[S["huila"]] == -2
    assert (st.terror[S["choco"]], st.terror[S["vichada"]]) == (1, 1)
    assert st.resources[FARC] == 8


def test_aa_8_7_4_farc_terror_locs_three_kidnap_spaces_rest_then_kidnap() -> None:
    """AA 8.7 Q3 no -> 8.7.4 Terror: (1) the unSabotaged LoC with an Underground FARC
    Guerrilla (loc_cali_pasto, cost 0); (2) 3 more spaces where Kidnap could take
    something (Cartels Bases with Cartels Resources: 3 of putumayo, meta_west, guaviare,
    meta_east) - the LoC, Sabotaged by its Terror, is not one of them; (3) every other
    populated space not at Active Opposition (huila, santander, bogota). Kidnap in 3 Terror
    spaces: the LoC first (Government), then Departments with Cartels Bases."""
    st = solo()
    st.avail[B.PIECES.pool[GUER_U[FARC]]] = 8
    put(st, "bogota", "farc_underground")
    put(st, "loc_cali_pasto", "farc_underground")
    assert farc.first_box(st) == "terror"
    events = play(st, 1, [FARC])
    spaces = op_spaces(events, "terror")
    assert spaces[0] == "loc_cali_pasto"
    assert len(set(spaces[1:4])) == 3
    assert set(spaces[1:4]) <= {"putumayo", "meta_west", "guaviare", "meta_east"}
    assert sorted(spaces[4:]) == ["bogota", "huila", "santander"]
    kidnap = np_steps(events, "aa.kidnap")
    assert kidnap[0] == "space:loc_cali_pasto" and len(kidnap) == 3
    assert {k.split(":")[1] for k in kidnap[1:]} <= set(spaces[1:4])


def test_aa_8_5_1_lone_base_gathers_from_most_guerrillas_ties_random_active_first() -> None:
    """AA 8.5.1 bullet 3 (AA-R-25): no Cartels Guerrilla Available, so the lone Cartels Base
    in meta_west gathers up to 3 from spaces without Cartels Bases: most Guerrillas first
    (vichada 3, cesar 3: a tie, random_pick by the 8.2 chart: (3, 5, 1) vichada, (3, 1, 5)
    cesar), Active first within a space."""
    for roll, first in (((3, 5, 1), "from:vichada:u"), ((3, 1, 5), "from:cesar:a")):
        st = solo(seats=4)
        put(st, "vichada", "cartels_underground", 3)
        put(st, "cesar", "cartels_underground", 2)
        put(st, "cesar", "cartels_active")
        st.avail[B.PIECES.pool[GUER_U[CARTELS]]] = 0
        start_op(st, CARTELS, "rally")
        apply(st, "space:meta_west")
        assert procedure_decides(st, CARTELS) == "gather"
        rig_die(st, *roll)
        got = [procedure_decides(st, CARTELS) for _ in range(2)]
        assert got[0] == first
        assert got[1] == ("from:cesar:a" if first == "from:vichada:u" else "from:vichada:u")
        assert procedure_decides(st, CARTELS) in ("from:vichada:u", "from:cesar:u")
        assert procedure_decides(st, CARTELS) == "done"
        assert B.guerrillas(st, S["meta_west"], CARTELS) == 3
