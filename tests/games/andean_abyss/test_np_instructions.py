"""AA 8.4.4 the cards' Non-player instructions (cards.json `np_instruction`, BOTS.md table):
each card executed by a Non-player through engine.act (the Government player passes, the
Non-player is then 1st Eligible with its symbol leftmost), the exact choices asserted."""

from __future__ import annotations

from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.bots import PROCEDURE, auc
from services.andean_abyss.bots.boxes import march_group
from services.andean_abyss.constants import BASE, GUER_A, GUER_U
from services.andean_abyss.state import AAState
from services.kernel.decisions import Decision, option
from services.kernel.state import Frame
from tests.games.andean_abyss.np_scenario import (
    event_through_act,
    np_steps,
    solo,
    tv_r_54_march,
)
from tests.games.andean_abyss.scenario import S, count, put, take

GOVT, FARC, AUC, CARTELS = 0, 1, 2, 3


def names(spaces: list[int]) -> set[str]:
    return {D.NAMES[s] for s in spaces}


def test_aa_8_4_4_card_19_terror_where_it_shifts_else_attack() -> None:
    """AA 8.4.4 card 19: in every space, where both are possible, Terror if it shifts
    Support/Opposition (santander at Support, huila Neutral), else Attack (the Active
    Opposition spaces with enemies); Terror alone where nothing can be Attacked."""
    _, events = event_through_act(solo(), 19, FARC)
    assert np_steps(events, "coin.eligible") == ["event:unshaded"]
    got = np_steps(events, "aa.ev_every")
    assert sorted(got) == sorted(
        ["attack:arauca", "attack:guaviare", "attack:meta_east", "attack:meta_west",
         "attack:putumayo", "terror:choco", "terror:huila", "terror:narino",
         "terror:santander"])


def test_aa_8_4_4_card_20_march_uncapped_active_first_then_flip_support_and_locs() -> None:
    """AA 8.4.4 card 20: the free March ignores P7 (the whole group moves, Active first:
    TV-R-54's group is 4 Underground + 2 Active, not 3); the 3 flips go to Active
    Guerrillas at Support (bogota, santander; the March Activated none there) before those
    on a LoC (loc_bogota_neiva: unSabotaged, so no 8.7.2 origin, its Guerrilla stays) and
    at Neutral (huila)."""
    st = solo()
    st.played.append(20)
    st.stack = [Frame("coin.effect", {"key": "20s", "f": FARC, "pc": 0}), *tv_r_54_march(st)]
    assert march_group(st, FARC) == (3, 0)
    d = Decision("d0.-2", -2, "aa.march_a", "FARC: Active Guerrillas",
                 tuple(option(f"a:{n}", f"{n}", count=str(n)) for n in range(3)))
    assert PROCEDURE.choose(st, d, FARC).option_id == "a:2"
    st = solo()
    for s in ("bogota", "santander", "loc_bogota_neiva", "huila"):
        put(st, s, "farc_active")
    st, events = event_through_act(st, 20, FARC)
    flips = [o.split(":")[1] for o in np_steps(events, "aa.ev_pieces")]
    assert sorted(flips[:2]) == ["bogota", "santander"]
    assert flips[2:] == ["loc_bogota_neiva"]
    assert B.underground(st, S["loc_bogota_neiva"], FARC) == 1
    assert B.active(st, S["huila"], FARC) == 1


def test_aa_8_4_4_card_29_farc_ambushes_where_most_government_pieces() -> None:
    """AA 8.4.4 card 29: FARC (a Non-player) is named; the space where 2 Ambushes remove
    the most Government pieces (santander: 3 Troops and a Base), Government pieces first
    (Troops, Bases last by the Attack rules)."""
    st, events = event_through_act(solo(), 29, FARC)
    assert np_steps(events, "coin.event_step") == ["faction:farc", "space:santander"]
    assert np_steps(events, "aa.remove_piece") == ["piece:troops"] * 3 + ["piece:govt_base"]
    assert B.pieces_of(st, S["santander"], GOVT) == 0


def test_aa_8_4_4_card_29_auc_named_when_farc_is_a_player() -> None:
    """AA 8.4.4 card 29: with FARC a player, the Non-player names the AUC; the AUC removes
    Government, then FARC, then Cartels pieces (AA-D-12)."""
    st = solo(seats=2, non_players="chapter8")
    st.played.append(29)
    st.stack = [Frame("coin.effect", {"key": "29s", "f": CARTELS, "pc": 0})]
    name = Decision("d0.-4", -4, "coin.event_step", "Cartels: name", tuple(
        option(f"faction:{f}", f, faction=f) for f in ("farc", "auc")))
    assert PROCEDURE.choose(st, name, CARTELS).option_id == "faction:auc"
    rem = Decision("d0.-3", -3, "aa.remove_piece", "AUC: remove", tuple(
        option(f"piece:{k}", k, piece=k) for k in ("cartels_base", "farc_active", "police")))
    assert PROCEDURE.choose(st, rem, AUC).option_id == "piece:police"


