"""CL 8.8.6-8.8.7 the Non-player Government in a Propaganda Round, through `engine.act`:
Civic Action in the Support phase (the exact search of CL-R-52) and Redeploy (Police, then
the Troops that must move, then levelling, CL-R-53)."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre.bots import govt_civic
from services.cuba_libre.state import CLState

from .helpers import GOVT, M26, S, Table, count, put
from .test_np_govt import PROPAGANDA, empty_board, events, np_game, start_card


def run_round(st: CLState) -> Table:
    """Play a Propaganda card: the Non-player Government's decisions made in the flow, the
    players' "done" (else their first option), until the next card asks its 1st Eligible."""
    t = start_card(st, PROPAGANDA, 45)
    for _ in range(300):
        d = t.decision()
        if d is None or d.kind == "coin.eligible":
            return t
        t.play("done" if "done" in d.option_ids() else d.option_ids()[0])
    raise AssertionError("the round never ended")


def round_position() -> CLState:
    """havana 3 Troops, 6 Police, a Terror marker, Neutral; camaguey_city 1 Troop, 1 Police,
    Passive Support; oriente 2 Troops, 1 Police, 1 Underground 26July (no Government Base:
    the Troops must leave); ec_east 2 Underground 26July (Sabotaged in the Resources phase);
    Government 15 Resources, Aid 0 (21 after the Resources phase: Econ 8 - 2)."""
    st = empty_board(np_game())
    put(st, "havana", "troops", 3)
    put(st, "havana", "police", 6)
    st.terror[S["havana"]] = 1
    put(st, "camaguey_city", "troops")
    put(st, "camaguey_city", "police")
    st.support[S["camaguey_city"]] = 1
    put(st, "oriente", "troops", 2)
    put(st, "oriente", "police")
    put(st, "oriente", "m26_underground")
    put(st, "ec_east", "m26_underground", 2)
    st.resources[GOVT] = 15
    st.aid = 0
    return st


def test_cl_8_8_6_civic_action_best_total_not_best_first_step() -> None:
    """CL 8.8.6 (CL-R-52): 21 Resources, 9 kept: 3 steps. havana's Terror marker then 2 shifts
    (Population 6: +12) beats camaguey_city's shift (+1) and 2 steps in havana (+6): all 3
    in havana, 21 -> 9."""
    st = round_position()
    t = run_round(st)
    civic = [e["space"] for e in events(t, "cl.civic_action")]
    assert civic == ["havana"] * 3
    after = t.st
    assert after.support[S["havana"]] == 2 and after.support[S["camaguey_city"]] == 1
    assert after.resources[GOVT] == 9


def test_cl_8_8_6_search_gain_and_fewest_steps() -> None:
    """CL-R-52 the search itself: the most TotalSupport for the steps, then the fewest."""
    havana, camaguey = (6, 0, 1), (1, 1, 0)
    assert govt_civic.best((havana, camaguey), 3) == (12, 3)
    assert govt_civic.best((havana, camaguey), 2) == (6, 2)
    assert govt_civic.best((havana, camaguey), 1) == (1, 1)
    assert govt_civic.best(((1, 2, 0),), 4) == (0, 0)  # Active Support already


def test_cl_8_8_7_redeploy_police_then_troops_to_the_fewest() -> None:
    """CL 8.8.7: step 1a 2 Police into ec_east (2 26July Guerrillas), 1b 1 Police into
    oriente (its Troops leave: 2 Police keep Control against the 26July Guerrilla), each from
    havana (the most Police); step 2 oriente's 2 Troops to camaguey_city (the fewest Troops:
    1, then 2 against havana's 3)."""
    st = round_position()
    t = run_round(st)
    moved = [(e["from"], e["to"], e["piece"]) for e in events(t, "cl.redeploy")]
    assert moved == [("havana", "ec_east", "police")] * 2 + [
        ("havana", "oriente", "police")] + [("oriente", "camaguey_city", "troops")] * 2
    after = t.st
    assert count(after, "ec_east", "police") == 2
    assert count(after, "camaguey_city", "troops") == 3
    assert B.live_control(after, S["oriente"]) == GOVT
    assert B.guerrillas(after, S["oriente"], M26) == 1


def test_cl_8_8_7_redeploy_police_into_a_city_without_then_level_troops() -> None:
    """CL 8.8.7 step 1c: 1 Police into santiago_de_cuba (Government-Controlled City without
    Police) from havana; step 2 (CL-R-53): no Troop must move; havana's 6 Troops levelled
    against santiago_de_cuba's 1 and camaguey_city's 0 while 2 apart: 3, 2, 2."""
    st = empty_board(np_game())
    put(st, "havana", "troops", 6)
    put(st, "havana", "police", 4)
    put(st, "santiago_de_cuba", "troops")
    put(st, "camaguey_city", "police")
    st.resources[GOVT] = 5
    st.aid = 0
    t = run_round(st)
    moved = [(e["from"], e["to"], e["piece"]) for e in events(t, "cl.redeploy")]
    assert moved[0] == ("havana", "santiago_de_cuba", "police")
    assert all(m[0] == "havana" and m[2] == "troops" for m in moved[1:]) and len(moved) == 4
    after = t.st
    assert [count(after, c, "troops") for c in ("havana", "santiago_de_cuba",
                                                 "camaguey_city")] == [3, 2, 2]


def test_cl_8_8_6_final_round_ignores_the_floor() -> None:
    """CL 8.8.6 exception: in the final Propaganda Round the 9 Resources are not kept: 13
    Resources buy 3 steps: havana Neutral -> Active Support (+12) and camaguey_city Passive
    -> Active Support (+1); 1 Resource left; the game ends."""
    st = empty_board(np_game())
    put(st, "havana", "troops", 2)
    put(st, "havana", "police", 2)
    put(st, "camaguey_city", "troops")
    put(st, "camaguey_city", "police")
    st.support[S["camaguey_city"]] = 1
    st.resources[GOVT] = 5
    st.aid = 0
    st.prop_played = 3
    t = run_round(st)
    assert sorted(str(e["space"]) for e in events(t, "cl.civic_action")) == [
        "camaguey_city", "havana", "havana"]
    after = t.st
    assert after.resources[GOVT] == 1 and after.over == 2
