"""CL 4.5.2 Cash (CL-R-12) and CL 1.4.4-1.4.5 Casinos through engine.act: the owner's rescue
before its holder is removed, capture (Booty, Seizure, Contraband, Ransom), Cash following its
piece, the standing move between pieces, deposits (CL 6.2.4); Casinos closed, not removed."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre import casinos
from services.cuba_libre.constants import NO_CASH, Cap, Kind
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice

from .helpers_clins import GOVT, M26, SYNDICATE, S, Table, count, put, rig_die, s0, take


def govt_cash_on_last_police() -> Table:
    """santiago_de_cuba: 2 Troops, 1 Police holding Cash, 1 Underground 26July Guerrilla; 26July
    Ambushes there and removes the Police first."""
    st = s0()
    take(st, "santiago_de_cuba", "police")
    st.cash[0] = B.cash_code(S["santiago_de_cuba"], Kind.POLICE)
    return Table(st, M26).act("op:attack", "space:santiago_de_cuba", "ambush", "piece:police")


def test_cash_rescue_offered_to_the_owner_cl_4_5_2() -> None:
    """CL 4.5.2 step 2b (CL-R-12): the Government may move its Cash before its Police goes."""
    t = govt_cash_on_last_police()
    d = t.pending()
    assert d.seat == t.st.seat_of[GOVT] and d.kind == "cl.cash_rescue"
    assert d.option_ids() == ["to:troops", "to:m26_underground", "to:m26_active", "drop"]
    t.act("to:troops")
    st = t.st
    assert st.cash[0] == B.cash_code(S["santiago_de_cuba"], Kind.TROOPS)
    assert B.cash_owner(st.cash[0]) == GOVT


def test_booty_takes_unrescued_cash_cl_3_3_3() -> None:
    """CL 3.3.3 step 3 Booty: Cash the owner lets go goes under a 26July Guerrilla there, the
    one 26July chooses."""
    t = govt_cash_on_last_police().act("drop")
    d = t.pending()
    assert d.kind == "cl.cash_capture" and d.seat == t.st.seat_of[M26]
    assert t.offered() == ["to:m26_underground", "to:m26_active"]
    t.act("to:m26_active")
    st = t.st
    assert st.cash[0] == B.cash_code(S["santiago_de_cuba"], Kind.M26_A)
    assert B.cash_owner(st.cash[0]) == M26


def test_seizure_by_infiltrate_cl_4_3_1() -> None:
    """CL 4.3.1 Seizure: the Police's Cash, not rescued, goes under a 26July Guerrilla."""
    st = s0()
    take(st, "santiago_de_cuba", "police")
    st.cash[1] = B.cash_code(S["santiago_de_cuba"], Kind.POLICE)
    t = Table(st, M26).act("op:rally", "space:santiago_de_cuba", "place", "sa:infiltrate",
                           "remove:santiago_de_cuba", "drop")
    assert B.cash_owner(t.st.cash[1]) == M26


def test_contraband_syndicate_places_the_cash_cl_4_5_4() -> None:
    """CL 4.5.4 Contraband: the Syndicate puts the Bribed piece's Cash where it likes."""
    st = s0()
    take(st, "havana", "directorio_underground")
    st.cash[2] = B.cash_code(S["havana"], Kind.DR_U)
    t = Table(st, SYNDICATE).act("op:rally", "space:matanzas", "place", "sa:bribe",
                                 "space:havana", "guerrillas", "remove:directorio_underground",
                                 "drop")
    assert t.pending().kind == "cl.contraband"
    assert t.offered() == ["to:troops", "to:police", "drop"]
    t.act("to:police")
    assert t.st.cash[2] == B.cash_code(S["havana"], Kind.POLICE)


def test_kidnap_ransom_takes_cash_instead_of_rolling_cl_r_11() -> None:
    """CL 4.3.3 Ransom (CL-R-11): the Syndicate's Cash there goes to 26July; no die; the
    Casino still closes."""
    st = s0()
    put(st, "la_habana", "syndicate_underground")
    st.cash[0] = B.cash_code(S["la_habana"], Kind.SYND_U)
    t = Table(st, M26).act("op:terror", "space:la_habana", "sa:kidnap",
                           "kidnap:la_habana:syndicate", "done")
    st = t.st
    assert B.cash_owner(st.cash[0]) == M26 and st.resources[SYNDICATE] == 15
    assert count(st, "la_habana", "casino_closed") == 1


