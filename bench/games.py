"""`make bench-games`: every shipped game's full random games through `engine.act`, in
process, beside the same figures for a base ref measured in the same run (issue 15).

    python -m bench.games [--base REF] [--runs N] [--seconds S] [--seats N] [--grpc] [GAME ...]

For each game (default: every game `deploy.local.shipped_games` finds, so games added
later are measured too) it prints games/s and choices/s as min/median/max over the runs,
the base's beside it, and new/base as the ratio of the medians (and its min..max over the
runs). Each figure comes from a child process that imports the game from one tree: this
worktree, or the base ref unpacked into a temporary directory (`git archive`, protos
generated there), so both run the same loop on the same seeds: set-up, then for every
choice a uniformly random waited-on decision and option, applied with `engine.act` (decode,
check, apply, encode, pending decisions). Runs alternate base and new so that the load of
a shared machine falls on both alike. The number of games is set once per game from a
short calibration of the new tree (about `--seconds` per run). Rates are per second of the
child's CPU time, so that other work on a shared machine slows both trees' wall clocks, not
the figures.

The default base is the merge-base of HEAD with main (what this branch changes); pass
`--base 639746b` for issue 15's baseline. `--base none` measures this tree alone.
`--grpc` also plays each game through its rules service over gRPC (bench.rules_service)
for both trees, once. When this tree's engines are compiled (`make native`, decision 0015),
it is measured twice, compiled ("new") and from its sources ("new interpreted",
TABLERO_NATIVE=off), each beside the base: what compiling gives apart from the rest.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


# -- the child: one tree's engine ------------------------------------------------------------

def play(game_id: str, games: int, seats: int) -> dict[str, Any]:
    """Full random games of one game through `engine.act`; figures as JSON-ready data."""
    import importlib

    from services.kernel import engine, rng
    from services.kernel.bots import random_choice

    try:
        game = importlib.import_module(f"services.{game_id}").GAME
    except ImportError:
        return {"missing": True}
    seats = max(game.min_seats, min(seats, game.max_seats))
    choices = 0
    start = time.process_time()
    for seed in range(games):
        r = rng.seeded(seed, stream=7)
        step = engine.setup(game, seats, {}, seed)
        while step.outcome is None:
            pending = getattr(step, "pending", None)  # older trees: every decision worded
            waiting = [d for d in (step.decisions if pending is None else pending)
                       if not d.optional]
            d = waiting[rng.randbelow(r, len(waiting))]
            step = engine.act(game, step.state, d.seat, random_choice(d, r))
            choices += 1
    seconds = time.process_time() - start  # CPU seconds: a shared machine's load aside
    flow = importlib.import_module("services.kernel.flow")
    compiled = (flow.__file__ or "").endswith(".so")  # decision 0015 (older trees: never)
    return {"games": games, "seats": seats, "choices": choices, "seconds": seconds,
            "compiled": compiled}


# -- the driver ------------------------------------------------------------------------------

def run_child(tree: Path, args: list[str], native: str = "") -> dict[str, Any]:
    """This file run as a script with `tree` first on the path; its JSON answer."""
    out = subprocess.run(script(Path(__file__).resolve(), ["--child", *args]),
                         cwd=tree, env=tree_env(tree, native), capture_output=True, text=True,
                         check=False)
    if out.returncode != 0:
        raise SystemExit(f"bench child in {tree} failed:\n{out.stderr[-3000:]}")
    answer: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return answer


def script(path: Path, args: list[str]) -> list[str]:
    """A command running the file `path` as __main__ without putting its directory on the
    path (bench/platform.py would hide the standard library's `platform`): the child's
    working directory, the tree it measures, comes first instead."""
    argv = [str(path), *args]
    return [sys.executable, "-c", f"import runpy, sys; sys.argv = {argv!r}; "
            f"runpy.run_path({str(path)!r}, run_name='__main__')"]


def tree_env(tree: Path, native: str = "") -> dict[str, str]:
    """The environment of a child that imports the game code of `tree` (`native`: "off" runs
    this tree's compiled modules from their sources, services/native.py)."""
    return dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'gen'}",
                TABLERO_NATIVE=native)


def unpack(ref: str, into: Path) -> Path:
    """The tree of `ref` (git archive) with its generated protos."""
    tree = into / "tree"
    tree.mkdir()
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    subprocess.run([sys.executable, "scripts/gen_protos.py"], cwd=tree, check=True,
                   capture_output=True)
    return tree


def compiled_here() -> bool:
    """Whether this tree runs its engines compiled (`make native`, decision 0015)."""
    return bool(run_child(ROOT, ["play", "cuba", "1", "3"]).get("compiled"))


