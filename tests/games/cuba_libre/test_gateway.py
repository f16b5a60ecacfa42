"""Cuba Libre through a real gateway and a real rules service (Redis from the test platform):
a whole game played by the load tester — two people and two kernel bots at one table — and
checked against the choice log Redis kept (it replays to the stored state)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis as redis_lib

from deploy.processes import Proc
from services.cuba_libre import GAME

from ...support import Platform, game_gateway, load_tester_game_replays


@pytest.fixture(scope="module")
def cuba_libre_gateway(platform: Platform) -> Iterator[Proc]:
    with game_gateway(platform.redis_url, "cuba_libre",
                      env={"TABLERO_RATE_PER_S": "5000", "TABLERO_RATE_BURST": "10000"}) as g:
        yield g


def test_the_load_tester_plays_a_whole_game_with_bots(cuba_libre_gateway: Proc,
                                                      redis: redis_lib.Redis) -> None:
    load_tester_game_replays(cuba_libre_gateway.endpoint, redis, "cuba_libre", GAME)
