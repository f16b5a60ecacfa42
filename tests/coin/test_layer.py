"""services/coin's piece procs, every-space free Operations, Support-phase steps, flags and the
hooks Cuba Libre needs, on the toy game (tests/coin/toy.py): each hook exercised before a real
game relies on it."""

from __future__ import annotations

from typing import Any

from services.coin import effects as fx
from services.coin import flags
from services.coin import piece_procs as pp
from services.coin.every_space import push_every
from services.coin.operations import OperationProc, op_frame
from services.coin.own_removal import OwnRemovals
from services.coin.propaganda import begin_round
from services.coin.sa_lines import Lines
from services.coin.sequence import CardProc, DeckProc
from services.coin.transfers import ResourceTransfers
from services.coin.words import Words
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option
from services.kernel.flow import Flow, Frame, Proc, pop, push

from .test_coin import options, play, seat
from .toy import (
    BLUE_A,
    BLUE_BASE,
    BLUE_U,
    BOARD,
    CASINO,
    CLOSED,
    CUBE,
    FLOW,
    GREEN_A,
    GREEN_U,
    NAMES,
    PIECE_RULES,
    RULES,
    SPACES,
    TABLE,
    WORDS,
    Act,
    Boost,
    BoostProc,
    EventProc,
    ToyState,
    toy,
)

NORTH, SOUTH = 0, 1


def table(cubes: int = 0, blue_u: int = 0, blue_a: int = 0, green_u: int = 0,
          casino: int = 0, space: int = NORTH) -> ToyState:
    st = toy([1, 2, 3])
    for kind, n in ((CUBE, cubes), (BLUE_U, blue_u), (BLUE_A, blue_a), (GREEN_U, green_u),
                    (CASINO, casino)):
        TABLE.place(st, space, kind, n)
    return st


def run(st: ToyState, proc: str, **vars: Any) -> None:
    push(st, proc, **vars)
    FLOW.advance(Ctx(), st)


def test_remove_obligation_to_the_maximum() -> None:
    """§1.4.1 step 5: once a faction is targeted, "done" only when none of its pieces can
    still be taken; the decision goes to `who`, one piece at a time."""
    st = table(blue_u=1, blue_a=1, green_u=1)
    pp.push_remove(BOARD, st, NORTH, 0, 3, "any")
    FLOW.advance(Ctx(), st)
    assert seat(st) == 0
    assert options(st) == ["piece:blue_u", "piece:blue_a", "piece:green_u", "done"]
    play(st, "piece:blue_a")
    assert options(st) == ["piece:blue_u", "piece:green_u"]  # Blue targeted: no "done"
    play(st, "piece:blue_u")
    assert options(st) == ["piece:green_u", "done"]
    play(st, "done")
    assert TABLE.of_faction(st, NORTH, 1) == 0 and TABLE.available(st, BLUE_U) == 4
    assert st.log == ["before blue_a 1", "after blue_a 0", "before blue_u 1", "after blue_u 0"]


def test_casino_closed_instead_of_removed_and_not_replaced() -> None:
    """CL 1.4.5 shape (`instead_of_removal`): another faction's removal closes the Casino; a
    replacement follows only a piece that left the map."""
    st = table(casino=1, blue_u=1)
    pp.push_pieces(BOARD, st, NORTH, (CASINO, BLUE_U), 2, "replace", 0, by_kinds=(CUBE,))
    FLOW.advance(Ctx(), st)
    play(st, "piece:casino")
    assert TABLE.count(st, NORTH, CLOSED) == 1 and TABLE.count(st, NORTH, CASINO) == 0
    assert options(st) == ["piece:blue_u"]  # no "replace with" after the closing
    play(st, "piece:blue_u")
    assert options(st) == ["by:cube"]
    play(st, "by:cube")
    assert TABLE.count(st, NORTH, CUBE) == 1 and TABLE.of_faction(st, NORTH, 1) == 0


