"""Second-edition card texts (table option card_text_edition = second, AA-D-03)."""

from __future__ import annotations

from services.andean_abyss import board as B
from services.andean_abyss.events import program_key

from .scenario import CARTELS, FARC, GOVT, S, count, options, play, run_event, standard


def second(st):  # type: ignore[no-untyped-def]
    st.edition = 2
    return st


def run2(st, card, side, faction, *choices):  # type: ignore[no-untyped-def]
    from services.andean_abyss.game import FLOW
    from services.kernel.ctx import Ctx
    from services.kernel.flow import push
    st.stack = []
    st.played = [card]
    push(st, "coin.effect", key=program_key(card, side, 2), f=faction, pc=0)
    FLOW.advance(Ctx(), st)
    return play(st, *choices)


def test_option_selects_second_edition_programs() -> None:
    st = standard(card_text_edition="second")
    assert st.edition == 2
    assert program_key(67, "unshaded", 2) == "67:unshaded:2"
    assert program_key(67, "shaded", 2) == "67:shaded"
    assert program_key(1, "unshaded", 2) == "1:unshaded"


def test_card_26_second_edition() -> None:
    st = standard()
    st.resources[CARTELS] = 30
    run2(st, 26, "shaded", FARC)
    assert st.resources[CARTELS] == 6 and st.resources[FARC] == 34


def test_card_30_second_edition() -> None:
    st = standard()
    st.zones |= 1 << S["huila"] | 1 << S["cesar"]
    run2(st, 30, "unshaded", GOVT)
    assert options(st) == ["space:huila"]
    play(st, "space:huila")
    assert st.zones == 1 << S["cesar"] and B.bases_on_map(st, FARC) == 5
    st = standard()
    run2(st, 30, "shaded", FARC, "space:meta_west")
    assert B.is_zone(st, S["meta_west"]) and count(st, "meta_west", "farc_base") == 1  # full


def test_card_36_second_edition() -> None:
    """TV-D-24 second edition: FARC Base in Huila (O+B 21), 2 adjacent spaces shifted."""
    st = standard()
    run2(st, 36, "unshaded", FARC, "space:huila", "space:cali", "space:antioquia")
    assert count(st, "huila", "farc_base") == 2 and B.opposition_plus_bases(st) == 21
    assert st.support[S["cali"]] == 1 and st.support[S["antioquia"]] == 1


def test_card_55_second_edition() -> None:
    st = standard()
    st.ships[0] = S["cali"] * 4 + CARTELS
    st.ships[1] = S["putumayo"] * 4 + CARTELS
    run2(st, 55, "unshaded", GOVT, "ship:0:cali", "ship:1:putumayo",
         "piece:cali:cartels_underground", "piece:putumayo:cartels_underground")
    assert st.ships == [-1] * 4 and st.aid == 12 and st.avail[9] == 12


def test_card_56_second_edition() -> None:
    st = standard()
    st.resources[CARTELS] = 20
    run2(st, 56, "unshaded", GOVT)
    assert st.resources == [55, 10, 10, 5]


def test_card_64_second_edition() -> None:
    st = standard()
    run2(st, 64, "unshaded", GOVT, "space:meta_west", "space:meta_west")
    assert st.ships[:2] == [S["meta_west"] * 4 + FARC] * 2


def test_card_65_second_edition() -> None:
    st = standard()
    run2(st, 65, "unshaded", GOVT, "space:huila", "ship:huila:farc", "unbase:huila:farc")
    assert st.ships[0] == S["huila"] * 4 + FARC and B.bases_on_map(st, FARC) == 5


def test_card_67_second_edition() -> None:
    st = standard()
    st.resources[CARTELS] = 30
    run2(st, 67, "unshaded", GOVT)
    assert st.resources[CARTELS] == 10
    st = second(standard())
    run_event(st, 67, "unshaded", GOVT)  # run_event uses the first-edition program
    assert st.resources[CARTELS] == 0
