"""Junta bots: the kernel's RandomBot and a heuristic bot that plays to win.

`HeuristicBot` decides from its seat's `JuntaView` and the decision only (plus the printed
game data every player knows). Its policy: money flows to its Swiss account (it goes to the
Bank whenever banking is possible and deposits everything), it votes for budgets that pay
it and proposes budgets that keep most of the aid, it stands for President, hides in the
other locations, uses its assassins on the richest player, kills and shoots for cash, starts
a coup only when its brigades outnumber the government's troops, marches on the power
centres and joins the side that holds them. Anything it has no rule for is chosen at random
(by its own PRNG, from the options offered).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Final

from tablero.junta.v1 import view_pb2 as pb

from services.kernel import rng as prng
from services.kernel.bots import random_choice
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.rng import RngState

from .data import DATA


def _distances() -> dict[int, int]:
    """Land steps from every area to the nearest power centre."""
    dist = {a: 0 for a in DATA.power_centers}
    todo = deque(DATA.power_centers)
    while todo:
        a = todo.popleft()
        for b in DATA.adjacent[a]:
            if b not in dist:
                dist[b] = dist[a] + 1
                todo.append(b)
    return dist


TO_CENTRE: Final = _distances()
CARD_VALUE: Final = {"secret_contribution": 9, "vote": 2, "assassin": 6, "bribe": 4, "event": 3}


class Seen:
    """What the bot reads from its own view."""

    def __init__(self, view: pb.JuntaView) -> None:
        self.v = view
        self.me = view.viewer
        self.fam = view.families[view.viewer]

    @property
    def is_president(self) -> bool:
        return self.v.HasField("president") and self.v.president == self.me

    def cash(self) -> int:
        return self.fam.cash_total

    def votes_of(self, f: int) -> int:
        return sum(DATA.card(c).votes for c in self.v.families[f].face_up)

    def richest(self, among: list[int]) -> int:
        return max(among, key=lambda f: (self.v.families[f].cash_bills, -f))

    def my_units(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for g in self.v.coup.units:
            if g.force == str(self.me) and g.area in DATA.area_index:
                out[g.area] = out.get(g.area, 0) + g.count
        return out

    def forces_in(self, area: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for g in self.v.coup.units:
            if g.area == area and not g.fleeing:
                out[g.force] = out.get(g.force, 0) + g.count
        return out


def ids(d: Decision, verb: str) -> list[Option]:
    return [o for o in d.options if o.args.get("action") == verb]


def pick(d: Decision, option_id: str) -> Choice:
    return Choice(d.id, option_id=option_id)


class HeuristicBot:
    """Scores nothing globally: one small rule per decision kind, random otherwise."""

    def choose(self, view: pb.JuntaView, decision: Decision, r: RngState) -> Choice:
        rule = RULES.get(decision.kind.split(".", 1)[1])
        if rule is not None:
            choice = rule(Seen(view), decision, r)
            if choice is not None:
                return choice
        return random_choice(decision, r)


Rule = Callable[[Seen, Decision, RngState], Choice | None]


def first_of(verb: str) -> Rule:
    def rule(s: Seen, d: Decision, r: RngState) -> Choice | None:
        opts = ids(d, verb)
        return pick(d, opts[0].id) if opts else None
    return rule


def nominate(s: Seen, d: Decision, r: RngState) -> Choice | None:
    mine = f"nominate:{s.me}"
    return pick(d, mine if mine in d.option_ids() else "done")


def commit(s: Seen, d: Decision, r: RngState) -> Choice | None:
    """Vote for itself, for budgets that pay it; add every card when the vote is its own."""
    rc = s.v.roll_call
    if "abstain" in d.option_ids():
        want = wanted_option(s, rc)
        return pick(d, f"vote:{want}" if want and f"vote:{want}" in d.option_ids()
                    else "abstain")
    mine_at_stake = rc.kind == "election" or s.is_president or rc.chair == s.me
    cards = ids(d, "card") + ids(d, "church")
    if cards and (mine_at_stake or rc.round == 2):
        return pick(d, cards[0].id)
    face_up = [o for o in ids(d, "card") if o.args["card"] in s.fam.face_up]
    return pick(d, face_up[0].id if face_up else "done")


def wanted_option(s: Seen, rc: pb.RollCall) -> str:
    if rc.kind == "election":
        return str(s.me) if str(s.me) in rc.options else ""
    if rc.kind == "motion":
        return "no" if s.is_president else "yes"
    if rc.chair == s.me:
        return "yes"
    mine = next((st for st in s.v.budget.stacks if st.player == s.me), None)
    return "yes" if mine is not None and mine.announced >= 2 else "no"


def discard(s: Seen, d: Decision, r: RngState) -> Choice | None:
    def worth(o: Option) -> int:
        c = DATA.card(o.args["card"])
        return c.votes + 3 if c.kind == "influence" else CARD_VALUE.get(
            c.id if c.id == "secret_contribution" else c.kind, 1) + c.votes
    return pick(d, min(d.options, key=worth).id)


def propose(s: Seen, d: Decision, r: RngState) -> Choice | None:
    """Keep most of the aid: one smallest bill to each of the players with most votes."""
    given = {st.player for st in s.v.budget.stacks if st.bills}
    others = sorted({int(o.args["player"]) for o in ids(d, "give")},
                    key=lambda f: -s.votes_of(f))
    for f in others[:max(1, len(others) // 2)]:
        if f in given:
            continue
        gives = [o for o in ids(d, "give") if o.args["player"] == str(f)]
        if gives:
            return pick(d, min(gives, key=lambda o: int(o.args["value"])).id)
    return pick(d, "done")


def announce(s: Seen, d: Decision, r: RngState) -> Choice | None:
    assert d.amount is not None
    return Choice(d.id, amount=d.amount.max)


def force(s: Seen, d: Decision, r: RngState) -> Choice | None:
    mine = next((st for st in s.v.budget.stacks if st.player == s.me), None)
    paid = mine is not None and mine.bills > 0
    return pick(d, "force" if paid and s.v.budget.proposer != s.me else "refuse")


def location(s: Seen, d: Decision, r: RngState) -> Choice | None:
    """To the Bank when it can bank and has cash (not when the Bank is watched), else hide."""
    can_bank = s.v.bank != "holiday" and s.cash() > 0
    risky = not s.v.secret_police_bank_blocked and prng.randbelow(r, 4) == 0
    if can_bank and not risky:
        return pick(d, "location:bank")
    return pick(d, prng.choice(r, ["location:mistress", "location:nightclub", "location:home"]))


def declare(s: Seen, d: Decision, r: RngState) -> Choice | None:
    """One attempt a turn, on the richest player, where he is most likely to be."""
    if any(a.by == s.me for a in s.v.attempts):
        return pick(d, "done")
    cands = [o for o in d.options if o.args.get("action") in ("police", "card")]
    if not cands:
        return pick(d, "done")
    target = s.richest(sorted({int(o.args["player"]) for o in cands}))
    guess = "bank" if s.v.bank != "holiday" else prng.choice(r, ["mistress", "nightclub", "home"])
    best = [o for o in cands if o.args["player"] == str(target)
            and o.args.get("location", guess) == guess]
    return pick(d, (best or cands)[0].id)


def pay(s: Seen, d: Decision, r: RngState) -> Choice | None:
    def cost(o: Option) -> tuple[int, int]:
        bills = o.args.get("bills", "none")
        paid = 0 if bills == "none" else sum(int(x) for x in bills.split("+"))
        return paid, 0 if "credit" in o.args else 1
    return pick(d, min(d.options, key=cost).id)


def bank(s: Seen, d: Decision, r: RngState) -> Choice | None:
    deposits = ids(d, "deposit")
    return pick(d, deposits[0].id if deposits else "done")


def start_coup(s: Seen, d: Decision, r: RngState) -> Choice | None:
    """Only with brigades that outnumber the government's troops."""
    brigades = sum(1 for o in s.fam.offices if o.startswith("general_"))
    pres = s.v.president if s.v.HasField("president") else -1
    theirs = sum(1 for o in s.v.families[pres].offices if o.startswith("general_")) \
        if pres >= 0 else 0
    return pick(d, "start" if brigades >= 2 or (brigades and not theirs) else "pass")


