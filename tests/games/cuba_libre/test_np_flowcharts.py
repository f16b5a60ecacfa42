"""CL 8.5-8.7 Non-player flowcharts on constructed positions, through the flow (the
Non-player chooses among the options the flow offers): exact spaces, pieces and Resources.
The positions are the standard setup of a solitaire table (Government player)."""

from __future__ import annotations

from services.cuba_libre import GAME
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.bots import directorio, m26, syndicate
from services.cuba_libre.constants import Cap, Kind
from services.cuba_libre.state import CLState
from services.kernel.ctx import Ctx
from services.kernel.flow import push
from tests.games.cuba_libre.np_scenario import (
    DR,
    M26,
    SYNDICATE,
    count,
    np_choices,
    op_spaces,
    play,
    put,
    solo,
    take,
    terror_position,
)

S = D.INDEX


def test_tv_r_38_cl_8_5_1_syndicate_rally_every_casino_then_profit() -> None:
    """TV-R-38, CL 8.5.1: Casinos without a Syndicate Guerrilla (Pinar del Río, La Habana, Havana)
    get 1 each (3 Resources); 8.5.5 Profit Ⓑ first where no other faction's piece is (Pinar del
    Río), then Ⓐ one more (no Syndicate Cash there), under Underground Guerrillas (P3)."""
    st = solo()
    assert syndicate.first_box(st) == "rally"
    events = play(st, 1, [SYNDICATE], done=1, first="op")
    assert np_choices(events, "coin.eligible") == ["op:rally"]
    assert sorted(op_spaces(events, "rally")) == ["havana", "la_habana", "pinar_del_rio"]
    assert st.resources[SYNDICATE] == 12
    stashed = np_choices(events, "cl.profit")
    assert stashed[0] == "stash:pinar_del_rio:syndicate_underground" and len(stashed) == 2
    assert stashed[1] in ("stash:havana:syndicate_underground",
                          "stash:la_habana:syndicate_underground")
    assert sum(1 for c in st.cash if c >= 0) == 2


def test_cl_8_5_2_syndicate_march_into_an_empty_ec() -> None:
    """CL 8.5.2 step 1: no Rally (every Casino has a Syndicate Guerrilla): 1 Guerrilla into
    each adjacent EC holding no pieces (cost 0), from the origin with the most Syndicate
    Guerrillas (Ⓐ): Pinar del Río (2) into EC West."""
    st = solo()
    put(st, "pinar_del_rio", "syndicate_underground", 2)
    put(st, "la_habana", "syndicate_underground")
    put(st, "havana", "syndicate_underground")
    assert not syndicate.cond_rally(st) and syndicate.first_box(st) == "march"
    events = play(st, 1, [SYNDICATE], done=1, first="op")
    assert np_choices(events, "coin.eligible") == ["op:march"]
    assert op_spaces(events, "march") == ["ec_west"]
    assert np_choices(events, "cl.march_from") == ["from:pinar_del_rio", "done"]
    assert count(st, "ec_west", "syndicate_underground") == 1
    assert count(st, "pinar_del_rio", "syndicate_underground") == 1
    assert st.resources[SYNDICATE] == 15


def test_cl_8_5_4_syndicate_terror_at_support_or_opposition_then_bribe() -> None:
    """CL 8.5.4 step 3 (no player at victory): 1 City/Province at Support or Opposition with
    an Underground Syndicate Guerrilla; then 8.5.5 Bribe (3 Resources) removes 26July pieces
    (step 2: an open Casino with 26July pieces: La Habana)."""
    st = terror_position()
    assert syndicate.first_box(st) == "terror"
    events = play(st, 1, [SYNDICATE], done=1, first="op")
    spaces = op_spaces(events, "terror")
    assert len(spaces) == 1 and st.support[S[spaces[0]]] in (0, 1)
    assert np_choices(events, "cl.bribe") == ["space:la_habana"]
    assert count(st, "la_habana", "m26_underground") == 0
    assert st.resources[SYNDICATE] == 15 - 1 - 3


def test_tv_r_39_cl_8_6_1_directorio_terror_at_active_support() -> None:
    """TV-R-39, CL 8.6.1 step 1: Havana is at Active Support with Underground DR Guerrillas: Terror
    there (1 Resource, a Terror marker, one level toward Neutral); no Assassinate (DR 2 vs
    Police 4)."""
    st = solo()
    assert directorio.first_box(st) == "terror"
    events = play(st, 1, [DR], done=1, first="op")
    assert op_spaces(events, "terror") == ["havana"]
    assert st.terror[S["havana"]] == 1 and st.support[S["havana"]] == 1
    assert st.resources[DR] == 4
    assert not [e for e in events if e.kind == "coin.sa"]


