"""AA 8.4 Non-player Events: the 8.4.4 card instructions steering choices while the card's
Event executes, and the generic 8.4.2-8.4.3 rules (P1, P3 in the enemy order of AA-R-24)."""

from __future__ import annotations

from services.andean_abyss import GAME
from services.andean_abyss import board as B
from services.andean_abyss.bots import PROCEDURE
from services.andean_abyss.events import SHADED, UNSHADED, program_key
from services.andean_abyss.state import AAState
from services.kernel.ctx import Ctx
from services.kernel.decisions import Decision, option
from services.kernel.flow import push
from services.kernel.state import Frame
from tests.games.andean_abyss.np_scenario import np_steps, solo
from tests.games.andean_abyss.scenario import S, rig_die

FARC, AUC, CARTELS = 1, 2, 3


def decision(*opts: tuple[str, str]) -> Decision:
    return Decision("d0.-2", -2, "coin.event_step", "FARC: choose",
                    tuple(option(i, label, **args) for i, label, args in
                          ((i, f"label {i}", dict(a.split("=") for a in argv.split(",") if a))
                           for i, argv in opts)))


def during(card: int) -> AAState:
    st = solo()
    st.played.append(card)
    st.stack = [Frame("coin.effect", {"key": f"{card}", "f": FARC, "pc": 0})]
    return st


def test_aa_8_4_4_card_56_cities_with_fewest_cubes() -> None:
    """AA 8.4.4 card 56: Cities with the fewest cubes (neiva: 1 Police)."""
    st = during(56)
    d = decision(("space:bogota", "space=bogota"), ("space:neiva", "space=neiva"),
                 ("space:cali", "space=cali"))
    assert PROCEDURE.choose(st, d, FARC).option_id == "space:neiva"


def test_aa_8_4_4_card_57_cities_then_departments_before_locs() -> None:
    """AA 8.4.4 card 57 (ランダムな都市の警察を置き換える。それが不可能であれば、ランダムな行政区
    で実施する): with no City offered, a Department's Police before a LoC's, whatever the
    seed."""
    d = decision(("space:loc_cali_pasto", "space=loc_cali_pasto"),
                 ("space:huila", "space=huila"),
                 ("space:loc_bogota_neiva", "space=loc_bogota_neiva"))
    for seed in range(1, 9):
        st = during(57)
        st.rng = solo(seed).rng
        assert PROCEDURE.choose(st, d, FARC).option_id == "space:huila"


def test_aa_8_4_4_card_14_troops_before_police() -> None:
    """AA 8.4.4 card 14: the cube removed is Troops before Police (P3 would say Police)."""
    d = decision(("piece:police", "piece=police"), ("piece:troops", "piece=troops"))
    assert PROCEDURE.choose(during(14), d, FARC).option_id == "piece:troops"
    assert PROCEDURE.choose(during(1), d, FARC).option_id == "piece:police"  # P3


def test_aa_8_4_4_card_46_level_by_executor() -> None:
    """AA 8.4.4 card 46: AUC sets Passive Support, FARC Passive Opposition."""
    d = decision(("passive_support", ""), ("passive_opposition", ""))
    assert PROCEDURE.choose(during(46), d, AUC).option_id == "passive_support"
    assert PROCEDURE.choose(during(46), d, FARC).option_id == "passive_opposition"


def test_aa_8_4_3_p3_enemy_order_and_p1_bases_first() -> None:
    """AA 8.4.3, P3 with AA-R-24: FARC removes AUC before Government, a Base first; P1:
    placing, a Base before a Guerrilla; own removal (P4): Active first."""
    st = during(1)
    rem = Decision("d0.-2", -2, "coin.event_step", "FARC: remove a piece", tuple(
        option(f"piece:{k}", f"Remove 1 {k}", piece=k)
        for k in ("troops", "govt_base", "auc_active", "auc_base")))
    assert PROCEDURE.choose(st, rem, FARC).option_id == "piece:auc_base"
    place = Decision("d0.-2", -2, "aa.ev_place", "FARC: place a piece", tuple(
        option(f"place:{k}", f"Place 1 {k}", piece=k)
        for k in ("farc_underground", "farc_base")))
    assert PROCEDURE.choose(st, place, FARC).option_id == "place:farc_base"
    own = Decision("d0.-2", -2, "coin.event_step", "FARC: remove a piece", tuple(
        option(f"piece:{k}", f"Remove 1 {k}", piece=k)
        for k in ("farc_underground", "farc_active")))
    assert PROCEDURE.choose(st, own, FARC).option_id == "piece:farc_active"


