"""CL 5 Event cards 13-24 through engine.act from constructed positions: the card current, one
faction executing the Event; exact pieces and tracks after it and the options offered at each
decision (docstrings cite the card side and rule)."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre.constants import NO_CASH, Cap, Kind, Mom
from services.cuba_libre.state import CLState

from .helpers_clev1 import GOVT, M26, SYNDICATE, S, count, event, put, take

DR = 2


def test_card_13_capability() -> None:
    """CL card 13 (CL 5.3): El Che is an Insurgent Capability for the rest of the game."""
    t = event(13, M26, "unshaded")
    assert t.st.caps == 1 << Cap.M26_FIRST_MARCH_GROUP_HIDES and t.at_card()


def test_card_14_shaded_pinar_two_levels_toward_support() -> None:
    """CL card 14 shaded: Pinar del Río shifts 2 levels toward Active Support (stopping
    there)."""
    def prepare(st: CLState) -> None:
        st.support[S["pinar_del_rio"]] = -1
    assert event(14, GOVT, "shaded", prepare).st.support[S["pinar_del_rio"]] == 1
    assert event(14, GOVT, "shaded").st.support[S["pinar_del_rio"]] == 2  # already Active


def test_card_15_shaded_aid_to_government() -> None:
    """CL card 15 shaded: Government + the lesser of Aid and 10, then Aid +5."""
    st = event(15, GOVT, "shaded").st  # S0: Aid 15, Government 15
    assert st.resources[GOVT] == 25 and st.aid == 20

    def low(st: CLState) -> None:
        st.aid = 3
    st = event(15, GOVT, "shaded", low).st
    assert st.resources[GOVT] == 18 and st.aid == 8


def test_card_17_shaded_all_26july_active_and_ineligible() -> None:
    """CL card 17 shaded, CL-D-11: every 26July Guerrilla flips Active; 26July is Ineligible
    for the next card whatever it did."""
    t = event(17, DR, "shaded")
    st = t.st
    assert B.on_map(st, Kind.M26_U) == 0 and B.on_map(st, Kind.M26_A) == 4
    assert not st.eligible[M26] and not st.eligible[DR]
    assert st.eligible[GOVT] and st.eligible[SYNDICATE]


def test_card_18_pact_and_executor_stays_eligible() -> None:
    """CL card 18 (CL 5.3, CL-D-11): the Pact of Caracas Capability; the executing faction
    stays Eligible for the next card."""
    st = event(18, DR, "unshaded").st
    assert B.has_cap(st, Cap.M26_DR_PACT) and st.eligible[DR]


def test_card_18_pact_cancelled_by_two_own_bases() -> None:
    """CL card 18: 2 own Bases removed at once cancel the Pact; 1 does not; never the
    Government's."""
    from services.cuba_libre.events.capabilities import own_bases_removed
    from services.kernel.ctx import Ctx
    st = event(18, DR, "unshaded").st
    own_bases_removed(Ctx(), st, M26, 1)
    own_bases_removed(Ctx(), st, GOVT, 2)
    assert B.has_cap(st, Cap.M26_DR_PACT)
    ctx = Ctx()
    own_bases_removed(ctx, st, DR, 2)
    assert not B.has_cap(st, Cap.M26_DR_PACT) and ctx.events[0].data == {"card": 18}


def test_card_21_unshaded_city_shift() -> None:
    """CL card 21 unshaded: a City 1 level toward Active Opposition, 2 with a 26July piece
    (Santiago de Cuba at S0)."""
    t = event(21, M26, "unshaded")
    assert t.offered() == ["space:havana", "space:camaguey_city", "space:santiago_de_cuba"]
    t.choose("space:santiago_de_cuba")
    assert t.st.support[S["santiago_de_cuba"]] == -2
    t = event(21, M26, "unshaded")
    t.choose("space:havana")
    assert t.st.support[S["havana"]] == 1


def test_card_21_shaded_open_casino_or_cash() -> None:
    """CL card 21 shaded (CL 4.5.2): in up to 2 Casino spaces, open a closed Casino or put a
    Cash marker from the box with a Guerrilla or cube there (its faction owns it)."""
    def prepare(st: CLState) -> None:
        B.close_casino(st, S["la_habana"])
    t = event(21, SYNDICATE, "shaded", prepare)
    assert t.offered() == ["open:la_habana", "cash:la_habana:m26_underground",
                           "cash:havana:troops", "cash:havana:police",
                           "cash:havana:directorio_underground", "done"]
    t.choose("open:la_habana")
    assert t.offered() == ["cash:havana:troops", "cash:havana:police",
                           "cash:havana:directorio_underground", "done"]
    t.choose("cash:havana:directorio_underground")
    st = t.st
    assert count(st, "la_habana", "casino_open") == 1
    assert B.cash_in(st, S["havana"], DR) == [0] and st.cash[1:] == [NO_CASH] * 3
    assert t.at_card()


