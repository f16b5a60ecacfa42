"""The typed view tablero.cuba_libre.v1.CubaLibreView (DESIGN §2): the public board by
projection; the deck order below the upcoming card and other players' unrevealed Deception
counters never reach it (perturbation: the view bytes do not change)."""

from __future__ import annotations

from tablero.cuba_libre.v1 import view_pb2 as pb

from services.cuba_libre import GAME, views
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.constants import Cap, Deception, Kind, Mom
from services.cuba_libre.state import CLState, Counter
from services.kernel import rng

from .helpers import GOVT, S, Table, alternative, at_card, game, standard


def view_bytes(st: CLState, seat: int | None) -> bytes:
    return views.view(st, seat).SerializeToString(deterministic=True)


def all_views(st: CLState) -> list[bytes]:
    return [view_bytes(st, seat) for seat in (None, *range(st.seats))]


def test_standard_setup_view() -> None:
    """CL 2.2 / 1.6.3 / 1.7: what everyone sees at the start."""
    st = standard()
    v = views.view(st, None)
    assert [s.id for s in v.spaces] == list(D.NAMES)
    havana = v.spaces[S["havana"]]
    assert (havana.type, havana.population, havana.support, havana.control) == (
        "city", 6, "active_support", "govt")
    assert {p.kind: p.count for p in havana.pieces} == {
        "troops": 6, "police": 4, "directorio_underground": 2, "casino_open": 1}
    assert list(havana.adjacent) == ["la_habana"]
    ec = v.spaces[S["ec_west"]]
    assert (ec.type, ec.econ, ec.support, ec.control, ec.population) == ("ec", 3, "neutral", "", 0)
    assert v.spaces[S["la_habana"]].control == "" and v.spaces[S["oriente"]].terrain == "forest"
    assert (v.total_support, v.total_opposition, v.opposition_plus_bases, v.dr_pop_plus_bases,
            v.open_casinos) == (16, 6, 7, 1, 3)
    assert (v.aid, v.us_alliance, v.coin_op_cost) == (15, "firm", 2)
    assert [(f.id, f.resources, f.eligible, f.victory_margin, f.meets_condition)
            for f in v.factions] == [("govt", 15, True, -2, False), ("m26", 10, True, -8, False),
                                     ("directorio", 5, True, -8, False),
                                     ("syndicate", 15, True, -15, False)]
    assert {p.kind: p.count for p in v.factions[3].available} == {
        "syndicate_underground": 6, "casino_open": 7}
    assert v.current_card.number == st.played[0] and v.upcoming_card.number == st.deck[-1]
    assert v.deck_remaining == 51 and list(v.played_cards) == st.played
    assert (v.cash_in_box, v.markers_available, v.propaganda_played, v.final_propaganda) == (
        4, 20, 0, 4)
    assert [(s.seat, list(s.factions), s.non_player) for s in v.seats] == [
        (0, ["govt"], False), (1, ["m26"], False), (2, ["directorio"], False),
        (3, ["syndicate"], False)]
    assert not v.game_over and not v.final_event_card and not v.deception


def test_card_views_carry_both_events() -> None:
    """CL 5.2: a card shows its faction order and both Events; Propaganda cards have none."""
    c = views.card_view(2)
    assert c.title == "Guantánamo Bay" and list(c.faction_order) == [
        "govt", "m26", "directorio", "syndicate"]
    assert (c.unshaded.kind, c.shaded.kind) == ("capability", "momentum")
    assert c.unshaded.text == D.EVENTS[2].unshaded.effect
    assert not views.card_view(13).HasField("shaded")
    p = views.card_view(D.PROPAGANDA_CARDS[0])
    assert (p.type, p.title, list(p.faction_order)) == ("propaganda", "Propaganda", [])


def test_lasting_effects_and_cash_are_shown() -> None:
    """CL 5.3-5.4, 4.5.2: Capabilities and Momentum in play; Cash with holder and owner."""
    st = standard()
    st.caps |= 1 << Cap.M26_RALLY_HIDES_ALL
    st.mom |= 1 << Mom.ASSAULT_MOUNTAIN_AS_CITY
    st.cash[2] = B.cash_code(S["havana"], Kind.POLICE)
    v = views.view(st, 1)
    assert [(e.card, e.side, e.marker) for e in v.capabilities] == [
        (30, "unshaded", "cap_the_guerrilla_life_unshaded")]
    assert [(e.card, e.side, e.title) for e in v.momentum] == [(6, "shaded", "Sánchez Mosquera")]
    assert [(c.space, c.holder, c.owner) for c in v.cash] == [("havana", "police", "govt")]
    assert v.cash_in_box == 3


def shuffled_below_upcoming(st: CLState, seed: int) -> None:
    below = st.deck[:-1]
    rng.shuffle(rng.seeded(seed, stream=3), below)
    st.deck[:-1] = below


