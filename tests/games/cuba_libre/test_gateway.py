"""Cuba Libre through a real gateway and a real rules service (Redis from the test platform):
a whole game played by the load tester — two people and two kernel bots at one table — and
checked against the choice log Redis kept (it replays to the stored state)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
import redis as redis_lib
from tablero.v1 import common_pb2 as pb

from clients.loadtest import LoadConfig, LoadTest
from deploy.processes import Proc, start_gateway, start_rules
from services.cuba_libre import GAME
from services.kernel import engine
from services.kernel.decisions import Choice

from ...support import Platform


@pytest.fixture(scope="module")
def cuba_libre_gateway(platform: Platform) -> Iterator[Proc]:
    rules = start_rules("services.cuba_libre", "cuba_libre")
    gateway = start_gateway(platform.redis_url, {"cuba_libre": f"ipv4:{rules.endpoint}"},
                            env={"TABLERO_RATE_PER_S": "5000", "TABLERO_RATE_BURST": "10000"})
    yield gateway
    gateway.stop()
    rules.stop()


def test_the_load_tester_plays_a_whole_game_with_bots(cuba_libre_gateway: Proc,
                                                      redis: redis_lib.Redis) -> None:
    lt = LoadTest(LoadConfig(gateway=cuba_libre_gateway.endpoint, game="cuba_libre", tables=1,
                             games=1, seats=4, humans=2, mode="private", calibrate=False))
    rep = asyncio.run(lt.run())
    assert rep["games_finished"] == 1 and rep["errors_total"] == 0 and not rep["failures"]
    [tid] = lt.stats.tables_started
    meta = redis.hgetall(f"t:{{{tid}}}:meta")
    log = [json.loads(e) for e in redis.lrange(f"t:{{{tid}}}:log", 0, -1)]
    assert {e["by"] for e in log} == {"player", "bot"}
    choices = [(e["seat"], Choice(e["decision_id"], e.get("option_id"), e.get("amount")))
               for e in log]
    step = engine.replay(GAME, int(meta[b"seats"]), json.loads(meta[b"options"]),
                         int(meta[b"seed"]), choices)
    assert step.outcome is not None
    assert step.state == pb.GameState.FromString(redis.get(f"t:{{{tid}}}:state")).data
