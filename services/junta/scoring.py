"""JU 3 How to win, JU 13 the end: only the Swiss accounts count; tied players share the win;
straw men never win (JU 45.7)."""

from __future__ import annotations

from services.kernel.outcome import Outcome, ranked

from .families import name
from .money import total
from .state import JuntaState


def scores(st: JuntaState) -> list[int]:
    return [total(st.families[f].swiss) for f in range(st.seats)]


def outcome(st: JuntaState) -> Outcome:
    s = scores(st)
    best = max(s)
    winners = [name(st, f) for f in range(st.seats) if s[f] == best]
    return ranked(s, summary=f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} "
                  f"with {best} million in Switzerland.")
