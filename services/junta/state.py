"""Junta's table state: plain typed records (DESIGN §6, shared DATA.md §4).

Families are indexed 0..F-1 clockwise; families 0..seats-1 are the seats' own, the rest are
straw men (JU 45). Cards are instance ids (`data.DATA.instances`), bills are bill ids
(`data.DATA.bill_values`), offices and locations are `constants` ints. Every bill is in
exactly one place (the aid deck, a family's cash or Swiss account, a budget stack) and every
card in exactly one (the political deck, the discard pile, a hand, face up, or committed in
the roll call under way); `invariants.py` checks both.

Hidden: hands (count public), cash values (count public), Swiss totals (count public), the
aid deck and political deck order, location choices until revealed, the values in budget
stacks, the President's eight drawn bills, a straw man's location for all but its leader.
Views copy in only what a seat may see (`views.py`).
"""

from __future__ import annotations

import msgspec

from services.kernel.state import KernelState

from .constants import NO_LOCATION, NOBODY, Bank, Phase, Status


class Offer(msgspec.Struct, array_like=True):
    """JU 43.5: a trade offer, or the draft of one: the maker's bills and hand cards for
    an amount of the addressee's money and cards of named designs."""

    to: int = NOBODY
    give_bills: list[int] = []
    give_cards: list[int] = []
    want_money: int = 0
    want_cards: list[int] = []  # design indices


class Family(msgspec.Struct, array_like=True):
    """One family (JU conventions).

    straw:     a straw man (JU 45), never a seat's own family.
    leader:    straw men only: the family of its faction leader, or NOBODY for the
               President's faction (JU 45.5).
    location:  this turn's location choice (JU 19), NO_LOCATION before Phase 5.
    transfers: transfer actions used in the current phase (JU 43.6).
    offer:     the pending trade offer this family made (JU 43.5); draft: the one being built.
    swapped:   real families that swapped a card with this straw man this turn (JU 45.6).
    returning: announced and survived a return from exile this turn (JU 25.4).
    """

    straw: bool
    status: int = Status.ACTIVE
    hand: list[int] = []
    face_up: list[int] = []
    cash: list[int] = []
    swiss: list[int] = []
    location: int = NO_LOCATION
    leader: int = NOBODY
    transfers: int = 0
    offer: Offer | None = None
    draft: Offer | None = None
    swapped: list[int] = []
    returning: bool = False


class Commit(msgspec.Struct, array_like=True):
    """One commit of a roll call (JU 11.2): an option (or "" for abstain), its votes, and
    the cards committed (instances; `captured` under Demand for Reform)."""

    family: int
    round: int
    option: str
    votes: int
    cards: list[int] = []
    captured: list[int] = []
    church: bool = False


class RollCall(msgspec.Struct):
    """A roll call under way (JU 11), elections included (JU 9).

    options:    "yes"/"no", or the standing candidates' family numbers (elections).
    committed:  vote cards committed in this roll call (discarded at its end, JU 11.7).
    used:       every card instance committed so far (once per roll call, JU 11.3).
    withdrawn:  elections: candidates who withdrew (JU 9.3).
    excluded:   elections: players who may not be elected (JU 9.1c-d).
    ended:      Power Failure / Summer Recess ended it on round-1 totals (JU 11.6).
    result:     the winning option once decided ("" for a failed yes/no call).
    """

    kind: str
    chair: int
    options: list[str] = []
    round: int = 1
    commits: list[Commit] = []
    committed: list[int] = []
    used: list[int] = []
    church: list[int] = []
    withdrawn: list[int] = []
    excluded: list[int] = []
    ended: bool = False
    result: str = ""
    first: bool = False


class Budget(msgspec.Struct):
    """JU 18: the proposal under way. The pool is the proposer's cash; stacks hold bill ids
    taken from it per family; `announced` per family (-1: not announced)."""

    proposer: int
    stacks: list[list[int]]
    announced: list[int]
    alternative: bool = False


