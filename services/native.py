"""Compiled or interpreted: the guard of the mypyc build (scripts/native.py, decision 0015).

A compiled module sits next to its source and Python imports it first. It is only used while
it was built from the source beside it: services/native.json records each compiled source's
hash, and `guard` (run once, by `services/__init__.py`) checks them. If any compiled module
has no matching record (a source edited since, a build that did not finish), every module
with a compiled file runs from its source instead, with a warning: a build is used whole or
not at all, never half old and half new. `TABLERO_NATIVE=off` runs every module from its
source without a word (bench.games measures both; a debugger steps through the source).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

SERVICES = Path(__file__).resolve().parent
ROOT = SERVICES.parent
MANIFEST = SERVICES / "native.json"
SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def compiled_modules(services: Path = SERVICES) -> dict[str, Path]:
    """Each module that has a compiled file beside its source: name → source."""
    out = {}
    for so in services.rglob("*.so"):
        for suffix in SUFFIXES:
            if so.name.endswith(suffix):
                src = so.with_name(so.name[: -len(suffix)] + ".py")
                if src.exists():
                    rel = src.relative_to(services.parent).with_suffix("")
                    out[".".join(rel.parts)] = src
                break
    return out


def digest(path: Path) -> str:
    """What services/native.json records of a compiled source (scripts/native.py writes it)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stale(modules: dict[str, Path], manifest: Path = MANIFEST) -> list[str]:
    """The compiled modules whose source is not the one they were built from."""
    if not modules:
        return []
    try:
        built: dict[str, str] = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return sorted(modules)
    # the manifest names a module by its path from the root: services/kernel/flow.py
    return sorted(name for name, src in modules.items()
                  if built.get(name.replace(".", "/") + ".py") != digest(src))


class SourceFirst:
    """A meta path finder that loads the named modules from their source."""

    def __init__(self, modules: dict[str, Path]) -> None:
        self.modules = modules

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        src = self.modules.get(name)
        return None if src is None else importlib.util.spec_from_file_location(name, src)


def is_compiled(module: ModuleType) -> bool:
    """Whether a module runs compiled."""
    return (getattr(module, "__file__", None) or "").endswith(SUFFIXES)


def guard() -> None:
    modules = compiled_modules()
    asked_off = os.environ.get("TABLERO_NATIVE") == "off"  # every module from its source
    old = [] if asked_off else stale(modules, MANIFEST)
    if not (asked_off or old):
        return
    sys.meta_path.insert(0, SourceFirst(modules))
    if old:
        warnings.warn(f"the compiled build is out of date ({', '.join(old[:3])}"
                      f"{', …' if len(old) > 3 else ''}): running every module from its "
                      "source; `make native` rebuilds it", RuntimeWarning, stacklevel=2)
