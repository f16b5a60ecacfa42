"""Helpers for tests that talk to a real gateway over gRPC."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import grpc
from google.protobuf import struct_pb2
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw
from tablero.v1 import gateway_pb2_grpc, rules_pb2_grpc
from tablero.v1 import rules_pb2 as rp

from clients.loadtest import LoadConfig, LoadTest
from deploy.processes import Proc, start_gateway, start_rules
from gateway import keys, stored_state
from services.kernel import engine
from services.kernel.decisions import Choice


@dataclass
class Platform:
    redis_url: str
    gateway: Proc
    rules: list[Proc]
    redis_proc: Proc


class GatewayClient:
    """A blocking client of one gateway with one session."""

    def __init__(self, endpoint: str, own_connection: bool = False) -> None:
        """`own_connection`: a TCP connection of its own (channels share one by default)."""
        options = [("grpc.use_local_subchannel_pool", 1)] if own_connection else []
        self.channel = grpc.insecure_channel(endpoint, options=options)
        self.stub = gateway_pb2_grpc.GatewayStub(self.channel)
        self.token = ""
        self.player_id = ""

    def login(self, name: str) -> None:
        r = self.stub.Login(gw.LoginRequest(guest_name=name))
        self.token, self.player_id = r.token, r.player_id

    def login_key(self, api_key: str) -> None:
        r = self.stub.Login(gw.LoginRequest(api_key=api_key))
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


def seated_pair(endpoint: str) -> tuple[GatewayClient, GatewayClient, gw.TableInfo]:
    """ann and bob, logged in, at a new two-seat Duel table (ann seat 0, bob seat 1)."""
    ann, bob = GatewayClient(endpoint), GatewayClient(endpoint)
    ann.login("ann")
    bob.login("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    return ann, bob, info


def struct_view(sv: pb.SeatView) -> dict[str, Any]:
    s = struct_pb2.Struct()
    assert sv.view.Unpack(s)
    return dict(s)


def random_choice(d: pb.Decision, rng: random.Random) -> pb.Choice:
    if d.options:
        return pb.Choice(decision_id=d.id, option_id=rng.choice(d.options).id)
    return pb.Choice(decision_id=d.id, amount=rng.randint(d.amount.min, d.amount.max))


def play_to_end(clients: list[GatewayClient], table_id: str, rng: random.Random, *,
                idempotent: bool = False, between: Any = None, limit: int = 1000,
                ) -> pb.SeatView:
    """Play random offered choices for every client (client i holds seat i) until the game
    ends; `between(step)` runs after each round of views. Returns seat 0's final view."""
    for step in range(limit):
        views = [c.GetView(gw.GetViewRequest(table_id=table_id)) for c in clients]
        if views[0].outcome.finished:
            return views[0]
        for seat, (c, v) in enumerate(zip(clients, views)):
            for d in v.decisions:
                assert d.seat == seat, "a view offered another seat's decision"
                key = f"{table_id[:8]}-{v.version}-{seat}" if idempotent else ""
                c.Act(gw.ActRequest(table_id=table_id, choice=random_choice(d, rng),
                                    idempotency_key=key))
        if between:
            between(step)
    raise AssertionError("game did not finish")


def play_alone(c: Any, table_id: str, rng: random.Random,
               each: Any = None, limit: int = 3000) -> pb.Outcome:
    """An SDK client's random offered choices for a table's only seat (a solo COIN table:
    the Non-players act in the rules service between them) until the game ends;
    `each(decision)` checks every decision answered. Returns the table's outcome."""
    for _ in range(limit):
        v = c.get_view(table_id)
        if v.outcome.finished:
            return c.get_table(table_id).outcome
        d = next(d for d in v.decisions if not d.optional)
        if each:
            each(d)
        if d.options:
            pick = pb.Choice(decision_id=d.id, option_id=rng.choice(list(d.options)).id)
        else:
            pick = pb.Choice(decision_id=d.id, amount=d.amount.min)
        c.act(table_id, pick, expected_version=v.version)
    raise AssertionError("game did not finish")


