"""The SDK's retry policy (clients/sdk/core.py): jittered exponential back-off within a
time budget, RetryInfo honoured, and only what is safe to repeat repeated."""

from __future__ import annotations

import grpc
import pytest

from clients.sdk import RetryPolicy, TableroError
from clients.sdk.core import ACT_CODES, SAFE_CODES, UNSAFE_CODES

UNAVAILABLE = TableroError("GetView", grpc.StatusCode.UNAVAILABLE, "away")


def test_waits_grow_exponentially_with_jitter_up_to_the_cap():
    p = RetryPolicy(attempts=100, initial_s=0.1, max_s=1.0, budget_s=1e9)
    for attempt, step in enumerate([0.1, 0.2, 0.4, 0.8, 1.0, 1.0]):
        waits = {p.delay(attempt, UNAVAILABLE, SAFE_CODES) for _ in range(200)}
        assert all(w is not None and step / 2 <= w <= step for w in waits)
        assert len(waits) > 150  # jittered: many clients retrying do not move in lockstep


def test_gives_up_after_the_attempts_or_the_time_budget():
    p = RetryPolicy(attempts=5, initial_s=0.1, max_s=1.0, budget_s=3.0)
    assert p.delay(4, UNAVAILABLE, SAFE_CODES) is None
    assert p.delay(3, UNAVAILABLE, SAFE_CODES, elapsed_s=2.99) is None  # 0.4-0.8 s more
    assert p.delay(3, UNAVAILABLE, SAFE_CODES, elapsed_s=2.0) is not None


def test_the_default_rides_out_a_redis_restart():
    """30 s by default: a Redis SIGKILLed for 5 s and reloading its file is well inside."""
    p = RetryPolicy()
    waited, attempt = 0.0, 0
    while (d := p.delay(attempt, UNAVAILABLE, SAFE_CODES, waited)) is not None:
        waited += d
        attempt += 1
    assert 25.0 <= waited <= 30.0


def test_a_retry_delay_from_the_server_is_a_floor():
    from google.protobuf import duration_pb2
    from google.rpc import error_details_pb2

    info = error_details_pb2.RetryInfo(retry_delay=duration_pb2.Duration(nanos=700_000_000))
    err = TableroError("Act", grpc.StatusCode.UNAVAILABLE, "away", [info])
    waited = RetryPolicy().delay(0, err, ACT_CODES)  # 25-50 ms by itself
    assert waited is not None and waited >= 0.7
    limited = TableroError("Act", grpc.StatusCode.RESOURCE_EXHAUSTED, "slow", [info])
    assert RetryPolicy().delay(0, limited, UNSAFE_CODES) == pytest.approx(0.7)


def test_what_may_not_be_repeated_is_not():
    assert RetryPolicy().delay(0, UNAVAILABLE, UNSAFE_CODES) is None
    bad = TableroError("Act", grpc.StatusCode.INVALID_ARGUMENT, "no")
    assert RetryPolicy().delay(0, bad, ACT_CODES) is None
