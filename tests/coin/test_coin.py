"""services/coin on a toy game: §1.4 pieces, §1.6-1.7 support and control, §2 sequence of
play (eligibility, 1st/2nd Eligible options, Pass, the bonus LimOp hook), §3-4 the operation loop,
§6 the propaganda skeleton."""

from __future__ import annotations

from typing import Any

from services.coin import spaces as sp
from services.coin.propaganda import PropagandaProc
from services.coin.sequence import adjust_eligibility
from services.coin.spaces import ControlRule
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice
from services.kernel.flow import Flow, push

from .toy import FLOW, TABLE, ToyState, toy


def options(st: ToyState) -> list[str]:
    ds = FLOW.decisions(st)
    return ds[0].option_ids() if ds else []


def seat(st: ToyState) -> int:
    return FLOW.decisions(st)[0].seat


def play(st: ToyState, *ids: str) -> None:
    for i in ids:
        d = FLOW.decisions(st)[0]
        assert i in d.option_ids(), (i, d.option_ids())
        FLOW.choose(Ctx(), st, d, Choice(d.id, i))
        FLOW.advance(Ctx(), st)
        st.serial += 1


def test_pieces_place_remove_flip_replace() -> None:
    """§1.4.1: placement only from Available; removal returns; replace falls back to remove."""
    st = toy([1, 2])
    assert TABLE.place(st, 0, 1, 3) == 3 and TABLE.available(st, 1) == 1
    assert TABLE.place(st, 0, 1, 3) == 1 and TABLE.count(st, 0, 1) == 4
    assert TABLE.flip_to(st, 0, 2, 2) == 2 and TABLE.count(st, 0, 2) == 2
    TABLE.remove(st, 0, 2)  # an Active Guerrilla goes back to the one pool slot
    assert TABLE.available(st, 1) == 1 and TABLE.available(st, 2) == 1
    TABLE.place(st, 1, 0)
    assert TABLE.replace(st, 1, 0, 3) is True and TABLE.count(st, 1, 3) == 1
    st.avail[3] = 0
    TABLE.place(st, 1, 0)
    assert TABLE.replace(st, 1, 0, 3) is False and TABLE.count(st, 1, 0) == 0
    assert TABLE.of_faction(st, 0, 1) == 3 and TABLE.bases_in(st, 1) == 1


def test_support_shift_and_totals() -> None:
    """§1.6 / G.10: shifts stop at the ends; 0-Population spaces never move."""
    st = toy([1, 2])
    pop = [3, 0]
    assert sp.shift_support(st, pop, 0, sp.ACTIVE_SUPPORT, 5) == 2 and st.support[0] == 2
    assert sp.shift_support(st, pop, 1, sp.ACTIVE_SUPPORT) == 0 and st.support[1] == 0
    assert sp.total_support(st, pop) == 6 and sp.total_opposition(st, pop) == 0
    assert sp.set_support(st, pop, 0, sp.PASSIVE_OPPOSITION) and sp.total_opposition(st, pop) == 3
    assert not sp.can_shift(st, pop, 1, sp.ACTIVE_OPPOSITION)


def test_control_ties_and_weights() -> None:
    """§1.7: Control needs more than all others together; a weight-0 kind counts for nobody."""
    st = toy([1, 2])
    rule = ControlRule(TABLE, 3, controllers=(0, 1, 2), weight=(1, 1, 1, 0, 1, 1, 1, 0))
    TABLE.place(st, 0, 0, 2)
    TABLE.place(st, 0, 1, 2)
    assert rule.controller(st, 0) == sp.NO_CONTROL  # 2 vs 2
    TABLE.place(st, 0, 3)
    assert rule.controller(st, 0) == sp.NO_CONTROL  # the Base has weight 0 here
    TABLE.place(st, 0, 0)
    assert rule.controller(st, 0) == 0 and rule.outnumbers(st, 0, 0)
    assert sp.base_room(st, TABLE, 0) == 1


def test_adjust_eligibility_with_overrides() -> None:
    """§2.3.7: executors Ineligible, others Eligible, Event overrides last."""
    st = toy([1, 2])
    st.stack = []
    st.eligible = [False, True, True]
    st.acted, st.set_ineligible, st.set_eligible = [1], [2], [1]
    adjust_eligibility(st)
    assert st.eligible == [True, True, False] and st.acted == []
    st.acted, st.set_ineligible = [0, 1], []
    adjust_eligibility(st, executors_ineligible=False)  # AA 2.3.1 option B
    assert st.eligible == [True, True, True]


