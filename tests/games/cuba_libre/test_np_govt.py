"""CL 8.8 the Non-player Government on constructed positions: a 3-player table with the
Government a Non-player (CL 8.0: no seat, its decisions made inside the flow by
`bots.PROCEDURE` among the options offered), played through `engine.act`; the tests check
the exact spaces, pieces, order and Resources of each box and priority bullet. The harness
(`govt_turn`) is shared by test_np_govt_*.py."""

from __future__ import annotations

from services.cuba_libre import GAME
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.bots import government as G
from services.cuba_libre.bots import govt_garrison, govt_train, govt_would
from services.cuba_libre.constants import Kind
from services.cuba_libre.state import CLState
from services.kernel.ctx import Ctx
from services.kernel.flow import push

from .helpers import DR, GOVT, M26, S, Table, count, game, put, take

OPS = {"train", "garrison", "sweep", "assault"}
PROPAGANDA = 49


def np_game() -> CLState:
    """S0 of a 3-player table, the Government a Non-player."""
    st = game(3, non_players="govt")
    assert st.seat_of[GOVT] < 0
    return st


def start_card(st: CLState, card: int, upcoming: int) -> Table:
    """Make `card` current (`upcoming` on the deck) and play it as the rules service does:
    the Non-player Government decides until a player must; the events kept."""
    st.played = [card]
    st.deck = [46, upcoming]
    st.stack = []
    push(st, "coin.deck", ph="play")
    ctx = Ctx()
    GAME.advance(ctx, st)
    t = Table(st)
    t.events = list(ctx.events)
    return t


def govt_turn(st: CLState) -> Table:
    """The Government, 1st Eligible on card 1 with a Propaganda card upcoming (so its Momentum
    side is no Event for it, CL 8.1 item 1d): its Operation and SA (CL 8.1.1)."""
    return start_card(st, 1, PROPAGANDA)


def events(t: Table, kind: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in t.events if e.kind == kind]


def op_spaces(t: Table) -> list[str]:
    return [str(e["space"]) for e in events(t, "coin.op_space")]


def moves(t: Table) -> list[tuple[str, str, str]]:
    return [(str(e["from"]), str(e["to"]), str(e["piece"])) for e in events(t, "cl.move")]


def empty_board(st: CLState) -> CLState:
    """Every piece back to Available, Neutral everywhere (a blank map to build on)."""
    for s in range(len(st.support)):
        for k in range(len(Kind)):
            n = B.n(st, s, k)
            if n:
                B.PIECES.remove(st, s, k, n)
        st.support[s] = 0
    return st


# -- 8.8 entry questions -----------------------------------------------------------------


def test_cl_8_8_s0_sweep_havana_first_then_support_then_cubes() -> None:
    """CL 8.8 at S0: no City lacks Control, Troops or Police (no Train), no EC Guerrilla (no
    Garrison), no paying Assault -> Sweep (8.8.4). Step 1: Ⓑ Havana (among the Support
    spaces), then Ⓐ la_habana, then Ⓒ santiago_de_cuba (cubes), then one of the two left;
    step 2: 3 Troops havana -> la_habana (1 to Activate, 2 more for Control)."""
    st = np_game()
    assert not govt_train.cond_train(st) and not govt_garrison.cond_garrison(st)
    assert not govt_would.assault_pays(st)
    assert G.first_box(st) == "sweep"
    t = govt_turn(st)
    spaces = op_spaces(t)
    assert spaces[:3] == ["havana", "la_habana", "santiago_de_cuba"]
    assert spaces[3] in ("sierra_maestra", "camaguey_province") and len(spaces) == 4
    assert moves(t)[:3] == [("havana", "la_habana", "troops")] * 3
    after = t.st
    assert B.live_control(after, S["la_habana"]) == GOVT
    assert after.resources[GOVT] == 15 - 4 * 2
    assert B.active(after, S["havana"], DR) == 2 and B.active(after, S["la_habana"], M26) == 1
    assert B.active(after, S["santiago_de_cuba"], M26) == 1


def cities_held(st: CLState, troops: int = 1, police: int = 1) -> None:
    """Every City Government-Controlled with Troops and Police (no Train by the cities)."""
    for c in ("havana", "camaguey_city", "santiago_de_cuba"):
        put(st, c, "troops", troops)
        put(st, c, "police", police)


