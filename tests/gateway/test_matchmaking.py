"""Matchmaking (DESIGN §3): atomic matching across gateways, cancel, expiry, bots after a wait."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import grpc
import pytest
from tablero.v1 import gateway_pb2 as gw
from tablero.v1 import gateway_pb2_grpc

from deploy.processes import start_gateway, target

from ..conftest import FAST_ENV


async def _enqueue_many(endpoint: str, n: int, game_seats: int) -> list[tuple[str, str]]:
    """n sessions on one gateway enqueue at once; returns (player_id, ticket_id)."""
    async with grpc.aio.insecure_channel(endpoint) as ch:
        stub = gateway_pb2_grpc.GatewayStub(ch)

        async def one(i: int) -> tuple[str, str]:
            login = await stub.Login(gw.LoginRequest(guest_name=f"p{i}"))
            md = [("authorization", f"Bearer {login.token}")]
            t = await stub.Enqueue(gw.EnqueueRequest(game="duel", seats=game_seats,
                                                     options={"rounds": "1"}), metadata=md)
            return login.player_id, t.ticket_id

        return await asyncio.gather(*(one(i) for i in range(n)))


def test_concurrent_enqueues_on_two_gateways_put_every_ticket_in_exactly_one_table(
        platform, redis, log_dir):
    second = start_gateway(platform.redis_url, {"duel": target(platform.rules)},
                           log_dir=log_dir, env=FAST_ENV)
    try:
        async def both() -> list[tuple[str, str]]:
            a, b = await asyncio.gather(_enqueue_many(platform.gateway.endpoint, 60, 3),
                                        _enqueue_many(second.endpoint, 60, 3))
            return a + b

        entries = asyncio.run(both())
    finally:
        second.stop()
    qid = entries[0][1].split(".")[0]
    tickets = {tid: redis.hget(f"mm:{{{qid}}}:tickets", tid) for _, tid in entries}
    import json

    decoded = {tid: json.loads(raw) for tid, raw in tickets.items()}
    assert all(t["status"] == "matched" for t in decoded.values()), "a ticket was lost"
    tables = Counter(t["table"] for t in decoded.values())
    assert len(tables) == 40 and set(tables.values()) == {3}
    # Each table seats exactly its three tickets' players, each once.
    by_pid = {pid: tid for pid, tid in entries}
    for table_id in tables:
        players = json.loads(redis.hget(f"t:{{{table_id}}}:meta", "players"))
        assert sorted(players) == sorted(
            pid for pid, tid in by_pid.items() if decoded[tid]["table"] == table_id)
        seats = sorted(decoded[by_pid[p]]["seat"] for p in players)
        assert seats == [0, 1, 2]


def test_cancel_takes_a_waiting_ticket_out_and_cannot_cancel_twice(new_client):
    ann = new_client("ann")
    t = ann.Enqueue(gw.EnqueueRequest(game="duel", seats=4, options={"rounds": "5"}))
    assert t.status == gw.TICKET_STATUS_WAITING
    c = ann.CancelTicket(gw.CancelTicketRequest(ticket_id=t.ticket_id))
    assert c.status == gw.TICKET_STATUS_CANCELLED
    again = ann.CancelTicket(gw.CancelTicketRequest(ticket_id=t.ticket_id))
    assert again.status == gw.TICKET_STATUS_CANCELLED
    bob = new_client("bob")
    with pytest.raises(grpc.RpcError) as e:
        bob.GetTicket(gw.GetTicketRequest(ticket_id=t.ticket_id))
    assert e.value.code() == grpc.StatusCode.NOT_FOUND


def test_ticket_expires_after_its_ttl(new_client):
    ann = new_client("ann")
    t = ann.Enqueue(gw.EnqueueRequest(game="duel", seats=4, ttl_ms=200,
                                      options={"rounds": "1"}))
    time.sleep(0.3)
    got = ann.GetTicket(gw.GetTicketRequest(ticket_id=t.ticket_id))
    assert got.status == gw.TICKET_STATUS_EXPIRED


def test_bots_fill_empty_seats_after_the_wait_and_play_until_a_person_decides(new_client):
    ann = new_client("ann")
    t = ann.Enqueue(gw.EnqueueRequest(game="duel", seats=3, allow_bots=True, bots_after_ms=200,
                                      options={"rounds": "3"}))
    got = ann.GetTicket(gw.GetTicketRequest(ticket_id=t.ticket_id, wait_ms=5000))
    assert got.status == gw.TICKET_STATUS_MATCHED and got.seat == 0
    info = ann.GetTable(gw.GetTableRequest(table_id=got.table_id))
    assert [s.bot for s in info.seats] == [False, True, True]
    deadline = time.time() + 10
    while time.time() < deadline:
        info = ann.GetTable(gw.GetTableRequest(table_id=got.table_id))
        waiting = [p for p in info.pending if not p.optional]
        if waiting and all(p.seat == 0 for p in waiting):
            break
        time.sleep(0.05)
    assert waiting and all(p.seat == 0 for p in waiting), "bots did not play up to the person"


def test_a_ticket_waiting_for_people_only_does_not_hold_up_bot_tables(new_client):
    purist, ann = new_client("purist"), new_client("ann")
    opts = {"rounds": "5"}
    purist.Enqueue(gw.EnqueueRequest(game="duel", seats=4, options=opts, ttl_ms=5000))
    t = ann.Enqueue(gw.EnqueueRequest(game="duel", seats=4, options=opts, allow_bots=True,
                                      bots_after_ms=200))
    got = ann.GetTicket(gw.GetTicketRequest(ticket_id=t.ticket_id, wait_ms=5000))
    assert got.status == gw.TICKET_STATUS_MATCHED
    seats = ann.GetTable(gw.GetTableRequest(table_id=got.table_id)).seats
    assert [s.bot for s in seats] == [False, True, True, True]
