"""JU 8 Political cards: drawing, discarding, face-up influence, requirements and credits."""

from __future__ import annotations

from services.kernel import rng
from services.kernel.ctx import Ctx

from .constants import HAND_LIMIT, Office
from .data import DATA, Card
from .families import name, private_to, told
from .state import JuntaState


def design(inst: int) -> Card:
    return DATA.design(inst)


def card_id(inst: int) -> str:
    return DATA.design(inst).id


def find(cards: list[int], design_id: str) -> int | None:
    """The lowest instance of a design among `cards`, if any."""
    idx = DATA.card_index[design_id]
    found = [c for c in cards if DATA.instances[c] == idx]
    return min(found) if found else None


def designs(cards: list[int]) -> list[str]:
    """Distinct design ids among `cards`, in data order."""
    seen = sorted({DATA.instances[c] for c in cards})
    return [DATA.cards[i].id for i in seen]


def has_face_up(st: JuntaState, f: int, design_id: str) -> bool:
    return find(st.families[f].face_up, design_id) is not None


def held(st: JuntaState, f: int) -> int:
    """JU 8.2: hand plus face-up influence, against the hand limit."""
    fam = st.families[f]
    return len(fam.hand) + len(fam.face_up)


def over_limit(st: JuntaState, f: int) -> int:
    return max(0, held(st, f) - HAND_LIMIT)


def draw(ctx: Ctx, st: JuntaState, f: int) -> bool:
    """JU 8.5: draw the top card; an empty deck is rebuilt from the shuffled discard pile;
    with both empty the draw is skipped."""
    if not st.deck:
        if not st.discard:
            return False
        st.deck, st.discard = st.discard, []
        rng.shuffle(st.rng, st.deck)
        ctx.emit("junta.reshuffle", f"The discard pile is shuffled into a new political deck "
                 f"of {len(st.deck)} cards.", {"deck": len(st.deck)})
    inst = st.deck.pop()
    st.families[f].hand.append(inst)
    c = design(inst)
    ctx.emit("junta.drew_card", told(st, f, f"You draw {c.name}.", f"draws {c.name}."),
             {"player": f, "card": c.id},
             seats=private_to(st, f))
    return True


def discard_from(ctx: Ctx, st: JuntaState, f: int, inst: int, why: str = "discards") -> None:
    """Discard one card from the hand or face up (JU 8.4.4, 14.4, 47)."""
    fam = st.families[f]
    (fam.hand if inst in fam.hand else fam.face_up).remove(inst)
    st.discard.append(inst)
    c = design(inst)
    ctx.emit("junta.discarded", f"{name(st, f)} {why} {c.name}.",
             {"player": f, "card": c.id})


def discard_all(ctx: Ctx, st: JuntaState, f: int, why: str) -> None:
    """JU 21.1, 9.4: every political card of the family, hand and face up, to the discard."""
    fam = st.families[f]
    gone = fam.hand + fam.face_up
    st.discard.extend(gone)
    fam.hand, fam.face_up = [], []
    if gone:
        ctx.emit("junta.discarded_all", f"{name(st, f)} discards all {len(gone)} political "
                 f"cards ({why}).", {"player": f, "cards": [card_id(c) for c in gone]})


def place_face_up(ctx: Ctx, st: JuntaState, f: int, inst: int) -> None:
    """JU 8.3: an influence card from the hand goes face up and stays there."""
    fam = st.families[f]
    fam.hand.remove(inst)
    fam.face_up.append(inst)
    c = design(inst)
    ctx.emit("junta.influence_placed", f"{name(st, f)} places {c.name} face up.",
             {"player": f, "card": c.id})


def holds_forbidden_office(st: JuntaState, f: int, card: Card) -> bool:
    """JU 8.4.1: `forbidden_offices` (the President, the Minister: his own office or the
    brother-in-law's)."""
    for office_id in card.forbidden_offices:
        o = DATA.office_ids.index(office_id)
        if st.offices[o] == f or (o != Office.PRESIDENT and st.bil == o
                                  and st.offices[Office.PRESIDENT] == f):
            return True
    return False


def meets_requirements(st: JuntaState, f: int, card: Card) -> bool:
    """JU 8.4.1: the required influence face up, and none of the forbidden offices."""
    if card.requires and not has_face_up(st, f, card.requires):
        return False
    return not holds_forbidden_office(st, f, card)


def credits(st: JuntaState, f: int) -> list[str]:
    """JU 47 finance credit [G 16]: face-up Bankers / Monarchists not used this turn."""
    return [c.id for c in (design(i) for i in st.families[f].face_up)
            if c.finance_credit and c.index not in st.credits]


def playable(st: JuntaState, f: int, window: str) -> list[int]:
    """Hand instances (one per design) that may be played in `window` now (JU 8.4.1), cost
    aside (a cost is checked against the cash where the card is offered)."""
    out = []
    for d in designs(st.families[f].hand):
        c = DATA.card(d)
        if window in c.windows and meets_requirements(st, f, c):
            inst = find(st.families[f].hand, d)
            assert inst is not None
            out.append(inst)
    return out
