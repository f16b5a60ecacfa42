"""CL 5 Event cards 25-36: every side played through the engine from the standard setup (S0)
or a position built from it, the card current and the executing faction 1st Eligible; exact
pieces and tracks after it and the options offered at each decision (CL 5.1, 5.1.3)."""

from __future__ import annotations

from typing import Final

import pytest

from services.cuba_libre import board as B
from services.cuba_libre.constants import Cap, Kind
from services.cuba_libre.state import CLState

from .helpers import DR, standard
from .helpers_clev1 import GOVT, M26, SYNDICATE, S, count, event, put, take
from .helpers_clev2 import options
from .helpers_clins import Table as OpTable
from .helpers_clins import rig_die


def test_card_25_unshaded_places_a_dr_guerrilla_and_base_together() -> None:
    """CL card 25 unshaded (Escapade): Camagüey Province or Oriente only."""
    t = event(25, DR, "unshaded")
    assert options(t) == ["space:camaguey_province", "space:oriente"]
    t.play("space:oriente")
    assert count(t.st, "oriente", "directorio_underground") == 1
    assert count(t.st, "oriente", "directorio_base") == 1
    assert t.at_card()


def test_card_25_unshaded_cl_1_4_1_dr_takes_its_guerrilla_and_base_back() -> None:
    """CL card 25 unshaded, CL 1.4.1 (CL-R-04): none Available, the executing Directorio may
    take its own Guerrilla and Base from elsewhere on the map to place them together."""
    def prepare(st: CLState) -> None:
        put(st, "matanzas", "directorio_underground", 12)
        put(st, "matanzas", "directorio_base", 2)
        put(st, "pinar_del_rio", "directorio_base", 2)
    t = event(25, DR, "unshaded", prepare)
    assert options(t) == ["space:camaguey_province", "space:oriente"]
    t.play("space:oriente")
    assert t.offered() == DR_GUERRILLA_TAKE_BACKS
    t.play("reclaim:matanzas:directorio_underground")
    assert t.offered() == ["reclaim:pinar_del_rio:directorio_base",
                           "reclaim:matanzas:directorio_base", "done"]
    t.play("reclaim:pinar_del_rio:directorio_base")
    st = t.st
    assert count(st, "oriente", "directorio_underground") == 1
    assert count(st, "oriente", "directorio_base") == 1
    assert count(st, "matanzas", "directorio_underground") == 11
    assert count(st, "pinar_del_rio", "directorio_base") == 1 and t.at_card()


def test_card_25_shaded_removes_one_dr_base_and_nothing_without_one() -> None:
    """CL card 25 shaded; CL 5.1.3: with no Directorio Base the Event does nothing."""
    def bases(st: CLState) -> None:
        put(st, "matanzas", "directorio_base")
        put(st, "camaguey_province", "directorio_base")
    t = event(25, GOVT, "shaded", bases)
    assert options(t) == ["piece:camaguey_province:directorio_base",
                           "piece:matanzas:directorio_base"]
    t.play("piece:matanzas:directorio_base")
    assert count(t.st, "matanzas", "directorio_base") == 0
    assert count(t.st, "camaguey_province", "directorio_base") == 1
    t = event(25, GOVT, "shaded")
    assert t.at_card() and t.st.pieces == standard().pieces


def test_card_26_unshaded_places_then_a_free_march_rally_or_ambush_there() -> None:
    """CL card 26 unshaded (Rodríguez Loeches), CL 5.5: Directorio chooses; a March into the
    space comes from adjacent spaces."""
    t = event(26, DR, "unshaded")
    assert len(t.offered()) == 13 and t.pending().seat == DR
    t.play("space:la_habana")
    assert options(t) == ["op:ambush", "op:march", "op:rally"]
    t.play("op:march", "space:la_habana", "from:havana", "u:2", "a:0")
    st = t.st
    assert count(st, "la_habana", "directorio_underground") == 3
    assert count(st, "havana", "directorio_underground") == 0
    assert st.resources[DR] == 5 and t.at_card()  # free (CL 3.1.2)


