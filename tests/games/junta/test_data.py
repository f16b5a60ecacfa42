"""Junta's data (shared DATA.md §5, RULES.md JU 4) and the card registry (JU 47)."""

from __future__ import annotations

import inspect
import json
from collections import Counter, deque

import msgspec
import pytest

from services.junta.cards import CARDS
from services.junta.data import (
    DATA,
    DATA_DIR,
    BoardFile,
    CardsFile,
    DataError,
    UnitsFile,
    load_board,
    load_cards,
    load_deployment,
    load_units,
)


def test_ju_4_political_deck_67_cards_of_the_six_kinds() -> None:
    """JU 4 [G 10]: 8 secret contributions, 12 influence, 9 vote, 6 assassin, 7 bribe, 25
    events of which 11 unit events."""
    kinds = Counter(DATA.design(i).kind for i in range(len(DATA.instances)))
    assert len(DATA.instances) == 67
    assert kinds == {"secret_contribution": 8, "influence": 12, "vote": 9, "assassin": 6,
                     "bribe": 7, "event": 25}
    units = sum(1 for i in range(len(DATA.instances)) if DATA.design(i).effect == "new_units")
    assert units == 11


def test_ju_17_1_aid_deck_96_bills_of_1_2_3_million() -> None:
    """JU 17.1 [G 20]: 96 bills, 32 of each value."""
    assert Counter(DATA.bill_values) == {1: 32, 2: 32, 3: 32}


def test_board_adjacency_is_symmetric_and_the_land_is_connected() -> None:
    """DATA.md §5: symmetric adjacency; the land areas form one connected city."""
    for a in DATA.land:
        for b in DATA.adjacent[a]:
            assert a in DATA.adjacent[b], (DATA.area_ids[a], DATA.area_ids[b])
    seen, todo = {DATA.land[0]}, deque([DATA.land[0]])
    while todo:
        for b in DATA.adjacent[todo.popleft()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    assert seen == set(DATA.land) and len(DATA.land) == 25
    assert [DATA.area_ids[a] for a in DATA.power_centers] == [
        "presidential_palace", "chamber_of_deputies", "national_bank", "radio_station",
        "railroad_station"]


def test_ju_4_unit_counts() -> None:
    """JU 4: 4 palace guards, 4 police, 3 x 6 infantry, 1 marine, 1 paratroop, 1 gunboat, 3
    air strikes, and per card copy its counters (students 4 x 3, strikers 4 x 2, mob 6 x 2)."""
    counts = {u.id: u.count for u in DATA.unit_types}
    assert counts == {"palace_guard": 4, "police": 4, "infantry_1st_brigade": 6,
                      "infantry_2nd_brigade": 6, "infantry_3rd_brigade": 6, "marine": 1,
                      "paratroop": 1, "gunboat": 1, "air_strike": 3, "students": 12,
                      "strikers": 8, "mob": 12, "peasants": 4, "christian_militia": 4,
                      "helicopter": 1, "rebel_infantry": 3, "tank": 1}


def test_ju_47_every_card_number_has_a_handler_whose_docstring_is_the_card_text() -> None:
    assert sorted(CARDS) == [c.number for c in DATA.cards] == list(range(1, 57))
    for c in DATA.cards:
        doc = " ".join((inspect.getdoc(CARDS[c.number]) or "").split())
        assert doc == " ".join(c.text.split()), c.id
        assert CARDS[c.number].__name__ == c.id


def test_gunboat_range_and_coast_as_data_md_says() -> None:
    """DATA.md §1: gunboat range = non-embassy land areas coastal or next to the coast."""
    for a in DATA.land:
        near = DATA.coastal[a] or any(DATA.coastal[b] for b in DATA.adjacent[a])
        assert DATA.gunboat_range[a] == (near and not DATA.embassy[a])


def test_a_broken_data_file_stops_the_service_with_a_data_error() -> None:
    """DATA.md §5: the loader rejects asymmetric adjacency, a wrong card total, a unit count
    that does not match its deployment."""

    def read(name: str) -> dict:
        return json.loads((DATA_DIR / name).read_text())

    board = read("board.json")
    board["areas"][0]["adjacent"].append("harbour")
    with pytest.raises(DataError, match="not symmetric"):
        load_board(msgspec.convert(board, BoardFile))
    cards = read("politics_cards.json")
    cards["total_political_cards"] = 63
    with pytest.raises(DataError, match="total_political_cards"):
        load_cards(msgspec.convert(cards, CardsFile))
    units, board = read("units.json"), read("board.json")
    good = load_cards(msgspec.convert(read("politics_cards.json"), CardsFile))[0]
    units["unit_types"][0]["count"] = 5  # palace guards: 4 are deployed
    types = load_units(msgspec.convert(units, UnitsFile), good)
    b = msgspec.convert(board, BoardFile)
    with pytest.raises(DataError, match="deployment of palace_guard"):
        load_deployment(b, load_board(b)["index"], types)
