"""CL 3.3.2 March (26July, DR, Syndicate): own Guerrillas move into adjacent target spaces, one
group per origin and destination, each group judged alone for Activation (CL-R-22); card 13
El Che (26July's first group flipped back Underground)."""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import op_vars, record_arrival, unmoved_guerrillas
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import AskProc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import cash
from .. import data as D
from .. import words as W
from ..cash import ask
from ..constants import FACTION_IDS, GUER_A, GUER_U, Cap, Faction
from ..state import CLState
from .spec import InsurgentOp

GOVT: Final[int] = int(Faction.GOVT)
M26: Final[int] = int(Faction.M26)
DR: Final[int] = int(Faction.DIRECTORIO)
SYNDICATE: Final[int] = int(Faction.SYNDICATE)
GROUP_LIMIT: Final = 3  # CL 3.3.2: a group Activates when it and the cubes there number more than 3


def unmoved(st: CLState, o: int, f: int, op: dict[str, Any]) -> tuple[int, int, int]:
    """CL 3.3.2 Guerrillas of f in o that have not moved in the March `op` (its vars):
    (Underground, Active, total)."""
    return unmoved_guerrillas(op, o, B.underground(st, o, f), B.active(st, o, f))


def march_activates(st: CLState, dest: int, group: int) -> bool:
    """CL 3.3.2 step 2: into an EC or a space at Support, and group + cubes there > 3."""
    exposed = D.IS_EC[dest] or st.support[dest] > 0
    return exposed and group + B.cubes(st, dest) > GROUP_LIMIT


def two_steps(st: CLState, f: int) -> bool:
    """Card 28 Morgan unshaded (Capability, CL-D-13): DR Guerrillas may March 2 spaces."""
    return f == DR and B.has_cap(st, Cap.DR_MARCHES_TWO_SPACES)


def routes(st: CLState, s: int, f: int, adjacent: bool = False) -> list[tuple[int, int]]:
    """(origin, via) pairs of groups that may March into s: adjacent origins (via -1), and under
    Morgan origins 2 spaces away through a space adjacent to both (not when an Event's free
    March says "from adjacent spaces": `adjacent`)."""
    out = [(o, -1) for o in D.ADJ[s]]
    if two_steps(st, f) and not adjacent:
        out += [(o, x) for x in D.ADJ[s] for o in D.ADJ[x] if o != s]
    return out


