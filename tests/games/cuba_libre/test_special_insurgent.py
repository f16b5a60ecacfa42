"""CL 4.3-4.5 Insurgent Special Activities through engine.act from constructed positions
(TV-R-23..27), with the options offered."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre.constants import Cap, Kind, Mom

from .helpers_clins import DR, M26, SYNDICATE, S, Table, count, put, rig_die, s0


def test_tv_r_23_infiltrate_replaces_a_police_cl_4_3_1() -> None:
    """TV-R-23 (CL 4.3.1): Rally in santiago_de_cuba, then Infiltrate there: a Police replaced
    by a 26July Guerrilla; havana (Support) is not offered."""
    t = Table(s0(), M26).act("op:rally", "space:santiago_de_cuba", "place", "sa:infiltrate")
    assert "replace:santiago_de_cuba" in t.offered()
    assert not any(o.endswith(":havana") for o in t.offered())
    t.act("replace:santiago_de_cuba", "done")
    st = t.st
    assert st.resources[M26] == 9
    assert B.PIECES.available(st, Kind.POLICE) == 8
    assert B.PIECES.available(st, Kind.M26_U) == 9
    assert count(st, "santiago_de_cuba", "police") == 1
    assert count(st, "santiago_de_cuba", "m26_underground") == 3
    assert B.control(st, S["santiago_de_cuba"]) == B.NO_CONTROL


def test_tv_r_24_kidnap_the_syndicate_cl_4_3_3() -> None:
    """TV-R-24 (CL 4.3.3): Terror in la_habana with Kidnap, die 4: only the Syndicate may be
    targeted there (a Province with an open Casino); 15 -> 11, 26July 10 - 1 + 4 = 13; the
    Casino closes."""
    st = s0()
    rig_die(st, 4)
    t = Table(st, M26).act("op:terror", "space:la_habana", "sa:kidnap")
    assert t.offered() == ["kidnap:la_habana:syndicate"]
    t.act("kidnap:la_habana:syndicate", "done")
    st = t.st
    assert st.support[S["la_habana"]] == 0 and st.terror[S["la_habana"]] == 1
    assert st.resources[SYNDICATE] == 11 and st.resources[M26] == 13
    assert B.open_casinos(st) == 2
    assert B.control(st, S["la_habana"]) == M26


def test_cl_r_09_kidnap_first_pays_for_its_terror() -> None:
    """CL 4.1 / CL-R-09: 26July with 0 Resources Kidnaps before its Terror (die 6), pays the
    Terror with the proceeds, and may select more Terror spaces with the rest."""
    st = s0()
    st.resources[M26] = 0
    rig_die(st, 6)
    t = Table(st, M26)
    assert "op:terror" in t.offered()
    t.act("op:terror")
    assert t.offered() == ["sa:kidnap"]
    t.act("sa:kidnap", "kidnap:la_habana:syndicate")
    st = t.st
    assert st.resources[M26] == 5 and st.resources[SYNDICATE] == 9
    assert st.terror[S["la_habana"]] == 1
    assert "space:santiago_de_cuba" in t.offered()


def test_mafia_kidnap_raises_aid_card_22_shaded() -> None:
    """Card 22 shaded (Momentum): Aid rises by twice the Resources 26July gains by Kidnap."""
    st = s0()
    st.mom |= 1 << Mom.KIDNAP_RAISES_AID
    aid = st.aid
    rig_die(st, 3)
    t = Table(st, M26).act("op:terror", "space:la_habana", "sa:kidnap",
                           "kidnap:la_habana:syndicate", "done")
    assert t.st.aid == aid + 6


def test_tv_r_25_subvert_cl_4_4_1() -> None:
    """TV-R-25 (CL 4.4.1): DR Rallies in camaguey_province (PO) and Subverts it: +1, Neutral."""
    t = Table(s0(), DR).act("op:rally", "space:camaguey_province", "place", "sa:subvert")
    assert t.offered() == ["space:camaguey_province"]
    t.act("space:camaguey_province", "done")
    st = t.st
    assert st.resources[DR] == 5
    assert st.support[S["camaguey_province"]] == 0
    assert B.total_opposition(st) == 5 and B.opposition_plus_bases(st) == 6
    assert count(st, "camaguey_province", "directorio_underground") == 2


def test_tv_r_26_assassinate_a_base_cl_4_4_3() -> None:
    """TV-R-26 (CL 4.4.3): DR Terror in camaguey_city + Assassinate the Government Base,
    although Government cubes remain."""
    st = s0()
    put(st, "camaguey_city", "govt_base")
    put(st, "camaguey_city", "directorio_underground", 3)
    t = Table(st, DR).act("op:terror", "space:camaguey_city", "sa:assassinate")
    assert t.offered() == ["piece:camaguey_city:troops", "piece:camaguey_city:police",
                           "piece:camaguey_city:govt_base"]
    t.act("piece:camaguey_city:govt_base", "done")
    st = t.st
    assert st.resources[DR] == 4
    assert st.support[S["camaguey_city"]] == 0 and B.total_support(st) == 15
    assert count(st, "camaguey_city", "govt_base") == 0
    assert B.PIECES.available(st, Kind.GOVT_BASE) == 2
    assert B.control(st, S["camaguey_city"]) == B.NO_CONTROL


def test_tv_r_27a_profit_stash_cl_4_5_1() -> None:
    """TV-R-27 a (CL 4.5.1 A): Cash under the Syndicate Guerrillas in havana and pinar_del_rio."""
    st = s0()
    put(st, "havana", "syndicate_underground")
    put(st, "pinar_del_rio", "syndicate_underground")
    t = Table(st, SYNDICATE).act("op:rally", "space:matanzas", "place", "sa:profit")
    assert "stash:havana:police" in t.offered()  # Government Cash, if so placed
    t.act("stash:havana:syndicate_underground", "stash:pinar_del_rio:syndicate_underground")
    st = t.st
    assert B.cash_in_box(st) == 2
    assert len(B.cash_in(st, S["havana"], SYNDICATE)) == 1
    assert len(B.cash_in(st, S["pinar_del_rio"], SYNDICATE)) == 1


def test_tv_r_27b_profit_cash_out_cl_4_5_1() -> None:
    """TV-R-27 b (CL 4.5.1 B): at 47, close the havana Casino and remove 1 own Cash: +6 -> 49."""
    st = s0()
    put(st, "havana", "syndicate_underground")
    st.cash[0] = B.cash_code(S["havana"], Kind.SYND_U)
    st.resources[SYNDICATE] = 47
    t = Table(st, SYNDICATE).act("op:rally", "space:matanzas", "place", "sa:profit",
                                 "close:havana", "cash:0", "done")
    st = t.st
    assert st.resources[SYNDICATE] == 49  # 47 - 1 (the Rally) + 6, at most 49
    assert B.open_casinos(st) == 2 and B.cash_in_box(st) == 4


def test_tv_r_27c_muscle_cl_4_5_3() -> None:
    """TV-R-27 c (CL 4.5.3): Muscle into havana (City, open Casino): 2 Police from santiago."""
    t = Table(s0(), SYNDICATE).act("op:rally", "space:matanzas", "place", "sa:muscle",
                                   "space:havana", "from:santiago_de_cuba",
                                   "from:santiago_de_cuba")
    st = t.st
    assert count(st, "havana", "police") == 6 and count(st, "santiago_de_cuba", "police") == 0


def test_tv_r_27d_bribe_removes_a_base_cl_4_5_4() -> None:
    """TV-R-27 d (CL 4.5.4): Bribe (3) removes the 26July Base in sierra_maestra although 2
    26July Guerrillas are there."""
    t = Table(s0(), SYNDICATE).act("op:rally", "space:matanzas", "place", "sa:bribe",
                                   "space:sierra_maestra")
    assert t.offered() == ["guerrillas", "base"]
    t.act("base", "remove:m26_base")
    st = t.st
    assert st.resources[SYNDICATE] == 15 - 1 - 3
    assert B.opposition_plus_bases(st) == 6


def test_bribe_flips_and_removes_guerrillas_cl_4_5_4() -> None:
    """CL 4.5.4: remove one Guerrilla and flip another, any factions (the Syndicate's too)."""
    st = s0()
    put(st, "havana", "syndicate_active")
    t = Table(st, SYNDICATE).act("op:rally", "space:matanzas", "place", "sa:bribe",
                                 "space:havana", "guerrillas")
    assert t.offered() == ["remove:directorio_underground", "remove:syndicate_active",
                           "flip:directorio_underground", "flip:syndicate_active"]
    t.act("flip:syndicate_active", "remove:directorio_underground")
    st = t.st
    assert count(st, "havana", "syndicate_underground") == 1
    assert count(st, "havana", "directorio_underground") == 1


def test_mafia_offensive_syndicate_assassinates_card_43_shaded() -> None:
    """Card 43 shaded (Capability, CL 4.4.3): the Syndicate may Assassinate with its Terror,
    with no majority over Police."""
    st = s0()
    put(st, "havana", "syndicate_underground")
    t = Table(st, SYNDICATE).act("op:terror", "space:havana")
    assert "sa:assassinate" not in t.offered()
    st.caps |= 1 << Cap.SYNDICATE_ASSASSINATES
    t = Table(st, SYNDICATE).act("op:terror", "space:havana", "sa:assassinate")
    assert "piece:havana:police" in t.offered()


def test_kidnap_sierra_maestra_as_city_card_2_unshaded() -> None:
    """Card 2 unshaded (Capability, CL 4.3.3): Sierra Maestra counts as a City for Kidnap."""
    st = s0()
    st.support[S["sierra_maestra"]] = 0
    t = Table(st, M26).act("op:terror", "space:sierra_maestra")
    assert "sa:kidnap" not in t.offered() or "kidnap:sierra_maestra:govt" not in Table(
        st, M26).act("op:terror", "space:sierra_maestra", "sa:kidnap").offered()
    st.caps |= 1 << Cap.KIDNAP_SIERRA_MAESTRA_AS_CITY
    t = Table(st, M26).act("op:terror", "space:sierra_maestra", "sa:kidnap")
    assert "kidnap:sierra_maestra:govt" in t.offered()


def test_cl_r_09_subvert_first_pays_for_the_rally() -> None:
    """CL 4.1 / CL-R-09: DR with 0 Resources Subverts camaguey_province first (+1) and pays
    its Rally there with it."""
    st = s0()
    st.resources[DR] = 0
    t = Table(st, DR)
    assert "op:rally" in t.offered()
    t.act("op:rally")
    assert t.offered() == ["sa:subvert"]
    t.act("sa:subvert", "space:camaguey_province")
    assert "space:camaguey_province" in t.offered()
    t.act("space:camaguey_province", "place")
    st = t.st
    assert st.resources[DR] == 0 and count(st, "camaguey_province", "directorio_underground") == 2


def test_raul_rerolls_a_kidnap_die_card_22() -> None:
    """Card 22 Raúl unshaded (CL 4.3.3): 26July may reroll the Kidnap die once; the second
    roll stands."""
    st = s0()
    st.caps |= 1 << Cap.M26_REROLLS_ATTACK_AND_KIDNAP
    rig_die(st, 1, 5)
    t = Table(st, M26).act("op:terror", "space:la_habana", "sa:kidnap",
                           "kidnap:la_habana:syndicate")
    assert t.offered() == ["keep", "reroll"]
    t.act("reroll", "done")
    assert t.st.resources[M26] == 10 - 1 + 5 and t.st.resources[SYNDICATE] == 10


def test_tv_r_26_assassinate_before_its_terror_cl_4_1() -> None:
    """TV-R-26 (CL 4.1: the SA may come before its Operation's space): DR Assassinates the
    Government Base in camaguey_city first; the Terror then selects and pays for the space."""
    st = s0()
    put(st, "camaguey_city", "govt_base")
    put(st, "camaguey_city", "directorio_underground", 3)
    t = Table(st, DR).act("op:terror")
    assert "sa:assassinate" in t.offered()
    t.act("sa:assassinate")
    assert "piece:camaguey_city:govt_base" in t.offered()
    assert not any(o.startswith("piece:havana:") for o in t.offered())  # DR 2 vs 4 Police
    t.act("piece:camaguey_city:govt_base")
    st = t.st
    assert st.resources[DR] == 4 and st.support[S["camaguey_city"]] == 0
    assert count(st, "camaguey_city", "govt_base") == 0
    assert count(st, "camaguey_city", "directorio_active") == 1
