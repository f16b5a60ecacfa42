"""AA 6 Propaganda Rounds and AA 7 Victory: TV-R-30..36, 38, 39."""

from __future__ import annotations

from services.andean_abyss import board as B
from services.andean_abyss import data as D
from services.andean_abyss import propaganda as P
from services.andean_abyss.constants import Cap, Mom
from services.andean_abyss.victory import margins, outcome, rank_seats, winning_seats
from services.kernel.ctx import Ctx

from .scenario import (
    AUC,
    CARTELS,
    FARC,
    GOVT,
    S,
    Table,
    count,
    on_card,
    options,
    play,
    put,
    standard,
    start_proc,
    take,
)


def run_phase(st, phase) -> None:  # type: ignore[no-untyped-def]
    st.stack = []
    phase(Ctx(), st, {})


def test_tv_r_30_control_phase_sabotage() -> None:
    """TV-R-30 (AA 6.2): Guerrillas > cubes, or next to a FARC-Controlled City."""
    st = standard()
    put(st, "loc_bogota_yopal", "farc_underground")
    put(st, "loc_cali_pasto", "farc_underground")
    put(st, "loc_cali_pasto", "police")
    take(st, "neiva", "police")
    put(st, "neiva", "farc_underground", 2)
    run_phase(st, P.control_phase)
    assert st.ctl[S["neiva"]] == FARC
    sab = sorted(D.NAMES[s] for s in D.LOCS if B.is_sabotaged(st, s))
    assert sab == ["loc_bogota_neiva", "loc_bogota_yopal", "loc_neiva_pasto"]
    run_phase(st, P.resources_phase)
    assert st.resources[GOVT] == 40 + 25


def test_card_7_shaded_sabotages_equal_locs() -> None:
    """Card 7 shaded: also LoCs where Guerrillas = cubes >= 1."""
    st = standard()
    put(st, "loc_cali_pasto", "farc_underground")
    put(st, "loc_cali_pasto", "police")
    st.caps |= 1 << Cap.C7_S
    run_phase(st, P.control_phase)
    assert B.is_sabotaged(st, S["loc_cali_pasto"])


def test_tv_r_31_resources_phase() -> None:
    """TV-R-31 (AA 6.3): earnings, Samper without Aid, Drug Profits."""
    st = standard()
    st.sabotage |= 1 << S["loc_cucuta_arauca"] | 1 << S["loc_bogota_neiva"]
    st.ships[0] = S["cali"] * 4 + CARTELS
    put(st, "loc_bogota_san_jose", "farc_underground")
    st.ships[1] = S["loc_bogota_san_jose"] * 4 + FARC
    start_proc(st, "coin.propaganda", i=2)  # straight to the Resources phase
    assert st.resources[GOVT] == 65 and st.resources[AUC] == 11
    assert options(st) == ["resources"]  # FARC's Shipment is on a LoC: no Base possible
    play(st, "resources")
    assert st.resources[FARC] == 22
    assert options(st) == ["base", "resources"]
    play(st, "base")
    assert st.resources[CARTELS] == 28 and B.bases_on_map(st, CARTELS) == 7
    st2 = standard()
    st2.president, st2.stack = 1, []
    P.resources_phase(Ctx(), st2, {})
    assert st2.resources[GOVT] == 40 + 30 + 9


def test_tv_r_32_civic_action_and_agitation() -> None:
    """TV-R-32 (AA 6.4.1-6.4.2): costs 3 and 1; Terror first, then shifts."""
    st = standard()
    st.terror[S["cali"]] = st.terror[S["huila"]] = 1
    st.resources[GOVT], st.resources[FARC] = 12, 5
    st.ctl = [B.live_control(st, s) for s in range(D.NS)]
    start_proc(st, "aa.civic", relaxed=-1)
    play(st, "space:cali", "space:cali", "space:cali")
    assert st.resources[GOVT] == 3 and st.terror[S["cali"]] == 0 and st.support[S["cali"]] == 2
    assert B.total_support(st) == 56 and "space:cali" not in options(st)
    start_proc(st, "aa.agitation", extra=[])
    play(st, "space:huila", "space:huila", "space:huila")
    assert st.resources[FARC] == 2 and st.support[S["huila"]] == -2
    assert B.opposition_plus_bases(st) == 24


def test_card_22_agitation_outside_farc_control() -> None:
    """Card 22 shaded: up to 3 extra spaces with a FARC piece and no Govt Control."""
    st = standard()
    st.ctl = [B.live_control(st, s) for s in range(D.NS)]
    put(st, "antioquia", "farc_underground")
    st.ctl = [B.live_control(st, s) for s in range(D.NS)]
    start_proc(st, "aa.agitation", extra=[])
    assert "space:antioquia" not in options(st)
    st.mom |= 1 << Mom.M22
    start_proc(st, "aa.agitation", extra=[])
    assert "space:antioquia" in options(st) and "space:santander" not in options(st)


