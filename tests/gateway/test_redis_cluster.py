"""The gateway on a real Redis Cluster (DESIGN §3 "Keys"): every atomic step stays in one
slot, so matchmaking, play, watch and replay work unchanged across three masters."""

from __future__ import annotations

import json
import random

import pytest
import redis as redis_lib
from tablero.v1 import gateway_pb2 as gw

from deploy.processes import start_gateway, start_redis_cluster, target

from ..conftest import FAST_ENV
from ..support import GatewayClient, play_to_end


@pytest.fixture(scope="module")
def cluster():
    nodes = start_redis_cluster()
    yield nodes
    for n in nodes:
        n.stop()


def test_a_game_is_matched_played_and_watched_on_redis_cluster(cluster, platform, log_dir):
    url = f"redis://{cluster[0].endpoint}/0"
    gateway = start_gateway(url, {"duel": target(platform.rules)}, log_dir=log_dir,
                            env={**FAST_ENV, "REDIS_CLUSTER": "1"})
    rc = redis_lib.RedisCluster.from_url(url)
    try:
        ann, bob = GatewayClient(gateway.endpoint), GatewayClient(gateway.endpoint)
        ann.login("ann")
        bob.login("bob")
        tickets = [c.Enqueue(gw.EnqueueRequest(game="duel", seats=2, options={"rounds": "1"}))
                   for c in (ann, bob)]
        got = [c.GetTicket(gw.GetTicketRequest(ticket_id=t.ticket_id, wait_ms=5000))
               for c, t in zip((ann, bob), tickets)]
        assert {g.status for g in got} == {gw.TICKET_STATUS_MATCHED}
        tid = got[0].table_id
        assert got[1].table_id == tid and {g.seat for g in got} == {0, 1}
        by_seat = {g.seat: c for g, c in zip(got, (ann, bob))}
        final = play_to_end([by_seat[0], by_seat[1]], tid, random.Random(1), idempotent=True)
        assert final.outcome.finished
        events = list(ann.Watch(gw.WatchRequest(table_id=tid)))
        assert events[-1].outcome.finished
        # The table's keys really are spread by hash tag: all in one slot, on one master.
        table_keys = [k for k in rc.scan_iter(match=f"t:{{{tid}}}:*")]
        assert len({rc.keyslot(k) for k in table_keys}) == 1
        log = [json.loads(e) for e in rc.lrange(f"t:{{{tid}}}:log", 0, -1)]
        assert len(log) == final.version
        ann.close()
        bob.close()
    finally:
        rc.close()
        gateway.stop()
