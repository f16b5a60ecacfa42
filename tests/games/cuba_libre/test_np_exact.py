"""CL chapter 8 made exact where earlier procedures approximated it: Morgan's March for the
Directorio (8.6.3 step 3), Cash piece by piece (8.1.2 P6, P8), the Pact of Caracas at the
start of an execution (8.6.5, 8.7.6; through Suggest and PlayBots for a bot seat too), an
Event's spaces by dry runs (8.4.4 item 3), the Government's "would" tests as dry runs of its
boxes (8.0, 8.8.1) and what a Garrison keeps (8.8.3): constructed positions played through
the flow as the rules service runs it, the exact spaces, pieces and order."""

from __future__ import annotations

import pytest
from tablero.v1 import rules_pb2 as rp

from services.cuba_libre import GAME, victory
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.bots import cash as np_cash
from services.cuba_libre.bots import (
    directorio,
    govt_garrison,
    govt_train,
    govt_would,
    m26,
    pact,
    syndicate,
)
from services.cuba_libre.bots import government as G
from services.cuba_libre.constants import Cap, Kind, Mom, UsAlliance
from services.cuba_libre.state import CLState
from services.kernel import codec, engine
from services.kernel.decisions import Choice
from tests.games.cuba_libre import np_scenario as sc
from tests.games.cuba_libre.helpers import game
from tests.games.cuba_libre.np_scenario import DR, GOVT, M26, SYNDICATE
from tests.games.cuba_libre.test_np_govt import (
    cities_held,
    empty_board,
    govt_turn,
    moves,
    np_game,
)
from tests.games.cuba_libre.test_np_govt import events as events_of
from tests.games.cuba_libre.test_np_govt import op_spaces as op_spaces_of
from tests.support import game_state, rules_service

S = D.INDEX


def dr_march_box(st: CLState, pieces: list[tuple[str, str, int]]) -> CLState:
    """`st` with no DR Guerrilla in Havana (no Terror entry), `pieces` (space, kind, n) added,
    5 DR Guerrillas and no DR Base Available (no Rally entry), no Attack giving DR Control:
    the DR March box (8.6.3)."""
    sc.take(st, "havana", "directorio_underground", 2)
    for space, kind, n in pieces:
        sc.put(st, space, kind, n)
    st.avail[Kind.DR_U], st.avail[Kind.DR_BASE] = 5, 0
    assert not directorio.cond_terror(st) and not directorio.cond_rally(st)
    assert not directorio.cond_attack(st)
    return st


def morgan_position() -> CLState:
    """S0 with card 28 Morgan's Capability and 6 Underground DR in Oriente: the DR March box."""
    st = sc.solo()
    st.caps |= 1 << Cap.DR_MARCHES_TWO_SPACES
    return dr_march_box(st, [("oriente", "directorio_underground", 6)])


def test_cl_8_6_3_step_3_morgan_control_march_from_two_spaces_away() -> None:
    """CL 8.6.3 steps 1 and 3: with Morgan, Las Villas (Pop 2, 3 Troops: DR needs 4) can come
    under DR Control only from Oriente, 2 spaces away through Camagüey Province: exactly 4
    Underground DR Guerrillas march there (without Morgan the step would take Sierra Maestra,
    Pop 1, next to Oriente)."""
    plain = morgan_position()
    plain.caps = 0
    assert directorio.control_targets(plain, {"spaces": [], "arrived": [0] * D.NS}) == [
        S["sierra_maestra"]]
    st = morgan_position()
    events = sc.play(st, 1, [DR], done=1, first="op")
    assert sc.np_choices(events, "coin.eligible") == ["op:march"]
    assert sc.op_spaces(events, "march")[0] == "las_villas"
    assert sc.np_choices(events, "cl.march_from")[0] == "via:oriente:camaguey_province"
    assert sc.np_choices(events, "cl.march_u")[0] == "u:4"
    assert sc.count(st, "las_villas", "directorio_underground") == 4
    assert B.control(st, S["las_villas"]) == DR


