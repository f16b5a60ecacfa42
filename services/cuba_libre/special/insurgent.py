"""CL 4.3-4.5 Insurgent Special Activities: Infiltrate, Ambush, Kidnap (26July, m26.py); Subvert,
Ambush, Assassinate (Directorio, dr.py; Assassinate also the Syndicate's under card 43 shaded);
Profit, Muscle, Bribe (Syndicate, syndicate.py). Ambush replaces the Attack in its space and is
chosen with that space (ops/attack.py); a free Ambush granted by an Event is `cl.ambush`.

An Event grants a free SA with `coin.operations.push_sa(st, "cl.<sa>", f, only=[spaces])`:
`only` limits Kidnap, Assassinate (and Ambush) to those spaces; the others choose as usual."""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import SaSpec
from services.kernel.flow import Proc

from ..state import CLState
from . import dr, m26, syndicate

SAS: Final[list[SaSpec[CLState]]] = [*m26.SAS, *dr.SAS, *syndicate.SAS]
PROCS: Final[list[Proc[Any]]] = [*m26.PROCS, *dr.PROCS, *syndicate.PROCS]
