"""CL 8.4.4 item 1, the Special Activities' targets (8.5.5 Bribe steps 2-3 and Mafia
Offensive, 8.6.1 Assassinate, 8.7.1 Raúl), the 26July March order with El Che (8.7.3
step 3) and the space of the DR's Expat Backing Rally (8.6.2, CL-R-54) on constructed
positions played through the flow: the exact faction, spaces, pieces and order."""

from __future__ import annotations

from services.cuba_libre import GAME
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre import events as cards
from services.cuba_libre.bots import m26, syndicate
from services.cuba_libre.constants import Cap, Kind
from services.cuba_libre.ops.rally import expat_spaces, push_expat_backing
from services.cuba_libre.special.m26 import KidnapProc
from services.cuba_libre.state import CLState
from services.kernel.ctx import Ctx
from services.kernel.events import Event
from services.kernel.flow import push
from services.kernel.state import Frame
from tests.games.cuba_libre import np_scenario as sc

from .helpers import S, game
from .test_np_exact import m26_march_position

# -- 8.4.4 item 1: the beneficiary of an Event ------------------------------------------------


def syndicate_event(st: CLState, card: int, side: str) -> list[Event]:
    """The Non-player Syndicate executes `card`'s `side`; the events."""
    st.played, st.stack = [card], []
    push(st, "coin.effect", key=cards.key(card, side), f=sc.SYNDICATE, pc=0)
    ctx = Ctx()
    GAME.advance(ctx, st)
    return ctx.events


def test_cl_8_4_4_item_1_another_non_players_faction_before_a_players() -> None:
    """CL 8.4.4 item 1 (CL-R-37): an Event benefiting a faction not the bot's own names
    another Non-player's faction before a player's: the Syndicate's card 33 unshaded (+5
    Resources to Directorio or 26July) goes to whichever of the two is the Non-player."""
    for seed in range(1, 5):
        st = game(2, seed=seed, non_players="directorio+syndicate")
        before = list(st.resources)
        assert sc.np_choices(syndicate_event(st, 33, "unshaded")) == ["faction:directorio"]
        assert st.resources[sc.DR] == before[sc.DR] + 5 and st.resources[sc.M26] == before[sc.M26]
        st = game(2, seed=seed, non_players="m26+syndicate")
        assert sc.np_choices(syndicate_event(st, 33, "unshaded")) == ["faction:m26"]


# -- 8.5.5 Bribe steps 2-3 and Mafia Offensive ----------------------------------------------


def test_cl_8_5_5_bribe_step_2_directorio_when_no_casino_has_26july() -> None:
    """CL 8.5.5 Bribe step 2: no open Casino holds 26July pieces (La Habana's gone), so the
    Bribe goes where one holds Directorio pieces: Havana, both DR Guerrillas (before step 3's
    26July in Santiago de Cuba, with a Syndicate Guerrilla)."""
    st = sc.terror_position()
    sc.take(st, "la_habana", "m26_underground")
    sc.put(st, "santiago_de_cuba", "syndicate_active")
    assert syndicate.first_box(st) == "terror"
    events = sc.play(st, 1, [sc.SYNDICATE], done=1, first="op")
    assert sc.np_choices(events, "cl.bribe") == ["space:havana"]
    assert sc.np_choices(events, "cl.bribe_mode") == ["guerrillas"]
    assert sc.count(st, "havana", "directorio_underground") == 0
    assert sc.count(st, "havana", "troops") == 6 and sc.count(st, "havana", "police") == 4


def test_cl_8_5_5_bribe_step_3_syndicate_space_26july_first_cities_before_ecs() -> None:
    """CL 8.5.5 Bribe step 3: no open Casino holds 26July or DR pieces: a space with Syndicate
    pieces, 26July before DR, Cities/Provinces before ECs: Santiago de Cuba (26July), not
    the central EC (26July) nor Camagüey Province (DR)."""
    st = sc.terror_position()
    sc.take(st, "la_habana", "m26_underground")
    sc.take(st, "havana", "directorio_underground", 2)
    for space in ("santiago_de_cuba", "ec_central", "camaguey_province"):
        sc.put(st, space, "syndicate_active")
    sc.put(st, "ec_central", "m26_underground")
    assert syndicate.first_box(st) == "terror"
    events = sc.play(st, 1, [sc.SYNDICATE], done=1, first="op")
    assert sc.np_choices(events, "cl.bribe") == ["space:santiago_de_cuba"]
    assert sc.count(st, "santiago_de_cuba", "m26_underground") == 0
    assert sc.count(st, "ec_central", "m26_underground") == 1
    assert sc.count(st, "camaguey_province", "directorio_underground") == 1


