"""CL 2 Sequence of play: Cuba Libre's answers to the COIN sequence (coin.sequence).

- 2.3.3 Pass: +3 Government, +1 an Insurgent;
- 2.3.4-2.3.5 the 1st and 2nd Eligible's options (coin.sequence.CardProc);
- 2.3.6 Launder: after a paid Operation without a Special Activity, a free LimOp (not
  Construct) for one Cash marker, the faction's own or another player's faction's (CL-R-06);
- 2.3.8 the next card with the sudden Propaganda option (deck.next_card);
- 2.3.9 the final Event card (LimOps only, deck.final_event_card);
- 8.1, CL-R-34: a Non-player never executes a LimOp: where a player would, it executes a full
  Operation (with a Special Activity); it never launders nor sponsors (CL-R-06).
"""

from __future__ import annotations

from typing import Any, Final

from services.coin.marker_bonus import MarkerBonus, MarkerWords
from services.coin.sequence import FIRST_EVENT, CardProc, DeckProc, card_vars, op_option
from services.kernel.ctx import Ctx
from services.kernel.decisions import Option, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from . import board as B
from . import data as D
from . import deck, events, operations
from . import words as W
from .constants import DECEPTION_IDS, FACTION_IDS, NO_CASH, PASS_GAIN, Deception
from .state import CLState, Counter

NEVER_FREE = ("construct",)  # CL 3.3.5: Construct is never free (so never a Launder LimOp)


def is_non_player(st: CLState, f: int) -> bool:
    return bool(st.non_players >> f & 1)


class CLSequence:
    """The hooks coin.sequence calls."""

    faction_names: tuple[str, ...] = FACTION_IDS
    words = W.WORDS

    def faction_order(self, st: CLState, card: int) -> list[int]:
        """CL 2.3.2: the faction symbols of the card, left to right."""
        return list(D.FACTION_ORDER[card])

    def executors_ineligible(self, st: CLState) -> bool:
        return True

    def is_propaganda(self, card: int) -> bool:
        return D.is_propaganda(card)

    def pass_gain(self, faction: int) -> int:
        """CL 2.3.3 Pass: +3 Government, +1 Insurgent."""
        return PASS_GAIN[faction]

    def pass_reward(self, st: CLState, faction: int) -> int:
        return B.add_resources(st, faction, PASS_GAIN[faction])

    def event_options(self, st: CLState, faction: int) -> list[Option]:
        """CL 5.2: the sides of the current card (only those whose program is registered);
        none for the 2nd Eligible on the final Event card, whatever the 1st did (CL 2.3.9:
        even after a Government LimOp with card 10's Special Activity)."""
        v = card_vars(st)
        if deck.final_event_card(st) and v is not None and v["done"] == 1:
            return []
        card = st.played[-1]
        return [option(f"event:{side}", event_label(card, side), side=side, card=str(card))
                for side in events.sides(card)]

    def op_options(self, st: CLState, faction: int, limited: bool, free: bool) -> list[Option]:
        """CL 2.3.4-2.3.5, 2.3.9 (a LimOp on the final Event card); a Non-player executes a
        full Operation where a player would a LimOp (CL 8.1, CL-R-34); a free LimOp (Launder)
        is never a Construct (CL 3.3.5)."""
        limited = (limited or deck.final_event_card(st)) and not is_non_player(st, faction)
        verb = "limop" if limited else "op"
        opts = [op_option(W.WORDS, verb, op, free) for op in operations.faction_ops(faction)
                if not (free and op in NEVER_FREE)
                and operations.can_start(st, faction, op, limited, free)]
        if limited and not free and hidden_assets(st, faction) is not None:
            opts += [option(f"op:{op}", f"{W.OPS[op]} with a Special Activity instead of a "
                            "Limited Operation (reveal your Hidden Assets)", op=op)
                     for op in operations.faction_ops(faction)
                     if operations.can_start(st, faction, op, False, False)]
        return opts

    def begin_op(self, st: CLState, faction: int, op: str, limited: bool, free: bool) -> None:
        operations.begin_op(st, faction, op, limited, free)
        if not limited and not free and would_be_limited(st) and not is_non_player(st, faction):
            push(st, "cl.hidden_assets", f=faction)  # revealed before the Operation starts

    def begin_event(self, st: CLState, faction: int, side: str) -> None:
        push(st, "coin.effect", key=events.key(st.played[-1], side), f=faction, pc=0)

    def final_event_card(self, st: CLState) -> bool:
        return deck.final_event_card(st)

    def begin_propaganda(self, ctx: Ctx, st: CLState) -> None:
        from .propaganda import begin_propaganda
        begin_propaganda(ctx, st)

    def game_over(self, st: CLState) -> bool:
        return st.over != 0


