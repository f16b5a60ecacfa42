"""CL 8.5.3 the Syndicate's Construct box, 8.5.5 Muscle, and 8.6.2 the Directorio's Subvert
tiers, on constructed positions of a solitaire table (the Government a player), through the
flow as the rules service runs it: the exact spaces, pieces, choices and Resources."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre import victory
from services.cuba_libre.bots import directorio, syndicate
from services.cuba_libre.constants import Kind
from services.cuba_libre.state import CLState
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
)

S = D.INDEX
ROOM = ("las_villas", "camaguey_city", "santiago_de_cuba")  # Govt-Controlled, no Casino


def construct_position(resources: int = 15, filler: str = "casino_closed") -> CLState:
    """S0 with a Syndicate Guerrilla at every Casino (no Rally, 8.5.1) and a Troop in every EC
    (no empty EC to March into, 8.5.2): the Construct box (8.5.3: Casinos Available and
    closed 7 > Cash on the map 0). Pinar del Río and La Habana (Syndicate-Controlled now)
    hold 2 Casinos each, the 2nd a `filler` (no room, CL 1.4.2), so Havana is the only
    Government/Syndicate space with a Casino and room; Las Villas, Camagüey City and Santiago
    de Cuba have room and no Casino."""
    st = solo()
    for s in ("pinar_del_rio", "la_habana", "havana"):
        put(st, s, "syndicate_underground")
    for s in ("pinar_del_rio", "la_habana"):
        put(st, s, filler)
    for ec in ("ec_west", "ec_central", "ec_east"):
        put(st, ec, "troops")
    st.resources[SYNDICATE] = resources
    assert not syndicate.cond_rally(st) and not syndicate.cond_march(st)
    assert syndicate.first_box(st) == "construct"
    return st


def syndicate_op(st: CLState) -> list[tuple[str, str]]:
    """The Syndicate 2nd Eligible on card 1 after an Operation: its choices (kind, option)."""
    events = play(st, 1, [SYNDICATE], done=1, first="op")
    return [(str(e.data["kind"]), str(e.data["option"])) for e in events
            if e.kind == "coin.np_choice"]


def test_cl_8_5_3_construct_1_space_where_a_casino_is_first_then_profit() -> None:
    """CL 8.5.3 step 1: Resources 15 (not > 35): 1 space; step 3: a new closed Casino first in
    a space that already has a Casino (Havana), 5 Resources; step 4: the SA, Profit (8.5.5)."""
    st = construct_position()
    choices = syndicate_op(st)
    assert choices[:3] == [("coin.eligible", "op:construct"),
                           ("coin.op_space", "space:havana"), ("coin.op_space", "sa:profit")]
    assert [c for c in choices if c[0] == "coin.op_space"][-1] == ("coin.op_space", "done")
    assert count(st, "havana", "casino_closed") == 1 and st.resources[SYNDICATE] == 10


def test_cl_8_5_3_construct_2_spaces_only_above_35_resources() -> None:
    """CL 8.5.3 step 1: 2 spaces when Syndicate Resources > 35: Havana (a Casino there), then,
    Havana full, elsewhere: one of the Government-Controlled spaces with room (random_pick);
    at exactly 35, 1 space."""
    st = construct_position(36)
    spaces = op_spaces(play(st, 1, [SYNDICATE], done=1, first="op"), "construct")
    assert spaces[0] == "havana" and len(spaces) == 2 and spaces[1] in ROOM
    assert count(st, spaces[1], "casino_closed") == 1 and st.resources[SYNDICATE] == 26
    st = construct_position(35)
    assert op_spaces(play(st, 1, [SYNDICATE], done=1, first="op"), "construct") == ["havana"]
    assert st.resources[SYNDICATE] == 30


def test_cl_8_5_3_step_2_next_propaganda_final_opens_a_closed_casino() -> None:
    """CL 8.5.3 step 2 (the next Propaganda card is the final one, CL-R-51): open a closed
    Casino in a Government/Syndicate-Controlled space where no Syndicate piece holds Cash
    (Santiago de Cuba, its Casino given a Syndicate Guerrilla: no Rally), before any placing;
    the open Casinos of Pinar del Río and La Habana need no opening."""
    st = construct_position(filler="casino_open")
    put(st, "santiago_de_cuba", "casino_closed")
    put(st, "santiago_de_cuba", "syndicate_underground")
    st.prop_played = st.final_prop - 1
    choices = syndicate_op(st)
    assert choices[1:3] == [("coin.op_space", "space:santiago_de_cuba"),
                            ("cl.construct", "open")]
    assert count(st, "santiago_de_cuba", "casino_open") == 1
    assert count(st, "santiago_de_cuba", "casino_closed") == 0


def test_cl_8_5_3_if_none_below_5_resources_goes_to_terror() -> None:
    """CL 8.5.3 IF NONE: Resources < 5, no Construct: Terror (8.5.4)."""
    st = construct_position(4)
    assert not syndicate.can_construct(st)
    assert syndicate_op(st)[0] == ("coin.eligible", "op:terror")


def muscle_position() -> CLState:
    """The Construct position with the Cash box empty (the 4 Cash under Havana's Troops), so
    Profit is impossible (8.5.5) and Construct still enters (Casinos 3 Available + 2 closed >
    4 Cash); an open Casino with a Syndicate Guerrilla in Sierra Maestra
    (26July-Controlled: 3 vs 2) and in Camagüey Province (DR-Controlled: 4 vs 2)."""
    st = construct_position()
    for s in ("sierra_maestra", "camaguey_province"):
        put(st, s, "casino_open")
        put(st, s, "syndicate_underground")
    put(st, "camaguey_province", "directorio_underground", 3)
    st.cash = [S["havana"] * 13 + Kind.TROOPS] * 4
    assert B.cash_in_box(st) == 0 and syndicate.first_box(st) == "construct"
    assert B.control(st, S["sierra_maestra"]) == M26
    assert B.control(st, S["camaguey_province"]) == DR
    return st


def test_cl_8_5_5_muscle_26july_casino_first_troops_from_the_most() -> None:
    """CL 8.5.5: Profit impossible -> Muscle: 2 cubes into the open Casino Controlled by
    26July (Sierra Maestra) before DR's; a Province, so Troops, each from the space holding
    the most Troops (Havana 6, then 5)."""
    st = muscle_position()
    choices = syndicate_op(st)
    assert choices[2:6] == [("coin.op_space", "sa:muscle"), ("cl.muscle", "space:sierra_maestra"),
                            ("cl.muscle_from", "from:havana"), ("cl.muscle_from", "from:havana")]
    assert count(st, "sierra_maestra", "troops") == 2 and count(st, "havana", "troops") == 4


def test_cl_8_5_5_muscle_dr_casino_when_26july_controls_none() -> None:
    """CL 8.5.5 Muscle: no open Casino Controlled by 26July: the one Controlled by DR
    (Camagüey Province), Troops from Havana."""
    st = muscle_position()
    take(st, "sierra_maestra", "casino_open")
    choices = syndicate_op(st)
    assert ("cl.muscle", "space:camaguey_province") in choices
    assert count(st, "camaguey_province", "troops") == 2 and count(st, "havana", "troops") == 4


def subvert_position(m26_wins: bool) -> CLState:
    """S0, DR out of Havana (no Terror, 8.6.1), DR Controlling La Habana (Passive Support,
    Pop 1), Las Villas (Neutral, Pop 2), Oriente (Passive Opposition, Pop 2) and Camagüey
    Province (Passive Opposition, Pop 1): the Rally box (8.6.2: a Base can be placed). La
    Habana and Las Villas stay DR's when Rally turns 2 Guerrillas into a Base; Matanzas holds
    2 Troops, so Rally's 1 other space gives DR no new Province. With
    `m26_wins` Havana is at Active Opposition: 26July's Opposition + Bases 19 > 15 (CL 7.2)."""
    st = solo()
    take(st, "havana", "directorio_underground", 2)
    put(st, "matanzas", "troops", 2)
    put(st, "la_habana", "directorio_underground", 4)
    put(st, "las_villas", "directorio_underground", 5)
    put(st, "oriente", "directorio_underground")
    st.resources[DR] = 10
    if m26_wins:
        st.support[S["havana"]] = -2
    assert directorio.first_box(st) == "rally"
    assert victory.meets(st)[M26] == m26_wins
    assert [D.NAMES[s] for s in D.PROVINCES if B.control(st, s) == DR] == [
        "la_habana", "las_villas", "camaguey_province", "oriente"]
    return st


def subverted(st: CLState) -> list[str]:
    """The DR 2nd Eligible on card 1 after an Operation: Rally (1 Resource a space), then
    Subvert (+Pop); its Subvert choices, the Resources checked."""
    before = st.resources[DR]
    events = play(st, 1, [DR], done=1, first="op")
    assert np_choices(events, "coin.eligible") == ["op:rally"]
    chosen = np_choices(events, "cl.subvert")
    gained = sum(D.POP[S[c.split(":")[1]]] for c in chosen)
    assert st.resources[DR] == before - len(op_spaces(events, "rally")) + gained
    return chosen


def test_cl_8_6_2_subvert_where_opposition_falls_most_when_26july_wins() -> None:
    """CL 8.6.2 Subvert, 26July meeting its condition: the DR Province where setting Neutral
    lowers TotalOpposition most: Oriente (Pop 2 x 1) over Camagüey Province (1 x 1), and over
    La Habana's Support; DR +2 Resources (Oriente's Pop), Oriente Neutral."""
    st = subvert_position(True)
    assert subverted(st) == ["space:oriente"]
    assert st.support[S["oriente"]] == 0


def test_cl_8_6_2_subvert_where_support_falls_most_otherwise() -> None:
    """CL 8.6.2 Subvert, 26July not meeting its condition: the Province where it lowers
    TotalSupport most: La Habana (the only DR Province at Support), not Oriente's
    Opposition."""
    st = subvert_position(False)
    assert subverted(st) == ["space:la_habana"]
    assert st.support[S["la_habana"]] == 0


def test_cl_8_6_2_subvert_highest_pop_neutral_first_when_nothing_falls() -> None:
    """CL 8.6.2 Subvert, nothing to lower (26July not winning, no DR Province at Support):
    the highest Pop (2: Las Villas, Oriente), a Neutral one first: Las Villas (+2
    Resources)."""
    st = subvert_position(False)
    st.support[S["la_habana"]] = 0
    assert subverted(st) == ["space:las_villas"]
