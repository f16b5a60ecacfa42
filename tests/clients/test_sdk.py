"""The Python SDK against the real platform: sessions, tables, matchmaking, play,
idempotent retries, resumable watch, errors (issue 4, DESIGN §2-3)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter

import grpc
import pytest
from tablero.v1 import gateway_pb2

from clients.sdk import (
    AsyncClient,
    Client,
    RetryPolicy,
    TableroError,
    make_choice,
    random_chooser,
    view_dict,
    waiting_decisions,
)

ROUNDS = {"rounds": "1"}


def log_entries(redis, tid: str) -> list[dict]:
    return [json.loads(e) for e in redis.lrange(f"t:{{{tid}}}:log", 0, -1)]


class Calls:
    """An SDK observer: every attempt's (rpc, code)."""

    def __init__(self) -> None:
        self.seen: Counter[tuple[str, str]] = Counter()

    def __call__(self, rpc: str, seconds: float, code: grpc.StatusCode) -> None:
        assert seconds >= 0
        self.seen[(rpc, code.name)] += 1


def test_sync_client_plays_a_private_table_against_a_bot_to_the_end(gateway, redis):
    calls = Calls()
    with Client(gateway, observer=calls) as c:
        me = c.login("sync-ann")
        table = c.create_table("duel", 2, {"rounds": "3"}, bot_seats=[1])
        assert table.your_seat == 0 and table.seats[1].bot
        seen: list[gateway_pb2.TableEvent] = []
        outcome = c.play(table.table_id, random_chooser(3), on_event=seen.append)
        final = c.get_table(table.table_id)
    assert outcome.finished and final.status == gateway_pb2.TABLE_STATUS_FINISHED
    assert final.outcome == outcome and final.seats[0].player_id == me.player_id
    log = log_entries(redis, table.table_id)
    mine = [e for e in log if e["by"] == "player"]
    # Every choice the client made is in the log once, all for its seat; bots did the rest.
    assert len(mine) == calls.seen[("Act", "OK")] > 0
    assert {e["seat"] for e in mine} == {0} and {e["by"] for e in log} == {"player", "bot"}
    assert len(log) == final.version
    # Events reached the client in order, private ones only its own.
    assert [e.version for e in seen] == sorted(e.version for e in seen)
    assert all(e.event.visibility.public or list(e.event.visibility.seats) == [0] for e in seen)


async def test_async_clients_matched_by_the_queue_play_each_other(gateway, redis):
    calls = [Calls(), Calls()]
    async with AsyncClient(gateway, observer=calls[0]) as a, \
            AsyncClient(gateway, observer=calls[1]) as b:
        await a.login("amy")
        await b.login("ben")
        opts = {"rounds": "3"}
        ta, tb = await asyncio.gather(a.match("duel", 3, opts, allow_bots=True, timeout_s=20),
                                      b.match("duel", 3, opts, allow_bots=True, timeout_s=20))
        # Two people in a three-seat queue: after the wait a bot takes the third seat.
        assert ta.table_id == tb.table_id and ta.seat != tb.seat
        oa, ob = await asyncio.gather(a.play(ta.table_id, random_chooser(1)),
                                      b.play(tb.table_id, random_chooser(2)))
    assert oa == ob and oa.finished and len(oa.results) == 3
    by_seat = Counter(e["seat"] for e in log_entries(redis, ta.table_id) if e["by"] == "player")
    assert by_seat[ta.seat] == calls[0].seen[("Act", "OK")]
    assert by_seat[tb.seat] == calls[1].seen[("Act", "OK")]


def test_the_typed_view_and_choices_by_index_or_amount(gateway):
    with Client(gateway) as c:
        c.login("viewer")
        t = c.create_table("duel", 2, ROUNDS, bot_seats=[1])
        view = c.get_view(t.table_id)
        data = view_dict(view)
        assert len(data["hand"]) == 3 and data["round"] == 1
        d = waiting_decisions(view)[0]
        assert d.kind == "duel.stake" and (d.amount.min, d.amount.max) == (0, 3)
        c.act(t.table_id, make_choice(d, amount=2))
        view = c.get_view(t.table_id)
        assert view_dict(view)["stake"] == 2
        turn = waiting_decisions(view)[0]
        assert [o.id for o in turn.options] == ["draw", "pass"]
        choice = make_choice(turn, 1)
        assert choice.option_id == "pass"
        c.act(t.table_id, choice)
        with pytest.raises(ValueError):
            make_choice(turn)


def test_a_repeated_idempotency_key_applies_once(gateway, redis):
    with Client(gateway) as c:
        c.login("idem")
        t = c.create_table("duel", 2, ROUNDS, bot_seats=[1])
        d = waiting_decisions(c.get_view(t.table_id))[0]
        first = c.act(t.table_id, make_choice(d, amount=1), idempotency_key="k-1")
        again = c.act(t.table_id, make_choice(d, amount=1), idempotency_key="k-1")
    assert not first.duplicate and again.duplicate and again.version == first.version
    stakes = [e for e in log_entries(redis, t.table_id) if e["decision_id"] == d.id]
    assert len(stakes) == 1 and stakes[0]["amount"] == 1


