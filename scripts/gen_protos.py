"""Generate the Python code (with type stubs) for every proto under protos/ into gen/.

Generated code is never committed or edited by hand: `make gen` rebuilds it.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent
PROTOS = ROOT / "protos"
OUT = ROOT / "gen"


def main() -> int:
    # protoc finds the mypy plugins beside this interpreter (the virtualenv's bin/).
    os.environ["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir()
    files = sorted(str(p.relative_to(PROTOS)) for p in PROTOS.rglob("*.proto"))
    include = str(Path(protoc.__file__).parent / "_proto")
    args = ["protoc", f"-I{PROTOS}", f"-I{include}", f"--python_out={OUT}",
            f"--grpc_python_out={OUT}", f"--mypy_out={OUT}", f"--mypy_grpc_out={OUT}", *files]
    if protoc.main(args) != 0:
        return 1
    for d in (p for p in OUT.rglob("*") if p.is_dir()):
        (d / "__init__.py").touch()
    (OUT / "tablero" / "py.typed").touch()
    print(f"generated {len(files)} protos into {OUT.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
