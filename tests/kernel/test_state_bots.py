"""The kernel's StateBot hook (docs/decisions/0012): a Suggest policy that decides from a
private copy of the state gets the bot's PRNG (`bot_rng`), never the game's, and the seed
zeroed; the game conceals what the seat may not know first; a policy's choice that is not
offered is a bug, never applied; the policy is listed with the others. Its `first_decision`
hook picks which of the seat's pending decisions a bot playing the seat answers when none is
named (`suggest` without one, `play_bots`), on its own concealed copy too."""

from __future__ import annotations

from typing import Any

import pytest

from services.kernel import codec, engine
from services.kernel.bots import StateBot, bot_rng
from services.kernel.decisions import Choice, Decision
from services.kernel.errors import RulesBug
from tests.kernel.toy_sealed import Guess, GuessState


class Peek(StateBot):
    """Takes the last option (the lowest amount); keeps what it was handed, and scribbles
    on its copy."""

    def __init__(self) -> None:
        self.seen: list[GuessState] = []

    def choose_from_state(self, st: Any, decision: Decision) -> Choice:
        self.seen.append(codec.decode(codec.encode(st), GuessState))
        st.tokens[0] = 99  # its own copy: the table's state never sees it
        if not decision.options and decision.amount is not None:
            return Choice(decision.id, amount=decision.amount.min)
        return Choice(decision.id, option_id=decision.options[-1].id)


class Wrong(StateBot):
    def choose_from_state(self, st: Any, decision: Decision) -> Choice:
        return Choice(decision.id, option_id="n:7")


class Giver(Peek):
    """Gives a token first (an optional decision) while its seat holds exactly 2."""

    def __init__(self) -> None:
        super().__init__()
        self.handed: list[GuessState] = []

    def first_decision(self, st: Any, seat: int, decisions: list[Decision]) -> Decision | None:
        self.handed.append(codec.decode(codec.encode(st), GuessState))
        st.tokens[seat] = 0  # its own copy
        if self.handed[-1].tokens[seat] != 2:
            return None
        return next(d for d in decisions if d.optional)


class Astray(Peek):
    def first_decision(self, st: Any, seat: int, decisions: list[Decision]) -> Decision | None:
        return Decision("d999.9", seat, "guess.give", "Give a token.", optional=True)


class Concealing(Guess):
    policies = {"peek": Peek, "wrong": Wrong, "giver": Giver, "astray": Astray}

    def conceal(self, st: GuessState, seat: int) -> None:
        st.points = [seat] * st.seats  # stands for hiding what the seat may not know


GAME = Concealing()


def test_state_bot_gets_the_bot_prng_and_a_concealed_copy() -> None:
    step = engine.setup(GAME, 3, {}, 5)
    d = next(d for d in step.waiting() if d.seat == 1)
    c = engine.suggest(GAME, step.state, 1, d.id, "peek", bot_seed=42)
    assert c == Choice(d.id, option_id=d.options[-1].id)
    bot = GAME.bots["peek"]
    assert isinstance(bot, Peek)
    st = bot.seen[-1]
    real = codec.decode(step.state, GuessState)
    assert st.rng == bot_rng(42, d.id, str(real.serial)) and st.rng != real.rng
    assert st.seed == 0 and st.points == [1, 1, 1]
    assert codec.decode(step.state, GuessState).tokens == real.tokens  # stored state intact
    again = engine.suggest(GAME, step.state, 1, d.id, "peek", bot_seed=42)
    assert again == c and bot.seen[-1] == st  # reproducible


def test_state_bot_choice_not_offered_is_a_bug() -> None:
    step = engine.setup(GAME, 2, {}, 5)
    d = step.waiting()[0]
    with pytest.raises(RulesBug):
        engine.suggest(GAME, step.state, d.seat, d.id, "wrong", bot_seed=1)


def test_state_bot_policies_listed_and_played_by_play_bots() -> None:
    assert sorted(GAME.bots) == ["astray", "giver", "peek", "random", "wrong"]
    step = engine.setup(GAME, 2, {}, 3)
    run = engine.play_bots(GAME, step.state, [0, 1], "peek", bot_seed=9, max_steps=5)
    assert len(run.moves) == 5


def test_state_bot_first_decision_answered_by_suggest_without_a_decision() -> None:
    """`suggest` with no decision id: the hook's optional give, on a concealed copy with the
    bot's PRNG; the stored state untouched; without the hook the first required one."""
    step = engine.setup(GAME, 3, {}, 5)
    mine = [d for d in step.decisions if d.seat == 1]
    give = next(d for d in mine if d.optional)
    required = next(d for d in mine if not d.optional)
    c = engine.suggest(GAME, step.state, 1, "", "giver", bot_seed=42)
    assert c == Choice(give.id, option_id=give.options[-1].id)
    bot = GAME.bots["giver"]
    assert isinstance(bot, Giver)
    st, real = bot.handed[-1], codec.decode(step.state, GuessState)
    assert st.rng == bot_rng(42, "first:1", str(real.serial)) and st.seed == 0
    assert st.points == [1, 1, 1] and st.tokens == real.tokens == [2, 2, 2]
    assert engine.suggest(GAME, step.state, 1, "", "peek", bot_seed=42).decision_id == \
        required.id


def test_state_bot_first_decision_played_by_play_bots() -> None:
    """`play_bots`: seat 0 gives first while it holds 2 tokens (the hook; seat 1 then holds 3),
    then the required decisions as before; the random bot never takes an optional one."""
    step = engine.setup(GAME, 2, {}, 3)
    run = engine.play_bots(GAME, step.state, [0, 1], "giver", bot_seed=9, max_steps=4)
    gives = [m for m in run.moves if m.choice.decision_id.startswith("t")]
    assert len(run.moves) == 4 and gives == run.moves[:1] and gives[0].seat == 0
    assert codec.decode(gives[0].step.state, GuessState).tokens == [1, 3]
    plain = engine.play_bots(GAME, step.state, [0, 1], "random", bot_seed=9, max_steps=4)
    assert not any(m.choice.decision_id.startswith("t") for m in plain.moves)


def test_state_bot_first_decision_when_a_persons_clock_runs_out() -> None:
    """`play_bots` with the timed-out decision named: the hook's give for that person's seat
    first, then the seat's required decision in its place, and nothing for the other person;
    without the hook exactly the named decision, as before."""
    step = engine.setup(GAME, 2, {}, 3)
    due = next(d for d in step.decisions if d.seat == 0 and not d.optional)
    run = engine.play_bots(GAME, step.state, [], "giver", bot_seed=9, first_decision_id=due.id)
    assert [m.seat for m in run.moves] == [0, 0]
    give, answer = (m.choice.decision_id for m in run.moves)
    assert give.startswith("t") and not answer.startswith("t")
    assert [d.id for d in run.moves[0].step.decisions if d.seat == 0 and not d.optional] == [
        answer]
    assert all(d.seat == 1 for d in run.final.decisions if not d.optional)
    plain = engine.play_bots(GAME, step.state, [], "peek", bot_seed=9, first_decision_id=due.id)
    assert [m.choice.decision_id for m in plain.moves] == [due.id]


def test_state_bot_first_decision_not_pending_is_a_bug() -> None:
    step = engine.setup(GAME, 2, {}, 5)
    with pytest.raises(RulesBug):
        engine.suggest(GAME, step.state, 0, "", "astray", bot_seed=1)
    with pytest.raises(RulesBug):
        engine.play_bots(GAME, step.state, [0], "astray", bot_seed=1)
