"""`tablero`: play, join, watch, loadtest, replay.

    tablero play duel                 find a match or create a private table, then play
    tablero play andean_abyss --solo govt   a COIN game alone against its Non-players
    tablero join ABC123               take a seat at a private table by its invite code
    tablero watch TABLE_ID            spectate a table live
    tablero tables GAME               the matchmade tables in play (to watch)
    tablero loadtest --game duel …    simulated players through the gateway
    tablero replay TABLE_ID | --all   re-run finished tables, compare final states
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable, Coroutine
from typing import Any

from rich.console import Console

from clients.sdk import DEFAULT_TARGET, AsyncClient

Session = Callable[[Any, argparse.Namespace], Coroutine[Any, Any, None]]


def option_pair(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return key, value


def seat_list(text: str) -> list[int]:
    try:
        return [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seats like 1,3, got {text!r}") from None


def add_play_parsers(sub: Any) -> None:
    p = sub.add_parser("play", help="play a game in this terminal")
    p.add_argument("game", help="game id, e.g. duel or cuba")
    p.add_argument("--seats", type=int, default=0, help="seats at the table (default: minimum)")
    p.add_argument("--option", dest="option_pairs", type=option_pair, action="append",
                   default=[], metavar="NAME=VALUE", help="a table option (repeatable)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--match", dest="mode", action="store_const", const="match",
                      help="matchmaking; bots fill empty seats after a wait")
    mode.add_argument("--bots", dest="mode", action="store_const", const="bots",
                      help="a private table with bots in every other seat")
    mode.add_argument("--invite", dest="mode", action="store_const", const="invite",
                      help="a private table; share the invite code")
    mode.add_argument("--solo", metavar="FACTION",
                      help="a COIN game alone: you play FACTION, the game's Non-player "
                           "procedures the others (e.g. andean_abyss --solo govt)")
    p.add_argument("--bot-seats", type=seat_list, default=[], metavar="1,3",
                   help="with --invite: seats played by bots")
    p.add_argument("--bots-after-ms", type=int, default=0,
                   help="with --match: how long to wait for people (0 = gateway default)")
    j = sub.add_parser("join", help="take a seat at a private table by its invite code")
    j.add_argument("invite")
    w = sub.add_parser("watch", help="spectate a table live")
    w.add_argument("table")
    w.add_argument("--views", action="store_true", help="redraw the view after every move")
    t = sub.add_parser("tables", help="list a game's matchmade tables (to watch one)")
    t.add_argument("game")
    t.add_argument("--finished", action="store_true", help="finished tables instead")
    t.add_argument("--limit", type=int, default=20)
    for q in (p, j, w, t):
        q.add_argument("--name", help="your display name (asked when missing)")


def build_parser() -> argparse.ArgumentParser:
    from clients.loadtest.cli import add_parser as add_loadtest
    from clients.replay.cli import add_parser as add_replay

    parser = argparse.ArgumentParser(prog="tablero", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gateway", default=os.environ.get("TABLERO_GATEWAY", DEFAULT_TARGET),
                        help="gateway HOST:PORT (default %(default)s, or $TABLERO_GATEWAY)")
    sub = parser.add_subparsers(dest="command", required=True)
    add_play_parsers(sub)
    add_loadtest(sub)
    add_replay(sub)
    return parser


async def interactive(args: argparse.Namespace, session: Session) -> int:
    from .terminal import Terminal, run_with_errors

    console = Console(highlight=False)
    async with AsyncClient(args.gateway) as client:
        term = Terminal(console, client, args.gateway)
        try:
            return await run_with_errors(console, session(term, args))
        finally:
            term.resolver.close()


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in ("play", "join", "watch", "tables"):
        from . import session

        if args.command == "play":
            args.options = dict(args.option_pairs)
        fn: Session = getattr(session, args.command)
        try:
            return asyncio.run(interactive(args, fn))
        except KeyboardInterrupt:
            return 130
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