def test_act_retried_after_a_lost_reply_applies_once(gateway, proxy, redis):
    """The reply to Act is lost on the wire (connection reset): the SDK retries
    with the same key and the gateway answers with the first result."""
    calls = Calls()
    with Client(proxy.endpoint, observer=calls) as c:
        c.login("lossy")
        t = c.create_table("duel", 2, ROUNDS, bot_seats=[1])
        d = waiting_decisions(c.get_view(t.table_id))[0]
        proxy.cut_on_next_reply()
        resp = c.act(t.table_id, make_choice(d, amount=3))
    assert proxy.cuts == 1 and calls.seen[("Act", "UNAVAILABLE")] == 1
    assert resp.duplicate and calls.seen[("Act", "OK")] == 1
    stakes = [e for e in log_entries(redis, t.table_id) if e["decision_id"] == d.id]
    assert len(stakes) == 1 and stakes[0]["amount"] == 3



def test_enqueue_retried_after_a_lost_reply_keeps_one_ticket(gateway, proxy, redis):
    """The reply to Enqueue is lost: the SDK retries with the same request id and gets the
    same ticket; the player never holds two (two tickets could mean two tables)."""
    calls = Calls()
    with Client(proxy.endpoint, observer=calls) as c:
        me = c.login("queue-lossy").player_id
        proxy.cut_on_next_reply()
        t = c.enqueue("duel", 4, {"rounds": "5"})
        qid = t.ticket_id.split(".")[0]
        mine = [k for k, v in redis.hgetall(f"mm:{{{qid}}}:tickets").items()
                if not k.startswith((b"w:", b"r:", b"match:")) and json.loads(v)["pid"] == me]
        c.cancel_ticket(t.ticket_id)
    assert proxy.cuts == 1 and calls.seen[("Enqueue", "UNAVAILABLE")] == 1
    assert calls.seen[("Enqueue", "OK")] == 1 and mine == [t.ticket_id.encode()]


async def test_watch_resumes_after_dropped_connections_without_gap_or_duplicate(gateway,
                                                                                proxy):
    async with AsyncClient(gateway) as host, AsyncClient(gateway) as guest, \
            AsyncClient(proxy.endpoint, retry=RetryPolicy(attempts=20)) as watcher:
        await host.login("host")
        await guest.login("guest")
        await watcher.login("watcher")
        t = await host.create_table("duel", 2, {"rounds": "3"})
        await guest.join_table(t.invite_code)
        got: list[str] = []

        async def follow() -> None:
            async for ev in watcher.watch(t.table_id):
                got.append(ev.event_id)
                if len(got) in (3, 12, 25):
                    proxy.drop_all()

        games = asyncio.gather(host.play(t.table_id, random_chooser(5)),
                               guest.play(t.table_id, random_chooser(6)))
        await asyncio.wait_for(asyncio.gather(follow(), games), 60)
        direct = [ev.event_id async for ev in host.watch(t.table_id)]
        spectator = [ev.event_id async for ev in watcher.watch(t.table_id)]
    assert proxy.drops == 3
    # The spectator's stream across three reconnects is exactly its uninterrupted stream.
    assert got == spectator and len(got) == len(set(got))
    assert set(got) < set(direct)  # the host also sees its private events


def test_errors_carry_code_reason_and_field(gateway):
    with Client(gateway, retry=RetryPolicy(attempts=1)) as c:
        c.login("errs")
        t = c.create_table("duel", 2, ROUNDS, bot_seats=[1])
        with pytest.raises(TableroError) as stale:
            c.act(t.table_id, make_choice("d999.0", "draw"))
        with pytest.raises(TableroError) as bad:
            c.get_view("not-a-table")
        with pytest.raises(TableroError) as missing:
            c.get_table("0" * 32)
    assert stale.value.code is grpc.StatusCode.FAILED_PRECONDITION
    assert stale.value.reason == "STALE_DECISION"
    assert bad.value.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [f for f, _ in bad.value.field_violations] == ["table_id"]
    assert missing.value.code is grpc.StatusCode.NOT_FOUND


def test_calls_without_a_session_are_unauthenticated(gateway):
    with Client(gateway) as c, pytest.raises(TableroError) as e:
        c.list_games()
    assert e.value.code is grpc.StatusCode.UNAUTHENTICATED


async def test_a_ticket_that_waits_too_long_is_cancelled(gateway):
    async with AsyncClient(gateway) as c:
        await c.login("lonely")
        # Four seats, five rounds, no bots: nobody else queues for this.
        with pytest.raises(TableroError) as e:
            await c.match("duel", 4, {"rounds": "5"}, timeout_s=0.5)
        assert e.value.code is grpc.StatusCode.DEADLINE_EXCEEDED
        t = await c.enqueue("duel", 4, {"rounds": "5"})
        cancelled = await c.cancel_ticket(t.ticket_id)
    assert cancelled.status == gateway_pb2.TICKET_STATUS_CANCELLED
