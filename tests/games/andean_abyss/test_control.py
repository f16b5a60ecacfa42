"""AA 6.2 / G.6-G.7 Control and outnumbering: TV-R-01."""

from __future__ import annotations

from services.andean_abyss import board as B
from services.coin.spaces import NO_CONTROL

from .scenario import AUC, FARC, GOVT, S, put, standard


def test_tv_r_01_control_ties_and_outnumbering() -> None:
    """TV-R-01: ties are not Control; AUC never Controls but may outnumber."""
    st = standard()
    put(st, "huila", "auc_underground", 2)
    assert B.control(st, S["huila"]) == NO_CONTROL  # FARC 2 vs 2
    assert not B.outnumbers(st, S["huila"], FARC)
    assert B.control(st, S["guaviare"]) == FARC  # 3 vs 2
    assert B.control(st, S["putumayo"]) == NO_CONTROL  # 2 vs 4
    assert B.control(st, S["santander"]) == GOVT  # 4 vs 2
    assert B.control(st, S["cali"]) == GOVT  # 4 vs 2
    assert B.control(st, S["antioquia"]) == NO_CONTROL and B.outnumbers(st, S["antioquia"], AUC)
    put(st, "loc_bogota_yopal", "farc_underground")
    assert B.control(st, S["loc_bogota_yopal"]) == NO_CONTROL
    assert B.outnumbers(st, S["loc_bogota_yopal"], FARC)


def test_control_snapshot_is_used_during_a_round() -> None:
    """AA-R-02: during a Propaganda Round Control is read from the fixed snapshot."""
    st = standard()
    st.ctl = [B.live_control(st, s) for s in range(len(st.support))]
    put(st, "cesar", "troops", 3)
    assert B.control(st, S["cesar"]) == NO_CONTROL and B.live_control(st, S["cesar"]) == GOVT
