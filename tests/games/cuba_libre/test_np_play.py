"""CL 8.0-8.4, 8.9: seats, the Non-player's Event-or-Operation choice (8.1), `random_pick`
(8.2-8.3) and the solitaire outcome (8.9), through the flow and the engine."""

from __future__ import annotations

import pytest

from services.cuba_libre import GAME, victory
from services.cuba_libre import data as D
from services.cuba_libre import random_tables as RT
from services.cuba_libre.bots import play as P
from services.cuba_libre.bots.tables import pick
from services.cuba_libre.constants import Cap, Mom
from services.kernel import codec, engine, rng
from services.kernel.decisions import Choice
from services.kernel.errors import BadRequest
from tests.games.cuba_libre.np_scenario import (
    DR,
    GOVT,
    M26,
    SYNDICATE,
    count,
    np_choices,
    play,
    put,
    solo,
    take,
)

S = D.INDEX


def test_cl_8_0_solitaire_seating_and_np_choices_through_the_engine() -> None:
    """CL 8.0, 1.5: one seat is the solitaire game (the Government player by default); the
    Non-players have no seat and their choices are public `coin.np_choice` events; every
    decision the engine offers is the player's."""
    step = engine.setup(GAME, 1, {}, 3)
    st = codec.decode(step.state, GAME.state_type)
    assert st.players == [[GOVT]] and st.seat_of == [0, -2, -3, -4]
    events = list(step.events)
    for _ in range(40):
        d = step.waiting()[0]
        assert d.seat == 0
        step = engine.act(GAME, step.state, 0, Choice(d.id, option_id=d.option_ids()[0]))
        events += step.events
    assert any(e.kind == "coin.np_choice" for e in events)
    assert all(e.data["faction"] != "govt" for e in events if e.kind == "coin.np_choice")


def test_cl_1_5_a_table_needs_a_player() -> None:
    with pytest.raises(BadRequest, match="player"):
        GAME.check_setup(1, {"non_players": "govt+m26+directorio+syndicate"})


def test_tv_r_37_cl_8_1_item_1c_card_32_without_dr_in_cities() -> None:
    """TV-R-37, CL 8.1 item 1c (the seed's example): 26July 1st Eligible on card 32 Resistencia
    Cívica with no Directorio piece in any City: the Event would do nothing, so Operation + SA
    (its Terror); with DR in Havana it executes the Event (unshaded, 8.4.2)."""
    st = solo()
    take(st, "havana", "directorio_underground", 2)
    events = play(st, 32, [M26])
    assert np_choices(events, "coin.eligible") == ["op:terror"]
    assert not [e for e in events if e.kind == "coin.event"]
    st = solo()
    assert np_choices(play(st, 32, [M26]), "coin.eligible") == ["event:unshaded"]


def test_cl_8_1_item_1a_second_eligible_with_a_player_partner_operates() -> None:
    """CL 8.1 item 1a: the Syndicate Non-player 2nd Eligible after an Op + SA, the
    Government a player: Operation + SA (its Rally), not the offered Event."""
    st = solo()
    events = play(st, 32, [SYNDICATE], done=1, first="op_sa")
    assert np_choices(events, "coin.eligible") == ["op:rally"]
    assert P.second_eligible_declines(st, SYNDICATE) is False  # the card is over


def test_cl_8_1_item_1b_1d_momentum() -> None:
    """CL 8.1 item 1b: the Government Non-player with any Momentum in play declines Events;
    item 1d: a Government Momentum side with a Propaganda card upcoming has no effect."""
    st = solo(non_players="govt+m26+directorio")
    st.played = [1]
    assert not P.momentum_declines(st, GOVT, "event:unshaded")
    st.mom = 1 << Mom.ASSAULT_BRINGS_TROOPS
    assert P.momentum_declines(st, GOVT, "event:unshaded")
    st.mom, st.deck = 0, [49]
    assert P.momentum_declines(st, M26, "event:shaded")  # card 1 shaded is Momentum
    assert not P.momentum_declines(st, M26, "event:unshaded")


def test_tv_r_40_b_cl_8_1_item_3_no_resources_pass() -> None:
    """TV-R-40 b (CL 8.1 item 3): 26July with no Resources Passes (+1), although a Terror in
    the unSabotaged EC with its Underground Guerrilla would cost 0."""
    st = solo()
    put(st, "ec_east", "m26_underground")
    st.resources[M26] = 0
    events = play(st, 1, [M26], done=1, first="op")
    assert np_choices(events, "coin.eligible") == ["pass"] and st.resources[M26] == 1