def test_tv_r_33_election_and_farc_zone() -> None:
    """TV-R-33 (AA 6.4.3-6.4.4): Pastrana; Zone in Meta West or Guaviare; Troops leave."""
    st = standard()
    put(st, "guaviare", "troops", 3)
    start_proc(st, "aa.election")
    assert st.president == 1
    assert sorted(options(st)) == ["space:guaviare", "space:meta_west"]
    play(st, "space:guaviare")
    assert "to:santander" in options(st) and "to:guaviare" not in options(st)
    play(st, "to:santander", "to:santander", "to:bogota")
    assert B.is_zone(st, S["guaviare"]) and B.pieces_of(st, S["guaviare"], GOVT) == 0
    start_proc(st, "aa.election")
    assert st.president == 2 and st.zones == 0
    st.support = [0] * D.NS
    st.support[S["bogota"]] = 2
    assert B.total_support(st) == 16


def test_election_needs_support_at_most_60() -> None:
    """AA 6.4.3: Total Support 61 keeps El Presidente."""
    st = standard()
    st.support[S["cali"]] = 2
    st.support[S["antioquia"]] = 1
    st.support[S["huila"]] = 1
    st.support[S["cesar"]] = 1
    assert B.total_support(st) == 61
    start_proc(st, "aa.election")
    assert st.president == 0


def test_tv_r_34_redeploy() -> None:
    """TV-R-34 (AA 6.5, AA-R-13): Troops must leave LoCs and Base-less Departments; a Govt
    Base space qualifies even if Uncontrolled; Police to LoCs or Govt-Controlled spaces."""
    st = standard()
    take(st, "neiva", "police")
    take(st, "santander", "troops", 3)
    put(st, "guaviare", "troops", 3)
    put(st, "loc_bogota_san_jose", "troops")
    put(st, "meta_east", "police")
    st.ctl = [B.live_control(st, s) for s in range(D.NS)]
    assert st.ctl[S["santander"]] != GOVT
    start_proc(st, "aa.redeploy", ph="mandatory", arrived=[0] * (2 * D.NS))
    dests = {o.split(":")[1] for o in options(st)}
    assert "santander" in dests and "neiva" not in dests and "bogota" in dests
    play(st, "to:santander", "to:santander", "to:santander", "to:cali")
    assert B.troops(st, S["guaviare"]) == 0 and B.troops(st, S["loc_bogota_san_jose"]) == 0
    play(st, "done")  # optional Troops
    assert "from:meta_east" in options(st)
    play(st, "from:meta_east")
    pd = {o.split(":")[1] for o in options(st)}
    assert "loc_bogota_yopal" in pd and "neiva" not in pd and "santander" not in pd
    play(st, "to:loc_bogota_yopal", "done")
    assert st.ctl[S["santander"]] != GOVT  # the snapshot is unchanged


def test_tv_r_35_reset() -> None:
    """TV-R-35 (AA 6.6): all Eligible, markers off, Momentum ends, Guerrillas Underground,
    Capabilities stay."""
    st = standard()
    st.terror[S["cali"]] = 2
    st.sabotage |= 1 << S["loc_bogota_yopal"]
    st.ctl = [0] * D.NS
    st.mom |= 1 << Mom.M12
    st.caps |= 1 << Cap.C2_U
    st.eligible = [False, False, True, True]
    B.PIECES.flip_to(st, S["guaviare"], 4, 2)
    run_phase(st, P.reset_phase)
    assert st.eligible == [True] * 4 and sum(st.terror) == 0 and st.sabotage == 0
    assert st.ctl == [] and st.mom == 0 and st.caps == 1 << Cap.C2_U
    assert count(st, "guaviare", "farc_active") == 0
    assert count(st, "guaviare", "farc_underground") == 2


def test_propaganda_round_in_play() -> None:
    """AA 2.4 / 6.0: a Propaganda card conducts a Round; one right after another does not."""
    st = standard()
    on_card(st, 73, [5])
    assert st.prop_played == 1 and st.ctl  # the Round is in its Support phase decisions
    st = standard()
    st.played = [73, 74]
    st.deck = [5]
    st.stack = []
    P.begin_propaganda(Ctx(), st)
    assert st.prop_played == 1 and st.stack == []


def test_tv_r_36_margins_and_ranking() -> None:
    """TV-R-36 (AA 7.2-7.3): S0 margins; Cartels 11 Bases and 41 Resources meet."""
    st = standard()
    assert margins(st) == [-10, -5, -5, -30] and winning_seats(st) == []
    for s in ("cesar", "cesar", "antioquia", "huila", "narino"):
        put(st, s, "cartels_base")
    st.resources[CARTELS] = 41
    assert margins(st)[CARTELS] == 1 and winning_seats(st) == [CARTELS]
    st.resources[CARTELS] = 40
    assert margins(st)[CARTELS] == 0


def test_tv_r_36_ties_favour_cartels_auc_farc() -> None:
    """TV-R-36 (AA 7.1): FARC +2, AUC +2, Govt +1: AUC 1st, FARC 2nd, Govt 3rd."""
    out = rank_seats([[0], [1], [2], [3]], [1, 2, 2, -30])
    assert [r.rank for r in out.results] == [3, 2, 1, 4]
    assert [r.winner for r in out.results] == [False, False, True, False]


