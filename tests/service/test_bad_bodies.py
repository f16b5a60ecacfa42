"""A rules service answers bad input with INVALID_ARGUMENT, never UNKNOWN or INTERNAL
(DESIGN §2 "Errors"): request bodies that do not parse, and states this game never
produced (bad UTF-8, values out of range). Real gRPC server on port 0, in the test loop."""

from __future__ import annotations

import grpc
import pytest
from prometheus_client import REGISTRY
from tablero.v1 import common_pb2 as pb
from tablero.v1 import rules_pb2 as rp

from services.kernel import codec, engine
from services.kernel.decisions import Choice
from tests.duel import GAME
from tests.duel.game import DuelState

from .test_rules_service import failure

RULES = rp.DESCRIPTOR.services_by_name["Rules"]


def raw(ch: grpc.aio.Channel, method: str, resp: type) -> grpc.aio.UnaryUnaryMultiCallable:
    return ch.unary_unary(f"/tablero.v1.Rules/{method}", response_deserializer=resp.FromString)


def counted(method: str, code: str) -> float:
    return REGISTRY.get_sample_value("tablero_rules_rpc_total",
                                     {"game": "duel", "method": method, "code": code}) or 0.0


async def test_a_body_that_does_not_parse_is_invalid_argument_on_every_rpc(
        channel: grpc.aio.Channel) -> None:
    for m in RULES.methods:
        before = counted(m.name, "INVALID_ARGUMENT")
        call = channel.unary_unary(f"/tablero.v1.Rules/{m.name}")(b"\xff\xff\xff")
        code, reason, text = await failure(call)
        assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST")
        assert text == f"the request body is not a valid {m.input_type.full_name}"
        assert counted(m.name, "INVALID_ARGUMENT") == before + 1


def duel_state(st: DuelState) -> pb.GameState:
    return pb.GameState(game="duel", format_version=GAME.format_version,
                        data=codec.encode(st))


def start_state() -> DuelState:
    return codec.decode(engine.setup(GAME, 2, {}, 5).state, DuelState)


def turn_state() -> DuelState:
    """Seat 0 has set the stake and may draw: decision d1.0."""
    step = engine.act(GAME, engine.setup(GAME, 2, {}, 5).state, 0, Choice("d0.0", amount=1))
    return codec.decode(step.state, DuelState)


async def expect_invalid_state(channel: grpc.aio.Channel, state: pb.GameState,
                               choice: pb.Choice) -> None:
    calls = [raw(channel, "Act", pb.Transition)(
                 rp.RulesActRequest(state=state, seat=0, choice=choice).SerializeToString()),
             raw(channel, "View", pb.SeatView)(
                 rp.RulesViewRequest(state=state, seat=0).SerializeToString()),
             raw(channel, "Suggest", pb.Choice)(
                 rp.RulesSuggestRequest(state=state, seat=0).SerializeToString())]
    for call in calls:
        code, reason, text = await failure(call)
        assert (code, reason, text) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_STATE",
                                        "state is not a valid duel state")


async def test_a_state_with_bad_utf8_is_not_a_valid_state(channel: grpc.aio.Channel) -> None:
    good = duel_state(start_state())
    name = b"\xa5round"  # the msgpack string "round": a flow frame's proc name
    assert name in good.data
    bad = pb.GameState(game="duel", format_version=good.format_version,
                       data=good.data.replace(name, b"\xa5\xffound"))
    await expect_invalid_state(channel, bad, pb.Choice(decision_id="d0.0", amount=1))


async def test_a_state_with_values_out_of_range_is_not_a_valid_state(
        channel: grpc.aio.Channel) -> None:
    st = turn_state()
    st.hands = []  # two seats, no hands: a draw or a view indexes past the end
    await expect_invalid_state(channel, duel_state(st), pb.Choice(decision_id="d1.0",
                                                                  option_id="draw"))


async def test_invalid_states_are_counted_and_logged_without_traceback(
        channel: grpc.aio.Channel, caplog: pytest.LogCaptureFixture) -> None:
    st = start_state()
    st.hands = []
    before = REGISTRY.get_sample_value("tablero_rules_invalid_states_total",
                                       {"game": "duel", "method": "View"}) or 0.0
    for _ in range(3):
        await failure(raw(channel, "View", pb.SeatView)(
            rp.RulesViewRequest(state=duel_state(st), seat=0).SerializeToString()))
    assert REGISTRY.get_sample_value("tablero_rules_invalid_states_total",
                                     {"game": "duel", "method": "View"}) == before + 3
    assert not any(r.exc_info for r in caplog.records)
