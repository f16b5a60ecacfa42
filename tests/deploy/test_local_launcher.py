"""`make run`'s launcher (deploy/local.py): prints every endpoint, restarts a killed rules
replica on its port so play goes on, and stops everything on Ctrl-C."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from tablero.v1 import gateway_pb2 as gw

from deploy.processes import ROOT, child_env, free_port
from tests.support import GatewayClient, play_to_end


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_make_run_launcher_supervises_and_stops_cleanly(tmp_path):
    env = child_env({"GATEWAY_PORT": str(free_port()), "REDIS_PORT": str(free_port()),
                     "TABLERO_WITH_TEST_GAME": "1", "REPLICAS": "1",
                     "TABLERO_LOG_DIR": str(tmp_path)})
    env.pop("REDIS_URL", None)
    launcher = subprocess.Popen([sys.executable, "-m", "deploy"], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        while not lines or not lines[-1].startswith("logs "):
            line = launcher.stdout.readline()
            assert line, f"launcher ended early: {launcher.stderr.read()}"
            lines.append(line.strip())
        kinds = [ln.split()[0] for ln in lines]
        assert kinds[0] == "redis" and "gateway" in kinds
        assert {ln.split()[1] for ln in lines if ln.startswith("rules ")} >= {"duel", "cuba"}
        gateway = next(ln.split()[1] for ln in lines if ln.startswith("gateway "))

        duel = next(p for p in _children(launcher.pid) if "tests.duel" in _cmdline(p))
        os.kill(duel, signal.SIGKILL)
        assert "restarting rules duel" in launcher.stderr.readline()
        deadline = time.time() + 30
        while not any("tests.duel" in _cmdline(p) for p in _children(launcher.pid)):
            assert time.time() < deadline
            time.sleep(0.1)

        ann, bob = GatewayClient(gateway), GatewayClient(gateway)
        ann.login("ann")
        bob.login("bob")
        info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))
        bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
        final = play_to_end([ann, bob], info.table_id, random.Random(1))
        assert final.outcome.finished
        ann.close()
        bob.close()

        children = _children(launcher.pid)
        launcher.send_signal(signal.SIGINT)
        out, _ = launcher.communicate(timeout=60)
        assert "all stopped" in out
        assert not any(os.path.exists(f"/proc/{p}") and _cmdline(p) for p in children)
    finally:
        if launcher.poll() is None:
            launcher.kill()
