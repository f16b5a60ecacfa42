"""Property test of the 48 Event cards (CL 5.1, 5.1.3): each side, executed by every faction
from boards reached by random play, ends without a dead end, through random offered choices,
with every invariant holding after each choice (pieces conserved, stacking, tracks, Cash)."""

from __future__ import annotations

import pytest

from services.cuba_libre import GAME
from services.cuba_libre import data as D
from services.cuba_libre.constants import SIDES
from services.cuba_libre.state import CLState
from services.kernel import codec, engine, rng
from services.kernel.bots import random_choice

from .helpers_clev1 import event

BOARD_FIELDS = ("pieces", "avail", "support", "resources", "aid", "us_alliance", "terror",
                "sabotage", "cash", "caps", "mom", "casino_exempt")


def random_board(seed: int, choices: int) -> CLState:
    """The state after `choices` random choices from the standard setup."""
    r = rng.seeded(seed, stream=11)
    step = engine.setup(GAME, 4, {}, seed)
    for _ in range(choices):
        if step.outcome is not None:
            break
        waiting = step.waiting()
        d = waiting[rng.randbelow(r, len(waiting))]
        step = engine.act(GAME, step.state, d.seat, random_choice(d, r))
    return codec.decode(step.state, CLState)


BOARDS = [random_board(seed, n) for seed, n in ((1, 0), (2, 150), (3, 300), (4, 450))]


def sides(card: int) -> tuple[str, ...]:
    return SIDES[:1] if D.EVENTS[card].single_sided else SIDES


@pytest.mark.parametrize("card", range(1, 49))
def test_card_sides_end_without_dead_end_from_random_boards(card: int) -> None:
    r = rng.seeded(card, stream=12)
    for b, board in enumerate(BOARDS):
        def prepare(st: CLState, board: CLState = board) -> None:
            for name in BOARD_FIELDS:
                setattr(st, name, list(getattr(board, name)) if isinstance(
                    getattr(board, name), list) else getattr(board, name))
        for side in sides(card):
            for faction in range(4):
                t = event(card, faction, side, prepare)
                for _ in range(200):
                    GAME.check_invariants(t.st)
                    if t.at_card():
                        break
                    d = t.pending()
                    t.choose(random_choice(d, r).option_id or "")
                assert t.at_card(), (card, side, faction, b)
