"""The README's SDK examples run as written against the platform. An example for a
game the test platform does not serve (cuba) runs with its GAME set to duel: the
examples claim to work for any game id, so they must."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from clients.sdk import Client

README = Path(__file__).resolve().parents[2] / "clients" / "README.md"
EXAMPLE = re.compile(r"```python\n# example: (\w+)\n(.*?)```", re.S)


def test_every_example_runs_as_written(gateway):
    examples = dict(EXAMPLE.findall(README.read_text()))
    assert {"duel", "cuba"} <= set(examples)
    with Client(gateway) as c:
        c.login("docs")
        served = {g.id for g in c.list_games()}
    for game, code in examples.items():
        assert f'GAME = "{game}"' in code
        if game not in served:
            code = code.replace(f'GAME = "{game}"', 'GAME = "duel"')
        env = dict(os.environ, TABLERO_GATEWAY=gateway)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert "Most points wins." in out.stdout
