"""The Cuba, Andean Abyss and Cuba Libre boards and their menus fit an 80x40 terminal
together, in states reached by seeded random play through the engine's public entry points,
for the largest tables (5 seats, 4 seats) and the seat the game waits on."""

from __future__ import annotations

import random
from typing import Any

import pytest
from google.protobuf import json_format
from tablero.v1 import common_pb2

from clients.cli import prompt, render
from clients.cli.games.coin_board import deciding_event
from services.andean_abyss import GAME as ANDEAN_ABYSS
from services.cuba import GAME as CUBA
from services.cuba_libre import GAME as CUBA_LIBRE
from services.kernel import codec, engine
from services.kernel.decisions import Choice
from services.runtime.convert import decision_pb

ROWS, COLS = 40, 80


def data(msg: Any) -> dict[str, Any]:
    return json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                     always_print_fields_with_no_presence=True)


def screens(game: Any, seats: int, seed: int, every: int):
    """(board context, menu) at every `every`-th decision of a seeded random game."""
    render.load_games()
    reference = data(game.reference())
    names = ["Ann"] + [f"bot {s}" for s in range(1, seats)]
    step = engine.setup(game, seats, {}, seed)
    rng = random.Random(seed)
    for i in range(5000):
        waiting = step.waiting()
        if not waiting:
            return
        d = waiting[0]
        if i % every == 0:
            view = common_pb2.SeatView(seat=d.seat)
            view.decisions.extend(decision_pb(x) for x in step.decisions if x.seat == d.seat)
            asked = next(x for x in view.decisions if x.id == d.id)
            menu = prompt.menu(asked, [x for x in view.decisions if x.optional], COLS)
            st = codec.decode(step.state, game.state_type)
            ctx = render.RenderContext(game.id, view, data(game.view(st, d.seat)),
                                       game.view_type, names, reference, {}, COLS)
            yield ctx, menu
        choice = (Choice(d.id, rng.choice(d.options).id, None) if d.options else
                  Choice(d.id, None, rng.randint(d.amount.min, d.amount.max)))
        step = engine.act(game, step.state, d.seat, choice)


@pytest.mark.parametrize(("game", "seats", "every"), [(CUBA, 5, 3), (ANDEAN_ABYSS, 4, 11),
                                                    (CUBA_LIBRE, 4, 7)])
def test_board_and_menu_fit_80x40_together(game, seats, every):
    checked = 0
    for ctx, menu in screens(game, seats, seed=2, every=every):
        reserve = render.lines(menu, COLS) + 1  # the menu and the prompt's line
        ctx.height = ROWS - reserve
        board = render.plain(render.view_panel(ctx), COLS).splitlines()
        assert len(board) + reserve <= ROWS, "\n".join(board)
        assert max(len(line) for line in board) <= COLS
        ctx.height = None  # `v`: the whole board, however tall
        assert len(render.plain(render.view_panel(ctx), COLS).splitlines()) >= len(board)
        checked += 1
    assert checked > 30



def card_text_length(card: dict[str, Any]) -> int:
    return sum(len(card.get(side, {}).get("text", "")) for side in ("unshaded", "shaded"))


@pytest.mark.parametrize("game", [ANDEAN_ABYSS, CUBA_LIBRE])
def test_long_cards_fit_80x40_while_their_event_is_offered(game):
    """Whichever card is being played when a seat may choose its Event, the board and the
    menu fit 80x40 together (CI once saw Cuba Libre's #1 Armored Cars push the board's top
    off the screen): the card's text is shown whole where it fits, else cut short and ended
    by where to read the rest ('… ? #n'), its first words always on the screen.
    The twelve longest cards stand in for the card in play at each such decision of a
    seeded game, under its menu and under one three lines longer."""
    longest = sorted((c for c in data(game.reference())["cards"] if c.get("faction_order")),
                     key=card_text_length, reverse=True)[:12]
    states = shown = hinted = 0
    for ctx, menu in screens(game, 4, seed=2, every=1):
        if not deciding_event(ctx):
            continue
        states += 1
        reserve = render.lines(menu, COLS) + 1
        keys = set(ctx.data["current_card"]) | {"unshaded", "shaded"}
        for card, extra in ((card, extra) for card in longest for extra in (0, 3)):
            # extra: a menu three lines longer (more standing decisions, a longer prompt)
            ctx.data["current_card"] = {k: v for k, v in card.items() if k in keys}
            ctx.height = ROWS - reserve - extra
            board = render.plain(render.view_panel(ctx), COLS)
            assert len(board.splitlines()) + reserve + extra <= ROWS, board
            flat = " ".join(line.strip("│╭╰─ ") for line in board.splitlines())
            assert f"Now #{card['number']} {card['title']}" in flat
            assert " ".join(card["unshaded"]["text"].split()[:4]) in flat, board
            if f"… ? #{card['number']}" in flat:
                hinted += 1
            else:
                last = card.get("shaded", {}).get("text") or card["unshaded"]["text"]
                assert " ".join(last.split()[-3:]) in flat, board
                shown += 1
        if states == 40:
            break
    assert states >= 30 and hinted > 0 and shown > 0