def test_aa_8_4_4_card_34_executor_uses_its_own_pieces() -> None:
    """AA 8.4.4 card 34: FARC names itself: 2 FARC Guerrillas and a FARC Base go into one
    0-Population Department."""
    st, events = event_through_act(solo(), 34, FARC)
    steps = np_steps(events, "coin.event_step")
    assert steps[0] == "faction:farc"
    s = S[steps[1].split(":")[1]]
    assert B.is_dept(s) and D.POP[s] == 0
    assert B.guerrillas(st, s, FARC) == 2 and B.bases(st, s, FARC) == 1


def test_aa_8_4_4_card_37_ambush_by_the_auc_attack_targets() -> None:
    """AA 8.4.4 card 37: the free March by the AUC March box (8.6.2: one destination with
    FARC pieces and no AUC Guerrilla), the Ambush there removing FARC pieces (8.6.3)."""
    st, events = event_through_act(solo(), 37, AUC)
    dest = [o for o in np_steps(events, "coin.op_space") if o != "done"]
    assert len(dest) == 1
    s = S[dest[0].split(":")[1]]
    first = next(t for t in auc.march_tiers(solo(), {"spaces": []}) if t)
    assert s in first
    assert np_steps(events, "coin.event_step") == [dest[0]]
    assert np_steps(events, "aa.remove_piece") == ["piece:farc_underground"] * 2


def test_aa_8_4_4_card_40_department_with_most_police_then_troops() -> None:
    """AA 8.4.4 card 40: arauca (1 Police) before santander (3 Troops, no Police); its
    cube goes to a City; the AUC pieces (Bases first, P1) to 2 Cities."""
    st = solo()
    put(st, "arauca", "police")
    st, events = event_through_act(st, 40, AUC)
    steps = np_steps(events, "coin.event_step")
    assert steps[0] == "space:arauca"
    assert B.cubes(st, S["arauca"]) == 0 and B.troops(st, S["santander"]) == 3
    assert all(B.is_city(S[o.split(":")[1]]) for o in np_steps(events, "aa.ev_move"))
    assert np_steps(events, "aa.ev_place") == ["place:auc_base"] * 2
    assert all(B.is_city(S[o.split(":")[1]]) for o in steps[1:])


def test_aa_8_4_4_card_53_from_most_guerrillas_active_first_to_march_priority() -> None:
    """AA 8.4.4 card 53: the AUC flies its own Guerrillas from the Department with the most
    (arauca: 3), Active first, to a Department the AUC March box ranks first."""
    st = solo()
    put(st, "arauca", "auc_active", 2)
    before = solo()
    put(before, "arauca", "auc_active", 2)
    st, events = event_through_act(st, 53, AUC)
    steps = np_steps(events, "coin.event_step")
    assert steps[:2] == ["faction:auc", "space:arauca"]
    assert np_steps(events, "aa.ev_pieces") == ["piece:auc_active", "piece:auc_active"]
    dest = S[steps[2].split(":")[1]]
    tiers = [[s for s in t if B.is_dept(s) and s != S["arauca"]]
             for t in auc.march_tiers(before, {"spaces": []})]
    assert dest in next(t for t in tiers if t)
    assert B.underground(st, dest, AUC) >= 2


def test_aa_8_4_4_card_54_replace_the_most_numerous_enemy_by_own() -> None:
    """AA 8.4.4 card 54: replace (not remove), in the one City/Department with >= 2 enemy
    Guerrillas (putumayo: FARC 3, Cartels 1), FARC Guerrillas by AUC Guerrillas, twice."""
    st = solo()
    put(st, "putumayo", "farc_underground")
    for s in ("meta_west", "guaviare"):
        take(st, s, "farc_underground")
    for s in ("guaviare", "santander", "arauca"):
        take(st, s, "auc_underground")
    st, events = event_through_act(st, 54, AUC)
    assert np_steps(events, "coin.event_step") == ["replace"]
    assert np_steps(events, "aa.ev_pieces") == ["piece:putumayo:farc_underground"] * 2
    assert np_steps(events, "aa.ev_replace") == ["by:auc_underground"] * 2
    assert B.guerrillas(st, S["putumayo"], FARC) == 1
    assert B.underground(st, S["putumayo"], AUC) == 3


