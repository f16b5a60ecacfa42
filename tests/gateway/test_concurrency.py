"""Optimistic concurrency (DESIGN §3 "Tables"): CAS per version, retries, idempotency keys."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from deploy.processes import start_gateway, target

from ..conftest import FAST_ENV
from ..support import GatewayClient, random_choice


def _two_player_table(new_client, rounds: str = "3"):
    ann, bob = new_client("ann"), new_client("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True,
                                                 options={"rounds": rounds}))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    return ann, bob, info.table_id


def _advance_to_sealed_play(clients, tid):
    rng = random.Random(3)
    for _ in range(20):
        views = [c.GetView(gw.GetViewRequest(table_id=tid)) for c in clients]
        kinds = {d.kind for v in views for d in v.decisions}
        if kinds == {"duel.play_card"} and all(v.decisions for v in views):
            return views
        for c, v in zip(clients, views):
            for d in v.decisions:
                c.Act(gw.ActRequest(table_id=tid, choice=random_choice(d, rng)))
    raise AssertionError("never reached the sealed play")


def test_simultaneous_sealed_choices_both_commit_one_version_each(new_client, redis):
    ann, bob, tid = _two_player_table(new_client)
    views = _advance_to_sealed_play([ann, bob], tid)
    before = views[0].version
    rng = random.Random(5)
    choices = [random_choice(v.decisions[0], rng) for v in views]
    with ThreadPoolExecutor(2) as ex:
        res = list(ex.map(lambda cc: cc[0].Act(gw.ActRequest(table_id=tid, choice=cc[1])),
                          zip([ann, bob], choices)))
    assert sorted(r.version for r in res) == [before + 1, before + 2]
    assert int(redis.hget(f"t:{{{tid}}}:meta", "version")) == before + 2
    assert redis.llen(f"t:{{{tid}}}:log") == before + 2


def test_the_same_decision_twice_at_once_commits_once(new_client, redis):
    ann, bob, tid = _two_player_table(new_client)
    v = ann.GetView(gw.GetViewRequest(table_id=tid))
    d = v.decisions[0]
    assert d.kind == "duel.stake"
    reqs = [gw.ActRequest(table_id=tid, choice=pb.Choice(decision_id=d.id, amount=a),
                          idempotency_key=f"k{a}") for a in (1, 2)]
    outcomes = []

    def send(req):
        try:
            return ann.Act(req).version
        except grpc.RpcError as e:
            return e.code()

    with ThreadPoolExecutor(2) as ex:
        outcomes = list(ex.map(send, reqs))
    assert outcomes.count(v.version + 1) == 1
    assert grpc.StatusCode.FAILED_PRECONDITION in outcomes
    assert redis.llen(f"t:{{{tid}}}:log") == v.version + 1


def test_an_idempotent_retry_applies_once_and_returns_the_first_result(new_client, redis):
    ann, bob, tid = _two_player_table(new_client)
    v = ann.GetView(gw.GetViewRequest(table_id=tid))
    req = gw.ActRequest(table_id=tid, idempotency_key="retry-1",
                        choice=pb.Choice(decision_id=v.decisions[0].id, amount=2))
    first = ann.Act(req)
    second = ann.Act(req)
    assert not first.duplicate and second.duplicate
    assert second.version == first.version == v.version + 1
    assert [e.event_id for e in second.events] == [e.event_id for e in first.events]
    assert redis.llen(f"t:{{{tid}}}:log") == v.version + 1


def test_expected_version_mismatch_is_aborted_and_changes_nothing(new_client, redis):
    ann, bob, tid = _two_player_table(new_client)
    v = ann.GetView(gw.GetViewRequest(table_id=tid))
    with pytest.raises(grpc.RpcError) as e:
        ann.Act(gw.ActRequest(table_id=tid, expected_version=v.version + 7,
                              choice=pb.Choice(decision_id=v.decisions[0].id, amount=1)))
    assert e.value.code() == grpc.StatusCode.ABORTED
    assert int(redis.hget(f"t:{{{tid}}}:meta", "version")) == v.version


def test_an_idempotent_retry_through_another_gateway_applies_once(new_client, platform, redis,
                                                                   log_dir):
    """The retry reaches a gateway that has never seen the token (its session check and
    the idempotency lookup then take separate round trips): still one commit."""
    ann, bob, tid = _two_player_table(new_client)
    v = ann.GetView(gw.GetViewRequest(table_id=tid))
    req = gw.ActRequest(table_id=tid, idempotency_key="elsewhere",
                        choice=pb.Choice(decision_id=v.decisions[0].id, amount=1))
    first = ann.Act(req)
    other = start_gateway(platform.redis_url, {"duel": target(platform.rules)},
                          log_dir=log_dir, env=FAST_ENV)
    try:
        again = GatewayClient(other.endpoint)
        again.token = ann.token
        second = again.Act(req)
        again.channel.close()
    finally:
        other.stop()
    assert second.duplicate and second.version == first.version == v.version + 1
    assert [e.event_id for e in second.events] == [e.event_id for e in first.events]
    assert redis.llen(f"t:{{{tid}}}:log") == v.version + 1


def test_acting_goes_on_after_redis_forgets_the_gateway_scripts(new_client, redis):
    """A restarted or replaced Redis has no scripts: the next Act loads them (NOSCRIPT)."""
    ann, bob, tid = _two_player_table(new_client)
    v = ann.GetView(gw.GetViewRequest(table_id=tid))
    redis.script_flush()
    r = ann.Act(gw.ActRequest(table_id=tid, choice=pb.Choice(decision_id=v.decisions[0].id,
                                                             amount=1)))
    assert r.version == v.version + 1
    assert int(redis.hget(f"t:{{{tid}}}:meta", "version")) == v.version + 1