def default_base() -> str:
    out = subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=ROOT,
                         capture_output=True, text=True, check=False)
    return out.stdout.strip()[:12] if out.returncode == 0 else "none"


def spread(values: list[float], fmt: str = "{:.1f}") -> str:
    """min/median/max."""
    return "/".join(fmt.format(v) for v in (min(values), statistics.median(values),
                                            max(values)))


def calibrate(game: str, seats: int, seconds: float) -> int:
    probe = run_child(ROOT, ["play", game, "2", str(seats)])
    return max(2, round(seconds * float(probe["games"]) / float(probe["seconds"])))


Tree = tuple[Path, str]  # a tree and its TABLERO_NATIVE


def measure_games(games: list[str], trees: dict[str, Tree], runs: int, seconds: float,
                  seats: int) -> None:
    names = list(trees)
    print(f"full random games through engine.act, in process, per CPU second; {runs} runs, "
          "figures min/median/max; ratio: medians (min..max of the runs)")
    for game in games:
        n = calibrate(game, seats, seconds)
        figures: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
        for i in range(runs):
            for name in (names if i % 2 == 0 else names[::-1]):
                tree, native = trees[name]
                figures[name].append(run_child(tree, ["play", game, str(n), str(seats)], native))
        report(game, n, figures)


def report(game: str, n: int, figures: dict[str, list[dict[str, Any]]]) -> None:
    rates: dict[str, tuple[list[float], list[float]]] = {}
    for name, runs in figures.items():
        if any(f.get("missing") for f in runs):
            print(f"  {game:14s} {name:12s} (no such game in this tree)")
            continue
        gps = [f["games"] / f["seconds"] for f in runs]
        cps = [f["choices"] / f["seconds"] for f in runs]
        rates[name] = (gps, cps)
        per = runs[0]["choices"] / runs[0]["games"]
        how = "compiled" if runs[0].get("compiled") else "interpreted"
        print(f"  {game:14s} {name:16s} {n} games, {runs[0]['seats']} seats, {how}: games/s "
              f"{spread(gps, '{:.2f}')}, choices/s {spread(cps, '{:.0f}')} "
              f"({per:.0f} choices/game)")
    names = list(rates)
    if len(names) < 2 or not names[0].startswith("base"):
        return
    base_g, base_c = rates[names[0]]
    for name in names[1:]:
        new_g, new_c = rates[name]
        g = [a / b for a, b in zip(new_g, base_g, strict=True)]
        c = [a / b for a, b in zip(new_c, base_c, strict=True)]
        games_x = statistics.median(new_g) / statistics.median(base_g)
        choices_x = statistics.median(new_c) / statistics.median(base_c)
        print(f"  {game:14s} {name + '/base':20s} games/s {games_x:.2f}x "
              f"({min(g):.2f}..{max(g):.2f}), choices/s {choices_x:.2f}x "
              f"({min(c):.2f}..{max(c):.2f})")


def measure_grpc(games: list[str], trees: dict[str, Tree]) -> None:
    print("through each game's rules service over gRPC (Suggest + Act per choice), one run:")
    rules = ROOT / "bench" / "rules_service.py"
    for game in games:
        for name, (tree, native) in trees.items():
            out = subprocess.run(script(rules, [game]), cwd=tree, env=tree_env(tree, native),
                                 capture_output=True, text=True, check=False)
            line = out.stdout.strip().splitlines()[-1] if out.returncode == 0 else (
                "failed: " + (out.stderr.strip().splitlines() or ["?"])[-1])
            print(f"  {name:16s} {line}")


def main(argv: list[str]) -> None:
    if argv[:1] == ["--child"]:
        _, what, game, n, seats = argv
        print(json.dumps(play(game, int(n), int(seats))))
        return
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*")
    p.add_argument("--base", default="")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--grpc", action="store_true")
    a = p.parse_args(argv)
    sys.path[:0] = [str(ROOT), str(ROOT / "gen")]
    from deploy.local import shipped_games

    games = a.games or [g for g in shipped_games() if g != "duel"]
    base = a.base or default_base()
    with tempfile.TemporaryDirectory(prefix="bench-games-") as tmp:
        trees: dict[str, Tree] = {"new": (ROOT, "")}
        if compiled_here():  # this tree's sources too, to tell compiling from the rest
            trees["new interpreted"] = (ROOT, "off")
        if base != "none":
            print(f"base {base}: unpacking into {tmp}", flush=True)
            trees = {f"base {base}": (unpack(base, Path(tmp)), ""), **trees}
        measure_games(games, trees, a.runs, a.seconds, a.seats)
        if a.grpc:
            measure_grpc(games, trees)


if __name__ == "__main__":
    main(sys.argv[1:])
