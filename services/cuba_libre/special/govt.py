"""CL 4.2 Government Special Activities: Transport, Air Strike, Reprisal."""

from __future__ import annotations

from typing import Any

from services.coin.operations import SaSpec
from services.kernel.flow import Proc

from ..state import CLState

SAS: list[SaSpec[CLState]] = []
PROCS: list[Proc[Any]] = []