def dr_march_tie_position(seed: int) -> CLState:
    """S0 with 4 Underground DR in Matanzas and 4 in Camagüey Province, 3 Troops in Oriente
    (out of DR's reach): the DR March box (8.6.3)."""
    return dr_march_box(sc.solo(seed=seed), [("matanzas", "directorio_underground", 4),
                                             ("camaguey_province", "directorio_underground", 3),
                                             ("oriente", "troops", 3)])


@pytest.mark.parametrize(("seed", "first", "second"), [(1, "matanzas", "camaguey_province"),
                                                       (2, "camaguey_province", "matanzas")])
def test_cl_8_6_3_step_1_origin_ties_by_random_pick(seed: int, first: str, second: str) -> None:
    """CL 8.6.3 step 1 with 8.0: Las Villas (Pop 2, 3 Troops) needs exactly 4 DR Guerrillas;
    Matanzas and Camagüey Province tie on the most DR Guerrillas (4 each, 3 may leave), so
    `random_pick` (8.2 table) says which gives 3 first, the other the 1 still needed: Matanzas
    with seed 1, Camagüey Province with seed 2 (never map order only)."""
    st = dr_march_tie_position(seed)
    events = sc.play(st, 1, [DR], done=1, first="op")
    assert sc.np_choices(events, "coin.eligible") == ["op:march"]
    assert sc.op_spaces(events, "march")[0] == "las_villas"
    assert sc.np_choices(events, "cl.march_from")[:2] == [f"from:{first}", f"from:{second}"]
    assert sc.np_choices(events, "cl.march_u")[:2] == ["u:3", "u:1"]
    marches = [(e.data["from"], e.data["to"], e.data["count"]) for e in events
               if e.kind == "cl.march"]
    assert marches[:2] == [(first, "las_villas", 3), (second, "las_villas", 1)]
    assert sc.count(st, "las_villas", "directorio_underground") == 4
    assert sc.count(st, first, "directorio_underground") == 1
    assert B.control(st, S["las_villas"]) == DR


# -- 8.1.2 P6, P8: Cash piece by piece --------------------------------------------------------


def test_cl_8_1_2_p6_non_player_rescues_its_cash_under_another_non_players_cube() -> None:
    """CL 8.1.2 P6: the Non-player Government's Assault (it gains Control of la_habana, 8.8)
    removes the Non-player DR's only Guerrilla there, which holds Cash; DR has no other piece
    there, so it moves the Cash under another Non-player's piece, the Government's Police
    (Government first; P3: Police before Troops), not under the Syndicate player's Guerrilla;
    and the Cash is no `yields_cash` for the Government (it would not take it)."""
    st = empty_board(game(2, non_players="govt+directorio"))
    cities_held(st)
    st.us_alliance = UsAlliance.EMBARGOED
    sc.put(st, "la_habana", "troops", 2)
    sc.put(st, "la_habana", "police")
    sc.put(st, "la_habana", "directorio_active")
    sc.put(st, "la_habana", "syndicate_underground", 2)
    st.cash[0] = B.cash_code(S["la_habana"], Kind.DR_A)
    assert not np_cash.releases_cash(st, S["la_habana"], Kind.DR_A)
    assert G.first_box(st) == "assault"
    t = govt_turn(st)
    assert op_spaces_of(t) == ["la_habana"]
    rescue = [e for e in t.events if e.kind == "coin.np_choice"
              and e.data["kind"] == "cl.cash_rescue"]
    assert [(e.data["faction"], e.data["option"]) for e in rescue] == [
        ("directorio", "to:police")]
    after = t.st
    assert B.guerrillas(after, S["la_habana"], DR) == 0
    assert after.cash[0] == B.cash_code(S["la_habana"], Kind.POLICE)


