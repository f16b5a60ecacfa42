"""Several gateway processes behind one port: `GATEWAY_WORKERS=N python -m gateway`.

A Python process serves about one core, so a host with more cores runs N
interchangeable gateways (all shared state is in Redis, DESIGN §1) bound to
one port with SO_REUSEPORT; the kernel spreads incoming connections over them.
This process only supervises: it holds the port, starts the workers, starts a
worker again if it dies, and stops them all on SIGTERM or SIGINT. Workers die
with it (PR_SET_PDEATHSIG), so a killed supervisor leaves nothing behind.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field

from .config import Config

log = logging.getLogger("tablero.gateway.workers")

PR_SET_PDEATHSIG = 1
RESTART_BACKOFF_S = 1.0


class PortTaken(Exception):
    """Something already listens on the gateway's port."""


def check_port_free(host: str, port: int) -> None:
    """Refuse a port anything listens on. SO_REUSEPORT would let a second gateway share
    it silently (and the kernel then sends it a share of the clients); this bind, without
    SO_REUSEPORT, fails when any socket listens there. Only the workers this supervisor
    starts later join the port."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT is fine
        try:
            probe.bind((host, port))
        except OSError as e:
            raise PortTaken(f"{host}:{port} is already in use ({e.strerror}): is another "
                            f"gateway running? Stop it or choose another GATEWAY_PORT") from None


def hold_port(host: str, port: int) -> socket.socket:
    """Bind (without listening) a SO_REUSEPORT socket: it picks the port when `port` is 0
    and keeps it ours while workers come and go; it never takes a connection."""
    if port:
        check_port_free(host, port)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


def _die_with_parent() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


@dataclass
class Workers:
    config: Config
    port: int
    procs: list[subprocess.Popen[str] | None] = field(default_factory=list)
    stopping: bool = False

    def env(self, i: int) -> dict[str, str]:
        env = dict(os.environ, GATEWAY_WORKERS="1", GATEWAY_REUSEPORT="1",
                   GATEWAY_PORT=str(self.port), GATEWAY_WORKER_INDEX=str(i))
        if self.config.metrics_port >= 0:
            env["GATEWAY_METRICS_PORT"] = str(self.config.metrics_port + i)
        return env

    def start(self, i: int) -> subprocess.Popen[str]:
        proc = subprocess.Popen([sys.executable, "-m", "gateway"], env=self.env(i), text=True,
                                stdout=subprocess.PIPE, preexec_fn=_die_with_parent)
        assert proc.stdout is not None
        line = proc.stdout.readline()  # "gateway host:port" once it serves
        proc.stdout.close()
        if not line.startswith("gateway "):
            proc.wait()
            raise RuntimeError(f"gateway worker {i} exited with {proc.returncode} before serving")
        return proc

    def start_all(self) -> None:
        self.procs = [self.start(i) for i in range(self.config.workers)]

    def restart_dead(self) -> None:
        for i, proc in enumerate(self.procs):
            if proc is not None and proc.poll() is None or self.stopping:
                continue
            log.warning("gateway worker %d exited; starting it again", i)
            time.sleep(RESTART_BACKOFF_S)
            try:
                self.procs[i] = self.start(i)
            except RuntimeError:
                log.exception("gateway worker %d did not start", i)
                self.procs[i] = None

    def stop(self, grace: float = 10.0) -> None:
        self.stopping = True
        live = [p for p in self.procs if p is not None and p.poll() is None]
        for p in live:
            p.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + grace
        for p in live:
            try:
                p.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def supervise(config: Config) -> None:
    """Run `config.workers` gateway processes on one port until SIGTERM or SIGINT."""
    try:
        held = hold_port(config.host, config.port)
    except PortTaken as e:
        log.error("%s", e)
        sys.exit(1)
    workers = Workers(config, held.getsockname()[1])
    stop = False

    def on_signal(signum: int, frame: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        workers.start_all()
        log.info("%d gateway workers serve port %d", config.workers, workers.port)
        print(f"gateway {config.host}:{workers.port}", flush=True)
        while not stop:
            time.sleep(0.2)
            workers.restart_dead()
    finally:
        workers.stop()
        held.close()