def test_activate_underground_only_targeted_to_the_full() -> None:
    """§3.2 Sweep, §3.1 and §1.4.1 step 5: the activator chooses which factions it targets
    ("done" before the first Activation); a targeted one is Activated as far as the count
    allows: no "done" while it has an Underground Guerrilla there."""
    st = table(blue_u=1, blue_a=1, green_u=2)
    pp.push_activate(BOARD, st, NORTH, 3)
    FLOW.advance(Ctx(), st)
    assert seat(st) == 0 and options(st) == ["piece:blue_u", "piece:green_u", "done"]
    play(st, "piece:green_u")
    assert options(st) == ["piece:blue_u", "piece:green_u"]  # Green targeted, 1 left
    play(st, "piece:green_u")
    assert options(st) == ["piece:blue_u", "done"]
    play(st, "done")
    assert TABLE.count(st, NORTH, GREEN_A) == 2 and TABLE.count(st, NORTH, BLUE_U) == 1
    assert seat(st) == 0 and options(st)[0] == "pass"  # back to the card


def test_activate_an_events_faction_to_the_full() -> None:
    """§1.4.1 step 5: an Event's Activation of one faction (`only`) targets it from the
    start: no "done" while it has an Underground Guerrilla there and the count lasts."""
    st = table(blue_u=2, green_u=2)
    pp.push_activate(BOARD, st, NORTH, 2, only=1)
    FLOW.advance(Ctx(), st)
    assert options(st) == ["piece:blue_u"]
    play(st, "piece:blue_u", "piece:blue_u")
    assert TABLE.count(st, NORTH, BLUE_U) == 0 and TABLE.count(st, NORTH, GREEN_U) == 2


def test_pieces_move_each_once_and_hide() -> None:
    """§5.1 each piece moves once; `hide_moved` makes a Guerrilla arrive Underground."""
    st = table(blue_a=2)
    TABLE.place(st, SOUTH, BLUE_U)
    pp.push_pieces(BOARD, st, -1, (BLUE_U, BLUE_A), 2, "move", 1, stop=True, hide_moved=True)
    FLOW.advance(Ctx(), st)
    assert options(st) == ["piece:north:blue_a", "piece:south:blue_u", "done"]
    play(st, "piece:north:blue_a", "to:south")
    assert TABLE.count(st, SOUTH, BLUE_U) == 2
    # the one that arrived may not move again: only the South piece that was there
    assert options(st) == ["piece:north:blue_a", "piece:south:blue_u", "done"]
    play(st, "piece:south:blue_u", "to:north")
    assert TABLE.count(st, NORTH, BLUE_U) == 1 and TABLE.count(st, SOUTH, BLUE_U) == 1


def test_place_with_own_piece_reclaim() -> None:
    """§1.4.1: with none Available, the faction may take its own piece back from elsewhere to
    place it; stacking (1 Base) is kept."""
    st = table()
    st.avail[BLUE_BASE] = 0
    TABLE.place(st, SOUTH, BLUE_U)
    st.avail[BLUE_BASE] = 1
    TABLE.place(st, SOUTH, BLUE_BASE)
    assert not BOARD.can_place(st, SOUTH, BLUE_BASE) and BOARD.can_place(st, NORTH, BLUE_BASE)
    pp.push_place(BOARD, st, NORTH, (BLUE_BASE,), 1, 1)
    FLOW.advance(Ctx(), st)
    assert options(st) == ["reclaim:south:blue_base", "done"]
    play(st, "reclaim:south:blue_base")
    assert TABLE.count(st, NORTH, BLUE_BASE) == 1 and TABLE.count(st, SOUTH, BLUE_BASE) == 0


def test_place_reclaims_a_guerrilla_underground_or_active() -> None:
    """§1.4.1 (CL 1.4.1's example: a hidden or revealed Guerrilla): with no Guerrilla
    Available, the faction may take back an Underground or an Active one to place it; it is
    placed Underground."""
    st = table()
    st.avail[BLUE_U] = 2
    TABLE.place(st, SOUTH, BLUE_U)
    TABLE.place(st, SOUTH, BLUE_U)
    TABLE.flip_to(st, SOUTH, BLUE_A)
    assert st.avail[BLUE_U] == 0
    pp.push_place(BOARD, st, NORTH, (BLUE_U,), 1, 1)
    FLOW.advance(Ctx(), st)
    assert options(st) == ["reclaim:south:blue_u", "reclaim:south:blue_a", "done"]
    play(st, "reclaim:south:blue_a")
    assert TABLE.count(st, NORTH, BLUE_U) == 1 and TABLE.count(st, SOUTH, BLUE_A) == 0
    assert TABLE.count(st, SOUTH, BLUE_U) == 1


