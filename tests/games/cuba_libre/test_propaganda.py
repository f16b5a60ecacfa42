"""CL 6 Propaganda Rounds through engine.act: Victory (6.1), Resources (6.2: Sabotage,
earnings, Skim, Cash deposits), Support (6.3: US Alliance and Aid, Civic Action, Agitation,
Expat Backing), the final round's end (6.3.5), Redeploy (6.4, CL-R-14), Reset (6.5)."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre.constants import Cap, Kind, Mom, UsAlliance
from services.cuba_libre.state import CLState

from .helpers import DR, GOVT, M26, SYNDICATE, S, Table, at_card, count, game, put

P1, P2, P3, P4 = 49, 50, 51, 52


def round_table(st: CLState, card: int = P1) -> Table:
    return Table(at_card(st, card, [45, 46, 47]))


def test_tv_r_28_first_propaganda_round_from_s0_cl_6() -> None:
    """TV-R-28 (CL 6.1-6.5): no winner; Resources Govt 38 then Skim +2 (havana) = 40, 26July
    11, DR 7, Syndicate 21 - 2 = 19; Support: TotalSupport 16 -> Reluctant, Aid 5; Civic Action
    santiago_de_cuba 2 steps and camaguey_city 1 (12) -> Govt 28, TotalSupport 19; no
    Agitation; Expat Backing places a DR Guerrilla; the 3 Troops of las_villas must go to a
    Government-Controlled City; Reset; Train then costs 3."""
    t = round_table(game())
    st = t.st
    assert st.resources == [40, 11, 7, 19]
    assert st.us_alliance == UsAlliance.RELUCTANT and st.aid == 5
    assert t.pending().kind == "cl.civic_action"
    assert t.options() == ["space:camaguey_city", "space:santiago_de_cuba", "done"]
    t.play("space:santiago_de_cuba", "space:santiago_de_cuba", "space:camaguey_city")
    assert t.st.resources[GOVT] == 28 and B.total_support(t.st) == 19
    assert t.pending().seat == DR  # no Agitation: Expat Backing
    t.play("space:camaguey_province", "place")
    assert count(t.st, "camaguey_province", "directorio_underground") == 2
    assert t.pending().kind == "cl.redeploy" and "done" not in t.options()
    t.play("from:las_villas:troops")
    assert t.options() == ["to:havana", "to:camaguey_city", "to:santiago_de_cuba"]
    t.play("to:santiago_de_cuba", "from:las_villas:troops", "to:santiago_de_cuba",
           "from:las_villas:troops", "to:camaguey_city")
    assert "done" in t.options()
    t.play("done")
    st = t.st
    assert st.ctl == [] and count(st, "las_villas", "troops") == 0
    assert st.eligible == [True] * 4 and st.played[-1] == 47
    assert B.coin_op_cost(st) == 3
    t.play("op:train" if st.seat_of[GOVT] == t.pending().seat else "pass")


def test_expat_backing_is_the_directorios_to_decline_cl_6_3_4() -> None:
    """CL 6.3.4: DR "may" make a free Rally ("может выполнить бесплатный сбор"): its player is
    offered the 4 qualifying spaces and to decline; declining places nothing and the round
    goes on to Redeploy."""
    t = round_table(game())
    t.play("done")  # no Civic Action
    d = t.pending()
    assert d.seat == t.st.seat_of[DR] and d.kind == "coin.op_space" and not d.optional
    assert t.options() == ["space:la_habana", "space:matanzas", "space:camaguey_province",
                           "space:oriente", "done"]
    assert d.options[-1].label == "No Expat Backing: make no free Rally"
    before = [t.st.avail[k] for k in (Kind.DR_U, Kind.DR_BASE)]
    t.play("done")
    assert [t.st.avail[k] for k in (Kind.DR_U, Kind.DR_BASE)] == before
    assert t.pending().kind == "cl.redeploy"


def test_tv_r_29_us_alliance_ladder_and_aid_floor_cl_6_3_1() -> None:
    """TV-R-29 (CL 6.3.1): TotalSupport at most 18 lowers the Alliance one box and Aid by 10
    (never below 0), even at Embargoed."""
    st = game()
    st.us_alliance, st.aid = UsAlliance.RELUCTANT, 5
    t = round_table(st)
    assert t.st.us_alliance == UsAlliance.EMBARGOED and t.st.aid == 0
    st = game()
    st.us_alliance, st.aid = UsAlliance.EMBARGOED, 12
    t = round_table(st)
    assert t.st.us_alliance == UsAlliance.EMBARGOED and t.st.aid == 2
    assert t.st.resources[GOVT] == 15 + 12 + 8 + 2  # Aid is added before the Support phase


def test_tv_r_30_civic_action_and_agitation_with_terror_cl_6_3_2_6_3_3() -> None:
    """TV-R-30 (CL 6.3.2-6.3.3): each step removes a Terror marker first, then shifts."""
    st = game()
    st.terror[S["santiago_de_cuba"]] = 2
    put(st, "oriente", "m26_underground", 2)
    st.support[S["oriente"]], st.terror[S["oriente"]] = -1, 1
    t = round_table(st)
    st1 = t.st
    st1.resources[GOVT] = 14
    t = Table(st1)
    t.play("space:santiago_de_cuba", "space:santiago_de_cuba", "space:santiago_de_cuba")
    st2 = t.st
    assert st2.terror[S["santiago_de_cuba"]] == 0 and st2.support[S["santiago_de_cuba"]] == 1
    assert st2.resources[GOVT] == 2  # too little for a 4th step: Civic Action is over
    assert t.pending().kind == "cl.agitation"
    st3 = t.st
    st3.resources[M26] = 3
    t = Table(st3)
    assert t.options() == ["space:oriente", "done"]
    t.play("space:oriente", "space:oriente")
    st4 = t.st
    assert st4.terror[S["oriente"]] == 0 and st4.support[S["oriente"]] == -2
    assert st4.resources[M26] == 1 and t.pending().kind != "cl.agitation"


def test_tv_r_31_skim_trafficante_and_cash_deposits_cl_6_2_3_6_2_4() -> None:
    """TV-R-31 (CL 6.2.3-6.2.4): Skim 2 for havana only; card 48 shaded cancels it where an
    Underground Syndicate Guerrilla is; each Cash marker: a Base / Casino there, or +6."""
    st = game()
    put(st, "santiago_de_cuba", "m26_underground")
    st.cash[0] = B.cash_code(S["santiago_de_cuba"], Kind.M26_U)
    put(st, "havana", "syndicate_underground")
    st.cash[1] = B.cash_code(S["havana"], Kind.SYND_U)
    put(st, "havana", "casino_closed")
    t = round_table(st)
    assert t.pending().kind == "cl.cash_deposit" and t.pending().seat == M26
    t.play("base")
    assert t.pending().seat == SYNDICATE
    assert t.options() == ["resources", "open"]  # havana's 2 Base slots are full (1.4.2)
    t.play("open")
    st2 = t.st
    assert count(st2, "santiago_de_cuba", "m26_base") == 1
    assert count(st2, "havana", "casino_open") == 2 and B.open_casinos(st2) == 4
    assert B.cash_in_box(st2) == 4
    assert st2.resources[SYNDICATE] == 15 + 2 * 3 - 2  # deposits come after the Skim
    st = game()
    put(st, "havana", "syndicate_underground")
    st.caps = 1 << Cap.UNDERGROUND_SYNDICATE_STOPS_SKIM
    assert round_table(st).st.resources[SYNDICATE] == 21


def test_tv_r_32_redeploy_on_the_phases_control_cl_6_4() -> None:
    """TV-R-32 (CL 6.4, CL-R-14): Troops in an EC or a Province without a Base must go to a
    Government-Controlled City; Police to an EC or a Government-Controlled space."""
    st = game()
    put(st, "ec_central", "troops")
    t = round_table(st)
    t.until("cl.redeploy")
    opts = t.options()
    assert {"from:las_villas:troops", "from:ec_central:troops"} <= set(opts)
    assert "done" not in opts
    t.play("from:havana:police")
    assert "to:la_habana" not in t.options()
    assert {"to:ec_west", "to:ec_central", "to:ec_east", "to:camaguey_city",
            "to:santiago_de_cuba", "to:las_villas"} <= set(t.options())
    t.play("to:ec_west", "from:ec_central:troops")
    assert t.options() == ["to:havana", "to:camaguey_city", "to:santiago_de_cuba"]


def test_final_round_ends_after_support_cl_6_3_5() -> None:
    """CL 2.4.1, 6.3.5: the 4th Propaganda card's round ends after its Support phase: no
    Redeploy, no Reset (Guerrillas stay Active)."""
    st = game()
    st.prop_played = 3
    put(st, "oriente", "m26_active")
    t = round_table(st, P4)
    t.finish()
    st2 = t.st
    assert st2.over == 2 and not st2.stack and t.outcome() is not None
    assert count(st2, "oriente", "m26_active") == 1 and count(st2, "las_villas", "troops") == 3


def test_tv_r_33_victory_phase_ends_the_game_cl_6_1() -> None:
    """TV-R-33 a (CL 6.1, 7.2): every City at Active Support and TotalSupport 19 > 18: the
    Government wins in the Victory phase; nothing else happens."""
    st = game()
    for s, lv in (("camaguey_city", 2), ("santiago_de_cuba", 2), ("la_habana", 1)):
        st.support[S[s]] = lv
    t = round_table(st)
    st2 = t.st
    assert st2.over == 1 and t.outcome() is not None and st2.resources[GOVT] == 15


def test_reset_cl_6_5() -> None:
    """CL 6.5: Terror and Sabotage removed, Momentum ended, Guerrillas Underground, Casinos
    opened, every faction Eligible."""
    st = game()
    st.eligible = [False, False, True, True]
    st.mom = 1 << Mom.ASSAULT_BRINGS_TROOPS
    put(st, "oriente", "m26_active")
    put(st, "matanzas", "casino_closed")
    st.terror[S["matanzas"]] = 1
    t = round_table(st).finish("done")
    st2 = t.st
    assert st2.mom == 0 and st2.terror == [0] * len(st2.terror) and st2.sabotage == 0
    assert count(st2, "oriente", "m26_underground") == 1
    assert count(st2, "matanzas", "casino_open") == 1
