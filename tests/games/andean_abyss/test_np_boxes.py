"""AA 8.1, 8.5-8.7 Non-player boxes not covered elsewhere, on constructed positions through
the flow: FARC March step 2's destination order, the AUC March, the Cartels Bribe targets,
FARC Attack's "every space", priorities P4 and P6, 8.1 rule 7 and card 40's placements."""

from __future__ import annotations

from services.andean_abyss import board as B
from services.andean_abyss.bots import farc
from services.andean_abyss.constants import BASE, GUER_U, PROPAGANDA_FIRST
from services.andean_abyss.state import AAState
from tests.games.andean_abyss.np_scenario import op_spaces, play, solo
from tests.games.andean_abyss.scenario import S, put, take

FARC, AUC, CARTELS = 1, 2, 3


def final_propaganda_next(st: AAState) -> None:
    """The upcoming card is the final Propaganda card (AA 2.3.9)."""
    st.deck.append(PROPAGANDA_FIRST)
    st.prop_played = st.final_prop - 1


def test_aa_8_7_2_step_2_stay_underground_targets_first() -> None:
    """AA 8.7.2 step 2 (no step 1: the final Propaganda card is next): Agitation targets an
    entering group can stay Underground in first (pasto: Neutral, though 3 cubes), then the
    others (santander: Active Support, 3 cubes). Origins: putumayo (Active Opposition, 2
    Guerrillas and Cartels Bases: 1 stays, 1 moves) next to pasto, arauca (3 Guerrillas, a
    FARC Base: 2 move) next to santander."""
    st = solo()
    take(st, "santander", "farc_underground")  # cond_march: no Underground FARC at Support
    st.avail[B.PIECES.pool[GUER_U[FARC]]] = 8  # cond_rally fails
    st.avail[B.PIECES.pool[BASE[FARC]]] = 0
    for s in ("narino", "meta_west", "neiva"):
        st.support[S[s]] = -1  # neither origins (Population 1) nor Agitation targets
    st.support[S["pasto"]] = 0
    put(st, "pasto", "police", 2)
    put(st, "arauca", "farc_underground", 2)
    final_propaganda_next(st)
    assert farc.first_box(st) == "march"
    events = play(st, 1, [FARC])
    assert op_spaces(events, "march")[:2] == ["pasto", "santander"]
    assert B.guerrillas(st, S["pasto"], FARC) == 1
    assert B.guerrillas(st, S["putumayo"], FARC) == 1
    assert B.guerrillas(st, S["santander"], FARC) == 2
