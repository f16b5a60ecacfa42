"""CL 2 Sequence of play through engine.act: Pass gains, the 1st and 2nd Eligible's options
(2.3.4), LimOps (2.3.5), Launder (2.3.6), eligibility (2.3.7), the next card with the sudden
Propaganda option (2.3.8), the final Event card (2.3.9), Propaganda cards in a row (6.0) and
the Non-player exemptions (8.1, CL-R-34)."""

from __future__ import annotations

from services.coin.bots.seats import np_seat
from services.cuba_libre import board as B
from services.cuba_libre.constants import Deception, Kind, Mom
from services.cuba_libre.game import FLOW as GAME_FLOW
from services.cuba_libre.state import CLState, Counter
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision

from .helpers import DR, GOVT, M26, SYNDICATE, S, Table, at_card, count, game, put

P1, P2, P3, P4 = 49, 50, 51, 52  # the Propaganda cards


def kinds(t: Table) -> set[str]:
    return {o.split(":")[0] for o in t.options()}


def test_tv_r_05_pass_gains_and_adjusted_eligibility_cl_2_3_3_2_3_7() -> None:
    """TV-R-05 (CL 2.3.3-2.3.7) on card 1 (Govt, 26July, DR, Syndicate): Govt passes (+3);
    26July, now 1st Eligible, executes an Operation without SA, so DR, 2nd Eligible, may take
    only a LimOp (no Event); DR passes (+1); the Syndicate takes the 2nd Eligible's role."""
    t = Table(at_card(game(), 1))
    assert t.pending().seat == GOVT and "1st Eligible" in t.prompt()
    assert {"pass", "event", "op"} <= kinds(t) and "limop" not in kinds(t)
    t.play("pass")
    assert t.st.resources[GOVT] == 18
    assert t.pending().seat == M26 and "1st Eligible" in t.prompt()
    t.play("op:rally", "space:matanzas").until("coin.eligible")
    assert t.pending().seat == DR and "2nd Eligible" in t.prompt()
    assert kinds(t) == {"pass", "limop"}
    t.play("pass")
    assert t.st.resources[DR] == 6
    assert t.pending().seat == SYNDICATE and "2nd Eligible" in t.prompt()
    assert kinds(t) == {"pass", "limop"}
    t.play("limop:rally", "space:havana").until("coin.eligible")
    st = t.st
    assert st.eligible == [True, False, True, False]
    assert st.played[-1] == 47 and st.resources[SYNDICATE] == 14


def test_tv_r_05_after_op_and_sa_the_2nd_may_take_the_event_cl_2_3_4() -> None:
    """TV-R-05 variant (CL 2.3.4): after the 1st Eligible's Operation + Special Activity the
    2nd Eligible may take a LimOp or the Event; after the 1st's Event, an Operation (with or
    without a Special Activity)."""
    t = Table(at_card(game(), 1))
    t.play("op:train", "space:havana", "done", "sa:transport", "from:havana", "to:oriente",
           "count:3").until("coin.eligible")
    assert t.pending().seat == M26
    assert kinds(t) == {"pass", "limop", "event"}
    t2 = Table(at_card(game(), 1)).play("event:shaded")
    assert t2.pending().seat == M26 and kinds(t2) == {"pass", "op"}


def test_all_pass_leaves_everyone_eligible_cl_2_3_3() -> None:
    """CL 2.3.3: each passing faction gains and the next takes its role; when the last
    Eligible passes the card ends; passing keeps eligibility (CL 2.3.7)."""
    t = Table(at_card(game(), 1)).play("pass", "pass", "pass", "pass")
    st = t.st
    assert st.resources == [18, 11, 6, 16]
    assert st.eligible == [True] * 4 and st.played[-1] == 47


def test_pass_gain_stops_at_49_cl_1_8() -> None:
    st = at_card(game(), 1)
    st.resources[GOVT] = 48
    assert Table(st).play("pass").st.resources[GOVT] == 49


def test_ineligible_factions_are_skipped_cl_2_3_1() -> None:
    """CL 2.3.1-2.3.2: the 1st and 2nd Eligible are read past Ineligible factions."""
    st = game()
    st.eligible = [False, True, False, True]
    t = Table(at_card(st, 1))
    assert t.pending().seat == M26
    t.play("op:rally", "space:matanzas").until("coin.eligible")
    assert t.pending().seat == SYNDICATE and "2nd Eligible" in t.prompt()


def launder_position() -> Table:
    st = game()
    put(st, "pinar_del_rio", "syndicate_underground")
    st.cash[0] = B.cash_code(S["pinar_del_rio"], Kind.SYND_U)
    return Table(at_card(st, 37))  # Syndicate, Govt, 26July, DR


