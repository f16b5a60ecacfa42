"""Phase C, parliament (CU 5.C): two of the proposals become law.

Stages of the `parliament` proc: reveal the kept cards (+ City Hall tile), the
Church veto, sealed simultaneous bribes (kernel `sealed`), one sealed rebid
among the tied leaders, the turn-order tie-break, and the winner passing 2 laws.
"""

from __future__ import annotations

from typing import Final

from services.kernel import sealed
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop, push
from services.kernel.sealed import SealedProc
from services.kernel.state import Frame, SealedRound

from .constants import (
    CATEGORY_IDS,
    CHARACTER_IDS,
    NO_CARD,
    NO_LAW,
    NO_SEAT,
    NUMERALS,
    Phase,
    votes_of,
)
from .data import DATA
from .decide import ask, opt, split
from .economy import pay
from .laws import bribes_allowed, enact
from .state import CubaState
from .words import character_name, plural, seats_text

PASSED_LAWS: Final = 2  # CU 5.C.6
CITY_HALL_VOTES: Final = DATA.building("city_hall").votes


class ParliamentProc(Proc[CubaState]):
    name = "parliament"

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        stage = fr.vars.setdefault("stage", "reveal")
        fr.vars["stage"] = STAGES[stage](ctx, st, fr)


def reveal_cards(ctx: Ctx, st: CubaState, fr: Frame) -> str:
    """CU 5.C.1-5.C.2: kept cards face up; their value plus the City Hall tile are votes."""
    st.phase = Phase.PARLIAMENT
    cards = {}
    for seat, p in enumerate(st.players):
        if p.parliament_card == NO_CARD:
            p.parliament_card = p.hand.pop()
        p.votes = votes_of(p.parliament_card) + (CITY_HALL_VOTES if st.vote_tile == seat else 0)
        p.bribe = 0
        cards[str(seat)] = CHARACTER_IDS[p.parliament_card]
    ctx.emit("cuba.parliament_cards", "Parliament cards: " + ", ".join(
        f"seat {s} the {character_name(p.parliament_card)} ({plural(p.votes, 'vote')})"
        for s, p in enumerate(st.players)) + city_hall_text(st) + ".",
        {"cards": cards, "votes": {str(s): p.votes for s, p in enumerate(st.players)},
         "city_hall": st.vote_tile})
    return "veto"


def city_hall_text(st: CubaState) -> str:
    if st.vote_tile == NO_SEAT:
        return ""
    return f"; seat {st.vote_tile} holds the City Hall tile (+{CITY_HALL_VOTES} votes)"


def veto_stage(ctx: Ctx, st: CubaState, fr: Frame) -> str:
    """CU 5.C.3: the Church tile's holder may veto, before the bribes [CU-G-19]."""
    if st.veto_tile != NO_SEAT:
        push(st, "veto", seat=st.veto_tile)
    return "bribe"


def bribe_stage(ctx: Ctx, st: CubaState, fr: Frame) -> str:
    """CU 5.C.4: everybody bids 0..his money at once, sealed (none under the bribery law)."""
    open_bids(st, "cuba.bribe", "Bribe: pesos for extra votes (paid even if you lose).",
              list(range(st.seats)))
    return "tally"


def open_bids(st: CubaState, kind: str, prompt: str, seats: list[int]) -> bool:
    """A sealed amount round for the seats that have money to bid (others bid 0); False
    when nobody bids (bribery law, or no money)."""
    if not bribes_allowed(st):
        return False
    bidders = [s for s in seats if st.players[s].money > 0]
    if bidders:
        push(st, "bribe", kind=kind, prompt=prompt, seats=bidders)
    return bool(bidders)


def leaders(st: CubaState) -> list[int]:
    top = max(p.votes for p in st.players)
    return [s for s in st.order() if st.players[s].votes == top]


def tally_stage(ctx: Ctx, st: CubaState, fr: Frame) -> str:
    """CU 5.C.5 [CU-G-18]: tied leaders alone bid once more, sealed."""
    tied = leaders(st)
    fr.vars["tied"], fr.vars["rebid"] = tied, False
    if len(tied) > 1:
        fr.vars["rebid"] = open_bids(st, "cuba.rebid", "Tie: bid again (only the tied "
                                     "leaders).", sorted(tied))
        why = "they bid again, sealed" if fr.vars["rebid"] else (
            "no rebid under the bribery law" if not bribes_allowed(st)
            else "none of them has money to bid again")
        ctx.emit("cuba.parliament_tie", f"{seats_text(tied).capitalize()} tie on "
                 f"{plural(st.players[tied[0]].votes, 'vote')}: {why}.",
                 {"seats": tied, "votes": st.players[tied[0]].votes, "rebid": fr.vars["rebid"]})
    return "winner"


def winner_stage(ctx: Ctx, st: CubaState, fr: Frame) -> str:
    """CU 5.C.5: still tied -> the first in turn order from the start player wins."""
    top = leaders(st)
    winner = top[0]
    st.parliament_winner = winner
    votes = st.players[winner].votes
    if len(top) > 1:
        how = "turn_order"
        still = "still " if fr.vars["rebid"] else ""
        text = (f"{seats_text(top).capitalize()} are {still}tied on {votes} votes; seat "
                f"{winner} wins as the first of them in turn order from the start player "
                f"(seat {st.start_player}).")
    else:
        how = "rebid" if fr.vars["rebid"] else "votes"
        text = f"Seat {winner} wins parliament with {plural(votes, 'vote')}" + (
            " after the rebid." if fr.vars["rebid"] else ".")
    ctx.emit("cuba.parliament_winner", text,
             {"seat": winner, "votes": {str(s): p.votes for s, p in enumerate(st.players)},
              "tied": fr.vars["tied"] if len(fr.vars["tied"]) > 1 else [],
              "rebid": fr.vars["rebid"], "resolved_by": how})
    left = sum(1 for x in st.proposals if x != NO_LAW)
    if left:
        push(st, "pass_law", seat=winner, left=min(PASSED_LAWS, left))
    return "close"


