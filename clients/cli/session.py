"""Getting a person to a table: log in, then find a match, create a private
table (bots or friends), or join one by its invite code."""

from __future__ import annotations

import argparse
import asyncio

import grpc
from tablero.v1 import common_pb2, gateway_pb2

from clients.sdk import AsyncClient, TableroError

from . import render
from .terminal import Terminal

MODES = {
    "1": "match", "2": "bots", "3": "invite",
}
MENU = """How do you want to play?
  1. Find a match (bots fill empty seats after a wait)
  2. A private table against bots
  3. A private table with friends (invite code)"""


async def login(term: Terminal, name: str | None) -> None:
    while not name:
        name = await term.ask("Your name: ")
    resp = await term.client.login(guest_name=name)
    term.console.print(f"Logged in as {resp.display_name or name}.")


async def choose_mode(term: Terminal, args: argparse.Namespace) -> str:
    if args.mode:
        return str(args.mode)
    term.console.print(MENU)
    while True:
        answer = await term.ask("> ")
        if answer in MODES:
            return MODES[answer]
        term.console.print("Type 1, 2 or 3.", style="yellow")


async def seats_for(client: AsyncClient, game: str, seats: int) -> int:
    info = await client.describe_game(game)
    return seats or info.min_seats


NON_PLAYERS = "non_players"  # the COIN games' table option: the factions no one plays


def solo_options(info: common_pb2.GameInfo, faction: str,
                 options: dict[str, str]) -> dict[str, str]:
    """A solo table's options (COIN rules 1.5 and chapter 8): the game's `non_players`
    option names every faction but `faction` (a role id or name), role ids joined by '+'
    in role order."""
    roles = [r.id for r in info.roles]
    want = faction.lower()
    mine = next((r.id for r in info.roles if want in (r.id.lower(), r.name.lower())), None)
    if mine is None:
        raise solo_error(f"{info.id} has no faction {faction!r} (its factions: "
                         f"{', '.join(roles) or 'none'})")
    spec = next((o for o in info.options if o.name == NON_PLAYERS), None)
    if spec is None:
        raise solo_error(f"{info.id} has no Non-player factions to play alone against")

    def others(role: str) -> str:
        return "+".join(r for r in roles if r != role)
    if others(mine) not in spec.values:
        solo = [r for r in roles if others(r) in spec.values]
        raise solo_error(f"{info.id} is played alone as {' or '.join(solo) or 'no faction'}, "
                         f"not {mine}")
    return {**options, NON_PLAYERS: others(mine)}


def solo_error(message: str) -> TableroError:
    return TableroError("Solo", grpc.StatusCode.INVALID_ARGUMENT, message)


async def solo_table(term: Terminal, args: argparse.Namespace) -> str:
    """A 1-seat private table: the person plays `args.solo`, the rules service the rest."""
    info = await term.client.describe_game(args.game)
    options = solo_options(info, args.solo, args.options)
    table = await term.client.create_table(args.game, 1, options)
    term.console.print(f"Solo: you play {args.solo}; {options[NON_PLAYERS]} are Non-players.")
    return table.table_id


async def find_table(term: Terminal, args: argparse.Namespace) -> str:
    """The table id to play at, by the chosen mode."""
    if getattr(args, "solo", None):
        return await solo_table(term, args)
    client = term.client
    seats = await seats_for(client, args.game, args.seats)
    mode = await choose_mode(term, args)
    if mode == "match":
        term.console.print(f"Looking for a game of {args.game} with {seats} seats…")
        t = await client.match(args.game, seats, args.options, allow_bots=True,
                               bots_after_ms=args.bots_after_ms)
        term.console.print(f"Matched: table {t.table_id}, seat {t.seat}.")
        return t.table_id
    bot_seats = list(range(1, seats)) if mode == "bots" else list(args.bot_seats)
    table = await client.create_table(args.game, seats, args.options, bot_seats=bot_seats)
    if table.status == gateway_pb2.TABLE_STATUS_OPEN:
        code = table.invite_code
        dashes = "-- " if code.startswith("-") else ""
        term.console.print(f"Invite code: [bold]{code}[/bold]  "
                           f"(others join with: tablero join {dashes}{code})")
        await wait_for_players(term, table)
    return table.table_id


async def wait_for_players(term: Terminal, table: gateway_pb2.TableInfo,
                           poll_s: float = 0.5) -> None:
    """Until a private table's free seats are taken (it starts by itself)."""
    seen = {s.seat for s in table.seats if s.player_id or s.bot}
    term.console.print("Waiting for players to join…")
    while table.status == gateway_pb2.TABLE_STATUS_OPEN:
        await asyncio.sleep(poll_s)
        table = await term.client.get_table(table.table_id)
        for s in table.seats:
            if (s.player_id or s.bot) and s.seat not in seen:
                seen.add(s.seat)
                term.console.print(f"  {s.display_name or 'a player'} took seat {s.seat}.")


async def play(term: Terminal, args: argparse.Namespace) -> None:
    await login(term, args.name)
    await term.play(await find_table(term, args))


async def join(term: Terminal, args: argparse.Namespace) -> None:
    await login(term, args.name)
    table = await term.client.join_table(args.invite)
    term.console.print(f"Joined table {table.table_id} at seat {table.your_seat}.")
    if table.status == gateway_pb2.TABLE_STATUS_OPEN:
        await wait_for_players(term, table)
    await term.play(table.table_id)


async def watch(term: Terminal, args: argparse.Namespace) -> None:
    await login(term, args.name or "spectator")
    await term.spectate(args.table, args.views)


async def tables(term: Terminal, args: argparse.Namespace) -> None:
    """The newest matchmade tables of a game, with who sits where."""
    await login(term, args.name or "lister")
    found: list[gateway_pb2.TableInfo] = []
    token = ""
    while len(found) < args.limit:
        page = await term.client.list_tables(args.game, finished=args.finished,
                                             page_size=min(100, args.limit - len(found)),
                                             page_token=token)
        found.extend(page.tables)
        token = page.next_page_token
        if not token:
            break
    term.console.print(render.tables_table(found, args.finished))