def test_card_21_shaded_may_stop() -> None:
    """CL card 21 shaded: "up to 2": the executing faction may stop at once."""
    t = event(21, SYNDICATE, "shaded")
    t.choose("done")
    assert t.at_card() and t.st.cash == [NO_CASH] * 4


def test_card_22_both_sides() -> None:
    """CL card 22 unshaded (Capability, CL 5.3) and shaded (Momentum, CL 5.4)."""
    assert event(22, M26, "unshaded").st.caps == 1 << Cap.M26_REROLLS_ATTACK_AND_KIDNAP
    assert event(22, GOVT, "shaded").st.mom == 1 << Mom.KIDNAP_RAISES_AID


def test_card_23_unshaded_two_provinces() -> None:
    """CL card 23 unshaded: 2 different Provinces 1 level toward Active Opposition; Sierra
    Maestra (already Active Opposition) is not offered."""
    t = event(23, M26, "unshaded")
    assert t.offered() == ["space:pinar_del_rio", "space:la_habana", "space:matanzas",
                           "space:las_villas", "space:camaguey_province", "space:oriente"]
    t.choose("space:pinar_del_rio")
    assert "space:pinar_del_rio" not in t.offered()
    t.choose("space:oriente")
    st = t.st
    assert st.support[S["pinar_del_rio"]] == 1 and st.support[S["oriente"]] == -2
    assert t.at_card()


def test_card_24_unshaded_sierra_or_neighbour() -> None:
    """CL card 24 unshaded: Sierra Maestra or a City/Province next to it (not the EC) to
    Active Opposition; Sierra Maestra is already there at S0."""
    t = event(24, M26, "unshaded")
    assert t.offered() == ["space:oriente", "space:santiago_de_cuba"]
    t.choose("space:santiago_de_cuba")
    assert t.st.support[S["santiago_de_cuba"]] == -2



def test_card_14_unshaded_base_and_guerrilla_in_pinar() -> None:
    """CL card 14 unshaded: a 26July Base and Guerrilla placed in Pinar del Río."""
    t = event(14, M26, "unshaded")
    st = t.st
    assert count(st, "pinar_del_rio", "m26_base") == 1
    assert count(st, "pinar_del_rio", "m26_underground") == 1 and t.at_card()


def test_card_14_unshaded_stacking() -> None:
    """CL card 14 unshaded, CL 1.4.2: no room for a Base (2 there), only the Guerrilla."""
    def prepare(st: CLState) -> None:
        put(st, "pinar_del_rio", "govt_base", 2)
    t = event(14, GOVT, "unshaded", prepare)
    st = t.st
    assert count(st, "pinar_del_rio", "m26_base") == 0
    assert count(st, "pinar_del_rio", "m26_underground") == 1 and t.at_card()


def test_card_15_unshaded_three_guerrillas_split() -> None:
    """CL card 15 unshaded: 3 26July Guerrillas in any spaces, the same one again allowed."""
    t = event(15, GOVT, "unshaded")
    assert len(t.offered()) == 13
    t.play("space:havana", "space:havana", "space:oriente")
    st = t.st
    assert count(st, "havana", "m26_underground") == 2
    assert count(st, "oriente", "m26_underground") == 1 and t.at_card()


def test_card_15_unshaded_26july_takes_its_own_from_the_map() -> None:
    """CL card 15 unshaded, CL 1.4.1: with none Available, 26July executing may take its own
    Guerrillas from elsewhere on the map to place them."""
    def prepare(st: CLState) -> None:
        st.avail[3] = 0
    t = event(15, M26, "unshaded", prepare)
    t.choose("space:oriente")
    assert t.offered() == ["reclaim:la_habana:m26_underground",
                           "reclaim:sierra_maestra:m26_underground",
                           "reclaim:santiago_de_cuba:m26_underground", "done"]
    t.choose("reclaim:la_habana:m26_underground")
    st = t.st
    assert count(st, "oriente", "m26_underground") == 1
    assert count(st, "la_habana", "m26_underground") == 0