class March(InsurgentOp):
    """CL 3.3.2 March: 1 Resource per City or Province destination, 0 per EC."""

    name = "march"

    def candidates(self, st: CLState, v: dict[str, Any]) -> list[int]:
        """Spaces next to a space holding Guerrillas that have not moved yet."""
        arrived = v.get("arrived") or [0] * D.NS
        near: set[int] = set()
        for o in range(D.NS):
            if B.guerrillas(st, o, self.faction) > arrived[o]:
                near.update(D.ADJ[o])
                if two_steps(st, self.faction) and not v.get("adjacent"):
                    near.update(x for a in D.ADJ[o] for x in D.ADJ[a] if x != o)
        return sorted(near)

    def selectable(self, st: CLState, v: dict[str, Any], s: int) -> bool:
        return True

    def cost(self, st: CLState, v: dict[str, Any], s: int) -> int:
        return 0 if D.IS_EC[s] else 1

    def select(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        v.setdefault("arrived", [0] * D.NS)
        push(st, "cl.march_into", s=s, f=self.faction, groups=[])


class MarchIntoProc(AskProc[CLState]):
    """Groups move into one March destination: origin, then how many Underground and Active
    Guerrillas (vars: s, f, groups = origins used, o, nu)."""

    name = "cl.march_into"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        s, f = v["s"], v["f"]
        if "o" in v:
            return self.group_decision(st, v)
        op = op_vars(st)
        opts = [route_option(s, o, x) for o, x in routes(st, s, f, op.get("adjacent", False))
                if o not in v["groups"] and unmoved(st, o, f, op)[2]]
        if not opts:
            return []
        if v["groups"]:
            opts.append(option("done", f"No more groups into {W.space(s)}"))
        return ask(st, f, "cl.march_from", f"March into {W.space(s)} from:", opts)

    def group_decision(self, st: CLState, v: dict[str, Any]) -> list[Decision]:
        """How many Underground, then Active, Guerrillas form the group from origin o (none
        when the faction took its own pieces back meanwhile, CL 1.4.1: the group is dropped)."""
        s, f, o = v["s"], v["f"], v["o"]
        u, a, free = unmoved(st, o, f, op_vars(st))
        if "nu" not in v:
            opts = [option(f"u:{k}", f"{k} Underground Guerrilla{'s' if k != 1 else ''} march "
                           f"from {W.space(o)} into {W.space(s)}", count=str(k))
                    for k in range(0 if a else 1, u + 1)]
            return ask(st, f, "cl.march_u", "how many Underground Guerrillas move?",
                       opts)
        if v["nu"] > u:
            return []  # its Underground Guerrillas were taken back meanwhile: no group
        opts = [option(f"a:{k}", f"{k} Active Guerrilla{'s' if k != 1 else ''} march along "
                       f"({v['nu'] + k} in the group)", count=str(k))
                for k in range(0 if v["nu"] else 1, max(0, min(a, free - v["nu"])) + 1)]
        return ask(st, f, "cl.march_a", "how many Active Guerrillas move?", opts)

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        v = fr.vars
        if "o" not in v:
            pop(st)
            return
        for key in ("o", "nu", "via"):  # the group's Guerrillas are gone: no group
            v.pop(key, None)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "done":
            pop(st)
        elif verb in ("from", "via"):
            o, _, x = arg.partition(":")
            v["o"], v["via"] = D.INDEX[o], D.INDEX[x] if x else -1
            v["groups"].append(v["o"])
        elif verb == "u":
            v["nu"] = int(arg)
        else:
            move_group(ctx, st, v["s"], v["f"], v.pop("o"), v.pop("nu"), int(arg),
                       v.pop("via", -1))


def route_option(s: int, o: int, x: int) -> Option:
    if x < 0:
        return option(f"from:{D.NAMES[o]}", f"March a group from {W.space(o)} into "
                      f"{W.space(s)}", space=D.NAMES[o])
    return option(f"via:{D.NAMES[o]}:{D.NAMES[x]}", f"March a group from {W.space(o)} through "
                  f"{W.space(x)} into {W.space(s)} (Morgan)", space=D.NAMES[o], to=D.NAMES[x])


def move_group(ctx: Ctx, st: CLState, s: int, f: int, o: int, nu: int, na: int,
               via: int = -1) -> None:
    """CL 3.3.2: one group moves from o into s (card 28 Morgan: through `via`, tested for
    Activation on entering each space, CL-D-13), Activated as a whole if the rule says so;
    card 13 El Che flips 26July's first group Underground after it moves."""
    op = op_vars(st)
    act = march_activates(st, s, nu + na) or (via >= 0 and march_activates(st, via, nu + na))
    B.PIECES.move(st, o, s, GUER_U[f], nu, GUER_A[f] if act else None)
    B.PIECES.move(st, o, s, GUER_A[f], na)
    che = f == M26 and B.has_cap(st, Cap.M26_FIRST_MARCH_GROUP_HIDES) and not op.get("che")
    record_arrival(op, s, nu + na, nu + na if che else 0 if act else nu)
    cash.push_follow(st, o, s, f, tuple(k for k, n in ((GUER_U[f], nu), (GUER_A[f], na)) if n))
    if che:
        op["che"] = True
        B.PIECES.flip_to(st, s, GUER_U[f], nu + na if act else na)
    ctx.emit("cl.march", f"{nu + na} {W.faction(f)} Guerrilla{'s' if nu + na != 1 else ''} "
             f"march from {W.space(o)} into {W.space(s)}{' and are Activated' if act else ''}.",
             {"faction": FACTION_IDS[f], "from": D.NAMES[o], "to": D.NAMES[s],
              "count": nu + na, "activated": act})
