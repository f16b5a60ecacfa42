"""Random whole games through the engine (STYLE testing habit 4): every game ends, no dead
end, option ids unique and well formed, invariants after every choice (pieces conserved,
stacking, tracks 0..49, 20 markers, Cash under a piece, a consistent deck), Control and the
victory tracks equal a fresh recount, codec round trips, replay from seed + choices gives the
final state; and hidden information stays hidden (the deck below the upcoming card)."""

from __future__ import annotations

import os

import pytest

from services.cuba_libre import GAME
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.state import CLState
from services.kernel import codec, rng
from services.kernel.bots import random_choice
from services.kernel.decisions import option_problems
from services.kernel.engine import Step, act, replay, setup
from services.kernel.playout import random_playout

from .test_properties import recount_control

GAMES = [(4, 11, {}), (4, 12, {"deception": "true"}), (3, 13, {}), (2, 14, {}),
         (4, 15, {"sudden_propaganda": "true"}), (4, 16, {"short_game": "true"}),
         (4, 17, {"setup": "alternative"}), (2, 18, {"non_players": "govt+m26"}),
         (1, 19, {"non_players": "govt+syndicate"})]


@pytest.mark.parametrize("seats,seed,options", GAMES)
def test_random_game_ends_keeps_the_rules_and_replays(seats: int, seed: int,
                                                      options: dict[str, str]) -> None:
    check_game(seats, seed, options)


SLOW_GAMES_PER_TABLE = int(os.environ.get("CUBA_LIBRE_SLOW_GAMES", "250"))


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TABLERO_SLOW"), reason="set TABLERO_SLOW=1")
@pytest.mark.parametrize("seats,seed,options", GAMES)
def test_random_games_thousands(seats: int, seed: int, options: dict[str, str]) -> None:
    """The same checks over CUBA_LIBRE_SLOW_GAMES seeds (default 250) of each of the nine
    tables above: 2,250 games, every seat count and option."""
    for k in range(SLOW_GAMES_PER_TABLE):
        check_game(seats, 100_000 * seed + k, options)


def check_game(seats: int, seed: int, options: dict[str, str]) -> None:
    p = random_playout(GAME, seats, seed, options, check=True)
    assert p.final.outcome is not None and len(p.log) > 100
    assert replay(GAME, seats, options, seed, p.log).state_hash == p.final.state_hash
    st = codec.decode(p.final.state, CLState)
    assert st.over in (1, 2, 3) and not st.stack
    if st.over == 2:
        assert st.prop_played == st.final_prop
    for s in range(D.NS):
        assert B.control(st, s) == recount_control(st, s)


def views(st: CLState) -> list[bytes]:
    return [GAME.view(st, seat).SerializeToString(deterministic=True)
            for seat in (*range(st.seats), None)]


def reorder_hidden(st: CLState, r: rng.RngState) -> CLState:
    """The same state with the deck below its upcoming card shuffled."""
    other = codec.decode(codec.encode(st), CLState)
    hidden = other.deck[:-1]
    rng.shuffle(r, hidden)
    other.deck = hidden + other.deck[-1:]
    return other


def test_options_well_formed_and_the_deck_order_hidden() -> None:
    """Along a random game: option ids unique with well-formed args (decision 0004); every
    seat's view, and the events of a choice that reveals no card, are byte-identical when the
    hidden part of the deck is reordered."""
    r = rng.seeded(31, stream=3)
    step: Step = setup(GAME, 4, {"deception": "true"}, 31)
    checked = 0
    for n in range(3000):
        for d in step.decisions:
            ids = d.option_ids()
            assert len(ids) == len(set(ids)), d.kind
            assert not [p for o in d.options for p in option_problems(o)], d.kind
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        c = random_choice(d, r)
        st = codec.decode(step.state, CLState)
        if n % 25 == 0 and len(st.deck) > 3:
            other = reorder_hidden(st, r)
            assert views(other) == views(st)
            a, b = act(GAME, step.state, d.seat, c), act(GAME, codec.encode(other), d.seat, c)
            if len(codec.decode(a.state, CLState).deck) == len(st.deck):
                assert [e.text for e in a.events] == [e.text for e in b.events]
                assert views(codec.decode(a.state, CLState)) == \
                    views(codec.decode(b.state, CLState))
                checked += 1
        step = act(GAME, step.state, d.seat, c)
        if step.outcome is not None:
            break
    assert step.outcome is not None and checked > 10
