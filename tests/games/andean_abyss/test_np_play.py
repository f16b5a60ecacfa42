"""AA 8.1 the Non-player's action on a card, AA 1.5 seats with Non-players, AA 7.1 / 8.8
victory with Non-players, through the engine's public entry points."""

from __future__ import annotations

import pytest

from services.andean_abyss import GAME, victory
from services.andean_abyss.bots.play import wants_event
from services.andean_abyss.game import transfer_decisions
from services.andean_abyss.sequence import RULES
from services.kernel import codec, engine
from services.kernel.errors import BadRequest
from tests.games.andean_abyss.np_scenario import np_choices, play, solo
from tests.games.andean_abyss.scenario import put, take

GOVT, FARC, AUC, CARTELS = 0, 1, 2, 3


def test_aa_1_5_seats_with_non_players() -> None:
    """AA 1.5: 1 seat = Government vs 3 Non-players; chapter8 (the default for 1-3 seats:
    余った派閥はノンプレーヤー派閥となり) leaves AUC + Cartels for 2 seats, the Cartels for 3; 2
    seats with Non-players are the Government and the FARC (setup sheet); the
    No-Non-player practice option is asked for."""
    def seat_of(seats: int, **opts: str) -> list[int]:
        step = engine.setup(GAME, seats, opts, 1)
        return list(codec.decode(step.state, GAME.state_type).seat_of)
    assert seat_of(1) == [0, -2, -3, -4]
    assert seat_of(2, non_players="chapter8") == [0, 1, -3, -4]
    assert seat_of(3, non_players="chapter8") == [0, 1, 2, -4]
    assert seat_of(3, non_players="auc") == [0, 1, -3, 2]
    assert seat_of(2) == [0, 1, -3, -4] and seat_of(3) == [0, 1, 2, -4]
    assert seat_of(2, non_players="none") == [0, 1, 0, 1]  # Govt + AUC, FARC + Cartels
    assert seat_of(4) == [0, 1, 2, 3]
    with pytest.raises(BadRequest):
        engine.setup(GAME, 1, {"non_players": "none"}, 1)
    with pytest.raises(BadRequest):
        engine.setup(GAME, 2, {"non_players": "cartels"}, 1)
    for pair in ("farc+cartels", "farc+auc"):  # 2人プレイ 政府、FARC
        with pytest.raises(BadRequest):
            engine.setup(GAME, 2, {"non_players": pair}, 1)


def test_aa_8_0_non_player_decisions_never_reach_a_seat() -> None:
    """AA 8.0: a solo table waits only on the Government player; the Non-players' choices
    are public events."""
    step = engine.setup(GAME, 1, {}, 4)
    assert {d.seat for d in step.waiting()} == {0}
    assert all(e.seats is None for e in step.events if e.kind == "coin.np_choice")


def test_aa_8_1_first_eligible_leftmost_symbol_tv_r_40() -> None:
    """AA 8.1 rule 1 TV-R-40: card 57, Cartels leftmost and 1st Eligible: the shaded Event
    (effective: Police replaced by Cartels Bases, P1)."""
    st = solo()
    events = play(st, 57, [CARTELS])
    assert np_choices(events)[0] == "event:shaded"
    assert [e.data["side"] for e in events if e.kind == "coin.event"] == ["shaded"]
    assert st.avail[1] == 18 + 2  # two Police back to Available
    assert sum(st.pieces[s * 12 + 11] for s in range(len(st.support))) == 6 + 2


def test_aa_8_1_first_eligible_not_leftmost_operates_tv_r_44() -> None:
    """AA 8.1 rule 1 TV-R-44: card 6, FARC 1st Eligible but Government leftmost: Operations."""
    st = solo()
    events = play(st, 6, [FARC])
    assert np_choices(events)[0].startswith("op:")
    assert not [e for e in events if e.kind == "coin.event"]


def test_aa_8_1_second_eligible_gray_symbol_tv_r_44_tv_d_11() -> None:
    """AA 8.1 rule 2 TV-R-44 / TV-D-11: after the 1st Eligible's Op + SA, card 38 (gray
    "2nd: Ops") -> Operations; card 28 (no symbol) -> the Event if effective; after an
    Op only -> Operations."""
    st = solo()
    v = {"done": 1, "first": "op_sa"}
    assert not wants_event(st, FARC, v, 38)
    assert wants_event(st, FARC, v, 28)
    assert not wants_event(st, FARC, {"done": 1, "first": "op"}, 28)
    assert not wants_event(st, CARTELS, {"done": 0, "first": ""}, 63)  # 8.4.4 card 63
    events = play(st, 38, [FARC], done=1, first="op_sa")
    assert np_choices(events)[0].startswith("op:")