def test_stacking_groups_counted_apart() -> None:
    """CL 1.4.2 shape: 1 Base and, apart, 2 Casinos (open or closed) per space."""
    st = table(casino=1)
    TABLE.place(st, NORTH, BLUE_BASE)
    assert not BOARD.can_place(st, NORTH, BLUE_BASE) and BOARD.can_place(st, NORTH, CASINO)
    TABLE.place(st, NORTH, CASINO)
    assert not BOARD.can_place(st, NORTH, CASINO) and BOARD.can_place(st, NORTH, GREEN_U)


def test_every_space_free_operation_may_stop() -> None:
    """§5.1 "in every space where possible": each space once, the executor choosing; "done"
    only where the text says "may"."""
    st = table(blue_u=1)
    TABLE.place(st, SOUTH, BLUE_U)
    push_every(BOARD, st, 1, ("act",), among=None)
    FLOW.advance(Ctx(), st)
    assert seat(st) == 1 and options(st) == ["act:north", "act:south"]
    play(st, "act:south", "act:north")
    assert st.log == ["free act in south by blue", "free act in north by blue"]
    push_every(BOARD, st, 1, ("act",), among=[NORTH], may=True)
    FLOW.advance(Ctx(), st)
    assert options(st) == ["act:north", "done"]


def test_support_steps_paid_by_the_layer() -> None:
    """CL 6.3.2 shape: a step costs Resources per space; unaffordable spaces are not offered."""
    st = table(cubes=1)
    st.resources[0] = 5
    run(st, "toy.civic")
    assert options(st) == ["space:north", "done"]
    play(st, "space:north", "space:north")
    assert st.support[NORTH] == 2 and st.resources[0] == 1
    assert options(st)[0] == "pass"  # at Active Support, then too poor: the step ended


def test_capability_and_momentum_flags() -> None:
    """§5.3-5.4: a Capability stays; Momentum ends at Reset."""
    st = table()
    ctx = Ctx()
    flags.capability(BOARD, 3, "unshaded").run(ctx, st, {})
    flags.momentum(BOARD, 1, lambda s, v: s.log.append("by " + NAMES[v["f"]])).run(
        ctx, st, {"f": 2})
    assert flags.has_cap(st, 3) and flags.has_mom(st, 1) and st.log == ["by green"]
    flags.end_momentum(st)
    assert flags.has_cap(st, 3) and not flags.has_mom(st, 1)


def test_ineligible_next_and_free_op() -> None:
    """§2.3.7 an Event makes a faction Ineligible for the next card; §5.5 a free Operation."""
    st = table()
    fx.ineligible_next(2).run(Ctx(), st, {})
    assert st.set_ineligible == [2]
    begun: list[tuple[Any, ...]] = []
    fx.free_op(lambda *a, **kw: begun.append((*a[1:], kw)), None, "act").run(Ctx(), st, {"f": 1})
    assert begun == [(1, "act", False, True, {"sa_ok": False})]


def test_next_card_hook() -> None:
    """CL 2.3.8 shape: the game decides which card comes next (here: the bottom one)."""
    def bottom(ctx: Ctx, st: Any) -> None:
        st.played.append(st.deck.pop(0))

    flow: Flow[Any] = Flow([DeckProc(RULES, bottom), CardProc(RULES), EventProc()])
    st = toy([1, 2, 3])
    st.stack = []
    push(st, "coin.deck", ph="next")
    flow.advance(Ctx(), st)
    assert st.played == [1, 3] and st.deck == [2]


