"""The Rules servicer over real gRPC (services/runtime): a server on port 0 in the test loop."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import grpc
import pytest
from google.protobuf import json_format, struct_pb2
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from grpc_status import rpc_status
from tablero.v1 import common_pb2 as pb
from tablero.v1 import rules_pb2 as rp
from tablero.v1 import rules_pb2_grpc

from services.kernel import codec, engine
from services.kernel.decisions import Choice
from tests.duel import GAME

from ..kernel.drive import play_until
from .conftest import MAX_MESSAGE


@pytest.fixture
def rules(channel: grpc.aio.Channel) -> rules_pb2_grpc.RulesStub:
    return rules_pb2_grpc.RulesStub(channel)


def game_state(data: bytes, game: str = "duel", fmt: int = 1) -> pb.GameState:
    return pb.GameState(game=game, format_version=fmt, rules_version="1.0.0", data=data)


async def failure(call: object) -> tuple[grpc.StatusCode, str, str]:
    """The status code, ErrorInfo reason and message of a failing call."""
    with pytest.raises(grpc.aio.AioRpcError) as exc:
        await call  # type: ignore[misc]
    status = rpc_status.from_call(exc.value)
    assert status is not None
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    assert info.domain == "tablero.dev"
    return exc.value.code(), info.reason, exc.value.details() or ""


async def error(call: object) -> tuple[grpc.StatusCode, str]:
    """The status code and ErrorInfo reason of a failing call."""
    code, reason, _ = await failure(call)
    return code, reason


async def test_describe(rules: rules_pb2_grpc.RulesStub) -> None:
    info = await rules.Describe(rp.RulesDescribeRequest())
    assert (info.id, info.title) == ("duel", "Duel (test game)")
    assert (info.min_seats, info.max_seats) == (2, 4)
    assert (info.rules_version, info.format_version) == ("1.0.0", 1)
    assert info.view_type == "google.protobuf.Struct" and list(info.bot_policies) == ["random"]
    [opt] = info.options
    assert (opt.name, list(opt.values), opt.default_value) == ("rounds", ["3", "1", "5"], "3")


async def test_setup_transition(rules: rules_pb2_grpc.RulesStub) -> None:
    t = await rules.Setup(rp.RulesSetupRequest(seats=3, seed=7, options={"rounds": "1"}))
    local = engine.setup(GAME, 3, {"rounds": "1"}, 7)
    assert t.state == game_state(local.state) and t.state_hash == local.state_hash
    assert [(e.kind, e.visibility.public, list(e.visibility.seats)) for e in t.events] == [
        ("duel.dealt", False, [0]), ("duel.dealt", False, [1]), ("duel.dealt", False, [2]),
        ("duel.round", True, [])]
    assert list(t.events[1].data["cards"]) == codec.decode(local.state, GAME.state_type).hands[1]
    [p] = t.pending
    assert (p.id, p.seat, p.kind, p.optional) == ("d0.0", 0, "duel.stake", False)
    assert "options" not in p.DESCRIPTOR.fields_by_name and not t.outcome.finished


async def test_act_applies_a_choice(rules: rules_pb2_grpc.RulesStub) -> None:
    t = await rules.Setup(rp.RulesSetupRequest(seats=2, seed=1))
    nxt = await rules.Act(rp.RulesActRequest(
        state=t.state, seat=0, choice=pb.Choice(decision_id="d0.0", amount=2)))
    local = engine.act(GAME, t.state.data, 0, Choice("d0.0", amount=2))
    assert nxt.state.data == local.state and nxt.state_hash == local.state_hash
    assert [e.kind for e in nxt.events] == ["duel.stake"] and nxt.events[0].data["stake"] == 2
    assert [p.id for p in nxt.pending] == ["d1.0"]


async def test_setup_errors(rules: rules_pb2_grpc.RulesStub) -> None:
    bad = [rp.RulesSetupRequest(seats=1), rp.RulesSetupRequest(seats=2, options={"rounds": "9"})]
    for req in bad:
        assert await error(rules.Setup(req)) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_REQUEST")


async def test_act_errors_map_to_codes(rules: rules_pb2_grpc.RulesStub) -> None:
    t = await rules.Setup(rp.RulesSetupRequest(seats=2, seed=1))
    later = await rules.Act(rp.RulesActRequest(
        state=t.state, seat=0, choice=pb.Choice(decision_id="d0.0", amount=1)))
    ok_choice = pb.Choice(decision_id="d0.0", amount=1)
    invalid = (grpc.StatusCode.INVALID_ARGUMENT, "BAD_REQUEST")
    bad_state = (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_STATE")
    cases = [
        (rp.RulesActRequest(state=t.state, seat=0), invalid),
        (rp.RulesActRequest(state=t.state, seat=0, choice=pb.Choice(decision_id="d0.0")),
         invalid),
        (rp.RulesActRequest(state=t.state, seat=0, choice=pb.Choice(amount=1)), invalid),
        (rp.RulesActRequest(state=game_state(t.state.data, game="chess"), seat=0,
                            choice=ok_choice), bad_state),
        (rp.RulesActRequest(state=game_state(t.state.data, fmt=2), seat=0, choice=ok_choice),
         bad_state),
        (rp.RulesActRequest(state=game_state(b"\x93garbage"), seat=0, choice=ok_choice),
         invalid),
        (rp.RulesActRequest(state=game_state(b""), seat=0, choice=ok_choice), bad_state),
        (rp.RulesActRequest(state=later.state, seat=0, choice=ok_choice),
         (grpc.StatusCode.FAILED_PRECONDITION, "STALE_DECISION")),
        (rp.RulesActRequest(state=t.state, seat=0,
                            choice=pb.Choice(decision_id="d0.0", amount=4)),
         (grpc.StatusCode.FAILED_PRECONDITION, "ILLEGAL_CHOICE")),
        (rp.RulesActRequest(state=t.state, seat=0,
                            choice=pb.Choice(decision_id="d0.0", option_id="draw")),
         (grpc.StatusCode.FAILED_PRECONDITION, "ILLEGAL_CHOICE")),
        (rp.RulesActRequest(state=t.state, seat=1, choice=ok_choice),
         (grpc.StatusCode.PERMISSION_DENIED, "NOT_YOUR_SEAT")),
    ]
    for req, expected in cases:
        assert await error(rules.Act(req)) == expected, req


async def test_act_after_the_end_is_game_over(rules: rules_pb2_grpc.RulesStub) -> None:
    step = engine.setup(GAME, 2, {"rounds": "1"}, 3)
    while step.outcome is None:
        d = step.waiting()[0]
        step = engine.act(GAME, step.state, d.seat, engine.suggest(GAME, step.state, d.seat))
    req = rp.RulesActRequest(state=game_state(step.state), seat=0,
                             choice=pb.Choice(decision_id="d0.0", amount=1))
    assert await error(rules.Act(req)) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")


async def test_suggest_returns_an_offered_choice(rules: rules_pb2_grpc.RulesStub) -> None:
    step = play_until(engine.setup(GAME, 2, {}, 5), "duel.turn")
    d = step.waiting()[0]
    c = await rules.Suggest(rp.RulesSuggestRequest(state=game_state(step.state), seat=d.seat))
    assert c.decision_id == d.id and c.option_id in d.option_ids()
    again = await rules.Suggest(rp.RulesSuggestRequest(
        state=game_state(step.state), seat=d.seat, decision_id=d.id, policy="random"))
    assert again == c
    nope = rp.RulesSuggestRequest(state=game_state(step.state), seat=d.seat, policy="genius")
    assert await error(rules.Suggest(nope)) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_REQUEST")


def with_seed(data: bytes, seed: int) -> bytes:
    st = codec.decode(data, GAME.state_type)
    st.seed = seed
    return codec.encode(st)


async def test_suggest_depends_on_the_bot_seed_never_on_the_game_seed(
        rules: rules_pb2_grpc.RulesStub) -> None:
    """DESIGN §2: a bot decides from its seat's view and a bot seed that is not the game's
    seed, so its answers reveal nothing about the secret seed (deck order, dice)."""
    states = []
    for seed in range(12):
        step = engine.setup(GAME, 2, {}, seed)
        states.append(step.state)
        states.append(play_until(step, "duel.turn").state)
    by_bot_seed: dict[int, list[pb.Choice]] = {}
    for bot_seed in (11, 12):
        answers = []
        for data in states:
            asked = [await rules.Suggest(rp.RulesSuggestRequest(
                state=game_state(with_seed(data, game_seed)), seat=0, bot_seed=bot_seed))
                for game_seed in (1, 2**62, 12345)]
            assert asked[0] == asked[1] == asked[2]  # the game's seed changes nothing
            answers.append(asked[0])
        by_bot_seed[bot_seed] = answers
    assert by_bot_seed[11] != by_bot_seed[12]  # the bot seed is what varies the bot


def unpacked(sv: pb.SeatView) -> dict[str, Any]:
    s = struct_pb2.Struct()
    assert sv.view.Unpack(s)
    return {k: [int(x) for x in v] if isinstance(v, Iterable) and not isinstance(v, str)
            else v for k, v in json_format.MessageToDict(s).items()}


async def test_view_for_a_seat_and_a_spectator(rules: rules_pb2_grpc.RulesStub) -> None:
    t = await rules.Setup(rp.RulesSetupRequest(seats=2, seed=2))
    hands = codec.decode(t.state.data, GAME.state_type).hands
    mine = await rules.View(rp.RulesViewRequest(state=t.state, seat=0))
    spec = await rules.View(rp.RulesViewRequest(state=t.state, seat=0, spectator=True))
    assert mine.seat == 0 and [d.id for d in mine.decisions] == ["d0.0"]
    assert mine.decisions[0].amount.max == 3
    view = unpacked(mine)
    assert view["hand"] == sorted(hands[0])
    assert spec.seat == -1 and len(spec.decisions) == 0
    assert [p.id for p in spec.pending] == ["d0.0"]
    view = unpacked(spec)
    assert "hand" not in view and view["hand_sizes"] == [3, 3]
    bad = rp.RulesViewRequest(state=t.state, seat=2)
    assert await error(rules.View(bad)) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_REQUEST")


async def test_health_reports_serving(channel: grpc.aio.Channel) -> None:
    health = health_pb2_grpc.HealthStub(channel)
    for service in ("", "tablero.v1.Rules"):
        r = await health.Check(health_pb2.HealthCheckRequest(service=service))
        assert r.status == health_pb2.HealthCheckResponse.SERVING


async def test_reflection_lists_rules(channel: grpc.aio.Channel) -> None:
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    call = stub.ServerReflectionInfo()
    await call.write(reflection_pb2.ServerReflectionRequest(list_services=""))
    resp = await call.read()
    await call.done_writing()
    names = {s.name for s in resp.list_services_response.service}
    assert {"tablero.v1.Rules", "grpc.health.v1.Health"} <= names


async def test_oversized_request_is_resource_exhausted(rules: rules_pb2_grpc.RulesStub) -> None:
    req = rp.RulesActRequest(state=game_state(b"x" * (2 * MAX_MESSAGE)), seat=0,
                             choice=pb.Choice(decision_id="d0.0", amount=1))
    with pytest.raises(grpc.aio.AioRpcError) as exc:
        await rules.Act(req)
    assert exc.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