def test_aa_8_1_rule_6_unrestricted_operation() -> None:
    """AA 8.1 rule 6: where a player could only LimOp, a Non-player is offered full
    Operations (with an SA, March allowed)."""
    st = solo()
    ids = [o.id for o in RULES.op_options(st, FARC, True, False)]
    assert "op:rally" in ids and not any(i.startswith("limop:") for i in ids)
    events = play(st, 1, [FARC], done=1, first="op")
    assert np_choices(events)[0].startswith("op:")
    assert [e.data["limited"] for e in events if e.kind == "coin.op"] == [False]


def test_aa_8_1_2_non_players_never_transfer() -> None:
    """AA 8.1.2: no standing transfer decision for a Non-player."""
    st = solo()
    assert all(d.seat >= 0 for d in transfer_decisions(st))


def test_aa_8_8_solo_score_tv_r_37() -> None:
    """AA 8.8 TV-R-37: Govt +1, best Non-player -1 -> score 2, stalemate, the player has the
    highest margin; the playbook's -5 is a COIN failure."""
    st = solo()
    out = victory.solo(st, [1, -5, -1, -30], "")
    assert [(r.seat, r.rank, r.score, r.winner) for r in out.results] == [(0, 1, 2, True)]
    assert "stalemate" in out.summary
    out = victory.solo(st, [-5, -5, -7, 0], "")
    assert [(r.score, r.winner) for r in out.results] == [(-5, False)]
    assert "COIN failure" in out.summary


def test_aa_7_1_non_player_win_at_a_check_every_player_loses() -> None:
    """AA 6.1, 7.1: a Non-player meeting its condition at a check ends the game; all players
    lose; the solo Government's own success does not end it (AA 8.8)."""
    st = solo()
    st.resources[CARTELS] = 99
    assert victory.winning_non_players(st) == []
    for s in range(len(st.support)):
        if st.support[s] > 0:
            st.support[s] = 2
    assert victory.winning_seats(st) == []  # Govt never wins at a check in solo
    st2 = solo(seats=2, non_players="chapter8")
    st2.over = 1
    for s in ("cesar", "santander", "bogota"):
        put(st2, s, "auc_base")  # AUC 4 Bases
    for s in ("choco", "arauca", "meta_east"):
        take(st2, s, "farc_base")  # FARC 3
    assert victory.winning_non_players(st2) == [AUC]
    out = victory.outcome(st2)
    assert [(r.rank, r.winner) for r in out.results] == [(2, False), (2, False)]


def test_aa_8_1_rule_3_insurgent_discord_government_decides_tv_r_44() -> None:
    """AA 8.1 rule 3 TV-R-44: 2 players (Govt, FARC) with Non-players; card 6, FARC did Op +
    SA; the AUC Non-player 2nd Eligible with Resources: the Government player chooses the
    (effective) Event or Operations; its choice is carried out for the AUC."""
    from services.kernel.ctx import Ctx
    from services.kernel.decisions import Choice
    st = solo(seats=2, non_players="chapter8")
    events = play(st, 6, [AUC], done=1, first="op_sa")
    assert np_choices(events) == []
    ds = [d for d in GAME.decisions(st) if not d.optional]
    assert [(d.seat, d.kind, d.option_ids()) for d in ds] == \
        [(0, "aa.np_discord", ["np_event", "np_ops"])]
    ctx = Ctx()
    GAME.apply(ctx, st, ds[0], Choice(ds[0].id, option_id="np_ops"))
    assert [e.data["op"] for e in ctx.events if e.kind == "coin.op"][:1] == ["rally"]
    assert not [e for e in ctx.events if e.kind == "coin.event"]
    st.resources[AUC] = 0
    events = play(st, 6, [AUC], done=1, first="op_sa")  # 0 Resources: rule 2 applies
    assert np_choices(events)[0] == "event:shaded"


def test_aa_8_0_view_marks_the_non_players() -> None:
    """AA 8.0: the view names each faction's seat; a Non-player has none (-1) and is marked."""
    st = solo(seats=3, non_players="chapter8")
    v = GAME.view(st, 0)
    assert [(f.id, f.seat, f.non_player) for f in v.factions] == \
        [("govt", 0, False), ("farc", 1, False), ("auc", 2, False), ("cartels", -1, True)]
    assert [list(s.factions) for s in v.seats] == [["govt"], ["farc"], ["auc"]]


def test_aa_8_1_rule_4_an_event_a_player_carries_out_is_effective() -> None:
    """AA 8.1 (効力のある...何かが起こる): card 36, FARC a Non-player 1st Eligible with its
    symbol leftmost: the Event has the Government player place a FARC Zone. The dry run
    stops at that player's decision; the Event still counts as effective, so FARC plays it
    and the Government is asked for the Zone."""
    st = solo()
    events = play(st, 36, [FARC])
    assert np_choices(events)[0] == "event:unshaded"
    assert [(d.seat, d.kind) for d in GAME.decisions(st) if not d.optional][:1] == \
        [(0, "aa.farc_zone")]
