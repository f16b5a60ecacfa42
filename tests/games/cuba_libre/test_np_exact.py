"""CL chapter 8 made exact where earlier procedures approximated it: Morgan's March for the
Directorio (8.6.3 step 3), the Cash rules P6 (8.1.2), the Pact of Caracas' timing (8.6.5,
8.7.6); constructed positions of a solitaire table (the Government a player) played through
the flow as the rules service runs it: the exact spaces, pieces and order."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.bots import directorio
from services.cuba_libre.constants import Cap, Kind
from services.cuba_libre.state import CLState
from tests.games.cuba_libre.np_scenario import (
    DR,
    count,
    np_choices,
    op_spaces,
    play,
    put,
    solo,
    take,
)

S = D.INDEX


def morgan_position() -> CLState:
    """S0 with card 28 Morgan's Capability, no DR Guerrilla in Havana (no Terror entry), 6
    Underground DR in Oriente, 5 DR Guerrillas and no DR Base Available (no Rally entry), no
    Attack giving DR Control: the DR March box (8.6.3)."""
    st = solo()
    st.caps |= 1 << Cap.DR_MARCHES_TWO_SPACES
    take(st, "havana", "directorio_underground", 2)
    put(st, "oriente", "directorio_underground", 6)
    st.avail[Kind.DR_U], st.avail[Kind.DR_BASE] = 5, 0
    assert not directorio.cond_terror(st) and not directorio.cond_rally(st)
    assert not directorio.cond_attack(st)
    return st


def test_cl_8_6_3_step_3_morgan_control_march_from_two_spaces_away() -> None:
    """CL 8.6.3 steps 1 and 3: with Morgan, Las Villas (Pop 2, 3 Troops: DR needs 4) can come
    under DR Control only from Oriente, 2 spaces away through Camagüey Province: exactly 4
    Underground DR Guerrillas march there (without Morgan the step would take Sierra Maestra,
    Pop 1, next to Oriente)."""
    plain = morgan_position()
    plain.caps = 0
    assert directorio.control_targets(plain, {"spaces": [], "arrived": [0] * D.NS}) == [
        S["sierra_maestra"]]
    st = morgan_position()
    events = play(st, 1, [DR], done=1, first="op")
    assert np_choices(events, "coin.eligible") == ["op:march"]
    assert op_spaces(events, "march")[0] == "las_villas"
    assert np_choices(events, "cl.march_from")[0] == "via:oriente:camaguey_province"
    assert np_choices(events, "cl.march_u")[0] == "u:4"
    assert count(st, "las_villas", "directorio_underground") == 4
    assert B.control(st, S["las_villas"]) == DR
