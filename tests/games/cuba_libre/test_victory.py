"""CL 7 Victory: conditions, margins, the Victory phase test and the ranking (TV-D-07,
TV-R-33, TV-R-41 d)."""

from __future__ import annotations

import re

from services.cuba_libre import board as B
from services.cuba_libre import data as D
from services.cuba_libre import setup, victory
from services.cuba_libre.constants import Deception
from services.cuba_libre.state import CLState, Counter

from .helpers import DR, GOVT, M26, SYNDICATE, S, put, standard


def blank(seats: int = 4, **options: str) -> CLState:
    return setup.new_state(seats, 1, {**setup.OPTION_DEFAULTS, **options})


def levels(st: CLState, **by_space: int) -> None:
    for space, level in by_space.items():
        st.support[S[space]] = level


def winners(outcome: object) -> list[int]:
    return [r.seat for r in outcome.results if r.winner]  # type: ignore[attr-defined]


def test_tv_d_07_margins_and_ranking_at_setup() -> None:
    """TV-D-07 (CL 7.1, 7.3): margins Govt -2, 26July -8, DR -8, Syndicate -15; with four
    players the ranking is Govt, Directorio (wins the tie with 26July), 26July, Syndicate; the
    Government fails 7.2 also for its Cities."""
    st = standard()
    assert victory.margins(st) == [-2, -8, -8, -15]
    assert victory.meets(st) == [False] * 4
    out = victory.rank(st)
    assert [r.rank for r in out.results] == [1, 3, 2, 4]
    assert [r.score for r in out.results] == [-2, -8, -8, -15]
    assert winners(out) == [GOVT]
    levels(st, havana=2, camaguey_city=2, santiago_de_cuba=2, la_habana=2, las_villas=2)
    assert B.total_support(st) > 18 and victory.meets(st)[GOVT]
    levels(st, santiago_de_cuba=1)
    assert B.total_support(st) > 18 and not victory.meets(st)[GOVT]


def test_tv_r_33_a_government_meets_its_condition() -> None:
    """TV-R-33 a (CL 7.2): every City and Pinar del Río at Active Support, La Habana Passive:
    Total Support 19 > 18 with every City Active: met, margin +1; the Victory phase ends the
    game with the Government's seat as the one meeting it."""
    st = blank()
    levels(st, havana=2, camaguey_city=2, santiago_de_cuba=2, pinar_del_rio=2, la_habana=1)
    assert B.total_support(st) == 19
    assert victory.margins(st)[GOVT] == 1 and victory.meets(st)[GOVT]
    assert victory.victory_phase_winners(st) == [st.seat_of[GOVT]]


def test_tv_r_33_b_margin_ignores_the_cities() -> None:
    """TV-R-33 b (CL-R-02): Total Support 22 with Camagüey City only Passive: not met, but the
    margin is +4."""
    st = blank()
    levels(st, havana=2, camaguey_city=1, santiago_de_cuba=2, pinar_del_rio=2, la_habana=2,
           las_villas=1, matanzas=1)
    assert B.total_support(st) == 22
    assert victory.margins(st)[GOVT] == 4 and not victory.meets(st)[GOVT]


def test_tv_r_33_c_syndicate_needs_casinos_and_resources() -> None:
    """TV-R-33 c (CL 7.2-7.3): 8 open Casinos and 31 Resources: met, margin 1; with 30
    Resources: not met, margin 0; closed Casinos do not count."""
    st = blank()
    for space in ("havana", "la_habana", "pinar_del_rio", "matanzas"):
        put(st, space, "casino_open", 2)
    st.resources[SYNDICATE] = 31
    assert victory.margins(st)[SYNDICATE] == 1 and victory.meets(st)[SYNDICATE]
    st.resources[SYNDICATE] = 30
    assert victory.margins(st)[SYNDICATE] == 0 and not victory.meets(st)[SYNDICATE]
    st.resources[SYNDICATE] = 31
    B.close_casino(st, S["havana"])
    assert victory.margins(st)[SYNDICATE] == 0