@contextlib.contextmanager
def rules_service(game: str) -> Iterator[rules_pb2_grpc.RulesStub]:
    """`python -m services.<game> --port 0` running, and a stub talking to it."""
    proc = start_rules(f"services.{game}", game)
    channel = grpc.insecure_channel(proc.endpoint)
    try:
        yield rules_pb2_grpc.RulesStub(channel)
    finally:
        channel.close()
        proc.stop()


def game_state(game: str, data: bytes, rules_version: str = "1.0.0") -> pb.GameState:
    """A GameState message carrying a game's encoded state (format version 1)."""
    return pb.GameState(game=game, format_version=1, rules_version=rules_version, data=data)


@contextlib.contextmanager
def game_gateway(redis_url: str, game: str, db: int | None = None, log_dir: Any = None,
                 env: dict[str, str] | None = None) -> Iterator[Proc]:
    """`game`'s rules service and a gateway routing it alone, on `redis_url` or, with
    `db`, on a Redis database of its own (its tables are no other test's business)."""
    rules = start_rules(f"services.{game}", game, log_dir=log_dir)
    url = redis_url if db is None else f"{redis_url.rsplit('/', 1)[0]}/{db}"
    gateway = start_gateway(url, {game: f"ipv4:{rules.endpoint}"}, log_dir=log_dir, env=env)
    try:
        yield gateway
    finally:
        gateway.stop()
        rules.stop()


def load_tester_game_replays(endpoint: str, redis: Any, game: str, game_rules: Any,
                             seats: int = 4, humans: int = 2) -> None:
    """The load tester plays one whole private game (people and bots) through the gateway;
    the choice log Redis kept replays from the seed to the stored state."""
    lt = LoadTest(LoadConfig(gateway=endpoint, game=game, tables=1, games=1, seats=seats,
                             humans=humans, mode="private", calibrate=False))
    rep = asyncio.run(lt.run())
    assert rep["games_finished"] == 1 and rep["errors_total"] == 0 and not rep["failures"]
    [tid] = lt.stats.tables_started
    meta = redis.hgetall(f"t:{{{tid}}}:meta")
    log = [json.loads(e) for e in redis.lrange(f"t:{{{tid}}}:log", 0, -1)]
    assert {e["by"] for e in log} == {"player", "bot"}
    choices = [(e["seat"], Choice(e["decision_id"], e.get("option_id"), e.get("amount")))
               for e in log]
    step = engine.replay(game_rules, int(meta[b"seats"]), json.loads(meta[b"options"]),
                         int(meta[b"seed"]), choices)
    assert step.outcome is not None
    assert step.state == stored_game_state(redis, tid).data


def suggested_act_matches_engine(rules: rules_pb2_grpc.RulesStub, game_rules: Any,
                                 t: Any, local_state: bytes, seat: int, d: pb.Decision,
                                 policy: str) -> None:
    """The rules service suggests one of `d`'s options for `seat` on the state of its Setup
    answer `t`, and its Act on that choice gives the state the engine gives in process."""
    c = rules.Suggest(rp.RulesSuggestRequest(state=t.state, seat=seat, decision_id=d.id,
                                             policy=policy), timeout=30)
    assert c.option_id in [o.id for o in d.options]
    nxt = rules.Act(rp.RulesActRequest(state=t.state, seat=seat, choice=c), timeout=30)
    mine = engine.act(game_rules, local_state, seat, Choice(c.decision_id, c.option_id))
    assert nxt.state.data == mine.state


def stored_game_state(redis: Any, tid: str) -> pb.GameState:
    """The GameState a table keeps in Redis, as the gateway reads it (deflated when large,
    gateway/stored_state.py)."""
    return pb.GameState.FromString(stored_state.unpack(redis.get(keys.table_state(tid))))