def test_cl_8_1_2_p6_yields_cash_piece_by_piece() -> None:
    """CL 8.1.2 P6 `yields_cash(piece)`: the player's last Troop holding Cash yields it, its
    Police (no Cash) does not; a Non-player's Guerrilla holding Cash yields it only when no
    own or other Non-player's piece is there to take it (the player's cubes do not)."""
    st = sc.solo()  # the Government a player, the Insurgents Non-players
    s = S["matanzas"]
    sc.put(st, "matanzas", "police")
    sc.put(st, "matanzas", "troops")
    st.cash[0] = B.cash_code(s, Kind.TROOPS)
    assert np_cash.releases_cash(st, s, Kind.TROOPS)
    assert not np_cash.releases_cash(st, s, Kind.POLICE)
    sc.put(st, "matanzas", "m26_active")
    st.cash[1] = B.cash_code(s, Kind.M26_A)
    assert np_cash.releases_cash(st, s, Kind.M26_A)  # only the player's cubes are there
    sc.put(st, "matanzas", "syndicate_underground")
    assert not np_cash.releases_cash(st, s, Kind.M26_A)  # the Syndicate, a Non-player
    sc.put(st, "matanzas", "m26_underground")
    assert not np_cash.releases_cash(st, s, Kind.M26_A)  # its own Underground one takes it
    assert np_cash.yields_cash(st, s, GOVT) and not np_cash.yields_cash(st, s, M26)


def test_cl_8_1_2_p8_cash_carrier_moves_last_into_an_ec() -> None:
    """CL 8.5.2 step 1 with P7, P8: the Syndicate Marches 1 Underground Guerrilla from
    pinar_del_rio (the origin with the most Syndicate Guerrillas) into the empty ec_west; the
    Cash carrier moves last into an EC, so the Cash stays in pinar_del_rio."""
    st = sc.solo()
    for s in ("pinar_del_rio", "la_habana", "havana"):
        sc.put(st, s, "syndicate_underground")
    sc.put(st, "pinar_del_rio", "syndicate_underground")
    st.cash[0] = B.cash_code(S["pinar_del_rio"], Kind.SYND_U)
    assert syndicate.first_box(st) == "march"
    events = sc.play(st, 1, [SYNDICATE], done=1, first="op")
    assert sc.op_spaces(events, "march")[0] == "ec_west"
    assert sc.np_choices(events, "cl.march_from")[0] == "from:pinar_del_rio"
    assert sc.np_choices(events, "cl.march_u")[0] == "u:1"
    assert sc.np_choices(events, "cl.cash_follow") == ["stay"]
    assert sc.count(st, "ec_west", "syndicate_underground") == 1
    assert st.cash[0] == B.cash_code(S["pinar_del_rio"], Kind.SYND_U)


# -- 8.6.5, 8.7.6 the Pact of Caracas: at the start of an execution --------------------------


def pact_position(seats: int = 1, non_players: str = "none") -> CLState:
    """Card 18's Capability in play, DR a player meeting its condition (Bases and Pop above
    its goal), 26July with 2 Bases (sierra_maestra)."""
    st = sc.solo(seats=seats, non_players=non_players)
    st.caps |= 1 << Cap.M26_DR_PACT
    sc.put(st, "sierra_maestra", "m26_base")
    for s in ("matanzas", "las_villas", "camaguey_province", "oriente", "pinar_del_rio"):
        sc.put(st, s, "directorio_base", 2)
    for s, n in (("las_villas", 4), ("oriente", 2), ("pinar_del_rio", 2)):
        sc.put(st, s, "directorio_underground", n)
    assert victory.meets(st)[DR] and st.seat_of[DR] >= 0
    return st


def test_cl_8_7_6_pact_cancelled_at_the_start_of_an_event_without_choices() -> None:
    """CL 8.7.6: the Non-player 26July executes card 2's unshaded Event (a Capability, no
    choice in it): its 2 Bases come off first, cancelling card 18, then the Event."""
    st = pact_position(non_players="govt+m26+syndicate")
    events = sc.play(st, 2, [M26])
    kinds = [e.kind for e in events]
    assert sc.np_choices(events, "coin.eligible") == ["event:unshaded"]
    assert sc.np_choices(events, "cl.remove_own") == ["own:sierra_maestra:m26_base"] * 2
    assert kinds.index("cl.capability_cancelled") < kinds.index("cl.capability")
    assert not B.has_cap(st, Cap.M26_DR_PACT) and sc.count(st, "sierra_maestra", "m26_base") == 0