def test_card_26_unshaded_march_only_from_adjacent_spaces_even_under_morgan() -> None:
    """CL card 26 unshaded "(from adjacent spaces)" beats card 28's two-space March (CL 5.1.2):
    Matanzas, two steps from Havana's Directorio Guerrillas, gets no March."""
    def morgan(st: CLState) -> None:
        st.caps |= 1 << Cap.DR_MARCHES_TWO_SPACES
    t = event(26, DR, "unshaded", morgan)
    t.play("space:matanzas")
    assert options(t) == ["op:rally"]
    t = event(26, DR, "unshaded", morgan)
    t.play("space:la_habana", "op:march", "space:la_habana")
    assert options(t) == ["from:havana"]


def test_card_26_unshaded_free_ambush_or_a_rally_the_level_would_forbid() -> None:
    """CL card 26 unshaded, CL 5.1.1 (its example): the Event names the space, so Havana at
    Active Support may take the Rally (CL 3.3.1 forbids it otherwise); no DR Guerrilla next to
    Havana: no March; the Ambush (CL 4.4.2) uses the Guerrilla just placed. CL 5.1: the
    executing Government chooses the space and the Operation, DR decides inside it."""
    t = event(26, GOVT, "unshaded")
    assert t.pending().seat == GOVT
    t.play("space:havana")
    assert options(t) == ["op:ambush", "op:rally"] and t.pending().seat == GOVT
    t.play("op:ambush")
    assert t.pending().seat == DR
    t.play("space:havana")
    assert options(t) == ["done", "piece:police", "piece:troops"]  # the Casino is guarded
    t.play("piece:troops", "piece:troops")
    st = t.st
    assert count(st, "havana", "troops") == 4
    assert count(st, "havana", "directorio_active") == 1
    assert count(st, "havana", "directorio_underground") == 3


def test_card_26_unshaded_cl_5_1_26july_executing_chooses_space_and_operation() -> None:
    """CL 5.1 (card 26 unshaded): no free Operation is given for the placement or for the pick
    among March, Rally and Ambush, so the executing 26July makes those choices; Directorio
    makes its own inside the free Rally (and stays Eligible, CL 3.1.2)."""
    t = event(26, M26, "unshaded")
    assert t.pending().seat == M26 and len(options(t)) == 13
    t.play("space:havana")
    assert t.pending().seat == M26 and options(t) == ["op:ambush", "op:rally"]
    t.play("op:rally")
    assert t.pending().seat == DR and options(t) == ["space:havana"]
    t.play("space:havana")
    assert t.pending().seat == DR and options(t) == ["base", "place"]
    t.play("place")
    st = t.st
    assert count(st, "havana", "directorio_underground") == 4 and st.resources[DR] == 5
    assert t.at_card() and st.eligible == [True, False, True, True]


def test_card_26_unshaded_cl_1_4_1_dr_takes_its_guerrilla_back_to_place_it() -> None:
    """CL card 26 unshaded, CL 1.4.1 (CL-R-04): no Directorio Guerrilla Available, the
    executing Directorio may take one of its own from elsewhere to place it, then Operate."""
    def prepare(st: CLState) -> None:
        put(st, "matanzas", "directorio_underground", 12)
    t = event(26, DR, "unshaded", prepare)
    assert len(options(t)) == 13
    t.play("space:havana")
    assert t.offered() == ["reclaim:matanzas:directorio_underground",
                           "reclaim:camaguey_province:directorio_underground", "done"]
    t.play("reclaim:matanzas:directorio_underground")
    st = t.st
    assert count(st, "havana", "directorio_underground") == 3
    assert count(st, "matanzas", "directorio_underground") == 11
    assert options(t) == ["op:ambush", "op:rally"]


def test_card_26_unshaded_rally_at_active_support() -> None:
    """CL card 26 unshaded, CL 5.1.1: a free Directorio Rally in Havana (Active Support)."""
    t = event(26, DR, "unshaded")
    t.play("space:havana", "op:rally", "space:havana")
    assert options(t) == ["base", "place"]
    t.play("place")
    assert count(t.st, "havana", "directorio_underground") == 4 and t.st.resources[DR] == 5