def test_cl_8_4_2_sides() -> None:
    """CL 8.4.2: 26July and DR the unshaded side, Government and Syndicate the shaded."""
    ids = ["pass", "event:unshaded", "event:shaded"]
    st = solo()
    st.played = [1]
    assert [P.card_side(st, f, ids) for f in range(4)] == [
        "event:shaded", "event:unshaded", "event:unshaded", "event:shaded"]


@pytest.mark.parametrize("seed", range(8))
def test_cl_8_2_8_3_random_pick_walks_the_tables(seed: int) -> None:
    """CL 8.2: Cities/Provinces by the green and yellow dice on the table, following the
    arrows to the first candidate; 8.3: ECs by one die on the EC table; the game's PRNG."""
    st = solo(seed=seed)
    before = codec.decode(codec.encode(st.rng), type(st.rng))
    cands = [S["oriente"], S["havana"], S["matanzas"]]
    got = pick(st, cands)
    green, yellow = rng.randint(before, 1, 6), rng.randint(before, 1, 6)
    assert got == RT.random_space(green, yellow, lambda s: s in cands)
    ecs = [S["ec_west"], S["ec_east"]]
    before = codec.decode(codec.encode(st.rng), type(st.rng))
    assert pick(st, ecs) == RT.random_ec(rng.randint(before, 1, 6), lambda s: s in ecs)
    assert pick(st, [S["ec_east"], S["havana"]]) == S["havana"]  # 8.0: 8.2 on the populated


def test_cl_8_9_solitaire_outcomes() -> None:
    """CL 8.9: after the final round the player's lead over the best Non-player names the
    outcome (1-4 the struggle continues; 5+ decisive); a Non-player ahead (ties go to it)
    wins; in a Victory phase only a Non-player can win."""
    st = solo()
    m = victory.margins(st)
    best = max(m[1:])
    st.over = 2
    out = victory.rank(st)
    assert (out.results[0].winner, out.results[0].rank) == (m[0] > best, 1 if m[0] > best else
                                                            1 + sum(x >= m[0] for x in m[1:]))
    assert "CL 8.9" in out.summary
    st.resources[SYNDICATE] = 0  # Syndicate margin falls
    st.support = [2 if s in D.CITIES or s in D.PROVINCES else 0 for s in range(D.NS)]
    m = victory.margins(st)
    lead = m[0] - max(m[1:])
    assert lead >= 5
    out = victory.rank(st)
    assert out.results[0].winner and "model counterinsurgency" in out.summary
    st.over = 1
    out = victory.rank(st)
    assert not out.results[0].winner and out.results[0].rank == 4
    assert victory.victory_phase_non_players(st) == [] and max(m[1:]) == m[DR]
    assert "Non-player Directorio wins: The students' revolution!" in out.summary  # the best


def test_cl_8_7_6_pact_of_caracas_cancelled_by_the_26july_non_player() -> None:
    """CL 8.7.6: card 18 in play, DR a player meeting its condition, 26July a Non-player with
    2 Bases: before its Operation 26July removes 2 of its Bases; the Capability is
    cancelled (card 18)."""
    st = solo(non_players="govt+m26+syndicate")
    st.caps |= 1 << Cap.M26_DR_PACT
    put(st, "sierra_maestra", "m26_base")
    for s in ("matanzas", "las_villas", "camaguey_province", "oriente", "pinar_del_rio"):
        put(st, s, "directorio_base", 2)  # DR Pop + Bases above its goal
    for s, n in (("las_villas", 4), ("oriente", 2), ("pinar_del_rio", 2)):
        put(st, s, "directorio_underground", n)
    assert victory.meets(st)[DR] and P.is_player(st, DR)
    events = play(st, 1, [M26], done=1, first="op")
    removed = np_choices(events, "cl.remove_own")
    assert len(removed) == 2 and all(o.endswith(":m26_base") for o in removed)
    assert not st.caps >> Cap.M26_DR_PACT & 1
    assert count(st, "sierra_maestra", "m26_base") == 0


