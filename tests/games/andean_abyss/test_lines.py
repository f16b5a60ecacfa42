"""AA 3.1, 4.1: the lines of play an Operation and its Special Activity allow, no more, no
fewer: an Operation is executed in at least one space; its Special Activity may come before,
during or after it. Every test plays through `engine.act`."""

from __future__ import annotations

from collections.abc import Callable

from services.andean_abyss import board as B
from services.andean_abyss.constants import BASE, GUER_A, GUER_U
from services.andean_abyss.state import AAState

from .scenario import (
    CARTELS,
    FARC,
    GOVT,
    S,
    Table,
    count,
    on_card,
    put,
    rig_die,
    standard,
    start_op,
)


def clear(st: AAState, f: int) -> None:
    """Take every piece of an Insurgent faction off the map."""
    for s in B.spaces(st):
        for k in (GUER_U[f], GUER_A[f], BASE[f]):
            B.PIECES.remove(st, s, k, B.n(st, s, k))


def exposed_farc(st: AAState, space: str, n: int = 1) -> None:
    put(st, space, "farc_underground", n)
    B.PIECES.flip_to(st, S[space], GUER_A[FARC], n)


def vichada_only_assault_target() -> Table:
    """A Government Assault begun whose only target is Vichada (1 Troop, an exposed FARC
    Guerrilla)."""
    st = standard()
    put(st, "vichada", "troops")
    exposed_farc(st, "vichada")
    start_op(st, GOVT, "assault")
    return Table(st)


def test_aa_3_2_2_patrol_special_activity_before_moving() -> None:
    """AA 4.1: an SA may come before Patrol moves a cube (Air Lift first, then Patrol the
    lifted Troops on)."""
    st = standard()
    start_op(st, GOVT, "patrol")
    t = Table(st)
    opts = t.options()
    assert opts[-4:] == ["sa:air_lift", "sa:air_strike", "sa:eradicate", "done"]
    assert "from:bogota:troops" in opts
    t.play("sa:air_lift", "from:bogota", "to:cali", "n:3")
    assert count(t.st, "cali", "troops") == 6
    opts = t.options()
    assert "from:cali:troops" in opts and not any(o.startswith("sa:") for o in opts)
    t.play("from:cali:troops", "to:loc_cali_pasto", "done")
    assert count(t.st, "loc_cali_pasto", "troops") == 1 and t.st.resources[GOVT] == 37


def test_aa_4_2_1_assault_offered_when_only_an_air_lift_first_creates_a_target() -> None:
    """AA 3.1, 4.1: no space holds Troops and an exposed enemy, but Troops Air Lifted into a
    Department with a lone Cartels Base would: Assault is offered, the Air Lift must come
    first and must create a target."""
    st = standard()
    on_card(st, 1, [5])  # Government 1st Eligible
    t = Table(st)
    assert "op:assault" in t.options()
    t.play("op:assault")
    assert t.options() == ["sa:air_lift"]  # no space yet; Air Strike/Eradicate create none
    t.play("sa:air_lift")
    assert t.options() == ["from:bogota", "from:cali", "from:medellin", "from:santander"]
    t.play("from:bogota")
    assert t.options() == ["to:meta_west", "to:guaviare", "to:meta_east"]
    t.play("to:meta_east", "n:2")
    assert t.options() == ["space:meta_east"]  # the Operation needs its space: no "done"
    t.play("space:meta_east", "piece:cartels_base")
    after = t.st
    assert count(after, "meta_east", "cartels_base") == 0 and after.resources[GOVT] == 37


def test_aa_4_1_air_strike_first_keeps_an_assault_target() -> None:
    """AA 3.1, 4.1: an Air Strike before the Assault's first space may not remove the only
    Assault target."""
    t = vichada_only_assault_target()
    assert t.options() == ["space:vichada", "sa:air_lift", "sa:air_strike", "sa:eradicate"]
    t.play("sa:air_strike")
    assert t.options() == ["space:meta_west", "space:guaviare", "space:meta_east"]


def test_aa_4_3_1_extort_first_never_leaves_terror_without_a_space() -> None:
    """AA 3.1, 4.1: FARC with 0 Resources and one Underground Guerrilla: an Extort there
    would Activate it, so no Terror could follow: Terror is not offered; with two
    Guerrillas it is, Extort first."""
    st = standard()
    clear(st, FARC)
    put(st, "vichada", "farc_underground")
    st.resources[FARC] = 0
    on_card(st, 19, [5])  # FARC 1st Eligible
    t = Table(st)
    assert "op:terror" not in t.options() and "op:rally" in t.options()
    st = standard()
    clear(st, FARC)
    put(st, "vichada", "farc_underground", 2)
    st.resources[FARC] = 0
    on_card(st, 19, [5])
    t = Table(st)
    t.play("op:terror")
    assert t.options() == ["sa:extort"]
    t.play("sa:extort", "space:vichada")
    assert t.options() == ["space:vichada"]
    t.play("space:vichada")
    assert t.st.terror[S["vichada"]] == 1 and t.st.resources[FARC] == 0