def test_cl_8_6_2_directorio_rally_then_subvert() -> None:
    """CL 8.6.2: no Active level with DR: Rally (7 Guerrillas Available): step 3 the spaces
    with DR Guerrillas (Havana, Camagüey Province), then 1 other; Subvert a DR-Controlled
    Province (+1 Resource, Neutral)."""
    st = solo()
    st.support[S["havana"]] = 1
    assert directorio.first_box(st) == "rally"
    events = play(st, 1, [DR], done=1, first="op")
    spaces = op_spaces(events, "rally")
    assert spaces[:2] in (["havana", "camaguey_province"], ["camaguey_province", "havana"])
    assert len(spaces) == 3 and spaces[2] not in ("havana", "camaguey_province")
    subverted = np_choices(events, "cl.subvert")
    assert len(subverted) == 1 and st.support[S[subverted[0].split(":")[1]]] == 0
    assert st.resources[DR] == 5 - 3 + 1


def camaguey_attack(**cubes: int) -> CLState:
    """A DR Attack position: 4 DR Guerrillas in Camagüey Province (2 Active) against
    `cubes` (kind: count), none in Havana, 5 DR Guerrillas and no Base Available."""
    st = solo()
    take(st, "havana", "directorio_underground", 2)
    put(st, "camaguey_province", "directorio_active", 2)
    for kind, n in cubes.items():
        put(st, "camaguey_province", kind, n)
    st.avail[Kind.DR_U], st.avail[Kind.DR_BASE] = 5, 0
    return st


def test_cl_8_6_4_directorio_attack_ambush_first() -> None:
    """CL 8.6.4: an Attack that gives DR Control (Camagüey Province: 3 DR vs 3 Troops) and no
    Terror entry (no Active level with DR) nor Rally entry (5 Guerrillas Available, no Base):
    Ambush there (the 1st Attack space, an Underground Guerrilla) removing the Troops."""
    st = camaguey_attack(troops=3)
    assert not directorio.cond_terror(st)
    assert not directorio.cond_rally(st) and directorio.cond_attack(st)
    events = play(st, 1, [DR], done=1, first="op")
    assert np_choices(events, "coin.eligible") == ["op:attack"]
    assert op_spaces(events, "attack") == ["camaguey_province"]
    assert np_choices(events, "cl.attack_mode") == ["ambush"]
    assert count(st, "camaguey_province", "troops") == 1
    assert B.control(st, S["camaguey_province"]) == DR


def test_cl_8_1_2_p4_directorio_ambush_removes_cubes_alternately_police_first() -> None:
    """CL 8.1.2 P4: cubes alternately, Police first (Police, Troop, ...): the DR Ambush in
    Camagüey Province (4 DR against 2 Police and 2 Troops; the removal gives DR Control)
    takes 1 Police, then 1 Troop, not 2 Police."""
    st = camaguey_attack(police=2, troops=2)
    assert directorio.first_box(st) == "attack"
    events = play(st, 1, [DR], done=1, first="op")
    assert op_spaces(events, "attack") == ["camaguey_province"]
    assert np_choices(events, "cl.attack_mode") == ["ambush"]
    assert np_choices(events, "cl.remove_piece") == ["piece:police", "piece:troops"]
    assert count(st, "camaguey_province", "police") == 1
    assert count(st, "camaguey_province", "troops") == 1
    assert B.control(st, S["camaguey_province"]) == DR


def test_cl_8_5_5_bribe_step_1_removes_the_piece_that_obtains_cash_first() -> None:
    """CL 8.5.5 Bribe step 1 (P6): the Government player's Cash under the only Troop in La
    Habana (with 2 Police, an open Casino, a Syndicate Guerrilla) makes the Bribe remove
    Government cubes there, that Troop first (P4's Police first would take a Police, which
    yields no Cash: 2 are there): the Government player is asked about its Cash."""
    st = terror_position()
    st.avail[Kind.TROOPS] += 1
    for kind, n in (("police", 2), ("troops", 1)):
        put(st, "la_habana", kind, n - count(st, "la_habana", kind))
    assert (count(st, "la_habana", "police"), count(st, "la_habana", "troops")) == (2, 1)
    st.cash[0] = S["la_habana"] * 13 + Kind.TROOPS  # the Government player's, not Synd's
    assert syndicate.first_box(st) == "terror"
    events = play(st, 1, [SYNDICATE], done=1, first="op")
    assert np_choices(events, "cl.bribe") == ["space:la_habana"]
    assert np_choices(events, "cl.bribe_mode") == ["cubes"]
    assert np_choices(events, "cl.bribe_piece") == ["remove:troops"]
    assert count(st, "la_habana", "troops") == 0 and count(st, "la_habana", "police") == 2
    asked = [d for d in GAME.decisions(st) if not d.optional]
    assert [(d.seat, d.kind) for d in asked] == [(0, "cl.cash_rescue")]