def would_be_limited(st: CLState) -> bool:
    """The 2nd Eligible, executing now, was offered only a LimOp (CL 2.3.4, 2.3.9)."""
    v = card_vars(st)
    return (v is not None and v["done"] == 2
            and (v["first"] != FIRST_EVENT or deck.final_event_card(st)))


def hidden_assets(st: CLState, faction: int) -> Counter | None:
    """CL 7.3 option: the unrevealed Hidden Assets counter of the faction's seat, usable once
    per game by the 2nd Eligible (the card's 1st Eligible has acted)."""
    v = card_vars(st)
    if not st.deception or v is None or v["done"] != 1:
        return None
    return next((c for c in st.deception[st.seat_of[faction]]
                 if c.kind == Deception.HIDDEN_ASSETS and not c.revealed), None)


class HiddenAssetsProc(Proc[CLState]):
    """`cl.hidden_assets` vars: f. CL 7.3: the 2nd Eligible executes an Operation with a
    Special Activity instead of its LimOp: its Hidden Assets counter is revealed (used)."""

    name = "cl.hidden_assets"

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        pop(st)
        reveal_hidden_assets(ctx, st, fr.vars["f"])


def reveal_hidden_assets(ctx: Ctx, st: CLState, faction: int) -> None:
    seat = st.seat_of[faction]
    counter = next(c for c in st.deception[seat]
                   if c.kind == Deception.HIDDEN_ASSETS and not c.revealed)
    counter.revealed = True
    ctx.emit("cl.deception", f"{W.faction(faction)} reveals Hidden Assets: an Operation with a "
             "Special Activity instead of a Limited Operation.",
             {"seat": seat, "counter": DECEPTION_IDS[Deception.HIDDEN_ASSETS]})


class Launder(MarkerBonus):
    """CL 2.3.6 Launder (CL-R-06), the COIN bonus LimOp: after a paid Operation without a
    Special Activity, the faction may remove one Cash marker it owns (`launder:<cash>`), or
    ask another player's faction owning one (`sponsor:<faction>`), which removes one
    (`give:<cash>`) or refuses (`refuse`), for a free LimOp; `decline` ends the window. Each
    faction is asked once per card; never one's own other faction (CL 1.5.1). Non-players
    never launder nor sponsor (CL 8.1)."""

    board = B.BOARD
    words = MarkerWords(phases=("launder", "sponsor"), kinds=("cl.launder", "cl.launder_sponsor"),
                        own="launder", ask="sponsor", give="give", arg="cash", spend="Remove",
                        theirs="one of their Cash markers")

    def tokens(self, st: CLState, f: int) -> list[int]:
        """The Cash markers f owns (indices of `st.cash`)."""
        return [i for i, c in enumerate(st.cash) if c != NO_CASH and B.cash_owner(c) == f]

    def may_use(self, st: CLState, cur: int) -> bool:
        return not is_non_player(st, cur)

    def may_help(self, st: CLState, cur: int, g: int) -> bool:
        return st.seat_of[g] != st.seat_of[cur] and not is_non_player(st, g)

    def label(self, st: CLState, i: int) -> str:
        c = st.cash[i]
        return f"the Cash under a {W.kind(B.cash_holder(c))} in {W.space(B.cash_space(c))}"

    def spend(self, ctx: Ctx, st: CLState, i: int, cur: int) -> None:
        c = st.cash[i]
        st.cash[i] = NO_CASH
        ctx.emit("cl.launder", f"The {W.faction(B.cash_owner(c))} Cash in "
                 f"{W.space(B.cash_space(c))} goes to the Cash box: the {W.faction(cur)} get a "
                 "free Limited Operation (Launder).",
                 {"space": D.NAMES[B.cash_space(c)], "cash": i,
                  "owner": FACTION_IDS[B.cash_owner(c)], "faction": FACTION_IDS[cur]})


def event_label(card: int, side: str) -> str:
    """"Shaded: <title> — <the text>" ("Event: ..." for a single-sided card)."""
    c = D.EVENTS[card]
    data = c.unshaded if side == "unshaded" else c.shaded
    assert data is not None
    head = "Event" if c.single_sided else side.capitalize()
    return f"{head}: {c.title} — {' '.join(data.effect.split())}"


RULES: Final = CLSequence()
PROCS: Final[list[Proc[Any]]] = [DeckProc(RULES, deck.next_card), CardProc(RULES, Launder()),
                                 HiddenAssetsProc()]
