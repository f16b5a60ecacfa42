"""PlayBots over real gRPC (issue 15 item 2): the bot seats' moves in one round trip are
exactly the Suggest and Act calls the gateway used to make one after another, bounded by
max_steps, stopping where a person must decide; bad input is refused and changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest
from tablero.v1 import common_pb2 as pb
from tablero.v1 import rules_pb2 as rp
from tablero.v1 import rules_pb2_grpc

from services.kernel import engine
from services.runtime.serve import start
from tests.duel import GAME

from ..kernel.drive import play_until
from .test_rules_service import error, game_state

BOT_SEED = 4242


@pytest.fixture
async def rules() -> AsyncIterator[rules_pb2_grpc.RulesStub]:
    server, port, _ = await start(GAME, port=0)
    ch = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    yield rules_pb2_grpc.RulesStub(ch)
    await ch.close()
    await server.stop(None)


def request(state: pb.GameState, bots: list[int], max_steps: int = 1000,
            first: str = "") -> rp.RulesPlayBotsRequest:
    return rp.RulesPlayBotsRequest(state=state, bot_seats=bots, policy="random",
                                   bot_seed=BOT_SEED, max_steps=max_steps,
                                   first_decision_id=first)


async def one_by_one(rules: rules_pb2_grpc.RulesStub, state: pb.GameState, bots: list[int],
                     first: str = "") -> tuple[list[rp.BotMove], pb.Transition | None]:
    """What the gateway did before PlayBots: Suggest then Act for the first decision a bot
    seat must make (`first` answered first), until none is left or the game ends."""
    moves: list[rp.BotMove] = []
    t: pb.Transition | None = None
    pending = (await rules.View(rp.RulesViewRequest(state=state, spectator=True))).pending
    while True:
        d = next((p for p in pending if (p.id == first if first and not moves else
                                         not p.optional and p.seat in bots)), None)
        if d is None:
            return moves, t
        choice = await rules.Suggest(rp.RulesSuggestRequest(
            state=state, seat=d.seat, decision_id=d.id, policy="random", bot_seed=BOT_SEED))
        t = await rules.Act(rp.RulesActRequest(state=state, seat=d.seat, choice=choice))
        moves.append(rp.BotMove(seat=d.seat, choice=choice, events=t.events,
                                state_hash=t.state_hash))
        state, pending = t.state, t.pending
        if t.outcome.finished:
            return moves, t


async def test_a_run_is_suggest_then_act_one_after_another_until_a_person_decides(
        rules: rules_pb2_grpc.RulesStub) -> None:
    start_state = game_state(play_until(engine.setup(GAME, 3, {}, 9), "duel.turn").state)
    run = await rules.PlayBots(request(start_state, [0, 2]))
    expected, last = await one_by_one(rules, start_state, [0, 2])
    assert len(run.moves) >= 1 and list(run.moves) == expected
    assert last is not None and run.final.state == last.state
    assert run.final.state_hash == last.state_hash and not run.final.events
    assert list(run.final.pending) == list(last.pending)
    assert {m.seat for m in run.moves} <= {0, 2}
    # It stopped where the person at seat 1 must decide, and no bot seat must.
    waiting = [p for p in run.final.pending if not p.optional]
    assert waiting and all(p.seat == 1 for p in waiting)


async def test_max_steps_bounds_a_run_and_runs_chain_to_the_end_of_the_game(
        rules: rules_pb2_grpc.RulesStub) -> None:
    state = game_state(engine.setup(GAME, 2, {"rounds": "3"}, 3).state)
    whole, last = await one_by_one(rules, state, [0, 1])
    assert last is not None and last.outcome.finished
    chained: list[rp.BotMove] = []
    final = None
    while final is None or not final.outcome.finished:
        run = await rules.PlayBots(request(state, [0, 1], max_steps=3))
        assert 1 <= len(run.moves) <= 3
        assert len(run.moves) == 3 or run.final.outcome.finished
        chained += run.moves
        final, state = run.final, run.final.state
    assert chained == whole and final.state_hash == last.state_hash
    assert final.outcome == last.outcome
    assert await error(rules.PlayBots(request(state, [0, 1]))) == (
        grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")


async def test_an_expired_clock_is_answered_first_by_a_bot_then_the_bots_play_on(
        rules: rules_pb2_grpc.RulesStub) -> None:
    state = game_state(engine.setup(GAME, 3, {}, 9).state)
    run = await rules.PlayBots(request(state, [1, 2]))
    person = next(p for p in run.final.pending if not p.optional and p.seat == 0)
    clock = await rules.PlayBots(request(run.final.state, [1, 2], first=person.id))
    expected, _ = await one_by_one(rules, run.final.state, [1, 2], first=person.id)
    assert clock.moves[0].seat == 0 and clock.moves[0].choice.decision_id == person.id
    assert list(clock.moves) == expected


async def test_no_bot_decision_is_an_empty_run_on_the_same_state(
        rules: rules_pb2_grpc.RulesStub) -> None:
    state = game_state(engine.setup(GAME, 3, {}, 9).state)
    run = await rules.PlayBots(request(state, [1, 2]))
    again = await rules.PlayBots(request(run.final.state, [1, 2]))
    assert not again.moves and again.final.state == run.final.state
    assert list(again.final.pending) == list(run.final.pending)


async def test_bad_requests_are_refused(rules: rules_pb2_grpc.RulesStub) -> None:
    state = game_state(engine.setup(GAME, 2, {}, 1).state)
    bad = grpc.StatusCode.INVALID_ARGUMENT, "BAD_REQUEST"
    for req in (request(state, [0], max_steps=0), request(state, [0], max_steps=1001),
                request(state, [2]), request(state, [-1]), request(state, [1, 1]),
                request(game_state(b"\x00junk"), [0])):
        assert await error(rules.PlayBots(req)) == bad, req
    assert await error(rules.PlayBots(rp.RulesPlayBotsRequest(bot_seats=[0], max_steps=1))) == (
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_STATE")
    assert await error(rules.PlayBots(request(state, [0], first="d999.9"))) == (
        grpc.StatusCode.FAILED_PRECONDITION, "STALE_DECISION")
