"""Every shipped game, end to end: people and bots play a whole game through the gateway,
each seat sees only its own decisions, and the stored choice log replays to the stored state."""

from __future__ import annotations

import importlib
import json
import random
import time

import pytest
from tablero.v1 import gateway_pb2 as gw

from deploy.local import shipped_games
from deploy.processes import start_gateway, start_rules
from gateway import stored_state
from services.kernel import engine
from services.kernel.decisions import Choice

from ..support import GatewayClient, random_choice, stored_game_state

GAMES = {g: m for g, m in shipped_games().items() if g != "duel"}


@pytest.mark.parametrize("game", sorted(GAMES) or [pytest.param("none", marks=pytest.mark.skip(
    reason="no game is shipped yet"))])
def test_people_and_bots_play_a_whole_game_through_the_gateway(game, platform, redis, log_dir):
    module = GAMES[game]
    rules = start_rules(module, game, log_dir=log_dir)
    gateway = start_gateway(platform.redis_url, {game: f"ipv4:{rules.endpoint}"},
                            log_dir=log_dir)
    try:
        info_game = GatewayClient(gateway.endpoint)
        info_game.login("host")
        info = info_game.DescribeGame(gw.DescribeGameRequest(game=game))
        seats = max(info.min_seats, min(4, info.max_seats))
        people = [info_game] + [GatewayClient(gateway.endpoint) for _ in range(1)]
        for i, c in enumerate(people[1:], 1):
            c.login(f"p{i}")
        bot_seats = list(range(len(people), seats))
        table = info_game.CreateTable(gw.CreateTableRequest(
            game=game, seats=seats, bot_seats=bot_seats, join=True))
        for c in people[1:]:
            c.JoinTable(gw.JoinTableRequest(invite_code=table.invite_code))
        tid = table.table_id
        rng = random.Random(11)
        deadline = time.time() + 600
        finished = False
        while not finished and time.time() < deadline:
            acted = False
            for seat, c in enumerate(people):
                sv = c.GetView(gw.GetViewRequest(table_id=tid))
                assert all(d.seat == seat for d in sv.decisions)
                if sv.outcome.finished:
                    finished = True
                    break
                for d in [d for d in sv.decisions if not d.optional][:1]:
                    c.Act(gw.ActRequest(table_id=tid, choice=random_choice(d, rng)))
                    acted = True
            if not acted and not finished:
                time.sleep(0.01)
        assert finished, f"{game} did not finish"
        meta = redis.hgetall(f"t:{{{tid}}}:meta")
        # Bot seats play the strongest policy the game offers.
        expected = "heuristic" if "heuristic" in info.bot_policies else "random"
        assert meta[b"bot_policy"].decode() == expected
        log = [json.loads(e) for e in redis.lrange(f"t:{{{tid}}}:log", 0, -1)]
        assert {e["by"] for e in log} >= {"player", "bot"}
        choices = [(e["seat"], Choice(e["decision_id"], e.get("option_id"), e.get("amount")))
                   for e in log]
        game_def = importlib.import_module(module).GAME
        step = engine.replay(game_def, int(meta[b"seats"]), json.loads(meta[b"options"]),
                             int(meta[b"seed"]), choices)
        assert step.state == stored_game_state(redis, tid).data
        # Stored deflated when large (decision 0014): every shipped game's state is.
        raw = redis.get(f"t:{{{tid}}}:state")
        assert raw[:1] == stored_state.MARK and len(raw) < len(stored_state.unpack(raw))
        for c in people:
            c.close()
    finally:
        gateway.stop()
        rules.stop()
