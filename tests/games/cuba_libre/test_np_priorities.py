"""CL 8.1.2 priority guidelines and the chapter-8 test vectors TV-R-34, TV-R-35, TV-R-36 and
TV-R-40 a, on constructed positions played through the flow as the rules service runs it:
the exact spaces, pieces and order each guideline asks for."""

from __future__ import annotations

from services.cuba_libre import GAME
from services.cuba_libre import board as B
from services.cuba_libre import events as cards
from services.cuba_libre.bots import government as G
from services.cuba_libre.bots import m26
from services.cuba_libre.constants import Kind, UsAlliance
from services.cuba_libre.state import CLState
from services.kernel.ctx import Ctx
from services.kernel.flow import push
from tests.games.cuba_libre import np_scenario as sc

from .helpers import DR, GOVT, M26, SYNDICATE, S, count, game, put, take
from .test_np_govt import cities_held, empty_board, events, govt_turn, np_game, op_spaces
from .test_np_govt_propaganda import round_position, run_round

# -- 8.1.2 P1 Bases, the Government's exception ----------------------------------------------


def test_cl_8_1_2_p1_government_deposits_no_base_in_a_city_nor_a_second_one() -> None:
    """CL 8.1.2 P1 (Cash deposits, 6.2.4): the Government bot places a Base whenever it can,
    but never in a City and never a second one in a Province: its Cash under Police in havana
    (a City) and in la_habana (a Government Base already) each give +6 Resources; in matanzas
    (a Province without one) the Cash becomes a Government Base."""
    st = round_position()
    put(st, "la_habana", "police", 2)
    put(st, "la_habana", "govt_base")
    put(st, "matanzas", "police", 2)
    st.cash[0] = B.cash_code(S["havana"], Kind.POLICE)
    st.cash[1] = B.cash_code(S["la_habana"], Kind.POLICE)
    st.cash[2] = B.cash_code(S["matanzas"], Kind.POLICE)
    t = run_round(st)
    deposits = [(e["space"], e.get("amount"), e.get("piece")) for e in events(t, "cl.deposit")
                if e["faction"] == "govt"]
    assert deposits == [("havana", 6, None), ("la_habana", 6, None),
                        ("matanzas", None, "govt_base")]
    after = t.st
    assert (count(after, "havana", "govt_base"), count(after, "la_habana", "govt_base"),
            count(after, "matanzas", "govt_base")) == (0, 1, 1)


# -- TV-R-34: 8.1.2 P2 cubes ----------------------------------------------------------------


def test_tv_r_34_cl_8_1_2_p2_four_cubes_with_one_troop_available() -> None:
    """TV-R-34 (CL 8.1.2 P2, 8.8.2 step 2): Train in havana (no Police: no Government Control
    question, the first group without Police) with 1 Troop Available: Police, Troop, then
    Police twice (the other type once one runs out): 1 Troop and 3 Police. (Its Transport then
    takes havana's 2 Troops, surplus to its Control, to pinar_del_rio.)"""
    st = empty_board(np_game())
    cities_held(st)
    take(st, "havana", "police")
    st.avail[Kind.TROOPS] = 1
    assert G.first_box(st) == "train"
    t = govt_turn(st)
    assert op_spaces(t)[0] == "havana"
    placed = [c for c in sc.np_choices(t.events, "cl.train_place") if c != "done"]
    assert placed[:4] == ["place:police", "place:troops", "place:police", "place:police"]
    assert events(t, "cl.transport") == [{"from": "havana", "to": "pinar_del_rio", "count": 2}]
    assert (count(t.st, "havana", "troops"), count(t.st, "havana", "police")) == (0, 3)


# -- TV-R-35: 8.1.2 P7-P8 March order --------------------------------------------------------


def m26_march_position() -> CLState:
    """The TV-R-35 group: 2 Active 26July Guerrillas (one holding Cash) and 1 Underground one
    (holding Cash) in camaguey_province (Active Opposition: no Terror shift); camaguey_city
    at Support with 3 Government cubes (Government-Controlled); ec_central Sabotaged with an
    Underground 26July Guerrilla already (no step-1 move, no Terror); no 26July Base and 5
    Guerrillas Available (no Rally); no Attack: the 26July March box (8.7.3)."""
    st = empty_board(sc.solo())
    put(st, "camaguey_province", "m26_active", 2)
    put(st, "camaguey_province", "m26_underground")
    st.support[S["camaguey_province"]] = -2
    st.cash[0] = B.cash_code(S["camaguey_province"], Kind.M26_A)
    st.cash[1] = B.cash_code(S["camaguey_province"], Kind.M26_U)
    put(st, "camaguey_city", "troops", 2)
    put(st, "camaguey_city", "police")
    st.support[S["camaguey_city"]] = 1
    put(st, "ec_central", "m26_underground")
    st.sabotage |= 1 << S["ec_central"]
    st.resources[GOVT] = st.resources[SYNDICATE] = 0
    st.resources[M26] = 5
    st.avail[Kind.M26_U], st.avail[Kind.M26_BASE] = 5, 0
    assert not m26.cond_terror(st) and not m26.cond_rally(st) and not m26.cond_attack(st)
    return st