def test_card_26_shaded_removes_a_dr_guerrilla_and_5_resources() -> None:
    """CL card 26 shaded (Rodríguez Loeches)."""
    t = event(26, GOVT, "shaded")
    assert options(t) == ["piece:camaguey_province:directorio_underground",
                           "piece:havana:directorio_underground"]
    t.play("piece:havana:directorio_underground")
    assert count(t.st, "havana", "directorio_underground") == 1
    assert t.st.resources[DR] == 0


def test_card_27_unshaded_places_two_sets_havana_neutral_dr_eligible() -> None:
    """CL card 27 unshaded (Echeverría); CL-D-11: DR Eligible for the next card although it
    executed the Event."""
    t = event(27, DR, "unshaded")
    assert len(options(t)) == 13  # any space
    t.play("space:havana")
    assert "space:havana" in options(t)  # "any spaces": the same one again
    t.play("space:havana")
    st = t.st
    assert count(st, "havana", "directorio_underground") == 4
    assert st.support[S["havana"]] == 0
    assert t.at_card()  # the next card: eligibility adjusted (CL 2.3.7)
    assert t.st.eligible[DR]


def test_card_27_unshaded_cl_1_4_1_dr_takes_its_guerrillas_back_to_place_them() -> None:
    """CL card 27 unshaded, CL 1.4.1 (CL-R-04): no Directorio Guerrilla Available, the
    executing Directorio may take its own from elsewhere for each of the 2 placements."""
    def prepare(st: CLState) -> None:
        put(st, "matanzas", "directorio_underground", 12)
    t = event(27, DR, "unshaded", prepare)
    assert len(options(t)) == 13
    t.play("space:oriente")
    assert t.offered() == DR_GUERRILLA_TAKE_BACKS
    t.play("reclaim:matanzas:directorio_underground", "space:oriente",
           "reclaim:camaguey_province:directorio_underground")
    st = t.st
    assert count(st, "oriente", "directorio_underground") == 2
    assert count(st, "matanzas", "directorio_underground") == 11
    assert count(st, "camaguey_province", "directorio_underground") == 0
    assert st.support[S["havana"]] == 0 and t.at_card() and st.eligible[DR]


def test_card_27_shaded_removes_the_two_closest_to_havana() -> None:
    """CL card 27 shaded, CL-D-13: fewest adjacency steps, ties chosen by the executor."""
    def far(st: CLState) -> None:
        take(st, "havana", "directorio_underground", 2)
        put(st, "matanzas", "directorio_underground")
        put(st, "pinar_del_rio", "directorio_base")
    t = event(27, GOVT, "shaded", far)
    assert options(t) == ["piece:matanzas:directorio_underground",
                           "piece:pinar_del_rio:directorio_base"]
    t.play("piece:pinar_del_rio:directorio_base")
    assert options(t) == ["piece:matanzas:directorio_underground"]
    t.play("piece:matanzas:directorio_underground")
    st = t.st
    assert count(st, "camaguey_province", "directorio_underground") == 1
    assert B.on_map(st, Kind.DR_BASE) == 0 and st.resources[DR] == 2
    t = event(27, GOVT, "shaded")
    assert options(t) == ["piece:havana:directorio_underground"]  # hops 0 first


def test_card_28_unshaded_directorio_marches_two_spaces() -> None:
    """CL card 28 unshaded (Morgan), CL 5.3, 3.3.2, CL-D-13: after the Event a Directorio group
    reaches Matanzas from Havana through La Habana, paying for Matanzas only."""
    t = event(28, DR, "unshaded")
    assert t.st.caps == 1 << Cap.DR_MARCHES_TWO_SPACES and t.at_card()
    st = t.st
    march = OpTable(st, DR).act("op:march", "space:matanzas")
    assert sorted(march.offered()) == ["via:camaguey_province:las_villas",
                                       "via:havana:la_habana"]
    march.act("via:havana:la_habana", "u:2", "a:0", "done")
    assert count(march.st, "matanzas", "directorio_underground") == 2
    assert count(march.st, "havana", "directorio_underground") == 0
    assert march.st.resources[DR] == 4
    st.caps = 0  # without the Capability Matanzas is out of the Directorio's reach
    assert "space:matanzas" not in OpTable(st, DR).act("op:march").offered()