# -- 8.8.2 Train ---------------------------------------------------------------------------


def train_position() -> CLState:
    """Havana 2 Troops and no Police; the other Cities empty; las_villas 2 Troops (a Base
    Province for step 1); matanzas held by 2 DR Guerrillas."""
    st = empty_board(np_game())
    put(st, "havana", "troops", 2)
    put(st, "las_villas", "troops", 2)
    put(st, "matanzas", "directorio_underground", 2)
    return st


def test_cl_8_8_2_train_cubes_by_group_then_the_base_then_transport() -> None:
    """CL 8.8.2 (CL-R-42): Train spaces k = 4 at Firm, one kept for las_villas (step 1). Step
    2: first the Cities without Control (camaguey_city, santiago_de_cuba), then havana
    (no Police), 4 cubes each as Police, Troop, Police, Troop (P2); step 3: las_villas's 2
    Troops replaced by a Base (no Civic Action); Transport: 3 Troops from havana (the most
    not needed for Control) to matanzas, where DR loses Control (destination 3)."""
    st = train_position()
    assert govt_train.cond_train(st) and G.first_box(st) == "train"
    t = govt_turn(st)
    spaces = op_spaces(t)
    assert sorted(spaces[:2]) == ["camaguey_city", "santiago_de_cuba"]
    assert spaces[2:] == ["havana", "las_villas"]
    placed = [(e["space"], e["piece"]) for e in events(t, "cl.place")]
    assert placed[:4] == [(spaces[0], "police"), (spaces[0], "troops")] * 2
    after = t.st
    for c in ("camaguey_city", "santiago_de_cuba"):
        assert count(after, c, "troops") == 2 and count(after, c, "police") == 2
    assert count(after, "havana", "police") == 2
    assert count(after, "las_villas", "govt_base") == 1
    assert count(after, "las_villas", "troops") == 0
    assert not events(t, "cl.civic_action")
    assert events(t, "cl.transport") == [{"from": "havana", "to": "matanzas", "count": 3}]
    assert count(after, "havana", "troops") == 1 and B.live_control(after, S["matanzas"]) == GOVT
    assert after.resources[GOVT] == 15 - 4 * 2


def test_cl_8_8_2_short_of_resources_the_base_province_keeps_its_space() -> None:
    """CL 8.8.2 step 1 with CL 8.1 item 3: 4 Resources pay for 2 spaces at Firm: one City
    without Control gets 4 cubes, the other space is las_villas's Base."""
    st = train_position()
    st.resources[GOVT] = 4
    t = govt_turn(st)
    spaces = op_spaces(t)
    assert spaces[0] in ("camaguey_city", "santiago_de_cuba")
    assert spaces[1:] == ["las_villas"]
    assert count(t.st, "las_villas", "govt_base") == 1 and t.st.resources[GOVT] == 0


def test_cl_8_8_2_step_4_civic_action_where_support_rises_most() -> None:
    """CL 8.8.2 step 4: no Base Province, so Civic Action in the Train space where it raises
    TotalSupport the most (havana, Population 6) as long as 9 Resources remain: 25 - 3 x 2 =
    19, two steps (19 -> 11): havana Neutral -> Active Support."""
    st = empty_board(np_game())
    cities_held(st)
    take(st, "havana", "police")
    st.resources[GOVT] = 25
    t = govt_turn(st)
    assert op_spaces(t)[0] == "havana" and len(op_spaces(t)) == 3
    assert [e["space"] for e in events(t, "cl.civic_action")] == ["havana", "havana"]
    after = t.st
    assert after.support[S["havana"]] == 2 and after.resources[GOVT] == 11


