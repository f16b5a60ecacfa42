"""The decision stack (services/kernel/flow.py): registration, dispatch, results, guards."""

from __future__ import annotations

import pytest

from services.kernel import flow, rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, options_from
from services.kernel.errors import RulesBug
from services.kernel.flow import Flow, Proc, pop, push
from services.kernel.state import Frame, KernelState


class S(KernelState, kw_only=True):
    total: int = 0
    log: list[str] = []


def new_state() -> S:
    return S(seats=1, seed=0, rng=rng.seeded(0))


class Count(Proc[S]):
    """Adds 1 per step until `n` steps, then hands its count to the parent."""

    name = "count"

    def step(self, ctx: Ctx, st: S, fr: Frame) -> None:
        fr.vars["i"] = fr.vars.get("i", 0) + 1
        st.log.append(f"count{fr.vars['i']}")
        if fr.vars["i"] >= fr.vars["n"]:
            pop(st, counted=fr.vars["i"])


class Parent(Proc[S]):
    name = "parent"

    def step(self, ctx: Ctx, st: S, fr: Frame) -> None:
        if "counted" in fr.vars:
            st.total = fr.vars["counted"]
            pop(st)
        else:
            push(st, "count", n=3)


class Ask(Proc[S]):
    name = "ask"

    def decisions(self, st: S, fr: Frame) -> list[Decision]:
        return [Decision("d0.0", 0, "ask", "Yes or no?", options_from(["yes", "no"]))]

    def choose(self, ctx: Ctx, st: S, fr: Frame, d: Decision, c: Choice) -> None:
        st.log.append(str(c.option_id))
        pop(st)


class Stuck(Proc[S]):
    name = "stuck"

    def step(self, ctx: Ctx, st: S, fr: Frame) -> None:
        st.log[:] = []  # changes nothing on the stack


def test_duplicate_or_missing_proc_names_are_rejected() -> None:
    with pytest.raises(ValueError):
        Flow([Count(), Count()])

    class Nameless(Proc[S]):
        pass

    with pytest.raises(ValueError):
        Flow([Nameless()])


def test_unknown_proc_is_a_rules_bug() -> None:
    f, st = Flow([Count()]), new_state()
    push(st, "nowhere")
    with pytest.raises(RulesBug):
        f.advance(Ctx(), st)
    with pytest.raises(RulesBug):
        f.decisions(st)


def test_runaway_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(flow, "STEP_GUARD", 1_000)  # the default 100 000 takes seconds
    f, st = Flow([Stuck()]), new_state()
    push(st, "stuck")
    with pytest.raises(RulesBug, match="runaway"):
        f.advance(Ctx(), st)


def test_runaway_guard_counts_automatic_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    # The guard spends one iteration noticing the empty stack, so a flow that ends on
    # exactly the STEP_GUARD-th step is also reported (harmless at 100 000).
    monkeypatch.setattr(flow, "STEP_GUARD", 5)
    f = Flow([Count()])
    st = new_state()
    push(st, "count", n=4)
    f.advance(Ctx(), st)
    assert st.stack == [] and len(st.log) == 4
    st = new_state()
    push(st, "count", n=6)
    with pytest.raises(RulesBug):
        f.advance(Ctx(), st)


def test_child_result_merges_into_parent() -> None:
    f, st = Flow([Parent(), Count()]), new_state()
    push(st, "parent")
    f.advance(Ctx(), st)
    assert st.total == 3 and st.stack == []
    assert st.log == ["count1", "count2", "count3"]


def test_advance_stops_at_a_decision_and_choose_dispatches_to_the_top() -> None:
    f, st = Flow([Parent(), Count(), Ask()]), new_state()
    push(st, "parent")
    push(st, "ask")
    f.advance(Ctx(), st)
    assert [fr.proc for fr in st.stack] == ["parent", "ask"]
    [d] = f.decisions(st)
    f.choose(Ctx(), st, d, Choice(d.id, option_id="no"))
    assert [fr.proc for fr in st.stack] == ["parent"]
    f.advance(Ctx(), st)
    assert st.log == ["no", "count1", "count2", "count3"] and st.total == 3


def test_empty_stack() -> None:
    f, st = Flow([Ask()]), new_state()
    assert f.top(st) is None and f.decisions(st) == []
    f.advance(Ctx(), st)
    with pytest.raises(RulesBug):
        f.choose(Ctx(), st, Decision("d0.0", 0, "ask", ""), Choice("d0.0", option_id="yes"))


def test_default_proc_hooks_are_rules_bugs() -> None:
    f, st = Flow([Count(), Ask()]), new_state()
    push(st, "count", n=1)
    d = Decision("d0.0", 0, "ask", "")
    with pytest.raises(RulesBug):
        f.choose(Ctx(), st, d, Choice("d0.0", option_id="yes"))
    st = new_state()
    push(st, "ask")
    with pytest.raises(RulesBug):
        Ask().step(Ctx(), st, st.stack[-1])


def test_goto_replaces_the_top_frame() -> None:
    st = new_state()
    push(st, "parent", a=1)
    push(st, "count", n=2)
    flow.goto(st, "ask", b=2)
    assert [(fr.proc, fr.vars) for fr in st.stack] == [("parent", {"a": 1}), ("ask", {"b": 2})]


def test_pop_without_result_leaves_parent_vars() -> None:
    st = new_state()
    push(st, "parent", a=1)
    push(st, "count")
    pop(st)
    assert st.stack[-1].vars == {"a": 1}
    pop(st, ignored=1)  # popping the last frame with a result has no parent to merge into
    assert st.stack == []
