"""The Cuba Libre board of the terminal client: with its menu it fits an 80x40 terminal in
states reached by seeded random play through the engine (4 seats, the seat the game waits
on); `?` finds cards and spaces."""

from __future__ import annotations

from clients.cli import render
from services.cuba_libre import GAME

from .test_game_boards import COLS, ROWS, screens


def test_board_and_menu_fit_80x40_together() -> None:
    checked = 0
    for ctx, menu in screens(GAME, 4, seed=2, every=13):
        reserve = render.lines(menu, COLS) + 1
        ctx.height = ROWS - reserve
        board = render.plain(render.view_panel(ctx), COLS).splitlines()
        assert len(board) + reserve <= ROWS, "\n".join(board)
        assert max(len(line) for line in board) <= COLS
        checked += 1
    assert checked > 20


def test_lookup_finds_cards_and_spaces() -> None:
    ctx, _ = next(screens(GAME, 4, seed=2, every=1))
    lookup = render.lookup_for(GAME.id, GAME.view_type)
    assert lookup is not None
    card = render.plain(lookup(ctx, "#1"), COLS)
    assert "Armored Cars" in card and "shaded" in card
    havana = render.plain(lookup(ctx, "havana"), COLS)
    assert "population 6" in havana and "adjacent: La Habana" in havana