def test_card_28_shaded_sets_active_support_where_dr_guerrillas_are() -> None:
    t = event(28, GOVT, "shaded")
    assert options(t) == ["space:camaguey_province", "space:havana"]
    t.play("space:camaguey_province")
    assert t.st.support[S["camaguey_province"]] == 2


def test_card_29_unshaded_base_and_two_guerrillas_in_las_villas() -> None:
    """CL card 29 unshaded (Fauré Chomón): the executor picks the faction."""
    t = event(29, DR, "unshaded")
    assert options(t) == ["faction:directorio", "faction:m26"]
    t.play("faction:m26")
    st = t.st
    assert count(st, "las_villas", "m26_base") == 1
    assert count(st, "las_villas", "m26_underground") == 2


def all_dr_out(st: CLState) -> None:
    """Every Directorio Guerrilla and Base on the map (none Available)."""
    put(st, "matanzas", "directorio_underground", 12)
    put(st, "matanzas", "directorio_base", 2)
    put(st, "oriente", "directorio_base", 2)


# with every Directorio Guerrilla on the map (`all_dr_out` and the standard set-up): the
# Underground ones that may be taken back (CL 1.4.1), then declining
DR_GUERRILLA_TAKE_BACKS: Final = ["reclaim:havana:directorio_underground",
                                  "reclaim:matanzas:directorio_underground",
                                  "reclaim:camaguey_province:directorio_underground", "done"]


def all_m26_out(st: CLState) -> None:
    """Every 26July Guerrilla and Base on the map (none Available)."""
    put(st, "las_villas", "m26_underground", 11)
    put(st, "matanzas", "m26_base", 2)
    put(st, "oriente", "m26_base", 1)


def test_card_29_unshaded_cl_1_4_1_dr_naming_itself_takes_its_pieces_back() -> None:
    """CL card 29 unshaded, CL 1.4.1 (CL-R-04): none Available, the executing Directorio
    naming itself may take its own Base, then its 2 Guerrillas, back from elsewhere to place
    them in Las Villas."""
    t = event(29, DR, "unshaded", all_dr_out)
    t.play("faction:directorio")
    assert t.offered() == ["reclaim:matanzas:directorio_base",
                           "reclaim:oriente:directorio_base", "done"]
    t.play("reclaim:oriente:directorio_base")
    assert t.offered() == DR_GUERRILLA_TAKE_BACKS
    t.play("reclaim:matanzas:directorio_underground", "reclaim:havana:directorio_underground")
    st = t.st
    assert count(st, "las_villas", "directorio_base") == 1
    assert count(st, "las_villas", "directorio_underground") == 2
    assert count(st, "oriente", "directorio_base") == 1
    assert count(st, "matanzas", "directorio_underground") == 11
    assert count(st, "havana", "directorio_underground") == 1 and t.at_card()


def test_card_29_shaded_remove_or_replace_a_dr_piece() -> None:
    t = event(29, GOVT, "shaded")
    assert options(t) == [
        "piece:camaguey_province:directorio_underground", "piece:havana:directorio_underground",
        "replace:camaguey_province:directorio_underground",
        "replace:havana:directorio_underground"]
    t.play("replace:camaguey_province:directorio_underground")
    st = t.st
    assert count(st, "camaguey_province", "directorio_underground") == 0
    assert count(st, "camaguey_province", "m26_underground") == 1


def test_card_29_shaded_cl_1_4_1_26july_takes_its_guerrilla_back_to_replace() -> None:
    """CL card 29 shaded, CL 1.4.1 (CL-R-04): no 26July Guerrilla Available, the executing
    26July may take one of its own back from another space to replace the Directorio one."""
    t = event(29, M26, "shaded", all_m26_out)
    t.play("replace:havana:directorio_underground")
    assert t.offered() == ["reclaim:la_habana:m26_underground",
                           "reclaim:las_villas:m26_underground",
                           "reclaim:sierra_maestra:m26_underground",
                           "reclaim:santiago_de_cuba:m26_underground", "done"]
    t.play("reclaim:las_villas:m26_underground")
    st = t.st
    assert count(st, "havana", "m26_underground") == 1
    assert count(st, "havana", "directorio_underground") == 1
    assert count(st, "las_villas", "m26_underground") == 10 and t.at_card()