def test_limop_sa_policy_hook() -> None:
    """CL card 10 shaded / 7.3 shape: a game lets a LimOp take a Special Activity."""
    op = OperationProc([Act(f) for f in range(3)], [Boost(f) for f in range(3)], SPACES, NAMES,
                       WORDS)
    flow: Flow[Any] = Flow([op, BoostProc()])
    st = table()
    st.stack = []
    push(st, "coin.op", **op_frame(0, "act", True, False))
    flow.advance(Ctx(), st)
    assert flow.decisions(st)[0].option_ids() == ["space:north", "space:south"]
    op.lim_sa_ok = lambda st, v: v["f"] == 0
    assert flow.decisions(st)[0].option_ids() == ["space:north", "space:south", "sa:boost"]


def test_affordable_with_sa_proceeds() -> None:
    """CL-R-09: a space beyond the faction's Resources is affordable once a committed SA's
    guaranteed proceeds come in."""
    from .toy import OPERATION
    st = table()
    st.resources[0] = 0
    v = op_frame(0, "act", False, False)
    assert OPERATION.affordable(st, v) == [] and OPERATION.affordable(st, v, gain=1) == [0, 1]


def test_begin_round_after_another_propaganda_card() -> None:
    """§6.0 / CL 6.0: a Propaganda card right after another brings no Round; the final one
    then ends the game at once."""
    st = table()
    st.stack, st.played, st.prop_played = [], [9, 9], 3
    begin_round(Ctx(), st, "toy", lambda c: c == 9, 3)
    assert st.over == 3 and st.stack == []
    st.played, st.over, st.prop_played = [1, 9], 0, 1
    begin_round(Ctx(), st, "toy", lambda c: c == 9, 3)
    assert st.over == 0 and [f.proc for f in st.stack] == ["coin.propaganda"]


class WindowTransfers(ResourceTransfers[ToyState]):
    """CL 1.5.1 shape: Resources change hands only while the giver or receiver executes."""

    def receivers_now(self, st: ToyState, giver: int) -> tuple[int, ...]:
        return tuple(r for r in super().receivers_now(st, giver)
                     if giver in st.acted or r in st.acted)


def test_standing_resource_transfers_and_window() -> None:
    """§1.5.1: one standing optional decision per giver, `t<serial>.<giver>`, an option per
    receiver (another player's faction) and amount; the receiver's track stops at its top;
    a game may limit the window; a stored per-pair choice is read as today's option."""
    st = table()
    st.resources = [3, 9, 0]
    t = ResourceTransfers(BOARD, 10)
    (d,) = t.decisions(st, 0, str(st.serial))
    assert d.id == "t0.0" and d.optional and d.kind == "toy.give_resources"
    assert d.amount is None and d.option_ids() == [
        "give:blue:1", "give:blue:2", "give:blue:3", "give:green:1", "give:green:2",
        "give:green:3"]
    assert d.options[0].label == "Give 1 Resource to the Blue"
    assert d.options[0].args == {"action": "give", "faction": "blue", "amount": "1"}
    assert d.prompt == "Red: give Resources (optional, to another player's faction, at any time)."
    assert t.decisions(st, 0, "1")[0].options is d.options  # made once
    assert t.decisions(st, 2, str(st.serial)) == []  # nothing to give
    ctx = Ctx()
    t.apply(ctx, st, d, Choice(d.id, "give:blue:3"))
    assert st.resources == [0, 10, 0]  # 2 of the 3 were lost at the top of the track
    assert ctx.events[-1].data == {"from": "red", "to": "blue", "amount": 3, "received": 1}
    assert ctx.events[-1].text == "The Red give 3 Resources to the Blue."
    assert t.legacy(Choice("t4.0.2", amount=2)) == Choice("t4.0", "give:green:2")
    assert t.legacy(Choice("t4.0.3", amount=2)) is None  # no such faction
    assert t.legacy(Choice("t4.0", amount=2)) is None
    assert t.legacy(Choice("t4.0.1", "give:blue:2")) is None
    assert t.legacy(Choice("d4.0.1", amount=2)) is None
    st.seat_of = [0, 0, 2]  # Red and Blue one player: no gift between them
    w = WindowTransfers(BOARD, 10)
    assert w.decisions(st, 1, "5") == []  # nobody is executing
    st.acted = [2]
    (d,) = w.decisions(st, 1, "5")
    assert d.id == "t5.1" and {o.args["faction"] for o in d.options} == {"green"}


