"""Tablero for teams that load-test with Locust (locust is not a project requirement).

    pip install locust
    locust -f clients/locustfile.py --headless -u 50 -r 10 -t 60s --host 127.0.0.1:50051

Each Locust user logs in as a guest and plays whole games through the SDK's
blocking client: a private table with bots in the other seats (the default), or
matchmaking with TABLERO_MODE=match. Every RPC attempt is reported to Locust
as a request named after the RPC, with its status code as the failure.

Environment: TABLERO_GAME (default duel), TABLERO_SEATS (default: the game's
minimum), TABLERO_MODE (private | match), TABLERO_OPTIONS ("rounds=1,variant=x").

`tablero loadtest` (clients/loadtest) is the project's own tool: one asyncio
process holding thousands of tables, with its own overhead measured.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

import grpc
import grpc.experimental.gevent as grpc_gevent
from locust import User, constant, events, task

from clients.sdk import DEFAULT_TARGET, Client, TableroError, random_choice

grpc_gevent.init_gevent()  # gRPC's own threads must cooperate with Locust's greenlets

GAME = os.environ.get("TABLERO_GAME", "duel")
SEATS = int(os.environ.get("TABLERO_SEATS", "0"))
MODE = os.environ.get("TABLERO_MODE", "private")
OPTIONS = dict(kv.split("=", 1) for kv in os.environ.get("TABLERO_OPTIONS", "").split(",") if kv)


class TableroUser(User):  # type: ignore[misc]
    wait_time = constant(0)

    def on_start(self) -> None:
        self.client = Client(self.host or DEFAULT_TARGET, observer=self.report)
        self.client.login(guest_name=f"locust-{id(self) % 100_000}")
        self.seats = SEATS or self.client.describe_game(GAME).min_seats
        self.rng = random.Random()

    def on_stop(self) -> None:
        self.client.close()

    def report(self, rpc: str, seconds: float, code: grpc.StatusCode) -> None:
        failed = code is not grpc.StatusCode.OK
        events.request.fire(request_type="grpc", name=rpc, response_time=seconds * 1000,
                            response_length=0, context={},
                            exception=RuntimeError(code.name) if failed else None)

    @task  # type: ignore[untyped-decorator]
    def play_a_game(self) -> None:
        t0 = time.perf_counter()
        try:
            table_id = self.table()
            self.client.play(table_id, lambda _v, d: random_choice(d, self.rng))
        except TableroError as e:
            self.fire_game(t0, e)
            return
        self.fire_game(t0, None)

    def table(self) -> str:
        if MODE == "match":
            ticket = self.client.match(GAME, self.seats, OPTIONS, allow_bots=True,
                                       timeout_s=120)
            return ticket.table_id
        info = self.client.create_table(GAME, self.seats, OPTIONS,
                                        bot_seats=list(range(1, self.seats)))
        return info.table_id

    def fire_game(self, t0: float, error: Any) -> None:
        events.request.fire(request_type="game", name=f"{GAME} game",
                            response_time=(time.perf_counter() - t0) * 1000,
                            response_length=0, context={}, exception=error)