def close_stage(ctx: Ctx, st: CubaState, fr: Frame) -> str:
    """CU 5.C.6: proposals not chosen leave the game; the tiles are returned."""
    st.proposals = [NO_LAW] * len(st.proposals)
    st.vote_tile = NO_SEAT
    st.veto_tile = NO_SEAT
    pop(st)
    return "done"


STAGES: Final = {"reveal": reveal_cards, "veto": veto_stage, "bribe": bribe_stage,
                 "tally": tally_stage, "winner": winner_stage, "close": close_stage}


class BribeProc(SealedProc[CubaState]):
    """CU 5.C.4-5.C.5: the sealed bids (0..his money each, for the frame's `seats`); all
    revealed together, all paid to the bank."""

    name = "bribe"

    def open(self, st: CubaState, fr: Frame) -> SealedRound | None:
        kind = fr.vars["kind"]
        return sealed.open_amounts(kind, kind, fr.vars["prompt"], st.serial,
                                   {s: (0, st.players[s].money) for s in fr.vars["seats"]})

    def resolve(self, ctx: Ctx, st: CubaState, fr: Frame, values: dict[int, int | str]) -> None:
        for seat, value in values.items():
            bid = int(value)
            pay(st, seat, bid)
            st.players[seat].bribe += bid
            st.players[seat].votes += bid


def vetoable(st: CubaState) -> list[int]:
    """CU 5.C.3 [CU-G-19]: not the category vetoed in the immediately preceding round."""
    banned = st.last_veto_category if st.last_veto_round == st.round - 1 else NO_LAW
    return [c for c, x in enumerate(st.proposals) if x != NO_LAW and c != banned]


def veto_option(st: CubaState, cat: int) -> Option:
    """CU 5.C.3: vetoing one category's proposal; the law in force there stays."""
    law, stays = DATA.laws[st.proposals[cat]], st.in_force[cat]
    keep = "no law stays" if stays == NO_LAW else f"{DATA.laws[stays].name} stays"
    return opt(f"veto:{CATEGORY_IDS[cat]}", f"Veto proposal {NUMERALS[cat]}, {law.name} "
               f"({keep})", category=CATEGORY_IDS[cat], law=law.id)


def pass_option(st: CubaState, cat: int) -> Option:
    """CU 5.C.6: passing one proposal; it replaces the law in force in its category."""
    law, old = DATA.laws[st.proposals[cat]], st.in_force[cat]
    replaces = "" if old == NO_LAW else f", replacing {DATA.laws[old].name}"
    return opt(f"pass:{law.id}", f"Pass {NUMERALS[cat]}, {law.name}{replaces}: {law.text}",
               law=law.id, category=CATEGORY_IDS[cat],
               replaces="" if old == NO_LAW else DATA.laws[old].id)


class VetoProc(Proc[CubaState]):
    name = "veto"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        options = [veto_option(st, c) for c in vetoable(st)]
        options.append(opt("none", "Veto nothing"))
        return [ask(st, fr.vars["seat"], "veto", "Church: veto one proposal, or none.",
                    options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, arg = split(c.option_id)
        if verb == "veto":
            cat = CATEGORY_IDS.index(arg)
            law = DATA.laws[st.proposals[cat]]
            st.proposals[cat] = NO_LAW
            st.veto, st.last_veto_round, st.last_veto_category = cat, st.round, cat
            ctx.emit("cuba.veto", f"Seat {d.seat} vetoes proposal {NUMERALS[cat]}, {law.name}.",
                     {"seat": d.seat, "category": arg, "law": law.id})
        else:
            ctx.emit("cuba.veto", f"Seat {d.seat} vetoes nothing.", {"seat": d.seat})
        pop(st)


class PassLawProc(Proc[CubaState]):
    """CU 5.C.6: the winner chooses the proposals that become law, one at a time."""

    name = "pass_law"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        options = [pass_option(st, c) for c, x in enumerate(st.proposals) if x != NO_LAW]
        return [ask(st, fr.vars["seat"], "pass_law",
                    f"Choose a proposal to pass ({fr.vars['left']} to go).", options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        new = DATA.law(split(c.option_id)[1])
        st.proposals[new.category] = NO_LAW
        old = enact(st, new.index)
        ctx.emit("cuba.law_passed", f"{new.name} is now law"
                 + ("." if old == NO_LAW else f", replacing {DATA.laws[old].name}."),
                 {"law": new.id, "category": CATEGORY_IDS[new.category],
                  "replaced": "" if old == NO_LAW else DATA.laws[old].id})
        fr.vars["left"] -= 1
        if fr.vars["left"] == 0:
            pop(st)


PROCS: tuple[Proc[CubaState], ...] = (ParliamentProc(), BribeProc(), VetoProc(), PassLawProc())
