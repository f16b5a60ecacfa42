"""What is on the player's terminal: the board last drawn and the lines printed below
it, so the board is drawn again only when it changed or would scroll out of sight."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, RenderableType
from rich.text import Text

from .render import lines, plain


class Screen:
    def __init__(self, console: Console) -> None:
        self.console = console
        self.drawn = ""  # the board last drawn, as plain text
        self.below = 0  # lines printed since it was drawn

    @property
    def width(self) -> int:
        return self.console.width

    @property
    def height(self) -> int | None:
        """Terminal rows; None when the output is not a terminal (it all stays readable)."""
        return self.console.height if self.console.is_terminal else None

    def count(self, n: int) -> None:
        self.below += n

    def print(self, renderable: RenderableType) -> None:
        self.below += self.lines_of(renderable)
        self.console.print(renderable)

    def lines_of(self, renderable: RenderableType) -> int:
        """Lines `renderable` takes; a one-line text (a log line) without rendering it."""
        if isinstance(renderable, str | Text) and "\n" not in str(renderable):
            width = Text(renderable).cell_len if isinstance(renderable, str) else \
                renderable.cell_len
            return max(1, -(-width // self.width))
        return lines(renderable, self.width)

    def board(self, make: Callable[[int | None], RenderableType], reserve: int,
              force: bool = False) -> None:
        """Draw the board `make(room)` when it differs from the one on screen, or when
        `reserve` more lines below would push the one on screen out of sight."""
        room = None if self.height is None else self.height - reserve
        board = make(room)
        text = plain(board, self.width)
        seen = self.height is None or (
            len(text.splitlines()) + self.below + reserve <= self.height)
        if force or text != self.drawn or not seen:
            self.console.print(board)
            self.drawn, self.below = text, 0
