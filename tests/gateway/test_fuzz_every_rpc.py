"""Fuzz every RPC of the Gateway (issue 9): raw random bytes, mutations of valid requests,
boundary values field by field, sent with a real session to a gateway routing the test
game and every real game (discovered from services/<game>). Whatever arrives: never
INTERNAL or UNKNOWN, no process restarts, and a request that is refused leaves the whole
Redis keyspace as it was (byte for byte; session rate buckets and drive locks apart).

A gateway and Redis of its own: nothing else writes there. Requests that are accepted may
change the store (a legal move, a new session); their effects are let settle, and a
ticket one of them made is cancelled, before the next request is judged."""

from __future__ import annotations

import time
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
import redis as redis_lib
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from deploy.local import shipped_games
from deploy.processes import Proc, start_gateway, start_redis, start_rules, target

from ..conftest import FAST_ENV
from ..fuzzing import bodies, keyspace
from ..support import GatewayClient

N = 12  # bodies of each kind per base request (times TABLERO_FUZZ_SCALE)
FORBIDDEN = {grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN}
CLIENT_SIDE = {grpc.StatusCode.DEADLINE_EXCEEDED}  # a Watch that stays open: our timeout
GAMES = ["duel", *sorted(g for g in shipped_games() if g != "duel")]
SERVICE = gw.DESCRIPTOR.services_by_name["Gateway"]


@dataclass
class Stack:
    redis: redis_lib.Redis
    gateway: Proc
    rules: list[Proc]
    players: dict[str, GatewayClient]
    tables: dict[str, gw.TableInfo]
    ticket: str

    def snapshot(self) -> dict[bytes, Any]:
        return keyspace(self.redis)

    def settled(self) -> dict[bytes, Any]:
        """The keyspace once nothing moves (bots play until a person must decide)."""
        last = self.snapshot()
        for _ in range(100):
            time.sleep(0.15)
            now = self.snapshot()
            if now == last:
                return now
            last = now
        raise AssertionError("the store never settled")


@pytest.fixture(scope="module")
def stack(log_dir) -> Iterator[Stack]:
    store = start_redis()
    modules = {g: m for g, m in shipped_games().items()}
    modules["duel"] = "tests.duel"
    rules = [start_rules(modules[g], g, log_dir=log_dir) for g in GAMES]
    gateway = start_gateway(f"redis://{store.endpoint}/0",
                            {g: target([r]) for g, r in zip(GAMES, rules)}, log_dir=log_dir,
                            env={**FAST_ENV, "TABLERO_BOTS_AFTER_MS": "3600000"})
    players = {}
    for name in ("ann", "bob", "eve"):
        players[name] = GatewayClient(gateway.endpoint)
        players[name].login(name)
    tables = {}
    for game in GAMES:
        info = players["ann"].CreateTable(gw.CreateTableRequest(game=game, seats=2, join=True))
        players["bob"].JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
        tables[game] = info
    ticket = players["ann"].Enqueue(gw.EnqueueRequest(game="duel", seats=4)).ticket_id
    s = Stack(redis_lib.Redis.from_url(f"redis://{store.endpoint}/0"), gateway, rules, players,
              tables, ticket)
    yield s
    for c in players.values():
        c.close()
    s.redis.close()
    gateway.stop()
    for r in rules:
        r.stop()
    store.stop()


def my_decision(s: Stack, game: str) -> pb.Decision | None:
    view = s.players["ann"].GetView(gw.GetViewRequest(table_id=s.tables[game].table_id))
    return view.decisions[0] if view.decisions else None


