"""Bench clients: a private 2-seat Duel table played through the gateway, and the floor's echo.

A Duel worker plays tables one after another: CreateTable + JoinTable by a
second session, one GetView per seat for the hands, then only Act calls,
learning what comes next from each ActResponse (its pending decisions and the
events the acting seat may see). Only Act calls are timed.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from dataclasses import dataclass, field
from typing import Any

import grpc
from google.protobuf import struct_pb2
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from .harness import Stats, Worker

Metadata = tuple[tuple[str, str], ...]
ROUNDS = "5"  # the longest Duel: 25 Acts per table


def bearer(token: str) -> Metadata:
    return (("authorization", f"Bearer {token}"),)


@dataclass
class DuelTable:
    """What a worker knows of its table: enough to choose legally without a view."""

    tid: str
    seats: tuple[Metadata, Metadata]
    hands: list[list[int]] = field(default_factory=lambda: [[], []])
    deck: int = 0

    def choose(self, p: pb.PendingDecision, rng: random.Random) -> pb.Choice:
        if p.kind == "duel.stake":
            return pb.Choice(decision_id=p.id, amount=rng.randint(0, 3))
        if p.kind == "duel.turn":
            return pb.Choice(decision_id=p.id, option_id="draw" if self.deck else "pass")
        card = rng.choice(self.hands[p.seat])
        self.hands[p.seat].remove(card)
        return pb.Choice(decision_id=p.id, option_id=f"card:{card}")

    def learn(self, seat: int, events: list[gw.TableEvent]) -> None:
        for ev in events:
            if ev.event.kind == "duel.drew":
                self.deck -= 1
            elif ev.event.kind == "duel.drew_card":
                self.hands[seat].append(int(ev.event.data.fields["card"].number_value))


class DuelWorker:
    """One table at a time, both seats played by this worker."""

    def __init__(self, stub: Any, seed: int) -> None:
        """`stub`: a GatewayStub on a grpc.aio channel (typed Any: grpc-stubs are sync-only)."""
        self.stub = stub
        self.rng = random.Random(seed)
        self.keys = itertools.count()
        self.tokens: list[str] = []

    async def __call__(self, stats: Stats, stop: asyncio.Event) -> None:
        for name in ("ann", "bob"):
            self.tokens.append((await self.stub.Login(gw.LoginRequest(guest_name=name))).token)
        first = True
        while not stop.is_set():
            try:
                await self.play_table(stats, stop, first)
            except grpc.aio.AioRpcError:
                stats.errors += 1
            first = False

    async def new_table(self) -> tuple[DuelTable, list[pb.PendingDecision]]:
        a, b = bearer(self.tokens[0]), bearer(self.tokens[1])
        info = await self.stub.CreateTable(gw.CreateTableRequest(
            game="duel", seats=2, join=True, options={"rounds": ROUNDS}), metadata=a)
        joined = await self.stub.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code),
                                           metadata=b)
        table = DuelTable(info.table_id, (a, b))
        for seat in (0, 1):
            sv = await self.stub.GetView(gw.GetViewRequest(table_id=table.tid),
                                         metadata=table.seats[seat])
            view = struct_pb2.Struct()
            sv.view.Unpack(view)
            fields: dict[str, Any] = dict(view)
            table.hands[seat] = [int(c) for c in fields["hand"]]
            table.deck = int(fields["deck_size"])
        return table, list(joined.pending)

    async def play_table(self, stats: Stats, stop: asyncio.Event, first: bool) -> None:
        table, pending = await self.new_table()
        if first:
            stats.ready += 1
        while pending and not stop.is_set():
            p = next(p for p in pending if not p.optional)
            req = gw.ActRequest(table_id=table.tid, choice=table.choose(p, self.rng),
                                idempotency_key=str(next(self.keys)))
            resp = await stats.timed(self.stub.Act(req, metadata=table.seats[p.seat]))
            assert isinstance(resp, gw.ActResponse)
            table.learn(p.seat, list(resp.events))
            pending = [] if resp.outcome.finished else list(resp.pending)


def floor_worker(channel: Any, tid: str, token: str, payload: bytes) -> Worker:
    """Call the floor's Act in a loop: the same hop, headers and Redis trips, no logic."""
    act = channel.unary_unary("/bench.Floor/Act")
    req = tid.encode() + token.encode() + payload
    md = bearer(token)

    async def work(stats: Stats, stop: asyncio.Event) -> None:
        stats.ready += 1
        while not stop.is_set():
            await stats.timed(act(req, metadata=md))

    return work
