"""The interactive terminal session: log in, find or create a table, play it out.

The screen scrolls: the table's events print as they happen (other players'
moves appear live), and when the game waits on you the board is drawn, sized so
that it and the decision's numbered menu fit the terminal together. The board is
drawn again only when it changed or scrolled out of sight; otherwise the log
lines since the last prompt are all that is new. Input is read by a daemon thread
so events keep arriving while you think.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Awaitable
from typing import Any

from google.protobuf import any_pb2, json_format, struct_pb2
from rich.console import Console, RenderableType
from rich.text import Text
from tablero.v1 import common_pb2, gateway_pb2

from clients.sdk import AsyncClient, TableroError, waiting_decisions
from clients.sdk.typed import ReflectionResolver, message_for_any, type_name

from . import prompt, render
from .screen import Screen


class Leave(Exception):
    """The player asked to leave the table."""


class LineInput:
    """Lines typed on stdin, delivered to the event loop; EOFError at end of input."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        threading.Thread(target=self._read, name="stdin", daemon=True).start()

    def _read(self) -> None:
        while True:
            line = sys.stdin.readline()
            self.loop.call_soon_threadsafe(self.queue.put_nowait, line or None)
            if not line:
                return

    async def readline(self) -> str:
        line = await self.queue.get()
        if line is None:
            raise EOFError
        return line.rstrip("\n")