def test_card_30_unshaded_every_26july_rally_space_ends_underground() -> None:
    """CL card 30 unshaded (The Guerrilla Life), CL 5.3, 3.3.1: the Capability set by the Event
    makes the next 26July Rally flip its Guerrillas there Underground."""
    t = event(30, DR, "unshaded")
    assert t.st.caps == 1 << Cap.M26_RALLY_HIDES_ALL
    st = t.st
    put(st, "santiago_de_cuba", "m26_active")
    rally = OpTable(st, M26).act("op:rally", "space:santiago_de_cuba", "place", "done")
    assert count(rally.st, "santiago_de_cuba", "m26_underground") == 3
    assert count(rally.st, "santiago_de_cuba", "m26_active") == 0


def test_card_30_shaded_hides_every_dr_guerrilla_then_one_in_a_city() -> None:
    def active(st: CLState) -> None:
        B.PIECES.flip_to(st, S["havana"], Kind.DR_A, 2)
    t = event(30, GOVT, "shaded", active)
    assert count(t.st, "havana", "directorio_underground") == 2
    assert options(t) == ["space:camaguey_city", "space:havana", "space:santiago_de_cuba"]
    t.play("space:santiago_de_cuba")
    assert count(t.st, "santiago_de_cuba", "directorio_underground") == 1


def test_card_31_unshaded_any_base_and_any_guerrilla_in_a_mountain_province() -> None:
    """CL card 31 unshaded (Escopeteros): stacking applies (CL 1.4.2)."""
    t = event(31, DR, "unshaded")
    assert options(t) == ["space:las_villas", "space:sierra_maestra"]
    t.play("space:sierra_maestra")
    assert options(t) == ["place:directorio_base", "place:govt_base", "place:m26_base"]
    t.play("place:govt_base")
    assert options(t) == ["place:directorio_underground", "place:m26_underground",
                           "place:syndicate_underground"]
    t.play("place:syndicate_underground")
    st = t.st
    assert count(st, "sierra_maestra", "govt_base") == 1
    assert count(st, "sierra_maestra", "syndicate_underground") == 1
    full = event(31, DR, "unshaded", lambda st: put(st, "sierra_maestra", "m26_base"))
    full.play("space:sierra_maestra")  # 2 Bases already: no Base fits, the Guerrilla does
    assert options(full) == ["place:directorio_underground", "place:m26_underground",
                              "place:syndicate_underground"]


def test_card_30_shaded_cl_1_4_1_dr_takes_its_guerrilla_back_for_a_city() -> None:
    """CL card 30 shaded, CL 1.4.1 (CL-R-04): no Directorio Guerrilla Available, the
    executing Directorio may take one of its own back from elsewhere to place it in a City."""
    t = event(30, DR, "shaded", all_dr_out)
    assert t.offered() == ["space:havana", "space:camaguey_city", "space:santiago_de_cuba"]
    t.play("space:santiago_de_cuba")
    assert t.offered() == DR_GUERRILLA_TAKE_BACKS
    t.play("reclaim:camaguey_province:directorio_underground")
    st = t.st
    assert count(st, "santiago_de_cuba", "directorio_underground") == 1
    assert count(st, "camaguey_province", "directorio_underground") == 0 and t.at_card()


def test_card_31_unshaded_cl_1_4_1_dr_takes_its_base_and_guerrilla_back() -> None:
    """CL card 31 unshaded, CL 1.4.1 (CL-R-04): none Available, the executing Directorio is
    still offered its own Base and Guerrilla and may take each back from elsewhere."""
    t = event(31, DR, "unshaded", all_dr_out)
    t.play("space:las_villas")
    assert options(t) == ["place:directorio_base", "place:govt_base", "place:m26_base"]
    t.play("place:directorio_base")
    assert t.offered() == ["reclaim:matanzas:directorio_base",
                           "reclaim:oriente:directorio_base", "done"]
    t.play("reclaim:oriente:directorio_base")
    assert options(t) == ["place:directorio_underground", "place:m26_underground",
                           "place:syndicate_underground"]
    t.play("place:directorio_underground")
    assert t.offered() == DR_GUERRILLA_TAKE_BACKS
    t.play("reclaim:havana:directorio_underground")
    st = t.st
    assert count(st, "las_villas", "directorio_base") == 1
    assert count(st, "las_villas", "directorio_underground") == 1
    assert count(st, "oriente", "directorio_base") == 1
    assert count(st, "havana", "directorio_underground") == 1 and t.at_card()


