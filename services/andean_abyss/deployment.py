"""Setup, Open Deployment (RULES.md O.6; setup.json `open_deployment`): markers as in the
standard setup, then each faction places its pieces in the order Cartels, AUC, FARC,
Government, one piece per decision, within the stated limits and stacking (AA 1.4.2)."""

from __future__ import annotations

from typing import Any, Final

from services.coin.bots.seats import is_np
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import Proc, pop
from services.kernel.state import Frame

from . import board as B
from . import data as D
from . import words as W
from .constants import BASE, FACTION_IDS, GUER_U, KIND_IDS, Kind
from .ops.common import KIND_INDEX, decide
from .state import AAState

ORDER: Final = D.SETUP["open_deployment"]["order"]
KIND_OF = {"guerrilla": "underground", "troops": "troops", "police": "police", "base": "base"}
POP_BASES: Final = 4  # AA-D-16: at least 4 Cartels Bases in Departments with Population


def quotas(i: int) -> dict[str, int]:
    """The pieces the i-th faction of the order places, by kind id."""
    entry = ORDER[i]
    f = FACTION_IDS.index(entry["faction"])
    out: dict[str, int] = {}
    for piece, n in entry.items():
        if piece in KIND_OF:
            kind = BASE[f] if piece == "base" else (
                GUER_U[f] if piece == "guerrilla" else KIND_INDEX[KIND_OF[piece]])
            out[KIND_IDS[kind]] = int(n)
    return out


def allowed(st: AAState, f: int, kind: int, s: int, v: dict[str, Any]) -> bool:
    """Where the faction may put this piece during Open Deployment."""
    if not B.in_play(st, s) or not B.can_place(st, s, kind):
        return False
    if f == B.FARC and not B.is_dept(s):
        return False
    if f == B.GOVT and not (B.is_city(s) or (B.is_dept(s) and not B.bases(st, s, B.FARC))):
        return False
    if f == B.CARTELS and kind == Kind.CARTELS_BASE:
        need = POP_BASES - v["pop_bases"]
        if v["left"][KIND_IDS[kind]] <= need:
            return B.is_dept(s) and D.POP[s] > 0
    return True


class DeployProc(Proc[AAState]):
    """`aa.deploy` vars: i (faction in the order), left (pieces by kind id), pop_bases."""

    name = "aa.deploy"

    def faction(self, v: dict[str, Any]) -> int:
        return FACTION_IDS.index(ORDER[v["i"]]["faction"])

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if v["i"] >= len(ORDER):
            return []
        f = self.faction(v)
        opts: list[Option] = []
        for kid, n in v["left"].items():
            if n > 0:
                k = KIND_INDEX[kid]
                opts += [option(f"{kid}:{D.NAMES[s]}", f"Place {W.pieces(k, 1)} in "
                                f"{W.space(s)} ({n} left)", space=D.NAMES[s], piece=kid)
                         for s in range(D.NS) if allowed(st, f, k, s, v)]
        if not opts:
            return []
        left = sum(v["left"].values())
        return [decide(st, f, "aa.deploy", f"Open Deployment: place a piece ({left} left).",
                       opts)]

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        v = fr.vars
        v["i"] = next_player(st, v["i"] + 1)
        if v["i"] >= len(ORDER):
            pop(st)
            return
        v["left"] = quotas(v["i"])

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        kid, name = (c.option_id or "").split(":")
        s = D.INDEX[name]
        B.PIECES.place(st, s, KIND_INDEX[kid])
        v["left"][kid] -= 1
        if kid == "cartels_base" and B.is_dept(s) and D.POP[s] > 0:
            v["pop_bases"] += 1


def next_player(st: AAState, i: int) -> int:
    """The first entry of the order from i whose faction a player runs: a Non-player's pieces
    are placed as in the standard setup (setup.json `open_deployment.procedure`)."""
    while i < len(ORDER) and is_np(st, FACTION_IDS.index(ORDER[i]["faction"])):
        i += 1
    return i


def open_deployment(st: AAState) -> dict[str, Any]:
    """The first frame's vars (markers, and the Non-players' pieces, are placed as in the
    standard setup)."""
    i = next_player(st, 0)
    return {"i": i, "left": quotas(i) if i < len(ORDER) else {}, "pop_bases": 0}


PROCS: Final[list[Proc[AAState]]] = [DeployProc()]