def test_deck_order_is_hidden() -> None:
    """DESIGN §2, CL 2.2: perturbing the deck below the upcoming card (what no one has seen)
    leaves every seat's and the spectator's view byte-identical."""
    for seed, opts in ((1, {}), (2, {"short_game": "true"}), (3, {"sudden_propaganda": "true"}),
                       (4, {"non_players": "govt+syndicate", "shared_factions": "m26_directorio"})):
        st = standard(1 if "non_players" in opts else 4, seed=seed, **opts)
        before = all_views(st)
        for k in range(5):
            shuffled_below_upcoming(st, 100 * seed + k)
            assert all_views(st) == before
        st.deck[-1], st.deck[0] = st.deck[0], st.deck[-1]
        assert all_views(st) != before  # the upcoming card itself is public


def test_deck_order_is_hidden_during_the_alternative_setup() -> None:
    """No card is revealed while the players place their pieces (CL 2.2 follows setup)."""
    st, _ = alternative(seed=5)
    before = all_views(st)
    rng.shuffle(rng.seeded(9), st.deck)
    assert all_views(st) == before
    assert not views.view(st, 0).HasField("upcoming_card")


def test_deception_counters_are_seen_by_their_owner_only() -> None:
    """CL 7.3 option: a player sees its own counters; of the others it sees how many they hold
    and the revealed ones only. Changing another seat's hidden counters changes nothing."""
    st = standard(deception="true")
    st.deception = [[Counter(Deception.SECRET_PLAN), Counter(Deception.EMPTY_THREAT)],
                    [Counter(Deception.HIDDEN_ASSETS), Counter(Deception.SECRET_PLAN)],
                    [Counter(Deception.EMPTY_THREAT), Counter(Deception.EMPTY_THREAT)],
                    [Counter(Deception.SECRET_PLAN), Counter(Deception.HIDDEN_ASSETS)]]
    v = views.view(st, GOVT)
    assert [(d.seat, d.held, [c.kind for c in d.counters]) for d in v.deception] == [
        (0, 2, ["secret_plan", "empty_threat"]), (1, 2, []), (2, 2, []), (3, 2, [])]
    before = {seat: view_bytes(st, seat) for seat in (None, 0, 1, 2, 3)}
    st.deception[1] = [Counter(Deception.SECRET_PLAN), Counter(Deception.SECRET_PLAN)]
    for seat in (None, 0, 2, 3):
        assert view_bytes(st, seat) == before[seat]
    assert view_bytes(st, 1) != before[1]
    st.deception[3][1].revealed = True
    assert [c.kind for c in views.view(st, None).deception[3].counters] == ["hidden_assets"]
    assert [c.revealed for c in views.view(st, 3).deception[3].counters] == [False, True]


def test_view_is_a_projection() -> None:
    """DESIGN §2: the view message has no field for the deck order, the PRNG or the stack."""
    fields = {f.name for f in pb.CubaLibreView.DESCRIPTOR.fields}
    assert not fields & {"deck", "rng", "seed", "stack", "boxed"}
    assert "deck_remaining" in fields and "upcoming_card" in fields


def test_sequence_of_play_record_cl_2_3_4() -> None:
    """CL 2.3.4: the view shows who acts as 1st / 2nd Eligible, what the 1st did, who executed
    and who waits (the Sequence-of-Play boxes)."""
    t = Table(at_card(game(), 1)).play("pass")
    seq = GAME.view(t.st, 1).sequence
    assert (seq.acting, seq.role, seq.first_action) == ("m26", "first", "")
    assert list(seq.waiting) == ["directorio", "syndicate"] and not seq.executed
    t.play("op:rally", "space:matanzas").until("coin.eligible")
    seq = GAME.view(t.st, 2).sequence
    assert (seq.acting, seq.role, seq.first_action) == ("directorio", "second", "op")
    assert list(seq.executed) == ["m26"]
    t.play("pass", "pass")
    assert GAME.view(t.st, 0).sequence.first_action == ""  # the next card


def test_propaganda_phase_is_shown_cl_6() -> None:
    t = Table(at_card(game(), 49))
    v = GAME.view(t.st, 0)
    assert v.propaganda_phase == "support" and not v.HasField("sequence")
    t.until("cl.redeploy")
    assert GAME.view(t.st, None).propaganda_phase == "redeploy"
    assert GAME.view(t.st, None).control_fixed


def test_reference_holds_the_map_and_every_card() -> None:
    """Decision 0007: the static reference carries every space and card text once."""
    ref = GAME.reference()
    assert len(ref.spaces) == 13 and len(ref.cards) == 52
    havana = next(s for s in ref.spaces if s.id == "havana")
    assert (havana.type, havana.population, list(havana.adjacent)) == ("city", 6, ["la_habana"])
    assert ref.cards[0].title == "Armored Cars" and ref.cards[0].shaded.kind == "momentum"
    assert ref.cards[-1].type == "propaganda"


def test_factions_show_their_victory_track_and_goal_cl_7_2() -> None:
    """CL 7.2 (TV-R-01's S0 figures): each faction's track and the value it must exceed."""
    v = views.view(standard(), 0)
    assert [(f.track, f.goal) for f in v.factions] == [(16, 18), (7, 15), (1, 9), (3, 7)]
    assert [f.resources_goal for f in v.factions] == [0, 0, 0, 30]
