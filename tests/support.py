"""Helpers for tests that talk to a real gateway over gRPC."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import grpc
from google.protobuf import struct_pb2
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw
from tablero.v1 import gateway_pb2_grpc

from deploy.processes import Proc


@dataclass
class Platform:
    redis_url: str
    gateway: Proc
    rules: list[Proc]
    redis_proc: Proc


class GatewayClient:
    """A blocking client of one gateway with one session."""

    def __init__(self, endpoint: str) -> None:
        self.channel = grpc.insecure_channel(endpoint)
        self.stub = gateway_pb2_grpc.GatewayStub(self.channel)
        self.token = ""
        self.player_id = ""

    def login(self, name: str) -> None:
        r = self.stub.Login(gw.LoginRequest(guest_name=name))
        self.token, self.player_id = r.token, r.player_id

    @property
    def md(self) -> list[tuple[str, str]]:
        return [("authorization", f"Bearer {self.token}")]

    def __getattr__(self, method: str) -> Any:
        rpc = getattr(self.stub, method)

        def call(req: Any, **kw: Any) -> Any:
            kw.setdefault("metadata", self.md)
            kw.setdefault("timeout", 30)
            return rpc(req, **kw)

        return call

    def close(self) -> None:
        self.channel.close()


def struct_view(sv: pb.SeatView) -> dict[str, Any]:
    s = struct_pb2.Struct()
    assert sv.view.Unpack(s)
    return dict(s)


def random_choice(d: pb.Decision, rng: random.Random) -> pb.Choice:
    if d.options:
        return pb.Choice(decision_id=d.id, option_id=rng.choice(d.options).id)
    return pb.Choice(decision_id=d.id, amount=rng.randint(d.amount.min, d.amount.max))


def play_until_done(client: GatewayClient, table_id: str, rng: random.Random,
                    limit: int = 1000) -> pb.SeatView:
    """Act on this client's decisions until the game ends (other seats must be played too)."""
    for _ in range(limit):
        sv = client.GetView(gw.GetViewRequest(table_id=table_id))
        if sv.outcome.finished:
            return sv
        mine = [d for d in sv.decisions if not d.optional]
        if mine:
            client.Act(gw.ActRequest(table_id=table_id, choice=random_choice(mine[0], rng)))
    raise AssertionError("game did not finish")