def test_cl_8_7_1_26july_terror_kidnap_then_shifts() -> None:
    """CL 8.7.1: step 1 the Kidnap space (Ⓒ an open Casino: La Habana), step 3 Santiago de
    Cuba (Neutral); Kidnap from the Syndicate there (no Government target in a Province)."""
    st = solo()
    assert m26.first_box(st) == "terror"
    events = play(st, 1, [M26], done=1, first="op")
    assert op_spaces(events, "terror") == ["la_habana", "santiago_de_cuba"]
    assert np_choices(events, "cl.kidnap") == ["kidnap:la_habana:syndicate"]
    assert st.support[S["la_habana"]] == 0 and st.support[S["santiago_de_cuba"]] == -1


def test_cl_8_7_2_26july_rally_places_at_its_base() -> None:
    """CL 8.7.2 (no Terror possible: no Underground 26July Guerrilla): Rally, step 3 first
    where a 26July Base is (Sierra Maestra: 2 x Bases + 2 x Pop = 4 Guerrillas)."""
    st = solo()
    for s, n in (("la_habana", 1), ("sierra_maestra", 2), ("santiago_de_cuba", 1)):
        take(st, s, "m26_underground", n)
        put(st, s, "m26_active", n)
    assert not m26.cond_terror(st) and m26.first_box(st) == "rally"
    events = play(st, 1, [M26], done=1, first="op")
    assert op_spaces(events, "rally")[0] == "sierra_maestra"
    assert np_choices(events, "cl.rally_mode")[0] == "mass"
    assert count(st, "sierra_maestra", "m26_underground") == 4


def test_cl_8_7_2_step_4_guerrilla_life_places_where_step_1_would_only_flip() -> None:
    """CL 8.7.2 steps 1 and 4: sierra_maestra has a 26July Base, 2 Active 26July Guerrillas
    and a Troop: step 1 flips them Underground (no placement). With card 30 The Guerrilla
    Life in play the bot both flips and places there: 2 x Bases + 2 x Pop = 4 Guerrillas,
    then the Capability flips all 6 Underground."""
    for life, mode, placed in ((False, "hide", []), (True, "mass", [4])):
        st = solo()
        for s, n in (("la_habana", 1), ("sierra_maestra", 2), ("santiago_de_cuba", 1)):
            take(st, s, "m26_underground", n)
            put(st, s, "m26_active", n)
        put(st, "sierra_maestra", "troops")
        if life:
            st.caps |= 1 << Cap.M26_RALLY_HIDES_ALL
        assert not m26.cond_terror(st) and m26.first_box(st) == "rally"
        events = play(st, 1, [M26], done=1, first="op")
        assert op_spaces(events, "rally")[0] == "sierra_maestra"
        assert np_choices(events, "cl.rally_mode")[0] == mode
        assert [e.data["count"] for e in events if e.kind == "cl.rally"
                and e.data["space"] == "sierra_maestra" and "count" in e.data] == placed
        assert count(st, "sierra_maestra", "m26_active") == 0
        assert count(st, "sierra_maestra", "m26_underground") == 2 + sum(placed)


def agitation(st: CLState) -> list[str]:
    """The Support phase's Agitation step (CL 6.3.3) run by the flow: 26July's choices."""
    push(st, "cl.agitation")
    ctx = Ctx()
    GAME.advance(ctx, st)
    return np_choices(ctx.events, "cl.agitation")


def test_cl_8_7_5_agitation_highest_population_first() -> None:
    """CL 8.7.5: 26July-Controlled spaces not at Active Opposition; Resources short of all:
    Ⓐ the highest Population first (Oriente, Pop 2, over Sierra Maestra's Terror)."""
    st = solo()
    put(st, "oriente", "m26_underground", 2)
    st.support[S["sierra_maestra"]] = -1
    st.terror[S["sierra_maestra"]] = 1
    st.resources[M26] = 1
    assert agitation(st)[0] == "space:oriente"
    assert st.support[S["oriente"]] == -2 and st.resources[M26] == 0


def test_cl_8_6_3_march_moves_exactly_what_control_needs() -> None:
    """CL 8.6.3 step 1 (tiers): the highest-Pop space DR can come to Control by March; the
    plan moves exactly Σcc(others) − cc(DR) + 1, from the origins with the most DR first."""
    st = solo()
    take(st, "havana", "directorio_underground", 2)
    put(st, "camaguey_province", "directorio_underground", 4)
    v = {"spaces": [], "arrived": [0] * D.NS}
    assert directorio.control_targets(st, v) == [S["las_villas"], S["oriente"]]  # Pop 2
    assert directorio.march_plan(st, S["las_villas"], v) == {S["camaguey_province"]: 4}
    assert not B.has_cap(st, Cap.DR_MARCHES_TWO_SPACES)


