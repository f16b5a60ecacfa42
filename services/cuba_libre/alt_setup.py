"""Setup, the alternative placement (setup block "Альтернативное размещение"; setup.json
`alternative`; CL-D-14): the Non-players' pieces and every marker are as in the standard setup;
then each player faction places its own pieces, in the order Syndicate, Directorio, 26July,
Government, one piece per decision:

- Syndicate: 3 open Casinos, at most 1 per space (Cities and Provinces, CL 1.4.2);
- Directorio: 3 Underground Guerrillas in any spaces;
- 26July: 4 Underground Guerrillas and 1 Base in spaces without Directorio pieces, at most 1
  26July Guerrilla per City, the Base in a City or Province;
- Government: 9 Troops and 8 Police in Cities, and 3 Troops in one Province.

Control follows from the pieces (CL 1.7). Once every player has placed, the first card is
revealed (CL 2.2 follows the setup, CL-I-4).
"""

from __future__ import annotations

from typing import Any, Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, decision_id, option
from services.kernel.flow import Proc, pop
from services.kernel.state import Frame

from . import board as B
from . import data as D
from . import deck
from .constants import FACTION_IDS, FACTION_NAMES, KIND_IDS, KIND_NAMES, Kind, SpaceType
from .state import CLState

ORDER: Final = tuple(FACTION_IDS.index(step.who) for step in D.SETUP.alternative.steps
                     if step.who in FACTION_IDS)
PROVINCE_TROOPS: Final = 3  # Government: "3 Troops in one Province"; its other Troops go to Cities
PROVINCE_QUOTA: Final = "province_troops"


def quotas(f: int) -> dict[str, int]:
    """The pieces faction f places, by kind id (setup.json piece_totals_same_as_standard)."""
    out = {KIND_IDS[D.setup_kind(f, piece)]: count for piece, count in
           D.SETUP.alternative.piece_totals_same_as_standard[FACTION_IDS[f]].items()}
    if f == B.GOVT:
        out[KIND_IDS[Kind.TROOPS]] -= PROVINCE_TROOPS
        out[PROVINCE_QUOTA] = PROVINCE_TROOPS
    return out


def allowed(st: CLState, f: int, kind: int, s: int, v: dict[str, Any]) -> bool:
    """Where faction f may put one more piece of the kind now."""
    if not B.can_place(st, s, kind):
        return False
    is_city = D.TYPE[s] == SpaceType.CITY
    if f == B.SYNDICATE:
        return s not in v["casino_spaces"]
    if f == B.M26:
        if B.pieces_of(st, s, B.DR):
            return False
        return kind == Kind.M26_BASE or not is_city or B.guerrillas(st, s, B.M26) == 0
    if f == B.GOVT:
        if D.TYPE[s] == SpaceType.PROVINCE:
            return (kind == Kind.TROOPS and v["left"][PROVINCE_QUOTA] > 0
                    and v["province"] in (-1, s))
        return is_city
    return True


def quota_key(f: int, kind: int, s: int) -> str:
    if f == B.GOVT and kind == Kind.TROOPS and D.TYPE[s] == SpaceType.PROVINCE:
        return PROVINCE_QUOTA
    return KIND_IDS[kind]


def place_option(kind: int, s: int) -> Option:
    return option(f"place:{KIND_IDS[kind]}:{D.NAMES[s]}",
                  f"Place 1 {KIND_NAMES[kind]} in {D.TITLES[s]}",
                  piece=KIND_IDS[kind], space=D.NAMES[s])


class AltSetupProc(Proc[CLState]):
    """`cl.alt_setup` vars: step (index in ORDER), left (pieces by kind id, and the Government's
    Province Troops), province (the Government's Troop Province, -1 until chosen),
    casino_spaces (spaces given a Casino in this step)."""

    name = "cl.alt_setup"

    def player(self, st: CLState, v: dict[str, Any]) -> int | None:
        """The faction placing now; None once every player has placed."""
        while v["step"] < len(ORDER) and st.non_players >> ORDER[v["step"]] & 1:
            v["step"] += 1
        return ORDER[v["step"]] if v["step"] < len(ORDER) else None

    def options(self, st: CLState, f: int, v: dict[str, Any]) -> list[Option]:
        opts: list[Option] = []
        for kid in sorted(set(v["left"]) - {PROVINCE_QUOTA}):
            kind = KIND_IDS.index(kid)
            opts += [place_option(kind, s) for s in range(D.NS)
                     if v["left"][quota_key(f, kind, s)] > 0 and allowed(st, f, kind, s, v)]
        return opts

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if not v["left"]:
            return []
        f = ORDER[v["step"]]
        opts = self.options(st, f, v)
        if not opts:
            return []
        seat = st.seat_of[f]
        left = sum(v["left"].values())
        return [Decision(decision_id(st.serial, seat), seat, "cl.alt_setup",
                         f"{FACTION_NAMES[f]}: alternative setup, place a piece ({left} left).",
                         tuple(opts))]

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        v = fr.vars
        if v["left"]:
            v["step"] += 1  # nothing more can be placed: the next player places
        f = self.player(st, v)
        if f is None:
            pop(st)
            deck.start(ctx, st)
            return
        v.update(left=quotas(f), province=-1, casino_spaces=[])

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        _, kid, name = (c.option_id or "").split(":")
        f, kind, s = ORDER[v["step"]], KIND_IDS.index(kid), D.INDEX[name]
        B.PIECES.place(st, s, kind)
        key = quota_key(f, kind, s)
        v["left"][key] -= 1
        if key == PROVINCE_QUOTA:
            v["province"] = s
        if kind == Kind.CASINO_OPEN:
            v["casino_spaces"].append(s)
        if not any(v["left"].values()):
            v["left"] = {}
            v["step"] += 1
        ctx.emit("cl.setup_place", f"{FACTION_NAMES[f]} places 1 {KIND_NAMES[kind]} in "
                 f"{D.TITLES[s]}.", {"faction": FACTION_IDS[f], "piece": kid, "space": name})


PROCS: Final[list[Proc[CLState]]] = [AltSetupProc()]
