"""The lean Redis client of the gateway's hot path (gateway/resp.py), on a real Redis."""

from __future__ import annotations

import asyncio

import pytest
import redis as redis_lib
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from deploy.processes import start_redis
from gateway import resp
from gateway.scripts import Scripts


def run(coro):
    return asyncio.run(coro)


def test_thousands_of_concurrent_callers_each_get_their_own_reply(redis_proc):
    async def go() -> list[bytes | None]:
        c = resp.Client(f"redis://{redis_proc.endpoint}/0")
        await c.execute([["SET", f"resp:{i}", f"v{i}"] for i in range(3000)])
        got = await asyncio.gather(*(c.call("GET", f"resp:{i}") for i in range(3000)))
        await c.close()
        return got

    assert run(go()) == [f"v{i}".encode() for i in range(3000)]


def test_a_batch_answers_in_order_with_error_replies_as_values(redis_proc):
    async def go() -> list:
        c = resp.Client(f"redis://{redis_proc.endpoint}/0")
        out = await c.execute([["SET", "resp:s", "x"], ["INCR", "resp:s"],
                               ["HSET", "resp:h", "a", 1, "b", 2], ["HGETALL", "resp:h"],
                               ["GET", "resp:missing"]])
        await c.close()
        return out

    ok, err, added, flat, missing = run(go())
    assert ok == b"OK" and added == 2 and missing is None
    assert isinstance(err, resp.ReplyError) and "not an integer" in str(err)
    assert resp.pairs(flat) == {b"a": b"1", b"b": b"2"}


def test_scripts_execute_raises_an_error_reply_and_reloads_after_noscript(redis_proc):
    url = f"redis://{redis_proc.endpoint}/0"

    async def go() -> list:
        from redis.asyncio import Redis

        r = Redis.from_url(url)
        scripts = Scripts(r, resp.Client(url))
        with pytest.raises(ResponseError):
            await scripts.execute([["SET", "resp:n", "x"], ["INCR", "resp:n"]])
        await r.script_flush()  # Redis forgets every script: the batch loads them and reruns
        auth = scripts.call(scripts.auth, ["s:{resp-none}", "s:{resp-none}:rl"],
                            [1000, 0, 1, 1])
        out = await scripts.execute([auth, ["HGETALL", "resp:h2"]])
        await scripts.fast.close()
        await r.aclose()
        return out

    assert run(go()) == [[0], {}]  # unknown session; an empty hash as a dict


def test_a_cancelled_caller_does_not_shift_the_replies_of_the_others(redis_proc):
    async def go() -> tuple[list[bytes | None], bytes | None]:
        c = resp.Client(f"redis://{redis_proc.endpoint}/0", connections=1)
        await c.execute([["SET", f"resp:c{i}", f"c{i}"] for i in range(50)])
        calls = [asyncio.ensure_future(c.call("GET", f"resp:c{i}")) for i in range(50)]
        calls[10].cancel()
        calls[20].cancel()
        got = await asyncio.gather(*calls, return_exceptions=True)
        after = await c.call("GET", "resp:c49")
        await c.close()
        return [g for i, g in enumerate(got) if i not in (10, 20)], after

    rest, after = run(go())
    assert rest == [f"c{i}".encode() for i in range(50) if i not in (10, 20)]
    assert after == b"c49"


def test_the_database_in_the_url_is_selected(redis_proc):
    async def go() -> None:
        c = resp.Client(f"redis://{redis_proc.endpoint}/3")
        await c.call("SET", "resp:db", "three")
        await c.close()

    run(go())
    r3 = redis_lib.Redis.from_url(f"redis://{redis_proc.endpoint}/3")
    r0 = redis_lib.Redis.from_url(f"redis://{redis_proc.endpoint}/0")
    assert r3.get("resp:db") == b"three" and r0.get("resp:db") is None
    r3.close()
    r0.close()


def test_a_lost_connection_fails_its_calls_and_the_next_call_reconnects():
    first = start_redis()
    port = first.port
    url = f"redis://{first.endpoint}/0"

    async def go() -> bytes | None:
        c = resp.Client(url, connections=1)
        assert await c.call("SET", "resp:k", "before") == b"OK"
        first.kill()
        with pytest.raises(RedisConnectionError):
            await c.call("GET", "resp:k")
        second = start_redis(port)
        try:
            await c.call("SET", "resp:k", "after")
            return await c.call("GET", "resp:k")
        finally:
            await c.close()
            second.stop()

    assert run(go()) == b"after"


def test_a_redis_that_stops_answering_fails_the_waiting_calls_after_the_timeout(redis_proc):
    async def go() -> tuple[type, bytes | None]:
        c = resp.Client(f"redis://{redis_proc.endpoint}/0", connections=1, reply_timeout_s=0.4)
        await c.call("SET", "resp:t", "v")
        other = redis_lib.Redis.from_url(f"redis://{redis_proc.endpoint}/0")
        other.execute_command("CLIENT", "PAUSE", "1500", "ALL")  # Redis answers nobody
        try:
            await c.call("GET", "resp:t")
            raised: type = type(None)
        except RedisConnectionError as e:
            raised = type(e)
        await asyncio.sleep(1.5)
        after = await c.call("GET", "resp:t")  # a fresh connection once Redis answers again
        await c.close()
        other.close()
        return raised, after

    raised, after = run(go())
    assert raised is RedisConnectionError and after == b"v"


@pytest.mark.parametrize("lean", [True, False], ids=["lean", "redis-py"])
def test_scripts_atomic_applies_a_transaction_whole_and_raises_an_error_reply(redis_proc, lean):
    """Scripts.atomic (MULTI/EXEC; the quotas' sorted set and its lifetime): the replies
    of the commands inside, on the lean client and on redis-py alike; an error reply of a
    command inside raises, and the commands that Redis ran stay run (MULTI/EXEC does
    not roll back)."""
    url = f"redis://{redis_proc.endpoint}/0"
    key = f"resp:tx:{lean}"

    async def go() -> tuple[list, int, list]:
        from redis.asyncio import Redis

        r = Redis.from_url(url)
        scripts = Scripts(r, resp.Client(url) if lean else None)
        out = await scripts.atomic([["ZADD", key, "NX", 5, "a"], ["PEXPIRE", key, 60_000]])
        ttl = await r.pttl(key)
        with pytest.raises(ResponseError):
            await scripts.atomic([["ZADD", key, "NX", 6, "b"], ["INCR", key]])
        members = await r.zrange(key, 0, -1, withscores=True)
        await r.aclose()
        if scripts.fast is not None:
            await scripts.fast.close()
        return out, ttl, members

    out, ttl, members = run(go())
    assert out == [1, 1]
    assert 0 < ttl <= 60_000
    assert members == [(b"a", 5.0), (b"b", 6.0)]