def test_card_31_shaded_shifts_a_mountain_province_toward_support() -> None:
    t = event(31, GOVT, "shaded")
    assert options(t) == ["space:las_villas", "space:sierra_maestra"]
    t.play("space:sierra_maestra")
    assert t.st.support[S["sierra_maestra"]] == -1


def test_card_32_unshaded_every_dr_piece_in_a_city_becomes_26july() -> None:
    """CL card 32 unshaded (Resistencia Cívica): Guerrilla for Guerrilla (Underground),
    Base for Base."""
    def dr(st: CLState) -> None:
        put(st, "havana", "directorio_base")
        B.PIECES.flip_to(st, S["havana"], Kind.DR_A, 1)
    t = event(32, M26, "unshaded", dr)
    assert options(t) == ["space:havana"]
    t.play("space:havana")
    st = t.st
    assert [count(st, "havana", k) for k in ("directorio_underground", "directorio_active",
                                             "directorio_base")] == [0, 0, 0]
    assert count(st, "havana", "m26_underground") == 2 and count(st, "havana", "m26_base") == 1


def test_card_32_shaded_every_26july_piece_in_a_city_becomes_dr() -> None:
    t = event(32, DR, "shaded")
    assert options(t) == ["space:santiago_de_cuba"]
    t.play("space:santiago_de_cuba")
    assert count(t.st, "santiago_de_cuba", "m26_underground") == 0
    assert count(t.st, "santiago_de_cuba", "directorio_underground") == 1


def test_card_32_unshaded_cl_1_4_1_26july_takes_its_pieces_back_to_replace() -> None:
    """CL card 32 unshaded, CL 1.4.1 (CL-R-04): none Available, the executing 26July may take
    its own Guerrillas, then its Base, back from elsewhere to replace the Directorio's."""
    def dr_base_too(st: CLState) -> None:
        all_m26_out(st)
        put(st, "havana", "directorio_base")
    t = event(32, M26, "unshaded", dr_base_too)
    t.play("space:havana")
    assert t.offered() == ["reclaim:la_habana:m26_underground",
                           "reclaim:las_villas:m26_underground",
                           "reclaim:sierra_maestra:m26_underground",
                           "reclaim:santiago_de_cuba:m26_underground", "done"]
    t.play("reclaim:las_villas:m26_underground", "reclaim:sierra_maestra:m26_underground")
    assert t.offered() == ["reclaim:matanzas:m26_base", "reclaim:oriente:m26_base",
                           "reclaim:sierra_maestra:m26_base", "done"]
    t.play("reclaim:oriente:m26_base")
    st = t.st
    assert [count(st, "havana", k) for k in ("directorio_underground", "directorio_base",
                                             "m26_underground", "m26_base")] == [0, 0, 2, 1]
    assert count(st, "las_villas", "m26_underground") == 10
    assert count(st, "sierra_maestra", "m26_underground") == 1
    assert count(st, "oriente", "m26_base") == 0 and t.at_card()


def test_card_33_unshaded_five_resources_to_dr_or_26july() -> None:
    t = event(33, DR, "unshaded")
    assert options(t) == ["faction:directorio", "faction:m26"]
    t.play("faction:directorio")
    assert t.st.resources[DR] == 10 and t.st.resources[M26] == 10


def test_card_33_shaded_dr_base_and_neutral_outside_government_control() -> None:
    t = event(33, GOVT, "shaded")
    assert options(t) == ["space:camaguey_province", "space:la_habana", "space:matanzas",
                           "space:oriente", "space:pinar_del_rio", "space:sierra_maestra"]
    t.play("space:matanzas")
    assert count(t.st, "matanzas", "directorio_base") == 1
    assert t.st.support[S["matanzas"]] == 0