def test_tv_r_06_launder_a_free_limited_march_cl_2_3_6() -> None:
    """TV-R-06 (CL 2.3.6, seed example): the Syndicate Rallies (1) without an SA, removes its
    Cash for a free Limited March (not Construct) of both Guerrillas into la_habana."""
    t = launder_position()
    t.play("op:rally", "space:pinar_del_rio").until("cl.launder")
    assert t.options() == ["launder:0", "decline"]
    t.play("launder:0")
    assert t.st.cash == [-1] * 4
    assert "limop:construct" not in t.options()
    assert {"limop:rally", "limop:march", "limop:terror"} <= set(t.options())
    t.play("limop:march", "space:la_habana", "from:pinar_del_rio", "u:2", "a:0")
    st = t.st
    assert st.resources[SYNDICATE] == 14
    assert count(st, "la_habana", "syndicate_underground") == 2
    assert B.control(st, S["la_habana"]) == SYNDICATE
    assert t.pending().seat == GOVT and kinds(t) == {"pass", "limop"}  # "Op Only" recorded
    t.play("pass", "pass", "pass")
    assert t.st.eligible[SYNDICATE] is False


def test_tv_r_06_no_launder_after_an_sa_or_a_free_limop_cl_2_3_6() -> None:
    """TV-R-06: no Launder after an Operation with a Special Activity, nor a second one on the
    card; a faction without Cash of its own asks another player's faction (CL-R-06)."""
    t = launder_position()
    t.play("op:rally", "space:pinar_del_rio").until("cl.launder")
    t.play("launder:0", "limop:rally", "space:havana").until("coin.eligible")
    assert t.pending().seat == GOVT  # no second Launder for the Syndicate
    st = game()
    st.cash[0] = B.cash_code(S["havana"], Kind.TROOPS)  # the Government's Cash
    t2 = Table(at_card(st, 37)).play("op:rally", "space:pinar_del_rio").until("cl.launder")
    assert t2.options() == ["sponsor:govt", "decline"]
    t2.play("sponsor:govt")
    assert t2.pending().seat == GOVT and t2.options() == ["give:0", "refuse"]
    t2.play("refuse")
    assert t2.options() == ["decline"]
    t2.play("decline")
    assert t2.pending().kind == "coin.eligible" and t2.st.cash[0] >= 0


def test_tv_r_08_propaganda_right_after_propaganda_cl_6_0() -> None:
    """TV-R-08 A (CL 6.0, CL-R-21): a Propaganda card right after another gives no round but
    counts; if it is the 4th, the game ends at once (margins, CL 7.3)."""
    st = game()
    st.prop_played = 1
    t = Table(at_card(st, P2, before=(P1,)))
    assert t.st.prop_played == 2 and not any(e.kind == "coin.phase" for e in t.events)
    assert t.pending().kind == "coin.eligible"  # the next card is played
    st = game()
    st.prop_played = 3
    t = Table(at_card(st, P4, [45, 46], before=(P3,)))
    assert t.st.over == 3 and t.decision() is None
    assert t.st.resources == [15, 10, 5, 15]  # no Resources phase


def final_card_position(non_players: str = "none", seats: int | None = None) -> Table:
    st = game(seats, non_players=non_players)
    st.prop_played = 3
    return Table(at_card(st, 1, [45, 46, P4]))


def test_tv_r_08_final_event_card_limits_to_limops_cl_2_3_9() -> None:
    """TV-R-08 B (CL 2.3.9): on the final Event card the 1st Eligible may take a LimOp or the
    Event; after the Event the 2nd Eligible still gets only a LimOp."""
    t = final_card_position()
    assert kinds(t) == {"pass", "event", "limop"}
    t.play("event:shaded")
    assert t.pending().seat == M26 and kinds(t) == {"pass", "limop"}


def raw_play(st: CLState, *ids: str) -> CLState:
    """Answer the waited-on decision with each id through the flow alone, a Non-player's too
    (the Non-player procedures are not run: the options the flow offers it are checked)."""
    for oid in ids:
        d = raw_pending(st)
        assert oid in d.option_ids(), (oid, d.option_ids())
        GAME_FLOW.choose(Ctx(), st, d, Choice(d.id, option_id=oid))
        st.serial += 1
        GAME_FLOW.advance(Ctx(), st)
    return st


def raw_pending(st: CLState) -> Decision:
    return next(d for d in GAME_FLOW.decisions(st) if not d.optional)


def raw_until(st: CLState, kind: str) -> Decision:
    while (d := raw_pending(st)).kind != kind:
        raw_play(st, "done" if "done" in d.option_ids() else d.option_ids()[0])
    return d


def test_tv_r_08_non_player_2nd_eligible_executes_a_full_op_cl_8_1() -> None:
    """TV-R-08 B, CL 8.1 (CL-R-34): a Non-player never takes a LimOp: a full Operation (with
    an SA), even on the final Event card."""
    st = game(non_players="m26")
    st.prop_played = 3
    st = raw_play(at_card(st, 1, [45, 46, P4]), "event:shaded")
    d = raw_until(st, "coin.eligible")
    assert d.seat == np_seat(M26) and {o.split(":")[0] for o in d.option_ids()} == {"pass", "op"}
    st2 = raw_play(at_card(game(non_players="directorio"), 1), "pass", "op:rally",
                   "space:matanzas")
    d2 = raw_until(st2, "coin.eligible")
    assert d2.seat == np_seat(DR) and {o.split(":")[0] for o in d2.option_ids()} == {"pass", "op"}


