"""AA 2 Sequence of play: the Andean Abyss answers to the COIN sequence (coin.sequence)."""

from __future__ import annotations

import functools
from typing import Any, Final

from services.coin.bots.seats import is_np
from services.coin.marker_bonus import MarkerBonus, MarkerWords
from services.coin.sequence import CardProc, DeckProc, op_option
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option
from services.kernel.flow import Proc, push

from . import board as B
from . import data as D
from . import events, operations
from . import words as W
from .constants import FACTION_IDS, PASS_GAIN, PROPAGANDA_FIRST
from .state import AAState

NOT_ON_FINAL_CARD: Final[tuple[str, ...]] = ("sweep", "march")  # AA 2.3.9


def is_propaganda(card: int) -> bool:
    return card >= PROPAGANDA_FIRST


def final_event_card(st: AAState) -> bool:
    """AA 2.3.9 / AA-R-06: the final Propaganda card comes before any other Event card."""
    if st.hidden_next:
        return False
    to_go = st.final_prop - st.prop_played
    for card in reversed(st.deck):
        if not is_propaganda(card):
            return False
        to_go -= 1
        if to_go <= 0:
            return True
    return False


def order_card(st: AAState, card: int) -> int:
    """AA 2.3.1 options A/B (AA-R-15): the faction order comes from the upcoming card, or
    the first Event card further down the deck, or else the bottom-most played Event card."""
    if not st.elig_option:
        return card
    for c in reversed(st.deck):
        if not is_propaganda(c):
            return c
    return next(c for c in st.played if not is_propaganda(c))


class AASequence:
    """The hooks coin.sequence calls."""

    faction_names: tuple[str, ...] = FACTION_IDS
    words = W.WORDS

    def faction_order(self, st: AAState, card: int) -> list[int]:
        return list(D.FACTION_ORDER[order_card(st, card)])

    def executors_ineligible(self, st: AAState) -> bool:
        """AA 2.3.1 option B: executing never makes a faction Ineligible (only Events do)."""
        return st.elig_option != "B"

    def is_propaganda(self, card: int) -> bool:
        return is_propaganda(card)

    def pass_gain(self, faction: int) -> int:
        """AA 2.3.3 Pass: +3 Government, +1 Insurgent."""
        return PASS_GAIN[faction]

    def pass_reward(self, st: AAState, faction: int) -> int:
        return B.add_resources(st, faction, PASS_GAIN[faction])

    def event_options(self, st: AAState, faction: int) -> list[Option]:
        card = st.played[-1]
        return [event_option(card, side, st.edition) for side in events.sides(card)]

    def op_options(self, st: AAState, faction: int, limited: bool, free: bool) -> list[Option]:
        final = final_event_card(st)
        if is_np(st, faction) and not free:
            limited = final = False  # AA 8.1 rule 6: a Non-player's Operation is unrestricted
        verb = "limop" if limited or final else "op"
        return [op_option(W.WORDS, verb, op, free) for op in operations.faction_ops(faction)
                if not (final and op in NOT_ON_FINAL_CARD)
                and operations.can_start(st, faction, op, limited or final, free)]

    def begin_op(self, st: AAState, faction: int, op: str, limited: bool, free: bool) -> None:
        operations.begin_op(st, faction, op, limited, free)

    def begin_event(self, st: AAState, faction: int, side: str) -> None:
        push(st, "coin.effect", key=events.program_key(st.played[-1], side, st.edition),
             f=faction, pc=0)

    def final_event_card(self, st: AAState) -> bool:
        return final_event_card(st)

    def begin_propaganda(self, ctx: Ctx, st: AAState) -> None:
        from .propaganda import begin_propaganda
        begin_propaganda(ctx, st)

    def game_over(self, st: AAState) -> bool:
        return st.over != 0



class Ship(MarkerBonus):
    """AA 2.3.6 Ship (the COIN bonus LimOp): after a paid Operation without a Special
    Activity, a faction may remove one of its Shipments for a free LimOp, or ask another
    player's faction holding one to give it (`ship:<i>`, `ask:<faction>`, `give:<i>`,
    `refuse`, `decline`; each helper asked once per faction and card, AA 1.5.1)."""

    board = B.BOARD
    words = MarkerWords(phases=("bonus", "help"), kinds=("coin.bonus_limop", "coin.bonus_help"),
                        own="ship", ask="ask", give="give", arg="shipment", spend="Spend",
                        theirs="one of theirs")

    def tokens(self, st: AAState, f: int) -> list[int]:
        """The Shipments the faction owns."""
        return [i for i, c in enumerate(st.ships) if c >= 0 and B.ship_owner(c) == f]

    def may_help(self, st: AAState, cur: int, g: int) -> bool:
        """AA 1.5.1: another player's faction; AA 8.1 rule 7: never a Non-player."""
        return super().may_help(st, cur, g) and not is_np(st, g)

    def label(self, st: AAState, token: int) -> str:
        return f"the Shipment in {W.space(B.ship_space(st.ships[token]))}"

    def spend(self, ctx: Ctx, st: AAState, token: int, cur: int) -> None:
        s = B.ship_space(st.ships[token])
        ctx.emit("aa.ship", f"The Shipment in {W.space(s)} is spent for a free Limited "
                 "Operation (Ship).", {"space": D.NAMES[s], "shipment": token})
        st.ships[token] = -1


@functools.cache
def event_option(card: int, side: str, edition: int) -> Option:
    """The option of executing one side of a card's Event (made once: card text is data)."""
    return option(f"event:{side}", event_label(card, side, edition), side=side,
                  card=str(card))


def event_label(card: int, side: str, edition: int) -> str:
    """"Shaded: <title> — <the text>" (the second edition's where that option is on)."""
    c = D.CARDS[card]
    text = c[side]["text"]
    if edition == 2 and (c["second_edition"] or {}).get(side):
        text = c["second_edition"][side]["text"]
    single = c["unshaded"] is not None and c["shaded"] is None
    head = "Event" if single else side.capitalize()
    return f"{head}: {c['title']} — {' '.join(text.split())}"


RULES: Final = AASequence()
PROCS: Final[list[Proc[Any]]] = [DeckProc(RULES), CardProc(RULES, Ship())]