def test_card_33_shaded_cl_1_4_1_dr_takes_its_base_back() -> None:
    """CL card 33 shaded, CL 1.4.1 (CL-R-04): no Directorio Base Available, the executing
    Directorio may take one of its own back from elsewhere to place it; the level is set."""
    t = event(33, DR, "shaded", all_dr_out)
    t.play("space:pinar_del_rio")
    assert t.offered() == ["reclaim:matanzas:directorio_base",
                           "reclaim:oriente:directorio_base", "done"]
    t.play("reclaim:oriente:directorio_base")
    st = t.st
    assert count(st, "pinar_del_rio", "directorio_base") == 1
    assert count(st, "oriente", "directorio_base") == 1
    assert st.support[S["pinar_del_rio"]] == 0 and t.at_card()


def test_card_34_unshaded_a_die_roll_and_two_each_for_the_others() -> None:
    """CL card 34 unshaded (US Speaking Tour), the die from the game's PRNG (G.12)."""
    t = event(34, DR, "unshaded", lambda st: rig_die(st, 4))
    assert options(t) == ["faction:directorio", "faction:m26", "faction:syndicate"]
    t.play("faction:syndicate")
    assert t.st.resources == [15, 12, 7, 19]


def test_card_34_shaded_aid_to_the_government_then_aid_up() -> None:
    t = event(34, GOVT, "shaded")
    assert t.st.resources[GOVT] == 23 and t.st.aid == 23
    t = event(34, GOVT, "shaded", lambda st: setattr(st, "aid", 3))
    assert t.st.resources[GOVT] == 18 and t.st.aid == 11


def test_card_35_government_defections_with_cubes_of_its_choice() -> None:
    """CL card 35 (Defections), CL-D-13: both from one enemy, in one space."""
    t = event(35, GOVT, "unshaded")
    assert options(t) == [
        "piece:havana:directorio_underground:police",
        "piece:havana:directorio_underground:troops",
        "piece:santiago_de_cuba:m26_underground:police",
        "piece:santiago_de_cuba:m26_underground:troops"]
    assert t.labels()["piece:havana:directorio_underground:police"] == (
        "Replace 1 Directorio Guerrilla (Underground) in Havana with 1 Police")
    t.play("piece:havana:directorio_underground:police")
    assert options(t) == ["piece:havana:directorio_underground:police",
                           "piece:havana:directorio_underground:troops"]
    t.play("piece:havana:directorio_underground:troops")
    st = t.st
    assert (count(st, "havana", "troops"), count(st, "havana", "police")) == (7, 5)
    assert count(st, "havana", "directorio_underground") == 0


def test_card_35_insurgent_defections_take_guerrillas_or_cubes_not_bases() -> None:
    t = event(35, M26, "unshaded")
    assert options(t) == [
        "piece:santiago_de_cuba:police:m26_underground",
        "piece:santiago_de_cuba:troops:m26_underground"]
    t.play("piece:santiago_de_cuba:troops:m26_underground",
           "piece:santiago_de_cuba:troops:m26_underground")
    st = t.st
    assert count(st, "santiago_de_cuba", "troops") == 0
    assert count(st, "santiago_de_cuba", "m26_underground") == 3


def test_card_35_cl_1_4_1_defectors_taken_back_from_elsewhere() -> None:
    """CL card 35, CL 1.4.1 (CL-R-04): none of its own Available, the executing faction may
    take its own Guerrillas (Directorio) or cubes (Government) back from other spaces to
    replace the enemy's; declining leaves the enemy piece only removed."""
    t = event(35, DR, "unshaded", all_dr_out)
    t.play("piece:havana:police:directorio_underground")
    assert t.offered() == ["reclaim:matanzas:directorio_underground",
                           "reclaim:camaguey_province:directorio_underground", "done"]
    t.play("reclaim:matanzas:directorio_underground",
           "piece:havana:troops:directorio_underground", "done")
    st = t.st
    assert [count(st, "havana", k) for k in ("police", "troops", "directorio_underground")] == [
        3, 5, 3]
    assert count(st, "matanzas", "directorio_underground") == 11 and t.at_card()
    t = event(35, GOVT, "unshaded", lambda st: put(st, "las_villas", "police", 7))
    t.play("piece:havana:directorio_underground:police")
    assert t.offered() == ["reclaim:las_villas:police", "reclaim:camaguey_city:police",
                           "reclaim:santiago_de_cuba:police", "done"]
    t.play("reclaim:las_villas:police", "piece:havana:directorio_underground:troops")
    st = t.st
    assert [count(st, "havana", k) for k in ("police", "troops", "directorio_underground")] == [
        5, 7, 0]
    assert count(st, "las_villas", "police") == 6 and t.at_card()