def test_tv_r_38_three_players() -> None:
    """TV-R-38 (AA 1.5, 7.1): the AUC+Cartels player scores its lower margin and wins ties."""
    st = standard(seats=3, non_players="none")  # the AA 1.5 No-Non-player option
    assert st.players == [[0], [1], [2, 3]]
    out = outcome(st)
    scores = [r.score for r in out.results]
    assert scores == [-10, -5, -30]
    assert [r.rank for r in out.results] == [2, 1, 3]


def test_tv_r_38_tie_rank() -> None:
    """TV-R-38: margins Govt -3, FARC -3, AUC -1, Cartels -3: three-way tie at -3, the
    AUC+Cartels player 1st, FARC 2nd, Govt 3rd."""
    out = rank_seats([[0], [1], [2, 3]], [-3, -3, -1, -3])
    assert [r.score for r in out.results] == [-3, -3, -3]
    assert [r.rank for r in out.results] == [3, 2, 1]


def test_tv_r_39_final_two_players() -> None:
    """TV-R-39 final: A = min(2, -4) = -4, B = min(-1, -10) = -10: A wins."""
    out = rank_seats([[0, 2], [1, 3]], [2, -1, -4, -10])
    assert [r.score for r in out.results] == [-4, -10] and out.results[0].winner


def test_tv_r_39_two_players_need_both() -> None:
    """TV-R-39 (AA 1.5, 6.1): Govt+AUC meets only if both factions meet."""
    st = standard(seats=2, non_players="none")  # the AA 1.5 No-Non-player option
    assert st.players == [[0, 2], [1, 3]]
    for s in D.CITIES:
        st.support[s] = 2
    st.support[S["cesar"]] = st.support[S["antioquia"]] = 2
    st.support[S["huila"]] = 2
    assert B.total_support(st) > 60
    assert winning_seats(st) == []  # AUC (1 Base vs 6 FARC) does not meet


def test_outcome_ends_after_final_round() -> None:
    """AA 2.4.1, AA-R-30: the final Round stops after the Support phase."""
    st = standard()
    st.prop_played = 3
    on_card(st, 76, [5])
    from .scenario import finish
    finish(st)
    assert st.over == 2


def test_aa_6_4_final_round_support_phase() -> None:
    """AA 6.4, 7.3, AA-R-30 through `engine.act`: the final Round's Support phase is played
    (Civic Action, Agitation, Election, Elite Backing) and the margins count it; Redeploy
    and Reset are skipped."""
    st = standard()
    st.prop_played = 3
    on_card(st, 76, [5])
    t = Table(st)
    assert t.outcome() is None
    d = t.decision()
    assert d is not None and d.kind == "aa.civic_action" and d.seat == GOVT
    assert t.options() == ["space:cali", "done"]
    t.play("space:cali", "space:cali", "done")
    assert t.st.support[S["cali"]] == 2 and t.st.resources[GOVT] == 70 - 6
    # Agitation: no FARC-Controlled space to agitate; the Election (Total Support 56 <= 60)
    # brings Pastrana and a FARC Zone; then Elite Backing
    assert t.options() == ["space:meta_west", "space:guaviare"]
    t.play("space:guaviare")
    assert t.st.president == 1 and t.options() == ["rally", "decline"]
    t.play("decline")
    out = t.outcome()
    assert out is not None
    assert out.summary == ("Game ended after the final Propaganda Round; margins: govt -4, "
                           "farc -5, auc -5, cartels -12.")
    assert t.st.over == 2 and t.st.ctl  # no Reset: the Control snapshot is still in place


def test_aa_6_3_3_drug_profits_per_space() -> None:
    """AA 6.3.3: one Base or +6 per space from which a faction's Shipments were removed,
    not per Shipment (through `engine.act`)."""
    st = standard()
    put(st, "meta_east", "farc_underground")
    st.ships[0] = st.ships[1] = S["meta_east"] * 4 + FARC
    st.ships[2] = S["narino"] * 4 + FARC
    start_proc(st, "coin.propaganda", i=2)  # straight to the Resources phase
    t = Table(st)
    before = t.st.resources[FARC]
    d = t.decision()
    assert d is not None and d.kind == "aa.drug_profits" and d.seat == FARC
    assert t.options() == ["resources"]  # Meta East holds 2 Bases already
    t.play("resources")
    assert t.st.resources[FARC] == before + 6 and t.st.ships[:3] == [-1, -1, S["narino"] * 4 + 1]
    assert t.options() == ["base", "resources"]
    t.play("base")
    assert t.st.ships == [-1] * 4 and t.st.resources[FARC] == before + 6
    assert count(t.st, "narino", "farc_base") == 1
    assert t.decision() is not None and t.decision().kind != "aa.drug_profits"  # type: ignore[union-attr]
