"""Pending decisions are stored once per commit, in its commit marker (decision 0011): the
meta hash holds none, a seat change keeps only the deadlines it gives (per seat) until the
next commit, and the meta hash stays a compact ziplist."""

from __future__ import annotations

import random

import grpc
import pytest
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from gateway import keys
from gateway.errors import GatewayError
from gateway.markers import COMMITTED
from gateway.tables import next_pending

from ..support import random_choice


def _until_marker(client, tid: str, version: int) -> list[gw.TableEvent]:
    """A live table's events up to the commit marker of `version` (Watch, cut off)."""
    stream = client.Watch(gw.WatchRequest(table_id=tid))
    out = []
    for ev in stream:
        out.append(ev)
        if ev.event.kind == COMMITTED and ev.version == version:
            break
    stream.cancel()
    return out


def test_pending_decisions_live_in_the_last_commit_marker(new_client, redis):
    ann, bob = new_client("ann"), new_client("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True,
                                                 options={"rounds": "3"}))
    tid, meta = info.table_id, keys.table_meta(info.table_id)
    assert info.pending and all(p.deadline_unix_ms == 0 for p in info.pending)  # open
    assert not redis.hexists(meta, "pending")
    joined = bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    # The join starts the clocks: every decision of a person's seat is due a timeout from now,
    # kept per seat until the next commit; the creation's marker keeps its bytes.
    dls = {p.seat: p.deadline_unix_ms for p in joined.pending}
    assert all(d > 0 for d in dls.values()) and len(set(dls.values())) == 1
    given = [int(x) for x in redis.hget(meta, "deadlines").split(b",")]
    assert given == [dls.get(0, 0), dls.get(1, 0)]
    created = _until_marker(ann, tid, 0)[-1]
    assert [p.id for p in created.pending] == [p.id for p in joined.pending]
    assert all(p.deadline_unix_ms == 0 for p in created.pending)
    d = ann.GetView(gw.GetViewRequest(table_id=tid)).decisions[0]
    assert d.deadline_unix_ms == dls[0]
    act = ann.Act(gw.ActRequest(table_id=tid, choice=random_choice(d, random.Random(3))))
    assert not redis.hexists(meta, "deadlines") and not redis.hexists(meta, "pending")
    table = ann.GetTable(gw.GetTableRequest(table_id=tid))
    last = _until_marker(ann, tid, table.version)[-1]
    assert list(table.pending) == list(last.pending) == list(act.pending)
    kept = [p.deadline_unix_ms for p in act.pending if p.id == d.id]
    assert kept in ([], [dls[0]])  # a decision still pending keeps its deadline
    assert redis.object("encoding", meta) == b"ziplist"


def test_a_decision_offered_to_a_seat_not_at_the_table_is_the_rules_services_bug():
    """The contract: only a table's seats decide (a COIN Non-player's negative code never
    reaches the gateway). A transition that breaks it is refused as the rules service's
    internal error before anything is stored, not an IndexError."""
    ok = [pb.PendingDecision(id="d1", seat=1, kind="duel.stake")]
    assert next_pending([], ok, [False, True], "playing", 1000, 60_000) == [
        {"id": "d1", "seat": 1, "kind": "duel.stake", "opt": False, "dl": 1000}]
    for seat in (-4, 2):
        bad = [pb.PendingDecision(id="d2", seat=seat, kind="cl.cash_move", optional=True)]
        with pytest.raises(GatewayError) as e:
            next_pending([], bad, [False, True], "playing", 1000, 60_000)
        assert e.value.code == grpc.StatusCode.INTERNAL
