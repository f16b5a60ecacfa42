"""CL 3.2 COIN Operations: Train (with Civic Action), Garrison, Sweep, Assault."""

from __future__ import annotations

from typing import Any

from services.coin.operations import OpSpec
from services.kernel.flow import Proc

from ..state import CLState

OPS: list[OpSpec[CLState]] = []
PROCS: list[Proc[Any]] = []