class Attempt(msgspec.Struct, array_like=True):
    """JU 20: one declared attempt. `source` is "police" or the card design id; `location`
    NO_LOCATION for Burglars; `outcome` is filled at resolution."""

    by: int
    target: int
    location: int
    source: str
    cancelled: bool = False
    outcome: str = ""


class Unit(msgspec.Struct, array_like=True):
    """A counter on the coup map: its type, position (land area index or a box), its
    controller (a family, or `vacant_force(office)`), and whether it is fleeing (JU 37.5)."""

    type: int
    pos: int
    ctrl: int
    fleeing: bool = False


class Coup(msgspec.Struct):
    """JU 28-41: the coup under way.

    phase:     0 = the rebel phase, 1..6 = coup phases.
    combat:    in the combat segment (JU 29.2; no cards, JU 29.4).
    rebels:    families who acted in the rebel phase (JU 30.1).
    sides:     per family, the side declared in JU 39 (`Side`), NONE before.
    palace:    weapons ("gunboat", "air_strike") declared against the Palace as the starting
               action (JU 27.4), fired in the rebel phase's combat segment.
    strikes:   air-strike markers used (each once per coup, JU 33.2).
    triggers:  areas where rebels placed police-response units in the rebel phase (JU 36).
    battles:   areas declared for battle in this combat segment, not yet fought (JU 32.1).
    proposed:  families who proposed an agreement this coup phase (JU 40.3).
    agreed:    the side an agreement made win (`Side`), NONE otherwise.
    """

    leader: int
    anchor: int  # the President's seat when the coup started (JU 29.6)
    units: list[Unit]
    sides: list[int]
    phase: int = 0
    combat: bool = False
    rebels: list[int] = []
    palace: list[str] = []
    strikes: int = 0
    gunboat_used: bool = False
    strike_used: bool = False
    marines_landed: bool = False
    paratroops_dropped: bool = False
    triggers: list[int] = []
    battles: list[int] = []
    proposed: list[int] = []
    agreed: int = -1
    winner: int = -1


class JuntaState(KernelState, kw_only=True):
    """The whole table.

    aid:        bill ids of the aid deck, top = last (JU 17.5: bottom = first).
    deck:       political deck instances, top = last; discard: the public discard pile.
    offices:    holder per office (`Office`), NOBODY when vacant; offices[PRESIDENT] is
                the President.
    last_president: the seat of the last President (JU 5.5 anchors orders there).
    bil:        the brother-in-law's office (JU 22), or -1.
    drawn:      this turn's aid bills (JU 16; the Alternative Budget reads them).
    reform:     the family whose Demand for Reform is in force (JU 47), or NOBODY.
    looted:     families with Church Looted this turn; credits: designs whose finance
                credit was used this turn (JU 47).
    sp_bank_last / sp_bank_now: a secret police attempt named the Bank last turn / this
                turn (JU 20.2).
    ties:       tied first elections so far (JU 9.4).
    dice:       dice queued by a test's scenario builder, rolled before the PRNG (dice.py);
                always empty in play.
    revealed:   this turn's locations are public (JU 20.4).
    resolved6:  Phase 6 attempts are resolved (before_phase7 window, DATA.md §3).
    offered:    the coup offer has begun (excuse_window closes, DATA.md §3).
    over:       the game has ended (JU 13).
    """

    families: list[Family]
    aid: list[int]
    deck: list[int]
    discard: list[int] = []
    offices: list[int] = msgspec.field(default_factory=lambda: [NOBODY] * 7)
    last_president: int = NOBODY
    bil: int = -1
    turn: int = 0
    phase: int = Phase.SETUP
    bank: int = Bank.OPEN
    forced: bool = False
    excuse: bool = False
    sp_bank_last: bool = False
    sp_bank_now: bool = False
    resigned: bool = False
    ties: int = 0
    reform: int = NOBODY
    looted: list[int] = []
    credits: list[int] = []
    drawn: list[int] = []
    budget: Budget | None = None
    vote: RollCall | None = None
    attempts: list[Attempt] = []
    coup: Coup | None = None
    dice: list[int] = []
    revealed: bool = False
    resolved6: bool = False
    offered: bool = False
    over: bool = False