def movement(s: Seen, d: Decision, r: RngState) -> Choice | None:
    """Drop and land near the power centres, then march the farthest group closer."""
    for verb in ("drop", "land"):
        opts = ids(d, verb)
        if opts:
            return pick(d, min(opts, key=lambda o: TO_CENTRE[DATA.area_index[o.args["area"]]]).id)
    if not s.v.coup.rebels and s.v.coup.phase == 0 and s.me != s.v.coup.leader:
        return pick(d, "done") if "done" in d.option_ids() else None
    moves = [o for o in ids(d, "move") if TO_CENTRE[DATA.area_index[o.args["area"]]] > 0]
    if moves:
        return pick(d, max(moves, key=lambda o: TO_CENTRE[DATA.area_index[o.args["area"]]]).id)
    plays = ids(d, "play")
    if plays:
        return pick(d, plays[0].id)
    return pick(d, "done") if "done" in d.option_ids() else None


def move_units(s: Seen, d: Decision, r: RngState) -> Choice | None:
    takes = ids(d, "take")
    if takes:
        return pick(d, max(takes, key=lambda o: int(o.args["count"])).id)
    dests = ids(d, "to")
    return pick(d, min(dests, key=lambda o: TO_CENTRE[DATA.area_index[o.args["area"]]]).id)


