"""`tablero loadtest`: arguments, progress bar, and the report as a table, JSON or CSV.

    tablero loadtest --game duel --tables 200 --duration 30
    tablero loadtest --game duel --tables 50 --games 500 --json > run.json
    tablero loadtest --game duel --tables 20 --humans 1 --duration 60 --histogram lat.png
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import signal
import sys
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from .png import histogram_png
from .runner import LoadConfig, LoadTest
from .stats import Stats, csv_rows


def add_parser(sub: Any) -> None:
    from clients.cli.main import option_pair

    p = sub.add_parser("loadtest", help="simulated players through the gateway",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", required=True)
    p.add_argument("--tables", type=int, default=10, help="tables in play at once")
    p.add_argument("--seats", type=int, default=0, help="seats per table (default: minimum)")
    p.add_argument("--humans", type=int, default=0,
                   help="simulated players per table (default: every seat); bots take the rest")
    p.add_argument("--mode", choices=("match", "private", "bots"), default="match",
                   help="matchmaking queue, private tables joined by invite code, or "
                        "tables of bots alone watched to their end (needs --api-key)")
    p.add_argument("--api-key", default="", help="log in with this API key (--mode bots)")
    stop = p.add_argument_group("when to stop starting games (one is required)")
    stop.add_argument("--duration", type=float, default=0.0, metavar="S")
    stop.add_argument("--games", type=int, default=0, metavar="K")
    p.add_argument("--concurrency", type=int, default=0,
                   help="at most this many RPCs in flight (0 = no cap; long polls excepted)")
    p.add_argument("--channels", type=int, default=4, help="gRPC connections to share")
    p.add_argument("--option", dest="option_pairs", type=option_pair, action="append",
                   default=[], metavar="NAME=VALUE")
    p.add_argument("--bots-after-ms", type=int, default=0)
    p.add_argument("--drain", type=float, default=120.0, metavar="S",
                   help="after --duration, how long games in flight may take to finish")
    p.add_argument("--deadline", type=float, default=900.0, metavar="S",
                   help="the whole run ends by then, even with --games: games in flight "
                        "are cut off and counted unfinished (the report is written)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--choices", choices=("random", "suggested"), default="random",
                   help="random legal choices, or the gateway's bot suggestion for each")
    p.add_argument("--no-calibrate", action="store_true",
                   help="skip the loopback no-op round-trip measurement")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--csv", action="store_true", help="print CSV rows")
    p.add_argument("--histogram", metavar="PNG", help="write a latency histogram PNG")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def config_of(args: argparse.Namespace) -> LoadConfig:
    if args.duration <= 0 and args.games <= 0:
        raise SystemExit("loadtest: give --duration S or --games K")
    if args.mode == "bots" and not args.api_key:
        raise SystemExit("loadtest: --mode bots needs --api-key (tables of bots alone)")
    return LoadConfig(
        gateway=args.gateway, game=args.game, tables=args.tables, seats=args.seats,
        humans=args.humans, mode=args.mode, duration_s=args.duration, games=args.games,
        concurrency=args.concurrency, channels=args.channels,
        options=dict(args.option_pairs), bots_after_ms=args.bots_after_ms,
        drain_s=args.drain, seed=args.seed, calibrate=not args.no_calibrate,
        choices=args.choices, deadline_s=args.deadline, api_key=args.api_key)


def run(args: argparse.Namespace) -> int:
    test = LoadTest(config_of(args))
    err = Console(stderr=True)
    rep = asyncio.run(_run(test, err, show=not args.quiet and err.is_terminal))
    if args.histogram:
        with open(args.histogram, "wb") as f:
            f.write(histogram_png(test.stats.latency, f"{args.game} LATENCY MS LOG SCALE"))
    if args.json:
        json.dump(rep, sys.stdout)
        sys.stdout.write("\n")
    elif args.csv:
        csv.writer(sys.stdout).writerows(csv_rows(rep))
    else:
        print_report(Console(), rep)
    ok = rep["games_started"] > 0 and rep["games_unfinished"] == 0
    return 0 if ok else 1


async def _run(test: LoadTest, err: Console, show: bool) -> dict[str, Any]:
    """Run with a progress bar; the first Ctrl-C stops new games, the second cuts the games
    in flight off (they count unfinished; the report is written either way)."""
    loop = asyncio.get_running_loop()

    def interrupt() -> None:
        if test.stopping:
            test.cut_off()
        test.stop()

    loop.add_signal_handler(signal.SIGINT, interrupt)
    cfg = test.cfg
    total = cfg.games if cfg.games else None
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[info]}"),
                  TimeElapsedColumn(), console=err, disable=not show, transient=True) as bar:
        task = bar.add_task("games finished", total=total, info="")

        def tick(s: Stats) -> None:
            rate = s.choices / s.elapsed_s if s.elapsed_s else 0.0
            info = (f"{len(s.tables_finished)}/{len(s.tables_started)} games  "
                    f"{s.choices} choices  {rate:.0f}/s  {sum(s.errors.values())} errors")
            bar.update(task, completed=len(s.tables_finished), info=info)

        try:
            return await test.run(on_tick=tick)
        finally:
            loop.remove_signal_handler(signal.SIGINT)


def print_report(console: Console, rep: dict[str, Any]) -> None:
    head = Table(title="Load test", show_header=False, title_justify="left")
    oh = rep["client_overhead"]
    mm = rep["matchmaking_wait_ms"]
    for k, v in (("duration s", rep["duration_s"]), ("games started", rep["games_started"]),
                 ("games finished", rep["games_finished"]),
                 ("games unfinished", rep["games_unfinished"]), ("choices", rep["choices_total"]),
                 ("choices/s", rep["choices_per_s"]), ("errors", rep["errors_total"]),
                 ("matchmaking wait ms p50/p99", f"{mm['p50']} / {mm['p99']}"),
                 ("client CPU ms per choice", oh["cpu_ms_per_choice"]),
                 ("client CPU utilisation", oh["cpu_utilisation"]),
                 ("event-loop lag ms p99/max",
                  f"{oh['loop_lag_ms']['p99']} / {oh['loop_lag_ms']['max']}"),
                 ("loopback no-op RTT ms p50/p99", _noop(oh["noop_rtt_ms"]))):
        head.add_row(k, str(v))
    console.print(head)
    lat = Table(title="Latency per RPC (ms)", title_justify="left")
    for col in ("rpc", "count", "p50", "p95", "p99", "max"):
        lat.add_column(col, justify="left" if col == "rpc" else "right")
    for rpc, s in rep["latency_ms"].items():
        lat.add_row(rpc, *(str(s[k]) for k in ("count", "p50", "p95", "p99", "max")))
    console.print(lat)
    if rep["errors_by_code"] or rep["failures"]:
        errs = Table(title="Errors", title_justify="left")
        errs.add_column("status / failure")
        errs.add_column("count", justify="right")
        for k, n in {**rep["errors_by_rpc"], **rep["failures"]}.items():
            errs.add_row(k, str(n))
        console.print(errs)


def _noop(n: dict[str, float] | None) -> str:
    return "not measured" if n is None else f"{n['p50']} / {n['p99']}"