def test_aa_8_4_4_card_69_free_op_by_executor_and_8_9_flowchart_op() -> None:
    """AA 8.4.4 card 69: the free Operation: Cartels Rally, the others Terror; AA 8.9 another
    Event's free Operation: the Non-player's flowchart box (S0 FARC: Rally, 18 Available)."""
    ops = Decision("d0.-2", -2, "coin.event_step", "choose", tuple(
        option(f"op:{op}", f"A free {op}", op=op) for op in ("rally", "attack", "terror")) +
        (option("none", "No free Operation"),))
    assert PROCEDURE.choose(during(69), ops, CARTELS).option_id == "op:rally"
    assert PROCEDURE.choose(during(69), ops, AUC).option_id == "op:terror"
    assert PROCEDURE.choose(during(1), ops, FARC).option_id == "op:rally"


def test_aa_8_4_4_card_46_farc_terror_not_at_opposition() -> None:
    """AA 8.4.4 card 46: the FARC's Terror goes to a City or Department not at Opposition
    (santander at Support; not narino at Active Opposition, nor a LoC)."""
    d = decision(("space:narino", "space=narino"), ("space:santander", "space=santander"),
                 ("space:loc_cucuta_arauca", "space=loc_cucuta_arauca"))
    for _ in range(3):
        assert PROCEDURE.choose(during(46), d, FARC).option_id == "space:santander"


def run_event(st: AAState, card: int, side: str, f: int) -> list[str]:
    """`card`'s `side` executed by Non-player `f` through the flow; its Event-step choices."""
    st.played.append(card)
    st.stack = []
    push(st, "coin.effect", key=program_key(card, side, st.edition), f=f, pc=0)
    ctx = Ctx()
    GAME.advance(ctx, st)
    return np_steps(ctx.events, "coin.event_step")


def sabotaged(st: AAState, *locs: str) -> None:
    for loc in locs:
        st.sabotage |= 1 << S[loc]


def test_aa_8_4_3_greatest_impact_shift_tv_r_45() -> None:
    """AA 8.3, 8.4.3 TV-R-45: card 6 shaded by the AUC, the three 3-Econ LoCs Sabotaged:
    random City (6,6,3) narino -> choco -> cali -> ibague, whose 2-Econ pipeline is
    Sabotaged; antioquia, santander, huila (Population 2) tie at impact 2: (6,6,6) choco ->
    cali -> ibague -> antioquia, Neutral to Passive Opposition, Total Opposition +2."""
    st = solo()
    sabotaged(st, "loc_cucuta_arauca", "loc_sincelejo_ayacucho", "loc_cucuta_ayacucho")
    assert (st.support[S["antioquia"]], st.support[S["santander"]],
            st.support[S["huila"]]) == (0, 2, 0)
    opposition = B.total_opposition(st)
    rig_die(st, 6, 6, 3, 6, 6, 6)
    steps = run_event(st, 6, SHADED, AUC)
    assert steps == ["space:loc_bucaramanga_ibague_bogota", "space:antioquia"]
    assert B.is_sabotaged(st, S["loc_bucaramanga_ibague_bogota"])
    assert st.support[S["antioquia"]] == -1
    assert B.total_opposition(st) == opposition + 2


def test_aa_8_4_3_impact_not_population_card_6_unshaded() -> None:
    """AA 8.4.3: the space whose shift changes Total Support + Total Opposition the most, not
    the largest Population: card 6 unshaded next to Sabotaged loc_cucuta_arauca sets arauca
    (Population 1, Active Opposition: Support +1, Opposition -2, impact 3) first, then
    santander (Population 2, Neutral: impact 2)."""
    st = solo()
    sabotaged(st, "loc_cucuta_arauca")
    st.support[S["santander"]] = 0
    assert st.support[S["arauca"]] == -2
    assert run_event(st, 6, UNSHADED, AUC) == ["space:arauca", "space:santander"]
    assert st.support[S["arauca"]] == st.support[S["santander"]] == 1


def test_aa_8_4_3_impact_of_a_two_level_shift_card_5_shaded() -> None:
    """AA 8.4.3: card 5 shaded shifts 2 levels toward Active Opposition: antioquia from
    Passive Support (Support -2, Opposition +2: impact 4) over santander at Passive
    Opposition (only 1 level left: impact 2), both Population 2, whatever the dice."""
    for seed in range(1, 9):
        st = solo(seed)
        st.support[S["antioquia"]], st.support[S["santander"]] = 1, -1
        assert run_event(st, 5, SHADED, FARC) == ["space:antioquia"]
        assert st.support[S["antioquia"]] == -1