def test_own_pieces_removed_at_any_step_of_own_execution() -> None:
    """CL 1.4.1 / CL-R-04: while it executes, a faction may remove its own pieces (a standing
    optional decision of its seat); the removal goes through the game's hooks."""
    st = table(blue_u=1, casino=1)
    own = OwnRemovals(PIECE_RULES)
    assert own.decisions(st) == []  # nobody executes: the card's decision is up
    push(st, "coin.op", **op_frame(2, "act", False, False))
    (d,) = own.decisions(st)
    assert d.id == f"o{st.serial}.2" and d.seat == 2 and d.optional
    assert d.option_ids() == ["own:north:casino"]
    own.apply(Ctx(), st, d, Choice(d.id, "own:north:casino"))
    assert TABLE.count(st, NORTH, CASINO) == 0 and TABLE.available(st, CASINO) == 2


class Levy(Boost):
    """A toy SA paid for in Resources: 1 or 2, said in one step (`toy.levy`)."""

    def __init__(self, f: int) -> None:
        super().__init__(f)
        self.name = "levy"

    def begin(self, ctx: Ctx, st: Any, op: dict[str, Any]) -> None:
        push(st, "toy.levy", f=op["f"])


class LevyProc(Proc[Any]):
    name = "toy.levy"

    def decisions(self, st: Any, fr: Frame) -> list[Decision]:
        f = fr.vars["f"]
        return [BOARD.decide(st, f, "toy.levy", "levy how much?",
                             [option(f"pay:{n}", f"Pay {n} for the levy", amount=str(n))
                              for n in (1, 2) if st.resources[f] >= n])]

    def choose(self, ctx: Ctx, st: Any, fr: Frame, d: Decision, c: Choice) -> None:
        st.resources[fr.vars["f"]] -= int((c.option_id or "").split(":")[1])
        pop(st, sa="levy")


def levy_first(resources: int) -> tuple[Flow[Any], Lines[Any], ToyState]:
    """Red's Act (1 Resource a space) with the levy begun before its first space."""
    words = Words(WORDS.factions, WORDS.spaces, WORDS.ops, {"levy": "Levy"}, WORDS.cards)
    op = OperationProc([Act(f) for f in range(3)], [Levy(f) for f in range(3)], SPACES, NAMES,
                       words)
    flow: Flow[Any] = Flow([op, LevyProc()])
    lines: Lines[Any] = Lines(flow, op)
    op.first_sa_ok = lines.first_sa_ok
    st = table()
    st.stack, st.resources = [], [resources, 0, 0]
    push(st, "coin.op", **op_frame(0, "act", False, False))
    flow.advance(Ctx(), st)
    flow.choose(Ctx(), st, flow.decisions(st)[0], Choice("", option_id="sa:levy"))
    flow.advance(Ctx(), st)
    return flow, lines, st


def test_sa_first_lines_and_none_left_after_a_transfer() -> None:
    """§3.1, 4.1 (AA-I-16, AA-I-17): an SA begun before its Operation's first space is offered
    only on lines that leave the Operation a space it can pay for; when the faction has
    given its Resources away (a standing §1.5.1 transfer) and no line is left, the SA's step
    offers its own options unfiltered and the Operation ends with no space."""
    flow, lines, st = levy_first(3)
    assert lines.keep(st, flow.decisions(st))[0].option_ids() == ["pay:1", "pay:2"]
    st.resources[0] = 2  # 1 given away: paying 2 would leave the Act nothing
    assert lines.keep(st, flow.decisions(st))[0].option_ids() == ["pay:1"]
    st.resources[0] = 1  # 2 given away: no line left
    (d,) = lines.keep(st, flow.decisions(st))
    assert d.option_ids() == ["pay:1"]
    flow.choose(Ctx(), st, d, Choice(d.id, option_id="pay:1"))
    flow.advance(Ctx(), st)
    assert st.stack == [] and st.resources == [0, 0, 0]
    assert not any("acts in" in line for line in st.log)
