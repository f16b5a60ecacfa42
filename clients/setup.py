"""Build hook: the wheel carries `clients` and the generated `tablero.v1` messages.

The package directory is this folder; the protocol code is generated from the
repository's protos/ at build time (never committed), like `make gen` does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
PROTOS = HERE.parent / "protos"
PACKAGES = ["clients", "clients.sdk", "clients.cli", "clients.loadtest", "clients.replay"]


class BuildWithProtos(build_py):  # type: ignore[misc]
    def find_package_modules(self, package: str, package_dir: str) -> list[Any]:
        mods = super().find_package_modules(package, package_dir)
        return [m for m in mods if not (package == "clients" and m[1] == "setup")]

    def run(self) -> None:
        super().run()
        from grpc_tools import protoc

        out = Path(self.build_lib)
        files = sorted(str(p.relative_to(PROTOS)) for p in PROTOS.rglob("*.proto"))
        include = str(Path(protoc.__file__).parent / "_proto")
        args = ["protoc", f"-I{PROTOS}", f"-I{include}", f"--python_out={out}",
                f"--pyi_out={out}", f"--grpc_python_out={out}", *files]
        if protoc.main(args) != 0:
            raise SystemExit("protoc failed")
        for d in {(out / f).parent for f in files}:
            while d != out:
                (d / "__init__.py").touch()
                d = d.parent
        (out / "tablero" / "py.typed").touch()


setup(packages=PACKAGES, package_dir={"clients": "."}, package_data={"clients": ["py.typed"]},
      cmdclass={"build_py": BuildWithProtos})
