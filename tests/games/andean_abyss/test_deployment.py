"""Setup, Open Deployment (RULES.md O.6, AA-D-16)."""

from __future__ import annotations

from services.andean_abyss import GAME
from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss.state import AAState
from services.kernel import codec, engine, rng
from services.kernel.bots import random_choice
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice

from .scenario import standard


def deploy_randomly(seed: int):  # type: ignore[no-untyped-def]
    st = GAME.setup(Ctx(), 4, GAME.check_setup(4, {"deployment": "open"}), seed)
    r = rng.seeded(seed, stream=1)
    kinds = []
    while st.stack and st.stack[-1].proc == "aa.deploy":
        d = [d for d in GAME.decisions(st) if not d.optional][0]
        kinds.append(d.seat)
        GAME.apply(Ctx(), st, d, random_choice(d, r))
        st.serial += 1
    return st, kinds


def test_open_deployment_places_the_standard_forces() -> None:
    """Pools end as in the standard setup; order Cartels, AUC, FARC, Government; the first
    card is revealed only after deployment."""
    st0 = GAME.setup(Ctx(), 4, GAME.check_setup(4, {"deployment": "open"}), 3)
    assert st0.played == [] and B.total_support(st0) == 50
    for seed in range(6):
        st, seats = deploy_randomly(seed)
        assert st.avail == standard().avail
        assert seats[:8] == [3] * 8 and seats[8:15] == [2] * 7
        assert seats[15:33] == [1] * 18 and seats[33:] == [0] * 25
        assert len(st.played) == 1
        farc = [s for s in range(D.NS) if B.pieces_of(st, s, 1)]
        assert all(B.is_dept(s) for s in farc)
        assert sum(B.bases(st, s, 3) for s in D.DEPTS if D.POP[s] > 0) >= 4
        for s in range(D.NS):
            if B.pieces_of(st, s, 0):
                assert B.is_city(s) or not B.bases(st, s, 1)
        GAME.check_invariants(st)


def test_open_deployment_options() -> None:
    """Cartels may put a Base anywhere but a LoC; FARC only in Departments."""
    st = GAME.setup(Ctx(), 4, GAME.check_setup(4, {"deployment": "open"}), 1)
    d = [d for d in GAME.decisions(st) if not d.optional][0]
    ids = d.option_ids()
    assert "cartels_base:bogota" in ids and "cartels_base:loc_bogota_neiva" not in ids
    assert "cartels_underground:loc_bogota_neiva" in ids
    GAME.apply(Ctx(), st, d, Choice(d.id, "cartels_base:bogota"))


def test_open_deployment_places_the_non_players_as_in_the_standard_setup() -> None:
    """Setup sheet 自由配置: the markers and the Non-player factions' forces are placed as
    in the standard setup, then the players' forces in order. 3 seats (the Cartels a
    Non-player): the Cartels' pieces stand where the standard setup puts them, the first to
    deploy is the AUC, and the Cartels are never asked (through `engine.act`)."""
    step = engine.setup(GAME, 3, {"deployment": "open", "non_players": "chapter8"}, 5)
    st = codec.decode(step.state, AAState)
    std = standard(3, non_players="chapter8")
    cartels = [B.pieces_of(std, s, B.CARTELS) for s in range(D.NS)]
    assert [B.pieces_of(st, s, B.CARTELS) for s in range(D.NS)] == cartels
    r, seats = rng.seeded(5, stream=1), []
    while True:
        ds = [d for d in step.waiting() if d.kind == "aa.deploy"]
        if not ds:
            break
        seats.append(ds[0].seat)
        step = engine.act(GAME, step.state, ds[0].seat, random_choice(ds[0], r))
    st = codec.decode(step.state, AAState)
    assert seats[0] == st.seat_of[B.AUC] and st.seat_of[B.CARTELS] not in seats
    assert [B.pieces_of(st, s, B.CARTELS) for s in range(D.NS)] == cartels
    assert st.avail == std.avail and len(st.played) == 1
