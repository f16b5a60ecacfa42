"""The heuristic bot: legal everywhere, decides from its view, beats random bots."""

from __future__ import annotations

from services.cuba import GAME
from services.cuba.bots import SCORERS, HeuristicBot
from services.cuba.state import CubaState
from services.kernel import codec, engine, rng
from services.kernel.bots import bot_rng
from services.kernel.decisions import Choice

from .helpers import Table, blank, give, load, set_harbor

AMOUNT_KINDS = {"cuba.bribe", "cuba.rebid"}


def play(seed: int, seats: int, policies: list[str], options: dict[str, str] | None = None,
         kinds: set[str] | None = None) -> engine.Step:
    step = engine.setup(GAME, seats, options or {}, seed)
    r = rng.seeded(seed, stream=9)
    for _ in range(5000):  # a bot that loops fails here instead of hanging
        if step.outcome is not None:
            return step
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        if kinds is not None:
            kinds.add(d.kind)
        choice = engine.suggest(GAME, step.state, d.seat, d.id, policies[d.seat])
        step = engine.act(GAME, step.state, d.seat, choice)  # checked against the options
    raise AssertionError("no outcome after 5000 choices")


def test_every_decision_kind_has_a_scorer() -> None:
    kinds: set[str] = set()
    for seats in (2, 3, 4, 5):
        play(seats, seats, ["random"] * seats, {"variant": "hidden_parliament_card"}, kinds)
    assert kinds - AMOUNT_KINDS <= set(SCORERS)
    assert len(kinds) >= 15


def test_heuristic_bots_finish_games_for_every_seat_count_and_the_variant() -> None:
    for seats in (2, 3, 4, 5):
        out = play(40 + seats, seats, ["heuristic"] * seats).outcome
        assert out is not None and min(r.score for r in out.results) > 20
    out = play(7, 3, ["heuristic"] * 3, {"variant": "hidden_parliament_card"}).outcome
    assert out is not None


def test_heuristic_beats_random_bots() -> None:
    """bench/cuba_bots.py measures this over 500 games; here a small seeded sample."""
    wins = 0
    for seed in range(8):
        hero = seed % 4
        policies = ["random"] * 4
        policies[hero] = "heuristic"
        out = play(seed, 4, policies).outcome
        assert out is not None
        wins += out.results[hero].winner
    assert wins >= 7


def choose(st: CubaState, t: Table, seat: int) -> str:
    d = t.decision(seat)
    c = HeuristicBot().choose(GAME.view(st, seat), d, bot_rng(1, d.id))
    assert c.option_id in d.option_ids()
    return str(c.option_id)


def test_bot_ships_to_the_best_berth() -> None:
    """TV-13 situation: berth_3 gives 9 VP, the most."""
    st = blank(round=2)
    set_harbor(st, berth_1="ship_07", berth_2="ship_09", berth_3="ship_01", sea="ship_12")
    load(st, "ship_09", citrus=1)
    give(st, 0, tobacco=2, rum=1, sugar_cane=1)
    t = Table(st).start("mayor", seat=0)
    assert choose(st, t, 0) == "ship:berth_3"


def test_bot_pays_taxes_and_builds_when_it_can() -> None:
    st = blank(seats=2)
    t = Table(st).start("decrees")
    assert choose(st, t, t.decision().seat) == "pay"
    st = blank()
    give(st, 0, wood=2, stone=2, water=1)
    t = Table(st).start("architect", seat=0)
    assert choose(st, t, 0).startswith("build:")


def test_bot_bids_within_range_and_little_when_poor() -> None:
    st = blank(seats=2)
    for p in st.players:
        p.hand, p.played = [4], [0, 1, 2, 3]
    st.players[0].money = 3
    t = Table(st).start("parliament")
    d = t.decision(0)
    c = HeuristicBot().choose(GAME.view(st, 0), d, bot_rng(1, d.id))
    assert c == Choice(d.id, amount=0)


def test_suggest_uses_only_the_seat_view() -> None:
    """engine.suggest hands the bot the seat's CubaView, nothing else."""
    step = engine.setup(GAME, 3, {}, 2)
    st = codec.decode(step.state, CubaState)
    d = step.waiting()[0]
    seen = []

    class Spy(HeuristicBot):
        def choose(self, view, decision, r):  # type: ignore[no-untyped-def]
            seen.append(type(view).__name__)
            return super().choose(view, decision, r)

    GAME.bots["spy"] = Spy()
    try:
        engine.suggest(GAME, step.state, d.seat, d.id, "spy")
    finally:
        del GAME.bots["spy"]
    assert seen == ["CubaView"] and st.seats == 3