def base_requests(s: Stack) -> dict[str, list[tuple[str, Any]]]:
    """Per RPC, (caller, a valid request) pairs: the fuzz starts from real ids."""
    first = s.tables["duel"]
    out: dict[str, list[tuple[str, Any]]] = {
        "Login": [("", gw.LoginRequest(guest_name="fuzz"))],
        "ListGames": [("ann", gw.ListGamesRequest())],
        "DescribeGame": [("ann", gw.DescribeGameRequest(game="cuba"))],
        "Enqueue": [("eve", gw.EnqueueRequest(game="duel", seats=4, request_id="r1"))],
        "GetTicket": [("ann", gw.GetTicketRequest(ticket_id=s.ticket))],
        "CancelTicket": [("eve", gw.CancelTicketRequest(ticket_id=s.ticket))],
        "CreateTable": [("eve", gw.CreateTableRequest(game="duel", seats=2, join=True))],
        "JoinTable": [("eve", gw.JoinTableRequest(invite_code=first.invite_code))],
        "LeaveTable": [("eve", gw.LeaveTableRequest(table_id=first.table_id))],
        "ListTables": [("ann", gw.ListTablesRequest(game="duel", page_size=10))],
        "Watch": [("ann", gw.WatchRequest(table_id=first.table_id, after_event_id="0-0"))],
        "GetTable": [], "GetView": [], "Suggest": [], "Act": [],
    }
    for game, info in s.tables.items():
        tid = info.table_id
        out["GetTable"].append(("ann", gw.GetTableRequest(table_id=tid)))
        out["GetView"].append(("ann", gw.GetViewRequest(table_id=tid)))
        d = my_decision(s, game)
        did = d.id if d else info.pending[0].id
        out["Suggest"].append(("ann", gw.SuggestRequest(table_id=tid, decision_id=did)))
        choice = pb.Choice(decision_id=did, option_id=d.options[0].id) if d and d.options \
            else pb.Choice(decision_id=did, amount=d.amount.min if d else 0)
        out["Act"].append(("ann", gw.ActRequest(table_id=tid, choice=choice,
                                                idempotency_key="k")))
    return out


def send(s: Stack, rpc: Any, caller: str, data: bytes, streaming: bool) -> grpc.StatusCode:
    md = s.players[caller].md if caller else None
    try:
        if streaming:
            for _ in rpc(data, metadata=md, timeout=0.5):
                pass
        else:
            rpc(data, metadata=md, timeout=30)
    except grpc.RpcError as e:
        return e.code()
    return grpc.StatusCode.OK


def tidy(s: Stack, method: str, caller: str) -> None:
    """Undo what an accepted request left that would move by itself later (a ticket a
    sweep could match with bots)."""
    if method == "Enqueue":
        c = s.players[caller]
        for key in s.redis.scan_iter("mm:{*}:tickets"):
            for field, raw in s.redis.hgetall(key).items():
                if field.startswith(b"w:") and field[2:].decode() == c.player_id:
                    c.CancelTicket(gw.CancelTicketRequest(ticket_id=raw.decode()))


def test_no_request_breaks_the_gateway_or_changes_the_store_when_refused(stack: Stack) -> None:
    s = stack
    pids = [s.gateway.popen.pid] + [r.popen.pid for r in s.rules]
    seen: Counter[str] = Counter()
    before = s.settled()
    for m in SERVICE.methods:
        path = f"/tablero.v1.Gateway/{m.name}"
        rpc = (s.players["ann"].channel.unary_stream(path) if m.server_streaming
               else s.players["ann"].channel.unary_unary(path))
        for k, (caller, base) in enumerate(base_requests(s)[m.name]):
            for body in bodies(base, zlib.crc32(f"{m.name}:{k}".encode()), N):
                code = send(s, rpc, caller, body.data, m.server_streaming)
                seen[code.name] += 1
                where = (m.name, caller, body.how)
                assert code not in FORBIDDEN, where
                if code == grpc.StatusCode.OK:
                    tidy(s, m.name, caller)
                    before = s.settled()
                    continue
                after = s.snapshot()
                assert after == before, (where, code.name, [
                    k for k in set(after) | set(before) if after.get(k) != before.get(k)])
    assert [s.gateway.popen.pid] + [r.popen.pid for r in s.rules] == pids
    assert s.gateway.alive() and all(r.alive() for r in s.rules)
    print(f"\ngateway fuzz: {sum(seen.values())} requests {dict(sorted(seen.items()))}")
    assert seen["INVALID_ARGUMENT"] > 0