def test_tv_r_33_d_ties_on_the_board() -> None:
    """TV-R-33 d (CL 7.1): final margins DR +2, 26July +2, Govt +1 with four players: DR wins
    the tie. With Government a Non-player at +2 and DR a player at +2, the Non-player wins:
    no seat does, DR ranks 2nd (CL 8.0: a Non-player has no seat but ranks)."""
    st = blank()
    levels(st, havana=2, camaguey_city=2, santiago_de_cuba=2, pinar_del_rio=2, la_habana=1,
           matanzas=-2, las_villas=-2, camaguey_province=-2, oriente=-2, sierra_maestra=-2)
    for space in ("matanzas", "camaguey_province", "sierra_maestra"):
        put(st, space, "m26_base")
    put(st, "havana", "directorio_underground", 3)
    put(st, "las_villas", "directorio_underground")
    put(st, "las_villas", "directorio_base")
    put(st, "oriente", "directorio_underground")
    assert victory.margins(st)[:3] == [1, 2, 2]
    assert winners(victory.rank(st)) == [st.seat_of[DR]]
    st = blank(3, non_players="govt")
    levels(st, havana=2, camaguey_city=2, santiago_de_cuba=2, pinar_del_rio=2, la_habana=2)
    put(st, "havana", "directorio_underground", 3)
    put(st, "las_villas", "directorio_underground")
    put(st, "oriente", "directorio_underground")
    assert victory.margins(st)[GOVT] == 2 and victory.margins(st)[DR] == 1
    put(st, "las_villas", "directorio_base")
    assert victory.margins(st)[DR] == 2
    out = victory.rank(st)
    assert winners(out) == [] and out.results[st.seat_of[DR]].rank == 2


def test_tv_r_33_e_two_faction_players() -> None:
    """TV-R-33 e (CL 1.5, 7.3): player A = 26July +3 and DR -1 scores -1; player B = Govt -2
    and Syndicate +5 scores -2: A wins. In a Victory phase A wins only if both its factions
    meet their conditions."""
    players = [[GOVT, SYNDICATE], [M26, DR]]
    out = victory.rank_seats(players, 0, [-2, 3, -1, 5], [0, 0], [False, False])
    assert [r.score for r in out.results] == [-2, -1] and winners(out) == [1]
    st = blank(2)
    assert st.players == players
    levels(st, havana=-2, matanzas=-2, las_villas=-2)
    assert B.opposition_plus_bases(st) == 18 and B.dr_pop_plus_bases(st) == 0
    assert victory.meets(st)[M26] and not victory.meets(st)[DR]
    assert victory.victory_phase_winners(st) == []


def test_secret_plans_add_to_the_final_margin() -> None:
    """CL 7.3 option (CL-R-16): each Secret Plan adds +1 to its owner's final score, not to the
    7.2 conditions."""
    st = standard(deception="true")
    st.deception = [[Counter(Deception.SECRET_PLAN), Counter(Deception.SECRET_PLAN)],
                    [Counter(Deception.EMPTY_THREAT), Counter(Deception.HIDDEN_ASSETS)],
                    [Counter(Deception.SECRET_PLAN), Counter(Deception.EMPTY_THREAT)], []]
    out = victory.rank(st)
    assert [r.score for r in out.results] == [0, -8, -7, -15]
    assert victory.meets(st) == [False] * 4


def test_tv_r_41_d_solitaire_player_never_wins_a_victory_phase() -> None:
    """TV-R-41 d (CL 6.1, 8.9): in a solitaire game the player's factions meeting their
    conditions do not end the game; a game ended in a Victory phase goes to a Non-player."""
    st = blank(1, non_players="m26+directorio+syndicate")
    levels(st, havana=2, camaguey_city=2, santiago_de_cuba=2, pinar_del_rio=2, la_habana=1)
    assert victory.meets(st)[GOVT] and victory.solitaire(st)
    assert victory.victory_phase_winners(st) == []
    st.over = 1
    out = victory.rank(st)
    assert winners(out) == [] and out.results[0].rank == 4
    assert re.search(r"Non-player \w+ wins: .+!", out.summary)
    st.over = 2
    assert winners(victory.rank(st)) == [st.seat_of[GOVT]]


def test_dr_track_counts_controlled_population_and_bases() -> None:
    """CL 1.6.3: DR Pop + Bases = Population of DR-Controlled spaces + DR Bases on the map."""
    st = standard()
    assert B.controlled_population(st, DR) == 1 and B.dr_pop_plus_bases(st) == 1
    put(st, "ec_west", "directorio_underground")
    put(st, "oriente", "directorio_base")
    assert B.dr_pop_plus_bases(st) == 1 + 2 + 1
    assert D.POP[S["oriente"]] == 2
