"""AA 4.3-4.5 Insurgent Special Activities: Extort, Kidnap (FARC), Assassinate (AUC),
Cultivate, Process, Bribe (Cartels). Ambush is part of the Attack space (ops/insurgent.py).
"""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import SaSpec
from services.kernel import rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import AskProc, Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import FACTION_IDS, GUER_A, GUER_U, KIND_IDS, NKINDS, Kind
from ..ops.common import KIND_INDEX, decide, push_remove, removable
from ..state import AAState
from .common import LoopSa, SpaceLoop

FARC: Final = B.FARC
AUC: Final = B.AUC
CARTELS: Final = B.CARTELS
GOVT: Final = B.GOVT


def extortable(st: AAState, s: int, f: int) -> bool:
    """AA 4.3.1 / 4.4.1: an Underground Guerrilla of f, and f outnumbers all enemies."""
    return B.underground(st, s, f) > 0 and B.outnumbers(st, s, f)


class ExtortLoop(SpaceLoop):
    """AA 4.3.1 / 4.4.1 Extort: where the faction has an Underground Guerrilla and outnumbers
    all enemies: Activate 1, +1 Resource."""

    name = "aa.extort"
    prompt = "extort in a space"

    def spaces(self, st: AAState, v: dict[str, Any]) -> list[int]:
        return [s for s in B.spaces(st) if extortable(st, s, v["f"])]

    def any_space(self, st: AAState, v: dict[str, Any]) -> bool:
        return any(extortable(st, s, v["f"]) for s in B.spaces(st))

    def label(self, st: AAState, v: dict[str, Any], s: int) -> str:
        return f"Extort in {W.space(s)}: Activate 1 Underground Guerrilla, +1 Resource"

    def apply(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        B.PIECES.flip_to(st, s, GUER_A[v["f"]], 1)
        B.add_resources(st, v["f"], 1)


def kidnap_targets(st: AAState, s: int) -> list[int]:
    """AA 4.3.3: Government in a City or LoC; Cartels where they hold a Base."""
    out = [GOVT] if not B.is_dept(s) else []
    return out + ([CARTELS] if B.bases(st, s, CARTELS) else [])


class KidnapLoop(SpaceLoop):
    """AA 4.3.3 Kidnap: up to 3 Terror spaces (City, LoC or Cartels Base) with more FARC
    Guerrillas than Police: spaces where this Terror was executed (AA-R-09, AA-I-5), or a
    space the Terror cannot pay for yet, where the Kidnap comes first and its ransom pays
    for that space's Terror, which follows at once (AA 4.1's example)."""

    name = "aa.kidnap"
    prompt = "kidnap in a Terror space"

    def spaces(self, st: AAState, v: dict[str, Any]) -> list[int]:
        done = v["op"]["spaces"]
        return [s for s in B.spaces(st) if can_kidnap(st, s) and (
            s in done or (v["op"]["op"] == "terror" and terror_paid_by_kidnap(st, s)))]

    def label(self, st: AAState, v: dict[str, Any], s: int) -> str:
        then = "" if s in v["op"]["spaces"] else ", then its Terror paid with the ransom"
        return f"Kidnap in {W.space(s)}: a die roll of Resources{then}"

    def apply(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        if s in v["op"]["spaces"]:
            push(st, "aa.kidnap_space", s=s)
        else:
            push(st, "coin.op_select", s=s)  # its Terror, once the ransom is in
            push(st, "aa.kidnap_space", s=s, pay=True)


def can_kidnap(st: AAState, s: int) -> bool:
    """AA 4.3.3 (b), (c): a target, and more FARC Guerrillas than Police."""
    return bool(kidnap_targets(st, s)) and B.guerrillas(st, s, FARC) > B.police(st, s)


def ransom_pays(st: AAState, s: int, target: int) -> bool:
    """The Kidnap of `target` in s brings FARC at least 1 Resource: no Drug Ransom (a
    Shipment instead, AA 4.3.3 step 2) and the target has Resources to take."""
    if target == CARTELS and B.ships_at(st, s, CARTELS):
        return False
    return st.resources[target] > 0


def terror_paid_by_kidnap(st: AAState, s: int) -> bool:
    """A Terror space FARC cannot pay for now (a City or Department: 1) but whose Kidnap
    surely pays for it (AA 4.1)."""
    return (B.underground(st, s, FARC) > 0 and not B.is_loc(s) and st.resources[FARC] < 1
            and any(ransom_pays(st, s, g) for g in kidnap_targets(st, s)))


class KidnapSpaceProc(Proc[AAState]):
    """vars: s, pay (the Kidnap pays for this space's Terror: only paying targets), auc (a
    6 was rolled)."""

    name = "aa.kidnap_space"

    def targets(self, st: AAState, v: dict[str, Any]) -> list[int]:
        out = kidnap_targets(st, v["s"])
        return [g for g in out if ransom_pays(st, v["s"], g)] if v.get("pay") else out

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if v.get("auc"):
            kinds = [k for k in (Kind.AUC_BASE, Kind.AUC_U) if B.PIECES.available(st, k)
                     and B.can_place(st, v["s"], k)]
            if not kinds:
                return []
            return [decide(st, AUC, "aa.kidnap_auc", "Kidnap rolled 6: place an AUC piece.",
                           [option(f"place:{KIND_IDS[k]}", f"Place {W.pieces(k, 1)} in "
                                   f"{W.space(v['s'])}", piece=KIND_IDS[k]) for k in kinds])]
        targets = self.targets(st, v)
        if len(targets) == 1:
            return []
        return [decide(st, FARC, "aa.kidnap_target", "Kidnap whom?",
                       [option(f"target:{FACTION_IDS[g]}", f"Kidnap from the {W.faction(g)}"
                               f" in {W.space(v['s'])}", faction=FACTION_IDS[g])
                        for g in targets])]

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        if fr.vars.get("auc"):
            pop(st)
        else:
            kidnap(ctx, st, fr.vars, self.targets(st, fr.vars)[0])

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "place":
            B.PIECES.place(st, fr.vars["s"], KIND_INDEX[arg])
            pop(st)
        else:
            kidnap(ctx, st, fr.vars, FACTION_IDS.index(arg))


def kidnap(ctx: Ctx, st: AAState, v: dict[str, Any], target: int) -> None:
    """AA 4.3.3 steps 2-3: Drug Ransom, else a die of Resources; a 6 lets AUC place a piece."""
    s = v["s"]
    held = B.ships_at(st, s, CARTELS)
    if target == CARTELS and held:
        st.ships[held[0]] = s * 4 + FARC
        ctx.emit("aa.drug_ransom", f"Drug Ransom in {W.space(s)}: the Cartels' Shipment goes "
                 "to FARC.", {"space": D.NAMES[s]})
        pop(st)
        return
    roll = rng.randint(st.rng, 1, 6)
    took = -B.add_resources(st, target, -roll)
    B.add_resources(st, FARC, took)
    ctx.emit("aa.kidnap", f"Kidnap in {W.space(s)}: rolled {roll}, FARC takes {took} "
             f"Resources from the {W.faction(target)}.",
             {"space": D.NAMES[s], "roll": roll, "amount": took, "faction": FACTION_IDS[target]})
    if roll == 6:
        v["auc"] = True
    else:
        pop(st)


class AssassinateLoop(SpaceLoop):
    """AA 4.4.2 Assassinate: up to 3 Terror spaces where AUC Guerrillas outnumber Police:
    remove any 1 enemy piece (bases last does not apply); Commandeer."""

    name = "aa.assassinate"
    prompt = "assassinate in a Terror space"

    def spaces(self, st: AAState, v: dict[str, Any]) -> list[int]:
        return [s for s in v["op"]["spaces"] if B.guerrillas(st, s, AUC) > B.police(st, s)
                and removable(st, s, AUC, "assassinate")]

    def label(self, st: AAState, v: dict[str, Any], s: int) -> str:
        return f"Assassinate in {W.space(s)}: remove any 1 enemy piece"

    def apply(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        push_remove(st, s, AUC, 1, "assassinate", "commandeer", must=True)


# -- Cartels -------------------------------------------------------------------


def cultivate_spaces(st: AAState) -> list[int]:
    """AA 4.5.1: a City/Department with Population where Cartels Guerrillas outnumber Police."""
    return [s for s in B.spaces(st) if not B.is_loc(s) and D.POP[s] > 0
            and B.guerrillas(st, s, CARTELS) > B.police(st, s) and B.base_room(st, s)]


def cultivate_options(st: AAState, op: dict[str, Any]) -> list[Option]:
    out = []
    for s in cultivate_spaces(st):
        if (op["op"] == "rally" and B.is_dept(s) and s in op["spaces"]
                and B.PIECES.available(st, Kind.CARTELS_BASE)):
            out.append(option(f"place:{D.NAMES[s]}", f"Place a Cartels Base in {W.space(s)}",
                              space=D.NAMES[s]))
        out += [option(f"move:{D.NAMES[o]}:{D.NAMES[s]}", f"Move a Cartels Base from "
                       f"{W.space(o)} to {W.space(s)}", **{"from": D.NAMES[o], "to": D.NAMES[s]})
                for o in B.spaces(st)
                if o != s and B.bases(st, o, CARTELS)]
    return out


def any_cultivate(st: AAState, op: dict[str, Any]) -> bool:
    """Whether `cultivate_options` offers any (without wording them)."""
    spaces = cultivate_spaces(st)
    if not spaces:
        return False
    if (op["op"] == "rally" and B.PIECES.available(st, Kind.CARTELS_BASE)
            and any(B.is_dept(s) and s in op["spaces"] for s in spaces)):
        return True
    based = [o for o in B.spaces(st) if B.bases(st, o, CARTELS)]
    return any(o != s for s in spaces for o in based)


class Cultivate(SaSpec[AAState]):
    """AA 4.5.1 Cultivate (with Rally or March): move a Cartels Base in, or place one in a
    Department selected for this Rally."""

    name = "cultivate"
    faction = CARTELS

    def reach(self, op: str) -> int:
        """A Base moves out of one space (its Rally options there) into one (its room)."""
        return 2

    def allowed(self, st: Any, op: dict[str, Any]) -> bool:
        return op["op"] in ("rally", "march") and any_cultivate(st, op)

    def begin(self, ctx: Ctx, st: Any, op: dict[str, Any]) -> None:
        push(st, "aa.cultivate", op={"op": op["op"], "spaces": list(op["spaces"])})


class CultivateProc(Proc[AAState]):
    name = "aa.cultivate"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        return [decide(st, CARTELS, "aa.cultivate", "Cultivate:",
                       cultivate_options(st, fr.vars["op"]))]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        parts = (c.option_id or "").split(":")
        if parts[0] == "place":
            B.PIECES.place(st, D.INDEX[parts[1]], Kind.CARTELS_BASE)
        else:
            B.PIECES.move(st, D.INDEX[parts[1]], D.INDEX[parts[2]], Kind.CARTELS_BASE)
        if parts[0] == "place":
            ctx.emit("aa.cultivate", f"Cultivate: a Cartels Base placed in "
                     f"{W.space_of(parts[1])}.", {"to": parts[1]})
        else:
            ctx.emit("aa.cultivate", f"Cultivate: a Cartels Base moves from "
                     f"{W.space_of(parts[1])} to {W.space_of(parts[2])}.",
                     {"from": parts[1], "to": parts[2]})
        pop(st, sa="cultivate")


def process_ship_targets(st: AAState) -> list[tuple[int, int]]:
    """AA 4.5.2: any Guerrilla in a space with a Cartels Base can take a Shipment."""
    return [(s, g) for s in B.spaces(st) if B.bases(st, s, CARTELS)
            for g in (FARC, AUC, CARTELS) if B.guerrillas(st, s, g)]


class Process(SaSpec[AAState]):
    """AA 4.5.2 Process (with Rally or March): remove Cartels Bases for +3 each, or place
    1-2 Shipments with Guerrillas in Cartels Base spaces."""

    name = "process"
    faction = CARTELS

    def reach(self, op: str) -> int:
        """One Base removed (a Rally's Base options there) or one Shipment placed."""
        return 1

    def allowed(self, st: Any, op: dict[str, Any]) -> bool:
        return op["op"] in ("rally", "march") and B.bases_on_map(st, CARTELS) > 0

    def begin(self, ctx: Ctx, st: Any, op: dict[str, Any]) -> None:
        push(st, "aa.process", mode="", placed=0, removed=0)


class ProcessProc(Proc[AAState]):
    name = "aa.process"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        free = st.ships.count(-1)
        if v["mode"] == "":
            opts = [option("remove_bases", "Remove Cartels Bases, +3 Resources each")]
            if free and process_ship_targets(st):
                opts.append(option("place_shipments", "Place 1 or 2 Shipments with Guerrillas "
                                   "in Cartels Base spaces"))
            return [decide(st, CARTELS, "aa.process_mode", "Process: which?", opts)]
        if v["mode"] == "remove_bases":
            opts = [option(f"base:{D.NAMES[s]}", f"Remove a Cartels Base from {W.space(s)} "
                           "(+3 Resources)", space=D.NAMES[s])
                    for s in B.spaces(st) if B.bases(st, s, CARTELS)]
            if v["removed"]:
                opts.append(option("done", "Remove no more Bases"))
            return [decide(st, CARTELS, "aa.process_base", "remove a Cartels Base (+3):", opts)] \
                if opts else []
        if v["placed"] >= 2 or not free:
            return []
        opts = [option(f"ship:{D.NAMES[s]}:{FACTION_IDS[g]}", f"Place a Shipment with a "
                       f"{W.faction(g)} Guerrilla in {W.space(s)}", space=D.NAMES[s],
                       faction=FACTION_IDS[g]) for s, g in process_ship_targets(st)]
        if v["placed"]:
            opts.append(option("done", "Place no more Shipments"))
        return [decide(st, CARTELS, "aa.process_ship", "place a Shipment with:", opts)]

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        pop(st, sa="process")

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        parts = (c.option_id or "").split(":")
        if parts[0] == "done":
            pop(st, sa="process")
        elif parts[0] in ("remove_bases", "place_shipments"):
            v["mode"] = parts[0]
        elif parts[0] == "base":
            B.PIECES.remove(st, D.INDEX[parts[1]], Kind.CARTELS_BASE)
            B.add_resources(st, CARTELS, 3)
            v["removed"] += 1
        else:
            st.ships[st.ships.index(-1)] = D.INDEX[parts[1]] * 4 + FACTION_IDS.index(parts[2])
            v["placed"] += 1


BRIBE_COST: Final = 3


BRIBE_MODES: Final = {"cubes": "Remove up to 2 Government cubes",
                      "guerrillas": "Remove up to 2 FARC or AUC Guerrillas",
                      "flip": "Flip up to 2 Guerrillas (any factions) Active or Underground",
                      "base": "Remove 1 enemy Base"}


def bribe_modes(st: AAState, s: int) -> list[str]:
    """AA 4.5.4 / AA-R-11: remove up to 2 cubes, remove or flip up to 2 Guerrillas, or
    remove 1 enemy Base."""
    out = []
    if removable(st, s, CARTELS, "bribe_cubes"):
        out.append("cubes")
    if removable(st, s, CARTELS, "bribe_guerrillas"):
        out.append("guerrillas")
    if B.all_guerrillas(st, s):
        out.append("flip")
    if removable(st, s, CARTELS, "bribe_base"):
        out.append("base")
    return out


def bribable(st: AAState, s: int) -> bool:
    """Whether `bribe_modes` offers any in s: a Government, FARC or AUC piece (cubes,
    Guerrillas or a Base to remove) or any Guerrilla to flip (a Cartels one)."""
    base = s * NKINDS
    p = st.pieces
    return any(p[base:base + Kind.CARTELS_U]) or bool(p[base + Kind.CARTELS_U]
                                                       or p[base + Kind.CARTELS_A])


class BribeLoop(SpaceLoop):
    """AA 4.5.4 Bribe: up to 3 spaces, 3 Resources each."""

    name = "aa.bribe"
    prompt = "bribe in a space (3 Resources)"

    def spaces(self, st: AAState, v: dict[str, Any]) -> list[int]:
        if st.resources[CARTELS] < BRIBE_COST and not v.get("free"):
            return []
        return [s for s in B.spaces(st) if bribable(st, s)]

    def any_space(self, st: AAState, v: dict[str, Any]) -> bool:
        if st.resources[CARTELS] < BRIBE_COST and not v.get("free"):
            return False
        return any(bribable(st, s) for s in B.spaces(st))

    def label(self, st: AAState, v: dict[str, Any], s: int) -> str:
        return f"Bribe in {W.space(s)} ({'free' if v.get('free') else '3 Resources'})"

    def apply(self, ctx: Ctx, st: AAState, v: dict[str, Any], s: int) -> None:
        if not v.get("free"):  # card 60 shaded grants a free Bribe
            st.resources[CARTELS] -= BRIBE_COST
        push(st, "aa.bribe_space", s=s)


class BribeSpaceProc(AskProc[AAState]):
    """`aa.bribe_space` vars s, flips (how many so far) and touched (the kinds a flip made:
    AA 4.5.4 "up to 2 Guerrillas" are two pieces, so a Guerrilla once flipped is not
    flipped back)."""

    name = "aa.bribe_space"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        s = v["s"]
        if "flips" in v:
            touched = v["touched"]
            opts = [option(f"flip:{KIND_IDS[k]}", f"Flip {W.pieces(k, 1)} in {W.space(s)}",
                           piece=KIND_IDS[k]) for g in (FARC, AUC, CARTELS)
                    for k in (GUER_U[g], GUER_A[g]) if B.n(st, s, k) > touched.count(k)]
            if not opts or v["flips"] >= 2:
                return []
            return [decide(st, CARTELS, "aa.bribe_flip", "flip a Guerrilla:",
                           opts + ([option("done", "Flip no more")] if v["flips"] else []))]
        return [decide(st, CARTELS, "aa.bribe_mode", f"Bribe in {W.space(s)}:",
                       [option(m, BRIBE_MODES[m]) for m in bribe_modes(st, s)])]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        if c.option_id == "flip":
            v["flips"], v["touched"] = 0, []
        elif verb == "flip":
            made = B.PIECES.flip[KIND_INDEX[arg]]
            B.PIECES.flip_to(st, v["s"], made)
            v["touched"].append(made)
            v["flips"] += 1
        elif verb == "done":
            pop(st)
        else:
            pop(st)
            n = 1 if verb == "base" else 2  # AA 4.5.4 "up to 2": no duty to the full (1.4.1)
            push_remove(st, v["s"], CARTELS, n, f"bribe_{verb}", "contraband", must=True,
                        upto=True)


EXTORT: Final = ExtortLoop()
KIDNAP: Final = KidnapLoop()
ASSASSINATE: Final = AssassinateLoop()
BRIBE: Final = BribeLoop()


class Ambush(SaSpec[AAState]):
    """AA 4.3.2 Ambush is chosen inside an Attack space (ops/insurgent.py); never on its own."""

    def __init__(self, faction: int) -> None:
        self.name, self.faction = "ambush", faction


# AA-I-16 reach of one unit: Extort Activates in its space (a Terror there may go), Bribe
# removes or flips pieces in its space and costs 3; Kidnap and Assassinate come after
# their Terror or select it (not known: searched).
SAS: Final[list[SaSpec[AAState]]] = [
    LoopSa("extort", FARC, EXTORT, reach=1), LoopSa("extort", AUC, EXTORT, reach=1),
    Ambush(FARC), Ambush(AUC),
    LoopSa("kidnap", FARC, KIDNAP, 3, ("terror",)),
    LoopSa("assassinate", AUC, ASSASSINATE, 3, ("terror",)),
    Cultivate(), Process(), LoopSa("bribe", CARTELS, BRIBE, 3, reach=1, spends=BRIBE_COST)]
PROCS: list[Proc[AAState]] = [EXTORT, KIDNAP, KidnapSpaceProc(), ASSASSINATE, CultivateProc(),
                              ProcessProc(), BRIBE, BribeSpaceProc()]
