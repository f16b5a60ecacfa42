"""`make native`: compile the rules engines to C extension modules with mypyc (decision 0015).

    python scripts/native.py [PACKAGE ...]     # default: every package under services/
    python scripts/native.py --clean           # remove every compiled module

The same source runs compiled or interpreted: nothing in the rules knows. Each package
(services/kernel, services/coin, services/<game>) is one extension group, so an image holds
only its own (deploy/images/rules.Dockerfile). The modules are built in place, next to
their source (`x.py` → `x.cpython-311-….so`, which Python imports first; a group's code is
in `tablero_<package>__mypyc….so` at the root), and services/native.json records the hash
of every compiled source: when a source no longer matches, `services/__init__.py` runs
every module of the build from its source instead, and says so (services/native.py).
Nothing is compiled that mypyc cannot run as written: `__init__`/`__main__` modules, the
rules services' servers (services/runtime), the event cards (their registry reads each
card function's docstring, which a compiled function does not keep), and the modules that
define msgspec Structs (the state records, kernel/records.py, the events: msgspec needs its own
class machinery).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from services.native import MANIFEST, SERVICES, digest  # noqa: E402 - the guard's own record

# a module that defines a msgspec Struct (or a subclass of one: `kw_only=True`)
STRUCT = re.compile(r"^class \w+\((?:[\w.]*Struct\b|.*kw_only=True)", re.M)
SKIP_PACKAGES = {"runtime"}
CARDS = {"events", "cards"}  # the card registries read each card function's docstring


def compiled_sources(package: Path) -> list[Path]:
    """The modules of one package that are compiled."""
    out = []
    for path in sorted(package.rglob("*.py")):
        if path.name in ("__init__.py", "__main__.py") or CARDS & set(path.parts):
            continue
        if STRUCT.search(path.read_text(encoding="utf-8")):
            continue
        out.append(path)
    return out


def packages(names: list[str]) -> list[Path]:
    """The packages named (paths from the root: services/kernel), else every one; a name
    that is not a package of services/ is refused before anything is touched."""
    if names:
        out = [(ROOT / n).resolve() for n in names]
        wrong = [n for n, p in zip(names, out, strict=True)
                 if p.parent != SERVICES or not (p / "__init__.py").exists()]
        if wrong:
            raise SystemExit(f"not a package of services/: {', '.join(wrong)}\n{__doc__}")
        return out
    return sorted(p for p in SERVICES.iterdir()
                  if p.is_dir() and (p / "__init__.py").exists() and p.name not in SKIP_PACKAGES)


def remove_compiled(packages: list[Path]) -> None:
    """The compiled files of these packages (a module compiled before and not now must not
    shadow its source)."""
    for p in packages:
        for so in p.rglob("*.so"):
            so.unlink()


def clean() -> None:
    remove_compiled([SERVICES])
    for so in ROOT.glob("tablero_*__mypyc.*.so"):
        so.unlink()
    MANIFEST.unlink(missing_ok=True)


def build(pkgs: list[Path]) -> None:
    groups = [(p.name, [str(s.relative_to(ROOT)) for s in compiled_sources(p)]) for p in pkgs]
    names = [str(p.relative_to(ROOT)) for p in pkgs]
    # the build runs in a child: mypyc's setuptools glue wants a setup() call of its own
    setup = (
        "import json, sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        "groups = json.loads(sys.argv.pop(1))\n"
        "setup(name='tablero-native', packages=[], ext_modules=mypycify(\n"
        "    [f for _, fs in groups for f in fs], opt_level='3',\n"
        "    separate=[(fs, 'tablero_' + name) for name, fs in groups]))\n")
    env = {**os.environ, "MYPYPATH": str(ROOT / "gen")}
    remove_compiled(pkgs)
    built = json.loads(MANIFEST.read_text(encoding="utf-8")) if MANIFEST.exists() else {}
    built = {f: h for f, h in built.items() if not any(f.startswith(n + "/") for n in names)}
    MANIFEST.unlink(missing_ok=True)  # a half-done build is no build (services/native.py)
    subprocess.run([sys.executable, "-c", setup, json.dumps(groups), "build_ext", "--inplace",
                    "--build-temp", str(ROOT / "build" / "native"), "-j", str(os.cpu_count() or 1)],
                   cwd=ROOT, env=env, check=True)
    built.update({f: digest(ROOT / f) for _, fs in groups for f in fs})
    MANIFEST.write_text(json.dumps(built, indent=0, sort_keys=True) + "\n", encoding="utf-8")


def main(argv: list[str]) -> None:
    if argv == ["--clean"]:
        clean()
        return
    build(packages(argv))


if __name__ == "__main__":
    main(sys.argv[1:])