def test_tv_r_35_cl_8_1_2_p7_p8_activation_unavoidable_active_ones_move() -> None:
    """TV-R-35 variant (CL 8.1.2 P7-P8, 8.7.3 step 2): 26July Marches into camaguey_city
    (Government-Controlled, at Support) from camaguey_province, which keeps 1 Guerrilla. 3
    cubes there: Activation cannot be avoided (room 0), so the Active ones go first: both
    Active ones move and the Underground one stays; the Active one's Cash goes with them
    into the City, the Underground one's stays."""
    st = m26_march_position()
    events = sc.play(st, 1, [M26], done=1, first="op")
    assert sc.op_spaces(events, "march") == ["camaguey_city"]
    assert sc.np_choices(events, "cl.march_from") == ["from:camaguey_province"]
    assert sc.np_choices(events, "cl.march_u") == ["u:0"]
    assert sc.np_choices(events, "cl.march_a") == ["a:2"]
    assert (count(st, "camaguey_city", "m26_active"), count(st, "camaguey_province",
                                                            "m26_underground")) == (2, 1)
    assert st.cash[0] == B.cash_code(S["camaguey_city"], Kind.M26_A)
    assert st.cash[1] == B.cash_code(S["camaguey_province"], Kind.M26_U)


# -- TV-R-36: the seed's 8.1.3 Government Assault example ----------------------------------------


def test_tv_r_36_cl_8_1_3_government_assault_takes_both_cash_carriers() -> None:
    """TV-R-36 (CL 8.1.3 example, 8.8.5 step 3): la_habana 2 Troops; a DR Guerrilla and a
    Syndicate Guerrilla each with its own Cash, a 26July Guerrilla without, all Active; DR
    and the Syndicate players who do not move their Cash; no SA possible (Embargoed: no Air
    Strike; each City held 2 to 1: no Troop to Transport; nothing to Reprise). The Assault in
    la_habana removes 2: Ⓐ skipped (no 26July Cash), Ⓑ the DR Guerrilla (1st Cash), then the
    Syndicate one (2nd Cash); both Cash under a Government Troop; la_habana Government 2 to
    1: Government Control."""
    st = empty_board(np_game())
    st.us_alliance = UsAlliance.EMBARGOED
    cities_held(st)
    for c in ("havana", "camaguey_city", "santiago_de_cuba"):
        put(st, c, "syndicate_underground")
    put(st, "la_habana", "troops", 2)
    for kind in ("directorio_active", "syndicate_active", "m26_active"):
        put(st, "la_habana", kind)
    st.cash[0] = B.cash_code(S["la_habana"], Kind.DR_A)
    st.cash[1] = B.cash_code(S["la_habana"], Kind.SYND_A)
    assert st.seat_of[DR] >= 0 and st.seat_of[SYNDICATE] >= 0
    assert G.first_box(st) == "assault" and G.sa_for(st, "assault") is None
    t = govt_turn(st)
    while (d := t.decision()) is not None and d.kind == "cl.cash_rescue":
        t.play("drop")  # the players do not move their Cash
    assert op_spaces(t) == ["la_habana"]
    assert not events(t, "cl.transport") and not events(t, "cl.air_strike")
    assert [e["piece"] for e in events(t, "cl.removed")] == ["directorio_active",
                                                            "syndicate_active"]
    after = t.st
    assert [(B.cash_space(c), B.cash_holder(c)) for c in after.cash[:2]] == \
        [(S["la_habana"], Kind.TROOPS)] * 2
    assert B.live_control(after, S["la_habana"]) == GOVT


# -- TV-R-40 a: 8.1 item 3 -------------------------------------------------------------------


