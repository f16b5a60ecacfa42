"""A gateway leaves alone the tables of a game it does not route (a rolling deploy adding a
game: old gateways share Redis with new ones). Before, its clock sweep took such a table,
failed to reach a rules service for it and backed its deadline off by 5 s, stalling the
bots of a table another gateway could play (seen as Junta and Cuba Libre games through the
gateway taking minutes in `make test`, where the Duel gateway shares their Redis)."""

from __future__ import annotations

import time

import redis as redis_lib
from tablero.v1 import gateway_pb2 as gw

from deploy.processes import start_gateway, start_redis, start_rules, target
from gateway import keys

from ..conftest import FAST_ENV


def test_a_due_table_of_a_game_this_gateway_does_not_route_keeps_its_deadline(
        duel_replicas, new_client, log_dir):
    store = start_redis()
    url = f"redis://{store.endpoint}/0"
    duel = start_gateway(url, {"duel": target(duel_replicas)}, log_dir=log_dir, env=FAST_ENV)
    junta_rules = start_rules("services.junta", "junta", log_dir=log_dir)
    junta_only = None
    r = redis_lib.Redis.from_url(url)
    try:
        ann = new_client("ann", duel.endpoint)
        tid = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, bot_seats=[1],
                                                    join=True)).table_id
        duel.stop()  # only a gateway without Duel's route is left to sweep the clock
        junta_only = start_gateway(url, {"junta": f"ipv4:{junta_rules.endpoint}"},
                                   log_dir=log_dir, env=FAST_ENV)
        r.zadd(keys.DEADLINES, {tid: 1})  # due since long ago
        version = r.hget(keys.table_meta(tid), "version")
        for _ in range(30):  # 3 s: thirty sweeps of the clock (every 0.1 s)
            time.sleep(0.1)
            assert r.zscore(keys.DEADLINES, tid) == 1  # neither backed off nor played
        assert r.hget(keys.table_meta(tid), "version") == version
    finally:
        r.close()
        for p in (junta_only, junta_rules, store):
            if p is not None:
                p.stop()
