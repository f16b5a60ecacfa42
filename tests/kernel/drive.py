"""Small deterministic drivers for the Duel test game through the engine."""

from __future__ import annotations

from services.kernel import engine
from services.kernel.decisions import Choice, Decision
from tests.duel import GAME


def first_choice(d: Decision) -> Choice:
    """The first offered option, or the lowest amount."""
    if d.amount is not None:
        return Choice(d.id, amount=d.amount.min)
    return Choice(d.id, option_id=d.options[0].id)


def play_first(step: engine.Step) -> engine.Step:
    d = step.waiting()[0]
    return engine.act(GAME, step.state, d.seat, first_choice(d))


def play_until(step: engine.Step, kind: str, limit: int = 500) -> engine.Step:
    """Apply first choices until a decision of `kind` is pending."""
    for _ in range(limit):
        if any(d.kind == kind for d in step.waiting()):
            return step
        step = play_first(step)
    raise AssertionError(f"no {kind} decision within {limit} choices")


def play_to_end(step: engine.Step, limit: int = 500) -> engine.Step:
    for _ in range(limit):
        if step.outcome is not None:
            return step
        step = play_first(step)
    raise AssertionError("game did not end")
