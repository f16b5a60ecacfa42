"""JU 32 Combat and JU 33 incoming fire (gunboat and air strikes).

A combat segment: battle declarations in order from the President's seat (JU 32.1), then
bombardment in phase order (JU 33), then the battles in the order the Rebel Leader chooses
(JU 32.2). A battle has three exchanges: targets are named in phase order
(`junta.choose_target`), dice are rolled, each 6 is a hit, losses are chosen by their owner
(`junta.allocate_losses`); then JU 37 retreat.
"""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from ..constants import EXCHANGES, NOBODY, REMOVED, Office
from ..data import DATA
from ..decide import ask, done, next_turn, option, parts
from ..dice import roll
from ..families import in_order, is_active, name, president, wielder
from ..state import JuntaState
from .order import coup_of, make_rebel, may_act, phase_order
from .units import (
    PALACE,
    area_name,
    dice,
    force_id,
    force_name,
    forces,
    is_vacant,
    parse_force,
    type_name,
)

HIT: Final = 6


def battle_areas(st: JuntaState, f: int) -> list[int]:
    """JU 32.1: combat-allowed areas with his units and at least one other force."""
    coup = coup_of(st)
    out = []
    for a in DATA.land:
        if not DATA.combat_allowed[a] or a in coup.battles:
            continue
        fs = forces(coup, a)
        if f in fs and len(fs) > 1:
            out.append(a)
    return out


