"""Property tests over random seeds, seatings and options: every setup (the alternative one
played out by random choices) keeps the invariants, offers well-formed options, never dead-ends,
replays from seed + choices, and its Control and tracks equal an independent recount
(CL 1.6.3, 1.7)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs

from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre import setup
from services.cuba_libre.constants import KIND_FACTION, NKINDS, NO_CONTROL, Kind
from services.cuba_libre.invariants import check_invariants
from services.cuba_libre.state import CLState
from services.kernel import codec, rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Decision, option_problems

from .helpers import FLOW, choose, pending

# (seats, options) of every CL 1.5 seating
SEATINGS = [(4, {}), (3, {"shared_factions": "m26_directorio"}),
            (3, {"shared_factions": "govt_syndicate"}), (2, {}),
            (3, {"non_players": "govt"}), (2, {"non_players": "m26+syndicate"}),
            (1, {"non_players": "govt+directorio+syndicate"}),
            (1, {"non_players": "govt+syndicate", "shared_factions": "m26_directorio"}),
            (1, {"non_players": "m26+directorio", "shared_factions": "govt_syndicate"})]


def recount_control(st: CLState, s: int) -> int:
    """G.3-G.4 from the definition: pieces per faction, closed Casinos not counted."""
    if s in D.ECS:
        return NO_CONTROL
    strength = [0] * 4
    for k in range(NKINDS):
        if k != Kind.CASINO_CLOSED:
            strength[KIND_FACTION[k]] += st.pieces[s * NKINDS + k]
    return next((f for f in range(4) if 2 * strength[f] > sum(strength)), NO_CONTROL)


def check_recounts(st: CLState) -> None:
    control = [recount_control(st, s) for s in range(D.NS)]
    assert control == [B.control(st, s) for s in range(D.NS)]
    support = sum(D.POP[s] * lv for s, lv in enumerate(st.support) if lv > 0)
    opposition = sum(-D.POP[s] * lv for s, lv in enumerate(st.support) if lv < 0)
    m26_bases = sum(st.pieces[s * NKINDS + Kind.M26_BASE] for s in range(D.NS))
    dr = sum(D.POP[s] for s in range(D.NS) if control[s] == 2) + sum(
        st.pieces[s * NKINDS + Kind.DR_BASE] for s in range(D.NS))
    casinos = sum(st.pieces[s * NKINDS + Kind.CASINO_OPEN] for s in range(D.NS))
    assert (B.total_support(st), B.opposition_plus_bases(st), B.dr_pop_plus_bases(st),
            B.open_casinos(st)) == (support, opposition + m26_bases, dr, casinos)


def check_decision(st: CLState, d: Decision) -> None:
    ids = d.option_ids()
    assert ids and len(set(ids)) == len(ids)
    assert all(option_problems(o) == [] for o in d.options)
    assert 0 <= d.seat < st.seats and not st.non_players >> st.players[d.seat][0] & 1, d


def play(seed: int, seats: int, options: dict[str, str]) -> tuple[CLState, list[str]]:
    """Setup, then random offered choices (from a PRNG of the seed) until the stack is empty."""
    ctx = Ctx()
    st = setup.new_game(ctx, seats, options, seed)
    FLOW.advance(ctx, st)
    r = rng.seeded(seed, stream=11)
    log: list[str] = []
    while (d := pending(st)) is not None:
        check_decision(st, d)
        log.append(rng.choice(r, d.options).id)
        choose(st, log[-1])
        check_invariants(st)
    return st, log


@settings(max_examples=60, deadline=None)
@given(seed=hs.integers(0, 2**64 - 1), seating=hs.sampled_from(SEATINGS),
       alternative=hs.booleans(), short=hs.booleans(), sudden=hs.booleans())
def test_random_setups_keep_the_rules(seed: int, seating: tuple[int, dict[str, str]],
                                      alternative: bool, short: bool, sudden: bool) -> None:
    seats, opts = seating
    options = {**opts, "setup": "alternative" if alternative else "standard",
               "short_game": str(short).lower(), "sudden_propaganda": str(sudden).lower()}
    st, log = play(seed, seats, options)
    assert not st.stack and st.played and len(st.deck) == (43 if short else 51)
    check_invariants(st)
    check_recounts(st)
    data = codec.encode(st)
    assert codec.decode(data, CLState) == st
    again, log2 = play(seed, seats, options)
    assert log2 == log and codec.encode(again) == data  # seed + choices reproduce the state