def test_card_16_unshaded_base_where_26july_is() -> None:
    """CL card 16 unshaded: a 26July Base in a City or Province with a 26July piece."""
    t = event(16, M26, "unshaded")
    assert t.offered() == ["space:la_habana", "space:sierra_maestra", "space:santiago_de_cuba"]
    t.choose("space:la_habana")
    assert count(t.st, "la_habana", "m26_base") == 1 and t.at_card()


def test_card_16_shaded_remove_base_and_resources() -> None:
    """CL card 16 shaded: one 26July Base removed (executor's choice); 26July -3."""
    def prepare(st: CLState) -> None:
        put(st, "oriente", "m26_base")
    t = event(16, GOVT, "shaded", prepare)
    assert t.offered() == ["piece:oriente:m26_base", "piece:sierra_maestra:m26_base"]
    t.choose("piece:oriente:m26_base")
    st = t.st
    assert count(st, "oriente", "m26_base") == 0 and st.resources[M26] == 7 and t.at_card()


def test_card_16_shaded_no_base() -> None:
    """CL card 16 shaded, CL 5.1.3: no 26July Base: only the Resources."""
    def prepare(st: CLState) -> None:
        take(st, "sierra_maestra", "m26_base")
        st.resources[M26] = 2
    t = event(16, GOVT, "shaded", prepare)
    assert t.at_card() and t.st.resources[M26] == 0


def test_card_19_each_faction_places_two_in_order() -> None:
    """CL card 19: in the card's order each faction may place 2 of its own non-Casino pieces
    where it has a piece; each decides for itself; the executor stays Eligible."""
    t = event(19, DR, "unshaded")
    st = t.st
    assert t.pending().seat == st.seat_of[M26]
    assert t.offered() == ["space:la_habana", "space:sierra_maestra", "space:santiago_de_cuba",
                           "done"]
    t.choose("space:santiago_de_cuba")
    assert t.offered() == ["place:m26_underground", "place:m26_base"]
    t.play("place:m26_base", "place:m26_underground")
    assert t.pending().seat == t.st.seat_of[DR]
    t.choose("done")  # the Directorio declines
    assert t.pending().seat == t.st.seat_of[SYNDICATE]
    assert t.offered() == ["space:pinar_del_rio", "space:la_habana", "space:havana", "done"]
    t.choose("space:havana")  # only Guerrillas: placed without a question
    assert t.pending().seat == t.st.seat_of[GOVT]
    t.choose("space:camaguey_city")
    t.play("place:troops", "place:govt_base")
    st = t.st
    assert count(st, "santiago_de_cuba", "m26_base") == 1
    assert count(st, "santiago_de_cuba", "m26_underground") == 2
    assert count(st, "havana", "syndicate_underground") == 2
    assert count(st, "havana", "casino_open") == 1
    assert count(st, "camaguey_city", "troops") == 2
    assert count(st, "camaguey_city", "govt_base") == 1
    assert st.eligible[DR] and t.at_card()


def test_card_20_shaded_half_the_guerrillas_rounded_up() -> None:
    """CL card 20 shaded: the space with the most Guerrillas (ties: executor's choice) loses
    half of them rounded up, the executor choosing which."""
    def prepare(st: CLState) -> None:
        put(st, "oriente", "m26_active", 2)
        put(st, "oriente", "syndicate_underground", 1)
    t = event(20, GOVT, "shaded", prepare)
    assert t.offered() == ["space:oriente"]  # 3, Havana and Sierra Maestra 2
    t.choose("space:oriente")
    assert t.offered() == ["piece:m26_active", "piece:syndicate_underground"]
    t.play("piece:syndicate_underground", "piece:m26_active")
    st = t.st
    assert count(st, "oriente", "m26_active") == 1
    assert count(st, "oriente", "syndicate_underground") == 0 and t.at_card()


def test_card_20_shaded_tie() -> None:
    """CL card 20 shaded: a tie for most Guerrillas is the executor's choice."""
    t = event(20, GOVT, "shaded")
    assert t.offered() == ["space:havana", "space:sierra_maestra"]
    t.choose("space:sierra_maestra")
    t.choose("piece:m26_underground")
    assert count(t.st, "sierra_maestra", "m26_underground") == 1 and t.at_card()


