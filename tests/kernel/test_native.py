"""Decision 0015: the rules engines compiled with mypyc are used whole while they match their
sources, and not at all once one does not (services/native.py)."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from services import native

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = native.SUFFIXES[0]
# what issue 15 measures: the kernel's flow, the COIN machinery, each game's rules
ENGINES = ("services.kernel.flow", "services.kernel.sealed", "services.coin.operations",
           "services.andean_abyss.game", "services.cuba.game", "services.cuba_libre.game",
           "services.junta.game")


@pytest.fixture
def compiled() -> None:
    """The tests of the build itself: skipped in a tree without one (`make native`), failed
    in CI (TABLERO_NATIVE=required, after `make native`), where it must be there."""
    if not native.is_compiled(importlib.import_module("services.kernel.flow")):
        if os.environ.get("TABLERO_NATIVE") == "required":
            pytest.fail("TABLERO_NATIVE=required and the engines are not compiled")
        pytest.skip("no compiled build in this tree (make native)")


def fake_build(tmp_path: Path, sources: dict[str, str]) -> tuple[Path, dict[str, Path]]:
    """A services/ tree with a compiled file beside each source, and its manifest."""
    services = tmp_path / "services"
    for rel, text in sources.items():
        src = services / rel
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(text)
        src.with_name(src.stem + SUFFIX).write_bytes(b"")
    manifest = services / "native.json"
    manifest.write_text(json.dumps({f"services/{rel}": hashlib.sha256(text.encode()).hexdigest()
                                    for rel, text in sources.items()}))
    return manifest, native.compiled_modules(services)


def test_a_build_that_matches_its_sources_is_used(tmp_path: Path) -> None:
    manifest, modules = fake_build(tmp_path, {"g/rules.py": "X = 1\n", "g/more.py": "Y = 2\n"})
    assert sorted(modules) == ["services.g.more", "services.g.rules"]
    assert native.stale(modules, manifest) == []


def test_an_edited_source_makes_the_whole_build_stale(tmp_path: Path) -> None:
    manifest, modules = fake_build(tmp_path, {"g/rules.py": "X = 1\n", "g/more.py": "Y = 2\n"})
    modules["services.g.rules"].write_text("X = 2\n")
    assert native.stale(modules, manifest) == ["services.g.rules"]


def test_a_build_without_its_manifest_is_stale(tmp_path: Path) -> None:
    manifest, modules = fake_build(tmp_path, {"g/rules.py": "X = 1\n"})
    manifest.unlink()  # scripts/native.py removes it first: a build that did not finish
    assert native.stale(modules, manifest) == ["services.g.rules"]


def test_a_stale_build_runs_every_module_from_its_source(tmp_path: Path) -> None:
    """The finder `guard` installs loads the source, not the compiled file beside it."""
    _, modules = fake_build(tmp_path, {"g/rules.py": "X = 1\n"})
    spec = native.SourceFirst(modules).find_spec("services.g.rules")
    assert spec is not None and spec.origin == str(modules["services.g.rules"])
    assert native.SourceFirst(modules).find_spec("services.g.other") is None


def test_the_guard_runs_a_stale_build_from_source_and_says_so(compiled: None,
                                                             tmp_path: Path) -> None:
    """In a child: a manifest naming another hash for every compiled module makes the kernel's
    flow load from flow.py (compiled or not, the answer is then the source) with a warning."""
    code = ("import warnings, json, pathlib\n"
            "from services import native\n"
            f"native.MANIFEST = pathlib.Path({str(tmp_path / 'native.json')!r})\n"
            "native.MANIFEST.write_text('{}')\n"
            "with warnings.catch_warnings(record=True) as w:\n"
            "    warnings.simplefilter('always')\n"
            "    native.guard()\n"
            "import services.kernel.flow as f\n"
            "print(json.dumps([f.__file__, [str(x.message) for x in w]]))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    file, warned = json.loads(out.stdout.strip().splitlines()[-1])
    assert file.endswith("services/kernel/flow.py")
    assert len(warned) == 1 and "out of date" in warned[0] and "make native" in warned[0]


def test_every_engine_runs_compiled_and_current(compiled: None) -> None:
    interpreted = [m for m in ENGINES if not native.is_compiled(importlib.import_module(m))]
    assert interpreted == []
    assert native.stale(native.compiled_modules()) == []


def shadowed_attributes() -> list[str]:
    """Attributes that a class outside the build sets in its class body while a compiled
    base keeps them per object: compiled code reading them would see the base's default."""
    import inspect
    import pkgutil

    import services
    found = []
    for info in pkgutil.walk_packages(services.__path__, "services."):
        if info.name.endswith("__main__") or ".runtime" in info.name:
            continue
        module = importlib.import_module(info.name)
        if native.is_compiled(module):
            continue
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            for base in cls.__mro__[1:]:
                if not native.is_compiled(sys.modules[base.__module__]):
                    continue
                for name in vars(cls):
                    slot = vars(base).get(name)
                    if type(slot).__name__ in ("getset_descriptor", "member_descriptor"):
                        found.append(f"{cls.__module__}.{cls.__qualname__}.{name} "
                                     f"(kept per object by {base.__qualname__})")
    return sorted(set(found))


def test_no_class_outside_the_build_sets_an_attribute_a_compiled_base_keeps(
        compiled: None) -> None:
    """Decision 0015's trap, checked over every module of services/: a class that is not
    compiled (an event card's step, a game's __init__ module) sets such an attribute in
    `__init__`, never in its class body."""
    assert shadowed_attributes() == []


def test_the_build_script_refuses_a_name_that_is_not_a_package_before_touching_anything(
        ) -> None:
    """scripts/native.py: `--help` or a typo once removed the manifest (the build with it);
    a name that is not a package of services/ now stops it first."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("native_script", ROOT / "scripts/native.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    before = native.MANIFEST.read_bytes() if native.MANIFEST.exists() else None
    for wrong in (["--help"], ["services/nope"], ["services/kernel", "gateway"]):
        with pytest.raises(SystemExit, match="not a package of services/"):
            script.main(wrong)
    assert (native.MANIFEST.read_bytes() if native.MANIFEST.exists() else None) == before
    assert script.packages(["services/kernel"]) == [ROOT / "services" / "kernel"]