class DeclareBattlesProc(Proc[JuntaState]):
    """JU 32.1: in order from the President's seat, each participant declares battle areas,
    one at a time, then `done`. In the rebel phase only rebels (or who become rebels)."""

    name = "declare_battles"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = next_turn(fr, lambda f: is_active(st, f) and may_act(st, f)
                      and bool(battle_areas(st, f)))
        if f is None:
            return []
        areas = battle_areas(st, f)
        opts = [done("Declare no more battles")]
        opts += [option(f"battle:{DATA.area_ids[a]}", f"Declare a battle in {area_name(a)}",
                        area=DATA.area_ids[a]) for a in areas]
        return [ask(st, f, "declare_battles", "Combat: declare battles.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        p = parts(c.option_id)
        f = fr.vars["order"][fr.vars["i"]]
        if p[0] == "done":
            fr.vars["i"] += 1
            return
        make_rebel(ctx, st, f)
        a = DATA.area_index[p[1]]
        coup_of(st).battles.append(a)
        ctx.emit("junta.battle_declared", f"{name(st, f)} declares a battle in "
                 f"{area_name(a)}.", {"player": f, "area": p[1]})

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


def weapons(st: JuntaState, f: int) -> list[str]:
    """JU 33.1-33.2: the gunboat once per combat segment; an air strike at most once per
    segment, each of the 3 markers once per coup."""
    coup = coup_of(st)
    out = []
    if wielder(st, Office.ADMIRAL) == f and not coup.gunboat_used:
        out.append("gunboat")
    if wielder(st, Office.AIR_FORCE) == f and not coup.strike_used and coup.strikes < 3:
        out.append("air_strike")
    return out


def bombard_targets(st: JuntaState, f: int, weapon: str) -> list[tuple[int, int]]:
    """(area, force) pairs the weapon may fire at; a declared Palace bombardment fires
    there (JU 27.4)."""
    coup = coup_of(st)
    if coup.phase == 0 and weapon in coup.palace:
        areas = [PALACE]
    elif weapon == "gunboat":
        areas = [a for a in DATA.land if DATA.gunboat_range[a]]
    else:
        areas = [a for a in DATA.land if DATA.air_strike_allowed[a]]
    return [(a, g) for a in areas for g in sorted(forces(coup, a)) if g != f]


class BombardProc(Proc[JuntaState]):
    """JU 33: in phase order, the Admiral's and the Air Force's controllers may fire."""

    name = "bombard"

    def options(self, st: JuntaState, f: int) -> list[Option]:
        opts: list[Option] = []
        for w in weapons(st, f):
            verb, what = ("shell", "Shell") if w == "gunboat" else ("strike", "Air strike on")
            opts += [option(f"{verb}:{DATA.area_ids[a]}:{force_id(g)}", f"{what} "
                            f"{force_name(st, g)} in {area_name(a)} (3 dice, 6s hit)",
                            area=DATA.area_ids[a], force=force_id(g))
                     for a, g in bombard_targets(st, f, w)]
        return opts

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = next_turn(fr, lambda f: is_active(st, f) and may_act(st, f)
                      and bool(self.options(st, f)))
        if f is None:
            return []
        opts = self.options(st, f)
        return [ask(st, f, "bombard", "Gunboat and air strikes: fire or hold.",
                    [option("pass", "Hold fire"), *opts])]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["order"][fr.vars["i"]]
        p = parts(c.option_id)
        if p[0] == "pass":
            fr.vars["i"] += 1
            return
        make_rebel(ctx, st, f)
        coup = coup_of(st)
        if p[0] == "shell":
            coup.gunboat_used = True
            dice_n, weapon = DATA.gunboat_dice, "gunboat"
        else:
            coup.strike_used = True
            coup.strikes += 1
            dice_n, weapon = DATA.air_strike_dice, "air strike"
        area, target = DATA.area_index[p[1]], parse_force(p[2])
        hits = roll_hits(ctx, st, f, dice_n, f"the {weapon} on {force_name(st, target)} in "
                         f"{area_name(area)}")
        take_losses(st, target, area, hits)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


def roll_hits(ctx: Ctx, st: JuntaState, f: int, n: int, what: str) -> int:
    rolls = [roll(st) for _ in range(n)]
    hits = sum(1 for r in rolls if r == HIT)
    ctx.emit("junta.dice", f"{name(st, f)} rolls {n} dice for {what}: "
             f"{' '.join(map(str, rolls)) or 'none'} ({hits} hit{'s' * (hits != 1)}).",
             {"player": f, "dice": rolls, "hits": hits})
    return hits


def take_losses(st: JuntaState, target: int, area: int, hits: int) -> None:
    """JU 32.3d, 33.3: the target's player removes units (a vacant force's are identical)."""
    if hits:
        push(st, "allocate_losses", fam=target, area=area, n=hits)


class AllocateLossesProc(Proc[JuntaState]):
    """JU 32.3d: the owner chooses which of his units in the area are lost, one at a time
    (no decision when they are all alike); surplus hits are lost."""

    name = "allocate_losses"

    def kinds(self, st: JuntaState, fr: Frame) -> dict[int, list[int]]:
        coup = coup_of(st)
        out: dict[int, list[int]] = {}
        for i in forces(coup, fr.vars["area"]).get(fr.vars["fam"], []):
            out.setdefault(coup.units[i].type, []).append(i)
        return out

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        kinds = self.kinds(st, fr)
        f = fr.vars["fam"]
        if fr.vars["n"] <= 0 or len(kinds) < 2 or is_vacant(f):
            return []
        return [ask(st, f, "allocate_losses", f"You lose {fr.vars['n']} unit(s) in "
                    f"{area_name(fr.vars['area'])}: choose which.",
                    [option(f"lose:{DATA.unit_types[t].id}", f"Lose one {type_name(t)}",
                            unit=DATA.unit_types[t].id) for t in sorted(kinds)])]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        self.lose(ctx, st, fr, self.kinds(st, fr)[DATA.unit_index[parts(c.option_id)[1]]][0])

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        kinds = self.kinds(st, fr)
        if fr.vars["n"] <= 0 or not kinds:
            pop(st)
            return
        self.lose(ctx, st, fr, min(i for idxs in kinds.values() for i in idxs))

    def lose(self, ctx: Ctx, st: JuntaState, fr: Frame, i: int) -> None:
        coup = coup_of(st)
        u = coup.units[i]
        ctx.emit("junta.unit_lost", f"{force_name(st, u.ctrl)} loses one {type_name(u.type)} "
                 f"in {area_name(u.pos)}.", {"force": force_id(u.ctrl),
                                              "unit": DATA.unit_types[u.type].id,
                                              "area": DATA.area_ids[u.pos]})
        u.pos = REMOVED
        fr.vars["n"] -= 1
        for parent in reversed(st.stack[:-1]):
            if parent.proc == "battle":
                losses = parent.vars["losses"]
                losses[str(u.ctrl)] = losses.get(str(u.ctrl), 0) + 1
                break


def fighting(st: JuntaState, area: int) -> dict[int, list[int]]:
    return forces(coup_of(st), area)


def battle_over(st: JuntaState, area: int) -> bool:
    """JU 32.3e: fewer than two forces with non-fleeing units, or no player has any."""
    fs = fighting(st, area)
    return len(fs) < 2 or all(is_vacant(g) for g in fs)


class BattleProc(Proc[JuntaState]):
    """JU 32.3: three exchanges of fire. vars: area, ex, stage, i, named, parts, losses."""

    name = "battle"

    def shooters(self, st: JuntaState, fr: Frame) -> list[int]:
        fs = fighting(st, fr.vars["area"])
        return [f for f in phase_order(st) if f in fs]

    def current(self, st: JuntaState, fr: Frame) -> int | None:
        # JU 30.2: the President holds fire in the rebel phase
        return next_turn(fr, lambda f: may_act(st, f), self.shooters(st, fr))

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        if fr.vars["stage"] != "name":
            return []
        f = self.current(st, fr)
        if f is None:
            return []
        area = fr.vars["area"]
        fs = fighting(st, area)
        opts = [option("hold", "Hold fire")]
        opts += [option(f"fire:{force_id(g)}", f"Fire {dice(coup_of(st), fs[f], area)} dice at "
                        f"{force_name(st, g)}", force=force_id(g)) for g in sorted(fs) if g != f]
        return [ask(st, f, "choose_target", f"Battle in {area_name(area)}, exchange "
                    f"{fr.vars['ex']}: name your target.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = self.current(st, fr)
        assert f is not None
        fr.vars["i"] += 1
        p = parts(c.option_id)
        if p[0] == "fire":
            make_rebel(ctx, st, f)
            fr.vars["named"][str(f)] = parse_force(p[1])

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        stage = fr.vars["stage"]
        area = fr.vars["area"]
        if stage == "start":
            fr.vars["stage"] = "retreat" if battle_over(st, area) else "name"
            if fr.vars["stage"] == "name":
                ctx.emit("junta.battle", f"Battle in {area_name(area)}.",
                         {"area": DATA.area_ids[area]})
        elif stage == "name":
            fr.vars["stage"] = "fire"
        elif stage == "fire":
            self.fire(ctx, st, fr)
            fr.vars["stage"] = "check"
        elif stage == "check":
            if fr.vars["ex"] >= EXCHANGES or battle_over(st, area):
                fr.vars["stage"] = "retreat"
            else:
                fr.vars.update(ex=fr.vars["ex"] + 1, stage="name", i=0, named={})
        else:
            pop(st)
            push(st, "retreat", area=area, parts=sorted(set(fr.vars["parts"])),
                 losses=fr.vars["losses"])

    def fire(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        """JU 32.3b-d: rolls in phase order; then each target removes its losses."""
        area = fr.vars["area"]
        coup = coup_of(st)
        fs = fighting(st, area)
        hits: dict[int, int] = {}
        for f in phase_order(st):
            target = fr.vars["named"].get(str(f))
            if target is None or f not in fs:
                continue
            fr.vars["parts"] += [f] + ([] if is_vacant(target) else [target])
            n = roll_hits(ctx, st, f, dice(coup, fs[f], area), f"the battle in "
                          f"{area_name(area)} against {force_name(st, target)}")
            hits[target] = hits.get(target, 0) + n
        for target in sorted(hits, reverse=True):
            take_losses(st, target, area, hits[target])


def battle_chooser(st: JuntaState) -> int:
    """JU 32.2 [G 44]: the Rebel Leader; the President if the leader is in exile; else the
    first participant in phase order."""
    coup = coup_of(st)
    if is_active(st, coup.leader):
        return coup.leader
    p = president(st)
    if p != NOBODY and is_active(st, p):
        return p
    order = phase_order(st)
    return order[0] if order else coup.leader


class BattleOrderProc(Proc[JuntaState]):
    """JU 32.2: the battles one at a time, in the order the chooser names."""

    name = "battle_order"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        coup = coup_of(st)
        if len(coup.battles) < 2:
            return []
        return [ask(st, battle_chooser(st), "battle_order", "Choose the next battle.",
                    [option(f"battle:{DATA.area_ids[a]}", f"Fight the battle in {area_name(a)} "
                            "next", area=DATA.area_ids[a]) for a in coup.battles])]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        self.fight(st, DATA.area_index[parts(c.option_id)[1]])

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        coup = coup_of(st)
        if not coup.battles:
            pop(st)
            return
        self.fight(st, coup.battles[0])

    def fight(self, st: JuntaState, area: int) -> None:
        coup_of(st).battles.remove(area)
        push(st, "battle", area=area, ex=1, stage="start", i=0, named={}, parts=[], losses={})


class CombatProc(Proc[JuntaState]):
    """JU 29.2: the combat segment: declarations, bombardment, battles."""

    name = "combat"

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        stage = fr.vars.setdefault("stage", "declare")
        coup = coup_of(st)
        if stage == "declare":
            coup.combat = True
            fr.vars["stage"] = "bombard"
            push(st, "declare_battles", order=in_order(st, coup.anchor), i=0)
        elif stage == "bombard":
            fr.vars["stage"] = "battles"
            push(st, "bombard", order=phase_order(st), i=0)
        elif stage == "battles":
            fr.vars["stage"] = "end"
            push(st, "battle_order")
        else:
            for u in coup.units:
                u.fleeing = False
            coup.combat = False
            pop(st)


PROCS: tuple[Proc[JuntaState], ...] = (DeclareBattlesProc(), BombardProc(), AllocateLossesProc(),
                                       BattleProc(), BattleOrderProc(), CombatProc())