def enemies_only_in(st: AAState, space: str, farc: int, cartels: int) -> None:
    """No FARC or Cartels Guerrilla on the map but `farc` and `cartels` Underground ones in
    `space`: the one City/Department with >= 2 enemy Guerrillas for the AUC."""
    for s in B.spaces(st):
        for g in (FARC, CARTELS):
            for k in (GUER_U[g], GUER_A[g]):
                B.PIECES.remove(st, s, k, B.PIECES.count(st, s, k))
    put(st, space, "farc_underground", farc)
    put(st, space, "cartels_underground", cartels)


def test_aa_8_4_4_card_54_one_space_one_faction_tie_rolled_once() -> None:
    """AA 8.4.4 card 54: the space and the enemy faction with the most Guerrillas there are
    chosen once: with FARC 2 and Cartels 2 tied in huila, both replacements take the rolled
    faction's Guerrillas (the other keeps its 2, though it then has the most); with 1 and 1,
    one replacement only (none of the rolled faction is left there), then no more."""
    for each, picks in ((2, 2), (1, 1)):
        st = solo()
        enemies_only_in(st, "huila", each, each)
        st, events = event_through_act(st, 54, AUC)
        got = np_steps(events, "aa.ev_pieces")
        g = got[0].split(":")[2].split("_")[0]
        other = "cartels" if g == "farc" else "farc"
        assert got[:picks] == [f"piece:huila:{g}_underground"] * picks
        assert got[picks:] == (["done"] if picks == 1 else [])
        assert np_steps(events, "aa.ev_replace") == ["by:auc_underground"] * picks
        assert count(st, "huila", f"{g}_underground") == each - picks
        assert count(st, "huila", f"{other}_underground") == each
        assert count(st, "huila", "auc_underground") == picks


def test_aa_8_4_4_card_58_police_from_cartels_spaces_or_operations() -> None:
    """AA 8.4.4 card 58: the Police of spaces holding Cartels pieces (cali, putumayo) move
    to Cities without Cartels pieces; then no more (4 not reached). With no such space the
    Cartels execute Operations instead (8.1 rule 4)."""
    st = solo()
    put(st, "putumayo", "police")
    st, events = event_through_act(st, 58, CARTELS)
    picked = np_steps(events, "aa.ev_pieces")
    assert sorted(picked[:2]) == ["piece:cali:police", "piece:putumayo:police"]
    assert picked[2:] == ["done"]
    for o in np_steps(events, "aa.ev_move"):
        s = S[o.split(":")[1]]
        assert B.is_city(s) and not B.pieces_of(st, s, CARTELS)
    st = solo()
    take(st, "cali", "police")
    _, events = event_through_act(st, 58, CARTELS)
    assert np_steps(events, "coin.eligible")[0].startswith("op:")
    assert not [e for e in events if e.kind == "coin.event"]


def test_aa_8_4_4_card_59_from_most_cartels_leaving_one_to_support_city_fewest_police() -> \
        None:
    """AA 8.4.4 card 59: 3 Guerrillas out of putumayo (the most, 1 stays) into Cities at
    Support with the fewest Police (1; not bogota with 2, not cali at Neutral)."""
    st = solo()
    put(st, "putumayo", "cartels_underground", 3)
    st, events = event_through_act(st, 59, CARTELS)
    assert np_steps(events, "aa.ev_pieces") == ["piece:putumayo:cartels_underground"] * 3
    for o in np_steps(events, "aa.ev_move"):
        s = S[o.split(":")[1]]
        assert B.is_city(s) and st.support[s] > 0 and B.police(st, s) == 1
    assert B.guerrillas(st, S["putumayo"], CARTELS) == 1


def test_aa_8_4_4_card_60_fewest_cubes_then_the_bribe_box() -> None:
    """AA 8.4.4 card 60: Bases into 2 Cities with the fewest cubes (1, not bogota or cali);
    the free Bribe by 8.5.3: a space with Cartels and Government pieces, Govt cubes."""
    st, events = event_through_act(solo(), 60, CARTELS)
    cities = [S[o.split(":")[1]] for o in np_steps(events, "coin.event_step")]
    assert len(cities) == 2 and all(B.is_city(s) and B.bases(st, s, CARTELS) for s in cities)
    assert all(B.cubes(solo(), s) == 1 for s in cities)
    bribe = np_steps(events, "aa.bribe")[0]
    assert S[bribe.split(":")[1]] in [*cities, S["cali"]]
    assert np_steps(events, "aa.bribe_mode") == ["cubes"]


