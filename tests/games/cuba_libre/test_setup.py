"""CL 2.1-2.2 Setup: seating (CL 1.5), the standard setup (TV-D-06), options, Deception
(CL 7.3) and the alternative setup's placement by the players."""

from __future__ import annotations

import pytest

from services.cuba_libre import GAME, setup
from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre.constants import DECEPTION_MIX, NKINDS, Kind, UsAlliance
from services.cuba_libre.invariants import check_invariants
from services.kernel import codec, rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import option_problems
from services.kernel.errors import BadRequest
from services.kernel.state import Frame

from .helpers import DR, GOVT, M26, SYNDICATE, S, alternative, choose, offered, pending, play_out
from .helpers import standard as s0


def test_tv_d_06_pieces_after_standard_setup() -> None:
    """TV-D-06 (CL 1.4.1, setup block): Available pieces after setup; 7 Guerrillas on the map,
    all Underground; 3 Casinos, all open; 1 Base (26July, Sierra Maestra); 86 pieces."""
    st = s0()
    avail = {k.name: st.avail[k] for k in Kind if B.PIECES.pool[k] == k}
    assert avail == {"TROOPS": 3, "POLICE": 7, "GOVT_BASE": 2, "M26_U": 11, "M26_BASE": 3,
                     "DR_U": 12, "DR_BASE": 4, "SYND_U": 6, "CASINO_OPEN": 7}
    assert sum(st.avail) + sum(st.pieces) == 86 == sum(D.FORCES)
    assert [B.on_map(st, k) for k in (Kind.M26_U, Kind.DR_U, Kind.SYND_U)] == [4, 3, 0]
    assert [B.on_map(st, k) for k in (Kind.M26_A, Kind.DR_A, Kind.SYND_A)] == [0, 0, 0]
    assert B.on_map(st, Kind.CASINO_OPEN) == 3 and B.on_map(st, Kind.CASINO_CLOSED) == 0
    assert B.bases(st, S["sierra_maestra"], M26) == 1
    assert sum(B.on_map(st, k) for k in (Kind.GOVT_BASE, Kind.M26_BASE, Kind.DR_BASE)) == 1
    check_invariants(st)


def test_standard_markers() -> None:
    """Setup block: US Alliance Firm, Aid 15, Resources 15/10/5/15, all Eligible, the levels."""
    st = s0()
    assert st.us_alliance == UsAlliance.FIRM and st.aid == 15
    assert st.resources == [15, 10, 5, 15] and st.eligible == [True] * 4
    levels = {D.NAMES[s]: st.support[s] for s in range(D.NS) if st.support[s]}
    assert levels == {"pinar_del_rio": 2, "havana": 2, "la_habana": 1, "camaguey_city": 1,
                      "matanzas": -1, "camaguey_province": -1, "oriente": -1,
                      "sierra_maestra": -2}
    assert st.cash == [-1] * 4 and not any(st.terror) and st.sabotage == 0
    assert st.caps == 0 and st.mom == 0 and st.prop_played == 0


@pytest.mark.parametrize(("seats", "options", "players", "non_players"), [
    (4, {}, [[0], [1], [2], [3]], 0),
    (3, {}, [[0], [1, 2], [3]], 0),
    (3, {"shared_factions": "govt_syndicate"}, [[0, 3], [1], [2]], 0),
    (2, {}, [[0, 3], [1, 2]], 0),
    (2, {"non_players": "m26+directorio"}, [[0], [3]], 0b0110),
    (1, {"non_players": "m26+directorio"}, [[0, 3]], 0b0110),
    (1, {"non_players": "govt+syndicate", "shared_factions": "m26_directorio"},
     [[1, 2]], 0b1001),
    (1, {"non_players": "govt+m26+syndicate"}, [[2]], 0b1011),
    (1, {}, [[0]], 0b1110),
    (3, {"non_players": "m26"}, [[0], [2], [3]], 0b0010),
])
def test_cl_1_5_seating(seats: int, options: dict[str, str], players: list[list[int]],
                        non_players: int) -> None:
    """CL 1.5, 8.0: 4 players one faction each; 3 players with 26July+DR or Govt+Syndicate; 2
    players with both pairs; a Non-player has no seat (seat code -1 - faction); the solitaire
    player may run a pair; 1 seat defaults to the Government against three Non-players."""
    st = GAME.setup(Ctx(), seats, GAME.check_setup(seats, options), 1)
    assert st.players == players and st.non_players == non_players
    assert all(st.seat_of[f] == seat for seat, fs in enumerate(players) for f in fs)
    assert all(st.seat_of[f] == -1 - f for f in range(4) if non_players >> f & 1)


