"""`make run`'s launcher (deploy/local.py): prints every endpoint, restarts a killed rules
replica on its port so play goes on, and stops everything on Ctrl-C."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import grpc
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from deploy.processes import ROOT, child_env, free_port
from tests.gateway.test_workers import wait_for
from tests.support import GatewayClient, play_to_end, seated_pair


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


class Launcher:
    """`python -m deploy` with its own ports and run directory."""

    def __init__(self, run_dir, redis_port: int, gateway_port: int) -> None:
        env = child_env({"GATEWAY_PORT": str(gateway_port), "REDIS_PORT": str(redis_port),
                         "TABLERO_WITH_TEST_GAME": "1", "REPLICAS": "1",
                         "TABLERO_RUN_DIR": str(run_dir)})
        env.pop("REDIS_URL", None)
        env.pop("TABLERO_LOG_DIR", None)
        self.popen = subprocess.Popen([sys.executable, "-m", "deploy"], cwd=ROOT, env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []

    def started(self) -> dict[str, str]:
        while not self.lines or not self.lines[-1].startswith("logs "):
            line = self.popen.stdout.readline()
            assert line, f"launcher ended early: {self.popen.stderr.read()}"
            self.lines.append(line.strip())
        return {ln.split()[0]: ln.split()[1] for ln in self.lines}

    def stop(self) -> str:
        self.popen.send_signal(signal.SIGINT)
        out, _ = self.popen.communicate(timeout=60)
        return out


def test_ctrl_c_and_make_run_again_finds_every_table_and_session(tmp_path):
    ports = free_port(), free_port()
    first = Launcher(tmp_path, *ports)
    try:
        shown = first.started()
        assert shown["data"] == str(tmp_path / "redis")
        ann, bob, info = seated_pair(shown["gateway"])
        d = ann.GetView(gw.GetViewRequest(table_id=info.table_id)).decisions[0]
        ann.Act(gw.ActRequest(table_id=info.table_id, choice=pb.Choice(decision_id=d.id,
                                                                       amount=2)))
        # The embedded Redis dies: it is started again on its data, like any process.
        redis_pid = next(p for p in _children(first.popen.pid) if "redis-server" in _cmdline(p))
        os.kill(redis_pid, signal.SIGKILL)
        assert "restarting redis" in first.popen.stderr.readline()
        wait_for(lambda: _viewable(bob, info.table_id) == 1)
        assert "all stopped" in first.stop()
    finally:
        if first.popen.poll() is None:
            first.popen.kill()
    second = Launcher(tmp_path, *ports)
    try:
        second.started()
        view = bob.GetView(gw.GetViewRequest(table_id=info.table_id))  # bob's session too
        assert view.version == 1 and view.seat == 1
        ann.close()
        bob.close()
    finally:
        second.stop()
    assert list(tmp_path.joinpath("redis").glob("appendonly.aof*"))


def test_a_second_launcher_on_the_same_data_refuses_to_start(tmp_path):
    first = Launcher(tmp_path, free_port(), free_port())
    try:
        first.started()
        second = Launcher(tmp_path, free_port(), free_port())
        out, err = second.popen.communicate(timeout=60)
        assert second.popen.returncode == 1 and "in use by another `make run`" in err
    finally:
        first.stop()


def _viewable(c: GatewayClient, tid: str) -> int:
    try:
        return c.GetView(gw.GetViewRequest(table_id=tid)).version
    except grpc.RpcError:
        return -1