def test_cl_8_1_item_1c_pact_removal_is_not_the_events_effect() -> None:
    """CL 8.1 item 1c with 8.7.6: card 17 Alberto Bayo would only Rally 26July where it has a
    Base, and the Pact takes both off first: the Event itself changes nothing (the Bases'
    removal is the Pact's), so Operation + SA, the Bases removed at its start."""
    st = pact_position(non_players="govt+m26+syndicate")
    events = sc.play(st, 17, [M26])
    choices = [(e.data["kind"], e.data["option"]) for e in events if e.kind == "coin.np_choice"]
    assert choices[:3] == [("coin.eligible", "op:terror"),
                           ("cl.remove_own", "own:sierra_maestra:m26_base"),
                           ("cl.remove_own", "own:sierra_maestra:m26_base")]
    assert choices[3][0] == "coin.op_space"
    assert not B.has_cap(st, Cap.M26_DR_PACT)


def terror_started() -> bytes:
    """`pact_position` on 4 seats: the 26July player, 1st Eligible on card 1, chose Terror."""
    st = pact_position(seats=4)
    sc.play(st, 1, [M26])
    data = codec.encode(st)
    d = engine.view(GAME, data, M26).decisions[0]
    return engine.act(GAME, data, M26, Choice(d.id, option_id="op:terror")).state


def test_cl_8_7_6_pact_through_suggest_for_a_26july_player() -> None:
    """CL 8.7.6 through Suggest (`coin_np`, 0012): the 26July player (4 seats), DR a player at
    victory, starts a Terror: asked about its own-removal decision, the policy removes a
    Base (twice: the Capability ends); once a space is chosen it is no longer the start."""
    data = terror_started()
    for _ in range(2):
        own = next(d for d in engine.view(GAME, data, M26).decisions
                   if d.kind == "cl.remove_own")
        c = engine.suggest(GAME, data, M26, own.id, policy="coin_np", bot_seed=3)
        assert c.option_id == "own:sierra_maestra:m26_base"
        data = engine.act(GAME, data, M26, c).state
    after = codec.decode(data, CLState)
    assert not B.has_cap(after, Cap.M26_DR_PACT)
    assert sc.count(after, "sierra_maestra", "m26_base") == 0


def test_cl_8_7_6_pact_by_play_bots_for_a_26july_bot_seat() -> None:
    """CL 8.7.6 with a bot playing the 26July seat (`play_bots`, `coin_np`): its Event (card 1,
    unshaded) starts with the Pact's 2 Base removals, optional decisions a bot seat takes only
    through the policy's `first_decision`, cancelling card 18 before the Event's first step;
    the kernel's random bot never takes them."""
    st = pact_position(seats=4)
    sc.play(st, 1, [M26])
    data = codec.encode(st)
    run = engine.play_bots(GAME, data, [M26], "coin_np", bot_seed=3, max_steps=4)
    assert [(m.seat, m.choice.option_id) for m in run.moves] == [
        (M26, "event:unshaded"), (M26, "own:sierra_maestra:m26_base"),
        (M26, "own:sierra_maestra:m26_base"), (M26, "faction:m26")]
    assert [e.kind for e in run.moves[2].step.events] == ["cl.removed", "cl.capability_cancelled"]
    after = codec.decode(run.final.state, CLState)
    assert not B.has_cap(after, Cap.M26_DR_PACT)
    assert sc.count(after, "sierra_maestra", "m26_base") == 0
    plain = engine.play_bots(GAME, data, [M26], "random", bot_seed=3, max_steps=20)
    assert all(not m.choice.option_id.startswith("own:") for m in plain.moves)