def test_card_23_shaded_base_from_a_province() -> None:
    """CL card 23 shaded: a 26July Base removed from a Province (not a City)."""
    def prepare(st: CLState) -> None:
        put(st, "santiago_de_cuba", "m26_base")
    t = event(23, GOVT, "shaded", prepare)
    assert t.offered() == ["piece:sierra_maestra:m26_base"]
    t.choose("piece:sierra_maestra:m26_base")
    st = t.st
    assert count(st, "sierra_maestra", "m26_base") == 0
    assert count(st, "santiago_de_cuba", "m26_base") == 1 and t.at_card()


def test_card_24_shaded_26july_leaves_a_city() -> None:
    """CL card 24 shaded: every 26July piece removed from a City other than Havana."""
    def prepare(st: CLState) -> None:
        put(st, "santiago_de_cuba", "m26_base")
        put(st, "santiago_de_cuba", "m26_active")
        put(st, "havana", "m26_underground")
    t = event(24, GOVT, "shaded", prepare)
    assert t.offered() == ["space:santiago_de_cuba"]
    t.choose("space:santiago_de_cuba")
    st = t.st
    assert B.pieces_of(st, S["santiago_de_cuba"], M26) == 0
    assert count(st, "havana", "m26_underground") == 1 and t.at_card()


def test_card_20_unshaded_free_march_then_rally_in_a_destination() -> None:
    """CL card 20 unshaded, CL 3.1.2, 3.3.1-3.3.2: the named Insurgent Marches free, then
    Rallies free in 1 of its March destinations (a City or Province), choosing inside both."""
    t = event(20, GOVT, "unshaded")
    assert t.offered() == ["faction:m26", "faction:directorio", "faction:syndicate"]
    t.choose("faction:m26")
    assert t.pending().seat == t.st.seat_of[M26] and t.pending().kind == "coin.op_space"
    assert t.labels()["space:oriente"] == "March in Oriente (free)"
    t.play("space:oriente", "from:sierra_maestra", "u:1", "a:0", "space:ec_east",
           "from:sierra_maestra", "u:1", "a:0", "done")
    assert t.offered() == ["space:oriente"]  # the EC is no Rally space
    assert t.labels()["space:oriente"] == "Rally in Oriente (free)"
    t.choose("space:oriente")
    assert t.offered() == ["place"]
    t.choose("place")
    st = t.st
    assert count(st, "oriente", "m26_underground") == 2
    assert count(st, "ec_east", "m26_underground") == 1
    assert st.resources[M26] == 10 and t.at_card()


def test_card_20_unshaded_march_only_into_an_ec() -> None:
    """CL card 20 unshaded, CL 5.1.3: no City or Province among the destinations: no
    Rally."""
    t = event(20, M26, "unshaded")
    t.play("faction:m26", "space:ec_east", "from:sierra_maestra", "u:1", "a:0", "done")
    assert t.at_card() and count(t.st, "ec_east", "m26_underground") == 1


def test_card_17_unshaded_free_rally_in_every_base_space() -> None:
    """CL card 17 unshaded, CL 3.3.1, 3.1.2: the picked faction Rallies free in every space
    with its Base, one after the other (none may be skipped), choosing the Rally option."""
    def prepare(st: CLState) -> None:
        put(st, "oriente", "m26_base")
    t = event(17, GOVT, "unshaded", prepare)
    assert t.offered() == ["faction:m26", "faction:directorio"]
    t.choose("faction:m26")
    assert t.pending().seat == t.st.seat_of[M26]
    assert t.labels() == {"space:oriente": "Rally in Oriente (free)"}
    t.play("space:oriente", "place")
    assert t.labels() == {"space:sierra_maestra": "Rally in Sierra Maestra (free)"}
    t.play("space:sierra_maestra", "place")
    st = t.st
    assert count(st, "oriente", "m26_underground") == 1
    assert count(st, "sierra_maestra", "m26_underground") == 3
    assert st.resources[M26] == 10 and t.at_card()


def test_card_17_unshaded_no_base() -> None:
    """CL card 17 unshaded, CL 5.1.3: the Directorio has no Base at S0: nothing happens."""
    t = event(17, GOVT, "unshaded")
    t.choose("faction:directorio")
    assert t.at_card()


def test_card_17_unshaded_rally_as_if_neutral() -> None:
    """CL card 17 unshaded, CL 3.3.1: the Directorio may not Rally at an Active level, but the
    card treats its Base spaces as Neutral: Havana (Active Support) is offered."""
    def base(st: CLState) -> None:
        put(st, "havana", "directorio_base")
    t = event(17, GOVT, "unshaded", base)
    t.choose("faction:directorio")
    assert t.labels() == {"space:havana": "Rally in Havana (free)"}
    t.play("space:havana", "place")
    assert count(t.st, "havana", "directorio_underground") == 3 and t.at_card()


