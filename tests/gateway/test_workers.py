"""GATEWAY_WORKERS (gateway/workers.py): several gateway processes on one port."""

from __future__ import annotations

import os
import random
import signal
import socket
import time
import urllib.request
from pathlib import Path

import pytest
from tablero.v1 import gateway_pb2 as gw

from deploy.processes import free_port, start_gateway, target

from ..conftest import FAST_ENV
from ..support import GatewayClient, play_to_end


def workers_of(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"


def logins_served(metrics_port: int) -> float:
    text = urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics").read().decode()
    return sum(float(line.split()[-1]) for line in text.splitlines()
               if line.startswith('tablero_gateway_rpc_total{code="OK",method="Login"}'))


def wait_for(pred, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.05)


def two_free_ports() -> int:
    """A port p with p + 1 free too (worker i serves metrics on the base port + i)."""
    for _ in range(100):
        p = free_port()
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", p + 1)) != 0:
                try:
                    s2 = socket.socket()
                    s2.bind(("127.0.0.1", p + 1))
                    s2.close()
                    return p
                except OSError:
                    continue
    raise AssertionError("no two consecutive free ports")


@pytest.fixture
def two_workers(platform, log_dir):
    metrics = two_free_ports()
    proc = start_gateway(platform.redis_url, {"duel": target(platform.rules)}, log_dir=log_dir,
                         env={**FAST_ENV, "GATEWAY_WORKERS": "2",
                              "GATEWAY_METRICS_PORT": str(metrics)})
    yield proc, metrics
    proc.stop()


def test_two_workers_share_one_port_and_both_serve(two_workers):
    proc, metrics = two_workers
    assert len(workers_of(proc.popen.pid)) == 2
    clients = [GatewayClient(proc.endpoint, own_connection=True) for _ in range(24)]
    for i, c in enumerate(clients):
        c.login(f"p{i}")
    # The kernel spreads connections over both workers (24 connections: all on one worker
    # by chance has odds of 2 in 2^24).
    served = [logins_served(metrics), logins_served(metrics + 1)]
    assert sum(served) == 24 and min(served) > 0
    for c in clients:
        c.channel.close()


def test_a_killed_worker_is_replaced_and_the_game_goes_on(two_workers, redis):
    proc, _ = two_workers
    ann, bob = (GatewayClient(proc.endpoint, own_connection=True) for _ in range(2))
    ann.login("ann")
    bob.login("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True,
                                                 options={"rounds": "3"}))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    victim = workers_of(proc.popen.pid)[0]

    def kill_a_worker(step: int) -> None:
        if step == 2:
            os.kill(victim, signal.SIGKILL)
            wait_for(lambda: len(workers_of(proc.popen.pid)) == 2
                     and victim not in workers_of(proc.popen.pid))
            time.sleep(0.5)  # the new worker announces before it is counted; let it settle

    final = play_to_end([ann, bob], info.table_id, random.Random(4), idempotent=True,
                        between=kill_a_worker)
    assert final.outcome.finished
    assert int(redis.hget(f"t:{{{info.table_id}}}:meta", "version")) == final.version


def test_stopping_the_supervisor_stops_every_worker(platform, log_dir):
    proc = start_gateway(platform.redis_url, {"duel": target(platform.rules)}, log_dir=log_dir,
                         env={**FAST_ENV, "GATEWAY_WORKERS": "2"})
    workers = workers_of(proc.popen.pid)
    proc.stop()
    wait_for(lambda: not any(running(w) for w in workers), timeout=15)


def test_a_killed_supervisor_takes_its_workers_with_it(platform, log_dir):
    proc = start_gateway(platform.redis_url, {"duel": target(platform.rules)}, log_dir=log_dir,
                         env={**FAST_ENV, "GATEWAY_WORKERS": "2"})
    workers = workers_of(proc.popen.pid)
    proc.kill()
    wait_for(lambda: not any(running(w) for w in workers), timeout=15)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_second_gateway_on_a_held_port_refuses_to_start(two_workers, platform, log_dir,
                                                          workers):
    """SO_REUSEPORT let a second platform share the port silently (11 of 20 fresh
    connections reached the wrong one): now it refuses, naming the port."""
    proc, _ = two_workers
    with pytest.raises(RuntimeError, match="exited with 1 before starting"):
        start_gateway(platform.redis_url, {"duel": target(platform.rules)}, proc.port,
                      log_dir=log_dir, env={**FAST_ENV, "GATEWAY_WORKERS": workers})
    assert len(workers_of(proc.popen.pid)) == 2  # the first is untouched


def test_any_listener_on_the_port_is_refused(platform, log_dir):
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        with pytest.raises(RuntimeError, match="exited with 1"):
            start_gateway(platform.redis_url, {"duel": target(platform.rules)},
                          other.getsockname()[1], log_dir=log_dir,
                          env={**FAST_ENV, "GATEWAY_WORKERS": "2"})