def test_cl_8_7_6_pact_by_suggest_without_a_decision_id() -> None:
    """CL 8.7.6 through Suggest with no decision named (what a bot seat asks): at the start of
    the 26July player's Terror the `coin_np` answer is the Pact's Base removal, not the required
    space; the random policy answers the required space as before."""
    data = terror_started()
    pending = {d.kind: d.id for d in engine.view(GAME, data, M26).decisions}
    assert sorted(pending) == ["cl.give_resources", "cl.remove_own", "coin.op_space"]
    c = engine.suggest(GAME, data, M26, policy="coin_np", bot_seed=3)
    assert c == Choice(pending["cl.remove_own"], option_id="own:sierra_maestra:m26_base")
    assert engine.suggest(GAME, data, M26, policy="random", bot_seed=3).decision_id == \
        pending["coin.op_space"]


def test_cl_8_7_6_pact_when_the_26july_players_clock_runs_out() -> None:
    """CL 8.7.6 for a person's timed-out decision (`play_bots` with it named, no bot seat):
    the 26July player chose Terror and its clock ran out on the first space: `coin_np` takes
    the Pact's 2 Base removals first, then answers the space in its place, and stops; the
    random policy answers just the space."""
    data = terror_started()
    due = next(d for d in engine.view(GAME, data, M26).decisions if not d.optional)
    assert due.kind == "coin.op_space"
    run = engine.play_bots(GAME, data, [], "coin_np", bot_seed=3, first_decision_id=due.id)
    assert [m.seat for m in run.moves] == [M26] * 3
    assert [m.choice.option_id for m in run.moves[:2]] == ["own:sierra_maestra:m26_base"] * 2
    space = next(d for d in run.moves[1].step.decisions if not d.optional)
    assert space.kind == "coin.op_space" and run.moves[2].choice.decision_id == space.id
    assert not B.has_cap(codec.decode(run.final.state, CLState), Cap.M26_DR_PACT)
    plain = engine.play_bots(GAME, data, [], "random", bot_seed=3, first_decision_id=due.id)
    assert [m.choice.decision_id for m in plain.moves] == [due.id]


def test_cl_8_7_6_pact_by_the_rules_services_play_bots_over_grpc() -> None:
    """CL 8.7.6 through the real rules service's PlayBots (what the gateway calls for bot
    seats): the 26July bot seat's run starts its Event with the Pact's 2 Base removals."""
    st = pact_position(seats=4)
    sc.play(st, 1, [M26])
    with rules_service("cuba_libre") as rules:
        run = rules.PlayBots(rp.RulesPlayBotsRequest(
            state=game_state("cuba_libre", codec.encode(st)), bot_seats=[M26],
            policy="coin_np", bot_seed=3, max_steps=3), timeout=30)
    assert [(m.seat, m.choice.option_id) for m in run.moves] == [
        (M26, "event:unshaded"), (M26, "own:sierra_maestra:m26_base"),
        (M26, "own:sierra_maestra:m26_base")]
    assert not B.has_cap(codec.decode(run.final.state.data, CLState), Cap.M26_DR_PACT)


def test_cl_8_7_6_no_pact_act_once_the_execution_has_begun() -> None:
    """CL 8.7.6 "at the start": once the 26July player's Terror has its first space, the
    Pact's act no longer applies (the policy's standing answer gives none)."""
    data = terror_started()
    d = next(d for d in engine.view(GAME, data, M26).decisions if not d.optional)
    assert d.kind == "coin.op_space"
    data = engine.act(GAME, data, M26, Choice(d.id, option_id=d.option_ids()[0])).state
    after = codec.decode(data, CLState)
    own = next(d for d in engine.view(GAME, data, M26).decisions if d.kind == "cl.remove_own")
    assert pact.executing(after) is not None and not pact.cancels(after, M26)
    assert pact.suggest(after, own, M26) is None
    assert B.has_cap(after, Cap.M26_DR_PACT)