def test_aa_8_4_4_card_65_own_base_in_mountains_else_operations() -> None:
    """AA 8.4.4 card 65: the Cartels place their own Base in a Mountain Department; with no
    Base Available and no Cartels Guerrilla in the Mountains: Operations instead."""
    st, events = event_through_act(solo(), 65, CARTELS)
    [got] = np_steps(events, "coin.event_step")
    verb, space, faction = got.split(":")
    assert (verb, faction) == ("base", "cartels")
    assert B.is_mountain(S[space]) and B.bases(st, S[space], CARTELS) == 1
    st = solo()
    st.avail[B.PIECES.pool[BASE[CARTELS]]] = 0
    _, events = event_through_act(st, 65, CARTELS)
    assert np_steps(events, "coin.eligible")[0].startswith("op:")


def test_aa_8_4_4_card_65_second_edition_base_and_shipment_in_one_department() -> None:
    """AA 8.4.4 card 65, second edition text (a Shipment and a Base in one Mountain
    Department): the Cartels choose huila, the one Mountain Department where both their
    Base and a Shipment with their Guerrilla go, then place both."""
    for seed in (1, 2, 3, 4):
        st = solo(seed, card_text_edition="second")
        put(st, "huila", "cartels_underground")
        st, events = event_through_act(st, 65, CARTELS)
        assert np_steps(events, "coin.event_step") == [
            "space:huila", "ship:huila:cartels", "base:huila:cartels"]
        assert B.bases(st, S["huila"], CARTELS) == 1
        assert B.ships_at(st, S["huila"], CARTELS)


def test_aa_8_4_4_card_65_second_edition_base_where_no_shipment_can_go() -> None:
    """AA 8.4.4 card 65, second edition: no Cartels Guerrilla in a Mountain Department, so
    no Shipment of theirs: a Department where their Base goes (cesar, santander, huila;
    not antioquia, full with 2 Bases), then their Base."""
    st = solo(card_text_edition="second")
    put(st, "antioquia", "farc_base")
    st, events = event_through_act(st, 65, CARTELS)
    steps = np_steps(events, "coin.event_step")
    space = steps[0].split(":")[1]
    assert space in ("cesar", "santander", "huila")
    assert steps[-1] == f"base:{space}:cartels"
    assert B.bases(st, S[space], CARTELS) == 1


def test_aa_8_4_4_card_72_spread_evenly_round_robin() -> None:
    """AA 8.4.4 card 72: 10 Cartels Guerrillas over the 5 Cartels Base spaces, round robin
    in one order set by 8.2: the second round repeats the first one's order, each gets 2."""
    st, events = event_through_act(solo(), 72, CARTELS)
    got = [o.split(":")[1] for o in np_steps(events, "coin.event_step")]
    assert len(got) == 10 and len(set(got[:5])) == 5 and got[5:] == got[:5]
    for s in ("cali", "guaviare", "meta_east", "meta_west", "putumayo"):
        assert got.count(s) == 2
    assert B.PIECES.available(st, GUER_U[CARTELS]) == 0
    assert count(st, "putumayo", "cartels_underground") == 3


def test_aa_8_4_4_card_69_from_underground_to_march_priority_then_rally() -> None:
    """AA 8.4.4 card 69: the Cartels move from a random space holding their Underground
    Guerrillas (putumayo: 3; vichada holds only an Active one, cali none) to the Department
    their March box ranks first (8.5.2: next to putumayo's 3+ Guerrillas, fewer than 2
    Bases), then Rally there (8.5.1). With no Underground Guerrilla: Operations instead
    (8.1 rule 4)."""
    st = solo()
    take(st, "cali", "cartels_underground")
    put(st, "putumayo", "cartels_underground", 2)
    put(st, "vichada", "cartels_active")
    tier = {D.NAMES[s] for s in B.adjacent(st, S["putumayo"])
            if B.is_dept(s) and B.base_room(st, s) > 0}
    st, events = event_through_act(st, 69, CARTELS)
    steps = np_steps(events, "coin.event_step")
    assert steps[0] == "space:putumayo"
    assert steps[1].split(":")[1] in tier
    assert steps[2] == "op:rally"
    assert B.guerrillas(st, S["putumayo"], CARTELS) == 0
    st = solo()
    put(st, "vichada", "cartels_active")
    for s in ("cali", "putumayo"):
        take(st, s, "cartels_underground")
        put(st, s, "cartels_active")
    _, events = event_through_act(st, 69, CARTELS)
    assert np_steps(events, "coin.eligible")[0].startswith("op:")
    assert not [e for e in events if e.kind == "coin.event"]