def test_cl_8_8_2_if_none_train_impossible_goes_to_garrison() -> None:
    """CL 8.8.2 IF NONE: Train is wanted (havana lacks Police) but fewer than 4 cubes are
    Available and no Province takes a Base: Garrison (8.8.3), its entry question ignored."""
    st = empty_board(np_game())
    cities_held(st)
    take(st, "havana", "police")
    put(st, "ec_west", "troops", 12)
    put(st, "ec_west", "police", 11)
    assert govt_train.cond_train(st) and not govt_train.train_possible(st)
    assert not govt_garrison.cond_garrison(st)
    assert G.CHART.operation(st, OPS) == "garrison"
    t = govt_turn(st)  # 8.8.3 step 2: a Police into havana from ec_west (the most Police)
    assert op_spaces(t) == ["havana"]
    assert moves(t) == [("ec_west", "havana", "police")]
    assert t.st.resources[GOVT] == 13


# -- 8.8.3 Garrison ------------------------------------------------------------------------


def test_cl_8_8_3_garrison_police_into_the_ec_then_free_assault_then_reprisal() -> None:
    """CL 8.8.3: ec_central holds 2 Underground 26July and 1 DR Guerrilla. Step 1: 3 Police
    into it, each from the space with the most Police (havana 4, 3, 2: never the last Police
    of camaguey_city or santiago_de_cuba); Activation: 26July first, then DR; step 4: the
    free Assault there removes the 2 26July, then the DR Guerrilla; Garrison paid once (2).
    Air Strike finds no target: Reprisal in havana (Government-Controlled, at Opposition):
    Terror and a shift to Neutral."""
    st = empty_board(np_game())
    cities_held(st)
    put(st, "havana", "troops", 5)
    put(st, "havana", "police", 3)
    put(st, "ec_central", "m26_underground", 2)
    put(st, "ec_central", "directorio_underground")
    st.support[S["havana"]] = -1
    assert not govt_train.cond_train(st) and govt_garrison.cond_garrison(st)
    t = govt_turn(st)
    assert op_spaces(t) == ["ec_central"]
    assert moves(t) == [("havana", "ec_central", "police")] * 3
    after = t.st
    assert B.guerrillas(after, S["ec_central"], M26) == 0
    assert B.guerrillas(after, S["ec_central"], DR) == 0
    assert events(t, "coin.sa")[0]["sa"] == "reprisal"
    assert after.terror[S["havana"]] == 1 and after.support[S["havana"]] == 0
    assert after.resources[GOVT] == 13


def test_cl_8_8_2_transport_destinations_in_order() -> None:
    """CL 8.8.2 Transport (CL-R-43): from havana (Troops beyond Control: min(9, 13 - 0 - 1));
    destinations (1) a Province with Police and no Troops (oriente), else (2) Active
    Guerrillas outnumbering Troops (matanzas), else (4) an Uncontrolled space gained."""
    st = empty_board(np_game())
    put(st, "havana", "troops", 9)
    put(st, "havana", "police", 4)
    put(st, "oriente", "police")
    put(st, "matanzas", "directorio_active", 2)
    put(st, "matanzas", "troops")
    assert govt_train.surplus(st, S["havana"]) == 9
    tiers = govt_train.transport_tiers(st, S["havana"], 3)
    assert tiers[0] == [S["oriente"]] and tiers[1] == [S["matanzas"]]
    take(st, "oriente", "police")
    assert next(t for t in govt_train.transport_tiers(st, S["havana"], 3) if t) == [
        S["matanzas"]]


def test_cl_8_8_3_if_none_garrison_impossible_goes_to_sweep() -> None:
    """CL 8.8.2-8.8.3 IF NONE twice: havana lacks Police (Train wanted) but 3 cubes are
    Available; Garrison would bring havana a Police but every Police is the last of its space
    and no EC needs cubes: Sweep (8.8.4), where la_habana's DR Guerrilla can be Activated."""
    st = empty_board(np_game())
    put(st, "havana", "troops", 2)
    for c in ("camaguey_city", "santiago_de_cuba"):
        put(st, c, "troops")
        put(st, c, "police")
    put(st, "ec_west", "troops", 11)
    for s in (*D.ECS, *D.PROVINCES):
        put(st, D.NAMES[s], "police")
    put(st, "la_habana", "directorio_underground")
    assert B.PIECES.available(st, Kind.TROOPS) + B.PIECES.available(st, Kind.POLICE) == 3
    assert govt_train.cond_train(st) and not govt_train.train_possible(st)
    assert not govt_garrison.garrison_possible(st)
    assert G.CHART.operation(st, OPS) == "sweep"
