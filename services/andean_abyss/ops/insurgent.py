"""AA 3.3 Insurgent Operations: Rally, March, Attack, Terror.

"Guerrillas" and "Bases" are the executing faction's own unless stated.
"""

from __future__ import annotations

from typing import Any, Final

from services.coin import piece_procs as pp
from services.coin.operations import OpSpec, record_arrival, unmoved_guerrillas
from services.coin.spaces import ACTIVE_OPPOSITION, NEUTRAL, shift_support
from services.kernel import rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import AskProc, Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import BASE, FACTION_IDS, GUER_A, GUER_U, NKINDS
from ..state import AAState
from .common import decide, move_guerrillas, push_remove, reclaim, reclaim_options

# -- Rally ---------------------------------------------------------------------


def rally_modes(st: AAState, s: int, f: int) -> list[str]:
    """AA 3.3.1 The options open in s: place, base, mass (c) and gather (d) with a Base."""
    u, b = GUER_U[f], BASE[f]
    out = []
    # AA 1.4.1 step 4: own Guerrillas elsewhere can be taken back to be placed
    can_get = B.PIECES.available(st, u) or any(
        B.guerrillas(st, o, f) for o in range(D.NS) if o != s)
    if can_get and B.faction_room(st, s, f):
        out.append("place")
    # AA 1.4.1: a Base may be taken back from elsewhere on the map to be placed
    can_base = B.PIECES.available(st, b) or any(B.bases(st, o, f) for o in range(D.NS) if o != s)
    if B.guerrillas(st, s, f) >= 2 and can_base and B.base_room(st, s):
        out.append("base")
    if B.bases(st, s, f):
        if can_get and B.faction_room(st, s, f):
            out.append("mass")
        out.append("gather")
    return out


def rally_mode_label(st: AAState, s: int, f: int, mode: str) -> str:
    """What each Rally option (AA 3.3.1 a-d) does in s."""
    where, who = W.space(s), W.faction(f)
    return {"place": f"(a) Place 1 {who} Guerrilla in {where}",
            "base": f"(b) Replace 2 {who} Guerrillas in {where} with a Base",
            "mass": f"(c) Place up to {D.POP[s] + B.bases(st, s, f)} {who} Guerrillas in "
                    f"{where}",
            "gather": f"(d) Move {who} Guerrillas into {where}, then flip them all "
                      "Underground"}[mode]


def guerrilla_reclaims(st: AAState, s: int, f: int, wanted: int = 1) -> list[Option]:
    return reclaim_options(st, (GUER_U[f], GUER_A[f]), s, wanted)


