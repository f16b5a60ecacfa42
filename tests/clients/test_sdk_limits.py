"""The SDK against a strictly rate-limited gateway, and the generic view path through
server reflection (DESIGN §3 "Limits", §2 "a generic client can still render any view
through server reflection")."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from google.protobuf import any_pb2, descriptor_pool, json_format
from tablero.v1 import gateway_pb2

from clients.sdk import NO_RETRY, Client, RetryPolicy, TableroError
from clients.sdk.typed import ReflectionResolver, message_for_any
from deploy.processes import Proc, start_gateway, target

from .test_sdk import Calls

STRICT = {"TABLERO_RATE_PER_S": "20", "TABLERO_RATE_BURST": "5", "TABLERO_BOTS_AFTER_MS": "300"}


@pytest.fixture(scope="module")
def strict_gateway(platform, log_dir) -> Iterator[Proc]:
    gw = start_gateway(platform.redis_url, {"duel": target(platform.rules)}, log_dir=log_dir,
                       env=STRICT)
    yield gw
    gw.stop()


def test_rate_limited_calls_wait_the_delay_the_gateway_asks_for(strict_gateway):
    calls = Calls()
    with Client(strict_gateway.endpoint, observer=calls,
                retry=RetryPolicy(attempts=50)) as c:
        c.login("hasty")
        t = c.create_table("duel", 2, {"rounds": "1"}, bot_seats=[1])
        infos = [c.get_table(t.table_id) for _ in range(30)]
    assert all(i.table_id == t.table_id for i in infos)
    # The burst was spent: some attempts were refused, and every one was retried to success.
    assert calls.seen[("GetTable", "RESOURCE_EXHAUSTED")] > 0
    assert calls.seen[("GetTable", "OK")] == 30


def test_without_retries_the_rate_limit_surfaces_with_its_retry_delay(strict_gateway):
    with Client(strict_gateway.endpoint, retry=NO_RETRY) as c:
        c.login("hastier")
        with pytest.raises(TableroError) as e:
            for _ in range(30):
                c.list_games()
    assert e.value.code is grpc.StatusCode.RESOURCE_EXHAUSTED
    assert e.value.reason == "RATE_LIMITED" and 0 < e.value.retry_delay <= 1.0


def test_a_view_type_unknown_here_is_resolved_by_server_reflection(gateway):
    resolver = ReflectionResolver(gateway)
    try:
        desc = resolver.find("tablero.v1.TableInfo")
        assert desc is not None and "invite_code" in desc.fields_by_name
        assert resolver.find("tablero.nosuchgame.v1.View") is None
        packed = any_pb2.Any()
        packed.Pack(gateway_pb2.TableInfo(table_id="t1", invite_code="XYZ"))
        empty = descriptor_pool.DescriptorPool()
        assert message_for_any(packed, None, empty) is None
        # Known only through the gateway's reflection service, yet fully decoded.
        msg = message_for_any(packed, resolver, empty)
        assert msg is not None and msg.DESCRIPTOR.full_name == "tablero.v1.TableInfo"
        assert json_format.MessageToDict(msg) == {"tableId": "t1", "inviteCode": "XYZ"}
    finally:
        resolver.close()