# -- 8.4.4 item 3: an Event's spaces by what they would place or remove --------------------------


@pytest.mark.parametrize(("full", "chosen"), [("sierra_maestra", "las_villas"),
                                              ("las_villas", "sierra_maestra")])
def test_cl_8_4_4_item_3_event_space_where_a_base_can_be_placed(full: str, chosen: str) -> None:
    """CL 8.4.4 item 3: 26July 1st Eligible on card 31 Escopeteros (unshaded: a Base and a
    Guerrilla into 1 Mountain Province): the Mountain Province with no room for a Base (2
    Bases already) would take only the Guerrilla, so the other one, where a Base is placed
    (the most Bases), is chosen; the Base is 26July's (P1, 8.4.4 item 1)."""
    st = sc.solo()
    sc.put(st, full, "directorio_base", 2 - sc.count(st, full, "m26_base"))
    assert B.base_room(st, S[full]) == 0 and B.base_room(st, S[chosen]) > 0
    before = sc.count(st, chosen, "m26_base")
    events = sc.play(st, 31, [M26])
    steps = sc.np_choices(events, "coin.event_step")
    assert sc.np_choices(events, "coin.eligible") == ["event:unshaded"]
    assert steps[0] == f"space:{chosen}"
    assert sc.count(st, chosen, "m26_base") == before + 1


# -- 8.0, 8.8.1: the Government's "would" tests are dry runs of its boxes --------------------


def test_cl_8_8_1_armored_cars_troops_are_shared_by_the_assault_spaces() -> None:
    """CL 8.8.1 Armored Cars with CL 8.0 (a dry run of the box): matanzas and pinar_del_rio
    hold 2 Active DR Guerrillas each, and only havana can spare Troops (3; camagüey_city and
    santiago_de_cuba spare none). Each space alone could take its 2, but the Assault box
    brings the 3 Troops once: 3 Guerrillas, not the 4 the override needs, so the flowchart's
    Train stands (camagüey_city lacks Police)."""
    st = empty_board(np_game())
    cities_held(st)
    sc.put(st, "havana", "troops", 2)
    sc.take(st, "camaguey_city", "police")
    sc.put(st, "santiago_de_cuba", "syndicate_underground")
    for s in ("matanzas", "pinar_del_rio"):
        sc.put(st, s, "directorio_active", 2)
    st.mom |= 1 << Mom.ASSAULT_BRINGS_TROOPS
    run = govt_would.dry_run(st, "assault", sa_ok=False)
    assert (run.guerrillas, run.m26_bases) == (3, 0)
    assert not govt_would.armored_cars(st)
    t = govt_turn(st)
    assert [e["option"] for e in events_of(t, "coin.np_choice")][0] == "op:train"


def test_cl_8_8_3_garrison_keeps_only_the_last_police_then_restores_city_control() -> None:
    """CL 8.8.3 steps 1-3: what a Garrison origin keeps is its last Police, nothing more (seed
    8.8.3). Step 1: a Police into ec_central from havana (the most Police, 3): havana (1 Troop,
    2 Police against 3 DR) loses Government Control; step 2 then moves cubes into it (no
    Police left to spare anywhere: a Troop, from santiago_de_cuba or camagüey_city, 1 each,
    random_pick), and into the City that gave it its only Troop, from the other; a space a
    cube has moved into gives none."""
    st = empty_board(np_game())
    cities_held(st)
    sc.put(st, "havana", "police", 2)
    sc.put(st, "havana", "directorio_underground", 3)
    sc.put(st, "ec_central", "m26_underground")
    assert not govt_train.cond_train(st) and govt_garrison.cond_garrison(st)
    t = govt_turn(st)
    assert op_spaces_of(t) == ["ec_central", "havana", "santiago_de_cuba"]
    assert moves(t) == [("havana", "ec_central", "police"),
                        ("santiago_de_cuba", "havana", "troops"),
                        ("camaguey_city", "santiago_de_cuba", "troops")]
    after = t.st
    assert (sc.count(after, "havana", "troops"), sc.count(after, "havana", "police")) == (2, 2)
    assert B.control(after, S["havana"]) == GOVT