def test_tv_r_09_sudden_propaganda_swaps_the_cards_cl_2_3_8() -> None:
    """TV-R-09 (CL 2.3.8, CL-R-20): with the option, a revealed Propaganda card is played at
    once; the Event it displaced waits face up; after the Reset it is played and the next card
    revealed. 2.3.9 never applies."""
    st = game(sudden_propaganda="true")
    e1, e2, e3 = 1, 2, 3
    t = Table(at_card(st, e1, [e3, P1, e2]))
    assert t.st.deck[-1] == e2
    t.play("pass", "pass", "pass", "pass")  # E1 done: E2 is drawn and P revealed
    st2 = t.st
    assert st2.prop_played == 1 and st2.played[-1] == P1 and st2.deck[-1] == e2
    t.until("coin.eligible")
    st3 = t.st
    assert st3.played[-2:] == [P1, e2] and st3.deck == [e3]


def test_free_op_granted_by_anothers_event_keeps_eligibility_cl_3_1_2() -> None:
    """CL 3.1.2 (TV-R-07 is card 3's own test): a faction making a free Operation granted by
    another faction's Event stays Eligible; only the Event's executor turns Ineligible."""
    st = game()
    st.eligible = [False, True, True, False]
    t = Table(at_card(st, 3))  # Govt, 26July, Syndicate, DR
    t.play("pass", "event:unshaded", "space:santiago_de_cuba", "faction:m26")
    t.until("coin.eligible")
    st2 = t.st
    assert st2.eligible[DR] is False and st2.eligible[M26] is True


def test_final_event_card_no_event_after_a_limop_with_sa_cl_2_3_9() -> None:
    """CL 2.3.9: on the final Event card the 2nd Eligible takes only a LimOp, even after the
    Government's LimOp with card 10 shaded's Special Activity (recorded Op + SA)."""
    st = game()
    st.prop_played, st.mom = 3, 1 << Mom.LIMOP_WITH_FREE_SA
    t = Table(at_card(st, 1, [45, 46, P4]))
    t.play("limop:train", "space:havana", "done", "sa:transport", "from:havana", "to:oriente",
           "count:1").until("coin.eligible")
    assert t.pending().seat == M26 and kinds(t) == {"pass", "limop"}


def test_hidden_assets_op_with_sa_instead_of_a_limop_cl_7_3() -> None:
    """CL 7.3 option: once per game, the 2nd Eligible that would take a LimOp may execute an
    Operation with a Special Activity instead; its Hidden Assets counter is revealed."""
    st = game(deception="true")
    st.deception[M26] = [Counter(Deception.HIDDEN_ASSETS), Counter(Deception.EMPTY_THREAT)]
    t = Table(at_card(st, 1))
    t.play("op:train", "space:havana", "done", "done").until("coin.eligible")
    assert t.pending().seat == M26
    assert {"limop:rally", "op:rally", "op:march"} <= set(t.options())
    label = next(o.label for o in t.pending().options if o.id == "op:rally")
    assert "Hidden Assets" in label
    t.play("op:rally")
    assert t.events[-1].kind == "cl.deception"
    assert t.st.deception[M26][0].revealed
    assert "sa:infiltrate" in t.options()  # a Special Activity may come
    t.play("space:matanzas", "place", "space:oriente", "place")  # and more than one space
    assert t.st.resources[M26] == 8


def test_hidden_assets_is_not_offered_to_the_1st_eligible_or_twice_cl_7_3() -> None:
    st = game(deception="true")
    st.deception[GOVT] = [Counter(Deception.HIDDEN_ASSETS, revealed=True)]
    st.deception[M26] = [Counter(Deception.HIDDEN_ASSETS, revealed=True)]
    t = Table(at_card(st, 1))
    assert not any(o.startswith("limop:") for o in t.options())
    t.play("op:train", "space:havana", "done", "done").until("coin.eligible")
    assert not any(o.startswith("op:") for o in t.options())  # already used


def test_non_players_never_launder_cl_8_1() -> None:
    """CL 8.1, CL-R-06: a Non-player neither launders nor sponsors."""
    st = game(non_players="syndicate")
    put(st, "pinar_del_rio", "syndicate_underground")
    st.cash[0] = B.cash_code(S["pinar_del_rio"], Kind.SYND_U)
    st = raw_play(at_card(st, 37), "op:rally", "space:pinar_del_rio")
    assert raw_until(st, "coin.eligible").seat == st.seat_of[GOVT]  # no Launder window
    st = game(non_players="govt")
    st.cash[0] = B.cash_code(S["havana"], Kind.TROOPS)
    t2 = Table(at_card(st, 37)).play("op:rally", "space:pinar_del_rio").until("coin.eligible")
    assert t2.pending().kind == "coin.eligible"  # the Government sponsors nobody