class Rally(OpSpec[AAState]):
    """AA 3.3.1 Rally: 1 per City/Department; FARC not at Support, AUC not at Opposition."""

    name = "rally"

    def __init__(self, faction: int) -> None:
        self.faction = faction

    def candidates(self, st: AAState, v: dict[str, Any]) -> tuple[int, ...]:
        return B.cities_and_depts(st)

    def selectable(self, st: AAState, v: dict[str, Any], s: int) -> bool:
        f = self.faction
        if (f == B.FARC and st.support[s] > 0) or (f == B.AUC and st.support[s] < 0):
            return False
        if "only" in v and s not in v["only"]:  # AA 6.4.5 Elite Backing
            return False
        return bool(rally_modes(st, s, f))

    def cost(self, st: AAState, v: dict[str, Any], s: int) -> int:
        return 1

    def select(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        push(st, "aa.rally_space", s=s, f=self.faction)


class RallySpaceProc(Proc[AAState]):
    """One Rally space: choose (a)-(d), then the amounts."""

    name = "aa.rally_space"

    def waits(self, st: AAState, fr: Frame) -> bool:
        return True  # every branch of `decisions` offers one decision

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        s, f = v["s"], v["f"]
        where = W.space(s)
        if v.get("mode") == "gather":
            room = B.faction_room(st, s, f) > 0
            opts = [option(f"from:{D.NAMES[o]}:{st_}", f"Move {W.pieces(k, 1)} from "
                           f"{W.space(o)} into {where}", space=D.NAMES[o], state=st_)
                    for o in range(D.NS) if o != s and room
                    for st_, k in (("u", GUER_U[f]), ("a", GUER_A[f])) if B.n(st, o, k)]
            done = option("done", f"Done: flip every {W.faction(f)} Guerrilla in {where} "
                          "Underground")
            return [decide(st, f, "aa.rally_gather", f"move Guerrillas into {where}.",
                           opts + [done])]
        if v.get("mode") == "place":
            return [decide(st, f, "aa.reclaim", "none Available: take a Guerrilla back from:",
                           guerrilla_reclaims(st, s, f))]
        if v.get("mode") == "mass":
            allowed = min(D.POP[s] + B.bases(st, s, f), B.faction_room(st, s, f))
            most = min(allowed, B.PIECES.available(st, GUER_U[f]))
            opts = [option(f"n:{k}", f"Place {W.pieces(GUER_U[f], k)} in {where}", count=str(k))
                    for k in range(1, most + 1)]
            opts += guerrilla_reclaims(st, s, f, allowed)  # AA 1.4.1: more from the map
            return [decide(st, f, "aa.rally_mass", "how many Guerrillas to place?", opts)]
        if v.get("mode") == "base":
            if not B.PIECES.available(st, BASE[f]):  # AA 1.4.1: a Base from the map
                return [decide(st, f, "aa.reclaim", "none Available: take a Base back from:",
                               reclaim_options(st, (BASE[f],), s))]
            u, a = B.underground(st, s, f), B.active(st, s, f)
            opts = [option(f"base:{nu}", f"Replace {nu} Underground and {2 - nu} Active "
                           f"Guerrillas in {where} with a {W.faction(f)} Base", count=str(nu))
                    for nu in range(3) if nu <= u and 2 - nu <= a]
            return [decide(st, f, "aa.rally_base", "how many of the 2 replaced Guerrillas "
                           "are Underground?", opts)]
        opts = [option(m, rally_mode_label(st, s, f, m)) for m in rally_modes(st, s, f)]
        return [decide(st, f, "aa.rally_mode", f"Rally in {where}: which option?", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        s, f = v["s"], v["f"]
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "reclaim":
            if v.get("mode") == "place":
                pop(st)  # first: taking the piece back may push its Shipment's owner decision
                reclaim(ctx, st, arg, f)
                B.PIECES.place(st, s, GUER_U[f])
            else:
                reclaim(ctx, st, arg, f)
        elif verb == "place" and not B.PIECES.available(st, GUER_U[f]):
            v["mode"] = "place"
        elif verb == "place":
            B.PIECES.place(st, s, GUER_U[f])
            pop(st)
        elif c.option_id == "base":
            v["mode"] = "base"
        elif verb == "base":
            pop(st)
            rally_base(st, s, f, int(arg))
        elif verb in ("mass", "gather"):
            v["mode"] = verb
        elif verb == "n":
            B.PIECES.place(st, s, GUER_U[f], int(arg))
            pop(st)
        elif verb == "from":
            o, state = arg.split(":")
            src = D.INDEX[o]
            move_guerrillas(st, src, s, f, int(state == "u"), int(state == "a"))
        else:  # done gathering: flip all Underground (AA 3.3.1 d)
            B.PIECES.flip_to(st, s, GUER_U[f], B.active(st, s, f))
            pop(st)


def rally_base(st: AAState, s: int, f: int, nu: int) -> None:
    """AA 3.3.1 (b): replace 2 Guerrillas (nu of them Underground) by a Base."""
    B.PIECES.remove(st, s, GUER_U[f], nu)
    B.PIECES.remove(st, s, GUER_A[f], 2 - nu)
    B.PIECES.place(st, s, BASE[f])
    if not B.guerrillas(st, s, f) and B.ships_at(st, s, f):
        push(st, "aa.ship_loss", s=s, owner=f, capture="", by=f)
    if not B.guerrillas(st, s, f) and B.ships_at(st, s, f):
        push(st, "aa.ship_loss", s=s, owner=f, capture="", by=f)


# -- March ---------------------------------------------------------------------


class March(OpSpec[AAState]):
    """AA 3.3.2 March: 1 per City/Department destination, 0 per LoC; groups may Activate."""

    name = "march"

    def __init__(self, faction: int) -> None:
        self.faction = faction

    def candidates(self, st: AAState, v: dict[str, Any]) -> list[int]:
        """Spaces next to a space holding Guerrillas that have not moved yet."""
        arrived: list[int] | None = v.get("arrived")
        p, u, a = st.pieces, GUER_U[self.faction], GUER_A[self.faction]
        near = 0  # a bitmask over space indices
        for o in range(D.NS):
            moved = arrived[o] if arrived is not None else 0
            if p[o * NKINDS + u] + p[o * NKINDS + a] > moved:
                near |= B.adjacent_bits(st, o)
        return [s for s in range(D.NS) if near >> s & 1]

    def selectable(self, st: AAState, v: dict[str, Any], s: int) -> bool:
        return B.faction_room(st, s, self.faction) > 0

    def cost(self, st: AAState, v: dict[str, Any], s: int) -> int:
        return 0 if B.is_loc(s) else 1

    def select(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        v.setdefault("arrived", [0] * D.NS)
        if st.seat_of[self.faction] < 0:  # AA 8.7.2 step 3 counts a Non-player's origins
            v.setdefault("left", [0] * D.NS)  # as they stood before its March
        push(st, "aa.march_into", s=s, f=self.faction)


def unmoved(st: AAState, o: int, f: int, op: dict[str, Any]) -> tuple[int, int, int]:
    """AA 3.3.2 Guerrillas of f in o that have not moved in the March `op` (its vars):
    (Underground, Active, total)."""
    return unmoved_guerrillas(op, o, B.underground(st, o, f), B.active(st, o, f))


def march_origins(st: AAState, dest: int, f: int, op: dict[str, Any]) -> list[int]:
    return [o for o in B.adjacent(st, dest) if unmoved(st, o, f, op)[2] > 0]


def march_activates(st: AAState, dest: int, f: int, group: int) -> bool:
    """AA 3.3.2 step 3: LoC or Support (AUC: or Opposition), and group + cubes > 3."""
    lvl = st.support[dest]
    exposed = B.is_loc(dest) or lvl > 0 or (f == B.AUC and lvl < 0)
    count = group + B.cubes(st, dest) + (B.guerrillas(st, dest, B.FARC) if f == B.AUC else 0)
    return exposed and count > 3


class MarchIntoProc(AskProc[AAState]):
    """Groups move into one March destination: origin, then Underground and Active numbers;
    each origin sends one group (vars: s, f, groups = origins used, o, nu)."""

    name = "aa.march_into"

    def op(self, st: AAState) -> dict[str, Any]:
        """The March's vars, with its record of the pieces that arrived (each moves once)."""
        return next(f for f in reversed(st.stack) if f.proc == "coin.op").vars

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        s, f = v["s"], v["f"]
        room = B.faction_room(st, s, f)
        if "o" in v:
            u, a, free = unmoved(st, v["o"], f, self.op(st))
            if "nu" not in v:  # the group is never empty: u:0 only when an Active one can go
                lo = 0 if min(a, room) else 1
                opts = [option(f"u:{k}", f"{k} Underground Guerrilla{'s' if k != 1 else ''} "
                               f"march from {W.space(v['o'])} into {W.space(s)}", count=str(k))
                        for k in range(lo, min(u, room) + 1)]
                return [decide(st, f, "aa.march_u", "how many Underground Guerrillas move?", opts)]
            most = min(a, room - v["nu"], free - v["nu"])
            opts = [option(f"a:{k}", f"{k} Active Guerrilla{'s' if k != 1 else ''} march "
                           f"along ({v['nu'] + k} in the group)", count=str(k))
                    for k in range(0 if v["nu"] else 1, most + 1)]
            return [decide(st, f, "aa.march_a", "how many Active Guerrillas move?", opts)]
        if room <= 0:
            return []
        used = v.get("groups", [])  # AA 3.3.2 step 2: one group per origin and destination
        opts = [option(f"from:{D.NAMES[o]}", f"March a group from {W.space(o)} into "
                       f"{W.space(s)}", space=D.NAMES[o])
                for o in march_origins(st, s, f, self.op(st)) if o not in used]
        if not opts:
            return []
        return [decide(st, f, "aa.march_from", f"March into {W.space(s)} from:",
                       opts + [option("done", f"No more groups into {W.space(s)}")])]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "done":
            pop(st)
        elif verb == "from":
            v["o"] = D.INDEX[arg]
            v.setdefault("groups", []).append(v["o"])
        elif verb == "u":
            v["nu"] = int(arg)
        else:
            self.move_group(ctx, st, v, v.pop("o"), v.pop("nu"), int(arg))

    def move_group(self, ctx: Ctx, st: AAState, v: dict[str, Any], o: int, nu: int,
                   na: int) -> None:
        s, f = v["s"], v["f"]
        if nu + na == 0:
            return
        act = march_activates(st, s, f, nu + na)
        move_guerrillas(st, o, s, f, nu, na, GUER_A[f] if act else None)
        op = self.op(st)
        record_arrival(op, s, nu + na, 0 if act else nu)
        left = op.get("left")
        if left is not None:
            left[o] += nu + na
        ctx.emit("aa.march", f"{nu + na} {W.faction(f)} Guerrilla{'s' if nu + na != 1 else ''} "
                 f"march from {W.space(o)} into {W.space(s)}"
                 f"{' and are Activated' if act else ''}.",
                 {"faction": FACTION_IDS[f], "from": D.NAMES[o], "to": D.NAMES[s],
                  "count": nu + na, "activated": act})


# -- Attack --------------------------------------------------------------------


class Attack(OpSpec[AAState]):
    """AA 3.3.3 Attack: 1 per space with own Guerrillas and an enemy piece (Ambush: 4.3.2)."""

    name = "attack"

    def __init__(self, faction: int) -> None:
        self.faction = faction

    def candidates(self, st: AAState, v: dict[str, Any]) -> tuple[int, ...]:
        return B.spaces(st)

    def selectable(self, st: AAState, v: dict[str, Any], s: int) -> bool:
        f = self.faction
        return B.guerrillas(st, s, f) > 0 and B.enemies_of(st, s, f) > 0

    def cost(self, st: AAState, v: dict[str, Any], s: int) -> int:
        return 1

    def select(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        f = self.faction
        if (not v["lim"] and not v["free"] and not v["sa"] and f in (B.FARC, B.AUC)
                and B.underground(st, s, f)):
            push(st, "aa.attack_space", s=s, f=f)
        else:
            attack(ctx, st, s, f)


def attack(ctx: Ctx, st: AAState, s: int, f: int, only: int = -1) -> None:
    """AA 3.3.3 steps 1-3: Activate all, roll, remove up to 2, captured goods on a 1
    (`only`: an Event limits the Attack to one enemy faction)."""
    B.PIECES.flip_to(st, s, GUER_A[f], B.underground(st, s, f))
    roll = rng.randint(st.rng, 1, 6)
    hit = roll <= B.active(st, s, f)
    ctx.emit("aa.attack", f"{W.faction(f)} Attack in {W.space(s)}: rolled {roll}, "
             f"{'success' if hit else 'failure'}.",
             {"faction": FACTION_IDS[f], "space": D.NAMES[s], "roll": roll, "success": hit})
    if hit:
        push_remove(st, s, f, 2, "attack", "capture", only=only)
    if roll == 1:  # placed before the removals (or its taking back, 1.4.1, asked first)
        pp.place_or_take_back(B.BOARD, st, s, ((GUER_U[f], 1),), f)


def ambush(ctx: Ctx, st: AAState, s: int, f: int) -> None:
    """AA 4.3.2 / 4.4.1 Ambush: Activate 1 Underground Guerrilla; automatic success;
    place 1 Guerrilla as on a roll of 1."""
    B.PIECES.flip_to(st, s, GUER_A[f], 1)
    ctx.emit("aa.ambush", f"{W.faction(f)} Ambush in {W.space(s)}.",
             {"faction": FACTION_IDS[f], "space": D.NAMES[s]})
    push_remove(st, s, f, 2, "attack", "capture")
    pp.place_or_take_back(B.BOARD, st, s, ((GUER_U[f], 1),), f)  # as on a roll of 1, asked first


class AttackSpaceProc(Proc[AAState]):
    """Attack or Ambush in one space (the SA replaces the roll, AA 4.3.2)."""

    name = "aa.attack_space"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        where = W.space(fr.vars["s"])
        opts: list[Option] = [
            option("attack", f"Attack in {where}: Activate every Guerrilla there and roll"),
            option("ambush", f"Ambush in {where} (Special Activity): Activate 1 Guerrilla, "
                   "no roll, remove up to 2 enemy pieces")]
        return [decide(st, fr.vars["f"], "aa.attack_mode",
                       f"Attack in {where}: roll or Ambush?", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        s, f = fr.vars["s"], fr.vars["f"]
        if c.option_id == "ambush":
            pop(st, sa="ambush")
            ambush(ctx, st, s, f)
        else:
            pop(st)
            attack(ctx, st, s, f)


# -- Terror --------------------------------------------------------------------


class Terror(OpSpec[AAState]):
    """AA 3.3.4 Terror: 1 per City/Department, 0 per LoC; AUC Terror cuts Aid."""

    name = "terror"

    def __init__(self, faction: int) -> None:
        self.faction = faction

    def candidates(self, st: AAState, v: dict[str, Any]) -> tuple[int, ...]:
        return B.spaces(st)

    def selectable(self, st: AAState, v: dict[str, Any], s: int) -> bool:
        return B.underground(st, s, self.faction) > 0

    def cost(self, st: AAState, v: dict[str, Any], s: int) -> int:
        return 0 if B.is_loc(s) else 1

    def select(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        terror(ctx, st, s, self.faction)

    def finish(self, ctx: Ctx, st: AAState, v: dict[str, Any]) -> None:
        if self.faction == B.AUC:
            aid_cut(ctx, st, len(v["spaces"]))


def terror(ctx: Ctx, st: AAState, s: int, f: int) -> None:
    """AA 3.3.4 steps 1-4 in one space (markers only while any of the 40 is left, AA-R-07)."""
    B.PIECES.flip_to(st, s, GUER_A[f], 1)
    if B.is_loc(s):
        if not B.is_sabotaged(st, s) and B.markers_left(st) > 0:
            st.sabotage |= 1 << s
    else:
        if B.markers_left(st) > 0:
            st.terror[s] += 1
        shift_support(st, D.POP, s, ACTIVE_OPPOSITION if f == B.FARC else NEUTRAL)
    ctx.emit("aa.terror", f"{W.faction(f)} Terror in {W.space(s)}.",
             {"faction": FACTION_IDS[f], "space": D.NAMES[s]})


def aid_cut(ctx: Ctx, st: AAState, nspaces: int) -> None:
    """AA 3.3.4 step 5: AUC Terror: Aid -3 for 1 space, -5 for 2 or more."""
    if nspaces:
        lost = -B.add_aid(st, -3 if nspaces == 1 else -5)
        ctx.emit("aa.aid_cut", f"AUC Terror: Aid -{lost}.", {"amount": -lost})


OPS: Final[list[OpSpec[AAState]]] = [op for f in (B.FARC, B.AUC, B.CARTELS)
       for op in (Rally(f), March(f), Attack(f), Terror(f))]
PROCS: Final[list[Proc[AAState]]] = [RallySpaceProc(), MarchIntoProc(), AttackSpaceProc()]