def test_cl_r_40_cl_8_5_5_mafia_offensive_assassinates_the_bribe_target() -> None:
    """CL 8.5.5 Mafia Offensive (card 43 shaded, CL-R-40): after Terror, instead of Bribe, a
    free Assassinate in the Terror space (Havana, the only one at Support or Opposition), its
    target by Bribe's steps 1-3 there: a Directorio Guerrilla (step 2), not the Government
    player's Police that P4's players-first would take."""
    st = sc.terror_position()
    st.support[S["pinar_del_rio"]] = st.support[S["la_habana"]] = 0
    st.caps |= 1 << Cap.SYNDICATE_ASSASSINATES
    events = sc.play(st, 1, [sc.SYNDICATE], done=1, first="op")
    assert sc.op_spaces(events, "terror") == ["havana"]
    assert sc.np_choices(events, "cl.assassinate") == ["piece:havana:directorio_underground"]
    assert not sc.np_choices(events, "cl.bribe")
    assert sc.count(st, "havana", "directorio_underground") == 1
    assert sc.count(st, "havana", "police") == 4
    assert st.resources[sc.SYNDICATE] == 15 - 1


# -- 8.6.1 Assassinate -------------------------------------------------------------------------


def test_cl_8_6_1_assassinate_removes_a_base_before_the_players_cubes() -> None:
    """CL 8.6.1 Assassinate: the piece Ⓐ that removes a Base, then Government pieces, a
    player's, a Non-player's (P4): in Sierra Maestra (Active Opposition, 3 Underground DR
    Guerrillas against 1 Police and 1 Troop) the 26July Base, not the Government player's
    Police that P4's players-first would take."""
    st = sc.solo()
    sc.put(st, "sierra_maestra", "directorio_underground", 3)
    sc.put(st, "sierra_maestra", "police")
    sc.put(st, "sierra_maestra", "troops")
    events = sc.play(st, 1, [sc.DR], done=1, first="op")
    assert "sierra_maestra" in sc.op_spaces(events, "terror")
    assert sc.np_choices(events, "cl.assassinate") == ["piece:sierra_maestra:m26_base"]
    assert sc.count(st, "sierra_maestra", "m26_base") == 0
    assert sc.count(st, "sierra_maestra", "police") == 1


# -- 8.7.1 Raúl -------------------------------------------------------------------------------


def test_cl_8_7_1_raul_rerolls_a_kidnap_roll_of_1_or_2_only() -> None:
    """CL 8.7.1 (card 22 unshaded, Raúl): the 26July bot rerolls a Kidnap die of 1-2 and keeps
    3-6; the decision as the Kidnap in Havana from the Government asks it."""
    st = sc.solo()
    st.caps |= 1 << Cap.M26_REROLLS_ATTACK_AND_KIDNAP
    kept = []
    for roll in range(1, 7):
        fr = Frame("cl.kidnap", {"f": sc.M26, "s": S["havana"], "g": 0, "roll": roll,
                                 "rerolled": False})
        (d,) = KidnapProc().decisions(st, fr)
        kept.append(m26.reroll(st, d, sc.M26))
    assert kept == ["reroll", "reroll", "keep", "keep", "keep", "keep"]


# -- 8.7.3 El Che -----------------------------------------------------------------------------


def test_cl_8_7_3_step_3_el_che_marches_into_the_government_space_before_the_ec() -> None:
    """CL 8.7.3 step 3 (card 13 El Che in play): step 2 before step 1. Whatever the seed's
    random_pick, the 26July March first enters Santiago de Cuba (Government-Controlled, fed
    by Sierra Maestra at Active Opposition: 1 of its 2 Guerrillas, 1 stays), then EC East
    (no Underground 26July) from Oriente, the only origin left with a Guerrilla to spare;
    without El Che EC East comes first (test_np_exact's step 1 test)."""
    for seed in (1, 3):
        st = m26_march_position(seed)
        st.caps |= 1 << Cap.M26_FIRST_MARCH_GROUP_HIDES
        events = sc.play(st, 1, [sc.M26], done=1, first="op")
        assert sc.op_spaces(events, "march") == ["santiago_de_cuba", "ec_east"]
        assert sc.np_choices(events, "cl.march_from") == ["from:sierra_maestra", "from:oriente",
                                                          "done"]
        assert [sc.count(st, s, "m26_underground") for s in
                ("sierra_maestra", "oriente", "ec_east")] == [1, 1, 1]


