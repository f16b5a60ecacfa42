"""CU 5.B.0 laps, CU 5.B.7 start player change, CU 8 variant card choice."""

from __future__ import annotations

from services.cuba.constants import CHARACTER_INDEX, NO_CARD, Phase

from .helpers import Table, blank


def play_laps(t: Table, cards: dict[int, list[str]]) -> None:
    """Play the listed card for each seat as its turn comes; do nothing with it."""
    noop = {"worker": None, "trader": "done", "architect": "forgo", "foreman": "cross",
            "mayor": "forgo"}
    while t.st.phase == Phase.ACTIONS and t.st.stack and t.st.stack[-1].proc == "play_card":
        seat = t.st.stack[-1].vars["seat"]
        card = cards[seat].pop(0)
        t.choose(f"card:{card}", seat)
        if card == "worker":
            here = t.st.players[seat].worker
            t.choose(f"field:r{here // 4}c{here % 4}", seat)
            while t.st.stack and t.st.stack[-1].proc == "worker_harvest":
                opts = t.options(seat)
                t.choose("done" if "done" in opts else opts[0], seat)
        else:
            t.choose(str(noop[card]), seat)
            while t.st.stack and t.st.stack[-1].proc == "foreman_cross":
                t.choose("done", seat)


def actions_table(start: int, seats: int = 4, variant: bool = False) -> Table:
    st = blank(seats=seats, start=start, round=1, variant=variant)
    return Table(st).start("actions")


def test_lap_order_and_options_offered() -> None:
    """CU 5.B.0: turn order from the start player; any card from hand."""
    t = actions_table(start=2)
    d = t.decision()
    assert d.seat == 2 and d.kind == "cuba.play_character"
    assert d.option_ids() == ["card:worker", "card:trader", "card:architect", "card:foreman",
                              "card:mayor"]
    t.play("card:trader", "done")
    assert t.decision().seat == 3
    t.play("card:trader", "done")
    assert t.decision().seat == 0
    t.play("card:mayor", "forgo")
    assert "card:mayor" not in Table(t.st).start("play_card", seat=0, lap=2).options()


def test_tv17_case_a_tie_goes_to_the_later_player() -> None:
    """TV-17 A: 4th cards 3, 5, 2, 5 (start P1 = seat 0) -> seat 3."""
    t = actions_table(start=0)
    fill = ["worker", "trader", "foreman"]
    cards = {0: fill + ["architect"], 1: ["worker", "trader", "foreman", "mayor"],
             2: ["worker", "foreman", "mayor", "trader"], 3: fill + ["mayor"]}
    play_laps(t, cards)
    assert t.st.start_player == 3
    assert t.finished
    assert all(len(p.hand) == 1 and len(p.played) == 4 for p in t.st.players)


def test_tv17_case_b() -> None:
    """TV-17 B: start P3 (seat 2); 4th cards P3 foreman, P4 worker, P1 foreman, P2 architect."""
    t = actions_table(start=2)
    cards = {2: ["worker", "trader", "mayor", "foreman"],
             3: ["trader", "mayor", "foreman", "worker"],
             0: ["worker", "trader", "mayor", "foreman"],
             1: ["worker", "trader", "mayor", "architect"]}
    play_laps(t, cards)
    assert t.st.start_player == 0


def test_cu8_variant_face_down_card_first() -> None:
    """CU 8: all seats choose their parliament card at once (sealed); it is not played."""
    t = actions_table(start=1, seats=3, variant=True)
    ds = t.pending()
    assert sorted(d.seat for d in ds) == [0, 1, 2]
    assert all(d.kind == "cuba.parliament_card" and len(d.options) == 5 for d in ds)
    ids = {d.id for d in ds}
    t.choose("card:mayor", 2)
    assert {d.id for d in t.pending()} == ids - {ds[2].id}  # other ids unchanged
    assert t.st.players[2].parliament_card == NO_CARD  # nothing applied until all commit
    t.choose("card:worker", 0)
    t.choose("card:trader", 1)
    assert [p.parliament_card for p in t.st.players] == [
        CHARACTER_INDEX["worker"], CHARACTER_INDEX["trader"], CHARACTER_INDEX["mayor"]]
    d = t.decision()
    assert d.seat == 1 and "card:trader" not in d.option_ids() and len(d.options) == 4
    assert not any(e.kind == "cuba.parliament_card.revealed" for e in t.events)