def test_aa_8_4_4_card_70_executor_active_guerrilla_else_farc_auc_cartels() -> None:
    """AA 8.4.4 card 70 (shaded, the Cartels executing): in each Forest Department the
    Cartels' Active Guerrilla if they have one there (guaviare), else a FARC Guerrilla
    (putumayo, where the Cartels have only an Underground one; choco, narino, meta_west),
    else AUC (atlantico); +3 Cartels Resources per Terror."""
    st = solo()
    put(st, "guaviare", "cartels_active")
    before = st.resources[CARTELS]
    st, events = event_through_act(st, 70, CARTELS)
    used = dict(o.split(":")[1:] for o in np_steps(events, "aa.ev_every"))
    assert used == {"guaviare": "cartels", "putumayo": "farc", "choco": "farc",
                    "narino": "farc", "meta_west": "farc", "atlantico": "auc"}
    assert st.resources[CARTELS] == before + 3 * 6


def test_aa_8_4_4_card_50_police_at_opposition_first_locs_last() -> None:
    """AA 8.4.4 card 50 (shaded, the AUC executing): the 2 Police come from Opposition
    spaces first (narino, choco), and never from a LoC while another space has one; both
    replaced by AUC Guerrillas (8.4.2: placing, not removing)."""
    st = solo()
    for s in ("narino", "choco", "loc_cali_pasto"):
        put(st, s, "police")
    st, events = event_through_act(st, 50, AUC)
    assert np_steps(events, "coin.event_step") == ["replace"]
    assert sorted(np_steps(events, "aa.ev_pieces")) == ["piece:choco:police",
                                                        "piece:narino:police"]
    assert np_steps(events, "aa.ev_replace") == ["by:auc_underground"] * 2
    assert [B.police(st, S[s]) for s in ("narino", "choco", "loc_cali_pasto")] == [0, 0, 1]
    assert [B.underground(st, S[s], AUC) for s in ("narino", "choco")] == [1, 1]
    st = solo()
    for s in ("narino", "loc_cali_pasto"):
        put(st, s, "police")
    st, events = event_through_act(st, 50, AUC)
    first, second = np_steps(events, "aa.ev_pieces")
    assert first == "piece:narino:police"
    assert B.is_city(S[second.split(":")[1]])  # S0 Police: Cities only, and the LoC last
    assert B.police(st, S["loc_cali_pasto"]) == 1


def test_aa_8_4_4_card_21_farc_base_where_farc_guerrillas_and_support() -> None:
    """AA 8.4.4 card 21 (shaded, FARC executing): the FARC Base goes to a space with FARC
    Guerrillas at Support (santander, bogota); with none at Support, to a space with FARC
    Guerrillas (and room for a Base)."""
    st = solo()
    put(st, "bogota", "farc_underground")
    st, events = event_through_act(st, 21, FARC)
    (step,) = np_steps(events, "coin.event_step")
    assert step.split(":")[1] in ("bogota", "santander")
    assert B.bases(st, S[step.split(":")[1]], FARC) == 1
    st = solo()
    take(st, "santander", "farc_underground")
    guerrillas = {D.NAMES[s] for s in B.cities_and_depts(st)
                  if B.guerrillas(st, s, FARC) and B.base_room(st, s) > 0}
    assert guerrillas == {"choco", "narino", "huila", "arauca"}
    st, events = event_through_act(st, 21, FARC)
    (step,) = np_steps(events, "coin.event_step")
    assert step.split(":")[1] in guerrillas


def test_aa_8_4_4_card_46_city_or_department_removals_govt_farc_auc_cartels() -> None:
    """AA 8.4.4 card 46 (the AUC executing, naming itself): the Terror in a City or
    Department (santander, not the LoC where the AUC also has a Guerrilla); the 2 enemy
    pieces removed in the order Government, FARC, AUC, Cartels (P3 within: the Government
    Base, then a Police), not by the AUC's own enemy order (FARC first); Passive Support."""
    st = solo()
    for s in ("atlantico", "guaviare", "putumayo", "antioquia", "arauca"):
        take(st, s, "auc_underground")
    put(st, "santander", "police")
    put(st, "loc_cucuta_arauca", "auc_underground")
    farc = B.guerrillas(st, S["santander"], FARC)
    assert farc == 1 and B.bases(st, S["santander"], GOVT) == 1
    st, events = event_through_act(st, 46, AUC)
    assert np_steps(events, "coin.event_step") == ["faction:auc", "space:santander",
                                                   "passive_support"]
    assert np_steps(events, "aa.remove_piece") == ["piece:govt_base", "piece:police"]
    assert B.guerrillas(st, S["santander"], FARC) == farc
    assert st.support[S["santander"]] == 1
