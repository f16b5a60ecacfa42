"""The `coin_np` Suggest policy shared by the COIN games (docs/decisions/0012): a player's
own faction answered by the game's chapter-8 procedure, on the bot's private copy of the
state (kernel `StateBot`: the bot's PRNG, the seat's unknowns concealed by the game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.kernel.bots import StateBot, random_choice
from services.kernel.decisions import Choice, Decision

from .driver import Procedure
from .seats import np_seat


def faction_of(players: list[int], d: Decision, words: tuple[str, ...]) -> int:
    """The faction a seat's decision belongs to: the seat's only faction, else the one its
    prompt names ("<Faction>: ...", coin Board.decide; COIN 1.5 seats running two)."""
    if len(players) == 1:
        return players[0]
    return next((f for f in players if d.prompt.startswith(f"{words[f]}:")), players[0])


class NonPlayerPolicy(StateBot):
    """Chapter 8 for a player's faction: in the bot's copy the faction is made a Non-player
    (`mark`), so the 8.1 dry runs decide its own Event steps as they would for a Non-player,
    and the procedure chooses among the options offered to the seat. A faction without a
    procedure (`runs` false) and standing optional decisions (which a Non-player never
    takes, 8.1.2) get the kernel's random choice from the bot's PRNG, unless the game's
    `standing` act answers an optional one (CL 8.6.5, 8.7.6: the Pact of Caracas' Bases)."""

    def __init__(self, procedure: Procedure, words: tuple[str, ...],
                 runs: Callable[[int], bool], mark: Callable[[Any, int], None],
                 standing: Callable[[Any, Decision, int], Choice | None] | None = None) -> None:
        self.procedure = procedure
        self.words = words
        self.runs = runs
        self.mark = mark
        self.standing = standing

    def choose_from_state(self, st: Any, decision: Decision) -> Choice:
        f = faction_of(st.players[decision.seat], decision, self.words)
        if decision.optional and self.standing is not None and self.runs(f):
            c = self.standing(st, decision, f)
            if c is not None:
                return Choice(decision.id, option_id=c.option_id)
        if decision.optional or not self.runs(f):
            return random_choice(decision, st.rng)
        self.mark(st, f)
        nd = Decision(decision.id, np_seat(f), decision.kind, decision.prompt,
                      decision.options, decision.amount)
        c = self.procedure.choose(st, nd, f)
        return Choice(decision.id, option_id=c.option_id, amount=c.amount)

    def first_decision(self, st: Any, seat: int, decisions: list[Decision]) -> Decision | None:
        """A bot playing the seat takes the optional decision the game's `standing` act
        answers before the required ones, as a Non-player would at that moment (CL 8.6.5,
        8.7.6: the Pact's Base removals at the start of an execution)."""
        if self.standing is None:
            return None
        for d in decisions:
            f = faction_of(st.players[seat], d, self.words)
            if d.optional and self.runs(f) and self.standing(st, d, f) is not None:
                return d
        return None
