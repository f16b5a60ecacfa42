"""The interactive terminal session: log in, find or create a table, play it out.

The screen scrolls: the table's events print as they happen (other players'
moves appear live), and when the game waits on you the view is drawn, then the
decision as a numbered menu. Input is read by a daemon thread so events keep
arriving while you think.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Awaitable
from typing import Any

from google.protobuf import json_format, struct_pb2
from rich.console import Console
from tablero.v1 import common_pb2, gateway_pb2

from clients.sdk import AsyncClient, TableroError, waiting_decisions
from clients.sdk.typed import ReflectionResolver, message_for_any, type_name

from . import prompt, render


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
        self.client = client
        self.resolver = ReflectionResolver(target)
        self.input: LineInput | None = None
        self.names: list[str] = []
        self.game = ""
        self.table_id = ""
        self.seat = -1
        self.prompting = False
        self.seen_version = -1
        self.log_caught_up = asyncio.Condition()

    async def ask(self, question: str) -> str:
        if self.input is None:
            self.input = LineInput()
        self.console.print(question, end="")
        self.prompting = True
        try:
            return (await self.input.readline()).strip()
        finally:
            self.prompting = False

    # -- drawing ----------------------------------------------------------------

    async def refresh_table(self, table_id: str) -> gateway_pb2.TableInfo:
        table = await self.client.get_table(table_id)
        self.game = table.game
        self.names = render.seat_names(table, len(table.seats))
        return table

    def view_data(self, view: common_pb2.SeatView) -> dict[str, Any]:
        """The game view as JSON-like data, resolving its type through reflection
        when this process does not know it; {} when nobody does."""
        msg = message_for_any(view.view, self.resolver) if view.HasField("view") else None
        if msg is None:
            return {}
        if isinstance(msg, struct_pb2.Struct):
            # A Struct is a map: sort it so the screen does not reshuffle between draws.
            data = json_format.MessageToDict(msg, preserving_proto_field_name=True)
            return dict(sorted(data.items()))
        # A typed view: every field in declaration order, zeros included (money 0).
        return dict(json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                              always_print_fields_with_no_presence=True))

    def show_view(self, view: common_pb2.SeatView) -> None:
        ctx = render.RenderContext(self.game, view, self.view_data(view), type_name(view.view),
                                   self.names)
        self.console.print(render.view_panel(ctx))

    def on_event(self, ev: gateway_pb2.TableEvent) -> None:
        """Print an event as it arrives (the commit markers only advance the clock)."""
        async def seen() -> None:
            async with self.log_caught_up:
                self.seen_version = max(self.seen_version, ev.version)
                self.log_caught_up.notify_all()

        asyncio.get_running_loop().create_task(seen())
        if ev.event.kind in render.QUIET_KINDS:
            return
        if self.prompting:
            self.console.print()
        self.console.print(render.event_line(ev, self.seat))
        if self.prompting:
            self.console.print("> ", end="")

    async def catch_up(self, version: int, timeout_s: float = 1.0) -> None:
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
        self.console.print(f"Table {table_id}: {self.game}, you are seat {self.seat} "
                           f"({self.names[self.seat] if self.seat >= 0 else 'spectator'}).")
        try:
            await self.client.play(table_id, self.choose, on_event=self.on_event)
        except Leave:
            await self.client.leave_table(table_id)
            self.console.print("You left the table; a bot plays your seat from now on.")
            return
        await self.show_end(table_id)

    async def show_end(self, table_id: str) -> None:
        await self.refresh_table(table_id)
        view = await self.client.get_view(table_id)
        await self.catch_up(view.version)
        self.show_view(view)
        self.console.print(render.outcome_table(view.outcome, self.names))
        mine = [r for r in view.outcome.results if r.seat == self.seat]
        if mine:
            verdict = "You win!" if mine[0].winner else f"You finish rank {mine[0].rank}."
            self.console.print(verdict, style="bold")

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
        self.show_view(view)
        while True:
            self.console.print(prompt.menu(d, optional))
            answer = prompt.parse(await self.ask("> "), d, len(optional))
            if isinstance(answer, common_pb2.Choice):
                return answer
            if isinstance(answer, str):
                self.console.print(answer, style="yellow")
            elif answer.name == "view":
                self.show_view(view)
            elif answer.name == "help":
                self.console.print(prompt.HELP)
            elif answer.name == "leave":
                raise Leave
            elif answer.name == "optional":
                choice = await self.choose_optional(optional[answer.index])
                if choice is not None:
                    return choice

    async def choose_optional(self, d: common_pb2.Decision) -> common_pb2.Choice | None:
        while True:
            self.console.print(prompt.menu(d))
            answer = prompt.parse(await self.ask("(b = back) > "), d)
            if isinstance(answer, common_pb2.Choice):
                return answer
            if isinstance(answer, prompt.Command) and answer.name == "back":
                return None
            if isinstance(answer, str):
                self.console.print(answer, style="yellow")

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


async def run_with_errors(console: Console, coro: Awaitable[None]) -> int:
    """Await the session; print a gateway error readably instead of a traceback."""
    try:
        await coro
    except TableroError as e:
        console.print(f"[red]{e.code.name}[/red]: {e.message}")
        return 1
    except EOFError:
        console.print("\nInput closed; leaving the client (your seat stays yours).")
        return 1
    return 0
