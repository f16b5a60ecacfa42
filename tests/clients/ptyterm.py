"""`tablero` in a real pseudo-terminal, and what its screen shows.

The client runs with TERM=dumb (no colour or cursor codes), so the screen is the
last `rows` lines of its output once lines longer than the terminal are wrapped, as
a terminal wraps them."""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import pty
import struct
import subprocess
import sys
import termios
from collections.abc import Callable, Iterator

import pexpect.fdpexpect


class Terminal(pexpect.fdpexpect.fdspawn):
    """The child is started with subprocess (fork+exec in C) rather than pexpect's
    Python-level fork: this test process runs gRPC threads, and a Python fork of it
    must not run anything before exec."""

    def __init__(self, gateway: str, *args: str, rows: int = 60, cols: int = 110) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(os.environ, TERM="dumb", COLUMNS=str(cols), LINES=str(rows))
        self.rows, self.cols = rows, cols
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "clients", "--gateway", gateway, *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        super().__init__(master, encoding="utf-8", timeout=20)
        self.output = io.StringIO()
        self.logfile_read = self.output

    def finish(self) -> int:
        """Expect the end of output; the exit status."""
        self.expect(pexpect.EOF)
        code = self.proc.wait(10)
        os.close(self.child_fd)
        return code

    def lines(self) -> list[str]:
        """Every line printed so far, wrapped at the terminal's width; the last one is the
        line the cursor is on."""
        out: list[str] = []
        for line in self.output.getvalue().replace("\r\n", "\n").split("\n"):
            line = line.rsplit("\r", 1)[-1]
            while len(line) > self.cols:
                out.append(line[:self.cols])
                line = line[self.cols:]
            out.append(line)
        return out

    def screen(self) -> list[str]:
        """The lines on screen now."""
        return self.lines()[-self.rows:]


@contextlib.contextmanager
def terminals(gateway: str, rows: int = 60, cols: int = 110
              ) -> Iterator[Callable[..., Terminal]]:
    """A starter of `tablero` terminals; the ones still running are killed at the end."""
    made: list[Terminal] = []

    def start(*args: str) -> Terminal:
        made.append(Terminal(gateway, *args, rows=rows, cols=cols))
        return made[-1]

    try:
        yield start
    finally:
        for t in made:
            if t.proc.poll() is None:
                t.proc.kill()
                t.proc.wait()