def battles(s: Seen, d: Decision, r: RngState) -> Choice | None:
    for o in ids(d, "battle"):
        fs = s.forces_in(o.args["area"])
        mine = fs.pop(str(s.me), 0)
        if mine > max(fs.values(), default=0):
            return pick(d, o.id)
    return pick(d, "done")


def target(s: Seen, d: Decision, r: RngState) -> Choice | None:
    """Loyalists hold fire in the rebel phase; otherwise fire at the biggest enemy."""
    coup = s.v.coup
    if coup.phase == 0 and s.me not in coup.rebels:
        return pick(d, "hold")
    fires = ids(d, "fire")
    if not fires:
        return pick(d, "hold")
    return pick(d, fires[0].id)


def side(s: Seen, d: Decision, r: RngState) -> Choice | None:
    """Join the side that holds the power centres."""
    rebels = sum(1 for c in s.v.coup.control if c.held_by == "rebels")
    rebel_if_mine = sum(1 for c in s.v.coup.control if s.forces_in(c.area)
                        and set(s.forces_in(c.area)) <= {str(s.me), *map(str, s.v.coup.rebels)})
    want = "side:rebels" if max(rebels, rebel_if_mine) >= 3 else "side:president"
    return pick(d, want if want in d.option_ids() else d.options[0].id)


def agreement(s: Seen, d: Decision, r: RngState) -> Choice | None:
    return pick(d, "reject")


def execute(s: Seen, d: Decision, r: RngState) -> Choice | None:
    victims = [int(o.args["player"]) for o in ids(d, "execute")]
    if not victims:
        return pick(d, "nobody")
    return pick(d, f"execute:{s.richest(victims)}")


def shoot(s: Seen, d: Decision, r: RngState) -> Choice | None:
    return pick(d, "shoot" if prng.randbelow(r, 2) else "admit")


def vote_for_self(s: Seen, d: Decision, r: RngState) -> Choice | None:
    mine = [o for o in d.options if o.args.get("player") == str(s.me)]
    return pick(d, mine[0].id) if mine else None


def keep_largest(s: Seen, d: Decision, r: RngState) -> Choice | None:
    return pick(d, max(d.options, key=lambda o: int(o.args["value"])).id)


RULES: Final[dict[str, Rule]] = {
    "place_influence": first_of("place"), "nominate": nominate, "commit_votes": commit,
    "withdraw_candidacy": first_of("stay"), "ready": first_of("ready"),
    "discard_to_limit": discard, "resign": first_of("stay"), "play_motion": first_of("play"),
    "propose_budget": propose, "announce_budget": announce, "force_budget": force,
    "play_alt_budget": first_of("play"), "keep_bill": keep_largest,
    "choose_location": location, "declare_attempts": declare, "protect": first_of("play"),
    "pay": pay, "bank": bank, "start_coup": start_coup, "movement_turn": movement,
    "move_units": move_units, "declare_battles": battles, "choose_target": target,
    "choose_side": side, "accept_agreement": agreement, "execute": execute,
    "shoot_returnee": shoot, "return_exile": first_of("return"), "junta_vote": vote_for_self,
    "break_tie": vote_for_self, "choose_president": vote_for_self,
    "permit_stay": first_of("refuse"), "permit_entry": first_of("refuse"),
    "answer_unit_trade": first_of("decline"), "play_vote_event": first_of("pass"),
}
