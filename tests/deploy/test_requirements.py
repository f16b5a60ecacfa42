"""`make run` installs only what running needs (requirements.txt); `make test` and
`make lint` add their tools (requirements-dev.txt); what the running code imports is all
in the runtime file (issue 11 item 6)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from deploy.processes import ROOT

TOOLS = {"pytest", "pytest-asyncio", "hypothesis", "pexpect", "ruff", "mypy", "pyyaml",
         "types-pyyaml", "types-protobuf"}
# What `make run` runs: the services, the gateway, the clients, the local launcher.
RUNNING = ["services", "gateway", "clients", "deploy/local.py", "deploy/processes.py",
           "deploy/__main__.py", "scripts/gen_protos.py"]
# Optional extras, each saying so: the Locust adapter, the clients' wheel build hook.
OPTIONAL = {ROOT / "clients" / "locustfile.py", ROOT / "clients" / "setup.py"}


def names(path: Path) -> set[str]:
    """The distributions a requirements file names, with those of the files it includes
    (`-r`), the runtime file's aside."""
    out = set()
    for line in path.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("-r"):
            included = line.split()[1]
            if included != "requirements.txt":
                out |= names(path.parent / included)
        elif line:
            out.add(re.split(r"[=<>\[ ]", line)[0].lower().replace("_", "-"))
    return out


def test_the_runtime_file_has_no_test_or_lint_tool_and_dev_adds_them():
    run, dev = names(ROOT / "requirements.txt"), names(ROOT / "requirements-dev.txt")
    assert not run & TOOLS
    assert dev >= TOOLS and not run & dev
    assert "-r requirements.txt" in (ROOT / "requirements-dev.txt").read_text()


def third_party_imports() -> set[str]:
    found: set[str] = set()
    files = [p for r in RUNNING for p in ((ROOT / r).rglob("*.py") if (ROOT / r).is_dir()
                                          else [ROOT / r]) if p not in OPTIONAL]
    local = {"services", "gateway", "clients", "deploy", "tablero", "tests", "bench"}
    for f in files:
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return {m for m in found - local if m not in sys.stdlib_module_names}


def test_everything_the_running_code_imports_is_in_the_runtime_file():
    run = names(ROOT / "requirements.txt")
    dists = metadata.packages_distributions()
    for module in third_party_imports():
        provided = {d.lower().replace("_", "-") for d in dists.get(module, [])}
        assert provided & run, f"{module} (from {sorted(provided)}) is not in requirements.txt"


@pytest.mark.parametrize("target,dev", [("run", False), ("venv", False), ("test", True),
                                        ("lint", True)])
def test_make_installs_the_tools_only_for_tests_and_lint(tmp_path, target, dev):
    """A dry run (`make -n`) against a virtualenv that does not exist yet."""
    out = subprocess.run(["make", "-n", target, f"VENV={tmp_path / 'venv'}"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert "pip install -q -r requirements.txt" in out
    assert ("-r requirements-dev.txt" in out) == dev