def test_card_36_unshaded_a_piece_near_las_villas_becomes_two_dr_guerrillas() -> None:
    t = event(36, DR, "unshaded")
    assert options(t) == ["piece:las_villas:troops"]
    t.play("piece:las_villas:troops")
    assert count(t.st, "las_villas", "troops") == 2
    assert count(t.st, "las_villas", "directorio_underground") == 2


def test_card_36_shaded_a_dr_guerrilla_becomes_26july_or_syndicate() -> None:
    t = event(36, SYNDICATE, "shaded")
    assert options(t) == ["faction:m26", "faction:syndicate"]
    t.play("faction:syndicate")
    assert options(t) == ["piece:camaguey_province:directorio_underground",
                           "piece:havana:directorio_underground"]
    t.play("piece:camaguey_province:directorio_underground")
    assert count(t.st, "camaguey_province", "syndicate_underground") == 1
    assert count(t.st, "camaguey_province", "directorio_underground") == 0


def no_directorio(st: CLState) -> None:
    take(st, "havana", "directorio_underground", 2)
    take(st, "camaguey_province", "directorio_underground")


@pytest.mark.parametrize(("card", "side", "dr_loss"), [
    (25, "shaded", 0), (26, "shaded", 5), (27, "shaded", 3), (28, "shaded", 0),
    (29, "shaded", 0), (32, "unshaded", 0), (36, "shaded", 0)])
def test_cards_with_no_directorio_piece_do_what_they_can(card: int, side: str,
                                                         dr_loss: int) -> None:
    """CL 5.1.3 (and the CL 8.1 example of card 32): with no Directorio piece on the map these
    sides change nothing on the map; only their Resources loss is executed."""
    t = event(card, GOVT, side, no_directorio)
    if card == 36:
        t.play("faction:m26")  # the replacing faction is named first; then nothing to replace
    expected = standard()
    no_directorio(expected)
    assert t.at_card() and t.st.pieces == expected.pieces
    assert t.st.resources[DR] == 5 - dr_loss and t.st.support == expected.support


def test_card_36_unshaded_cl_1_4_1_dr_takes_two_guerrillas_back() -> None:
    """CL card 36 unshaded, CL 1.4.1 (CL-R-04): no Directorio Guerrilla Available, the
    executing Directorio may take 2 of its own back from elsewhere to replace the piece."""
    t = event(36, DR, "unshaded", all_dr_out)
    t.play("piece:las_villas:troops")
    assert t.offered() == DR_GUERRILLA_TAKE_BACKS
    t.play("reclaim:matanzas:directorio_underground", "reclaim:havana:directorio_underground")
    st = t.st
    assert count(st, "las_villas", "troops") == 2
    assert count(st, "las_villas", "directorio_underground") == 2
    assert count(st, "matanzas", "directorio_underground") == 11
    assert count(st, "havana", "directorio_underground") == 1 and t.at_card()


def test_card_36_shaded_cl_1_4_1_syndicate_takes_its_guerrilla_back() -> None:
    """CL card 36 shaded, CL 1.4.1 (CL-R-04): no Syndicate Guerrilla Available, the executing
    Syndicate naming itself may take one of its own back from elsewhere to replace."""
    t = event(36, SYNDICATE, "shaded", lambda st: put(st, "matanzas", "syndicate_underground", 6))
    t.play("faction:syndicate", "piece:havana:directorio_underground")
    assert t.offered() == ["reclaim:matanzas:syndicate_underground", "done"]
    t.play("reclaim:matanzas:syndicate_underground")
    st = t.st
    assert count(st, "havana", "syndicate_underground") == 1
    assert count(st, "havana", "directorio_underground") == 1
    assert count(st, "matanzas", "syndicate_underground") == 5 and t.at_card()