@pytest.mark.parametrize(("seats", "options", "message"), [
    (2, {"shared_factions": "none"}, "2 seats"),
    (4, {"shared_factions": "both"}, "4 seats"),
    (3, {"non_players": "m26", "shared_factions": "m26_directorio"}, "3 seats"),
    (2, {"non_players": "govt", "shared_factions": "m26_directorio"}, "2 seats"),
    (4, {"non_players": "govt+m26+directorio+syndicate"}, "player"),
    (2, {"deception": "true"}, "Deception"),
    (3, {"non_players": "govt", "deception": "true"}, None),
    (2, {"non_players": "govt+m26", "deception": "true"}, "Deception"),
    (4, {"non_players": "govt"}, "4 seats"),
    (4, {"setup": "random"}, "setup"),
    (4, {"colour": "red"}, "colour"),
])
def test_bad_options_are_refused(seats: int, options: dict[str, str],
                                 message: str | None) -> None:
    """CL 1.5, 7.3: a seat count or option the rules do not allow is a clear BadRequest."""
    if message is None:
        assert s0(seats, **options).deception
        return
    with pytest.raises(BadRequest, match=message):
        setup.new_game(Ctx(), seats, options, 1)


def test_option_specs_cover_the_digest_options() -> None:
    """setup.json `options`: setup, short game, sudden Propaganda, Deception, no bots."""
    names = {o.name for o in setup.OPTION_SPECS}
    assert names == {"setup", "short_game", "sudden_propaganda", "deception", "non_players",
                     "shared_factions"}
    assert set(D.SETUP.options) - {"no_bots"} <= names  # no bots = non_players "none"
    assert len(setup.NON_PLAYER_VALUES) == 15


def test_setup_is_reproducible_from_the_seed() -> None:
    """DESIGN §2 Determinism: the same seed and options give the same state, byte for byte."""
    opts = {"deception": "true", "short_game": "true"}
    a, b = s0(seed=42, **opts), s0(seed=42, **opts)
    assert codec.encode(a) == codec.encode(b)
    assert codec.decode(codec.encode(a), type(a)) == a
    assert s0(seed=43, **opts).deck != a.deck


def test_cl_7_3_deception_counters() -> None:
    """CL 7.3 option: each player draws 2 counters from the 12 (4 of each kind, CL-D-16);
    Non-players have no seat and draw none."""
    st = s0(3, non_players="syndicate", deception="true")
    assert [len(c) for c in st.deception] == [2, 2, 2]
    for seed in range(40):
        st = s0(4, seed=seed, deception="true")
        drawn = [c.kind for cs in st.deception for c in cs]
        assert len(drawn) == 8 and all(drawn.count(k) <= n for k, n in enumerate(DECEPTION_MIX))
        assert not any(c.revealed for cs in st.deception for c in cs)


# -- alternative setup ------------------------------------------------------------------------


def test_alternative_setup_syndicate_places_first() -> None:
    """Setup block, alternative: markers as standard, no piece on the map; the Syndicate
    places 3 open Casinos, at most 1 per space, in Cities and Provinces."""
    st, _ = alternative()
    assert sum(st.pieces) == 0 and st.resources == [15, 10, 5, 15] and st.support[S["havana"]] == 2
    assert not st.played
    d = pending(st)
    assert d is not None and d.seat == st.seat_of[SYNDICATE] and d.kind == "cl.alt_setup"
    assert offered(st) == [f"place:casino_open:{D.NAMES[s]}" for s in range(D.NS)
                           if s not in D.ECS]
    assert all(option_problems(o) == [] for o in d.options)
    assert d.options[0].label == "Place 1 open Casino in Pinar del Río"
    assert d.options[0].args == {"action": "place", "piece": "casino_open",
                                 "space": "pinar_del_rio"}
    choose(st, "place:casino_open:havana")
    assert "place:casino_open:havana" not in offered(st) and len(offered(st)) == 9