def test_first_and_second_eligible_options() -> None:
    """§2.3.4: Op only -> LimOp; Op + SA -> LimOp or Event; Event -> Op (with SA)."""
    st = toy([1, 2, 3])
    assert seat(st) == 0 and options(st) == ["pass", "event:unshaded", "op:act"]
    play(st, "op:act", "space:north", "done")
    assert options(st) == ["sa:boost", "done"]
    play(st, "done")
    assert seat(st) == 1 and options(st) == ["pass", "limop:act"]
    play(st, "limop:act", "space:south")
    # card 2 (green, blue, red): red and blue acted and are Ineligible; green alone
    assert st.played[-1] == 2 and st.eligible == [False, False, True]
    assert seat(st) == 2 and options(st) == ["pass", "event:unshaded", "op:act"]
    play(st, "op:act", "sa:boost", "space:north", "done")
    assert st.log[-2:] == ["boost", "green acts in north"]
    # card 3 (blue, red, green): everyone but green Eligible
    assert st.played[-1] == 3 and seat(st) == 1
    play(st, "event:unshaded")
    assert seat(st) == 0 and options(st) == ["pass", "op:act"]


def test_pass_reward_and_role_transfer() -> None:
    """§2.3.3: a pass earns Resources, keeps eligibility, and hands the role on; factions
    after the 2nd executor are not asked."""
    st = toy([1, 2])
    play(st, "pass")
    assert st.resources == [7, 5, 5] and seat(st) == 1
    assert options(st) == ["pass", "event:unshaded", "op:act"]  # still 1st Eligible
    play(st, "event:unshaded", "op:act", "space:north", "done", "done")
    assert st.played[-1] == 2 and st.eligible == [True, False, False]


def test_bonus_limop_hook_after_paid_op_without_sa() -> None:
    """§2.3.6 (AA Ship, CL free LimOp for Cash): after a paid Op without SA the game's bonus
    window opens; a token spent grants one free LimOp; not after an Op with an SA."""
    st = toy([1, 2, 3], resources=[5, 5, 5])
    st.tokens = [0, 0, 1]
    play(st, "op:act", "space:north", "done", "done")
    assert options(st) == ["token:0", "token:1", "decline"]
    play(st, "token:1", "limop:act", "space:south")
    assert st.tokens == [0, -1, 1] and st.resources[0] == 4  # the LimOp was free
    assert seat(st) == 1 and options(st) == ["pass", "limop:act"]
    play(st, "limop:act", "space:north")  # a LimOp has no SA: Blue may spend its token
    assert options(st) == ["token:2", "decline"]
    play(st, "decline")
    assert st.tokens == [0, -1, 1] and st.played[-1] == 2


def test_bonus_limop_hook_not_after_special_activity() -> None:
    """§2.3.6: an Operation with a Special Activity opens no bonus window."""
    st = toy([1, 2, 3], resources=[5, 5, 5])
    st.tokens = [0]
    play(st, "op:act", "space:north", "sa:boost", "done")
    assert seat(st) == 1 and "token:0" not in options(st)


def test_operation_needs_resources_per_space() -> None:
    """§3.1: a space is selectable only if the faction can pay for it."""
    st = toy([1, 2], resources=[1, 5, 5])
    play(st, "op:act", "space:north")
    assert options(st) == ["sa:boost", "done"] and st.resources[0] == 0


def test_propaganda_skeleton_runs_phases_in_order() -> None:
    """§6: phases run in order; a phase may stop the round."""
    seen: list[str] = []

    def mk(name: str, stop: bool = False) -> Any:
        def run(ctx: Ctx, st: Any, v: dict[str, Any]) -> None:
            seen.append(name)
            if stop:
                v["stop"] = True
        return (name, run)

    flow: Flow[Any] = Flow([PropagandaProc([mk("victory"), mk("resources", True), mk("x")])])
    st = ToyState(seats=1, seed=0, rng=toy([1, 2]).rng, seat_of=[0], pieces=[], avail=[],
                  support=[], resources=[], eligible=[])
    push(st, "coin.propaganda")
    flow.advance(Ctx(), st)
    assert seen == ["victory", "resources"] and st.stack == []