class Terminal:
    """One person at one gateway, on one console."""

    def __init__(self, console: Console, client: AsyncClient, target: str) -> None:
        self.console = console
        self.screen = Screen(console)
        self.client = client
        self.resolver = ReflectionResolver(target)
        self.input: LineInput | None = None
        self.names: list[str] = []
        self.game = ""
        self.options: dict[str, str] = {}
        self.references: dict[str, dict[str, Any]] = {}
        self.table_id = ""
        self.seat = -1
        self.prompting = False
        self.seen_version = -1
        self.log_caught_up = asyncio.Condition()
        render.load_games()

    async def ask(self, question: str) -> str:
        if self.input is None:
            self.input = LineInput()
        self.console.print(question, end="")
        self.prompting = True
        try:
            return (await self.input.readline()).strip()
        finally:
            self.prompting = False
            self.screen.count(1)  # the answer's line, echoed by the terminal

    # -- drawing ----------------------------------------------------------------

    async def refresh_table(self, table_id: str) -> gateway_pb2.TableInfo:
        table = await self.client.get_table(table_id)
        self.game = table.game
        self.options = dict(table.options)
        self.names = render.seat_names(table, len(table.seats))
        if self.game not in self.references:
            info = await self.client.describe_game(self.game)
            self.references[self.game] = (self.as_data(info.reference)
                                          if info.HasField("reference") else {})
        return table

    def as_data(self, packed: any_pb2.Any) -> dict[str, Any]:
        """A packed message as JSON-like data, its type resolved through reflection when
        this process does not know it; {} when nobody does."""
        msg = message_for_any(packed, self.resolver)
        if msg is None:
            return {}
        if isinstance(msg, struct_pb2.Struct):
            # A Struct is a map: sort it so the screen does not reshuffle between draws.
            data = json_format.MessageToDict(msg, preserving_proto_field_name=True)
            return dict(sorted(data.items()))
        # A typed message: every field in declaration order, zeros included (money 0).
        return dict(json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                              always_print_fields_with_no_presence=True))

    def context(self, view: common_pb2.SeatView, height: int | None) -> render.RenderContext:
        return render.RenderContext(
            self.game, view, self.as_data(view.view) if view.HasField("view") else {},
            type_name(view.view), self.names, self.references.get(self.game, {}),
            self.options, self.screen.width, height)

    def show_view(self, view: common_pb2.SeatView, reserve: int = 0, force: bool = False,
                  whole: bool = False) -> None:
        """Draw the board when it changed or scrolled away, leaving `reserve` lines below
        it (the menu); `whole`: every detail, however tall."""
        self.screen.board(lambda height: render.view_panel(
            self.context(view, None if whole else height)), reserve, force)

    def on_event(self, ev: gateway_pb2.TableEvent) -> None:
        """Print an event as it arrives. The log has caught up with a version only once the
        event closing its commit arrived (the commit marker, or the one carrying the
        outcome): a commit's events come in several reads, and a view of that version
        must not be drawn between them."""
        if closes_commit(ev):
            async def seen() -> None:
                async with self.log_caught_up:
                    self.seen_version = max(self.seen_version, ev.version)
                    self.log_caught_up.notify_all()

            asyncio.get_running_loop().create_task(seen())
        if ev.event.kind in render.QUIET_KINDS:
            return
        if self.prompting:
            self.screen.print("")
        self.screen.print(render.event_line(ev, self.seat, self.names))
        if self.prompting:
            self.console.print("> ", end="")

    async def catch_up(self, version: int, timeout_s: float = 5.0) -> None:
        """Let the log print up to `version` before drawing a view of that version."""
        async with self.log_caught_up:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.log_caught_up.wait_for(
                    lambda: self.seen_version >= version), timeout_s)

    # -- playing ----------------------------------------------------------------

    async def play(self, table_id: str) -> None:
        self.table_id = table_id
        await self.refresh_table(table_id)
        view = await self.client.get_view(table_id)
        self.seat = view.seat
        self.screen.print(f"Table {table_id}: {self.game}, you are seat {self.seat} "
                          f"({self.names[self.seat] if self.seat >= 0 else 'spectator'}).")
        try:
            await self.client.play(table_id, self.choose, on_event=self.on_event)
        except Leave:
            await self.client.leave_table(table_id)
            self.screen.print("You left the table; a bot plays your seat from now on.")
            return
        await self.show_end(table_id)

    async def show_end(self, table_id: str) -> None:
        """The whole final board and the result table, players named."""
        await self.refresh_table(table_id)
        view = await self.client.get_view(table_id)
        await self.catch_up(view.version)
        self.show_view(view, whole=True)
        self.screen.print(render.outcome_table(view.outcome, self.names))
        mine = [r for r in view.outcome.results if r.seat == self.seat]
        if mine:
            verdict = "You win!" if mine[0].winner else f"You finish rank {mine[0].rank}."
            self.screen.print(Text(verdict, style="bold"))

    async def choose(self, view: common_pb2.SeatView, d: common_pb2.Decision
                     ) -> common_pb2.Choice:
        """The chooser `AsyncClient.play` calls: draw, ask, parse, repeat until valid."""
        await self.refresh_table(self.table_id)
        await self.catch_up(view.version)
        if self.seen_version > view.version:
            # The log already shows later moves (a sealed round filling up): draw those.
            fresh = await self.client.get_view(self.table_id)
            if waiting_decisions(fresh):
                view, d = fresh, waiting_decisions(fresh)[0]
        optional = [o for o in view.decisions if o.optional]
        menu = prompt.menu(d, optional, self.screen.width)
        reserve = render.lines(menu, self.screen.width) + 1
        again = True
        while True:
            if again:  # the board (drawn again if it changed or scrolled away), the menu
                self.show_view(view, reserve)
                self.screen.print(menu)
            again = True
            answer = prompt.parse(await self.ask("> "), d, len(optional))
            if isinstance(answer, common_pb2.Choice):
                return answer
            if isinstance(answer, str):
                self.screen.print(Text(answer, style="yellow"))
            elif answer.name == "view":
                self.show_view(view, reserve, force=True, whole=True)
            elif answer.name == "help":
                self.screen.print(prompt.HELP)
            elif answer.name == "lookup":
                # What was looked up stays in sight: the menu is still just above it.
                self.screen.print(self.lookup(view, d, answer.term))
                again = False
            elif answer.name == "leave":
                raise Leave
            elif answer.name == "optional":
                choice = await self.choose_optional(optional[answer.index])
                if choice is not None:
                    return choice

    def lookup(self, view: common_pb2.SeatView, d: common_pb2.Decision,
               term: str) -> RenderableType:
        """`? TERM`: option N in full, or what the game's lookup finds."""
        found: RenderableType | None = prompt.option_text(d, term)
        if found is None:
            lookup = render.lookup_for(self.game, type_name(view.view))
            found = lookup(self.context(view, None), term) if lookup else None
        return found or Text(f"Nothing called {term!r} here (? for help).", style="yellow")

    async def choose_optional(self, d: common_pb2.Decision) -> common_pb2.Choice | None:
        while True:
            self.screen.print(prompt.menu(d, width=self.screen.width))
            answer = prompt.parse(await self.ask("(b = back) > "), d)
            if isinstance(answer, common_pb2.Choice):
                return answer
            if isinstance(answer, prompt.Command) and answer.name == "back":
                return None
            if isinstance(answer, str):
                self.screen.print(Text(answer, style="yellow"))

    # -- spectating -------------------------------------------------------------

    async def spectate(self, table_id: str, redraw: bool) -> None:
        await self.refresh_table(table_id)
        view = await self.client.get_view(table_id)
        self.seat = view.seat
        self.show_view(view)
        async for ev in self.client.watch(table_id):
            self.on_event(ev)
            if redraw and len(ev.pending) and not ev.HasField("outcome"):
                self.show_view(await self.client.get_view(table_id))
        await self.show_end(table_id)


def closes_commit(ev: gateway_pb2.TableEvent) -> bool:
    """The last event of a commit: the commit marker, or an event ending the game (an
    abandoned table's)."""
    return ev.event.kind in render.QUIET_KINDS or ev.outcome.finished


async def run_with_errors(console: Console, coro: Awaitable[None]) -> int:
    """Await the session; print a gateway error readably instead of a traceback."""
    try:
        await coro
    except TableroError as e:
        console.print(Text.assemble((e.code.name, "red"), f": {e.message}"))
        return 1
    except EOFError:
        console.print("\nInput closed; leaving the client (your seat stays yours).")
        return 1
    return 0