def test_alternative_setup_order_and_limits() -> None:
    """Directorio: 3 Guerrillas anywhere; 26July: 4 Guerrillas and a Base in spaces without DR
    pieces, 1 Guerrilla per City, the Base not in an EC; Government: 9 Troops and 8 Police in
    Cities and 3 Troops in one Province. Then the first card is revealed."""
    st, ctx = alternative()
    for space in ("havana", "la_habana", "pinar_del_rio"):
        choose(st, f"place:casino_open:{space}")
    assert pending(st).seat == st.seat_of[DR]  # type: ignore[union-attr]
    assert offered(st) == [f"place:directorio_underground:{n}" for n in D.NAMES]
    for space in ("havana", "matanzas", "ec_west"):
        choose(st, f"place:directorio_underground:{space}")
    assert pending(st).seat == st.seat_of[M26]  # type: ignore[union-attr]
    free = [n for n in D.NAMES if n not in ("havana", "matanzas", "ec_west")]
    assert offered(st) == [f"place:m26_base:{n}" for n in free if S[n] not in D.ECS] + [
        f"place:m26_underground:{n}" for n in free]
    choose(st, "place:m26_underground:santiago_de_cuba")
    assert "place:m26_underground:santiago_de_cuba" not in offered(st)
    assert "place:m26_base:santiago_de_cuba" in offered(st)
    for op in ("place:m26_base:sierra_maestra", "place:m26_underground:sierra_maestra",
               "place:m26_underground:sierra_maestra", "place:m26_underground:ec_east"):
        choose(st, op)
    assert pending(st).seat == st.seat_of[GOVT]  # type: ignore[union-attr]
    cities = [D.NAMES[c] for c in D.CITIES]
    provinces = [D.NAMES[p] for p in D.PROVINCES]
    assert sorted(offered(st)) == sorted(
        [f"place:police:{c}" for c in cities] + [f"place:troops:{c}" for c in cities]
        + [f"place:troops:{p}" for p in provinces])
    choose(st, "place:troops:oriente")
    assert [o for o in offered(st) if o.split(":")[2] in provinces] == ["place:troops:oriente"]
    choose(st, "place:troops:oriente")
    choose(st, "place:troops:oriente")
    assert all(o.split(":")[2] in cities for o in offered(st))
    for _ in range(9):
        choose(st, "place:troops:havana")
    assert offered(st) == [f"place:police:{c}" for c in cities]
    for _ in range(7):
        choose(st, "place:police:camaguey_city")
    choose(st, "place:police:camaguey_city", ctx)
    assert pending(st) is None and not st.stack
    assert len(st.played) == 1 and [e.kind for e in ctx.events[-2:]] == ["coin.card", "cl.upcoming"]
    assert B.n(st, S["havana"], Kind.TROOPS) == 9 and B.n(st, S["oriente"], Kind.TROOPS) == 3
    assert B.control(st, S["havana"]) == GOVT and B.control(st, S["matanzas"]) == DR
    assert B.control(st, S["sierra_maestra"]) == M26
    assert B.dr_pop_plus_bases(st) == 1  # CL-D-14: the tracks follow the board
    check_invariants(st)


def test_alternative_setup_non_players_take_the_standard_pieces() -> None:
    """Setup block, alternative: the Non-players' pieces go where the standard setup puts them;
    only the players place theirs."""
    st, _ = alternative(2, non_players="directorio+syndicate")
    assert [B.on_map(st, k) for k in (Kind.CASINO_OPEN, Kind.DR_U)] == [3, 3]
    assert B.on_map(st, Kind.M26_U) == 0 and B.on_map(st, Kind.TROOPS) == 0
    assert pending(st).seat == st.seat_of[M26]  # type: ignore[union-attr]
    assert not any(o.endswith((":havana", ":camaguey_province")) for o in offered(st))


def test_alternative_setup_random_placements_keep_the_rules() -> None:
    """Any sequence of offered placements ends with the standard numbers of pieces, legal
    stacking, and the first card revealed."""
    for seed in range(12):
        st, _ = alternative(seed=seed)
        r = rng.seeded(seed, stream=5)
        n = play_out(st, lambda d, r=r: rng.choice(r, d.options).id)
        assert n == 3 + 3 + 5 + 20
        check_invariants(st)
        assert [B.on_map(st, k) for k in range(NKINDS)] == [12, 8, 0, 4, 0, 1, 3, 0, 0, 0, 0,
                                                              3, 0]
        assert len(st.played) == 1 and len(st.deck) == 51
        for s in range(D.NS):
            assert B.casinos(st, s) <= 1
            if s in D.CITIES:
                assert B.guerrillas(st, s, M26) <= 1
            if B.guerrillas(st, s, M26) or B.bases(st, s, M26):
                assert not B.pieces_of(st, s, DR)
        assert sum(1 for p in D.PROVINCES if B.n(st, p, Kind.TROOPS)) == 1


def test_the_play_frames_run_after_the_alternative_setup() -> None:
    """setup.new_game: the game's own frames lie under the placement and come next."""
    st = setup.new_game(Ctx(), 4, {"setup": "alternative"}, 1, play=[Frame("coin.deck")])
    assert [f.proc for f in st.stack] == ["coin.deck", "cl.alt_setup"]
    st = setup.new_game(Ctx(), 4, {}, 1, play=[Frame("coin.deck")])
    assert [f.proc for f in st.stack] == ["coin.deck"] and st.played


def test_no_bots_seatings_are_those_of_the_data() -> None:
    """CL 1.5 option without Non-players: the 4 seatings of setup.json, and only those."""
    made = {frozenset(tuple(g) for g in setup.seat_groups(0, shared) or [])
            for shared in setup.SHARED}
    assert made == {frozenset(seating) for seating in D.NO_BOT_SEATINGS}
