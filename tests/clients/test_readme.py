"""The READMEs' examples run as written against the platform (issue 11).

- clients/README.md: the SDK examples;
- README.md: the client session (reflection only) and the command that runs the
  reflection-only client.

An example for a game the test platform does not serve (cuba) runs with its game set to
duel: the examples claim to work for any game id, so they must. (Every shipped game runs
the reflection-only client in tests/integration/test_reflection_client.py.)"""

from __future__ import annotations

import ast
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from clients.sdk import Client

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = re.compile(r"```python\n# example: (\w+)\n(.*?)```", re.S)
SHELL = re.compile(r"```sh\n(.*?)```", re.S)


def served_games(gateway: str) -> set[str]:
    with Client(gateway) as c:
        c.login("docs")
        return {g.id for g in c.list_games()}


def run(argv: list[str], gateway: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABLERO_GATEWAY=gateway)
    out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    return out


def test_every_sdk_example_runs_as_written(gateway):
    examples = dict(EXAMPLE.findall((ROOT / "clients" / "README.md").read_text()))
    assert {"duel", "cuba"} <= set(examples)
    served = served_games(gateway)
    for game, code in examples.items():
        assert f'GAME = "{game}"' in code
        if game not in served:
            code = code.replace(f'GAME = "{game}"', 'GAME = "duel"')
        assert "Most points wins." in run([sys.executable, "-c", code], gateway).stdout


def test_the_readme_client_session_runs_as_written(gateway):
    readme = (ROOT / "README.md").read_text()
    code = dict(EXAMPLE.findall(readme))["session"]
    imported = {(n.module if isinstance(n, ast.ImportFrom) else n.names[0].name).split(".")[0]
                for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Import | ast.ImportFrom)}
    assert imported == {"os", "uuid", "grpc", "google", "grpc_reflection"}  # no project code
    assert 'GAME = "cuba"' in code
    out = run([sys.executable, "-c", code.replace('GAME = "cuba"', 'GAME = "duel"')], gateway)
    lines = out.stdout.splitlines()
    assert "duel" in lines[0] and lines[1] == "google.protobuf.Struct"
    assert re.fullmatch(r"now at version \d+", lines[-1])


def test_the_readme_commands_run_the_reflection_only_client(gateway):
    readme = (ROOT / "README.md").read_text()
    session = readme[readme.index("## A client session"):readme.index("## Clients")]
    commands = SHELL.findall(session)[0].strip().splitlines()
    assert commands == ["pip install grpcio grpcio-reflection protobuf",
                        "python examples/reflection_client.py --game cuba"]
    argv = shlex.split(commands[1].replace("--game cuba", "--game duel"))
    out = run([sys.executable, *argv[1:]], gateway)
    assert re.search(r"^game over after \d+ choices of mine: Most points wins\.$", out.stdout,
                     re.M)