def test_tv_r_40_a_cl_8_1_item_3_government_cannot_pay_passes() -> None:
    """TV-R-40 a (CL 8.1 item 3): the Government bot, Embargoed (a space costs 4), with 3
    Resources and a Train to make (havana without Police) Passes and gains 3: 6."""
    st = empty_board(np_game())
    cities_held(st)
    take(st, "havana", "police")
    st.us_alliance = UsAlliance.EMBARGOED
    st.resources[GOVT] = 3
    t = govt_turn(st)
    assert sc.np_choices(t.events, "coin.eligible") == ["pass"]
    assert not op_spaces(t)
    assert t.st.resources[GOVT] == 6


# -- 8.1.2 P5 removing own pieces -------------------------------------------------------------


def replace_own_cube(seed: int) -> list[str]:
    """The Non-player Government executes card 10 (MAP) unshaded, "Replace one cube anywhere",
    on a map whose only cubes are its own: 1 Troop and 1 Police in each of havana and
    matanzas; its choices of the Event's steps."""
    st = empty_board(game(3, seed=seed, non_players="govt"))
    for space in ("havana", "matanzas"):
        put(st, space, "troops")
        put(st, space, "police")
    st.played, st.stack = [10], []
    push(st, "coin.effect", key=cards.key(10, "unshaded"), f=GOVT, pc=0)
    ctx = Ctx()
    GAME.advance(ctx, st)
    return sc.np_choices(ctx.events, "coin.event_step")


def test_cl_8_1_2_p5_government_replaces_its_own_troops_before_police() -> None:
    """CL 8.1.2 P5: a Non-player removing or replacing its own pieces takes Troops before
    Police: the Government replacing one of its own cubes (card 10 unshaded) replaces a Troop,
    whichever space the random_pick gives (several seeds, so a coin flip would fail)."""
    for seed in range(1, 9):
        chosen = replace_own_cube(seed)[0]
        assert chosen in ("piece:havana:troops", "piece:matanzas:troops"), (seed, chosen)


# -- 8.1.2 P1 Bases: the Syndicate's Cash beside a closed Casino -------------------------------


def syndicate_deposit(final: bool, full: bool = False) -> tuple[list[dict[str, object]], CLState]:
    """The Non-player Syndicate's Cash in havana, whose one Casino is closed (with a second,
    open one beside it if `full`); a Propaganda round played (the final one if `final`): the
    Syndicate's deposits and the position after it."""
    st = game(3, non_players="syndicate")
    assert st.seat_of[SYNDICATE] < 0
    take(st, "havana", "casino_open")  # of the 2 set up (CL 2.1)
    put(st, "havana", "syndicate_underground")
    B.close_casino(st, S["havana"])
    if full:
        put(st, "havana", "casino_open")
    st.cash[0] = B.cash_code(S["havana"], Kind.SYND_U)
    st.prop_played = 3 if final else 0
    t = run_round(st)
    deposits = [e for e in events(t, "cl.deposit") if e["faction"] == "syndicate"]
    return deposits, t.st


def test_cl_8_1_2_p1_syndicate_places_a_casino_with_its_cash() -> None:
    """CL 8.1.2 P1: a bot places a Base whenever it can, Cash deposits included (6.2.4): the
    Syndicate's Cash beside havana's closed Casino becomes a second, open Casino, not the
    closed one opened (Reset opens that anyway, 6.5): havana ends with 2 open."""
    deposits, st = syndicate_deposit(final=False)
    assert [(e["space"], e.get("piece"), e.get("how")) for e in deposits] == [
        ("havana", "casino_open", None)]
    assert count(st, "havana", "casino_open") == 2 and count(st, "havana", "casino_closed") == 0


def test_cl_8_1_2_p1_syndicate_takes_6_when_no_casino_fits() -> None:
    """CL 8.1.2 P1 outside the final round: no room for a Casino in havana (a closed and an
    open one), so +6 Resources; opening the closed one would place no Base."""
    deposits, _ = syndicate_deposit(final=False, full=True)
    assert [(e["space"], e.get("amount")) for e in deposits] == [("havana", 6)]


def test_cl_8_1_2_p1_final_round_the_syndicate_opens_its_closed_casino() -> None:
    """CL 8.1.2 P1 exception: in the final Propaganda Round the Syndicate bot uses its Cash to
    open a closed Casino where it can ("чтобы открыть закрытые казино, где это возможно"),
    though a second Casino would fit: havana ends with 1 open, none closed (no Reset)."""
    deposits, st = syndicate_deposit(final=True)
    assert [(e["space"], e.get("piece"), e.get("how")) for e in deposits] == [
        ("havana", "casino_open", "open")]
    assert st.over and count(st, "havana", "casino_open") == 1
    assert count(st, "havana", "casino_closed") == 0