def test_cl_8_7_5_agitation_no_terror_removal_at_active_opposition() -> None:
    """CL 8.7.5: a Terror marker is removed only if a shift can follow there; a space already
    at Active Opposition is no candidate, so 26July keeps its Resources (done)."""
    st = solo()
    st.support[S["sierra_maestra"]] = -2
    st.terror[S["sierra_maestra"]] = 1
    st.resources[M26] = 5
    assert agitation(st) == ["done"]
    assert st.terror[S["sierra_maestra"]] == 1 and st.resources[M26] == 5


def attack_position(seed: int) -> CLState:
    """No Terror (no Underground 26July Guerrilla), no Rally (none Available, no Base to
    place), Las Villas with 4 26July Guerrillas and Troops: the 8.7.4 Attack box; Camagüey
    Province also has 6 (and 2 Syndicate, 3 DR Guerrillas, no Government piece); Havana 1."""
    st = solo(seed)
    for s, n in (("la_habana", 1), ("sierra_maestra", 2), ("santiago_de_cuba", 1)):
        take(st, s, "m26_underground", n)
    put(st, "las_villas", "m26_active", 4)
    put(st, "camaguey_province", "m26_active", 6)
    put(st, "camaguey_province", "syndicate_active", 2)
    put(st, "camaguey_province", "directorio_active", 2)
    put(st, "havana", "m26_active", 1)
    st.avail[Kind.M26_U], st.avail[Kind.M26_BASE] = 0, 0
    assert not m26.cond_terror(st) and not m26.cond_rally(st)
    assert m26.first_box(st) == "attack"
    return st


def test_cl_8_7_4_26july_attack_without_ambush_only_where_4_guerrillas() -> None:
    """CL 8.7.4: no Ambush space (no Underground 26July Guerrilla), so step 2 names every
    Attack space: those with >= 4 26July Guerrillas (never Havana, with 1)."""
    seen: set[str] = set()
    for seed in range(1, 9):
        st = attack_position(seed)
        events = play(st, 1, [M26], done=1, first="op")
        spaces = op_spaces(events, "attack")
        assert sorted(spaces) == ["camaguey_province", "las_villas"], seed
        seen.add(spaces[0])
    assert seen == {"camaguey_province", "las_villas"}  # random_pick of the order


def test_cl_8_7_4_26july_attack_targets_a_random_faction_else() -> None:
    """CL 8.7.4 targets: no Cash, no Government piece, no player's Control at stake in
    Camagüey Province: "else a random faction" (Syndicate or DR, drawn per removal; P4
    the Underground DR Guerrilla before the Active ones)."""
    removed: set[str] = set()
    for seed in range(1, 13):
        st = attack_position(seed)
        before = {k: count(st, "camaguey_province", k) for k in
                  ("syndicate_active", "directorio_active", "directorio_underground")}
        play(st, 1, [M26], done=1, first="op")
        lost = {k: n - count(st, "camaguey_province", k) for k, n in before.items()}
        assert sum(lost.values()) == 2, seed
        assert not lost["directorio_active"] or lost["directorio_underground"], seed
        removed |= {k.split("_")[0] for k, n in lost.items() if n}
    assert removed == {"syndicate", "directorio"}


def test_cl_8_7_2_infiltrate_cash_only_under_the_cube_it_takes() -> None:
    """CL 8.7.2 Infiltrate Ⓑ "to obtain Cash": Santiago de Cuba's Cash is under its last
    Troop, but Infiltrate takes a Police there (4.3.1), so no Cash: Oriente (Cash under
    its only Police) is the space, on every seed, and gets a 26July Guerrilla."""
    for seed in range(1, 9):
        st = solo(seed)
        for s, n in (("la_habana", 1), ("sierra_maestra", 2), ("santiago_de_cuba", 1)):
            take(st, s, "m26_underground", n)
            put(st, s, "m26_active", n)
        take(st, "santiago_de_cuba", "troops", 1)
        st.cash[0] = B.cash_code(S["santiago_de_cuba"], Kind.TROOPS)
        put(st, "oriente", "police", 1)
        st.cash[1] = B.cash_code(S["oriente"], Kind.POLICE)
        assert m26.first_box(st) == "rally"
        events = play(st, 1, [M26], done=1, first="op")
        assert np_choices(events, "cl.infiltrate") == ["replace:oriente"], seed
        assert count(st, "oriente", "police") == 0
        assert count(st, "santiago_de_cuba", "police") == 2
