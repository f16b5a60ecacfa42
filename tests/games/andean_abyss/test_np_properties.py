"""AA chapter 8 on whole games: tables where every Insurgent is a Non-player (the Government
a random player), and the 2- and 3-seat tables: every game ends with no dead end and no
broken invariant (state checked after every step), and the seed plus the players' choices
replay it byte for byte (the Non-players' choices come from the game's PRNG only)."""

from __future__ import annotations

import os

import pytest

from services.andean_abyss import GAME
from services.kernel import engine
from services.kernel.playout import random_playout

TABLES = [(1, {}), (2, {"non_players": "chapter8"}), (3, {"non_players": "chapter8"}),
          (3, {"non_players": "auc"}), (1, {"short_game": "true", "eligibility_option": "A"}),
          (1, {"deployment": "open", "card_text_edition": "second"}),
          (1, {"hidden_next_card": "true", "eligibility_option": "standard"})]


def replay(seats: int, options: dict[str, str], seed: int,
           log: list[tuple[int, engine.Choice]]) -> bytes:
    step = engine.setup(GAME, seats, options, seed)
    for seat, choice in log:
        step = engine.act(GAME, step.state, seat, choice)
    return step.state


def check_table(seats: int, options: dict[str, str], seed: int) -> None:
    p = random_playout(GAME, seats, seed, options, check=True)
    assert p.final.outcome is not None
    assert all(seat >= 0 for seat, _ in p.log)  # no Non-player decision reached a seat
    assert replay(seats, options, seed, p.log) == p.final.state


@pytest.mark.parametrize("seats,options", TABLES)
@pytest.mark.parametrize("seed", [1, 2])
def test_aa_8_non_player_tables_end_and_replay(seats: int, options: dict[str, str],
                                               seed: int) -> None:
    check_table(seats, options, seed)


SEEDS = int(os.environ.get("AA_NP_SEEDS", "200"))  # more all-Non-player seeds: AA_NP_SEEDS=2000


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 3 + SEEDS))
def test_aa_8_non_player_tables_many_seeds(seed: int) -> None:
    seats, options = TABLES[seed % len(TABLES)]
    check_table(seats, options, seed)