# -- 8.5.2 step 1, 8.7.3 step 1: one origin for an EC, by random_pick ---------------------------


@pytest.mark.parametrize(("seed", "origin", "left"), [(1, "pinar_del_rio", "la_habana"),
                                                     (12, "la_habana", "pinar_del_rio")])
def test_cl_8_5_2_step_1_empty_ec_origin_ties_by_random_pick(seed: int, origin: str,
                                                            left: str) -> None:
    """CL 8.5.2 step 1: EC West (empty) takes 1 Syndicate Guerrilla from an adjacent origin:
    Pinar del Río and La Habana tie on Ⓐ (1 Guerrilla each) and Ⓑ (an open Casino in
    both), so `random_pick` (8.2 table) decides: Pinar del Río with seed 1, La Habana with
    seed 12; one group only, cost 0."""
    st = sc.solo(seed=seed)
    for s in ("pinar_del_rio", "la_habana", "havana"):
        sc.put(st, s, "syndicate_underground")
    assert not syndicate.cond_rally(st) and syndicate.first_box(st) == "march"
    events = sc.play(st, 1, [SYNDICATE], done=1, first="op")
    assert sc.np_choices(events, "coin.eligible") == ["op:march"]
    assert sc.op_spaces(events, "march") == ["ec_west"]
    assert sc.np_choices(events, "cl.march_from") == [f"from:{origin}", "done"]
    assert sc.count(st, "ec_west", "syndicate_underground") == 1
    assert (sc.count(st, origin, "syndicate_underground"),
            sc.count(st, left, "syndicate_underground")) == (0, 1)
    assert st.resources[SYNDICATE] == 15


def m26_march_position(seed: int) -> CLState:
    """S0 with 26July only in Oriente and Sierra Maestra (2 Underground each, both at Active
    Opposition: no Terror entry), 5 Guerrillas and no Base Available (no Rally entry), no
    Attack entry: the 26July March box (8.7.3)."""
    st = sc.solo(seed=seed)
    for s in ("la_habana", "sierra_maestra", "santiago_de_cuba"):
        for kind in ("m26_underground", "m26_active", "m26_base"):
            if n := sc.count(st, s, kind):
                sc.take(st, s, kind, n)
    for s in ("oriente", "sierra_maestra"):
        st.support[S[s]] = -2
        sc.put(st, s, "m26_underground", 2)
    st.avail[Kind.M26_U], st.avail[Kind.M26_BASE] = 5, 0
    assert m26.first_box(st) == "march"
    return st


@pytest.mark.parametrize(("seed", "origin", "then"), [
    (1, "oriente", ("sierra_maestra", "santiago_de_cuba")),
    (3, "sierra_maestra", ("oriente", "camaguey_province"))])
def test_cl_8_7_3_step_1_ec_origin_by_random_pick(seed: int, origin: str,
                                                  then: tuple[str, str]) -> None:
    """CL 8.7.3 step 1: EC East (no Underground 26July) takes 1 Underground Guerrilla from an
    adjacent space, `random_pick` between Oriente and Sierra Maestra (seed 1: Oriente; seed
    3: Sierra Maestra); step 4 then moves 1 from the other (2 unmoved, keeping 1) one space
    toward Havana."""
    st = m26_march_position(seed)
    events = sc.play(st, 1, [M26], done=1, first="op")
    assert sc.np_choices(events, "coin.eligible") == ["op:march"]
    assert sc.op_spaces(events, "march") == ["ec_east", then[1]]
    assert sc.np_choices(events, "cl.march_from") == [f"from:{origin}", "done",
                                                      f"from:{then[0]}"]
    assert sc.count(st, "ec_east", "m26_underground") == 1
    assert sc.count(st, origin, "m26_underground") == 1
    assert sc.count(st, then[0], "m26_underground") == 1