@pytest.mark.parametrize(("m", "player", "words"), [
    ([3, -2, 0, -5], [GOVT], "the struggle continues"),        # TV-R-41 a
    ([6, -5, -5, 1], [GOVT, SYNDICATE], "gangster paradise"),  # TV-R-41 b: margin 1, lead 6
    ([2, 2, -1, -3], [GOVT], "Non-player 26July wins: Castro's triumph!"),  # TV-R-41 c: tie
])
def test_tv_r_41_solo_levels_cl_8_9(m: list[int], player: list[int], words: str) -> None:
    nps = [f for f in range(4) if f not in player]
    assert words in victory.solo_grade(m, player, nps, False)
    assert "Non-player" in victory.solo_grade(m, player, nps, True)  # TV-R-41 d
    out = victory.rank_seats([player], sum(1 << f for f in nps), m, [0], [False])
    assert out.results[0].winner == ("Non-player" not in words)


@pytest.mark.parametrize(("m", "in_victory_phase", "meeting", "words"), [
    ([-9, 3, 3, 3], False, None, "Non-player Syndicate wins: Viva Lansky!"),  # ties: Synd first
    ([-9, 3, 3, -3], False, None, "Non-player Directorio wins: The students' revolution!"),
    ([-9, 4, 1, -3], True, [2], "Non-player Directorio wins: The students' revolution!"),
    ([-9, -1, -4, -3], True, [], "Non-player 26July wins: Castro's triumph!"),
])
def test_cl_8_9_a_non_players_win_names_the_bot_and_its_words(
        m: list[int], in_victory_phase: bool, meeting: list[int] | None, words: str) -> None:
    """CL 8.9: a Non-player's win goes to the one with the highest margin (in a Victory
    phase, among those meeting their condition), ties to Syndicate, DR, 26July, and carries
    its faction's words."""
    got = victory.solo_grade(m, [GOVT], [1, 2, 3], in_victory_phase, meeting)
    assert got.startswith(words)
    other = victory.solo_grade([-9, 0, 0, 0], [M26], [0, 2, 3], False)
    assert other.startswith("Non-player Syndicate wins: Viva Lansky!")
    assert victory.solo_grade([-9, 0, 0, -1], [SYNDICATE], [0, 1, 2], False).startswith(
        "Non-player Directorio wins")


@pytest.mark.parametrize("seed", [1, 4, 6])
def test_cl_8_0_no_decision_is_offered_for_a_non_player(seed: int) -> None:
    """CL 8.0: a Non-player has no seat; its Cash moves (4.5.2) and own removals (1.4.1) are
    optional steps it never takes, so no decision for it (a negative seat code) is ever
    listed, standing ones included (seeds 1, 4, 6 put a Non-player's Cash or pieces in
    reach of those steps), in a solitaire game played by random choices to its end."""
    step = engine.setup(GAME, 1, {"non_players": "govt+m26+directorio",
                                  "short_game": "true"}, seed)
    r = rng.seeded(seed)
    while step.outcome is None:
        assert all(d.seat == 0 for d in step.decisions), step.decisions
        d = step.waiting()[0]
        c = Choice(d.id, option_id=rng.choice(r, d.option_ids())) if d.options else \
            Choice(d.id, amount=d.amount.min if d.amount else 0)
        step = engine.act(GAME, step.state, 0, c)


def test_cl_8_1_an_event_players_carry_out_is_effective() -> None:
    """CL 8.1 (событие, только если его эффект будет иметь какой-либо результат): card 19
    with 26July a player (the Directorio and the Syndicate Non-players): the Syndicate, 1st
    Eligible, plays the Event although its dry run stops at 26July's placement decision."""
    st = solo(seats=2, non_players="directorio+syndicate")
    events = play(st, 19, [SYNDICATE])
    assert np_choices(events)[0] == "event:unshaded"
    assert [d.kind for d in GAME.decisions(st) if not d.optional][:1] == ["coin.event_step"]


def test_cl_8_1_item_1c_an_eligibility_only_event_has_no_effect() -> None:
    """CL 8.1 item 1c (CL-R-33: eligibility-only effects do not count): card 17 shaded with
    every 26July Guerrilla already Active would only make 26July Ineligible: the Syndicate,
    1st Eligible with its symbol leftmost, makes an Operation instead."""
    from services.cuba_libre import board as B
    from services.cuba_libre.constants import Kind
    st = solo()
    for s in range(D.NS):
        n = B.n(st, s, Kind.M26_U)
        if n:
            B.PIECES.remove(st, s, Kind.M26_U, n)
            B.PIECES.place(st, s, Kind.M26_A, n)
    events = play(st, 17, [SYNDICATE])
    assert np_choices(events)[0].startswith("op:")
