"""Phase E, end of round (CU 5.E); rounds 1-5 only (CU 6.1 [CU-G-23])."""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.flow import Proc, pop
from services.kernel.state import Frame

from .constants import (
    CROPS,
    ITEM_INDEX,
    N_ITEMS,
    NO_CARD,
    NO_LAW,
    NO_SEAT,
    NO_SHIP,
    Phase,
    Position,
)
from .data import DATA
from .harbor import advance_and_refill, depart, is_full
from .state import CubaState
from .words import counts_data, counts_text

FULL_HAND: Final = [0, 1, 2, 3, 4]


def discard_yard_crops(ctx: Ctx, st: CubaState) -> None:
    """CU 5.E.1-5.E.2: unstored crops go back to the supply; resources and goods stay."""
    lost: dict[str, dict[str, int]] = {}
    for seat, p in enumerate(st.players):
        yard = [p.yard[c] if c in CROPS else 0 for c in range(N_ITEMS)]
        if sum(yard):
            lost[str(seat)] = counts_data(yard)
        for c in CROPS:
            st.supply[c] += p.yard[c]
            p.yard[c] = 0
    text = "; ".join(f"seat {s} loses {counts_text({ITEM_INDEX[k]: n for k, n in x.items()})}"
                     for s, x in lost.items()) or "nobody had any"
    ctx.emit("cuba.crops_discarded", f"Unstored crops are discarded: {text}.",
             {"discarded": lost})


def departing(st: CubaState) -> list[int]:
    """CU 5.E.3 [CU-G-16]: every full ship (even at sea), and in rounds 2-5 berth_3."""
    out = [pos for pos, ship in enumerate(st.harbor) if ship != NO_SHIP and is_full(st, ship)]
    if DATA.berth_3_leaves[st.round - 1] and st.harbor[Position.BERTH_3] != NO_SHIP:
        out.append(Position.BERTH_3)
    return sorted(set(out))


def reset_round(st: CubaState) -> None:
    """CU 5.E.5: black markers off the board, every player takes his 5 cards back."""
    st.markers = [NO_SEAT] * len(st.markers)
    st.veto = NO_LAW
    st.parliament_winner = NO_SEAT
    for p in st.players:
        p.hand = list(FULL_HAND)
        p.played = []
        p.parliament_card = NO_CARD
        p.votes = p.bribe = 0
        p.paid_tax = p.paid_duty = False


class EndOfRoundProc(Proc[CubaState]):
    name = "end_of_round"

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        st.phase = Phase.END_OF_ROUND
        discard_yard_crops(ctx, st)
        depart(ctx, st, departing(st), "end_of_round")
        advance_and_refill(ctx, st)
        reset_round(st)
        pop(st)


PROCS: Final[tuple[Proc[CubaState], ...]] = (EndOfRoundProc(),)