def no_26july_guerrillas(st: CLState) -> None:
    for space in S:
        for name in ("m26_underground", "m26_active"):
            n = count(st, space, name)
            if n:
                take(st, space, name, n)


def test_cards_13_24_nothing_to_do() -> None:
    """CL 5.1.3: 15U with no 26July Guerrilla Available and the Government executing (no
    reclaim: not its piece), 23S and 24S without a 26July Base in a Province or 26July piece in
    Camagüey City / Santiago, 20S without Guerrillas on the map: each ends at once."""
    def none_available(st: CLState) -> None:
        st.avail[3] = 0
    assert event(15, GOVT, "unshaded", none_available).at_card()

    def no_base(st: CLState) -> None:
        take(st, "sierra_maestra", "m26_base")
    assert event(23, GOVT, "shaded", no_base).at_card()

    def not_in_cities(st: CLState) -> None:
        take(st, "santiago_de_cuba", "m26_underground")
    assert event(24, GOVT, "shaded", not_in_cities).at_card()

    def no_guerrillas(st: CLState) -> None:
        no_26july_guerrillas(st)
        for space, n in (("havana", 2), ("camaguey_province", 1)):
            take(st, space, "directorio_underground", n)
    assert event(20, GOVT, "shaded", no_guerrillas).at_card()


def test_card_19_cl_1_4_1_the_executing_dr_takes_its_own_pieces_back_to_place_two() -> None:
    """CL card 19, CL 1.4.1 (CL-R-04): every Directorio piece on the map, the executing
    Directorio may still pick a space where it has a piece and take its own Base and
    Guerrilla back from elsewhere to place them there."""
    def all_dr_out(st: CLState) -> None:
        put(st, "matanzas", "directorio_underground", 12)
        put(st, "matanzas", "directorio_base", 2)
        put(st, "las_villas", "directorio_base", 2)
    t = event(19, DR, "unshaded", all_dr_out)
    t.choose("done")  # 26July declines
    assert t.pending().seat == t.st.seat_of[DR]
    assert t.offered() == ["space:havana", "space:matanzas", "space:las_villas",
                           "space:camaguey_province", "done"]
    t.choose("space:havana")
    assert t.offered() == ["reclaim:matanzas:directorio_underground",
                           "reclaim:matanzas:directorio_base", "reclaim:las_villas:directorio_base",
                           "reclaim:camaguey_province:directorio_underground", "done"]
    t.play("reclaim:matanzas:directorio_base", "place:directorio_base",
           "reclaim:camaguey_province:directorio_underground", "place:directorio_underground")
    assert t.pending().seat == t.st.seat_of[SYNDICATE]
    t.play("done", "done")
    st = t.st
    assert count(st, "havana", "directorio_base") == 1
    assert count(st, "havana", "directorio_underground") == 3
    assert count(st, "matanzas", "directorio_base") == 1
    assert count(st, "camaguey_province", "directorio_underground") == 0
    assert B.PIECES.available(st, Kind.DR_BASE) == 0 and t.at_card()


def test_card_19_everyone_declines() -> None:
    """CL card 19: each faction "may": all four decline; the executor still stays Eligible."""
    t = event(19, SYNDICATE, "unshaded")
    t.play("done", "done", "done", "done")
    st = t.st
    assert t.at_card() and st.eligible[SYNDICATE]
    assert B.on_map(st, Kind.TROOPS) == 12


def test_card_21_shaded_empty_cash_box() -> None:
    """CL card 21 shaded, CL 4.5.2: with the Cash box empty only closed Casinos can be
    opened."""
    def no_cash(st: CLState) -> None:
        B.close_casino(st, S["havana"])
        st.cash = [B.cash_code(S["havana"], Kind.TROOPS)] * 4
    t = event(21, SYNDICATE, "shaded", no_cash)
    assert t.offered() == ["open:havana", "done"]


def test_card_14_unshaded_placements_are_told() -> None:
    """docs/decisions/0004 events: what an Event places through the placement proc is told
    (`cl.placed`, with space, piece and count)."""
    t = event(14, M26, "unshaded")
    assert [e.data for e in t.events if e.kind == "cl.placed"] == [
        {"space": "pinar_del_rio", "piece": "m26_base", "count": 1},
        {"space": "pinar_del_rio", "piece": "m26_underground", "count": 1}]