def test_cash_follows_its_guerrilla_when_activated_cl_4_5_2() -> None:
    """CL 4.5.2 step 1: Cash moves with its piece (an Attack Activates its holder)."""
    st = s0()
    st.cash[3] = B.cash_code(S["santiago_de_cuba"], Kind.M26_U)
    rig_die(st, 6)
    t = Table(st, M26).act("op:attack", "space:santiago_de_cuba", "attack")
    assert t.st.cash[3] == B.cash_code(S["santiago_de_cuba"], Kind.M26_A)


def test_cash_follows_a_march_cl_4_5_2() -> None:
    """CL 4.5.2: the last Guerrillas to leave take the Cash with them."""
    st = s0()
    st.cash[0] = B.cash_code(S["sierra_maestra"], Kind.M26_U)
    t = Table(st, M26).act("op:march", "space:oriente", "from:sierra_maestra", "u:2", "a:0")
    assert t.st.cash[0] == B.cash_code(S["oriente"], Kind.M26_U)


def test_standing_cash_move_between_pieces_cl_4_5_2() -> None:
    """CL 4.5.2 step 2 (CL-R-12 window a): the owner moves its Cash to another piece in the
    space at any time (to an enemy piece: the Cash changes hands)."""
    st = s0()
    st.cash[0] = B.cash_code(S["santiago_de_cuba"], Kind.POLICE)
    t = Table(st, M26)
    d = t.standing("cl.cash_move")
    assert d.seat == t.st.seat_of[GOVT]
    assert d.option_ids() == ["cash:0:troops", "cash:0:m26_underground"]
    t.take_standing("cl.cash_move", "cash:0:troops")
    assert t.st.cash[0] == B.cash_code(S["santiago_de_cuba"], Kind.TROOPS)


def deposits_with_a_closed_casino_in_havana(full: bool = False) -> Table:
    """26July Cash in santiago_de_cuba; havana's one Casino closed (room for a second, unless
    `full`: a second, open one is there), the Syndicate's Cash there; the deposits begin
    (CL 6.2.4)."""
    st = s0()
    if full:
        put(st, "havana", "casino_open")
    st.cash[0] = B.cash_code(S["santiago_de_cuba"], Kind.M26_U)
    put(st, "havana", "syndicate_underground")
    B.close_casino(st, S["havana"])
    st.cash[1] = B.cash_code(S["havana"], Kind.SYND_U)
    st.stack.append(type(st.stack[0])("cl.cash_deposit", {"order": [1, 2, 0, 3]}))
    return Table(st, M26)


def test_cash_deposits_cl_6_2_4() -> None:
    """CL 6.2.4: 26July first; a Base in the marker's space or +6; the Syndicate may open the
    closed Casino there ("разместить открытое или открыть закрытое казино")."""
    t = deposits_with_a_closed_casino_in_havana()
    assert t.pending().seat == t.st.seat_of[M26]
    assert t.offered() == ["resources", "base"]
    t.act("base")
    assert t.offered() == ["resources", "open", "base"]
    assert t.pending().seat == t.st.seat_of[SYNDICATE]
    assert [o.label for o in t.pending().options] == [
        "Gain 6 Resources", "Open the closed Casino in Havana",
        "Place 1 open Casino in Havana"]
    t.act("open")
    st = t.st
    assert count(st, "santiago_de_cuba", "m26_base") == 1
    assert count(st, "havana", "casino_open") == 1 and count(st, "havana", "casino_closed") == 0
    assert st.cash == [NO_CASH] * 4


def test_cash_deposit_places_a_second_casino_beside_a_closed_one_cl_6_2_4() -> None:
    """CL 6.2.4: the Syndicate's Cash may become an open Casino placed within stacking (1.4.2)
    where a closed one stands: havana then holds both, 1 open and 1 closed."""
    t = deposits_with_a_closed_casino_in_havana().act("resources")
    before = t.st.resources[SYNDICATE]
    t.act("base")
    st = t.st
    assert count(st, "havana", "casino_open") == 1 and count(st, "havana", "casino_closed") == 1
    assert st.resources[SYNDICATE] == before and st.cash == [NO_CASH] * 4


