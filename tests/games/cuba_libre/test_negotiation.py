"""CL 1.5.1 Negotiation through engine.act: Resources change hands only while the giver or the
receiver executes an Operation, Special Activity or Event; never between two factions of one
player (CL 1.5) except 26July and DR under card 18; Non-players never give (CL 8.1.2); one
standing decision per giver, receiver and amount as option args (issue 15)."""

from __future__ import annotations

from services.cuba_libre.constants import Cap

from .helpers import DR, GOVT, M26, SYNDICATE, Table, at_card, game


def gifts(t: Table) -> dict[int, list[str]]:
    """giver -> the option ids of its standing Resources decision."""
    return {int(d.id.split(".")[1]): d.option_ids() for d in t.decisions()
            if d.optional and d.kind == "cl.give_resources"}


def test_no_transfer_outside_an_execution_cl_1_5_1() -> None:
    t = Table(at_card(game(), 1))
    assert t.pending().kind == "coin.eligible" and gifts(t) == {}


def test_transfers_while_the_government_executes_cl_1_5_1() -> None:
    """While the Government Trains: it may give to anyone; the others only to it."""
    t = Table(at_card(game(), 1)).play("op:train")
    g = gifts(t)
    assert set(g) == {GOVT, M26, DR, SYNDICATE}
    assert len(g[GOVT]) == 3 * 15 and g[GOVT][0] == "give:m26:1"  # 3 receivers, 1..15
    assert g[M26] == [f"give:govt:{n}" for n in range(1, 11)]
    d = next(d for d in t.decisions() if d.id.endswith(f".{SYNDICATE}"))
    o = next(o for o in d.options if o.id == "give:govt:5")
    assert o.args == {"action": "give", "faction": "govt", "amount": "5"}
    t.answer(d, "give:govt:5")
    assert t.st.resources[GOVT] == 20 and t.st.resources[SYNDICATE] == 10
    assert t.events[-1].kind == "cl.transfer"
    assert t.pending().kind == "coin.op_space"  # the Operation goes on


def test_receiver_stops_at_49_cl_1_8() -> None:
    st = at_card(game(), 1)
    st.resources[GOVT] = 47
    t = Table(st).play("op:train")
    d = next(d for d in t.decisions() if d.id.endswith(f".{SYNDICATE}"))
    t.answer(d, "give:govt:5")
    assert t.st.resources[GOVT] == 49 and t.st.resources[SYNDICATE] == 10


def test_one_players_factions_and_the_pact_cl_1_5_card_18() -> None:
    """CL 1.5: a 26July + DR player never transfers between them, except under card 18."""
    st = at_card(game(2), 13)  # 26July first
    t = Table(st).play("op:rally")
    assert "give:directorio:1" not in gifts(t)[M26]
    st = at_card(game(2), 13)
    st.caps = 1 << Cap.M26_DR_PACT
    t = Table(st).play("op:rally")
    assert "give:directorio:1" in gifts(t)[M26] and "give:m26:1" in gifts(t)[DR]


def test_non_players_never_give_cl_8_1_2() -> None:
    t = Table(at_card(game(non_players="syndicate"), 1)).play("op:train")
    g = gifts(t)
    assert SYNDICATE not in g and "give:syndicate:1" in g[GOVT]
