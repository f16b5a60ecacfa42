"""The SDK (blocking and asyncio) through a Redis crash: every RPC that is safe to repeat
is retried with back-off until Redis is back; one that is not is reported at once."""

from __future__ import annotations

import asyncio
import threading
import time

import grpc
import pytest

from clients.sdk import AsyncClient, Client, TableroError, make_choice, waiting_decisions

from ..clients.test_sdk import Calls
from .conftest import Store

AWAY_S = 2.5  # longer than the old fixed six attempts waited (1.55 s)



def crash_for(store: Store, seconds: float) -> threading.Thread:
    """Crash Redis now and restart it on its file `seconds` later, in the background."""
    store.crash()

    def back() -> None:
        time.sleep(seconds)
        store.restart()

    t = threading.Thread(target=back)
    t.start()
    return t


def test_the_blocking_client_waits_out_a_redis_restart(store, gateway):
    calls = Calls()
    with Client(gateway.endpoint, observer=calls) as c:
        c.login("patient")
        t = c.create_table("duel", 2, {"rounds": "1"}, bot_seats=[1])
        d = waiting_decisions(c.get_view(t.table_id))[0]
        back = crash_for(store, AWAY_S)
        resp = c.act(t.table_id, make_choice(d, amount=2))
        back.join()
        assert resp.version == 1 and not resp.duplicate
        with pytest.raises(TableroError) as e:  # not safe to repeat: reported at once
            back = crash_for(store, AWAY_S)
            c.create_table("duel", 2, {"rounds": "1"}, bot_seats=[1])
        back.join()
    assert e.value.code is grpc.StatusCode.UNAVAILABLE and e.value.retry_delay
    assert calls.seen[("Act", "UNAVAILABLE")] >= 2 and calls.seen[("Act", "OK")] == 1
    assert calls.seen[("CreateTable", "UNAVAILABLE")] == 1


async def test_the_asyncio_client_waits_out_a_redis_restart(store, gateway):
    calls = Calls()
    async with AsyncClient(gateway.endpoint, observer=calls) as c:
        await c.login("patient")
        t = await c.create_table("duel", 2, {"rounds": "1"}, bot_seats=[1])
        back = await asyncio.to_thread(crash_for, store, AWAY_S)
        view = await c.get_view(t.table_id)
        ticket = await c.enqueue("duel", 3)
        await asyncio.to_thread(back.join)
    assert view.version == 0 and ticket.ticket_id
    assert calls.seen[("GetView", "UNAVAILABLE")] >= 2 and calls.seen[("GetView", "OK")] == 1