def test_cash_deposit_without_room_only_opens_cl_6_2_4() -> None:
    """CL 6.2.4, 1.4.2: with havana's 2 Base slots full (a closed and an open Casino), the
    Syndicate's Cash there may open the closed Casino or give +6, not place a third."""
    t = deposits_with_a_closed_casino_in_havana(full=True).act("resources")
    assert t.offered() == ["resources", "open"]


def test_attack_closes_an_unguarded_casino_cl_1_4_5() -> None:
    """CL 1.4.5, 3.3.3: an open Casino with no Syndicate Guerrilla, Troop or Police is closed,
    not removed; a guarded one cannot be touched."""
    st = s0()
    rig_die(st, 1)
    t = Table(st, M26).act("op:attack", "space:la_habana", "attack")
    assert t.offered() == ["piece:casino_open", "done"]
    t.act("piece:casino_open")
    st = t.st
    assert count(st, "la_habana", "casino_closed") == 1
    assert B.PIECES.available(st, Kind.CASINO_OPEN) == 7
    st2 = s0()
    put(st2, "la_habana", "police")
    rig_die(st2, 1)
    t = Table(st2, M26).act("op:attack", "space:la_habana", "attack")
    assert t.offered() == ["piece:police", "done"]


def test_syndicate_closes_its_own_casino_cl_1_4_5() -> None:
    """CL 1.4.5 exception (CL-R-04): while executing, the Syndicate may close (or remove) its
    own Casinos: offered by the standing own removal core's game builds from this object."""
    st = Table(s0(), SYNDICATE).act("op:rally").st
    ds = casinos.OWN_REMOVALS.decisions(st)
    assert len(ds) == 1 and ds[0].seat == st.seat_of[SYNDICATE]
    ids = ds[0].option_ids()
    assert "close:havana" in ids and "own:havana:casino_open" in ids
    casinos.OWN_REMOVALS.apply(Ctx(), st, ds[0], Choice(ds[0].id, "close:havana"))
    assert count(st, "havana", "casino_closed") == 1
    casinos.OWN_REMOVALS.apply(Ctx(), st, ds[0], Choice(ds[0].id, "own:pinar_del_rio:casino_open"))
    assert count(st, "pinar_del_rio", "casino_open") == 0
    assert B.PIECES.available(st, Kind.CASINO_OPEN) == 8


def test_two_own_bases_cancel_the_pact_card_18() -> None:
    """Card 18 Pact of Caracas: 26July removing 2 of its own Bases in one Operation cancels
    the Capability (the first alone does not)."""
    st = s0()
    st.caps |= 1 << Cap.M26_DR_PACT
    put(st, "oriente", "m26_base")
    st = Table(st, M26).act("op:rally").st
    d = casinos.OWN_REMOVALS.decisions(st)[0]
    casinos.OWN_REMOVALS.apply(Ctx(), st, d, Choice(d.id, "own:oriente:m26_base"))
    assert B.has_cap(st, Cap.M26_DR_PACT)
    casinos.OWN_REMOVALS.apply(Ctx(), st, d, Choice(d.id, "own:sierra_maestra:m26_base"))
    assert not B.has_cap(st, Cap.M26_DR_PACT)


def test_cash_goes_with_the_marching_guerrilla_if_its_owner_says_cl_4_5_2() -> None:
    """CL 4.5.2 step 1: when only some of the holder's kind leave, the owner says whether its
    Cash went with them."""
    st = s0()
    st.cash[0] = B.cash_code(S["sierra_maestra"], Kind.M26_U)
    t = Table(st, M26).act("op:march", "space:oriente", "from:sierra_maestra", "u:1", "a:0")
    assert t.pending().kind == "cl.cash_follow"
    assert t.offered() == ["follow:0", "stay"]
    t.act("follow:0")
    assert t.st.cash[0] == B.cash_code(S["oriente"], Kind.M26_U)
