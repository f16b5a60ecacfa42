"""`tablero replay`: verify finished tables against the rules service.

    tablero replay TABLE_ID --redis redis://127.0.0.1:6379/0 --rules 127.0.0.1:5101
    tablero replay --all --rules duel=127.0.0.1:5101 --rules cuba=127.0.0.1:5201 --json

Exit status 0 when every table replays identically, 1 on any divergence,
2 when a table cannot be read or its game has no --rules target, when Redis
cannot be reached, or when --all finds no finished table (nothing verified is
never reported as success).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from typing import Any

import grpc
from redis.asyncio import Redis
from redis.exceptions import RedisError
from rich.console import Console
from rich.table import Table
from tablero.v1 import rules_pb2_grpc

from .verify import MissingTable, ReplayResult, finished_tables, load_record, replay


def add_parser(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-run finished tables and compare final states",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("tables", nargs="*", metavar="TABLE", help="table ids")
    p.add_argument("--all", action="store_true", help="every finished table")
    p.add_argument("--limit", type=int, default=0, help="with --all: the newest N only")
    p.add_argument("--redis", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
                   help="Redis URL (default $REDIS_URL or %(default)s)")
    p.add_argument("--rules", action="append", default=[], metavar="[GAME=]HOST:PORT",
                   help="the game's rules service (repeatable; without GAME= for every game)")
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--json", action="store_true", help="one JSON object per table, one a line")
    p.set_defaults(run=run)


def rules_targets(specs: list[str]) -> dict[str, str]:
    """{game: target}; the key "" is the target for every other game."""
    out: dict[str, str] = {}
    for spec in specs:
        game, sep, target = spec.partition("=")
        out[game if sep else ""] = target if sep else spec
    return out


class Verifier:
    def __init__(self, redis: Redis, targets: dict[str, str]) -> None:
        self.redis = redis
        self.targets = targets
        self.channels: dict[str, grpc.aio.Channel] = {}

    def stub(self, game: str) -> rules_pb2_grpc.RulesStub | None:
        target = self.targets.get(game) or self.targets.get("")
        if target is None:
            return None
        if target not in self.channels:
            self.channels[target] = grpc.aio.insecure_channel(target)
        return rules_pb2_grpc.RulesStub(self.channels[target])

    async def one(self, tid: str) -> ReplayResult | str:
        """The result, or why the table could not be replayed."""
        try:
            rec = await load_record(self.redis, tid)
        except MissingTable as e:
            return str(e)
        stub = self.stub(rec.game)
        if stub is None:
            return f"table {tid}: no --rules target for game {rec.game!r}"
        return await replay(stub, rec)

    async def close(self) -> None:
        for ch in self.channels.values():
            await ch.close(None)
        await self.redis.aclose()


class NothingToVerify(Exception):
    """Redis cannot be reached, or holds no finished table."""


async def verify_all(args: argparse.Namespace) -> list[ReplayResult | str]:
    v = Verifier(Redis.from_url(args.redis, socket_connect_timeout=5), rules_targets(args.rules))
    try:
        tids = list(args.tables)
        try:
            if args.all:
                tids += await finished_tables(v.redis, args.limit)
            else:
                await v.redis.ping()
        except RedisError as e:
            raise NothingToVerify(f"cannot reach Redis at {args.redis}: {e}") from None
        if not tids:
            raise NothingToVerify(f"no finished table in Redis at {args.redis}")
        sem = asyncio.Semaphore(max(1, args.concurrency))

        async def bounded(tid: str) -> ReplayResult | str:
            async with sem:
                return await v.one(tid)

        return list(await asyncio.gather(*(bounded(t) for t in tids)))
    finally:
        await v.close()


def run(args: argparse.Namespace) -> int:
    if not args.tables and not args.all:
        raise SystemExit("replay: name tables or give --all")
    if not args.rules:
        raise SystemExit("replay: give --rules HOST:PORT (or GAME=HOST:PORT)")
    try:
        results = asyncio.run(verify_all(args))
    except NothingToVerify as e:
        if args.json:
            sys.stdout.write(json.dumps({"ok": False, "error": str(e)}) + "\n")
        print(f"replay: {e}", file=sys.stderr)
        return 2
    if args.json:
        for r in results:
            d = {"ok": False, "error": r} if isinstance(r, str) else r.as_dict()
            sys.stdout.write(json.dumps(d) + "\n")
    else:
        print_results(Console(), results)
    if any(isinstance(r, str) for r in results):
        return 2
    return 0 if all(r.ok for r in results if not isinstance(r, str)) else 1


def print_results(console: Console, results: list[ReplayResult | str]) -> None:
    t = Table(title="Replay", title_justify="left")
    for col in ("table", "game", "status", "choices", "result"):
        t.add_column(col)
    for r in results:
        if isinstance(r, str):
            t.add_row("", "", "", "", f"[yellow]{r}[/yellow]")
            continue
        t.add_row(r.table_id[:12], r.game, r.status, str(r.choices), describe(r))
    console.print(t)
    bad = sum(1 for r in results if isinstance(r, str) or not r.ok)
    console.print(f"{len(results) - bad} of {len(results)} tables replay identically.")


def describe(r: ReplayResult) -> str:
    d = r.divergence
    if d is None:
        return f"[green]identical[/green] (state {r.final_hash[:12]})"
    where = "set-up" if d.index < 0 else f"choice #{d.index + 1}"
    text = f"[red]DIVERGED[/red] at {where}: {d.reason}"
    if d.entry is not None:
        what = d.entry.get("option_id", d.entry.get("amount"))
        text += f" (seat {d.entry.get('seat')}, {d.entry.get('decision_id')} = {what!r})"
    if d.expected or d.actual:
        text += f"; recorded {d.expected}, replayed {d.actual}"
    return text