def test_aa_4_5_4_bribe_first_never_spends_the_operation_away() -> None:
    """AA 3.1, 4.1: Cartels with 3 Resources may Rally, but a Bribe first would leave nothing
    to pay for any Rally space: Bribe is not offered first; with 4 it is."""
    st = standard()
    st.resources[CARTELS] = 3
    start_op(st, CARTELS, "rally")
    t = Table(st)
    assert "sa:bribe" not in t.options() and "space:cali" in t.options()
    st.resources[CARTELS] = 4
    start_op(st, CARTELS, "rally")
    t = Table(st)
    assert "sa:bribe" in t.options()
    t.play("sa:bribe", "space:bogota", "cubes", "piece:troops", "piece:troops")
    assert t.st.resources[CARTELS] == 1 and "space:cali" in t.options()


def test_aa_4_3_3_kidnap_pays_for_the_terror_at_zero_resources() -> None:
    """AA 4.1 (its example) and 4.3.3: FARC with 0 Resources may Kidnap in a City before
    that City's Terror and pay for the Terror with the ransom."""
    st = standard()
    for s in B.spaces(st):
        B.PIECES.flip_to(st, s, GUER_A[FARC], B.underground(st, s, FARC))
    put(st, "cartagena", "farc_underground", 2)
    put(st, "cartagena", "troops", 2)  # FARC 2 > Police 1, but FARC does not outnumber
    st.resources[FARC] = 0
    rig_die(st, 4)
    on_card(st, 19, [5])
    t = Table(st)
    assert "op:terror" in t.options()
    t.play("op:terror")
    assert t.options() == ["sa:kidnap"]
    t.play("sa:kidnap")
    assert t.options() == ["space:cartagena"]
    t.play("space:cartagena")
    after = t.st
    assert after.resources[GOVT] == 36 and after.resources[FARC] == 4 - 1
    assert after.terror[S["cartagena"]] == 1 and after.support[S["cartagena"]] == 1
    assert count(after, "cartagena", "farc_active") == 1
    d = t.decision()
    assert d is not None and d.seat == GOVT  # FARC's Operation (with its SA) is over


def test_aa_4_2_1_air_lift_first_keeps_the_only_assault_target_or_makes_one() -> None:
    """AA 3.1, 4.1, 4.2.1: the only Assault target is Vichada (1 Troop, an exposed FARC
    Guerrilla); an Air Lift first may take that Troop away only to a space it makes a
    target (answered from the rules, not searched: AA-I-16), and may lift any Troops from
    elsewhere anywhere."""
    t = vichada_only_assault_target()
    t.play("sa:air_lift")
    anywhere = t.options()
    assert "from:vichada" in anywhere and "from:bogota" in anywhere
    t.play("from:vichada")
    assert t.options() == ["to:meta_west", "to:guaviare", "to:meta_east"]
    t.play("to:guaviare")
    assert t.options() == ["n:1"]
    t = vichada_only_assault_target()
    t.play("sa:air_lift", "from:bogota")
    assert len(t.options()) > 3 and "to:vichada" in t.options()
    t.play("to:vichada")
    assert t.options() == ["n:1", "n:2", "n:3"]


def test_aa_4_1_quick_lines_answer_as_the_search_does() -> None:
    """AA-I-16: wherever the rules answer a line of play without the search (Air Lift
    before an Assault or a Sweep, Bribe before a Rally, an Attack or a Terror, Extort before
    a Rally, a March or an Attack:
    operations.quick_lines), their answer is the search's. Every answer given while random
    games are played through the engine (offering an SA's steps, and within the searches
    for an SA offered first) is checked against the search run without them."""
    import importlib

    from services.andean_abyss.game import LINES
    from services.andean_abyss.operations import quick_lines
    from services.kernel import engine, rng
    from services.kernel.bots import random_choice
    from services.kernel.decisions import Decision, Option

    compared: dict[tuple[str, bool], int] = {}

    def checked(st: AAState, idx: int) -> Callable[[Decision, Option], bool | None] | None:
        quick = quick_lines(st, idx)
        if quick is None:
            return None

        def ok(d: Decision, o: Option) -> bool | None:
            answer = quick(d, o)
            if answer is not None:
                LINES.quick = None
                try:
                    searched = LINES.option_ok(st, idx, d, o)
                finally:
                    LINES.quick = checked
                assert answer == searched, (st.stack[idx].vars["op"], d.kind, o.id)
                key = (st.stack[idx].vars["op"], answer)
                compared[key] = compared.get(key, 0) + 1
            return answer

        return ok

    game = importlib.import_module("services.andean_abyss").GAME
    LINES.quick = checked
    LINES.found.clear()
    LINES.answers.clear()
    try:
        for seed in range(60):
            r = rng.seeded(seed, stream=7)
            step = engine.setup(game, 4, {}, seed)
            while step.outcome is None:
                waiting = step.waiting()
                d = waiting[rng.randbelow(r, len(waiting))]
                step = engine.act(game, step.state, d.seat, random_choice(d, r))
    finally:
        LINES.quick = quick_lines
        LINES.found.clear()
        LINES.answers.clear()
    for op in ("assault", "attack", "terror", "rally"):
        assert compared.get((op, True), 0) > 0 and compared.get((op, False), 0) > 0, sorted(
            compared.items())