# -- 8.6.2 Expat Backing ----------------------------------------------------------------------


def expat_backing(st: CLState) -> list[Event]:
    """The Support phase's Expat Backing (CL 6.3.4) for the Non-player DR; the events."""
    st.stack = []
    push_expat_backing(st)
    ctx = Ctx()
    GAME.advance(ctx, st)
    return ctx.events


def test_cl_r_54_cl_8_6_2_expat_backing_where_the_rally_places_enough_for_control() -> None:
    """CL 8.6.2 Expat Backing (CL 6.3.4, CL-R-54): the free DR Rally goes where the Guerrillas
    it places give DR Control, the highest Pop first. Oriente (Pop 2; a 26July and a Syndicate
    Guerrilla: DR needs 3) gets only 1 Guerrilla from a Rally without a DR Base, which gives
    no Control; Matanzas (Pop 1, empty) does: 1 DR Guerrilla there, DR-Controlled."""
    st = sc.solo()
    sc.put(st, "oriente", "m26_underground")
    sc.put(st, "oriente", "syndicate_underground")
    events = expat_backing(st)
    assert sc.np_choices(events, "coin.op_space")[0] == "space:matanzas"
    assert sc.op_spaces(events, "rally") == ["matanzas"]
    assert sc.count(st, "matanzas", "directorio_underground") == 1
    assert B.control(st, S["matanzas"]) == sc.DR


def expat_without_control_gain(seed: int) -> CLState:
    """An Expat Backing position where no Rally can give DR Control (CL-R-54 step (1) has no
    space): every qualifying space not DR-Controlled gets 3 Police (Government-Controlled,
    so no longer qualifying); left are Camagüey Province (2 DR Guerrillas) and Matanzas (1),
    both DR-Controlled."""
    st = sc.solo(seed)
    sc.put(st, "camaguey_province", "directorio_underground",
           2 - sc.count(st, "camaguey_province", "directorio_underground"))
    sc.put(st, "matanzas", "directorio_underground")
    for s in expat_spaces(st):
        if B.control(st, s) != sc.DR:
            sc.put(st, D.NAMES[s], "police", 3)
    assert sorted(D.NAMES[s] for s in expat_spaces(st)) == ["camaguey_province", "matanzas"]
    return st


def test_cl_r_54_cl_8_6_2_expat_backing_step_2_a_base_replaces_2_guerrillas() -> None:
    """CL 8.6.2 Expat Backing step (2) (CL-R-54): no space where the Rally gives DR Control,
    so the free Rally goes where a DR Base replaces 2 DR Guerrillas (Camagüey Province, not
    Matanzas with 1), and does that there: a Base, no Guerrilla left (not 1 more placed)."""
    for seed in (1, 2, 3, 4):
        st = expat_without_control_gain(seed)
        events = expat_backing(st)
        assert sc.op_spaces(events, "rally") == ["camaguey_province"], seed
        assert sc.np_choices(events, "cl.rally_mode") == ["base"], seed
        assert sc.count(st, "camaguey_province", "directorio_base") == 1
        assert sc.count(st, "camaguey_province", "directorio_underground") == 0


def test_cl_r_54_cl_8_6_2_expat_backing_step_3_a_random_space_gets_a_guerrilla() -> None:
    """CL 8.6.2 Expat Backing step (3): no Control to gain and no DR Base Available, so a
    random_pick qualifying space gets 1 DR Guerrilla (both spaces come up over the seeds)."""
    chosen = set()
    for seed in range(1, 9):
        st = expat_without_control_gain(seed)
        st.avail[Kind.DR_BASE] = 0
        events = expat_backing(st)
        [space] = sc.op_spaces(events, "rally")
        assert sc.np_choices(events, "cl.rally_mode") == ["place"], seed
        assert sc.count(st, space, "directorio_underground") == (3 if space == "camaguey_province"
                                                                 else 2)
        chosen.add(space)
    assert chosen == {"camaguey_province", "matanzas"}

