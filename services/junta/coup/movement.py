"""JU 31 Movement, JU 34 paratroops and marines, JU 35 new counters, JU 36 police response,
unit bribes (JU 47), unit control transfers (JU 43.4) and exile from an embassy (JU 25.1b).

A movement turn (`junta.movement_turn`) is a chain ending with `done`: land the marines, drop
the paratroops, play unit cards, bribe units, give or trade unit control, go into exile, and
make at most one move (`move:<area>`, then `take:<type>:<count>` per type, then
`to:<area>`). The Rebel Leader's first action in the rebel phase is the coup's starting
action (JU 27.4): a unit card, a move (landing and dropping included) or a declared
bombardment of the Palace.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from ..constants import AFLOAT, AIRBORNE, NOBODY, REMOVED, TRANSFERS_PER_PHASE, Office
from ..data import DATA, Card
from ..death import go_into_exile
from ..decide import ask, done, option, parts
from ..dice import roll
from ..families import is_active, must_ask, name, president, wielder
from ..hand import design, playable
from ..money import can_afford
from ..state import JuntaState
from .order import coup_of, make_rebel, may_act, participants
from .units import (
    PALACE,
    area_name,
    controlled,
    groups,
    is_vacant,
    minister_units_ctrl,
    type_name,
)

MARINE: Final = DATA.unit_index["marine"]
PARATROOP: Final = DATA.unit_index["paratroop"]
POLICE: Final = DATA.unit_index["police"]
HELICOPTER: Final = DATA.unit_index["helicopter"]
WEAPONS: Final = {"gunboat": Office.ADMIRAL, "air_strike": Office.AIR_FORCE}


def movable(st: JuntaState, f: int, placed: list[int]) -> dict[int, dict[int, list[int]]]:
    """Land areas with units `f` may move: area -> type -> unit indices (police placed in
    response this segment stay, JU 36)."""
    coup = coup_of(st)
    out: dict[int, dict[int, list[int]]] = {}
    for (pos, t), idxs in groups(coup, controlled(coup, f)).items():
        idxs = [i for i in idxs if i not in placed]
        if pos >= 0 and idxs and DATA.unit_types[t].move_range > 0:
            out.setdefault(pos, {})[t] = idxs
    return out


def in_embassy(st: JuntaState, f: int) -> bool:
    coup = coup_of(st)
    return any(coup.units[i].pos >= 0 and DATA.embassy[coup.units[i].pos]
               for i in controlled(coup, f))


def unit_cards(st: JuntaState, f: int, window: str) -> list[Card]:
    return [design(i) for i in playable(st, f, window) if design(i).effect == "new_units"]


def bribe_cards(st: JuntaState, f: int) -> list[Card]:
    return [design(i) for i in playable(st, f, "coup_movement")
            if design(i).effect == "bribe_units" and bribe_areas(st, f, design(i))
            and can_afford(st, f, 1)]


def bribable(st: JuntaState, f: int, card: Card, area: int) -> list[int]:
    """JU 47 [G 12]: listed units there of any other controller (not a vacant office's, not
    fleeing)."""
    coup = coup_of(st)
    types = {DATA.unit_index[t] for t in card.params["unit_types"]}
    return [i for i, u in enumerate(coup.units) if u.pos == area and u.type in types
            and u.ctrl != f and not is_vacant(u.ctrl) and not u.fleeing]


def bribe_areas(st: JuntaState, f: int, card: Card) -> list[int]:
    return [a for a in DATA.land if bribable(st, f, card, a)]


def transfers_left(st: JuntaState, f: int) -> bool:
    return st.families[f].transfers < TRANSFERS_PER_PHASE


def starting(fr: Frame) -> bool:
    return bool(fr.vars.get("start"))


class MovementTurnProc(Proc[JuntaState]):
    """JU 31.1: one participant's movement turn. vars: fam, moved, start, placed."""

    name = "movement_turn"

    def options(self, st: JuntaState, fr: Frame) -> list[Option]:
        f = fr.vars["fam"]
        coup = coup_of(st)
        if not may_act(st, f):
            return []
        start = starting(fr)
        window = "coup_start" if start else "coup_movement"
        opts = [] if start else [done("End your movement turn")]
        if not fr.vars["moved"]:
            opts += [area_option("move", a)
                     for a in sorted(movable(st, f, fr.vars.get("placed", [])))]
        if not coup.marines_landed and self.holds(st, f, MARINE, AFLOAT):
            opts += [area_option("land", a) for a in DATA.land if DATA.coastal[a]]
        if not coup.paratroops_dropped and self.holds(st, f, PARATROOP, AIRBORNE):
            opts += [area_option("drop", a) for a in DATA.land]
        opts += [option(f"play:{c.id}", f"Play {c.name}: {c.text}", card=c.id)
                 for c in unit_cards(st, f, window)]
        if start:
            opts += [option(f"bombard:{w}", f"Declare a {w.replace('_', ' ')} on the "
                            "Presidential Palace for this phase's combat", weapon=w)
                     for w in palace_weapons(st, f)]
            return opts
        opts += [option(f"bribe:{c.id}", f"Play {c.name}: try to bribe units (1 million "
                        "each)", card=c.id) for c in bribe_cards(st, f)]
        if transfers_left(st, f) and (coup.phase != 0 or f != president(st)):
            opts += give_options(st, f)
        if in_embassy(st, f):
            opts.append(option("exile", "Go into exile from the embassy (your units leave "
                               "the map)"))
        return opts

    def holds(self, st: JuntaState, f: int, t: int, pos: int) -> bool:
        coup = coup_of(st)
        return any(coup.units[i].type == t and coup.units[i].pos == pos
                   for i in controlled(coup, f))

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        opts = self.options(st, fr)
        f = fr.vars["fam"]
        if not opts or not is_active(st, f) or (
                not starting(fr) and not must_ask(st, f, len(opts) > 1)):
            return []
        what = "the starting action of your coup" if starting(fr) else "your movement turn"
        return [ask(st, fr.vars["fam"], "movement_turn", f"Coup phase {coup_of(st).phase}: "
                    f"{what}.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["fam"]
        p = parts(c.option_id)
        verb = p[0]
        if verb == "done":
            pop(st)
            return
        if verb != "exile":
            fr.vars["start"] = False
        if verb in ("move", "land", "drop", "play", "bombard", "bribe"):
            make_rebel(ctx, st, f)
        if verb == "move":
            fr.vars["moved"] = True
            push(st, "move_units", fam=f, area=DATA.area_index[p[1]], taken=[],
                 placed=fr.vars.get("placed", []))
        elif verb in ("land", "drop"):
            land_or_drop(ctx, st, f, verb, DATA.area_index[p[1]])
        elif verb == "play":
            from ..cards.registry import play_from_hand
            play_from_hand(ctx, st, f, p[1], {})
        elif verb == "bombard":
            coup_of(st).palace.append(p[1])
            ctx.emit("junta.palace_bombardment", f"{name(st, f)} declares a "
                     f"{p[1].replace('_', ' ')} on the Presidential Palace.",
                     {"player": f, "weapon": p[1]})
        elif verb == "bribe":
            push(st, "bribe_units", fam=f, card=p[1], units=[])
        elif verb == "give":
            st.families[f].transfers += 1  # JU 43.6: counted when the transfer begins
            push(st, "give_units", fam=f, area=DATA.area_index[p[1]], type=DATA.unit_index[p[2]],
                 count=int(p[3]))
        else:
            exile_in_coup(ctx, st, f)
            pop(st)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


AREA_VERBS: Final = {"move": "Move units out of {}", "land": "Land the marines in {}",
                     "drop": "Drop the paratroops into {}", "to": "Move them to {}"}


@cache
def area_option(verb: str, a: int) -> Option:
    return option(f"{verb}:{DATA.area_ids[a]}", AREA_VERBS[verb].format(area_name(a)),
                  area=DATA.area_ids[a])


def palace_weapons(st: JuntaState, f: int) -> list[str]:
    """JU 27.4, 33: the gunboat (the Palace is in range) or an air strike still unused."""
    coup = coup_of(st)
    out = []
    if wielder(st, Office.ADMIRAL) == f and DATA.gunboat_range[PALACE] and \
            "gunboat" not in coup.palace:
        out.append("gunboat")
    if wielder(st, Office.AIR_FORCE) == f and coup.strikes < 3 and "air_strike" not in coup.palace:
        out.append("air_strike")
    return out


def land_or_drop(ctx: Ctx, st: JuntaState, f: int, verb: str, area: int) -> None:
    """JU 34: once per coup; not the player's move; they may join his move."""
    coup = coup_of(st)
    t, box = (MARINE, AFLOAT) if verb == "land" else (PARATROOP, AIRBORNE)
    for i in controlled(coup, f):
        if coup.units[i].type == t and coup.units[i].pos == box:
            coup.units[i].pos = area
    if verb == "land":
        coup.marines_landed = True
    else:
        coup.paratroops_dropped = True
    what = "lands the marines" if verb == "land" else "drops the paratroops"
    ctx.emit("junta.landed", f"{name(st, f)} {what} in {area_name(area)}.",
             {"player": f, "unit": type_name(t), "area": DATA.area_ids[area]})


def exile_in_coup(ctx: Ctx, st: JuntaState, f: int) -> None:
    """JU 25.1b: from an embassy; his units leave the map (JU 5.5 if he was President)."""
    coup = coup_of(st)
    for i in controlled(coup, f):
        coup.units[i].pos = REMOVED
    go_into_exile(ctx, st, f, "fled from an embassy during the coup")


def give_options(st: JuntaState, f: int) -> list[Option]:
    """JU 43.4: give control of some of his units in one area (the count, then whom)."""
    coup = coup_of(st)
    if len(participants(st)) < 2:
        return []
    opts = []
    for (pos, t), idxs in sorted(groups(coup, controlled(coup, f)).items()):
        if pos < 0:
            continue
        opts += [option(f"give:{DATA.area_ids[pos]}:{DATA.unit_types[t].id}:{n}",
                        f"Give control of {n} {type_name(t)} in {area_name(pos)}",
                        area=DATA.area_ids[pos], unit=DATA.unit_types[t].id, count=str(n))
                 for n in range(1, len(idxs) + 1)]
    return opts


class MoveUnitsProc(Proc[JuntaState]):
    """JU 31.2-31.3: choose the units (per type, how many), then one adjacent land area (or
    an area two steps away when only helicopters move)."""

    name = "move_units"

    def options(self, st: JuntaState, fr: Frame) -> list[Option]:
        f, area = fr.vars["fam"], fr.vars["area"]
        coup = coup_of(st)
        here = movable(st, f, fr.vars["placed"]).get(area, {})
        taken = fr.vars["taken"]
        taken_types = {coup.units[i].type for i in taken}
        opts = []
        for t, idxs in sorted(here.items()):
            if t not in taken_types:
                opts += [option(f"take:{DATA.unit_types[t].id}:{n}", f"Take {n} "
                                f"{type_name(t)}", unit=DATA.unit_types[t].id, count=str(n))
                         for n in range(1, len(idxs) + 1)]
        if taken:
            only_heli = taken_types == {HELICOPTER}
            dests = DATA.within_two[area] if only_heli else DATA.adjacent[area]
            opts = [area_option("to", a) for a in dests] + opts
        return opts

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        return [ask(st, fr.vars["fam"], "move_units", f"Move from "
                    f"{area_name(fr.vars['area'])}: choose units, then where.",
                    self.options(st, fr))]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        p = parts(c.option_id)
        coup = coup_of(st)
        if p[0] == "take":
            here = movable(st, fr.vars["fam"], fr.vars["placed"])[fr.vars["area"]]
            fr.vars["taken"].extend(here[DATA.unit_index[p[1]]][:int(p[2])])
            return
        dest = DATA.area_index[p[1]]
        for i in fr.vars["taken"]:
            coup.units[i].pos = dest
        what = ", ".join(f"{len(v)} {type_name(t)}" for (_, t), v in
                         sorted(groups(coup, fr.vars["taken"]).items()))
        ctx.emit("junta.moved", f"{name(st, fr.vars['fam'])} moves {what} from "
                 f"{area_name(fr.vars['area'])} to {area_name(dest)}.",
                 {"player": fr.vars["fam"], "from": DATA.area_ids[fr.vars["area"]],
                  "to": DATA.area_ids[dest], "units": len(fr.vars["taken"])})
        pop(st)


class GiveUnitsProc(Proc[JuntaState]):
    """JU 43.4: whom to give the chosen units to, or offer them in trade for his units."""

    name = "give_units"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = fr.vars["fam"]
        coup = coup_of(st)
        what = f"{fr.vars['count']} {type_name(fr.vars['type'])} in {area_name(fr.vars['area'])}"
        others = [g for g in participants(st) if g != f]
        opts = [option(f"to:{g}", f"Give {what} to {name(st, g)} until the coup ends",
                       player=str(g)) for g in others]
        for g in others:
            if coup.phase == 0 and g == president(st):
                continue  # JU 30.2: the President may not trade in the rebel phase
            for (pos, t), idxs in sorted(groups(coup, controlled(coup, g)).items()):
                if pos < 0:
                    continue
                tid = DATA.unit_types[t].id
                opts += [option(f"swap:{g}:{DATA.area_ids[pos]}:{tid}:{n}",
                                f"Offer {what} to {name(st, g)} for his {n} {type_name(t)} "
                                f"in {area_name(pos)}", player=str(g), area=DATA.area_ids[pos],
                                unit=tid, count=str(n))
                         for n in range(1, len(idxs) + 1)]
        return [ask(st, f, "give_units", f"Give or trade {what}.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["fam"]
        p = parts(c.option_id)
        mine = self.mine(st, fr)
        make_rebel(ctx, st, f)
        if p[0] == "to":
            hand_over(ctx, st, mine, f, int(p[1]))
            pop(st)
            return
        g = int(p[1])
        theirs = [i for i in controlled(coup_of(st), g)
                  if coup_of(st).units[i].pos == DATA.area_index[p[2]]
                  and coup_of(st).units[i].type == DATA.unit_index[p[3]]][:int(p[4])]
        pop(st)
        push(st, "answer_unit_trade", fam=f, to=g, mine=mine, theirs=theirs)

    def mine(self, st: JuntaState, fr: Frame) -> list[int]:
        coup = coup_of(st)
        return [i for i in controlled(coup, fr.vars["fam"])
                if coup.units[i].pos == fr.vars["area"]
                and coup.units[i].type == fr.vars["type"]][:fr.vars["count"]]


def hand_over(ctx: Ctx, st: JuntaState, idxs: list[int], frm: int, to: int) -> None:
    coup = coup_of(st)
    for i in idxs:
        coup.units[i].ctrl = to
    what = ", ".join(f"{len(v)} {type_name(t)} in {area_name(pos)}"
                     for (pos, t), v in sorted(groups(coup, idxs).items()))
    ctx.emit("junta.units_given", f"{name(st, frm)} gives {name(st, to)} control of {what}.",
             {"player": frm, "to": to, "units": len(idxs)})


class AnswerUnitTradeProc(Proc[JuntaState]):
    """JU 43.4: the addressee answers a unit trade at once."""

    name = "answer_unit_trade"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        coup = coup_of(st)
        desc = ", ".join(f"{len(v)} {type_name(t)} in {area_name(pos)}"
                         for (pos, t), v in sorted(groups(coup, fr.vars["mine"]).items()))
        mine = ", ".join(f"{len(v)} {type_name(t)} in {area_name(pos)}"
                         for (pos, t), v in sorted(groups(coup, fr.vars["theirs"]).items()))
        return [ask(st, fr.vars["to"], "answer_unit_trade", f"{name(st, fr.vars['fam'])} "
                    f"offers {desc} for your {mine}.",
                    [option("decline", "Decline the trade"),
                     option("accept", "Accept: the units change hands until the coup ends")])]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f, g = fr.vars["fam"], fr.vars["to"]
        if c.option_id == "accept":
            make_rebel(ctx, st, g)
            hand_over(ctx, st, fr.vars["mine"], f, g)
            hand_over(ctx, st, fr.vars["theirs"], g, f)
        else:
            ctx.emit("junta.trade_declined", f"{name(st, g)} declines the unit trade.",
                     {"player": g, "from": f})
        pop(st)


class BribeUnitsProc(Proc[JuntaState]):
    """JU 47 [G 12]: name one area, then the units tried one at a time, then pay 1 each
    (one total) and roll one die per unit in the order named."""

    name = "bribe_units"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = fr.vars["fam"]
        card = DATA.card(fr.vars["card"])
        coup = coup_of(st)
        if "area" not in fr.vars:
            return [ask(st, f, "bribe_units", f"{card.name}: name the area.",
                        [option(f"area:{DATA.area_ids[a]}", f"Bribe units in {area_name(a)}",
                                area=DATA.area_ids[a]) for a in bribe_areas(st, f, card)])]
        tried = fr.vars["units"]
        opts = [done(f"Try these {len(tried)} units")] if tried else []
        if can_afford(st, f, len(tried) + 1):
            seen = set()
            for i in bribable(st, f, card, fr.vars["area"]):
                u = coup.units[i]
                if i in tried or (u.type, u.ctrl) in seen:
                    continue
                seen.add((u.type, u.ctrl))
                opts.append(option(f"try:{DATA.unit_types[u.type].id}:{u.ctrl}",
                                   f"Try to bribe one of {name(st, u.ctrl)}'s "
                                   f"{type_name(u.type)}", unit=DATA.unit_types[u.type].id,
                                   player=str(u.ctrl)))
        return [ask(st, f, "bribe_units", f"{card.name}: choose the units to try "
                    f"({len(tried)} so far, 1 million each).", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        p = parts(c.option_id)
        f = fr.vars["fam"]
        if p[0] == "area":
            fr.vars["area"] = DATA.area_index[p[1]]
        elif p[0] == "try":
            card = DATA.card(fr.vars["card"])
            t, ctrl = DATA.unit_index[p[1]], int(p[2])
            i = next(i for i in bribable(st, f, card, fr.vars["area"])
                     if coup_of(st).units[i].type == t and coup_of(st).units[i].ctrl == ctrl
                     and i not in fr.vars["units"])
            fr.vars["units"].append(i)
        else:
            units = fr.vars["units"]
            pop(st)
            from ..cards.registry import play_from_hand
            play_from_hand(ctx, st, f, fr.vars["card"], {
                "area": DATA.area_ids[fr.vars["area"]], "count": str(len(units)),
                "units": ",".join(map(str, units))})


def bribe(ctx: Ctx, st: JuntaState, f: int, card: Card, args: dict[str, str]) -> None:
    """JU 47: one die per named unit, in the order named: on 4-6 he controls it."""
    coup = coup_of(st)
    for i in (int(x) for x in args["units"].split(",")):
        u = coup.units[i]
        die = roll(st)
        won = die in card.params["success_on"] and u.pos >= 0
        ctx.emit("junta.bribe_die", f"Bribing {name(st, u.ctrl)}'s {type_name(u.type)}: die "
                 f"{die}{': bribed' if won else ''}.", {"die": die, "player": f,
                                                         "from": u.ctrl, "won": won})
        if won:
            u.ctrl = f


class PoliceResponseProc(Proc[JuntaState]):
    """JU 36 [G 36]: at the start of coup phase 1's movement segment the Minister places any
    of the police he controls into the areas where rebels placed agitators, one at a time;
    placed police do not move again this segment."""

    name = "police_response"

    def options(self, st: JuntaState, fr: Frame) -> list[Option]:
        coup = coup_of(st)
        m = minister_units_ctrl(st)
        if m == NOBODY or not self.free(st, fr):
            return []
        return [done("Place no more police")] + [
            option(f"place:{DATA.area_ids[a]}", f"Send a police unit to {area_name(a)}",
                   area=DATA.area_ids[a]) for a in coup.triggers]

    def free(self, st: JuntaState, fr: Frame) -> list[int]:
        coup = coup_of(st)
        m = minister_units_ctrl(st)
        return [i for i in controlled(coup, m) if coup.units[i].type == POLICE
                and coup.units[i].pos >= 0 and i not in fr.vars["placed"]]

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        opts = self.options(st, fr)
        if not opts:
            return []
        return [ask(st, minister_units_ctrl(st), "police_response", "Police response: place "
                    "police in the areas where agitators appeared.", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        p = parts(c.option_id)
        if p[0] == "done":
            self.finish(st, fr)
            return
        i = self.free(st, fr)[0]
        coup = coup_of(st)
        area = DATA.area_index[p[1]]
        ctx.emit("junta.police_response", f"Police move from {area_name(coup.units[i].pos)} to "
                 f"{area_name(area)}.", {"from": DATA.area_ids[coup.units[i].pos],
                                         "to": DATA.area_ids[area]})
        coup.units[i].pos = area
        fr.vars["placed"].append(i)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        self.finish(st, fr)

    def finish(self, st: JuntaState, fr: Frame) -> None:
        placed = fr.vars["placed"]
        pop(st)
        for f in st.stack:
            if f.proc == "coup_phase":
                f.vars["placed"] = placed


PROCS: Final[tuple[Proc[JuntaState], ...]] = (MovementTurnProc(), MoveUnitsProc(), GiveUnitsProc(),
                                              AnswerUnitTradeProc(), BribeUnitsProc(),
                                              PoliceResponseProc())
